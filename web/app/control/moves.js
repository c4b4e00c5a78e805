// A move, in the mode of the game on the table: played by the engine (a friend game's by
// the friend engine, which adds the reveals and keeps the game itself), then shown: the new
// view, the card's animation and announcement, the save, the rating and Today's Painting's
// result when it ends (the mode's `endedBy` part, e.g. daily/play.js). The bots (bots.js), the
// person's placements (games.js) and a queued first move (opening/) all go through here.

import * as T from "../transitions.js";
import { unratedWhy } from "../mode.js";
import { modeOf } from "../modes.js";
import { movedText, underCard } from "./narration.js";

/**
 * @param deps `engine`, the store's `get`/`up`, and what a move updates: `saves` (the table's
 *   save), `rating`, and `modeParts` (control/mode-parts.js: the part of the mode's `plays`
 *   that is not the engine plays its moves, `play(record, move)`; the part of its `endedBy`
 *   is told when its game ends, `ended()`).
 * @returns {{play: (record, move) => Promise<object>, moved: (before, view) => void}}
 */
export function createMoves({ engine, get, up, saves, rating, modeParts }) {
  /** Ask the engine to play `move` on `record` in the table's mode (its `plays`: the engine,
   * or the part of that name, e.g. "friends"); resolves to the new view. */
  function play(record, move) {
    const plays = modeOf(get()).plays;
    return plays === "engine" ? engine.call("play", { record, move }) : modeParts.of(plays).play(record, move);
  }

  /** The engine accepted a move: show the new view, animate the card, announce it, save. */
  function moved(before, view) {
    const move = view.last_move;
    const fresh = { ...move, ply: view.ply, under: underCard(before, move) };
    const mode = modeOf(get());
    if (view.is_over && mode.rated) rating.ended(view, unratedWhy(mode, get().origin)); // first: the end screen shows it
    up(T.viewChanged, view, { fresh, announcement: movedText(before, view, modeOf(get()).you(get())) });
    if (modeOf(get()).keptByTable) saves.save(view); // a friend game is kept by friends/control.js
    if (view.is_over && mode.endedBy) modeParts.of(mode.endedBy).ended(); // e.g. the daily's par
  }

  return { play, moved };
}
