// The guided first game: four short notes, one at a time, each pointing at a part of the
// table (the Gallery, the Rotate button, the Painting's spots, the score panel), which is
// outlined in red while the note sits beside it (`place`: never over it). On a touch screen
// the notes speak of tapping. The
// controller (teach/control.js) moves to the next note as soon as the player has done the
// step; Skip ends it. Shown on a fresh profile and on request from the Rules panel.

import { attr, h, show, text } from "../dom.js";
import { TOUR_STEPS } from "./state.js";

let box = null;
let lastTarget = null;
let placing = 0; // the frame that will place the note

function mount() {
  if (box) return box;
  box = h("aside", { class: "tour", id: "tour", role: "region", "aria-label": "Guided first game", hidden: true },
    h("p", { class: "tour-step", id: "tour-step" }),
    h("h2", { class: "tour-title", id: "tour-title" }),
    h("p", { class: "tour-body", id: "tour-body", "aria-live": "polite" }),
    h("div", { class: "tour-actions" },
      h("button", { type: "button", class: "btn btn-small btn-ghost", "data-action": "tour-end", text: "Skip the tour" }),
      h("button", { type: "button", class: "btn btn-small", "data-action": "tour-next", id: "tour-next", text: "Next" })));
  // early in the Tab order (after the header), though it is drawn beside its target
  const main = document.getElementById("main");
  if (main) main.before(box);
  else document.body.append(box);
  return box;
}

/** Show the note of `state.teach.tour` (on the table only), or hide it. */
export function renderTour(s) {
  const step = s.screen === "table" && s.view && !s.view.is_over && !s.teach.rules ? s.teach.tour : null;
  mount();
  const old = lastTarget && document.getElementById(lastTarget);
  cancelAnimationFrame(placing);
  if (step === null || step === undefined || !TOUR_STEPS[step]) {
    const hadFocus = box.contains(document.activeElement);
    show(box, false);
    old?.classList.remove("tour-target");
    if (hadFocus) focusTable(); // a hidden note keeps no focus: back to the game
    lastTarget = null;
    return;
  }
  const info = TOUR_STEPS[step];
  const moved = box.hidden || lastTarget !== info.target; // its old place is no guide
  if (lastTarget !== info.target) {
    old?.classList.remove("tour-target");
    lastTarget = info.target;
  }
  const target = document.getElementById(info.target);
  target?.classList.add("tour-target");
  attr(box, "data-step", step);
  text(document.getElementById("tour-step"), `Step ${step + 1} of ${TOUR_STEPS.length}`);
  text(document.getElementById("tour-title"), info.title);
  const touch = window.matchMedia?.("(pointer: coarse)").matches;
  const unheld = s.held === null && info.unheld; // no card in hand: no dots to speak of
  text(document.getElementById("tour-body"), unheld ? (touch ? info.unheldTouch : info.unheld) : touch ? info.touch : info.body);
  text(document.getElementById("tour-next"), step === TOUR_STEPS.length - 1 ? "Done" : "Next");
  show(box, true);
  if (!target) return;
  // Measured in the next frame, once the browser has laid the table out anyway (as
  // render/camera.js sizes the cells): measuring now would force a layout in the middle of
  // the table's first draw. Until then a note that moves is not seen; data-placed says
  // when it is where it goes (tests wait on it).
  attr(box, "data-placed", "no");
  if (moved) box.style.opacity = "0";
  placing = requestAnimationFrame(() => {
    placing = 0;
    place(box, target);
    box.style.opacity = "";
    attr(box, "data-placed", "yes");
  });
}

/** The focus of a note just closed goes to the game: the Gallery's first card, else the main part. */
function focusTable() {
  const card = document.querySelector("#gallery button[aria-label^=\"Gallery card\"]:not([disabled])");
  const main = document.getElementById("main");
  if (card) card.focus();
  else if (main) {
    if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
    main.focus();
  }
}

const GAP = 12; // px between the note and what it points at

/**
 * Put the note beside its target, never over it: on a wide screen left of it (the Painting's
 * note low in the seats' column); on a narrow one above the
 * target if there is room, else below it, else at the far edge of the screen from it (the
 * Painting's note: at the foot of the screen).
 */
function place(note, target) {
  const narrow = document.documentElement.clientWidth <= 760;
  // (a phone shows the score panel below the first screen: its note waits at the foot of the
  // screen and says where the panel is; the page is not scrolled away from the game for it)
  // on a phone a note about a part of the Gallery (Rotate) stays off the whole Gallery
  const r = (narrow && target.closest("#gallery-panel") || target).getBoundingClientRect();
  const w = note.offsetWidth;
  const hgt = note.offsetHeight;
  const W = document.documentElement.clientWidth;
  const H = window.innerHeight;
  let left;
  let top;
  if (W > 760) {
    // left of its target: the Gallery, Rotate and the score panel are in the right-hand
    // column; the Painting's note goes low in the seats' column, under the seats
    left = r.left - w - GAP;
    top = target.id === "painting" ? r.bottom - hgt - GAP : r.top;
  } else {
    left = (W - w) / 2;
    // the Painting fills the middle of a phone: its note goes to the foot of the screen (the
    // score note above the Painting and the Place button stay in view)
    if (target.id === "painting") top = H - hgt - GAP / 2;
    else if (r.top - hgt - GAP >= 0) top = r.top - hgt - GAP;
    else if (r.bottom + hgt + GAP <= H) top = r.bottom + GAP;
    else top = r.top + r.height / 2 > H / 2 ? GAP / 2 : H - hgt - GAP / 2;
  }
  left = Math.max(6, Math.min(W - w - 6, left));
  top = Math.max(6, Math.min(H - hgt - 6, top));
  Object.assign(note.style, { left: `${Math.round(left)}px`, top: `${Math.round(top)}px`, right: "auto", bottom: "auto" });
}
