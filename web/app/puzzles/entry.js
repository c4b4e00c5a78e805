// The puzzle mode's one plug (docs/puzzles.md): app.js imports it once the app starts. It
// adds the start screen's Puzzles card and opens the mode for ?puzzles or ?puzzle=ID; the
// mode itself (puzzles/app.js), its stylesheet and the set load on first use.

import { h } from "../dom.js";

let mode = null;

function section() {
  let root = document.getElementById("puzzles");
  if (root) return root;
  root = h("section", { class: "puzzles", id: "puzzles", "aria-labelledby": "puzzles-title", hidden: true },
    h("div", { class: "pz-head" },
      h("h2", { id: "puzzles-title" }, "Puzzles"),
      h("button", { type: "button", class: "btn", "data-pz": "close" }, "Back to start")),
    h("div", { class: "pz-body" }),
    h("p", { class: "pz-live sr-only", "aria-live": "polite" }));
  document.getElementById("main").append(root);
  return root;
}

function stylesheet() {
  if (document.getElementById("pz-style")) return Promise.resolve();
  return new Promise((resolve) => {
    const link = h("link", { rel: "stylesheet", id: "pz-style", href: new URL("app/puzzles/puzzles.css", document.baseURI).href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve); // unstyled but usable
    document.head.append(link);
  });
}

/** Open the puzzle mode (a puzzle by id, else its menu). */
export async function openPuzzles(engine, id = null) {
  const root = section();
  await stylesheet();
  if (!mode) {
    const { createPuzzles } = await import("./app.js");
    mode = createPuzzles({ engine, root, onClose: closePuzzles });
  }
  document.body.dataset.puzzles = "open";
  root.hidden = false;
  root.querySelector("h2").focus?.();
  await mode.open(id);
}

function closePuzzles() {
  document.body.dataset.puzzles = "";
  section().hidden = true;
  document.getElementById("btn-puzzles")?.focus();
}

/** The start screen's Puzzles card, and ?puzzles / ?puzzle=ID opened at once. */
export function plugIn(engine, where = location) {
  const start = document.getElementById("start");
  if (start && !document.getElementById("puzzles-card")) {
    const card = h("section", { class: "puzzles-card", id: "puzzles-card", "aria-labelledby": "puzzles-card-title" },
      h("h2", { id: "puzzles-card-title" }, "Puzzles"),
      h("p", {}, "Positions from the bots' games where one placement is clearly best. Find it."),
      h("button", { type: "button", class: "btn", id: "btn-puzzles" }, "Puzzles"));
    card.querySelector("button").addEventListener("click", () => openPuzzles(engine));
    const setup = document.getElementById("setup");
    if (setup) setup.before(card);
    else start.append(card);
  }
  const query = new URLSearchParams(where.search);
  if (query.has("puzzle") || query.has("puzzles")) openPuzzles(engine, query.get("puzzle"));
}
