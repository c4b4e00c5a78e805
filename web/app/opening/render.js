// The opening's part of the table: the person's first card, placed while the engine loads,
// drawn on its spot until the engine's answer replaces it (docs/web.md, "Openings").

import { h, replace, s as svg, show, text } from "../dom.js";
import { faceCells } from "../paint.js";

/** Draw the queued first move of state `s` (previous state `p`) on the Painting, and the notice. */
export function drawOpening(s, p) {
  if (p && p.opening === s.opening && p.view === s.view && p.screen === s.screen) return;
  drawNotice(s.screen === "table" ? s.opening?.notice : null);
  const move = s.screen === "table" ? s.opening?.move : null;
  let layer = document.getElementById("layer-queued");
  if (!move) return void (layer && replace(layer));
  if (!layer) {
    layer = svg("g", { id: "layer-queued" });
    document.getElementById("layer-ghost").after(layer);
  }
  const card = s.view.gallery.find((g) => g.card === move.card);
  if (!card) return void replace(layer);
  const { x, y } = move;
  replace(layer, svg("g", { class: "queued-card", "aria-hidden": "true", "data-x": x, "data-y": y },
    faceCells(card.faces[move.rotation], x, y),
    svg("path", { d: `M${x + 1} ${y}v3M${x + 2} ${y}v3M${x} ${y + 1}h3M${x} ${y + 2}h3`, class: "card-grid" }),
    svg("rect", { x, y, width: 3, height: 3, class: "queued-edge" })));
}

/** The notice that the engine dealt another game than the opening shown (it must not happen). */
function drawNotice(notice) {
  let el = document.getElementById("opening-notice");
  if (!notice) return void (el && show(el, false));
  if (!el) {
    el = h("div", { class: "opening-notice", id: "opening-notice", role: "status" },
      h("p", { class: "opening-notice-text" }),
      h("button", { type: "button", class: "btn", "data-action": "opening-dismiss", text: "Dismiss" }));
    document.getElementById("turn").after(el);
  }
  text(el.querySelector("p"), notice);
  show(el, true);
}
