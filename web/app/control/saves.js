// Saves: every game kept in the browser under its own id after every move (storage.js),
// this tab's game restored at load, the saved-games list of the start screen, the notice
// when saving fails, and game records exported to and imported from files. Nothing
// replaces a game in progress without the player's yes (`confirmReplace`), and no save is
// ever deleted but by the player: one that cannot be opened is kept, listed with the
// reason, to export or delete; room is made in full storage only after a yes.

import { clip } from "../quote.js";
import {
  KEEP_FINISHED, listGames, loadGame, makeRoom, newGameId, pruneFinished, rawGame, removeGame, roomOffer, saveGame,
  setTabGame, tabGame,
} from "../storage.js";
import * as T from "../transitions.js";
import { reason, turnText } from "./narration.js";

/** Imports larger than this are refused before they are read (a record is ~10 kB). */
export const IMPORT_MAX_BYTES = 1_000_000;

/** "14:02" for an ISO time, "an unknown time" when it was lost. */
function clock(iso) {
  if (!iso) return "an unknown time";
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export function createSaves(ctx) {
  const { engine, get, up, mode } = ctx;
  let pendingImport = null; // {name, view} waiting for the player's yes
  let told = false; // the player was told that saving fails (until a save works)
  let stored = { id: null, moves: null }; // what storage holds of the game on the table
  const unopenable = new Map(); // id -> why the engine could not open it (this page load)
  let pruned = 0; // finished games tidied away this page load

  /** Refresh the start screen's list of saved games, the unreadable ones and the count. */
  function refreshList() {
    const { games, broken, repaired } = listGames(mode);
    const refused = games.filter((g) => unopenable.has(g.id)).map((g) => ({ id: g.id, why: unopenable.get(g.id), moves: g.moves, seats: g.seats }));
    const note = pruned ? `${pruned} older finished game${pruned === 1 ? " was" : "s were"} tidied away (the newest ${KEEP_FINISHED} finished games are kept).` : "";
    up(T.setSaves, games.filter((g) => !unopenable.has(g.id)), [...broken, ...refused], note);
    if (repaired.length) {
      const n = repaired.length;
      up(T.setNotices, [...get().notices,
        `${n === 1 ? "A saved game's details were" : `${n} saved games' details were`} damaged and rebuilt from the game's record.`]);
    }
  }

  /** At load: this tab's saved game: null, {id, save} or {id, error}. */
  function load() {
    pruned += pruneFinished(mode);
    refreshList();
    return loadGame(tabGame(mode));
  }

  /** The game on the table is unfinished and has moves: replacing it needs a yes. */
  function inProgress() {
    const v = get().view;
    return !!(v && !v.is_over && v.record.moves.length > 0);
  }

  /** How much of the game on the table is kept: "all", a move count, or null (nothing). */
  function keptOf(view) {
    const moves = view.record.moves.length;
    if (stored.id === get().gameId && stored.moves === moves) return "all";
    return stored.id === get().gameId ? stored.moves : null;
  }

  /**
   * Keep the game's record so a reload brings it back. `fresh` starts a new save (a new
   * game or an import); `claim` takes over a save (restore, resume). A failed save says
   * plainly what is kept; the game goes on.
   */
  function save(view, { fresh = false, claim = false } = {}) {
    const id = fresh || !get().gameId ? newGameId() : get().gameId;
    const result = saveGame(mode, id, view.record, { claim, daily: get().daily });
    if (result.id !== get().gameId) {
      up(T.setGameId, result.id);
      setTabGame(mode, result.id);
    }
    if (result.ok) {
      stored = { id: result.id, moves: view.record.moves.length };
      if (fresh) pruned += pruneFinished(mode, result.id);
      if (told) {
        told = false;
        up(T.setSaveProblem, null);
        up(T.announce, "Your game is being saved again.");
      }
      return;
    }
    if (stored.id !== result.id) stored = { id: result.id, moves: result.kept };
    // kept up to date while shown; once the player dismissed it, the confirm dialog still tells
    if (!told || get().saveProblem) up(T.setSaveProblem, problemText(view, result));
    told = true;
  }

  /** The banner's words when a save failed: why, and what is really kept. */
  function problemText(view, result) {
    const moves = view.record.moves.length;
    const kept = stored.moves;
    const what = kept === null || kept === undefined
      ? "No copy of it is stored"
      : `The stored copy stops at move ${kept}${moves > kept ? `; move${moves - kept > 1 ? `s ${kept + 1} to ${moves} are` : ` ${moves} is`} not kept` : ""}`;
    const room = result.full ? roomOffer(mode, result.id).count : 0;
    return { text: `This game is not being saved: ${result.problem}. ${what}. Export it to keep it as it is now.`, room };
  }

  function couldNotOpen(saved, problem) {
    const at = saved.save ? ` (move ${saved.save.moves}, saved at ${clock(saved.save.savedAt)})` : "";
    up(T.setNotices, [...get().notices,
      `Your saved game${at} could not be opened: ${clip(problem, 200)}. It is kept in Saved games, where you can export or delete it.`]);
  }

  /** Replay a saved game ({id, save} or {id, error}) through the engine; `show` puts it on the table. */
  async function restore(saved, show) {
    let problem = saved.error;
    if (!problem) {
      try {
        const view = await engine.call("view", { record: saved.save.record });
        ctx.games.replaced();
        unopenable.delete(saved.id);
        up(T.setDaily, ctx.daily.tagOf(saved.save.daily));
        up(T.setGameId, saved.id);
        setTabGame(mode, saved.id);
        stored = { id: saved.id, moves: saved.save.moves };
        save(view, { claim: true });
        if (show) {
          up(T.gameLoaded, view, `Your saved game is back (move ${saved.save.moves}, saved at ${clock(saved.save.savedAt)}): ${turnText(view)}`);
          ctx.bots.run();
          ctx.daily.ended();
        } else {
          up((s) => ({ ...s, view }));
        }
        refreshList();
        return true;
      } catch (error) {
        if (ctx.loading.lost(error)) return false;
        problem = `${error.type === "BadRecord" ? "the engine could not replay it" : "the engine could not open it"}: ${reason(error)}`;
      }
    }
    unopenable.set(saved.id, clip(problem, 200));
    if (tabGame(mode) === saved.id) setTabGame(mode, null);
    if (get().gameId === saved.id) up(T.setGameId, null);
    couldNotOpen(saved, problem);
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
   * otherwise opens the confirm dialog whose yes dispatches `yes` (an intent). The text
   * says what is really kept, and offers Export when not all of it is.
   */
  function confirmReplace({ title, yesLabel, yes, no = null }, go) {
    if (!inProgress()) return go();
    const v = get().view;
    const who = v.seats.map((s) => s.name).join(", ");
    const moves = v.record.moves.length;
    const kept = keptOf(v);
    let text = `Your game in progress (${who}; move ${moves}) stays in Saved games: you can resume it from the start screen.`;
    if (kept !== "all") {
      text = kept === null
        ? `Your game in progress (${who}; move ${moves}) is not saved (${get().saveProblem?.text ? "the browser did not store it" : "it was not stored"}): it will be lost. Export it first to keep it.`
        : `Your game in progress (${who}; move ${moves}) is saved only up to move ${kept}: the moves after it will be lost. Export it first to keep all of it.`;
    }
    up(T.openDialog, { kind: "confirm", title, yesLabel, yes, no, text, exportable: kept !== "all" });
    return undefined;
  }

  /** Offer `text` as a download named `name`, and say so. */
  function offer(text, name) {
    const blob = new Blob([text], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    up(T.announce, `Exported ${name}.`);
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
    if (!found) return refreshList();
    if (found.save) return offer(`${JSON.stringify(found.save.record, null, 2)}\n`, `destijl-saved-${id}.json`);
    return offer(rawGame(id) ?? "", `destijl-saved-${id}-damaged.json`);
  }

  /** Delete a saved game: asks first; `confirmed` is the player's yes. */
  function deleteSaved(id, confirmed = false) {
    if (!confirmed) {
      const found = loadGame(id);
      const what = found?.save ? ` (${found.save.seats.map((s) => clip(s?.name ?? "?", 40)).join(", ")}; move ${found.save.moves})` : "";
      return up(T.openDialog, { kind: "confirm", title: "Delete this saved game?", yesLabel: "Delete it",
        yes: { type: "delete-saved", id, confirmed: true },
        text: `The saved game${what} will be removed from this browser for good. Export it first to keep a copy.` });
    }
    up(T.closeDialog);
    removeGame(id);
    unopenable.delete(id);
    if (tabGame(mode) === id) setTabGame(mode, null);
    refreshList();
    return up(T.announce, "The saved game was deleted.");
  }

  /** Make room in full storage: asks first, naming what goes; then saves again. */
  function makeRoomFor(confirmed = false) {
    const v = get().view;
    const offerNow = roomOffer(mode, get().gameId);
    if (!confirmed) {
      if (!offerNow.count) return up(T.refused, "There are no finished games to delete. Delete saved games you no longer need from the start screen's Saved games, or export this game.");
      const since = offerNow.oldest ? `, the oldest from ${new Date(offerNow.oldest).toLocaleDateString()}` : "";
      return up(T.openDialog, { kind: "confirm", title: "Make room for this game?", yesLabel: `Delete ${offerNow.count} finished game${offerNow.count > 1 ? "s" : ""}`,
        yes: { type: "make-room", confirmed: true }, noLabel: "Keep them",
        text: `To make room, the ${offerNow.count} finished game${offerNow.count > 1 ? "s" : ""} saved in this browser (about ${Math.ceil(offerNow.bytes / 1024)} kB${since}) would be deleted. Your unfinished games stay.` });
    }
    up(T.closeDialog);
    const n = makeRoom(mode, get().gameId);
    refreshList();
    up(T.announce, `${n} finished game${n === 1 ? " was" : "s were"} deleted to make room.`);
    if (v) save(v);
    return undefined;
  }

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
    const dailies = ctx.daily.fileOf(text); // Today's Painting results (docs/daily.md), each checked by the engine
    if (dailies) return ctx.daily.importDays(dailies, name);
    let view;
    try {
      view = await engine.call("view", { record_text: text });
    } catch (error) {
      if (ctx.loading.lost(error)) return undefined;
      // a file that is not JSON at all: say so in words, not with the JSON parser's message
      const garbled = /^record_text: not valid JSON/.test(error?.message || "");
      return up(T.refused, `${name} could not be read as a De Stijl game: ${garbled
        ? "it is not a game record (a record is the file that Export saves)" : reason(error)}`);
    }
    if (view.record?.format === "destijl-friend/1") return ctx.friends.openRecord(view.record); // docs/friends.md
    pendingImport = { name, view };
    confirmReplace({ title: "Open the imported game?", yesLabel: "Open the imported game", yes: { type: "import-confirmed" } },
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
    ctx.games.replaced();
    up(T.gameLoaded, view, `Imported ${pending.name}: ${view.record.moves.length} moves. ${turnText(view)}`);
    save(view, { fresh: true });
    refreshList();
    ctx.bots.run();
  }

  /** The player declined a replacement: keep the game (and show it, when asked). */
  function decline(then) {
    pendingImport = null;
    up(T.closeDialog);
    if (then) ctx.dispatch(then);
  }

  return { load, save, restore, resumeSaved, refreshList, inProgress, confirmReplace,
    exportRecord, exportSaved, deleteSaved, makeRoomFor, importRecord, openImport, decline };
}
