// The openings the build wrote (dist/app/openings/N.json, from the engine's
// destijl.openings) fetched once per player count, and the one this device saw last
// (localStorage `destijl.openings`: {"3": seed}), so the next game shows another.

const KEY = "destijl.openings";
const FORMAT = "destijl-openings/1";
const pools = new Map(); // players -> Promise of the pool, or of null when it cannot be had

/** The pool of `players`: {format, players, openings: [{seed, view}]}, or null (offline, missing, damaged). */
export function loadPool(players) {
  if (!pools.has(players)) {
    const url = new URL(`app/openings/${players}.json`, document.baseURI);
    const got = fetch(url).then((response) => (response.ok ? response.json() : null))
      .then((pool) => (pool?.format === FORMAT && pool.players === players
        && Array.isArray(pool.openings) && pool.openings.length ? pool : null), () => null);
    got.then((pool) => { if (!pool) pools.delete(players); }); // asked again next time
    pools.set(players, got);
  }
  return pools.get(players);
}

function readSeen() {
  try {
    const seen = JSON.parse(localStorage.getItem(KEY) || "{}");
    return seen && typeof seen === "object" && !Array.isArray(seen) ? seen : {};
  } catch {
    return {}; // storage blocked or unreadable: any opening will do
  }
}

/** The seed of the opening this device saw last for `players`, or null. */
export function lastSeen(players) {
  const seed = readSeen()[players];
  return Number.isSafeInteger(seed) ? seed : null;
}

/** Remember that this device was shown the opening of `seed` for `players`. */
export function rememberSeen(players, seed) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...readSeen(), [players]: seed }));
  } catch {
    // storage full or blocked: the next opening may be this one again, nothing else is lost
  }
}
