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

/** The seat a click on Undo takes back: a human seat the engine allows, latest mover first. */
export function undoSeat(v) {
  if (!v || !v.undo_seats) return null;
  const humans = v.undo_seats.filter((i) => !isBot(v.seats[i].controller));
  if (!humans.length) return null;
  const moves = v.record.moves || [];
  for (let i = moves.length - 1; i >= 0; i--) if (humans.includes(moves[i].seat)) return moves[i].seat;
  return humans[0];
}
