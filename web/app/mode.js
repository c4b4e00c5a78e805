// The mode interface (docs/web.md, "Modes"): what every mode of play answers, so that the
// modules every mode shares (the table, the chrome, the dialogs, focus, the controller's
// games, moves and bots) ask the mode of the table and never test which mode it is in.
// A mode is made once, from options, in its own folder (normal/, daily/, friends/,
// replay/, review/, puzzles/); modes.js lists them. Pure: no DOM, no storage.
//
//   const mode = modeOf(state);   // modes.js
//   mode.name                     // "normal", "daily", "practice", "puzzle", "friend", "replay", "review"
//   mode.is(state)                // is the table's game of this mode (read off the mode's own slice)?
//   mode.origin                   // provenance written on a game dealt here in this mode, or null
//   mode.takesMoves               // may a card be placed, a bot move, Undo run now?
//   mode.undoRefused              // null, or the sentence that says why Undo is refused
//   mode.hints                    // may the Hint be offered?
//   mode.rated                    // may a finished game dealt here in this mode count for the rating?
//   mode.keptByTable              // does control/saves.js keep it (a friend game keeps itself)?
//   mode.plays                    // who plays a move: "engine", or the controller part that does ("friends")
//   mode.endedBy                  // the controller part told when its game ends ("daily": the par), or null
//   mode.endBox                   // the box above the end screen's scores: "daily", "puzzle" (the verdict) or null
//   mode.showsEnd                 // a finished game shows its end screen (not in the replay viewer)
//   mode.pageClass                // a class on <body> while the mode is on the table, or null
//   mode.boardAlways              // the board's part draws it even off the table (the friend panel)
//   mode.playsHere(state, seat)   // is `seat` played on this device (a person's seat)?
//   mode.mine(state, seat)        // is `seat` "you" in the words of the table?
//   mode.botsHere(state)          // do the bots of this game move on this device?
//   mode.slices                   // the state fields the mode owns, cleared when another game takes the table
//   mode.kept(state)              // the mode's own fields written with the table's save, e.g. {daily: {...}}
//   mode.fromSave(entry)          // those fields read back (checked) from a save entry, or {}
//   mode.linkToSend(state)        // the link this device has to send now ({url}), or null
//   mode.you(state)               // the seat the announcements call "You", or null (every seat by name)
//   mode.ending(state)            // what the end screen's buttons follow: {daily} (Practice this deal) or {shared}
//   mode.rematchBy                // the controller part that deals its Rematch: "games" or "friends"
//                                 // (the parts by name: control/mode-parts.js, filled in by controller.js)
//   mode.shown(state)             // the view the table shows (the replay viewer's, else the game's)
//   mode.banner(state, view)      // the turn banner's words when the mode has its own, else null
//   mode.label(state)             // words before the round on the status line: "Daily #3 · "
//   mode.game                     // the game's own mode, seen through a replay or review

import { isBot } from "./words.js";

const anySeat = () => true;
/** The seat is "you" when one person plays at this table and it is theirs. */
const onlyPerson = (s, seat) => {
  const seats = s.view?.seats || [];
  return seats.filter((x) => !isBot(x.controller)).length === 1 && !isBot(seats[seat]?.controller ?? "bot");
};

/** What a mode answers unless its options say otherwise: a normal game's answers. */
export const GAME_DEFAULTS = Object.freeze({
  name: "normal", origin: "normal", is: () => true, takesMoves: true, undoRefused: null, hints: true,
  rated: true, keptByTable: true, plays: "engine", endedBy: null, endBox: null, showsEnd: true, pageClass: null,
  boardAlways: false, playsHere: anySeat, mine: onlyPerson, botsHere: () => true,
  slices: [], kept: () => ({}), fromSave: () => ({}), linkToSend: () => null, you: () => null, ending: (s) => ({ shared: s.shared }), rematchBy: "games",
  shown: (s) => s.view, banner: () => null, label: () => "",
});

/** A mode of a game, made from `options` (any field of the interface): its `game` is itself. */
export function gameMode(options) {
  const mode = { ...GAME_DEFAULTS, ...options };
  mode.game = mode;
  return Object.freeze(mode);
}

/**
 * A way of looking back at a game (the replay viewer, the review), made from `options`
 * (`name`, `is`, and any answer it gives itself): `of(inner)` is the look at the table in
 * mode `inner` (a game's, or another look's: the review over the replay viewer), which takes
 * no moves (no card, no bot, no Undo) and answers everything else as `inner` does.
 */
export function lookingBack(options) {
  const seen = new Map();
  const of = (inner) => {
    if (!seen.has(inner)) seen.set(inner, Object.freeze({ ...inner, takesMoves: false, ...options, game: inner.game }));
    return seen.get(inner);
  };
  return Object.freeze({ name: options.name, is: options.is, of });
}

/** The provenances a game may carry (docs/web.md, "Provenance"): how it came to this device. */
export const ORIGINS = ["normal", "daily", "practice", "puzzle", "friend", "link", "import", "replay", "unknown"];

/** Why a game that came as `origin` does not count for the rating, in words (by origin). */
const UNRATED = {
  link: "a game opened from a link does not count",
  import: "an imported game does not count",
  replay: "a game opened in the replay viewer does not count",
  unknown: "a game saved before this device kept where its games came from does not count",
};

/**
 * May the finished game on the table count for the rating? null if it may: its mode is a
 * rated one and it was dealt here in that very mode (`origin`); else the words that say why
 * not, e.g. "a game opened from a link does not count". (One person against rated levels,
 * with no move taken back, is rating/'s own rule.)
 */
export function unratedWhy(mode, origin) {
  if (mode.rated && origin === mode.origin) return null;
  return UNRATED[origin] ?? "a game of this kind does not count";
}
