// Import: a record file read by the engine (its text, by the engine's own rules) and
// replayed; it opens once the player agrees to replace the game in progress
// (`saves.confirmReplace`), as a game of its own that came as "import" (never rated).
// Today's Painting results and friend games arriving as files go to their own features.

import { clip } from "../quote.js";
import * as T from "../transitions.js";
import { lost, reason, turnText } from "./narration.js";

/** Imports larger than this are refused before they are read (a record is ~10 kB). */
export const IMPORT_MAX_BYTES = 1_000_000;

/**
 * @param deps `engine`, the store's `get`/`up`, `table`, `saves`, `bots`, and where other
 *   files go: `daily` (`fileOf`), `dailyPlay` (`importDays`), `friends` (`openRecord`).
 */
export function createImport({ engine, up, table, saves, bots, daily, dailyPlay, friends }) {
  let pendingImport = null; // {name, view} waiting for the player's yes

  /**
   * Read a record file (at most IMPORT_MAX_BYTES): the engine reads its text by its own
   * rules (no key twice, no 1e400, a byte order mark skipped) and replays it; then it is
   * opened once the player agrees.
   */
  async function importRecord(file) {
    const name = clip(file.name, 60);
    if (file.size > IMPORT_MAX_BYTES) {
      return up(T.refused, `${name} is not a game record: it is ${(file.size / 1e6).toFixed(1)} MB, and a record is at most 1 MB.`);
    }
    const text = await file.text();
    const dailies = daily.fileOf(text); // Today's Painting results (docs/daily.md), each checked by the engine
    if (dailies) return dailyPlay.importDays(dailies, name);
    let view;
    try {
      view = await engine.call("view", { record_text: text });
    } catch (error) {
      if (lost(error)) return undefined;
      // a file that is not JSON at all: say so in words, not with the JSON parser's message
      const garbled = /^record_text: not valid JSON/.test(error?.message || "");
      return up(T.refused, `${name} could not be read as a De Stijl game: ${garbled
        ? "it is not a game record (a record is the file that Export saves)" : reason(error)}`);
    }
    if (/^destijl-friend\/[12]$/.test(view.record?.format ?? "")) return friends.openRecord(view.record); // docs/friends.md
    pendingImport = { name, view };
    saves.confirmReplace({ title: "Open the imported game?", yesLabel: "Open the imported game", yes: { type: "import-confirmed" } },
      () => openImport());
    return undefined;
  }

  /** Play on from the imported game the engine read. */
  function openImport() {
    const pending = pendingImport;
    pendingImport = null;
    up(T.closeDialog);
    if (!pending) return;
    const { view } = pending;
    table.replaced("import"); // never rated, even when played on here
    up(T.gameLoaded, view, `Imported ${pending.name}: ${view.record.moves.length} moves. ${turnText(view)}`);
    saves.save(view, { fresh: true });
    saves.refreshList();
    bots.run();
  }

  /** The player declined a replacement: keep the game (the controller shows it, when asked). */
  function decline() {
    pendingImport = null;
    up(T.closeDialog);
  }

  return { importRecord, openImport, decline };
}
