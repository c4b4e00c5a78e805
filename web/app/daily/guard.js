// One scored Today's Painting per date on this device, across its tabs (docs/daily.md,
// "One scored attempt a day"): a tab playing a scored daily holds the Web Lock
// "destijl-daily-DATE" until that game is over or left (the browser frees it when the tab
// closes). Where there are no Web Locks, a claim in localStorage ({date, tab, at}) that
// its tab refreshes every few seconds stands in; another tab sees it at once through the
// storage event and refuses a second attempt while it is fresh.

import { local, quiet } from "../storage.js";

const CLAIM_KEY = "destijl.daily.tab";
const BEAT_MS = 3_000; // the claim's refresh
const FRESH_MS = 10_000; // a claim older than this was left by a closed tab

/** The tab lock: `claim(date)` resolves true if this tab may play `date` scored; `release()`. */
export function createGuard({ locks = globalThis.navigator?.locks, storage = local() } = {}) {
  let held = null; // {date, release}: the date this tab plays scored
  let pending = null; // {date, promise, left}: a claim on its way; left: released before it came
  const tab = Math.random().toString(36).slice(2);

  function viaLock(date, claimed) {
    return new Promise((resolve) => {
      locks.request(`destijl-daily-${date}`, { ifAvailable: true }, (lock) => {
        if (!lock || claimed.left) return void resolve(false); // a lock not wanted any more is freed at once
        return new Promise((release) => {
          held = { date, release };
          resolve(true);
        });
      }).catch(() => resolve(true)); // the page may not use locks (an opaque origin): no guard to keep
    });
  }

  const readClaim = () => quiet(() => JSON.parse(storage?.getItem(CLAIM_KEY) || "null"), null);
  const othersClaim = (date) => {
    const c = readClaim();
    return !!c && c.date === date && c.tab !== tab && Date.now() - c.at < FRESH_MS && c.at <= Date.now() + FRESH_MS;
  };

  async function viaStorage(date, claimed) {
    if (!storage) return true; // no storage either: nothing to keep a claim in
    if (othersClaim(date)) return false;
    const write = () => quiet(() => storage.setItem(CLAIM_KEY, JSON.stringify({ date, tab, at: Date.now() })));
    write();
    await new Promise((r) => setTimeout(r, 50)); // two tabs at once: the last write wins
    if (readClaim()?.tab !== tab) return false;
    if (claimed.left) { // released while it waited: leave no claim behind
      quiet(() => storage.removeItem(CLAIM_KEY));
      return false;
    }
    const beat = setInterval(write, BEAT_MS);
    held = { date, release: () => {
      clearInterval(beat);
      if (readClaim()?.tab === tab) quiet(() => storage.removeItem(CLAIM_KEY));
    } };
    return true;
  }

  /** May this tab play `date`'s daily scored? Claims it until `release()`. */
  function claim(date) {
    if (held?.date === date) return Promise.resolve(true);
    if (pending?.date === date) return pending.promise;
    release();
    const claimed = { date, promise: null, left: false };
    const promise = (locks ? viaLock(date, claimed) : viaStorage(date, claimed)).finally(() => {
      if (pending === claimed) pending = null;
    });
    claimed.promise = promise;
    pending = claimed;
    return promise;
  }

  /** Give up the date this tab holds or is claiming (its game is over or left). */
  function release() {
    if (pending) pending.left = true;
    pending = null;
    const h = held;
    held = null;
    h?.release();
  }

  /** The date this tab holds, or null. */
  const holds = () => held?.date ?? null;

  return { claim, release, holds };
}
