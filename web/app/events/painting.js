// Reading the Painting on screen: its viewBox, cells under a point, the scale, the spot
// nearest a tap. DOM reads only.

const $ = (id) => document.getElementById(id);

/** The viewBox the Painting shows right now. */
export function box() {
  const b = $("painting-svg").viewBox.baseVal;
  return { x: b.x, y: b.y, w: b.width, h: b.height };
}

/** Painting coordinates (cells) of a point on screen. */
export function toCells(clientX, clientY) {
  const svg = $("painting-svg");
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

/** The top-left cell of a card centred on the cell under the pointer. */
export function spotAt(clientX, clientY) {
  const c = toCells(clientX, clientY);
  return c ? [Math.floor(c.x) - 1, Math.floor(c.y) - 1] : null;
}

/** Cells per screen pixel in the Painting right now. */
export function cellsPerPx() {
  const m = $("painting-svg").getScreenCTM();
  return m ? 1 / m.a : 0;
}

/** The legal spot nearest the cell at (cx, cy) (for taps: a finger need not hit a dot). */
export function nearestSpot(cx, cy) {
  let best = null;
  let bestDist = Infinity;
  for (const spot of document.querySelectorAll("#layer-spots .spot")) {
    const d = Math.hypot(Number(spot.dataset.x) + 1.5 - cx, Number(spot.dataset.y) + 1.5 - cy);
    if (d < bestDist) [best, bestDist] = [spot, d];
  }
  return best ? [Number(best.dataset.x), Number(best.dataset.y)] : null;
}
