// The keyboard: Tab inside dialogs, the Moves/Points tabs' arrow keys, spots (arrows move,
// Enter places), the Painting's explorer, and the game's keys (1-9, R, U, F, +/-, ?, Escape,
// the replay's arrows, Home and End). A focused spot previews the card there.

import { trapTab } from "../modal.js";
import { box } from "./painting.js";

const $ = (id) => document.getElementById(id);

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable
    || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
}

/**
 * Arrow keys on a legal spot move the focus spatially, and the opposite key comes back:
 * Left/Right go to the next spot in the same row (none there: stay); Up/Down go to the
 * nearest row above or below that has spots, to the spot closest to the column the vertical
 * run started in (kept while only Up and Down are pressed), so Down then Up returns.
 */
let column = null; // {spot, x}: the column a run of Up/Down keys aims at, and where it got to
function focusNextSpot(from, key) {
  const all = [...document.querySelectorAll("#layer-spots .spot")];
  const at = (el) => [Number(el.dataset.x), Number(el.dataset.y)];
  const [x0, y0] = at(from);
  let best = null;
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const dir = key === "ArrowRight" ? 1 : -1;
    for (const spot of all) {
      const [x, y] = at(spot);
      if (y === y0 && (x - x0) * dir > 0 && (!best || Math.abs(x - x0) < Math.abs(at(best)[0] - x0))) best = spot;
    }
    column = null;
  } else {
    const dir = key === "ArrowDown" ? 1 : -1;
    const aim = column && column.spot === from ? column.x : x0;
    const rows = all.map((spot) => at(spot)[1]).filter((y) => (y - y0) * dir > 0);
    if (rows.length) {
      const row = dir > 0 ? Math.min(...rows) : Math.max(...rows);
      for (const spot of all) {
        const [x, y] = at(spot);
        if (y !== row) continue;
        const d = Math.abs(x - aim);
        const bestD = best ? Math.abs(at(best)[0] - aim) : Infinity;
        if (d < bestD || (d === bestD && x < at(best)[0])) best = spot;
      }
    }
    if (best) column = { spot: best, x: aim };
  }
  if (!best) return;
  from.setAttribute("tabindex", "-1"); // one spot in the Tab order: the focused one
  best.setAttribute("tabindex", "0");
  best.focus({ preventScroll: true });
}

const TAB_KEYS = ["ArrowLeft", "ArrowRight", "Home", "End"];

/** The tab an arrow, Home or End key moves to from `tab` (WAI-ARIA tabs; arrows wrap round). */
function nextTab(tab, key) {
  const tabs = [...tab.closest('[role="tablist"]').querySelectorAll('[role="tab"]')];
  const i = tabs.indexOf(tab);
  if (key === "Home") return tabs[0];
  if (key === "End") return tabs.at(-1);
  return tabs[(i + (key === "ArrowRight" ? 1 : -1) + tabs.length) % tabs.length];
}

/** Turn key presses (and focus on the Painting) into intents for `dispatch`. */
export function bindKeys(dispatch) {
  const svg = $("painting-svg");
  document.addEventListener("keydown", (ev) => {
    const t = ev.target;
    if (ev.key === "Tab") return trapTab(ev); // an open dialog keeps the focus
    const tab = t instanceof Element ? t.closest('[role="tab"][data-action="teach-tab"]') : null;
    if (tab && TAB_KEYS.includes(ev.key) && !ev.altKey && !ev.ctrlKey && !ev.metaKey) {
      ev.preventDefault();
      const next = nextTab(tab, ev.key);
      next.focus();
      return dispatch({ type: "teach-tab", tab: next.dataset.tab, open: true });
    }
    if (t instanceof Element && t.closest(".spot") && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      const spot = t.closest(".spot");
      return dispatch({ type: "place", x: Number(spot.dataset.x), y: Number(spot.dataset.y) });
    }
    if (t instanceof Element && t.closest(".spot") && ev.key.startsWith("Arrow")) {
      ev.preventDefault();
      return focusNextSpot(t.closest(".spot"), ev.key);
    }
    if (ev.key === "Escape") return dispatch({ type: "escape" });
    if (typing(t) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (t === svg && (ev.key.startsWith("Arrow") || ev.key === "Home")) {
      ev.preventDefault();
      const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1], Home: [0, 0] }[ev.key];
      return dispatch({ type: "explore", dx, dy, home: ev.key === "Home" });
    }
    const spot = document.querySelector('#layer-spots .spot[tabindex="0"]');
    if (spot && ev.key.startsWith("Arrow") && !(t instanceof Element && t.closest("#dialog, #replay-bar"))) {
      ev.preventDefault(); // the held card moves over the Painting: to the current spot first
      return spot.focus({ preventScroll: true });
    }
    if (ev.key === "?") {
      ev.preventDefault();
      return dispatch({ type: "rules-open" });
    }
    const key = ev.key.toLowerCase();
    if (key === "u" && !ev.shiftKey) dispatch({ type: "undo" });
    else if (key === "r") dispatch({ type: "rotate", step: ev.shiftKey ? -1 : 1 });
    else if (key === "f") dispatch({ type: "fit" });
    else if (key === "+" || key === "=" || key === "-") {
      const b = box();
      dispatch({ type: "zoom", from: b, factor: key === "-" ? 1.25 : 0.8, cx: b.x + b.w / 2, cy: b.y + b.h / 2 });
    } else if (/^[1-9]$/.test(key)) dispatch({ type: "pick-index", index: Number(key) });
    else if (key === "arrowleft" || key === "arrowright") {
      if (!document.body.classList.contains("is-replay")) return;
      dispatch({ type: "replay-step", step: key === "arrowleft" ? -1 : 1 });
    } else if (key === "home" || key === "end") {
      if (!document.body.classList.contains("is-replay")) return;
      dispatch({ type: "replay-to", to: key === "home" ? "start" : "end" });
    } else return;
    ev.preventDefault();
  });

  // A focused spot previews the card there, for keyboard players.
  svg.addEventListener("focusin", (ev) => {
    if (ev.target === svg) dispatch({ type: "explore", dx: 0, dy: 0 });
    const spot = ev.target.closest?.(".spot");
    if (spot) dispatch({ type: "hover", spot: [Number(spot.dataset.x), Number(spot.dataset.y)] });
  });
}
