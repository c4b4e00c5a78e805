// What teaching asks the engine: the score history of each new game position, the preview
// of every spot of the held card, and the Hint (the medium bot's move, picked up and turned
// for the player). One question of each kind at a time; a stale answer is dropped.

import { modeOf } from "../modes.js";
import { humanTurn } from "../queries.js";
import { loadHintsUsed, saveHintsUsed } from "./store.js";
import * as T from "../transitions.js";
import { changeText, spotText } from "../words.js";
import { previewKey } from "./state.js";

/** A key naming one game (its seed and deal), for the hints it used. */
export function gameKey(record) {
  return `${record.seed ?? ""}:${(record.deal || []).join(".")}`;
}

/**
 * The engine's answers for teaching. `deps`: `engine` and the store's `get`/`up`;
 * `set(changes)` changes `state.teach`.
 */
export function createAsks({ engine, get, up }, set) {
  const asking = { history: null, preview: null };

  // -- a new view: drop stale hints, count hints of a new game, ask for the history ----------
  function viewChanged(s, p) {
    set(staleChanges(s, p));
    history(s.view.record);
  }

  async function history(record) {
    if (asking.history === record) return;
    asking.history = record;
    try {
      const result = await engine.call("history", { record });
      if (get().view?.record === record) set({ history: { record, ...result } });
    } catch (error) {
      console.warn(`history: ${error.message}`);
    } finally {
      if (asking.history === record) asking.history = null;
    }
  }

  // -- the preview: every spot of the held card, as soon as it is picked or turned -----------
  async function preview(s) {
    const v = s.view;
    if (!humanTurn(s) || s.held === null || s.busy || !v.legal?.[s.held]) return;
    const key = previewKey(s);
    const have = s.teach.preview;
    if (have && have.record === v.record && have.key === key) return;
    const asked = `${key}|${gameKey(v.record)}`;
    if (asking.preview === asked) return;
    asking.preview = asked;
    try {
      const result = await engine.call("preview", { record: v.record, card: s.held, rotation: s.rotation });
      const now = get();
      if (now.view?.record !== v.record || previewKey(now) !== key) return; // turned or placed meanwhile
      const spots = Object.fromEntries(result.spots.map((spot) => [`${spot.x},${spot.y}`, spot]));
      set({ preview: { record: v.record, key, seat: result.seat, spots } });
    } catch (error) {
      console.warn(`preview: ${error.message}`);
    } finally {
      if (asking.preview === asked) asking.preview = null;
    }
  }

  // -- the Hint: the medium bot's move as a ghost, the card picked up and turned ----------------
  async function hint() {
    const s = get();
    if (!humanTurn(s) || s.busy || !s.teach.hints || !modeOf(s).hints) return; // none in a friend game
    const v = s.view;
    try {
      const result = await engine.call("hint", { record: v.record });
      if (get().view !== v) return;
      const used = s.teach.hint?.record === v.record ? s.teach.hintsUsed : s.teach.hintsUsed + 1;
      saveHintsUsed(gameKey(v.record), used);
      const { move } = result;
      set({ hint: { record: v.record, ...result }, hintsUsed: used });
      up((st) => ({ ...st, held: move.card, rotation: move.rotation, hover: [move.x, move.y], error: null }));
      const turn = move.rotation ? `, turned ${move.rotation}°` : "";
      up(T.announce, `Hint: card ${move.card} at ${spotText(move.x, move.y)}${turn}: ${changeText(v, result.change)}. Place it there, or choose another spot.`);
    } catch (error) {
      up(T.refused, `No hint now: ${error.message}`);
    }
  }

  return { viewChanged, preview, hint };
}

/** What a new view `s.view` (after state `p`) drops of the teaching state: the stale hint and
 * preview, the move picked in the Moves tab once the game moves on, a new game's counts. */
function staleChanges(s, p) {
  const v = s.view;
  const t = s.teach;
  const changes = {};
  const newGame = !p?.view || gameKey(p.view.record) !== gameKey(v.record);
  if (newGame) Object.assign(changes, { hintsUsed: loadHintsUsed(gameKey(v.record)), ply: null, seat: null, history: null });
  // a move picked in the Moves tab is framed until the game moves on (a move, an undo, the end)
  if (t.ply !== null && p?.view && p.view.record !== v.record) changes.ply = null;
  if (t.hint && t.hint.record !== v.record) changes.hint = null;
  if (t.preview && t.preview.record !== v.record) changes.preview = null;
  return changes;
}
