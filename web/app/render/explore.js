// The Painting for screen-reader and keyboard players: the Painting's SVG is one Tab stop
// named "Painting, explore cell by cell"; arrow keys move a cursor cell by cell and a
// polite live region reads the cell: its colour, the size of its stroke and whose stroke it
// is. Everything read comes from the engine's view (painting, strokes, seats).

import { h, s, text } from "../dom.js";
import { colorName, whose } from "../words.js";

const $ = (id) => document.getElementById(id);

/** Give the Painting's SVG its name and role, and add the cursor layer and readout (once). */
export function mountExplorer() {
  const svg = $("painting-svg");
  if (!svg || $("layer-cursor")) return;
  svg.setAttribute("tabindex", "0");
  svg.setAttribute("role", "application");
  svg.setAttribute("aria-roledescription", "painting grid");
  svg.setAttribute("aria-label", "Painting, explore cell by cell with the arrow keys");
  svg.setAttribute("aria-describedby", "explore-help");
  svg.append(s("g", { id: "layer-cursor", "aria-hidden": "true" }));
  $("painting").append(
    h("p", { class: "sr-only", id: "explore-help",
      text: "Arrow keys move one cell; Home goes to the first cell. Each cell says its colour, its stroke's size and whose stroke it is." }),
    h("p", { class: "sr-only", id: "explore-live", "aria-live": "polite", "aria-atomic": "true" }));
}

/** Whose colour `c` is ("Piet's", "yours and Theo's"), or "" if nobody plays it. */
function players(view, c) {
  return whose(view.seats.filter((seat) => seat.colors.includes(c)).map((seat) => seat.name));
}

/** "Column 2, row -1: red, a stroke of 4 cells, Piet's." for cell (x, y) of `view`. */
export function cellText(view, x, y) {
  const where = `Column ${x}, row ${y}`;
  const cell = view.painting.find(([cx, cy]) => cx === x && cy === y);
  if (!cell) return `${where}: empty table.`;
  const c = cell[2];
  const stroke = (view.strokes || []).find((st) => st.cells.some(([sx, sy]) => sx === x && sy === y));
  const size = stroke ? `, a stroke of ${stroke.size} ${stroke.size === 1 ? "cell" : "cells"}` : "";
  const who = players(view, c);
  return `${where}: ${colorName(c)}${size}, ${who || "nobody's colour"}.`;
}

/** Draw the cursor at `cell` (null: none) and read the cell out when it moved. */
export function drawExplorer(view, cell, moved) {
  const layer = $("layer-cursor");
  if (!layer) return;
  if (!cell || !view) {
    layer.replaceChildren();
    return;
  }
  const [x, y] = cell;
  layer.replaceChildren(
    s("rect", { x, y, width: 1, height: 1, class: "cursor-halo" }),
    s("rect", { x, y, width: 1, height: 1, class: "cursor-ring" }));
  if (moved) text($("explore-live"), cellText(view, x, y));
}
