// Saved games (storage.js holds the browser's storage itself).
//
// Saved games (localStorage), one key per game, each written whole in one setItem:
//   destijl.game.<id> = {format: "destijl-save/1", id, mode, moves, savedAt, over, seats,
//                        writer, origin, record}
// `record` is the game's destijl-record/1 record; `moves` its move count, `savedAt` an
// ISO time, `seats` [{name, controller}] for the list, `writer` the page load that wrote it
// last, `origin` how the game came to this device (mode.js ORIGINS: "normal", "link", ...;
// a save older than the field is "unknown", or the daily mode it provably was dealt in).
// A tab remembers its own game (tab-game.js). A tab that finds its game written by another
// page load (the same game resumed in a second tab) saves under a new id: both games are kept.
// A save is the player's: nothing here removes one on its own. One that cannot be read
// is listed with the reason (to export or delete); one whose details are damaged but
// whose record is whole is rebuilt from the record, listed as damaged and never tidied
// away. A game opened from someone else's link (a replay, a daily result) is saved with
// `shared: {kind, number, day}`: shared games are a list of their own, the newest
// KEEP_SHARED kept, and never push out a game the player played. The player's own
// finished games go only by the rule they chose in Settings (`keepFinished`, the count
// kept; control/saves.js asks the engine that each is really over before it goes) or
// after their yes (makeRoom).
//
// Storage can be missing, blocked (private modes, sandboxed frames) or full: writes then
// return {ok: false, problem} in plain words and the game still plays; room is made only
// after the player agrees (makeRoom).

import { KEEP_CHOICES, KEEP_FINISHED, KEEP_SHARED } from "./keeping.js";
import { clip } from "./quote.js";
import { ORIGINS } from "./mode.js";
import { gameModeOf, keptFields } from "./modes.js";
import { isQuota, local, problemOf, quiet } from "./storage.js";
import { tabGame } from "./tab-game.js";

const GAME_PREFIX = "destijl.game.";
const SAVE_FORMAT = "destijl-save/1";
/** This page load, as the `writer` of the saves it makes. */
const WRITER = Math.random().toString(36).slice(2, 10);

/** A fresh game id: time-ordered and unique enough for one browser, e.g. "m3x9k2-4f7a". */
export function newGameId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** Is `v` a plain JSON object (not null, not an array)? */
function isObject(v) {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

/** Is `v` a time string a Date can read, not in the future (a day's slack for clocks)? */
function isTime(v) {
  return typeof v === "string" && !Number.isNaN(Date.parse(v)) && Date.parse(v) < Date.now() + 864e5;
}

const SHARED_KINDS = ["replay", "daily"];

/** A save's shared tag {kind, number, day} (the link it came from), or null if it has none or a bad one. */
export function sharedTag(tag) {
  return isObject(tag) && SHARED_KINDS.includes(tag.kind)
    ? { kind: tag.kind, number: Number.isInteger(tag.number) ? tag.number : null,
      day: typeof tag.day === "string" && /^\d{4}-\d\d-\d\d$/.test(tag.day) ? tag.day : null } : null;
}

/** What is wrong with a record that the list can see without the engine, or null. */
function recordDamage(record) {
  if (record.result !== undefined && record.result !== null && !isObject(record.result)) return "its record's result is damaged";
  if (!Array.isArray(record.moves)) return "its record has no list of moves";
  return null;
}

/**
 * A parsed save entry made whole: the fields the list needs are rebuilt from the record
 * when they are missing or damaged. Returns {entry, repaired: [field names]}, or {error}
 * when there is no record to rebuild from (the engine judges the record itself later).
 */
function wholeEntry(parsed, id) {
  if (!isObject(parsed)) return { error: "it is not a saved game" };
  const { record } = parsed;
  if (!isObject(record)) return { error: "it holds no game record" };
  const moves = Array.isArray(record.moves) ? record.moves.length : 0;
  const seats = Array.isArray(record.seats) ? record.seats.map((s) => ({ name: s?.name, controller: s?.controller })) : [];
  const rebuilt = {
    format: SAVE_FORMAT, id, mode: parsed.mode === "embed" ? "embed" : "full", moves,
    savedAt: isTime(parsed.savedAt) ? parsed.savedAt : null,
    over: isObject(record.result), seats, // finished for the list; the engine has the last word
    writer: typeof parsed.writer === "string" ? parsed.writer : "", record,
  };
  Object.assign(rebuilt, keptFields(parsed)); // a mode's own fields (a Today's Painting's date), checked by the mode
  const shared = sharedTag(parsed.shared); // opened from someone else's link
  if (shared) rebuilt.shared = shared;
  rebuilt.origin = originOf(parsed, rebuilt, shared);
  const repaired = [];
  if (parsed.shared !== undefined && !shared) repaired.push("shared");
  if (parsed.origin !== undefined && !ORIGINS.includes(parsed.origin)) repaired.push("origin");
  if (parsed.format !== SAVE_FORMAT) repaired.push("format");
  if (parsed.id !== id) repaired.push("id");
  if (parsed.moves !== moves) repaired.push("moves");
  if (rebuilt.savedAt === null) repaired.push("savedAt");
  if (parsed.over !== rebuilt.over) repaired.push("over");
  return { entry: rebuilt, repaired };
}

/**
 * How a saved game came to this device: its `origin` if it is one of ORIGINS; for a save
 * older than the field, only what is sure: a link's tag is a link, a mode's own fields
 * without it (a daily's tag) a game dealt here in that mode, anything else "unknown"
 * (never rated: a normal game then has nothing that proves it was dealt here).
 */
function originOf(parsed, rebuilt, shared) {
  if (ORIGINS.includes(parsed.origin)) return parsed.origin;
  if (shared) return "link";
  const mode = gameModeOf(rebuilt);
  return mode.keptByTable && mode.origin !== "normal" ? mode.origin : "unknown";
}

/** A short summary of a save for the list (never the record). */
function summary(entry) {
  const seats = entry.seats.slice(0, 5).map((s) => ({
    name: clip(typeof s?.name === "string" ? s.name : "?", 40),
    controller: typeof s?.controller === "string" ? clip(s.controller, 20) : "human",
  }));
  return { id: entry.id, mode: entry.mode, moves: entry.moves, savedAt: entry.savedAt, over: entry.over, seats,
    ...keptFields(entry), shared: entry.shared ?? null, damaged: entry.damaged ?? null };
}

/** The stored text of game `id` (null if there is none), e.g. to export a damaged save. */
export function rawGame(id) {
  const raw = id ? quiet(() => local()?.getItem(GAME_PREFIX + id)) : null;
  return typeof raw === "string" ? raw : null;
}

/**
 * One saved game: null if there is none; {id, save, repaired} if it can be read (`repaired`
 * names the details rebuilt from its record, e.g. ["savedAt"]); {id, error} (plain words,
 * quoting at most 80 characters) if it cannot. Nothing is removed or rewritten here: a
 * save is the player's, and only the player deletes it.
 */
export function loadGame(id) {
  const raw = rawGame(id);
  if (raw === null) return null;
  let parsed;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    return { id, error: `the saved data is not valid JSON (${clip(error.message)})` };
  }
  const whole = wholeEntry(parsed, id);
  if (whole.error) return { id, error: `the save is damaged: ${whole.error}` };
  const { entry, repaired } = whole;
  // damaged: listed as such and never tidied away (why, in words), else null
  const damage = recordDamage(entry.record);
  entry.damaged = damage ?? (repaired.length ? `its details were damaged (${repaired.join(", ")})` : null);
  return { id, save: entry, repaired };
}

/** Newest first; a save whose time was lost goes last. */
function newestFirst(a, b) {
  return (b.savedAt ?? "").localeCompare(a.savedAt ?? "") || b.id.localeCompare(a.id);
}

/**
 * The saved games of a page mode: {games, broken, repaired}. `games` are summaries
 * {id, moves, savedAt, over, seats}, newest first; `broken` [{id, why}] are the saves
 * that cannot be read (kept, for the player to export or delete); `repaired` the ids of
 * saves whose details were rebuilt from their record.
 */
export function listGames(mode) {
  const keys = quiet(() => Object.keys(local() ?? {}), []).filter((k) => k.startsWith(GAME_PREFIX));
  const games = [];
  const broken = [];
  const repaired = [];
  for (const key of keys) {
    const found = loadGame(key.slice(GAME_PREFIX.length));
    if (!found) continue;
    if (found.error) broken.push({ id: found.id, why: found.error });
    else if (found.save.mode === mode) {
      games.push(summary(found.save));
      if (found.repaired.length) repaired.push(found.id);
    }
  }
  games.sort(newestFirst);
  return { games, broken, repaired };
}

/**
 * A game to offer at load (app.js: the embed's Start game resumes instead of dealing):
 * this tab's saved game, else the newest unfinished one of `mode`; null if there is none.
 */
export function loadSave(mode) {
  const own = loadGame(tabGame(mode));
  if (own) return own;
  const newest = listGames(mode).games.find((g) => !g.over);
  return newest ? loadGame(newest.id) : null;
}

/** Remove a saved game: only ever on the player's word (Delete, or Make room after a yes). */
export function removeGame(id) {
  quiet(() => local()?.removeItem(GAME_PREFIX + id));
}

export { KEEP_CHOICES, KEEP_FINISHED, KEEP_SHARED }; // keeping.js: the counts kept

/** The finished games of `mode` but `except` and the damaged, oldest first: [{id, savedAt, bytes}]. */
function finishedGames(mode, except) {
  return listGames(mode).games.filter((g) => g.over && !g.damaged && g.id !== except).reverse()
    .map((g) => ({ id: g.id, savedAt: g.savedAt, bytes: (rawGame(g.id) ?? "").length * 2 }));
}

/**
 * Let the oldest shared games of `mode` (opened from someone else's link) beyond
 * KEEP_SHARED go; never one of the ids `except`, a damaged save or one of the player's own. Returns the
 * summaries removed, so that the note can name them.
 */
export function pruneShared(mode, except = []) {
  const shared = listGames(mode).games.filter((g) => g.shared && !g.damaged);
  const gone = shared.slice(KEEP_SHARED).filter((g) => !except.includes(g.id));
  for (const g of gone) removeGame(g.id);
  return gone;
}

/**
 * The player's own finished games of `mode` (summaries, newest first) that the rule
 * `keep` (a count of KEEP_CHOICES) weighs: whole details, not shared.
 * Empty when there are no more than `keep`: nothing then goes.
 */
export function ownFinished(mode, keep) {
  if (!Number.isInteger(keep)) return [];
  const own = listGames(mode).games.filter((g) => g.over && !g.shared && !g.damaged);
  return own.length > keep ? own : [];
}

/** What Make room would delete: every finished game of `mode` but `except`, {count, bytes, oldest}. */
export function roomOffer(mode, except) {
  const finished = finishedGames(mode, except);
  return { count: finished.length, bytes: finished.reduce((n, g) => n + g.bytes, 0), oldest: finished[0]?.savedAt ?? null };
}

/** Make room, after the player agreed: delete every finished game of `mode` but `except`. */
export function makeRoom(mode, except) {
  const finished = finishedGames(mode, except);
  for (const g of finished) removeGame(g.id);
  return finished.length;
}

/**
 * Save `record` as game `id` of `mode`, whole. Returns {ok: true, id} (`id` is new when
 * another page load had taken the game over), or {ok: false, id, problem, full, kept}:
 * `full` when the storage is full, `kept` the move count of the copy still stored under
 * `id` (null if there is none). Nothing else is removed to make room: that takes the
 * player's yes (`makeRoom`). `claim` takes the game over for this page load.
 */
export function saveGame(mode, id, record, { claim = false, kept = {}, shared, origin = "unknown" } = {}) {
  const store = local();
  if (!store) return { ok: false, id, problem: problemOf(null), full: false, kept: null };
  let gameId = id || newGameId();
  const existing = loadGame(gameId)?.save;
  if (!claim && existing && existing.writer !== WRITER) gameId = newGameId();
  const moves = Array.isArray(record?.moves) ? record.moves.length : 0;
  const entry = {
    format: SAVE_FORMAT, id: gameId, mode, moves,
    // a claim of an unchanged game (a restore) keeps its time
    savedAt: claim && existing?.moves === moves && existing.savedAt ? existing.savedAt : new Date().toISOString(),
    over: isObject(record?.result),
    seats: Array.isArray(record?.seats) ? record.seats.map((s) => ({ name: s?.name, controller: s?.controller })) : [],
    writer: WRITER,
    origin: ORIGINS.includes(origin) ? origin : "unknown",
    record,
  };
  Object.assign(entry, keptFields(kept)); // the mode's own fields (a Today's Painting's date: daily/mode.js)
  // someone else's game (control/links.js): it stays shared until the player adds a move
  const tag = shared !== undefined ? sharedTag(shared) : existing?.shared && existing.moves === moves ? existing.shared : null;
  if (tag) entry.shared = tag;
  try {
    store.setItem(GAME_PREFIX + gameId, JSON.stringify(entry));
  } catch (error) {
    const kept = gameId === id ? loadGame(gameId)?.save?.moves ?? null : null;
    return { ok: false, id: gameId, problem: problemOf(error), full: isQuota(error), kept };
  }
  return { ok: true, id: gameId };
}
