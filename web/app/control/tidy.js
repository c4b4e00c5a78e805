// Tidying (docs/web.md, "Saved data"): the player's finished games beyond the count kept in
// Settings and the shared games beyond KEEP_SHARED go, oldest first, each finished game only
// once the engine says it is over; the game on the table, damaged saves and unfinished games
// never go. The note names each one that went this page load (control/saves.js shows it).

import { KEEP_CHOICES, KEEP_FINISHED, KEEP_SHARED, loadGame, ownFinished, pruneShared, removeGame } from "../saved-games.js";
import { loadPrefs } from "../prefs.js";
import { tabGame } from "../tab-game.js";
import { lost } from "./narration.js";
import * as W from "./save-words.js";

/** `deps`: `engine`, the store's `get`, the page's `mode`; `refreshList()` redraws the
 * saved-games list after a tidy. Returns {tidy, note}. */
export function createTidy({ engine, get, mode }, refreshList) {
  const pruned = { own: [], shared: [] }; // summaries of the games that went this page load
  const judged = new Map(); // id -> true when the engine said the saved game is over (this page load)
  let tidying = Promise.resolve(); // the tidies, one after the other

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
      if (!lost(error)) judged.set(g.id, false);
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

  /** What went this page load, in words (empty when nothing did). */
  const note = () => W.tidied(pruned, keepFinished(), KEEP_SHARED);

  return { tidy, note };
}
