// Today's Painting results kept on the device (docs/daily.md), beside the saved games:
//   destijl.daily = {format: "destijl-daily/1", days: {"2026-12-01": {score, par, place,
//                    players, link, text, number, verdict, hints}}}
// one entry per day with a scored result (`link`: the result's game-link payload, which
// the engine checks again on import; `text`: the share text without its link); every entry is checked on load and a bad one is
// left out. daily/stats.js reads the streaks, best score and histogram off the days.

import { MAX_PAYLOAD } from "../link/codec.js";
import { RULES } from "../rules-data.js";
import { local, quiet } from "../storage.js";

const KEY = "destijl.daily";
export const FORMAT = "destijl-daily/1";
const DATE = /^\d{4}-\d\d-\d\d$/;

const count = (v, low, high) => Number.isInteger(v) && v >= low && v <= high;
const PLAYERS = [Math.min(...RULES.players), Math.max(...RULES.players)];
const LINK = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_PAYLOAD}}$`);

/** A day's entry if it is whole, else null. */
export function checkEntry(entry) {
  if (!entry || typeof entry !== "object") return null;
  const { score, par, place, players, link } = entry;
  if (!count(score, 0, 999) || !count(par, 0, 999) || !count(players, ...PLAYERS) || !count(place, 1, players)) return null;
  if (typeof link !== "string" || !LINK.test(link)) return null;
  const text = typeof entry.text === "string" && entry.text.length <= 1200 ? entry.text : undefined;
  const number = count(entry.number, 1, 1e6) ? entry.number : undefined;
  const verdict = ["beaten", "on par", "not beaten"].includes(entry.verdict) ? entry.verdict : undefined;
  const hints = count(entry.hints, 0, 999) ? entry.hints : undefined;
  return { score, par, place, players, link, text, number, verdict, hints };
}

/** The days in a parsed `destijl-daily/1` object (bad entries left out): {date: entry}. */
export function daysOf(data) {
  const days = {};
  if (!data || typeof data !== "object" || data.format !== FORMAT || !data.days || typeof data.days !== "object") return days;
  for (const [date, entry] of Object.entries(data.days)) {
    const ok = DATE.test(date) && checkEntry(entry);
    if (ok) days[date] = ok;
  }
  return days;
}

/** The results kept on this device. */
export function readDays() {
  return daysOf(quiet(() => JSON.parse(local()?.getItem(KEY) || "null")));
}

/** The file (and the stored form) of `days`. */
export function fileOf(days) {
  return { format: FORMAT, days };
}

/** Keep `days` (merged with what is stored; a day already stored keeps its first result). */
export function storeDays(days) {
  const merged = { ...days, ...readDays() };
  const ok = quiet(() => {
    local().setItem(KEY, JSON.stringify(fileOf(merged)));
    return true;
  }, false);
  return { ok, days: merged };
}

// The attempt marks (docs/daily.md, "One scored attempt a day"): a scored daily is marked
// attempted on the device when it is dealt, apart from the saved games, so that deleting
// its save, closing the tab, reloading or a second tab does not clear it:
//   destijl.daily.attempts = {"2026-12-01": {record, over, hints, at}}
// `record` is the attempt as it stands (kept on every move), so an attempt that ended
// without a stored result (the tab closed while the par was being worked out) is scored
// when the page next loads. Marks are never removed, only the oldest beyond MAX_MARKS.
const MARKS_KEY = "destijl.daily.attempts";
const MAX_MARKS = 400;

/** The attempt marks kept on this device: {date: {record, over, hints, at}}. */
export function readMarks() {
  const data = quiet(() => JSON.parse(local()?.getItem(MARKS_KEY) || "null"));
  const marks = {};
  if (!data || typeof data !== "object") return marks;
  for (const [date, mark] of Object.entries(data)) {
    if (DATE.test(date) && mark && typeof mark === "object") {
      marks[date] = { record: mark.record && typeof mark.record === "object" ? mark.record : null,
        over: mark.over === true, hints: count(mark.hints, 0, 999) ? mark.hints : 0, at: Number(mark.at) || 0 };
    }
  }
  return marks;
}

/** Mark `date` attempted with the attempt as it stands; false if it could not be stored. */
export function markAttempt(date, { record, over = false, hints = 0 }) {
  const marks = { ...readMarks(), [date]: { record, over, hints, at: Date.now() } };
  const kept = Object.keys(marks).sort().slice(-MAX_MARKS);
  return quiet(() => {
    local().setItem(MARKS_KEY, JSON.stringify(Object.fromEntries(kept.map((d) => [d, marks[d]]))));
    return true;
  }, false);
}

/** The same game? (A mark's record and the table's: the same deal and seed.) */
export function sameDeal(a, b) {
  return !!a && !!b && a.seed === b.seed && JSON.stringify(a.deal) === JSON.stringify(b.deal);
}

/** The latest date this device has marked attempted or holds a result of, or null. */
export function latestSeen(days = readDays(), marks = readMarks()) {
  return [...Object.keys(days), ...Object.keys(marks)].sort().at(-1) ?? null;
}

/** The stored entry of a scored result (`result` from the engine's `daily_result`). */
export function entryOf(result, payload, hints) {
  return { score: result.total, par: result.par, place: result.place, players: result.players,
    link: payload, text: result.text, number: result.number, verdict: result.verdict, hints };
}
