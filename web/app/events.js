// Input only: turn DOM events into intents {type, ...} and hand them to `dispatch`.
// Reads the DOM (pointer positions, the viewBox on screen) but never changes the state.

import { trapTab } from "./modal.js";

const $ = (id) => document.getElementById(id);
const DRAG_PX = 6; // a pointer that moves further than this pans instead of placing

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable
    || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
}

/** The viewBox the Painting shows right now. */
function box() {
  const b = $("painting-svg").viewBox.baseVal;
  return { x: b.x, y: b.y, w: b.width, h: b.height };
}

/** Painting coordinates (cells) of a point on screen. */
function toCells(clientX, clientY) {
  const svg = $("painting-svg");
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

/** The top-left cell of a card centred on the cell under the pointer. */
function spotAt(clientX, clientY) {
  const c = toCells(clientX, clientY);
  return c ? [Math.floor(c.x) - 1, Math.floor(c.y) - 1] : null;
}

/** Cells per screen pixel in the Painting right now. */
function cellsPerPx() {
  const m = $("painting-svg").getScreenCTM();
  return m ? 1 / m.a : 0;
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

/** The legal spot nearest the cell at (cx, cy) (for taps: a finger need not hit a dot). */
function nearestSpot(cx, cy) {
  let best = null;
  let bestDist = Infinity;
  for (const spot of document.querySelectorAll("#layer-spots .spot")) {
    const d = Math.hypot(Number(spot.dataset.x) + 1.5 - cx, Number(spot.dataset.y) + 1.5 - cy);
    if (d < bestDist) [best, bestDist] = [spot, d];
  }
  return best ? [Number(best.dataset.x), Number(best.dataset.y)] : null;
}

export function bindEvents(dispatch) {
  const svg = $("painting-svg");

  // -- buttons and links: every [data-action] element ------------------------------------
  document.addEventListener("click", (ev) => {
    const el = ev.target.closest("[data-action]");
    if (!el || el.disabled) return;
    const a = el.dataset.action;
    const d = el.dataset;
    if (a === "import") return $("import-file").click();
    if (a === "pick") return dispatch({ type: "pick", card: Number(d.card) });
    if (a === "resume-saved" || a === "export-saved" || a === "delete-saved") return dispatch({ type: a, id: d.id });
    if (a === "friend-resume" || a === "friend-link") return dispatch({ type: a, key: d.key });
    if (a === "place" && ev.pointerType === "touch") return; // the Painting's tap handler previews first
    if (a === "place") return dispatch({ type: "place", x: Number(d.x), y: Number(d.y) });
    if (a === "rotate") return dispatch({ type: "rotate", step: 1 });
    if (a === "highlight") return dispatch({ type: "highlight", color: d.color });
    if (a === "replay-step") return dispatch({ type: "replay-step", step: Number(d.step) });
    if (a === "replay-to") return dispatch({ type: "replay-to", to: d.to });
    if (a === "teach-tab" || a === "log-select" || a === "seat-select") return dispatch({ type: a, tab: d.tab, ply: Number(d.ply), seat: Number(d.seat) }); // TEACH
    if (a === "zoom-in" || a === "zoom-out") {
      const b = box();
      return dispatch({ type: "zoom", from: b, factor: a === "zoom-in" ? 0.8 : 1.25,
        cx: b.x + b.w / 2, cy: b.y + b.h / 2 });
    }
    if (["players", "seat-name", "seat-controller", "seat-color", "opt-rotations", "opt-first",
      "opt-seed", "speed", "setting-theme", "setting-colour-blind"].includes(a)) return; // form fields: handled on change/input
    dispatch({ type: a });
  });

  // -- the start screen's form ------------------------------------------------------------
  document.addEventListener("submit", (ev) => {
    if (ev.target.dataset.form !== "setup") return;
    ev.preventDefault();
    dispatch({ type: "start" });
  });
  const field = (ev) => {
    const el = ev.target;
    const a = el.dataset?.action;
    if (!a) return;
    const seat = Number(el.dataset.seat);
    if (a === "players" && el.checked) dispatch({ type: "players", value: Number(el.value) });
    else if (a === "seat-name") dispatch({ type: "seat-name", seat, value: el.value });
    else if (a === "seat-controller") dispatch({ type: "seat-controller", seat, value: el.value });
    else if (a === "seat-color") dispatch({ type: "seat-color", seat, slot: Number(el.dataset.slot), value: el.value });
    else if (a === "opt-rotations") dispatch({ type: "opt-rotations", value: el.checked });
    else if (a === "opt-first") dispatch({ type: "opt-first", value: Number(el.value) });
    else if (a === "opt-seed") dispatch({ type: "opt-seed", value: el.value });
    else if (a === "speed") dispatch({ type: "speed", value: el.value });
    else if (a === "setting-theme" && el.checked) dispatch({ type: "setting-theme", value: el.value });
    else if (a === "setting-colour-blind") dispatch({ type: "setting-colour-blind", value: el.checked });
  };
  document.addEventListener("input", field);
  document.addEventListener("change", (ev) => {
    if (ev.target.id === "import-file") {
      const file = ev.target.files?.[0];
      ev.target.value = "";
      if (file) dispatch({ type: "import-file", file });
      return;
    }
    if (ev.target.type !== "text") field(ev);
  });

  // -- keyboard -----------------------------------------------------------------------------
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

  // -- pointer: hover, place, pan, pinch, wheel ------------------------------------------------
  const pointers = new Map(); // pointerId -> {x, y}
  let drag = null; // {x, y, moved, type, from}
  let pinch = null; // {dist, from, mid, at, k}: two fingers zoom and pan together

  svg.addEventListener("pointerdown", (ev) => {
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (pointers.size === 1) drag = { x: ev.clientX, y: ev.clientY, moved: false, type: ev.pointerType, from: box() };
    else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y), from: box(), mid, at: toCells(mid.x, mid.y), k: cellsPerPx() };
      if (drag) drag.moved = true;
    }
  });
  svg.addEventListener("pointermove", (ev) => {
    if (pointers.has(ev.pointerId)) pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      const dx = ((a.x + b.x) / 2 - pinch.mid.x) * pinch.k;
      const dy = ((a.y + b.y) / 2 - pinch.mid.y) * pinch.k;
      if (dist > 0 && pinch.at) {
        dispatch({ type: "pinch", from: pinch.from, factor: pinch.dist / dist, cx: pinch.at.x, cy: pinch.at.y, dx, dy });
      }
      return;
    }
    if (drag && pointers.has(ev.pointerId)) {
      const dx = ev.clientX - drag.x;
      const dy = ev.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) > DRAG_PX) {
        drag.moved = true;
        svg.setPointerCapture?.(ev.pointerId);
        svg.classList.add("panning");
      }
      if (drag.moved) {
        const k = cellsPerPx();
        dispatch({ type: "pan", from: drag.from, dx: dx * k, dy: dy * k });
        return;
      }
    }
    if (ev.pointerType === "mouse" || ev.pointerType === "pen") {
      dispatch({ type: "hover", spot: spotAt(ev.clientX, ev.clientY) });
    }
  });
  const end = (ev) => {
    pointers.delete(ev.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pointers.size === 0) svg.classList.remove("panning");
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", (ev) => { end(ev); drag = null; });
  svg.addEventListener("pointerleave", (ev) => {
    if (ev.pointerType === "mouse") dispatch({ type: "hover", spot: null });
  });
  // A click (not a drag) on the Painting places the held card where the ghost is.
  svg.addEventListener("click", (ev) => {
    const moved = drag?.moved;
    const type = drag?.type || "mouse";
    drag = null;
    if (moved) return;
    if (type !== "mouse") { // a tap shows the card on the nearest marked spot; a second tap places
      const c = toCells(ev.clientX, ev.clientY);
      const near = c && nearestSpot(c.x, c.y);
      if (near) return dispatch({ type: "place-at", x: near[0], y: near[1], confirm: true });
    }
    if (ev.target.closest(".spot")) return;
    const spot = spotAt(ev.clientX, ev.clientY);
    if (!spot) return;
    dispatch({ type: "place-at", x: spot[0], y: spot[1], confirm: type !== "mouse" });
  });
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const c = toCells(ev.clientX, ev.clientY);
    if (!c) return;
    const unit = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? 400 : 1;
    dispatch({ type: "zoom", from: box(), factor: Math.exp(ev.deltaY * unit * 0.0015), cx: c.x, cy: c.y });
  }, { passive: false });
}
