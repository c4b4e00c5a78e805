// The numbers of the Today's Painting dialog, read off the kept results (daily/store.js):
// streaks, counts, the best score and the histogram. Pure: no storage, no page.

import { addDays } from "./day.js";

/** The histogram's bins: totals from..to (inclusive). */
export const BINS = [[0, 9], [10, 14], [15, 19], [20, 24], [25, 29], [30, 999]];

/** Streaks, counts, best score and histogram of `days` as of `today` (a local date). */
export function statsOf(days, today) {
  const dates = Object.keys(days).sort();
  const entries = dates.map((d) => days[d]);
  let best = 0;
  let run = 0;
  let prev = null;
  for (const date of dates) {
    run = prev && addDays(prev, 1) === date ? run + 1 : 1;
    best = Math.max(best, run);
    prev = date;
  }
  let current = 0;
  let day = days[today] ? today : addDays(today, -1); // today unplayed: yesterday's streak still holds
  while (days[day]) {
    current += 1;
    day = addDays(day, -1);
  }
  return {
    played: dates.length,
    beaten: entries.filter((e) => e.score > e.par).length,
    current,
    best,
    bestScore: entries.length ? Math.max(...entries.map((e) => e.score)) : null,
    histogram: BINS.map(([from, to]) => ({ from, to, count: entries.filter((e) => e.score >= from && e.score <= to).length })),
  };
}
