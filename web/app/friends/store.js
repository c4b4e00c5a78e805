// Friend games kept on this device (localStorage), one key per game:
//   destijl.friend.<game id>             the game as this device plays it
//   destijl.friend.<game id>~<time>      a fork kept beside it (docs/friends.md)
// Each entry: {format: "destijl-friend-save/1", key, game, seat (null: watching), secret,
// signKey (this device's private signing key, a JWK, friends/keys.js)
// (this device's, never sent), record, link (the last link to send, or null), linkFor
// (names), next ({kind, seat}), over, names, savedAt, fork}. The secret is the device's
// own: it stays here, and only the engine reads it. Games this device only watches are
// someone else's: the newest KEEP_WATCHED are kept, and they never push out a game played here.
// A save that cannot be read (cut short, edited) is **damaged**: it is listed as such, kept
// exactly as it is (its text exportable: it may hold the seat's secret and signing key),
// and nothing writes over it; nor does any write drop the seat, secret or key of a save.

const PREFIX = "destijl.friend.";
const FORMAT = "destijl-friend-save/1";

function local() {
  try { return window.localStorage ?? null; } catch { return null; }
}

/** Friend games this device only watches (seat null) kept; older watched ones go on their own. */
export const KEEP_WATCHED = 12;

/** The text kept under `key`, or null (none, or storage blocked). */
export function friendText(key) {
  try { return local()?.getItem(PREFIX + key) ?? null; } catch { return null; }
}

/** Is a save kept under `key` that cannot be read? */
export function isDamaged(key) {
  return friendText(key) !== null && loadFriend(key) === null;
}

/** Why `entry` may not be written over what is kept under its key, or null. */
function overwriteProblem(entry) {
  if (friendText(entry.key) === null) return null;
  const old = loadFriend(entry.key);
  if (!old) return "a damaged save of this game is kept on this device as it is (export it from Friend games); it is not written over";
  if (old.seat !== null && old.secret && (entry.seat !== old.seat || entry.secret !== old.secret || (old.signKey && !entry.signKey))) {
    return "it would drop this device's seat, secret or signing key of this game";
  }
  return null;
}

/** Keep `entry` (whole, in one write); returns null, or why it could not be kept. */
export function saveFriend(entry) {
  const problem = overwriteProblem(entry);
  if (problem) return problem;
  try {
    local()?.setItem(PREFIX + entry.key, JSON.stringify({ ...entry, format: FORMAT, savedAt: new Date().toISOString() }));
  } catch (error) {
    return error?.name === "QuotaExceededError" ? "the browser's storage is full" : String(error?.message || error);
  }
  if (entry.seat === null) pruneWatched(entry.key);
  return null;
}

/** Watched games are someone else's: beyond the newest KEEP_WATCHED they go (never a seat's game, never `except`). */
function pruneWatched(except) {
  const watched = listFriends().filter((e) => !e.damaged && e.seat === null && e.key !== except);
  for (const old of watched.slice(KEEP_WATCHED - 1)) {
    try { local()?.removeItem(PREFIX + old.key); } catch { /* blocked storage: nothing to tidy */ }
  }
}

/** The entry kept under `key`, or null (missing or unreadable). */
export function loadFriend(key) {
  try {
    const entry = JSON.parse(local()?.getItem(PREFIX + key) ?? "null");
    return entry?.format === FORMAT && entry.record && typeof entry.game === "string" ? entry : null;
  } catch {
    return null;
  }
}

function friendKeys() {
  const store = local();
  const keys = [];
  for (let i = 0; i < (store?.length ?? 0); i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key.slice(PREFIX.length));
  }
  return keys;
}

/** Every friend game kept here: the damaged ones first (`{key, damaged: true, text}`), then the rest, newest first. */
export function listFriends() {
  const keys = friendKeys();
  const games = keys.map(loadFriend).filter(Boolean).sort((a, b) => (a.savedAt < b.savedAt ? 1 : -1));
  const damaged = keys.filter(isDamaged).sort().map((key) => ({ key, damaged: true, text: friendText(key) }));
  return [...damaged, ...games];
}

/** Forget the game kept under `key` (the list's Remove, for a finished game). */
export function removeFriend(key) {
  try { local()?.removeItem(PREFIX + key); } catch { /* blocked storage: nothing to remove */ }
}

/** A key for a fork of `game` kept beside the game. */
export function forkKey(game) {
  return `${game}~${Date.now().toString(36)}`;
}
