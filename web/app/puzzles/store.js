// The player's puzzle rating and history, kept on the device (localStorage
// "destijl.puzzles"; docs/puzzles.md). Glicko-2 (rating/glicko.js), the same scale as the
// bot levels and the puzzles: only a puzzle's first attempt counts, and a retry or a look at
// the solution before solving it counts as a miss.

import { START, update } from "../rating/glicko.js";

const KEY = "destijl.puzzles";
const HISTORY = 200;

const fresh = () => ({ ...START, done: {}, history: [], bestStreak: 0 });

/** The saved puzzle record of this device (a fresh one if none or unreadable). */
export function loadPuzzles(storage = globalThis.localStorage) {
  try {
    const data = JSON.parse(storage?.getItem(KEY) || "null");
    if (data && Number.isFinite(data.rating) && Number.isFinite(data.rd) && data.done) return { ...fresh(), ...data };
  } catch {
    // storage blocked or a damaged entry: start afresh (nothing else is lost)
  }
  return fresh();
}

export function savePuzzles(kept, storage = globalThis.localStorage) {
  try {
    storage?.setItem(KEY, JSON.stringify(kept));
    return true;
  } catch {
    return false;
  }
}

/**
 * `kept` after the first attempt at `puzzle` (solved or not); unchanged if the puzzle was
 * tried before. `when`: an ISO date for the history.
 */
export function recordAttempt(kept, puzzle, solved, when) {
  if (kept.done[puzzle.id] !== undefined) return kept;
  const after = update(kept, [{ rating: puzzle.rating, rd: puzzle.rd, score: solved ? 1 : 0 }]);
  const entry = { id: puzzle.id, solved, before: Math.round(kept.rating), after: Math.round(after.rating), when };
  return {
    ...kept, ...after, done: { ...kept.done, [puzzle.id]: solved ? 1 : 0 },
    history: [...kept.history, entry].slice(-HISTORY),
  };
}
