// The browser's memory: saved games and the player's preferences.
//
// Saved games (localStorage), one key per game, each written whole in one setItem:
//   destijl.game.<id> = {format: "destijl-save/1", id, mode, moves, savedAt, over, seats,
//                        writer, record}
// `record` is the game's destijl-record/1 record; `moves` its move count, `savedAt` an
// ISO time, `seats` [{name, controller}] for the list, `writer` the page load that wrote it
// last. Each tab remembers the id of its own game in sessionStorage (destijl.tab.<mode>),
// so two tabs keep two games. A tab that finds its game written by another page load
// (the same game resumed in a second tab) saves under a new id: both games are kept.
// The old single save (destijl.save / destijl.embed.save) is moved to this layout once.
//
// Storage can be missing, blocked (private modes, sandboxed frames) or full: writes then
// return {ok: false, problem} in plain words and the game still plays.
//
// Preferences (destijl.prefs): every field is checked on load; bad ones are dropped and
// named, so a bad value never reaches a render (readPrefs).

import { clip } from "./quote.js";

const GAME_PREFIX = "destijl.game.";
const SAVE_FORMAT = "destijl-save/1";
const OLD_KEYS = { full: "destijl.save", embed: "destijl.embed.save" };
const TAB_KEYS = { full: "destijl.tab.full", embed: "destijl.tab.embed" };
const PREFS_KEY = "destijl.prefs";
/** Saved games kept per page mode; the oldest finished ones go first. */
export const KEEP_GAMES = 12;
/** This page load, as the `writer` of the saves it makes. */
const WRITER = Math.random().toString(36).slice(2, 10);
const memoryTab = {}; // the tab's game ids when sessionStorage is blocked

function local() {
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

function session() {
  try {
    return window.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function quiet(fn, fallback = null) {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** Is `error` the browser's "storage is full" (named or, in older browsers, coded)? */
function isQuota(error) {
  return error?.name === "QuotaExceededError" || error?.code === 22 || error?.code === 1014;
}

/** Why a write failed, in plain words. */
function problemOf(error) {
  if (!error) return "this browser does not let this page store data (private browsing, blocked site data or an embed)";
  const name = error.name || "";
  if (isQuota(error)) return "the browser's storage for this site is full";
  if (name === "SecurityError") return "this browser blocks storage for this page (private browsing, blocked site data or a sandboxed embed)";
  return `the browser refused to store it (${clip(error.message || name)})`;
}

/** A fresh game id: time-ordered and unique enough for one browser, e.g. "m3x9k2-4f7a". */
export function newGameId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

// -- the tab's game ---------------------------------------------------------------------

/** The id of the game this tab plays, or null. */
export function tabGame(mode) {
  const id = quiet(() => session()?.getItem(TAB_KEYS[mode])) ?? memoryTab[mode] ?? null;
  return typeof id === "string" && /^[\w-]{1,40}$/.test(id) ? id : null;
}

/** Remember (or forget, with null) the id of this tab's game. */
export function setTabGame(mode, id) {
  memoryTab[mode] = id;
  quiet(() => (id ? session()?.setItem(TAB_KEYS[mode], id) : session()?.removeItem(TAB_KEYS[mode])));
}

// -- saved games ------------------------------------------------------------------------

/** Check a parsed save entry; returns a reason or null. */
function badEntry(entry, id) {
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return "it is not a saved game";
  if (entry.format !== SAVE_FORMAT) return `its format is ${clip(JSON.stringify(entry.format ?? null), 40)}, not ${SAVE_FORMAT}`;
  if (entry.id !== id) return "its id does not match its key";
  if (!entry.record || typeof entry.record !== "object" || Array.isArray(entry.record)) return "it holds no game record";
  if (!Number.isInteger(entry.moves) || entry.moves < 0) return "its move count is not a number";
  if (typeof entry.savedAt !== "string" || Number.isNaN(Date.parse(entry.savedAt))) return "its time is not a date";
  return null;
}

/** A short summary of a save for the list (never the record). */
function summary(entry) {
  const seats = Array.isArray(entry.seats) ? entry.seats.slice(0, 5).map((s) => ({
    name: clip(typeof s?.name === "string" ? s.name : "?", 40),
    controller: typeof s?.controller === "string" ? clip(s.controller, 20) : "human",
  })) : [];
  return { id: entry.id, mode: entry.mode === "embed" ? "embed" : "full", moves: entry.moves,
    savedAt: entry.savedAt, over: entry.over === true, seats };
}

/**
 * One saved game: null if there is none, {save} if it is whole, {error} (plain words,
 * quoting at most 80 characters) if it cannot be read. The engine judges the record.
 */
export function loadGame(id) {
  if (!id) return null;
  const raw = quiet(() => local()?.getItem(GAME_PREFIX + id));
  if (raw === null || raw === undefined) return null;
  let entry;
  try {
    entry = JSON.parse(raw);
  } catch (error) {
    return { id, error: `the saved data is not valid JSON (${clip(error.message)})` };
  }
  const bad = badEntry(entry, id);
  return bad ? { id, error: `the save is damaged: ${bad}` } : { id, save: entry };
}

/**
 * The saved games of a page mode, newest first: [{id, moves, savedAt, over, seats}].
 * Entries that cannot be read are removed and reported in `dropped` (plain words).
 */
export function listGames(mode) {
  const store = local();
  const games = [];
  const dropped = [];
  const keys = quiet(() => Object.keys(store ?? {}), []).filter((k) => k.startsWith(GAME_PREFIX));
  for (const key of keys) {
    const id = key.slice(GAME_PREFIX.length);
    const found = loadGame(id);
    if (!found) continue;
    if (found.error) {
      dropped.push(`A saved game could not be read, so it was removed: ${found.error}.`);
      quiet(() => store.removeItem(key));
      continue;
    }
    if ((found.save.mode === "embed" ? "embed" : "full") === mode) games.push(summary(found.save));
  }
  games.sort((a, b) => b.savedAt.localeCompare(a.savedAt) || b.id.localeCompare(a.id));
  return { games, dropped };
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

/** Remove a saved game. */
export function removeGame(id) {
  quiet(() => local()?.removeItem(GAME_PREFIX + id));
}

/**
 * Drop the oldest saves of `mode` beyond `keep` (finished ones first), never `except`;
 * with `finishedOnly`, no unfinished game is dropped.
 */
function prune(mode, except, keep, finishedOnly = false) {
  const { games } = listGames(mode);
  const others = games.filter((g) => g.id !== except);
  const order = [...others.filter((g) => g.over).reverse(), ...(finishedOnly ? [] : others.filter((g) => !g.over).reverse())];
  let excess = games.length - keep;
  for (const g of order) {
    if (excess <= 0) break;
    removeGame(g.id);
    excess -= 1;
  }
}

/**
 * Save `record` as game `id` of `mode`, whole. Returns {ok: true, id} (`id` is new when
 * another page load had taken the game over), or {ok: false, id, problem}.
 * `claim` takes the game over for this page load (a resume or a restore).
 */
export function saveGame(mode, id, record, { claim = false } = {}) {
  const store = local();
  if (!store) return { ok: false, id, problem: problemOf(null) };
  let gameId = id || newGameId();
  const existing = loadGame(gameId)?.save;
  if (!claim && existing && existing.writer !== WRITER) gameId = newGameId();
  const moves = Array.isArray(record?.moves) ? record.moves.length : 0;
  const entry = {
    format: SAVE_FORMAT, id: gameId, mode, moves,
    // a claim of an unchanged game (a restore) keeps its time
    savedAt: claim && existing?.moves === moves ? existing.savedAt : new Date().toISOString(),
    over: record?.result !== null && record?.result !== undefined,
    seats: Array.isArray(record?.seats) ? record.seats.map((s) => ({ name: s?.name, controller: s?.controller })) : [],
    writer: WRITER,
    record,
  };
  const text = JSON.stringify(entry);
  for (let attempt = 0; ; attempt++) {
    try {
      store.setItem(GAME_PREFIX + gameId, text);
      break;
    } catch (error) {
      if (!isQuota(error) || attempt > 0) return { ok: false, id: gameId, problem: problemOf(error) };
      prune(mode, gameId, 0, true); // room: drop finished games; unfinished ones stay
    }
  }
  if (gameId !== id || claim) prune(mode, gameId, KEEP_GAMES);
  return { ok: true, id: gameId };
}

/**
 * Move the old single save of `mode` (before per-game keys) to a game entry of its own.
 * Returns null (nothing to move), {id} (moved), or {error} (unreadable; it was removed).
 */
export function migrateOldSave(mode) {
  const store = local();
  const raw = quiet(() => store?.getItem(OLD_KEYS[mode]));
  if (raw === null || raw === undefined) return null;
  let record;
  try {
    record = JSON.parse(raw);
  } catch (error) {
    quiet(() => store.removeItem(OLD_KEYS[mode]));
    return { error: `the saved data is not valid JSON (${clip(error.message)})` };
  }
  const saved = saveGame(mode, newGameId(), record, { claim: true });
  if (!saved.ok) return { error: `it could not be moved to the new save format: ${saved.problem}` };
  quiet(() => store.removeItem(OLD_KEYS[mode]));
  return { id: saved.id };
}

// -- hints used per game (teach/control.js) -------------------------------------------------

const HINTS_KEY = "destijl.hints"; // {gameKey: hints used}, the latest HINTS_KEPT games
const HINTS_KEPT = 20;

function readHints() {
  const data = quiet(() => JSON.parse(local()?.getItem(HINTS_KEY) || "{}"), {});
  return data && typeof data === "object" && !Array.isArray(data) ? data : {};
}

/** The hints used in the game named `key` (teach/control.js `gameKey`); 0 if none were kept. */
export function loadHintsUsed(key) {
  const n = readHints()[key];
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/** Remember that game `key` used `n` hints (storage blocked: the count lives in the state only). */
export function saveHintsUsed(key, n) {
  const data = readHints();
  delete data[key];
  data[key] = n;
  const keys = Object.keys(data);
  for (const old of keys.slice(0, Math.max(0, keys.length - HINTS_KEPT))) delete data[old];
  quiet(() => local()?.setItem(HINTS_KEY, JSON.stringify(data)));
}

// -- preferences --------------------------------------------------------------------------

const SPEEDS = ["slow", "normal", "fast"];
const CONTROLLER = /^(human|bot:(random|easy|medium|hard))$/;
const LETTERS = ["R", "Y", "B", "K", "W"];

function validSetup(setup) {
  if (!setup || typeof setup !== "object") return false;
  const { seats, rotations, first } = setup;
  if (!Array.isArray(seats) || seats.length < 2 || seats.length > 5) return false;
  const want = seats.length === 2 ? 2 : 1;
  const seatOk = (s) => s && typeof s === "object"
    && typeof s.name === "string" && s.name.trim().length >= 1 && s.name.length <= 40
    && typeof s.controller === "string" && CONTROLLER.test(s.controller)
    && Array.isArray(s.colors) && s.colors.length === want && s.colors.every((c) => LETTERS.includes(c));
  if (!seats.every(seatOk)) return false;
  if (rotations !== undefined && typeof rotations !== "boolean") return false;
  return first === undefined || (Number.isInteger(first) && first >= 0 && first < seats.length);
}

/**
 * Checks for each preference field. Another field gets one line here; a field with no
 * check is kept only if it is a boolean, a finite number or a string of up to 40 chars.
 */
export const PREF_CHECKS = {
  speed: (v) => SPEEDS.includes(v),
  setup: validSetup,
  theme: (v) => typeof v === "string" && /^[a-z-]{1,20}$/.test(v),
  hints: (v) => typeof v === "boolean", // TEACH: the Hints setting
  tutorialDone: (v) => typeof v === "boolean", // TEACH: the guided first game was finished or skipped
};

function plainValue(v) {
  return typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v))
    || (typeof v === "string" && v.length <= 40);
}

/** Preferences and the names of fields dropped as unreadable: {prefs, dropped}. */
export function readPrefs() {
  const raw = quiet(() => local()?.getItem(PREFS_KEY));
  if (raw === null || raw === undefined) return { prefs: {}, dropped: [] };
  let parsed;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { prefs: {}, dropped: ["all (not valid JSON)"] };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return { prefs: {}, dropped: ["all (not an object)"] };
  const prefs = {};
  const dropped = [];
  for (const [key, value] of Object.entries(parsed)) {
    // own checks only: a key such as "__proto__" or "toString" must not find Object's members
    const ok = Object.hasOwn(PREF_CHECKS, key) ? PREF_CHECKS[key](value) : /^[\w-]{1,40}$/.test(key) && plainValue(value);
    if (ok) prefs[key] = value;
    else dropped.push(clip(key, 40));
  }
  return { prefs, dropped };
}

/** Preferences that passed their checks; {} when none were saved or none are readable. */
export function loadPrefs() {
  return readPrefs().prefs;
}

/** Save preferences; returns true if they were stored. */
export function writePrefs(prefs) {
  return quiet(() => {
    local().setItem(PREFS_KEY, JSON.stringify(prefs));
    return true;
  }, false);
}
