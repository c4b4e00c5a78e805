// SVG drawing of the Painting, cards, ghost and legal spots, from engine data only.
// Coordinates are cells: x grows right, y grows down; a card is 3 by 3 cells.

import { s } from "./dom.js";
import { topLeft } from "./queries.js";
import { colorName, spotText } from "./words.js";

const cellMaps = new WeakMap();

/** Map "x,y" -> letter of the visible cells of `view` (cached per view). */
export function cellMap(view) {
  let map = cellMaps.get(view);
  if (!map) {
    map = new Map(view.painting.map(([x, y, c]) => [`${x},${y}`, c]));
    cellMaps.set(view, map);
  }
  return map;
}

/** Map "x,y" -> stroke index, from the engine's `view.strokes`. */
function strokeMap(view) {
  const map = new Map();
  (view.strokes || []).forEach((stroke, i) => {
    for (const [x, y] of stroke.cells) map.set(`${x},${y}`, i);
  });
  return map;
}

/** The cells of `view` as coloured squares. */
export function cellRects(view) {
  return view.painting.map(([x, y, c]) =>
    s("rect", { x, y, width: 1, height: 1, class: `cell c-${c}`, "data-cell": `${x},${y}` }));
}

// -- colour-blind mode: a pattern and a letter per colour, drawn always and shown by CSS
// (html[data-cb="on"]), so switching it needs no redraw. Patterns are in cell units.
const PATTERNS = { R: "cb-R", Y: "cb-Y", B: "cb-B" };

/** The shared <defs> of the colour patterns: one hidden 0-size SVG for the whole page. */
export function patternDefs() {
  const step = 0.2;
  return s("svg", { class: "cb-defs", width: 0, height: 0, "aria-hidden": "true", focusable: "false" },
  s("defs", {},
    s("pattern", { id: "cb-R", width: step, height: step, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("rect", { x: 0, y: 0, width: 0.055, height: step, class: "cb-light" })),
    s("pattern", { id: "cb-Y", width: step, height: step, patternUnits: "userSpaceOnUse" },
      s("circle", { cx: step / 2, cy: step / 2, r: 0.04, class: "cb-dark" })),
    s("pattern", { id: "cb-B", width: step, height: step, patternUnits: "userSpaceOnUse" },
      s("rect", { x: 0, y: 0, width: step, height: 0.055, class: "cb-light" }))));
}

/** A letter for colour `c` in the middle of cell (x, y); its size is style.css's (legible at any zoom). */
function cbLetter(x, y, c) {
  return s("text", { x: x + 0.5, y: y + 0.5, class: `cb-letter on-${c}`, text: c });
}

/**
 * The colour-blind overlay for `cells` ([x, y, letter]): patterns on every cell and a
 * letter on each cell, or only on the cells listed in `lettered` ("x,y" keys).
 */
export function cbOverlay(cells, lettered = null) {
  let out = [];
  for (const [x, y, c] of cells) {
    if (PATTERNS[c]) out.push(s("rect", { x, y, width: 1, height: 1, fill: `url(#${PATTERNS[c]})` }));
  }
  const letters = cells.filter(([x, y]) => !lettered || lettered.has(`${x},${y}`)).map(([x, y, c]) => cbLetter(x, y, c));
  out = out.concat(letters);
  return s("g", { class: "cb", "aria-hidden": "true" }, out);
}

/** The Painting's overlay: patterns on every cell, one letter per stroke (its first cell). */
export function paintingOverlay(view) {
  if (!view.strokes) return cbOverlay(view.painting);
  const first = new Set(view.strokes.map((st) => {
    const [x, y] = topLeft(st.cells);
    return `${x},${y}`;
  }));
  return cbOverlay(view.painting, first);
}

/**
 * Grid lines: thick black between cells of different strokes and round the Painting,
 * hairlines inside a stroke, so strokes read as the colour fields of a Mondrian.
 */
export function gridLines(view) {
  const cells = cellMap(view);
  const strokes = strokeMap(view);
  const same = (a, b) => strokes.has(a) && strokes.get(a) === strokes.get(b);
  let thick = "";
  let thin = "";
  let edge = "";
  for (const [x, y] of view.painting) {
    const here = `${x},${y}`;
    const edges = [
      [`${x + 1},${y}`, `M${x + 1} ${y}v1`, true],
      [`${x},${y + 1}`, `M${x} ${y + 1}h1`, true],
      [`${x - 1},${y}`, `M${x} ${y}v1`, false],
      [`${x},${y - 1}`, `M${x} ${y}h1`, false],
    ];
    for (const [next, d, owner] of edges) {
      if (!cells.has(next)) edge += d;
      else if (!owner) continue; // drawn once, by the cell left of or above the edge
      else if (same(here, next)) thin += d;
      else thick += d;
    }
  }
  return [s("path", { d: thin, class: "line-thin" }), s("path", { d: thick, class: "line-thick" }),
    s("path", { d: edge, class: "line-edge" })];
}

/** A light band round the Painting's outer edge (drawn under the cells; the dark theme shows it). */
export function edgeMat(view) {
  return s("path", { d: outline(view.painting, cellMap(view)), class: "edge-mat" });
}

/** An SVG path along the outer edges of `cells` ([x, y, ...]): the sides no key of `inside` continues. */
function outline(cells, inside) {
  let d = "";
  for (const [x, y] of cells) {
    if (!inside.has(`${x + 1},${y}`)) d += `M${x + 1} ${y}v1`;
    if (!inside.has(`${x - 1},${y}`)) d += `M${x} ${y}v1`;
    if (!inside.has(`${x},${y + 1}`)) d += `M${x} ${y + 1}h1`;
    if (!inside.has(`${x},${y - 1}`)) d += `M${x} ${y}h1`;
  }
  return d;
}

/**
 * Veil every cell not of `colors` (a letter or a list of them, e.g. a seat's), outline
 * their strokes and label the sizes of those larger than one cell.
 */
export function highlightLayer(view, colors) {
  const shown = [colors].flat();
  const out = [];
  let veil = "";
  for (const [x, y, c] of view.painting) if (!shown.includes(c)) veil += `M${x} ${y}h1v1h-1z`;
  out.push(s("path", { d: veil, class: "veil" }));
  for (const stroke of view.strokes || []) {
    if (!shown.includes(stroke.color)) continue;
    const mine = new Set(stroke.cells.map(([x, y]) => `${x},${y}`));
    out.push(s("path", { d: outline(stroke.cells, mine), class: "stroke-outline" }));
    if (stroke.size < 2) continue;
    const [lx, ly] = topLeft(stroke.cells);
    out.push(s("g", { class: "stroke-label", transform: `translate(${lx + 0.5} ${ly + 0.5})` },
      s("circle", { r: 0.34 }), s("text", { "text-anchor": "middle", dy: "0.17", text: stroke.size })));
  }
  return out;
}

/** The 3 by 3 cells of a face (three strings of three letters) at (x, y). */
export function faceCells(rows, x = 0, y = 0, extra = {}) {
  const out = [];
  const cells = [];
  rows.forEach((row, r) => [...row].forEach((c, col) => {
    out.push(s("rect", { x: x + col, y: y + r, width: 1, height: 1, class: `cell c-${c}`, ...extra }));
    cells.push([x + col, y + r, c]);
  }));
  out.push(cbOverlay(cells));
  return out;
}

/** A card face as an SVG picture 3 by 3 with its black grid. */
export function cardSvg(rows, attrs = {}) {
  return s("svg", { viewBox: "-0.1 -0.1 3.2 3.2", class: "card-svg", "aria-hidden": "true",
    focusable: "false", ...attrs },
  faceCells(rows),
  s("path", { d: "M1 0v3M2 0v3M0 1h3M0 2h3", class: "card-grid" }),
  s("rect", { x: 0, y: 0, width: 3, height: 3, class: "card-edge" }));
}

/**
 * The card that was just placed, drawn again on top to animate its arrival: first what lay
 * there before (`move.under`, [x, y, letter or null] from the previous view), then the
 * card landing on it. The layer fades out at the end, leaving the Painting as it is.
 */
export function freshLayer(view, move) {
  const cells = cellMap(view);
  const rects = [];
  const landed = [];
  for (let dy = 0; dy < 3; dy++) {
    for (let dx = 0; dx < 3; dx++) {
      const c = cells.get(`${move.x + dx},${move.y + dy}`);
      if (!c) continue;
      rects.push(s("rect", { x: move.x + dx, y: move.y + dy, width: 1, height: 1, class: `cell c-${c}` }));
      landed.push([move.x + dx, move.y + dy, c]);
    }
  }
  rects.push(cbOverlay(landed, new Set()));
  const under = (move.under || []).map(([x, y, c]) =>
    s("rect", { x, y, width: 1, height: 1, class: c ? `cell c-${c}` : "table-field" }));
  const { x, y } = move;
  return s("g", { class: "fresh" },
    under.length ? s("g", { class: "fresh-under" }, under) : null,
    s("g", { class: "fresh-card" }, rects,
      s("path", { d: `M${x + 1} ${y}v3M${x + 2} ${y}v3M${x} ${y + 1}h3M${x} ${y + 2}h3`, class: "card-grid" }),
      s("rect", { x, y, width: 3, height: 3, class: "fresh-edge" })));
}

/**
 * The held card under the pointer: legal or not, and how many cells it would cover. What it
 * covers and scores is said in the score note above the Painting (render-teach.js), at a
 * size that does not depend on the zoom. `tapped`: a tap showed it here, a second tap places it
 * (`data-tapped`, for tests and the hint).
 */
export function ghost(rows, x, y, legal, covered, tapped = false) {
  return s("g", { class: `ghost ${legal ? "ghost-ok" : "ghost-bad"}`, "data-legal": legal ? "yes" : "no",
    "data-covers": covered, "data-x": x, "data-y": y, "data-tapped": tapped ? "yes" : "no", "aria-hidden": "true" },
  s("g", { class: "ghost-face" }, faceCells(rows, x, y),
    s("path", { d: `M${x + 1} ${y}v3M${x + 2} ${y}v3M${x} ${y + 1}h3M${x} ${y + 2}h3`, class: "card-grid" })),
  legal ? null : s("rect", { x, y, width: 3, height: 3, class: "ghost-hatch", fill: "url(#hatch)" }),
  s("rect", { x, y, width: 3, height: 3, class: "ghost-edge" }));
}

/**
 * One keyboard-playable button per legal top-left cell, drawn at the card's centre. One spot
 * is in the Tab order (`current`, else the first); arrow keys move between them. `view`
 * (optional) lets each spot say how many cells it would cover.
 */
export function spots(positions, view = null, current = null) {
  const sorted = [...positions].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const covers = new Map((view?.covers || []).map(([x, y, n]) => [`${x},${y}`, n]));
  const at = current ? sorted.findIndex(([x, y]) => x === current[0] && y === current[1]) : -1;
  const tabbed = at >= 0 ? at : 0;
  return sorted.map(([x, y], i) => {
    const n = covers.get(`${x},${y}`);
    const cover = n ? `, covers ${n} ${n === 1 ? "cell" : "cells"}` : "";
    return s("g", {
      class: "spot", role: "button", tabindex: i === tabbed ? 0 : -1, "aria-label": `Place at ${spotText(x, y)}${cover}`,
      "data-action": "place", "data-x": x, "data-y": y, transform: `translate(${x + 1.5} ${y + 1.5})`,
    }, s("circle", { r: 0.45, class: "spot-hit" }), s("circle", { r: 0.62, class: "spot-halo" }),
    s("circle", { r: 0.62, class: "spot-ring" }), s("circle", { r: 0.13, class: "spot-dot" }));
  });
}

/** A sentence describing the Painting for screen readers. */
export function describePainting(view) {
  const counts = {};
  for (const [, , c] of view.painting) counts[c] = (counts[c] || 0) + 1;
  const [x0, y0, x1, y1] = view.bounds;
  const parts = Object.entries(counts).map(([c, n]) => `${n} ${colorName(c)}`);
  return `${view.painting.length} cells from column ${x0} to ${x1} and row ${y0} to ${y1}: ${parts.join(", ")}.`;
}
