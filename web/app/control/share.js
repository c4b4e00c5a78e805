// Share links: a URL that sets up the same game (seed, seats, options) on the full site.

import { shareParams } from "../params.js";
import * as T from "../transitions.js";

export function createShare(ctx) {
  const { get, up, mode, location } = ctx;

  function url() {
    const v = get().view;
    const page = mode === "embed" ? "index.html" : location.pathname.split("/").pop() || "";
    const base = new URL(page, location.href);
    base.search = shareParams(v.record);
    return base.href;
  }

  /** Open the share dialog for a game with a seed (only those can be shared). */
  function open() {
    const r = get().view?.record;
    if (r?.seed !== undefined && r?.seed !== null) up(T.openDialog, { kind: "share", url: url() });
  }

  async function copy() {
    const d = get().dialog;
    if (!d?.url) return;
    let note = "Copied to the clipboard.";
    try {
      await navigator.clipboard.writeText(d.url);
    } catch {
      note = "Select the link and copy it (Ctrl+C or ⌘C).";
    }
    up(T.openDialog, { ...d, note });
  }

  return { open, copy };
}
