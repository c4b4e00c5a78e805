// The pointer on the Painting: hover shows the ghost, a click places, a tap previews then
// places, a drag pans, two fingers pinch-zoom and pan, the wheel zooms.

import { box, cellsPerPx, nearestSpot, spotAt, toCells } from "./painting.js";

const $ = (id) => document.getElementById(id);
const DRAG_PX = 6; // a pointer that moves further than this pans instead of placing

/** Turn pointer events on the Painting into intents for `dispatch`. */
export function bindPointer(dispatch) {
  const svg = $("painting-svg");
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
