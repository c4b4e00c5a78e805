// Modal dialogs, the WAI-ARIA dialog pattern, for every dialog layer of the page: the Rules
// panel (#rules-layer) and #dialog (Settings, Share, the confirm dialogs). While a layer is
// open the rest of the page is inert (no pointer, no focus, hidden from screen readers),
// Tab and Shift+Tab cycle inside it, and when it closes the focus goes back to the control
// that opened it. Layers stack: the last opened one is live, the others are inert too.
//
// The render modules call `modal(layer, open)` on every draw with what the state says; it
// acts only when that changes. events.js hands Tab presses to `trapTab`. No state is kept
// here but the open layers and their openers (DOM things the state does not hold).

/** The open layers, oldest first: [{layer, opener, again}]. */
const stack = [];

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), "
  + "select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** The controls of `layer` that Tab stops at, in order (one radio per checked group). */
export function tabStops(layer) {
  return [...layer.querySelectorAll(FOCUSABLE)].filter((el) => {
    if (el.checkVisibility?.() === false) return false;
    if (el.type !== "radio" || el.checked) return true;
    const group = layer.querySelectorAll(`input[type=radio][name="${CSS.escape(el.name)}"]`);
    return ![...group].some((r) => r.checked);
  });
}

/** Live regions (#live, the alert toast) stay heard, and the toast dismissible, under a dialog. */
const LIVE = (el) => el.hasAttribute("aria-live") || el.matches("[role=alert], [role=status]");

/** Make every part of the page but the top layer inert (live regions stay heard). */
function applyInert() {
  const top = stack.at(-1)?.layer || null;
  for (const el of document.body.children) {
    const inert = !!top && el !== top && !LIVE(el);
    if (el.inert !== inert) el.inert = inert;
  }
}

/** A selector that finds the control `el` again once the page has drawn it anew (the end
 * screen's results are redrawn when the score history arrives): its id, else its action. */
function againOf(el) {
  if (!(el instanceof Element)) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  const action = el.getAttribute("data-action");
  return action ? `[data-action="${CSS.escape(action)}"]` : null;
}

function usable(el) {
  // an SVG control counts too: the Painting's spots (Rules opened with "?" on a spot goes back there)
  return (el instanceof HTMLElement || el instanceof SVGElement) && el.isConnected && el !== document.body && !el.disabled
    && !el.closest("[inert]") && el.checkVisibility?.() !== false;
}

/**
 * Open or close `layer` as a modal dialog. On opening: remember the focused control, make
 * the rest inert and focus `first` (else the layer's first Tab stop). On closing: undo it and
 * give the focus back to the opener. Returns true when the focus went back to the opener.
 */
export function modal(layer, open, first = null) {
  const at = stack.findIndex((e) => e.layer === layer);
  if (open && at < 0) {
    const active = document.activeElement;
    const opener = active && !layer.contains(active) ? active : null;
    stack.push({ layer, opener, again: againOf(opener) });
    applyInert();
    const target = first || tabStops(layer)[0];
    if (target && document.activeElement !== target) target.focus({ preventScroll: true });
    return false;
  }
  if (!open && at >= 0) {
    const [{ opener, again }] = stack.splice(at, 1);
    applyInert();
    // the opener, or the same control drawn anew while the layer was open
    const back = usable(opener) ? opener : [...(again ? document.querySelectorAll(again) : [])].find(usable);
    if (back) {
      back.focus({ preventScroll: true });
      return document.activeElement === back;
    }
    return false;
  }
  if (open) applyInert(); // parts added to the page meanwhile (a notice, the tour) go inert too
  return false;
}

/** Tab or Shift+Tab (keydown `ev`) while a layer is open: keep the focus inside it. */
export function trapTab(ev) {
  const top = stack.at(-1)?.layer;
  if (ev.key !== "Tab" || !top || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const stops = tabStops(top);
  if (!stops.length) return void ev.preventDefault();
  const i = stops.indexOf(document.activeElement);
  const inside = top.contains(document.activeElement);
  let to = null;
  if (ev.shiftKey && (i === 0 || !inside)) to = stops.at(-1);
  else if (!ev.shiftKey && (i === stops.length - 1 || !inside)) to = stops[0];
  if (!to) return; // within the layer: the browser's own order
  ev.preventDefault();
  to.focus();
}
