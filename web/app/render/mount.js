// Mounts, once, the page parts the render modules need and web/index.html does not have:
// the colour-blind patterns, the Settings button, the Painting's explorer, the spots above
// the held card's ghost, the Place button, and the teaching buttons and layers.

import { h } from "../dom.js";
import { mountTeach } from "../teach/buttons.js";
import { mountExplorer } from "./explore.js";
import { patternDefs } from "../paint.js";
import { mountSettingsButton } from "./settings.js";

const $ = (id) => document.getElementById(id);

/** Add the page parts (idempotent). */
export function mountParts() {
  if (!document.querySelector(".cb-defs")) document.body.append(patternDefs());
  mountSettingsButton();
  mountExplorer();
  // The legal spots are drawn above the held card's ghost, so the focused spot's ring shows.
  const svg = $("painting-svg");
  const spots = $("layer-spots");
  if (svg && spots && svg.lastElementChild !== spots) svg.insertBefore(spots, $("layer-cursor"));
  const rotate = $("btn-rotate");
  if (rotate && !$("btn-place")) {
    rotate.after(h("button", { type: "button", class: "btn btn-place", id: "btn-place", "data-action": "place-held",
      "aria-keyshortcuts": "Enter", title: "Place the held card where it is shown (Enter)", text: "Place" }));
  }
  mountTeach(); // the Rules button is on every screen
}
