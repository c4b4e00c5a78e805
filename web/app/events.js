// Input only: turn DOM events into intents {type, ...} and hand them to `dispatch`.
// Reads the DOM (pointer positions, the viewBox on screen) but never changes the state.

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

/** Arrow keys on a legal spot move the focus to the nearest spot that way. */
function focusNextSpot(from, key) {
  const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  const x0 = Number(from.dataset.x);
  const y0 = Number(from.dataset.y);
  let best = null;
  let bestScore = Infinity;
  for (const spot of document.querySelectorAll("#layer-spots .spot")) {
    const ex = Number(spot.dataset.x) - x0;
    const ey = Number(spot.dataset.y) - y0;
    const along = ex * dx + ey * dy;
    if (along <= 0) continue;
    const score = along + 2 * Math.abs(ex * dy + ey * dx);
    if (score < bestScore) [best, bestScore] = [spot, score];
  }
  best?.focus({ preventScroll: true });
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
      "opt-seed", "speed"].includes(a)) return; // form fields: handled on change/input
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
    const key = ev.key.toLowerCase();
    if (key === "r") dispatch({ type: "rotate", step: ev.shiftKey ? -1 : 1 });
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
    const spot = ev.target.closest?.(".spot");
    if (spot) dispatch({ type: "hover", spot: [Number(spot.dataset.x), Number(spot.dataset.y)] });
  });

  // -- pointer: hover, place, pan, pinch, wheel ------------------------------------------------
  const pointers = new Map(); // pointerId -> {x, y}
  let drag = null; // {x, y, moved, type, from}
  let pinch = null; // {dist, from}

  svg.addEventListener("pointerdown", (ev) => {
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (pointers.size === 1) drag = { x: ev.clientX, y: ev.clientY, moved: false, type: ev.pointerType, from: box() };
    else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y), from: box() };
      if (drag) drag.moved = true;
    }
  });
  svg.addEventListener("pointermove", (ev) => {
    if (pointers.has(ev.pointerId)) pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = toCells((a.x + b.x) / 2, (a.y + b.y) / 2);
      if (dist > 0 && mid) dispatch({ type: "zoom", from: pinch.from, factor: pinch.dist / dist, cx: mid.x, cy: mid.y });
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
    if (moved || ev.target.closest(".spot")) return;
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
