// Saves: every game kept in the browser under its own id after every move (saved-games.js),
// this tab's game restored at load, the saved-games list of the start screen, the notice
// when saving fails, and game records exported to and imported from files. Nothing
// replaces a game in progress without the player's yes (`confirmReplace`), and no save is
// ever deleted but by the player: one that cannot be opened is kept, listed with the
// reason, to export or delete; room is made in full storage only after a yes. Finished
// games go only by the player's rule in Settings (the count kept), each judged over by the
// engine first, and the note names each one that went; games opened from someone else's
// link are a list of their own (saved-games.js KEEP_SHARED) and never push out the player's.

import { clip } from "../quote.js";
import { gameModeOf, keptFields } from "../modes.js";
import { listGames, loadGame, makeRoom, newGameId, removeGame, roomOffer, saveGame } from "../saved-games.js";
import { setTabGame, tabGame } from "../tab-game.js";
import * as T from "../transitions.js";
import { lost, reason, turnText } from "./narration.js";
import * as W from "./save-words.js";
import { createTidy } from "./tidy.js";

/**
 * @param deps `engine`, the store's `get`/`up`, the page's `mode` ("full" or "embed": each
 *   keeps its own games) and `table` (`replaced()` when a restored game takes the table).
 */
export function createSaves(deps) {
  const { engine, get, up, mode } = deps;
  const unopenable = new Map(); // id -> why the engine could not open it (this page load)
  const tidier = createTidy(deps, refreshList); // finished and shared games tidied away
  const table = createTableSave(deps, () => tidier.tidy()); // the game on the table's own save
  const { save, inProgress, confirmReplace } = table;

  /** Refresh the start screen's list of saved games, the unreadable ones and the count. */
  function refreshList() {
    const { games, broken, repaired } = listGames(mode);
    const refused = games.filter((g) => unopenable.has(g.id)).map((g) => ({ id: g.id, why: unopenable.get(g.id), moves: g.moves, seats: g.seats }));
    const note = tidier.note();
    up(T.setSaves, games.filter((g) => !unopenable.has(g.id)), [...broken, ...refused], note);
    if (repaired.length) {
      const n = repaired.length;
      up(T.setNotices, [...get().notices,
        `${n === 1 ? "A saved game's details were" : `${n} saved games' details were`} damaged and rebuilt from the game's record.`]);
    }
  }

  /** At load: this tab's saved game: null, {id, save} or {id, error}. */
  function load() {
    refreshList();
    engine.ready.then(() => tidier.tidy(), () => {}); // once the engine can say which games are over
    return loadGame(tabGame(mode));
  }

  /**
   * Replay a saved game ({id, save} or {id, error}) through the engine and make it the
   * table's game, on show if `show`: true if it is (control/games.js runs its bots then).
   */
  async function restore(saved, show) {
    let problem = saved.error;
    if (!problem) {
      try {
        const view = await engine.call("view", { record: saved.save.record });
        deps.table.replaced(saved.save.origin); // saved-games.js: "unknown" for a save older than the field
        unopenable.delete(saved.id);
        up(T.restoreKept, keptFields(saved.save)); // the mode's own fields (a daily's date)
        up(T.setGameId, saved.id);
        setTabGame(mode, saved.id);
        table.claim(view, saved.id, saved.save.moves);
        if (show) up(T.gameLoaded, view, W.back(saved.save, turnText(view)));
        else up((s) => ({ ...s, view }));
        refreshList();
        return true;
      } catch (error) {
        if (lost(error)) return false;
        problem = `${error.type === "BadRecord" ? "the engine could not replay it" : "the engine could not open it"}: ${reason(error)}`;
      }
    }
    unopenable.set(saved.id, clip(problem, 200));
    if (tabGame(mode) === saved.id) setTabGame(mode, null);
    if (get().gameId === saved.id) up(T.setGameId, null);
    up(T.setNotices, [...get().notices, W.couldNotOpen(saved, problem)]);
    refreshList();
    return false;
  }

  const forget = (id) => unopenable.delete(id);
  return { load, save, restore, refreshList, inProgress, confirmReplace, tidy: () => tidier.tidy(),
    deleteSaved: (id, confirmed) => deleteSaved(deps, { refreshList, forget }, id, confirmed),
    makeRoomFor: (confirmed) => makeRoomFor(deps, { refreshList, save }, confirmed) };
}

/** The banner when a save failed: why, what is really kept (`keptMoves`), and the room on offer. */
function problemText(mode, view, result, keptMoves) {
  const room = result.full ? roomOffer(mode, result.id).count : 0;
  return { text: W.notSaved(view.record.moves.length, keptMoves, result.problem), room };
}

/** Delete a saved game: asks first; `confirmed` is the player's yes. */
function deleteSaved({ get, up, mode }, { refreshList, forget }, id, confirmed = false) {
  if (!confirmed) {
    return up(T.openDialog, { kind: "confirm", title: "Delete this saved game?", yesLabel: "Delete it",
      yes: { type: "delete-saved", id, confirmed: true }, text: W.deleting(loadGame(id)?.save) });
  }
  up(T.closeDialog);
  removeGame(id);
  forget(id);
  if (tabGame(mode) === id) setTabGame(mode, null);
  refreshList();
  return up(T.announce, "The saved game was deleted.");
}

/** Make room in full storage: asks first, naming what goes; then saves again. */
function makeRoomFor({ get, up, mode }, { refreshList, save }, confirmed = false) {
  const v = get().view;
  const offerNow = roomOffer(mode, get().gameId);
  if (!confirmed) {
    if (!offerNow.count) return up(T.refused, "There are no finished games to delete. Delete saved games you no longer need from the start screen's Saved games, or export this game.");
    return up(T.openDialog, { kind: "confirm", title: "Make room for this game?", yesLabel: W.deleteFinished(offerNow.count),
      yes: { type: "make-room", confirmed: true }, noLabel: "Keep them", text: W.makingRoom(offerNow) });
  }
  up(T.closeDialog);
  const n = makeRoom(mode, get().gameId);
  refreshList();
  up(T.announce, `${n} finished game${n === 1 ? " was" : "s were"} deleted to make room.`);
  if (v) save(v);
  return undefined;
}

/**
 * The game on the table's own save: kept after every move, what storage really holds of it
 * (`stored`), the banner when saving fails, and the yes before it is replaced. `tidy()` runs
 * after a new game's first save.
 */
function createTableSave({ get, up, mode }, tidy) {
  let told = false; // the player was told that saving fails (until a save works)
  let stored = { id: null, moves: null }; // what storage holds of the game on the table

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
    const result = saveGame(mode, id, view.record, { claim, kept: gameModeOf(get()).kept(get()), shared: fresh ? get().shared : undefined, origin: get().origin });
    if (result.id !== get().gameId) {
      up(T.setGameId, result.id);
      setTabGame(mode, result.id);
    }
    if (result.ok) {
      stored = { id: result.id, moves: view.record.moves.length };
      if (fresh) tidy();
      if (told) {
        told = false;
        up(T.setSaveProblem, null);
        up(T.announce, "Your game is being saved again.");
      }
      return;
    }
    if (stored.id !== result.id) stored = { id: result.id, moves: result.kept };
    // kept up to date while shown; once the player dismissed it, the confirm dialog still tells
    if (!told || get().saveProblem) up(T.setSaveProblem, problemText(mode, view, result, stored.moves));
    told = true;
  }

  /**
   * Ask before replacing the game in progress. Calls `go` at once if there is none;
   * otherwise opens the confirm dialog whose yes dispatches `yes` (an intent). The text
   * says what is really kept, and offers Export when not all of it is.
   */
  function confirmReplace({ title, yesLabel, yes, no = null }, go) {
    if (!inProgress()) return go();
    const v = get().view;
    const kept = keptOf(v);
    const text = W.replacing(v, kept, !!get().saveProblem?.text);
    up(T.openDialog, { kind: "confirm", title, yesLabel, yes, no, text, exportable: kept !== "all" });
    return undefined;
  }

  /** A saved game `id` of `moves` moves is on the table again (restore, resume): take it over. */
  function claim(view, id, moves) {
    stored = { id, moves };
    save(view, { claim: true });
  }

  return { save, claim, inProgress, confirmReplace };
}
