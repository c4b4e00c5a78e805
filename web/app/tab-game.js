// This tab's game (sessionStorage destijl.tab.<mode>): each tab remembers the id of its own
// game, so two tabs keep two games (saved-games.js saves under a new id a game another page
// load wrote). Kept in memory when sessionStorage is blocked.

import { quiet, session } from "./storage.js";

const TAB_KEYS = { full: "destijl.tab.full", embed: "destijl.tab.embed" };
const memoryTab = {}; // the tab's game ids when sessionStorage is blocked

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
