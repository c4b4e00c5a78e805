// The modes of play (docs/web.md, "Modes"), each made in its own folder from the interface
// of mode.js. A new mode is a new folder and one entry in the lists below.
//
//   const mode = modeOf(state);   // the table's mode; mode.game: the game's own one

import { NORMAL } from "./normal/mode.js";
import { DAILY, PRACTICE } from "./daily/mode.js";
import { FRIEND } from "./friends/mode.js";
import { REPLAY } from "./replay/mode.js";
import { REVIEW } from "./review/mode.js";
import { PUZZLE } from "./puzzles/mode.js";

/** The games' modes, the first whose `is(state)` holds is the game's; the last is the default. */
export const GAME_MODES = [PUZZLE, FRIEND, DAILY, PRACTICE, NORMAL];
/** The ways of looking back at a game, innermost first: the review may be open over the replay. */
export const LOOKS = [REPLAY, REVIEW];

/** The classes modes put on <body> (render/chrome.js sets the table's and drops the others). */
export const PAGE_CLASSES = [...new Set([...GAME_MODES, ...LOOKS.map((l) => l.of(NORMAL))]
  .map((m) => m.pageClass).filter(Boolean))];

/** The mode of the game itself (a normal game when there is none), whatever is on show. */
export function gameModeOf(s) {
  return GAME_MODES.find((m) => m.is(s)) ?? NORMAL;
}

/** The fields the game modes keep with a save (`mode.fromSave`), read back from save `entry`, checked. */
export function keptFields(entry) {
  return Object.assign({}, ...GAME_MODES.map((m) => m.fromSave(entry)));
}

/** The state fields every game mode owns (`mode.slices`): cleared when another game takes the table. */
export const SLICES = [...new Set(GAME_MODES.flatMap((m) => m.slices))];

/** The mode of the table: the review or the replay of its game if open, else the game's. */
export function modeOf(s) {
  let mode = gameModeOf(s);
  for (const look of LOOKS) if (look.is(s)) mode = look.of(mode);
  return mode;
}
