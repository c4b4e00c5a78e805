// Hints used per game (teach/control.js, teach/asks.js): localStorage destijl.hints,
// {gameKey: hints used}, the latest HINTS_KEPT games.

import { local, quiet } from "../storage.js";

const HINTS_KEY = "destijl.hints"; // {gameKey: hints used}, the latest HINTS_KEPT games
const HINTS_KEPT = 20;

function readHints() {
  const data = quiet(() => JSON.parse(local()?.getItem(HINTS_KEY) || "{}"), {});
  return data && typeof data === "object" && !Array.isArray(data) ? data : {};
}

/** The hints used in the game named `key` (teach/asks.js `gameKey`); 0 if none were kept. */
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
