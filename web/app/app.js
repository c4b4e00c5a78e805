// The game app: wires the state, the renderer, the input handlers and the controller.
//   events (input) -> controller.dispatch(intent) -> transitions / engine -> state -> render
// main.js starts it: at once on the full site, on the first press of Start game in the embed.

import { Engine } from "../engine.js";
import { createController } from "./controller.js";
import { bindEvents } from "./events.js";
import { parts } from "./parts.js";
import * as pwa from "./pwa.js";
import { createRenderer } from "./render/renderer.js";
import { createState } from "./state.js";
import { teachState } from "./teach/state.js";
import { loadSave } from "./saved-games.js";
import * as T from "./transitions.js";

/** `where` as the controller reads it, with autostart=1 added: the game starts once ready. */
function autostarting(where) {
  const query = new URLSearchParams(where.search);
  query.set("autostart", "1");
  const { pathname, hash, href } = where;
  return { pathname, hash, href, search: `?${query}` };
}

/**
 * Start the app in `mode` ("full" or "embed"); `play` (the embed's Start game) deals a game
 * once the engine is ready, unless a game of this reader's is saved: then the start screen
 * offers to resume it.
 */
export function startApp({ mode, play = false }) {
  if (play && loadSave(mode)) {
    play = false;
    document.body.classList.remove("is-preview");
  }
  const renderer = createRenderer(parts.board);
  let state = createState(mode, { teach: teachState() });

  const store = {
    get: () => state,
    /** Apply a transition fn(state, ...args) and schedule a render if anything changed. */
    update(fn, ...args) {
      const next = fn(state, ...args);
      if (next !== state) {
        state = next;
        renderer.schedule(state);
      }
      return state;
    },
  };
  renderer.schedule(state);
  parts.loadWhenIdle(); // what the start screen does not need, after its first paint

  // Errors never blank the page: anything unexpected becomes a message in the toast.
  const oops = (what) => store.update(T.refused, `Something went wrong: ${what}`);
  window.addEventListener("error", (ev) => oops(ev.message));
  window.addEventListener("unhandledrejection", (ev) => {
    ev.preventDefault();
    oops(ev.reason?.message || String(ev.reason));
  });

  let engine;
  try {
    engine = new Engine();
  } catch (error) {
    store.update(T.engineFailed, `this browser cannot run the engine (${error.message})`);
  }
  if (engine) {
    const controller = createController({ engine, store, mode, pwa, parts, location: play ? autostarting(location) : location });
    bindEvents(controller.dispatch);
    controller.boot({ play });
    import("./puzzles/entry.js").then((puzzles) => puzzles.plugIn(engine)); // the puzzle mode (docs/puzzles.md)
    if (mode === "full") {
      const firstVisit = !navigator.serviceWorker?.controller; // no worker served this page yet
      // Registered once the engine has loaded (or failed): the service worker's precache
      // then reads Pyodide from the HTTP cache instead of racing the engine for bandwidth.
      const register = () => pwa.registerServiceWorker({
        onUpdateReady: () => controller.dispatch({ type: "update-ready" }),
        // Said after whatever was being said (often whose turn it is), never instead of it.
        onOfflineReady: () => firstVisit && store.update((s) => T.announce(s,
          [s.announcement, "De Stijl is saved on this device: it now plays offline too."].filter(Boolean).join(" "))),
      });
      engine.ready.then(register, register);
    }
  }
}
