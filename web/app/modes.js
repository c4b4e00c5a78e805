// The game's modes (docs/web.md, "Modes"): a normal game, Today's Painting (scored, or a
// practice of it) and a friend game. Each answers the same questions, so the shared modules
// (the controller's games, the view's table, buttons and hint) ask the mode of the game on
// the table instead of testing "is this a friend game" or "is this a scored daily". The
// replay viewer (state.replay) shows any mode's game and takes no input; it is a view, not
// a mode. Pure: no DOM, no storage.
//
//   const mode = modeOf(state);   // e.g. mode.name === "friend"
//   mode.undoRefused              // null, or the sentence that says why Undo is refused
//   mode.hints                    // may the Hint be offered?
//   mode.rated                    // may a finished game count for the player's rating?
//   mode.keptByTable              // does control/saves.js keep it (a friend game keeps itself)?
//   mode.playsHere(state, seat)   // is `seat` played on this device (a person's seat)?

import { NO_UNDO } from "./words.js";

const anySeat = () => true;

const NORMAL = Object.freeze({
  name: "normal", undoRefused: null, hints: true, rated: true, keptByTable: true, playsHere: anySeat,
});
const DAILY = Object.freeze({ // one honest attempt a day: no Undo (docs/daily.md)
  name: "daily", undoRefused: NO_UNDO, hints: true, rated: true, keptByTable: true, playsHere: anySeat,
});
const PRACTICE = Object.freeze({ ...DAILY, name: "practice", undoRefused: null });
const FRIEND = Object.freeze({ // the other people play without a Hint, each on their device
  name: "friend", undoRefused: null, hints: false, rated: false, keptByTable: false,
  playsHere: (s, seat) => s.friend.seat === seat,
});

/** The mode of the game on the table (a normal game when there is none). */
export function modeOf(s) {
  if (s.friend) return FRIEND;
  if (s.daily) return s.daily.practice ? PRACTICE : DAILY;
  return NORMAL;
}
