// The browser's storage itself, for the stores that keep the page's data (saved-games.js,
// tab-game.js, prefs.js, teach/store.js, daily/store.js, friends/store.js, ...): localStorage
// and sessionStorage, either of which can be missing, blocked (private modes, sandboxed
// frames) or full. A read that fails gives its fallback; a write that fails is told in plain
// words (`problemOf`), and the game still plays.

import { clip } from "./quote.js";

export function local() {
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

export function session() {
  try {
    return window.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function quiet(fn, fallback = null) {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** Is `error` the browser's "storage is full" (named or, in older browsers, coded)? */
export function isQuota(error) {
  return error?.name === "QuotaExceededError" || error?.code === 22 || error?.code === 1014;
}

/** Why a write failed, in plain words. */
export function problemOf(error) {
  if (!error) return "this browser does not let this page store data (private browsing, blocked site data or an embed)";
  const name = error.name || "";
  if (isQuota(error)) return "the browser's storage for this site is full";
  if (name === "SecurityError") return "this browser blocks storage for this page (private browsing, blocked site data or a sandboxed embed)";
  return `the browser refused to store it (${clip(error.message || name)})`;
}

