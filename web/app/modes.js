// The game's modes (docs/web.md, "Modes"): a normal game, Today's Painting (scored, or a
// practice of it), a friend game, and the two ways of looking back at any of them: the
// replay viewer (state.replay) and the review (the dialog of kind "review"). Each answers
// the same questions, so the shared modules (the controller's games, moves and bots, the
// view's table, buttons and hint) ask the mode of the table instead of testing "is this a
// friend game", "is this a scored daily" or "is the replay open". Pure: no DOM, no storage.
//
//   const mode = modeOf(state);   // e.g. mode.name === "friend"
//   mode.takesMoves               // may a card be placed, a bot move, Undo run now?
//   mode.undoRefused              // null, or the sentence that says why Undo is refused
//   mode.hints                    // may the Hint be offered?
//   mode.rated                    // may a finished game count for the player's rating?
//   mode.keptByTable              // does control/saves.js keep it (a friend game keeps itself)?
//   mode.plays                    // who plays a move: "engine", or "friend" (the friend engine)
//   mode.endBox                   // the box above the end screen's scores: "daily" or null
//   mode.playsHere(state, seat)   // is `seat` played on this device (a person's seat)?
//   mode.game                     // the game's own mode, seen through a replay or review

import { NO_UNDO } from "./words.js";

const anySeat = () => true;

/** A game's mode: `fields`, and `game`, itself. */
function gameOf(fields) {
  const mode = { ...fields };
  mode.game = mode;
  return Object.freeze(mode);
}

const BASE = {
  name: "normal", takesMoves: true, undoRefused: null, hints: true, rated: true, keptByTable: true,
  plays: "engine", endBox: null, playsHere: anySeat,
};
const NORMAL = gameOf(BASE);
// one honest attempt a day: no Undo (docs/daily.md)
const DAILY = gameOf({ ...BASE, name: "daily", undoRefused: NO_UNDO, endBox: "daily" });
const PRACTICE = gameOf({ ...BASE, name: "practice", endBox: "daily" });
// the other people play without a Hint, each on their device
const FRIEND = gameOf({ ...BASE, name: "friend", hints: false, rated: false, keptByTable: false, plays: "friend",
  playsHere: (s, seat) => s.friend.seat === seat });

/** Looking back at a game of mode `game` (`name` "replay" or "review"): it takes no moves
 * (no card, no bot, no Undo); everything else is the game's. */
const lookingBack = (name, game) => Object.freeze({ ...game, name, takesMoves: false, game });
const REPLAY = new Map([NORMAL, DAILY, PRACTICE, FRIEND].map((m) => [m, lookingBack("replay", m)]));
const REVIEW = new Map([NORMAL, DAILY, PRACTICE, FRIEND].map((m) => [m, lookingBack("review", m)]));

/** The mode of the game itself (a normal game when there is none), whatever is on show. */
function gameMode(s) {
  if (s.friend) return FRIEND;
  if (s.daily) return s.daily.practice ? PRACTICE : DAILY;
  return NORMAL;
}

/** The mode of the table: the review or the replay of its game if open, else the game's. */
export function modeOf(s) {
  const game = gameMode(s);
  if (s.dialog?.kind === "review") return REVIEW.get(game);
  if (s.replay) return REPLAY.get(game);
  return game;
}
