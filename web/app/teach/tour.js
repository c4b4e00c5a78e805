// The guided first game: four short notes, one at a time, each pointing at a part of the
// table (the Gallery, the Rotate button, the Painting's spots, the score panel), which is
// outlined in red while the note sits in a corner where it covers no control (style.css). The
// controller (teach/control.js) moves to the next note as soon as the player has done the
// step; Skip ends it. Shown on a fresh profile and on request from the Rules panel.

import { attr, h, show, text } from "../dom.js";
import { TOUR_STEPS } from "./state.js";

let box = null;
let lastTarget = null;

function mount() {
  if (box) return box;
  box = h("aside", { class: "tour", id: "tour", role: "region", "aria-label": "Guided first game", hidden: true },
    h("p", { class: "tour-step", id: "tour-step" }),
    h("h2", { class: "tour-title", id: "tour-title" }),
    h("p", { class: "tour-body", id: "tour-body", "aria-live": "polite" }),
    h("div", { class: "tour-actions" },
      h("button", { type: "button", class: "btn btn-small btn-ghost", "data-action": "tour-end", text: "Skip the tour" }),
      h("button", { type: "button", class: "btn btn-small", "data-action": "tour-next", id: "tour-next", text: "Next" })));
  document.body.append(box);
  return box;
}

/** Show the note of `state.teach.tour` (on the table only), or hide it. */
export function renderTour(s) {
  const step = s.screen === "table" && s.view && !s.view.is_over && !s.teach.rules ? s.teach.tour : null;
  mount();
  const old = lastTarget && document.getElementById(lastTarget);
  if (step === null || step === undefined || !TOUR_STEPS[step]) {
    show(box, false);
    old?.classList.remove("tour-target");
    lastTarget = null;
    return;
  }
  const info = TOUR_STEPS[step];
  if (lastTarget !== info.target) {
    old?.classList.remove("tour-target");
    lastTarget = info.target;
  }
  const target = document.getElementById(info.target);
  target?.classList.add("tour-target");
  attr(box, "data-step", step);
  text(document.getElementById("tour-step"), `Step ${step + 1} of ${TOUR_STEPS.length}`);
  text(document.getElementById("tour-title"), info.title);
  text(document.getElementById("tour-body"), info.body);
  text(document.getElementById("tour-next"), step === TOUR_STEPS.length - 1 ? "Done" : "Next");
  show(box, true);
}
