// The Settings button (the dialog it opens, reachable from every screen, is drawn by
// render/dialogs.js) and the page's look: theme (light, dark, follow the system) and colour-blind mode.
// The look is applied to <html> as data-theme="light|dark" and data-cb="on|off"; style.css
// does the rest, so switching redraws nothing.

import { h } from "../dom.js";

const THEME_COLOR = { light: "#f4f1e8", dark: "#17171a" };
const DARK = "(prefers-color-scheme: dark)";

/** "light" or "dark": the theme to show for a choice ("system" asks the browser). */
export function resolveTheme(choice) {
  if (choice === "light" || choice === "dark") return choice;
  return window.matchMedia?.(DARK).matches ? "dark" : "light";
}

let current = { theme: "system", colourBlind: false };
let watching = false;

/** Apply the look to the page: `theme` is a choice of THEMES, `colourBlind` a flag. */
export function applyLook({ theme, colourBlind }) {
  current = { theme, colourBlind };
  const root = document.documentElement;
  const shown = resolveTheme(theme);
  if (root.dataset.theme !== shown) {
    // switch at once: no control fades between the two themes' colours
    root.classList.add("theme-switching");
    root.dataset.theme = shown;
    requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove("theme-switching")));
  }
  const cb = colourBlind ? "on" : "off";
  if (root.dataset.cb !== cb) root.dataset.cb = cb;
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta && meta.content !== THEME_COLOR[shown]) meta.content = THEME_COLOR[shown];
  if (!watching && window.matchMedia) {
    watching = true;
    window.matchMedia(DARK).addEventListener?.("change", () => applyLook(current));
  }
}

/** The look a state asks for: a ?theme= link wins for this visit over the saved choice. */
export function lookOf(s) {
  return { theme: s.themeOverride || s.settings.theme, colourBlind: s.settings.colourBlind };
}

const GEAR = "M8 5.2a2.8 2.8 0 1 0 0 5.6 2.8 2.8 0 0 0 0-5.6Zm6.3 3.9-.1-2.2 1.6-1.4-1.6-2.8-2 .7-1.9-1.1L9.8.2H6.2l-.5 2.1-1.9 1.1-2-.7L.2 5.5l1.6 1.4-.1 2.2-1.5 1.4 1.6 2.8 2-.7 1.9 1.1.5 2.1h3.6l.5-2.1 1.9-1.1 2 .7 1.6-2.8Z";

/** Put the Settings button in the header (once); it opens the panel on every screen. */
export function mountSettingsButton() {
  const actions = document.getElementById("actions");
  if (!actions || document.getElementById("btn-settings")) return;
  const svgNS = "http://www.w3.org/2000/svg";
  const icon = document.createElementNS(svgNS, "svg");
  icon.setAttribute("viewBox", "0 0 16 16");
  icon.setAttribute("aria-hidden", "true");
  icon.setAttribute("focusable", "false");
  const path = document.createElementNS(svgNS, "path");
  path.setAttribute("d", GEAR);
  path.setAttribute("fill", "currentColor");
  path.setAttribute("fill-rule", "evenodd");
  icon.append(path);
  actions.append(h("button", { type: "button", class: "btn btn-settings", id: "btn-settings",
    "data-action": "settings-open", "aria-haspopup": "dialog", title: "Settings" },
  icon, h("span", { class: "btn-label", text: "Settings" })));
  // the accessible name is the label's text; on phones the label is hidden, so name it too
  document.getElementById("btn-settings").setAttribute("aria-label", "Settings");
}
