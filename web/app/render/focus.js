// Keyboard and touch flow: after every action the focus goes to the next sensible control,
// so a keyboard player never hunts with Tab.
//   - a human turn begins (after Start or after the bots' moves): the first Gallery card;
//   - a card is picked or turned: the Painting's current (else first) legal spot;
//   - the card is put back (Escape): that Gallery card;
//   - a card is placed, and while the bots play: the turn banner (it says what happens);
//   - the game ends: Rematch;
//   - a dialog opens: its first control; it closes: the control that opened it.
// Focus is only moved when it was lost (on <body> or on a removed or disabled control) or
// sits in the part of the page the action came from, never away from a text field.

import { modal } from "../modal.js";
import { humanTurn } from "../queries.js";

const $ = (id) => document.getElementById(id);

/** Is the focus lost, or in a part of the page where moving it follows the player's action? */
function movable(...within) {
  const a = document.activeElement;
  if (!a || a === document.body || !a.isConnected) return true;
  if (a.disabled || a.checkVisibility?.() === false) return true; // hidden with its screen or panel
  if (a.matches?.("input[type=text], textarea, select")) return false;
  return within.some((sel) => a.closest?.(sel));
}

function focus(el) {
  if (el && document.activeElement !== el) el.focus({ preventScroll: true });
}

/** The focus flow: call after each draw with the new and previous state. */
export function createFocusFlow() {
  return function after(s, p) {
    if (!p) return;
    // dialogs are modal (modal.js): into the dialog, Tab stays there, back to what opened it
    if (s.dialog && !p.dialog) {
      const root = $("dialog");
      modal(root, true, root.querySelector("input:checked, [autofocus]"));
      return;
    }
    if (!s.dialog && p.dialog) {
      modal($("dialog"), false);
      if (document.activeElement !== document.body) return;
    }
    // a friend game's new link, this device having nothing to play: to its Copy button
    const link = s.friend?.link;
    if (!s.dialog && link && link.url !== p.friend?.link?.url && !humanTurn(s)) {
      const copy = $("friend-copy");
      if (copy && copy.checkVisibility?.() !== false && movable("#setup", "#table", "#friend-panel")) {
        $("friend-panel")?.scrollIntoView({ block: "nearest" });
        focus(copy);
        return;
      }
    }
    if (s.dialog || s.screen !== "table" || s.replay) return;
    const v = s.view;
    if (v?.is_over) { // the end: Rematch (again if the results were redrawn under the focus)
      if ((!p.view?.is_over && movable("#table")) || movable()) {
        focus(document.querySelector('#results [data-action="rematch"]'));
      }
      return;
    }
    const playable = humanTurn(s) && !s.busy;
    const wasPlayable = p.screen === "table" && humanTurn(p) && !p.busy;
    if (!playable) { // placing, or the bots' turns: the turn banner says what happens, never <body>
      if (movable()) focus($("turn"));
      return;
    }
    if (s.held === null) {
      const putBack = p.held !== null && wasPlayable && p.view === s.view;
      if (putBack) {
        if (movable("#table")) focus(document.querySelector(`.gcard[data-card="${p.held}"]`));
      } else if (!wasPlayable || p.held !== null || movable()) {
        if (movable("#table")) focus(document.querySelector(".gcard:not([disabled])"));
      }
      return;
    }
    const picked = p.held !== s.held || !wasPlayable;
    const turned = p.rotation !== s.rotation;
    if (picked && movable("#gallery", "#painting")) focus(document.querySelector('#layer-spots .spot[tabindex="0"]'));
    else if (turned && movable("#painting")) focus(document.querySelector('#layer-spots .spot[tabindex="0"]'));
  };
}
