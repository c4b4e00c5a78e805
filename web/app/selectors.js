// Selectors: facts read off the state and the engine's view (no rule is decided here).

import { isBot } from "./words.js";

/** What the table shows: the replay viewer's view, else the game's. */
export function shownView(s) {
  return s.replay || s.view;
}

/** Is it a human's turn in the game being played (not in a replay)? */
export function humanTurn(s) {
  const v = s.view;
  return !!(v && !v.is_over && !s.replay && v.current_seat !== null
    && !isBot(v.seats[v.current_seat].controller));
}

/**
 * The seat a click on Undo takes back, or null: the one the engine allows (`undo_seats`
 * holds at most one seat, the latest human placement's; docs/rules.md, "Undo").
 */
export function undoSeat(v) {
  return v?.undo_seats?.length ? v.undo_seats[0] : null;
}
