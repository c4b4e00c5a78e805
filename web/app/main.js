// Entry point: wires the state, the renderer, the input handlers and the controller.
//   events (input) -> controller.dispatch(intent) -> transitions / engine -> state -> render

import { Engine } from "../engine.js";
import { createController } from "./controller.js";
import { bindEvents } from "./events.js";
import * as pwa from "./pwa.js";
import { createRenderer } from "./render.js";
import { createState } from "./state.js";
import * as T from "./transitions.js";

const mode = document.body.dataset.mode === "embed" ? "embed" : "full";
document.documentElement.dataset.boot = String(performance.timeOrigin); // tells one page load from the next
const renderer = createRenderer();
let state = createState(mode);

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
  const controller = createController({ engine, store, mode, pwa });
  bindEvents(controller.dispatch);
  controller.boot();
  if (mode === "full") {
    const firstVisit = !navigator.serviceWorker?.controller; // no worker served this page yet
    pwa.registerServiceWorker({
      onUpdateReady: () => controller.dispatch({ type: "update-ready" }),
      onOfflineReady: () => firstVisit && store.update(T.announce, "De Stijl is saved on this device: it now plays offline too."),
    });
  }
}
