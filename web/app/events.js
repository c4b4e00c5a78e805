// Input only: turn DOM events into intents {type, ...} and hand them to `dispatch`.
// Reads the DOM (pointer positions, the viewBox on screen) but never changes the state.
// Buttons and links here; the form, the keyboard and the pointer in events/.

import { bindForm } from "./events/form.js";
import { bindKeys } from "./events/keys.js";
import { box } from "./events/painting.js";
import { bindPointer } from "./events/pointer.js";

const $ = (id) => document.getElementById(id);

/** Every input of the page, as intents for `dispatch`. */
export function bindEvents(dispatch) {
  window.addEventListener("hashchange", () => dispatch({ type: "link-changed" })); // a game link pasted into this tab
  // the Bot Lab (another tab, or this one before Back) may have saved or deleted a bot
  window.addEventListener("storage", () => dispatch({ type: "saved-bots-changed" }));
  window.addEventListener("pageshow", () => dispatch({ type: "saved-bots-changed" }));
  bindClicks(dispatch);
  bindForm(dispatch);
  bindKeys(dispatch);
  bindPointer(dispatch);
}

/** Buttons and links: every [data-action] element. */
function bindClicks(dispatch) {
  document.addEventListener("click", (ev) => {
    const el = ev.target.closest("[data-action]");
    if (!el || el.disabled) return;
    const a = el.dataset.action;
    const d = el.dataset;
    if (a === "import") return $("import-file").click();
    if (a === "pick") return dispatch({ type: "pick", card: Number(d.card) });
    if (a === "resume-saved" || a === "export-saved" || a === "delete-saved") return dispatch({ type: a, id: d.id });
    if (a === "friend-resume" || a === "friend-link" || a === "friend-remove") return dispatch({ type: a, key: d.key });
    if (a === "daily-practice") return dispatch({ type: a, date: d.date || $("daily-any-date")?.value });
    if (a === "place" && ev.pointerType === "touch") return; // the Painting's tap handler previews first
    if (a === "place") return dispatch({ type: "place", x: Number(d.x), y: Number(d.y) });
    if (a === "rotate") return dispatch({ type: "rotate", step: 1 });
    if (a === "highlight") return dispatch({ type: "highlight", color: d.color });
    if (a === "replay-step") return dispatch({ type: "replay-step", step: Number(d.step) });
    if (a === "review-move") return dispatch({ type: a, ply: Number(d.ply) });
    if (a === "replay-to") return dispatch({ type: "replay-to", to: d.to });
    if (a === "teach-tab" || a === "log-select" || a === "seat-select") return dispatch({ type: a, tab: d.tab, ply: Number(d.ply), seat: Number(d.seat) }); // TEACH
    if (a === "zoom-in" || a === "zoom-out") {
      const b = box();
      return dispatch({ type: "zoom", from: b, factor: a === "zoom-in" ? 0.8 : 1.25,
        cx: b.x + b.w / 2, cy: b.y + b.h / 2 });
    }
    if (["players", "seat-name", "seat-controller", "seat-color", "opt-rotations", "opt-first",
      "opt-seed", "speed", "setting-theme", "setting-colour-blind", "setting-keep-finished"].includes(a)) return; // form fields: handled on change/input
    dispatch({ type: a });
  });
}
