// The puzzle mode (docs/puzzles.md, docs/web.md "Modes"): one placement to find for one
// seat, judged by the engine (puzzle_answer). No Undo and no Hint, never rated as a game (the
// puzzle rating is puzzles/store.js's own), kept by puzzles/store.js rather than the table's
// saves, ended by the first placement's verdict. Its slice is the puzzle screen's state
// `{puzzle, view, kind, looked, verdict}` (puzzles/app.js). Pure: no DOM, no storage.

import { gameMode } from "../mode.js";
import { colorsText } from "../words.js";

/** Why Undo is refused in a puzzle, in words. */
export const PUZZLE_NO_UNDO = "No Undo in a puzzle: the first placement is the answer. Retry shows it again, as a miss.";

/** "You play Hard 2 (red and blue), round 3 of 6.": whose seat the puzzle gives you. */
function banner(s, view = s.view) {
  const who = view.seats[s.puzzle.seat];
  return `You play ${who.name} (${colorsText(who.colors)}), round ${view.round} of ${view.rounds}.`;
}

/** Only the puzzle's seat is played, here, and it is "you". */
const theSeat = (s, seat) => seat === s.puzzle?.seat;

export const PUZZLE = gameMode({
  name: "puzzle", origin: "puzzle", is: (s) => !!s.puzzle && !!s.view, takesMoves: true,
  undoRefused: PUZZLE_NO_UNDO, hints: false, rated: false, keptByTable: false, endBox: "puzzle",
  playsHere: theSeat, mine: theSeat, botsHere: () => false, you: (s) => s.puzzle?.seat ?? null,
  slices: ["puzzle"], banner, label: (s) => `Puzzle ${s.puzzle.id} · `,
  ending: (s) => ({ puzzle: s.puzzle, verdict: s.verdict ?? null }),
});

/** The slice of a puzzle started as `kind` ("free", "day" or "streak") on its `view`. */
export function started(puzzle, view, kind) {
  return { puzzle, view, kind, looked: false, held: null, verdict: null };
}

/**
 * How a puzzle ends: the engine's `correct` for the placement, after a look at the solution
 * or a retry (`looked`) or not. `solved` only for a right first placement; the mode takes no
 * move after it (`over`), and `origin` is the provenance "puzzle", never a rated game's.
 */
export function judged(slice, correct, looked = false) {
  const seen = slice.looked || looked;
  const verdict = { correct, solved: correct && !seen, over: true, origin: PUZZLE.origin };
  return { ...slice, looked: seen, verdict };
}

/** May a placement be made now: a puzzle on show and not yet answered. */
export const takesPlacement = (slice) => PUZZLE.is(slice) && !slice.verdict;
