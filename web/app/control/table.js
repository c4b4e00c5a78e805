// The game on the table's generation: a counter bumped whenever the game changes (a new
// game, Undo, the replay viewer, a new screen), so the bots' loop and late engine answers
// begun for an earlier game stop instead of acting on this one.

import * as T from "../transitions.js";

/**
 * @param {{up: Function}} deps the store's update
 * @returns {{now: () => number, cancel: () => number, stale: (g: number) => boolean, replaced: () => void}}
 *   `now()` the current generation; `cancel()` starts a new one; `stale(g)` says whether work
 *   begun in generation `g` was overtaken; `replaced()`: another game takes the table.
 */
export function createTable({ up }) {
  let generation = 0;
  const cancel = () => ++generation;
  return {
    now: () => generation,
    cancel,
    stale: (g) => g !== generation,
    /** Another game takes the table, come to this device as `origin` (its provenance,
     * mode.js ORIGINS; "unknown" counts for nothing): cancel the old one's work, forget what it was. */
    replaced(origin = "unknown") {
      cancel();
      up(T.gameReplaced, origin);
    },
  };
}
