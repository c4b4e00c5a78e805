// Is the device's clock right? (docs/daily.md, "One scored attempt a day".) Today's
// Painting is scored only on its own day, and the day is read from the device's clock,
// which its owner sets. A scored attempt is only for a date that is current somewhere on
// Earth (UTC-12 to UTC+14), checked both ways: by the device's clock, by the latest day
// this device has already played (a clock set back), and by the site's clock, the Date
// header of a HEAD request to the page (never answered by the service worker, which serves
// GETs only). Offline there is no site's opinion; the device's own two are kept.

const EARLIEST_ZONE_MS = 14 * 3_600_000; // UTC+14 (Kiritimati): the latest date on Earth
const LATEST_ZONE_MS = 12 * 3_600_000; // UTC-12 (Baker Island): the earliest date on Earth

/** The latest calendar date anywhere on Earth at `ms` (UTC milliseconds), "YYYY-MM-DD". */
export function latestDate(ms) {
  return new Date(ms + EARLIEST_ZONE_MS).toISOString().slice(0, 10);
}

/** The earliest calendar date anywhere on Earth at `ms` (UTC milliseconds), "YYYY-MM-DD". */
export function earliestDate(ms) {
  return new Date(ms - LATEST_ZONE_MS).toISOString().slice(0, 10);
}

/** Is `date` current somewhere on Earth at `ms`? null if so, else {way: "ahead"|"behind", date}. */
export function offAt(date, ms) {
  if (date > latestDate(ms)) return { way: "ahead", date: latestDate(ms) };
  if (date < earliestDate(ms)) return { way: "behind", date: earliestDate(ms) };
  return null;
}

/** The site's clock now (UTC ms) from its Date header, or null (offline, no header, slow). */
export async function siteTime(url) {
  try {
    const response = await fetch(url, { method: "HEAD", cache: "no-store", signal: AbortSignal.timeout(4000) });
    const ms = Date.parse(response.headers.get("date") || "");
    return Number.isFinite(ms) ? ms : null;
  } catch {
    return null;
  }
}

/**
 * Why `date` (the device's today) may not be scored, or null: {way: "ahead"|"behind", date,
 * by: "device"|"played"|"site"}. `seen` is the latest date this device has played a scored
 * daily of (daily/store.js `latestSeen`).
 */
export async function offClock(date, url, seen = null) {
  const own = offAt(date, Date.now());
  if (own) return { ...own, by: "device" };
  if (seen && date < seen) return { way: "behind", date: seen, by: "played" };
  const ms = await siteTime(url);
  const site = ms === null ? null : offAt(date, ms);
  return site && { ...site, by: "site" };
}
