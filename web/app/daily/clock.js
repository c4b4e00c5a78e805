// Is the device's clock ahead? (docs/daily.md, "One scored attempt a day".) Today's
// Painting is scored only on its own day, and the day is read from the device's clock,
// which its owner can set. The site's own clock is a second opinion: the Date header of a
// HEAD request to the page (never answered by the service worker, which serves GETs only).
// A device date later than the latest date anywhere on Earth by the site's clock (UTC+14)
// is not yet a day: its daily is practice. Offline there is no second opinion, and the
// device's clock is trusted.

const EARLIEST_ZONE_MS = 14 * 3_600_000; // UTC+14 (Kiritimati): the latest date on Earth

/** The latest calendar date anywhere on Earth at `ms` (UTC milliseconds), "YYYY-MM-DD". */
export function latestDate(ms) {
  return new Date(ms + EARLIEST_ZONE_MS).toISOString().slice(0, 10);
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

/** The site's latest date if `date` (the device's) is later than it, else null. */
export async function aheadOfSite(date, url) {
  const ms = await siteTime(url);
  if (ms === null) return null;
  const latest = latestDate(ms);
  return date > latest ? latest : null;
}
