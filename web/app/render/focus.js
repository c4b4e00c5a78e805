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
import { modeOf } from "../modes.js";
import { humanTurn, showsPast } from "../queries.js";

const $ = (id) => document.getElementById(id);

/**
 * Is the focus lost, or in a part of the page where moving it follows the player's action?
 * Never away from a visible text field. The visibility test comes last: it lays the page
 * out at once, in the middle of a draw.
 */
function movable(...within) {
  const a = document.activeElement;
  if (!a || a === document.body || !a.isConnected || a.disabled) return true;
  const field = a.matches?.("input[type=text], textarea, select");
  if (!field && within.some((sel) => a.closest?.(sel))) return true;
  return a.checkVisibility?.() === false; // hidden with its screen or panel: lost
}

/** Focus `el` if it has not the focus already and `movable(...within)`. */
function moveTo(el, ...within) {
  if (el && document.activeElement !== el && movable(...within)) el.focus({ preventScroll: true });
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
    const link = modeOf(s).linkToSend(s);
    if (!s.dialog && link && link.url !== modeOf(p).linkToSend(p)?.url && !humanTurn(s)) {
      const copy = $("friend-copy");
      if (copy && copy.checkVisibility?.() !== false && movable("#setup", "#table", "#friend-panel")) {
        $("friend-panel")?.scrollIntoView({ block: "nearest" });
        if (document.activeElement !== copy) copy.focus({ preventScroll: true });
        return;
      }
    }
    if (s.dialog || s.screen !== "table" || showsPast(s)) return;
    const v = s.view;
    if (v?.is_over) { // the end: Rematch (again if the results were redrawn under the focus)
      moveTo(document.querySelector('#results [data-action="rematch"]'), ...(p.view?.is_over ? [] : ["#table"]));
      return;
    }
    const playable = humanTurn(s) && !s.busy;
    const wasPlayable = p.screen === "table" && humanTurn(p) && !p.busy;
    if (!playable) { // placing, or the bots' turns: the turn banner says what happens, never <body>
      moveTo($("turn"));
      return;
    }
    if (s.held === null) {
      const putBack = p.held !== null && wasPlayable && p.view === s.view;
      if (putBack) {
        moveTo(document.querySelector(`.gcard[data-card="${p.held}"]`), "#table");
      } else {
        const first = document.querySelector(".gcard:not([disabled])");
        if (first !== document.activeElement && (!wasPlayable || p.held !== null || movable())) moveTo(first, "#table");
      }
      return;
    }
    const picked = p.held !== s.held || !wasPlayable;
    const turned = p.rotation !== s.rotation;
    const spot = document.querySelector('#layer-spots .spot[tabindex="0"]');
    if (picked) moveTo(spot, "#gallery", "#painting");
    else if (turned) moveTo(spot, "#painting");
  };
}
