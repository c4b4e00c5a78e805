// Saves: every game kept in the browser under its own id after every move (storage.js),
// this tab's game restored at load, the saved-games list of the start screen, the notice
// when saving fails, and game records exported to and imported from files. Nothing
// replaces a game in progress without the player's yes (`confirmReplace`).

import { clip } from "../quote.js";
import {
  listGames, loadGame, migrateOldSave, newGameId, removeGame, saveGame, setTabGame, tabGame,
} from "../storage.js";
import * as T from "../transitions.js";
import { reason, turnText } from "./narration.js";

/** Imports larger than this are refused before they are read (a record is ~10 kB). */
export const IMPORT_MAX_BYTES = 1_000_000;

export function createSaves(ctx) {
  const { engine, get, up, mode } = ctx;
  let pendingImport = null; // {name, record} waiting for the player's yes
  let told = false; // the player was told that saving fails (once, until a save works)

  /** Refresh the start screen's list of saved games (and report unreadable ones). */
  function refreshList() {
    const { games, dropped } = listGames(mode);
    up(T.setSaves, games);
    if (dropped.length) up(T.setNotices, [...get().notices, ...dropped]);
  }

  /**
   * At load: move the old single save, then this tab's saved game: null, {id, save} or
   * {id, error}. Notices for anything unreadable go to the start screen.
   */
  function load() {
    const moved = migrateOldSave(mode);
    if (moved?.error) couldNotRestore(moved.error);
    else if (moved?.id && !tabGame(mode)) setTabGame(mode, moved.id);
    refreshList();
    return loadGame(tabGame(mode));
  }

  /** The game on the table is unfinished and has moves: replacing it needs a yes. */
  function inProgress() {
    const v = get().view;
    return !!(v && !v.is_over && v.record.moves.length > 0);
  }

  /**
   * Keep the game's record so a reload brings it back. `fresh` starts a new save (a new
   * game or an import); `claim` takes over a save (restore, resume). A failed save says
   * so once, plainly; the game goes on.
   */
  function save(view, { fresh = false, claim = false } = {}) {
    const id = fresh || !get().gameId ? newGameId() : get().gameId;
    const result = saveGame(mode, id, view.record, { claim });
    if (result.id !== get().gameId) {
      up(T.setGameId, result.id);
      setTabGame(mode, result.id);
    }
    if (!result.ok) {
      if (!told) up(T.setSaveProblem, `This game is not being saved: ${result.problem}.`);
      told = true;
    } else if (told) {
      told = false;
      up(T.setSaveProblem, null);
      up(T.announce, "Your game is being saved again.");
    }
  }

  function couldNotRestore(problem) {
    up(T.setNotices, [...get().notices,
      `Your saved game could not be restored, so it was cleared and a fresh game is ready. Reason: ${clip(problem, 200)}`]);
  }

  /** Replay a saved game ({id, save} or {id, error}) through the engine; `show` puts it on the table. */
  async function restore(saved, show) {
    let problem = saved.error;
    if (!problem) {
      try {
        const view = await engine.call("view", { record: saved.save.record });
        const when = new Date(saved.save.savedAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
        ctx.games.replaced();
        up(T.setGameId, saved.id);
        setTabGame(mode, saved.id);
        save(view, { claim: true });
        if (show) {
          up(T.gameLoaded, view, `Your saved game is back (move ${saved.save.moves}, saved at ${when}): ${turnText(view)}`);
          ctx.bots.run();
        } else {
          up((s) => ({ ...s, view }));
        }
        refreshList();
        return true;
      } catch (error) {
        if (ctx.loading.lost(error)) return false;
        problem = `${error.type === "BadRecord" ? "the engine could not replay it" : "the engine refused it"}: ${clip(error.message, 200)}`;
      }
    }
    removeGame(saved.id);
    if (tabGame(mode) === saved.id) setTabGame(mode, null);
    if (get().gameId === saved.id) up(T.setGameId, null);
    couldNotRestore(problem);
    refreshList();
    return false;
  }

  /** Resume a game of the saved-games list (the one on the table stays saved too). */
  async function resumeSaved(id) {
    const saved = loadGame(id);
    if (!saved) {
      refreshList();
      return up(T.refused, "That saved game is gone (another tab may have removed it).");
    }
    await restore(saved, true);
  }

  /**
   * Ask before replacing the game in progress. Calls `go` at once if there is none;
   * otherwise opens the confirm dialog whose yes dispatches `yes` (an intent).
   */
  function confirmReplace({ title, yesLabel, yes, no = null }, go) {
    if (!inProgress()) return go();
    const v = get().view;
    const who = v.seats.map((s) => s.name).join(", ");
    up(T.openDialog, { kind: "confirm", title, yesLabel, yes, no,
      text: `Your game in progress (${who}; move ${v.record.moves.length}) stays in Saved games: you can resume it from the start screen.` });
    return undefined;
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

  /** Read a record file (at most IMPORT_MAX_BYTES), then open it once the player agrees. */
  async function importRecord(file) {
    const name = clip(file.name, 60);
    if (file.size > IMPORT_MAX_BYTES) {
      return up(T.refused, `${name} is not a game record: it is ${(file.size / 1e6).toFixed(1)} MB, and a record is at most 1 MB.`);
    }
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch (error) {
      return up(T.refused, `${name} is not a game record: it is not valid JSON (${clip(error.message)}).`);
    }
    pendingImport = { name, record };
    confirmReplace({ title: "Open the imported game?", yesLabel: "Open the imported game", yes: { type: "import-confirmed" } },
      () => openImport());
  }

  /** Have the engine replay the imported record and play on from it. */
  async function openImport() {
    const pending = pendingImport;
    pendingImport = null;
    up(T.closeDialog);
    if (!pending) return;
    try {
      const view = await engine.call("view", { record: pending.record });
      ctx.games.replaced();
      up(T.gameLoaded, view, `Imported ${pending.name}: ${view.record.moves.length} moves. ${turnText(view)}`);
      save(view, { fresh: true });
      refreshList();
      ctx.bots.run();
    } catch (error) {
      if (ctx.loading.lost(error)) return;
      up(T.refused, `${pending.name} could not be read as a De Stijl game: ${reason(error)}`);
    }
  }

  /** The player declined a replacement: keep the game (and show it, when asked). */
  function decline(then) {
    pendingImport = null;
    up(T.closeDialog);
    if (then) ctx.dispatch(then);
  }

  return { load, save, restore, resumeSaved, refreshList, inProgress, confirmReplace,
    exportRecord, importRecord, openImport, decline };
}
