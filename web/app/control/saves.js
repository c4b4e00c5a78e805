// Saves: the game kept in the browser after every move, restored at load, and game
// records exported to and imported from files.

import { clearSave, loadSave, writeSave } from "../storage.js";
import * as T from "../transitions.js";
import { reason, turnText } from "./narration.js";

export function createSaves(ctx) {
  const { engine, get, up, mode } = ctx;

  /** The saved game of this page mode: null, {record} or {error} (storage.js). */
  const load = () => loadSave(mode);

  /** Keep the game's record so a reload brings it back. */
  const save = (view) => writeSave(mode, view.record);

  /** Replay a saved game through the engine; `show` puts it on the table. */
  async function restore(saved, show) {
    let problem = saved.error;
    if (!problem) {
      try {
        const view = await engine.call("view", { record: saved.record });
        if (show) {
          up(T.gameLoaded, view, `Your saved game is back: ${turnText(view)}`);
          ctx.bots.run();
        } else {
          up((s) => ({ ...s, view }));
        }
        return;
      } catch (error) {
        problem = `${error.type === "BadRecord" ? "the engine could not replay it" : "the engine refused it"}: ${error.message}`;
      }
    }
    clearSave(mode);
    up(T.setNotices, [...get().notices,
      `Your saved game could not be restored, so it was cleared and a fresh game is ready. Reason: ${problem}`]);
  }

  /** Download the game's record as a JSON file. */
  function exportRecord() {
    const v = get().view;
    if (!v) return;
    const blob = new Blob([`${JSON.stringify(v.record, null, 2)}\n`], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `destijl-${v.record.seed ?? "game"}-move${v.record.moves.length}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    up(T.announce, `Exported the game record as ${a.download}.`);
  }

  /** Read a record file, have the engine replay it, and play on from it. */
  async function importRecord(file) {
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch (error) {
      return up(T.refused, `${file.name} is not a game record: it is not valid JSON (${error.message}).`);
    }
    try {
      const view = await engine.call("view", { record });
      ctx.games.replaced();
      up(T.gameLoaded, view, `Imported ${file.name}: ${view.record.moves.length} moves. ${turnText(view)}`);
      save(view);
      ctx.bots.run();
    } catch (error) {
      up(T.refused, `${file.name} could not be read as a De Stijl game: ${reason(error)}`);
    }
  }

  return { load, save, restore, exportRecord, importRecord };
}
