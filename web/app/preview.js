// The embed before the reader presses Start game: a finished Painting, the title, the
// button and the download size. Nothing else loads until the press: no worker, no Python.
//
// The Paintings are the final Paintings of a few seeded bot games, played by the engine at
// build time (build_scripts/pages.py) and written into embed.html as JSON; the one of the
// link's player count is shown (by its seed, if several), drawn by paint.js.

import { s } from "./dom.js";
import { cellRects, edgeMat, gridLines } from "./paint.js";
import { RULES } from "./rules-data.js";

const PLAYERS = { 2: "two", 3: "three", 4: "four", 5: "five" };

/** The Paintings written by the build: [{seed, players, level, bounds, cells}]. */
function paintings() {
  try {
    const data = JSON.parse(document.getElementById("preview-data")?.textContent || "[]");
    return Array.isArray(data) ? data.filter((p) => Array.isArray(p?.cells) && p.cells.length) : [];
  } catch {
    return [];
  }
}

/** The number of players a link sets up: `players`, else one per `seats` entry, else 3. */
export function playersOf(q) {
  const players = Number(q.get("players"));
  if (RULES.players.includes(players)) return players;
  const seats = (q.get("seats") || "").split(",").filter(Boolean).length;
  return RULES.players.includes(seats) ? seats : 3;
}

/** Which Painting to show: one of the link's player count (else any), by its seed. */
export function pick(list, q, random = Math.random) {
  const players = playersOf(q);
  const same = list.map((p, i) => (p.players === players ? i : -1)).filter((i) => i >= 0);
  const from = same.length ? same : list.map((_, i) => i);
  const at = choose(from.length, q.get("seed"), random);
  return at < 0 ? -1 : from[at];
}

/** Which of `count` Paintings to show: by the link's seed, else any. */
export function choose(count, seedText, random = Math.random) {
  if (!count) return -1;
  const seed = /^\s*-?\d+\s*$/.test(seedText ?? "") ? Math.abs(Number.parseInt(seedText, 10)) : null;
  return seed === null || !Number.isSafeInteger(seed) ? Math.floor(random() * count) : seed % count;
}

/** A painting in the shape paint.js draws: {painting: [[x, y, c]], strokes: [{cells}]}. */
function asView(p) {
  const strokes = [];
  for (const [x, y, , i] of p.cells) (strokes[i] ||= { cells: [] }).cells.push([x, y]);
  return { painting: p.cells.map(([x, y, c]) => [x, y, c]), strokes: strokes.filter(Boolean) };
}

function draw(svg, caption, p) {
  const view = asView(p);
  const [x0, y0, x1, y1] = p.bounds;
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const side = Math.max(w, h) + 1; // square, centred: the frame never changes size
  const [left, top] = [x0 - (side - w) / 2, y0 - (side - h) / 2];
  svg.setAttribute("viewBox", `${left} ${top} ${side} ${side}`);
  const field = s("rect", { class: "table-field", x: left, y: top, width: side, height: side });
  svg.replaceChildren(field, edgeMat(view), ...cellRects(view), ...gridLines(view)); // the mat: dark theme only
  caption.textContent = `The finished Painting of a ${PLAYERS[p.players] || p.players}-player game `
    + `between ${p.level} bots (seed ${p.seed}): ${p.cells.length} cells.`;
}

/**
 * Show the preview; `onPlay()` is called once, when the reader presses Start game.
 * The theme is already on the page (main.js: the link's, else the saved one, else the system's).
 */
export function showPreview({ search = location.search, onPlay }) {
  const q = new URLSearchParams(search);
  const list = paintings();
  const index = pick(list, q);
  if (index >= 0) draw(document.getElementById("preview-art"), document.getElementById("preview-caption"), list[index]);
  const button = document.getElementById("btn-play");
  const size = document.getElementById("preview-size");
  let pressed = false;
  button.addEventListener("click", () => {
    if (pressed) return;
    pressed = true;
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    if (size) size.textContent = "Loading the game engine…";
    onPlay();
  });
  document.documentElement.dataset.preview = "ready";
}

/** Leave the preview for the game as soon as the table is on screen. */
export function closeWhenPlaying() {
  const body = document.body;
  const done = () => {
    if (!body.classList.contains("screen-table")) return false;
    body.classList.remove("is-preview");
    return true;
  };
  if (done()) return;
  const watch = new MutationObserver(() => done() && watch.disconnect());
  watch.observe(body, { attributes: true, attributeFilter: ["class"] });
}
