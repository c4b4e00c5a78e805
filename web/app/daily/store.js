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
