// Selectors: facts read off the state and the engine's view (no rule is decided here).

import { modeOf } from "./modes.js";
import { isBot } from "./words.js";

/** What the table shows: the mode's (the replay viewer's view, else the game's). */
export function shownView(s) {
  return modeOf(s).shown(s);
}

/** Does the table show another position than the game's (the replay viewer's)? */
export function showsPast(s) {
  return shownView(s) !== s.view;
}

/** Is it a human's turn in the game being played (not in a replay or review)? */
export function humanTurn(s) {
  const v = s.view;
  return !!(v && !v.is_over && modeOf(s).takesMoves && v.current_seat !== null
    && !isBot(v.seats[v.current_seat].controller)
    && modeOf(s).playsHere(s, v.current_seat)); // a friend game: only this device's seat
}

/** Who is to move in the game being played: "human", "bot", or "none" (over, replay, no game). */
export function toMove(s) {
  const v = s.view;
  if (!v || v.is_over || !modeOf(s).takesMoves || v.current_seat === null || s.screen !== "table") return "none";
  if (isBot(v.seats[v.current_seat].controller)) return "bot";
  return modeOf(s).playsHere(s, v.current_seat) ? "human" : "none"; // a friend plays elsewhere
}

/**
 * What the page is doing: "start" (the start screen), "playing" (a game in progress that
 * takes input), "placing" (a human's move is on its way to the engine), "replay" or "over".
 */
export function phaseOf(s) {
  if (s.screen !== "table" || !s.view) return "start";
  if (!modeOf(s).showsEnd) return "replay"; // the replay viewer: the end waits until it closes
  if (s.view.is_over) return "over";
  return s.busy ? "placing" : "playing";
}

/**
 * The seat a click on Undo takes back, or null: the one the engine allows (`undo_seats`
 * holds at most one seat, the latest human placement's; docs/rules.md, "Undo").
 */
export function undoSeat(v) {
  return v?.undo_seats?.length ? v.undo_seats[0] : null;
}

const MARGIN = 2; // cells of table shown round the Painting when fitting: a spot's reach beyond it
const MIN_FIT = 9; // a fitted view is at least this many cells across its longer side

/**
 * The viewBox that shows the whole Painting with room round it to place a card, in the
 * shape of the element that shows it (`aspect`: its width / height), so the Painting fills
 * the space it has: the shorter side is widened to the element's shape, never the scale
 * shrunk for it (a square box in a wide phone's Painting drew the cells a third smaller).
 */
export function fitBox(bounds, margin = MARGIN, aspect = 1) {
  const [x0, y0, x1, y1] = bounds || [0, 0, 2, 2];
  let w = x1 - x0 + 1 + 2 * margin;
  let h = y1 - y0 + 1 + 2 * margin;
  const shape = aspect > 0 && Number.isFinite(aspect) ? aspect : 1;
  if (w / h < shape) w = h * shape;
  else h = w / shape;
  const k = Math.max(1, MIN_FIT / Math.max(w, h));
  w *= k;
  h *= k;
  return { x: (x0 + x1 + 1) / 2 - w / 2, y: (y0 + y1 + 1) / 2 - h / 2, w, h };
}

/** The first of `cells` ([x, y, ...]) in reading order (top row, leftmost), or undefined. */
export function topLeft(cells) {
  return [...cells].sort((a, b) => a[1] - b[1] || a[0] - b[0])[0];
}

/** The first cell of the Painting (top row, leftmost), where exploring starts. */
export function firstCell(view) {
  const [x, y] = topLeft(view.painting) || [0, 0];
  return [x, y];
}
