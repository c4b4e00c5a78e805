// The Bot Lab's bots on this device (docs/bots.md, "Keep"): several, by name, in their own
// localStorage key, never touching the saved games (destijl.game.*); and bots as .py files
// and as links (the code in the URL fragment, which never reaches a server).

import { RULES } from "../rules-data.js";

export const BOTS_KEY = "destijl.lab.bots";
const MAX_CODE = RULES.max_bot_source; // destijl.bots.user.MAX_SOURCE
const MAX_NAME = RULES.max_name; // a bot's name is a seat's name

function storage() {
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The saved bots, a Map name -> {code, savedAt}; empty when none or unreadable. A Map, so
 * that any name (__proto__, constructor, ...) is a bot's name like any other. Stored as a
 * JSON object, whose keys JSON.parse and Object.fromEntries keep as plain own keys.
 */
export function readBots() {
  const bots = new Map();
  try {
    const data = JSON.parse(storage()?.getItem(BOTS_KEY) || "{}");
    if (!data || typeof data !== "object" || Array.isArray(data)) return bots;
    for (const [name, bot] of Object.entries(data)) {
      if (typeof bot?.code === "string" && name.length <= MAX_NAME) bots.set(name, { code: bot.code, savedAt: String(bot.savedAt ?? "") });
    }
  } catch {
    // unreadable: no bots
  }
  return bots;
}

/** The saved bots' names, sorted. */
export function botNames() {
  return [...readBots().keys()].sort((a, b) => a.localeCompare(b));
}

function write(bots) {
  const store = storage();
  if (!store) return { ok: false, problem: "this browser does not let the page save anything" };
  try {
    store.setItem(BOTS_KEY, JSON.stringify(Object.fromEntries(bots)));
    return { ok: true };
  } catch (error) {
    const full = error?.name === "QuotaExceededError";
    return { ok: false, problem: full ? "the browser's storage is full" : `the browser refused (${error?.name ?? error})` };
  }
}

/** A bot's name as it is kept: trimmed, at most MAX_NAME characters, never empty. */
export function cleanName(name) {
  const text = String(name ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, MAX_NAME);
  return text || "My bot";
}

/** Is another bot (other code) saved as `name` (as cleanName keeps it)? Save asks first then. */
export function replacesBot(name, code) {
  const saved = readBots().get(cleanName(name));
  return saved !== undefined && saved.code !== code;
}

/** Save (or replace) the bot `name`: {ok, name} or {ok: false, problem}. */
export function saveBot(name, code) {
  if (code.length > MAX_CODE) return { ok: false, problem: `the code is longer than ${MAX_CODE.toLocaleString("en")} characters` };
  const clean = cleanName(name);
  const bots = readBots();
  bots.set(clean, { code, savedAt: new Date().toISOString() });
  return { ...write(bots), name: clean };
}

/** Delete the bot `name`. */
export function deleteBot(name) {
  const bots = readBots();
  bots.delete(name);
  return write(bots);
}

const toBase64url = (bytes) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join("")).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromBase64url = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** A link to this page that carries the bot: #bot=<base64url UTF-8>&name=<name>. */
export function shareLink(code, name, base = location.href) {
  const url = new URL(base);
  const bytes = new TextEncoder().encode(code);
  url.hash = `bot=${toBase64url(bytes)}&name=${encodeURIComponent(cleanName(name))}`;
  url.search = url.search.replace(/([?&])bot=[^&]*&?/, "$1");
  return url.href;
}

/** The bot in a link's fragment (or `bot` parameter, for the embed): {code, name} or null. */
export function botFromLink(hash = location.hash, search = location.search) {
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const query = new URLSearchParams(search);
  const packed = fragment.get("bot") ?? query.get("bot");
  if (!packed) return null;
  try {
    const code = new TextDecoder("utf-8", { fatal: true }).decode(fromBase64url(packed));
    if (code.length > MAX_CODE) return null;
    return { code, name: cleanName(fragment.get("name") ?? query.get("name") ?? "Shared bot") };
  } catch {
    return null;
  }
}

/** Offer `code` as a download, `<name>.py`. */
export function exportBot(name, code) {
  const file = `${cleanName(name).replace(/[^\w-]+/g, "_") || "bot"}.py`;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([code], { type: "text/x-python" }));
  link.download = file;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return file;
}

/** The text of a .py file the person picked: {code, name} or {problem}. */
export async function importBot(file) {
  if (file.size > MAX_CODE * 4) return { problem: `${file.name} is too large for a bot` };
  try {
    const code = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    return { code, name: cleanName(file.name.replace(/\.py$/i, "")) };
  } catch {
    return { problem: `${file.name} is not UTF-8 text` };
  }
}
