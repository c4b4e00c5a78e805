// Teaching: the score preview of the held card, the Hint, the score history (move log and
// end chart), the Rules panel and the guided first game. Every number comes from the
// engine's `preview`, `hint` and `history` commands (docs/api.md); nothing is computed here.
//
// It watches the state through ctx.up (wrapped once, before the other parts are made), so a
// new view, a picked or turned card asks the engine without hooks in every other module.

import { humanTurn } from "../queries.js";
import { loadHintsUsed, loadPrefs, saveHintsUsed, writePrefs } from "../storage.js";
import { openTab, previewKey, selectPly, selectSeat, setTeach, toggleTab, TOUR_STEPS } from "./state.js";
import * as T from "../transitions.js";
import { changeText, isBot, spotText } from "../words.js";
import { artName, artPng, artSvgText, download } from "../export-art.js";


/** A key naming one game (its seed and deal), for the hints it used. */
export function gameKey(record) {
  return `${record.seed ?? ""}:${(record.deal || []).join(".")}`;
}


export function createTeach(ctx) {
  const { engine, get } = ctx;
  const raw = ctx.up;
  const set = (changes) => raw(setTeach, changes);
  let seen = null;
  let asking = { history: null, preview: null };

  /** Every update goes through here: react to what changed. */
  ctx.up = (fn, ...args) => {
    const s = raw(fn, ...args);
    if (s !== seen) {
      const p = seen;
      seen = s;
      watch(s, p);
    }
    return get();
  };

  function watch(s, p) {
    if (s.view && (!p || p.view !== s.view)) viewChanged(s, p);
    if (s.view && (!p || p.view !== s.view || p.held !== s.held || p.rotation !== s.rotation || p.busy !== s.busy)) preview(get());
    tourStep(get(), p);
    if (s.screen === "table" && p?.screen !== "table") maybeTour();
  }

  // -- a new view: drop stale hints, count hints of a new game, ask for the history ----------
  function viewChanged(s, p) {
    const v = s.view;
    const t = s.teach;
    const changes = {};
    const newGame = !p?.view || gameKey(p.view.record) !== gameKey(v.record);
    if (newGame) Object.assign(changes, { hintsUsed: loadHintsUsed(gameKey(v.record)), ply: null, seat: null, history: null });
    // a move picked in the Moves tab is framed until the game moves on (a move, an undo, the end)
    if (t.ply !== null && p?.view && p.view.record !== v.record) changes.ply = null;
    if (t.hint && t.hint.record !== v.record) changes.hint = null;
    if (t.preview && t.preview.record !== v.record) changes.preview = null;
    set(changes);
    history(v.record);
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
    if (!humanTurn(s) || s.busy || !s.teach.hints) return;
    const v = s.view;
    try {
      const result = await engine.call("hint", { record: v.record });
      if (get().view !== v) return;
      const used = s.teach.hint?.record === v.record ? s.teach.hintsUsed : s.teach.hintsUsed + 1;
      saveHintsUsed(gameKey(v.record), used);
      const { move } = result;
      set({ hint: { record: v.record, ...result }, hintsUsed: used });
      ctx.up((st) => ({ ...st, held: move.card, rotation: move.rotation, hover: [move.x, move.y], error: null }));
      const turn = move.rotation ? `, turned ${move.rotation}°` : "";
      ctx.up(T.announce, `Hint: card ${move.card} at ${spotText(move.x, move.y)}${turn}: ${changeText(v, result.change)}. Place it there, or choose another spot.`);
    } catch (error) {
      ctx.up(T.refused, `No hint now: ${error.message}`);
    }
  }

  function setHints(on) {
    set({ hints: on, hint: on ? get().teach.hint : null });
    writePrefs({ ...loadPrefs(), hints: on });
  }

  // -- the guided first game ---------------------------------------------------------------------
  function startTour() {
    set({ tour: 0, rules: false });
  }

  function endTour() {
    set({ tour: null });
    writePrefs({ ...loadPrefs(), tutorialDone: true });
  }

  function nextStep(step) {
    if (step + 1 >= TOUR_STEPS.length) endTour();
    else set({ tour: step + 1 });
  }

  /** Advance the tour as soon as the player has done the step on screen. */
  function tourStep(s, p) {
    const step = s.teach.tour;
    if (step === null || !p) return;
    const v = s.view;
    if (step === 0 && s.held !== null && p.held === null) nextStep(0);
    else if (step === 1 && ((s.held !== null && s.rotation !== p.rotation) || (v && v.rotations.length < 2))) nextStep(1);
    else if (step === 2 && v && p.view && v.ply > p.view.ply && !isBot(v.seats[v.last_move.seat].controller)) nextStep(2);
    else if (step === 3 && s.teach.seat !== null && p.teach.seat === null) nextStep(3);
  }

  /** On a fresh profile, the first game on the table starts the tour. */
  function maybeTour() {
    const s = get();
    if (ctx.mode === "embed" || s.screen !== "table" || s.teach.tour !== null || s.view?.is_over) return; // the embed stays compact
    if (loadPrefs().tutorialDone !== true) startTour();
  }

  function init() {
    const prefs = loadPrefs();
    set({ hints: prefs.hints !== false });
  }

  /** The finished Painting as a picture file. */
  async function downloadArt(kind) {
    const v = get().view;
    if (!v?.is_over) return;
    try {
      const blob = kind === "png" ? await artPng(v) : new Blob([artSvgText(v)], { type: "image/svg+xml" });
      download(blob, artName(v, kind));
      ctx.up(T.announce, `Saved the Painting as ${artName(v, kind)}.`);
    } catch (error) {
      ctx.up(T.refused, `The picture could not be made: ${error.message}`);
    }
  }

  const INTENTS = {
    hint: () => hint(),
    "setting-hints": () => setHints(!get().teach.hints),
    "rules-open": () => set({ rules: true }),
    "rules-close": () => set({ rules: false }),
    "tour-start": () => startTour(),
    "tour-next": () => nextStep(get().teach.tour ?? 0),
    "tour-end": () => endTour(),
    "teach-tab": (i) => raw(i.open ? openTab : toggleTab, i.tab), // click toggles; arrow keys open
    "log-select": (i) => raw(selectPly, i.ply),
    "seat-select": (i) => ctx.up(selectSeat, i.seat),
    "download-png": () => downloadArt("png"),
    "download-svg": () => downloadArt("svg"),
  };

  /** The teaching intents: true if handled. */
  function dispatch(intent) {
    const run = INTENTS[intent.type];
    if (!run) return false;
    run(intent);
    return true;
  }

  /** Escape closes the Rules panel first: true if it did. */
  function escape() {
    if (!get().teach.rules) return false;
    set({ rules: false });
    return true;
  }

  return { init, dispatch, escape, maybeTour, hint };
}
