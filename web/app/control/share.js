// Sharing a game (docs/links.md): "Share this game", a link that opens this game's replay
// (the record in the URL fragment, packed by link/codec.js, checked by the engine when
// opened), and "Play this deal", a URL that sets up the same seats, options and seed.

import { copyByHand, copyText, selectField } from "../clipboard.js";
import { linkURL, pack } from "../link/codec.js";
import { shareParams } from "../params.js";
import * as T from "../transitions.js";
import { lost, reason } from "./narration.js";

/** The full site's page for links made here (the embed's links open the full site). */
export function sitePage({ mode, location }) {
  const page = mode === "embed" ? "index.html" : location.pathname.split("/").pop() || "";
  return new URL(page, location.href).href;
}

/** The link text of `record` (`kind` "replay" or "daily" with its `day`), packed as a link;
 * `page`: {mode, location} (sitePage). */
export async function gameLink(engine, page, record, kind = "replay", day = undefined) {
  const args = kind === "daily" ? { record, kind, day } : { record };
  const { text } = await engine.call("link_text", args);
  return linkURL(sitePage(page), await pack(text));
}

/** @param deps `engine`, the store's `get`/`up`, the page's `mode` and `location`. */
export function createShare({ engine, get, up, mode, location }) {

  /** The URL that sets up the same game again (seats, options, seed), or null without a seed. */
  function dealURL(record) {
    if (record.seed === undefined || record.seed === null) return null;
    const base = new URL(sitePage({ mode, location }));
    base.search = shareParams(record);
    return base.href;
  }

  /** Open the share dialog: the deal's URL at once, the game's link once it is packed. */
  async function open() {
    const record = get().view?.record;
    if (!record) return;
    up(T.openDialog, { kind: "share", url: dealURL(record), gameURL: "", note: "", gameNote: "" });
    let change;
    try {
      change = { gameURL: await gameLink(engine, { mode, location }, record) };
    } catch (error) {
      if (lost(error)) return;
      change = { gameNote: `The link to this game could not be made: ${reason(error)}` };
    }
    const d = get().dialog;
    if (d?.kind === "share" && get().view?.record === record) up(T.openDialog, { ...d, ...change });
  }

  /** Copy a link of the dialog: `which` "game" (the replay) or "deal" (play this deal). */
  async function copy(which = "deal") {
    const d = get().dialog;
    const url = which === "game" ? d?.gameURL : d?.url;
    if (!url) return;
    const field = which === "game" ? "gameNote" : "note";
    const copied = await copyText(url);
    const note = copied ? "Copied to the clipboard." : copyByHand();
    if (get().dialog === d) up(T.openDialog, { ...d, [field]: note });
    // by hand: the link in the dialog is selected, ready for Ctrl+C or a phone's Copy
    if (!copied) requestAnimationFrame(() => selectField(which === "game" ? "game-url" : "share-url"));
  }

  return { open, copy };
}
