// Dates for Today's Painting (docs/daily.md): the day is the player's local calendar date,
// "YYYY-MM-DD", read from the browser's clock. Date arithmetic is done on UTC midnights,
// so a daylight-saving change never makes a day 23 or 25 hours long here.

/** The local calendar date of `now`, e.g. "2026-12-01". */
export function localDate(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function utc(date) {
  const [y, m, d] = date.split("-").map(Number);
  return Date.UTC(y, m - 1, d);
}

/** `date` moved by `days` (negative: back), e.g. addDays("2026-12-31", 1) = "2027-01-01". */
export function addDays(date, days) {
  return new Date(utc(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from, to) {
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
  "September", "October", "November", "December"];

/**
 * "Tuesday 1 December 2026" (or "1 December 2026"): the same words in every browser. Not
 * Intl.DateTimeFormat: its first use loads the time-zone data, a 30-100 ms task on the
 * start screen (Lighthouse's blocking time).
 */
export function dateLabel(date, { weekday = true } = {}) {
  const day = new Date(utc(date));
  const words = [day.getUTCDate(), MONTHS[day.getUTCMonth()], day.getUTCFullYear()];
  return (weekday ? [WEEKDAYS[day.getUTCDay()], ...words] : words).join(" ");
}

/** "9 h 27 min" until the next local midnight after `now`. */
export function untilMidnight(now = new Date()) {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const minutes = Math.max(1, Math.ceil((midnight - now) / 60_000));
  const h = Math.floor(minutes / 60);
  return h ? `${h} h ${minutes % 60} min` : `${minutes} min`;
}
