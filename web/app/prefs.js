// Preferences (localStorage destijl.prefs): every field is checked on load; bad ones are
// dropped and named, so a bad value never reaches a render (readPrefs).

import { KEEP_CHOICES } from "./keeping.js";
import { checkName } from "./names.js";
import { clip } from "./quote.js";
import { RULES } from "./rules-data.js";
import { local, quiet } from "./storage.js";

const PREFS_KEY = "destijl.prefs";

const SPEEDS = ["slow", "normal", "fast"];

function validSetup(setup) {
  if (!setup || typeof setup !== "object") return false;
  const { seats, rotations, first } = setup;
  if (!Array.isArray(seats) || !RULES.players.includes(seats.length)) return false;
  const want = RULES.colors_per_seat[seats.length];
  const seatOk = (s) => s && typeof s === "object"
    && checkName(s.name).name === s.name // the engine's rule, and stored trimmed
    && RULES.controllers.includes(s.controller)
    && Array.isArray(s.colors) && s.colors.length === want && s.colors.every((c) => RULES.colors.includes(c));
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
  keepFinished: (v) => KEEP_CHOICES.includes(v), // Settings: the player's finished games kept
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
