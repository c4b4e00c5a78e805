// Export: the game on the table, or a saved game, offered as a record file (the download is
// the `art` part's, loaded later).

import { loadGame, rawGame } from "../saved-games.js";
import * as T from "../transitions.js";

/**
 * @param deps the store's `get`/`up`, `parts` (`art`: the download) and `saves`
 *   (`refreshList()` when a saved game is gone).
 */
export function createExport({ get, up, parts, saves }) {
  /** Offer `text` as a download named `name`, and say so. */
  function offer(text, name) {
    parts.art.when(({ download }) => {
      download(new Blob([text], { type: "application/json" }), name);
      up(T.announce, `Exported ${name}.`);
    });
  }

  /** Download the game on the table, as it is on screen, as a record file. */
  function exportRecord() {
    const v = get().view;
    if (!v) return;
    offer(`${JSON.stringify(v.record, null, 2)}\n`, `destijl-${v.record.seed ?? "game"}-move${v.record.moves.length}.json`);
  }

  /** Download a saved game: its record if it has one, else the stored text as it is. */
  function exportSaved(id) {
    const found = loadGame(id);
    if (!found) return saves.refreshList();
    if (found.save) return offer(`${JSON.stringify(found.save.record, null, 2)}\n`, `destijl-saved-${id}.json`);
    return offer(rawGame(id) ?? "", `destijl-saved-${id}-damaged.json`);
  }

  return { exportRecord, exportSaved };
}
