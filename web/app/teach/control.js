// Teaching: the score preview of the held card, the Hint, the score history (move log and
// end chart), the Rules panel and the guided first game. Every number comes from the
// engine's `preview`, `hint` and `history` commands (docs/api.md); nothing is computed here.
//
// It watches every change of state (`watch`, which the controller calls after each update),
// so a new view, a picked or turned card asks the engine without hooks in every other module.

import { loadPrefs, writePrefs } from "../prefs.js";
import * as T from "../transitions.js";
import { createAsks } from "./asks.js";
import { createGuide } from "./guide.js";
import { openTab, selectPly, selectSeat, setTeach, toggleTab } from "./state.js";

/**
 * Teaching's part of the controller: `init`, `watch(s, p)` (every change of state, `p` the
 * one before), `dispatch` (true if it handled the intent), `escape`, `maybeTour`, `hint`.
 * @param deps `engine`, the store's `get` and `up` (watched) and `quiet` (an update that is
 *   not watched: teaching's own state), the page's `mode` and `parts` (`art`: pictures).
 */
export function createTeach({ engine, get, up, quiet, mode, parts }) {
  const set = (changes) => quiet(setTeach, changes);
  const { viewChanged, preview, hint } = createAsks({ engine, get, up }, set);
  const { startTour, endTour, nextStep, tourStep, maybeTour } = createGuide({ get, mode }, set);

  /** React to a change of state (`p`: the state before it, or null at the first). */
  function watch(s, p) {
    if (s.view && (!p || p.view !== s.view)) viewChanged(s, p);
    if (s.view && (!p || p.view !== s.view || p.held !== s.held || p.rotation !== s.rotation || p.busy !== s.busy)) preview(get());
    tourStep(get(), p);
    if (s.screen === "table" && p?.screen !== "table") maybeTour();
  }

  function setHints(on) {
    set({ hints: on, hint: on ? get().teach.hint : null });
    writePrefs({ ...loadPrefs(), hints: on });
  }

  function init() {
    const prefs = loadPrefs();
    set({ hints: prefs.hints !== false });
  }

  const INTENTS = {
    hint: () => hint(),
    "setting-hints": () => setHints(!get().teach.hints),
    "rules-open": () => set({ rules: true }),
    "rules-close": () => set({ rules: false }),
    "tour-start": () => startTour(),
    "tour-next": () => nextStep(get().teach.tour ?? 0),
    "tour-end": () => endTour(),
    "teach-tab": (i) => quiet(i.open ? openTab : toggleTab, i.tab), // click toggles; arrow keys open
    "log-select": (i) => quiet(selectPly, i.ply),
    "seat-select": (i) => up(selectSeat, i.seat),
    "download-png": () => downloadArt({ get, up, parts }, "png"),
    "download-svg": () => downloadArt({ get, up, parts }, "svg"),
  };

  /** The teaching intents: true if handled. */
  function dispatch(intent) {
    const run = INTENTS[intent.type];
    if (!run) return false;
    run(intent);
    return true;
  }

  /** Escape closes the Rules panel first, then the guided first game (as Skip): true if it did. */
  function escape() {
    const t = get().teach;
    if (t.rules) set({ rules: false });
    else if (t.tour !== null && get().screen === "table") endTour();
    else return false;
    return true;
  }

  return { init, watch, dispatch, escape, maybeTour, hint };
}

/** The finished Painting as a picture file (export-art.js, loaded later: parts.art). */
async function downloadArt({ get, up, parts }, kind) {
  const v = get().view;
  if (!v?.is_over) return;
  try {
    const { artName, artPng, artSvgText, download } = await parts.art.load();
    const blob = kind === "png" ? await artPng(v) : new Blob([artSvgText(v)], { type: "image/svg+xml" });
    download(blob, artName(v, kind));
    up(T.announce, `Saved the Painting as ${artName(v, kind)}.`);
  } catch (error) {
    up(T.refused, `The picture could not be made: ${error.message}`);
  }
}
