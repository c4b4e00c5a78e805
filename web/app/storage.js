// The browser's memory: the game in progress (its destijl-record/1 record, saved after
// every move) and the player's preferences. Storage can be missing or blocked (private
// modes, sandboxed frames): then nothing is saved and the game still plays.

const SAVE_KEYS = { full: "destijl.save", embed: "destijl.embed.save" };
const PREFS_KEY = "destijl.prefs";

function store() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The saved game of this page mode: null if none, {record} if it parses,
 * {error} if the saved text is not JSON. The engine judges the record itself.
 */
export function loadSave(mode) {
  const raw = safe(() => store()?.getItem(SAVE_KEYS[mode]));
  if (raw === null || raw === undefined) return null;
  try {
    return { record: JSON.parse(raw) };
  } catch (error) {
    return { error: `the saved data is not valid JSON (${error.message})` };
  }
}

export function writeSave(mode, record) {
  safe(() => store()?.setItem(SAVE_KEYS[mode], JSON.stringify(record)));
}

export function clearSave(mode) {
  safe(() => store()?.removeItem(SAVE_KEYS[mode]));
}

/** Preferences: {speed, setup}; {} when none were saved or they are unreadable. */
export function loadPrefs() {
  try {
    const prefs = JSON.parse(store()?.getItem(PREFS_KEY) || "{}");
    if (prefs && typeof prefs === "object") { // TEACH: hints and tutorialDone are booleans
      for (const key of ["hints", "tutorialDone"]) if (key in prefs && typeof prefs[key] !== "boolean") delete prefs[key];
    }
    return prefs && typeof prefs === "object" ? prefs : {};
  } catch {
    return {};
  }
}

export function writePrefs(prefs) {
  safe(() => store()?.setItem(PREFS_KEY, JSON.stringify(prefs)));
}

function safe(fn) {
  try {
    return fn();
  } catch {
    return null;
  }
}
