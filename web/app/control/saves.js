// Saves: every game kept in the browser under its own id after every move (storage.js),
// this tab's game restored at load, the saved-games list of the start screen, the notice
// when saving fails, and game records exported to and imported from files. Nothing
// replaces a game in progress without the player's yes (`confirmReplace`), and no save is
// ever deleted but by the player: one that cannot be opened is kept, listed with the
// reason, to export or delete; room is made in full storage only after a yes. Finished
// games go only by the player's rule in Settings (the count kept), each judged over by the
// engine first, and the note names each one that went; games opened from someone else's
// link are a list of their own (storage.js KEEP_SHARED) and never push out the player's.

import { clip } from "../quote.js";
import {
  KEEP_CHOICES, KEEP_FINISHED, KEEP_SHARED, listGames, loadGame, loadPrefs, makeRoom, newGameId, ownFinished, pruneShared, removeGame,
  roomOffer, saveGame, setTabGame, tabGame,
} from "../storage.js";
import * as T from "../transitions.js";
import { reason, turnText } from "./narration.js";
import * as W from "./save-words.js";

export function createSaves(ctx) {
  const { engine, get, up, mode } = ctx;
  let told = false; // the player was told that saving fails (until a save works)
  let stored = { id: null, moves: null }; // what storage holds of the game on the table
  const unopenable = new Map(); // id -> why the engine could not open it (this page load)
  const pruned = { own: [], shared: [] }; // summaries of the games that went this page load
  const judged = new Map(); // id -> true when the engine said the saved game is over (this page load)
  let tidying = Promise.resolve(); // the tidies, one after the other

  /** Refresh the start screen's list of saved games, the unreadable ones and the count. */
  function refreshList() {
    const { games, broken, repaired } = listGames(mode);
    const refused = games.filter((g) => unopenable.has(g.id)).map((g) => ({ id: g.id, why: unopenable.get(g.id), moves: g.moves, seats: g.seats }));
    const note = W.tidied(pruned, keepFinished(), KEEP_SHARED);
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
    engine.ready.then(() => tidy(), () => {}); // once the engine can say which games are over
    return loadGame(tabGame(mode));
  }

  /** The player's rule in Settings: how many finished games are kept (a count, or "all"). */
  function keepFinished() {
    const keep = loadPrefs().keepFinished;
    return KEEP_CHOICES.includes(keep) ? keep : KEEP_FINISHED;
  }

  /** Is the saved game `g` over, by the engine's word (a replay of its record)? */
  async function over(g) {
    if (judged.has(g.id)) return judged.get(g.id);
    const save = loadGame(g.id)?.save;
    if (!save) return false;
    try {
      const view = await engine.call("view", { record: save.record });
      judged.set(g.id, view.is_over === true && view.ply === save.moves);
    } catch (error) { // refused: not finished, so never tidied away; an engine lost: asked again later
      if (!ctx.loading.lost(error)) judged.set(g.id, false);
      return false;
    }
    return judged.get(g.id);
  }

  /**
   * Tidy away what the rules allow, naming each in the note: shared games beyond the
   * newest KEEP_SHARED, and the player's finished games beyond the count kept in
   * Settings, oldest first, each only once the engine says it is over. The game on the
   * table and damaged saves never go; unfinished games never go.
   */
  function tidy() {
    tidying = tidying.then(async () => {
      const except = [get().gameId, tabGame(mode)]; // the table's game, and the one this tab restores
      pruned.shared.push(...pruneShared(mode, except));
      const keep = keepFinished();
      let finished = 0;
      for (const g of ownFinished(mode, keep)) { // newest first
        if (!(await over(g))) continue;
        finished += 1;
        if (finished <= keep || [get().gameId, tabGame(mode)].includes(g.id) || loadGame(g.id)?.save?.moves !== g.moves) continue;
        removeGame(g.id);
        judged.delete(g.id);
        pruned.own.push(g);
      }
      refreshList();
    }).catch(() => {});
    return tidying;
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
    const result = saveGame(mode, id, view.record, { claim, daily: get().daily, shared: fresh ? get().shared : undefined });
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
    if (!told || get().saveProblem) up(T.setSaveProblem, problemText(view, result));
    told = true;
  }

  /** The banner when a save failed: why, what is really kept, and the room on offer. */
  function problemText(view, result) {
    const room = result.full ? roomOffer(mode, result.id).count : 0;
    return { text: W.notSaved(view.record.moves.length, stored.moves, result.problem), room };
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
          up(T.gameLoaded, view, W.back(saved.save, turnText(view)));
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
    up(T.setNotices, [...get().notices, W.couldNotOpen(saved, problem)]);
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
    const kept = keptOf(v);
    const text = W.replacing(v, kept, !!get().saveProblem?.text);
    up(T.openDialog, { kind: "confirm", title, yesLabel, yes, no, text, exportable: kept !== "all" });
    return undefined;
  }

  /** Delete a saved game: asks first; `confirmed` is the player's yes. */
  function deleteSaved(id, confirmed = false) {
    if (!confirmed) {
      return up(T.openDialog, { kind: "confirm", title: "Delete this saved game?", yesLabel: "Delete it",
        yes: { type: "delete-saved", id, confirmed: true }, text: W.deleting(loadGame(id)?.save) });
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

  return { load, save, restore, resumeSaved, refreshList, inProgress, confirmReplace, deleteSaved, makeRoomFor, tidy };
}
