// The dialog (#dialog, one at a time, modal: render/focus.js moves the focus in and back):
// Settings, a yes-or-no before a game is replaced, Today's Painting's results and stats,
// and Share. Drawn with the board (render/board.js).

import { h, replace, show } from "../dom.js";
import { dailyDialog } from "../daily/dialog.js";
import { hintsSetting } from "../teach/buttons.js";
import { KEEP_CHOICES, KEEP_SHARED } from "../keeping.js";
import { COLOR_LETTERS, colorName, THEMES } from "../words.js";
import { confirmDialog } from "./saves.js";
import { shareDialog } from "./share.js";
import { reviewDialog, reviewFocus } from "../review/render.js";
import { ratingHistory } from "../rating/render.js";

const $ = (id) => document.getElementById(id);

/** Draw the dialog of state `s` (`p`: the state drawn last, or null). */
export function drawDialog(s, p) {
  if (!p || p.dialog !== s.dialog || (s.dialog?.kind === "settings" && (p.settings !== s.settings || p.teach.hints !== s.teach.hints))
    || (s.dialog?.kind === "daily" && (p.dailyDays !== s.dailyDays || p.today !== s.today))) dialog(s.dialog, s, p);
}

/** The Settings dialog for state `s`; `extra` are more rows (other panels' switches). */
function settingsPanel(s, extra = []) {
  const { theme, colourBlind, keepFinished } = s.settings;
  return h("div", { class: "dialog settings", role: "dialog", "aria-modal": "true", "aria-labelledby": "settings-title" },
    h("h2", { class: "dialog-title", id: "settings-title", text: "Settings" }),
    h("fieldset", { class: "settings-theme" },
      h("legend", { text: "Theme" }),
      THEMES.map(([value, label]) => h("label", { class: "choice" },
        h("input", { type: "radio", name: "theme", value, "data-action": "setting-theme",
          checked: theme === value }),
        h("span", { text: label }))),
      s.themeOverride ? h("p", { class: "setting-note",
        text: `The link asks for the ${s.themeOverride} theme on this visit; your choice applies next time.` }) : null),
    h("fieldset", { class: "settings-colours" },
      h("legend", { text: "Colours" }),
      h("label", { class: "choice" },
        h("input", { type: "checkbox", "data-action": "setting-colour-blind", checked: colourBlind,
          "aria-describedby": "cb-note" }),
        h("span", { text: "Colour-blind patterns" })),
      h("p", { class: "setting-note", id: "cb-note",
        text: "Adds a pattern and a letter to every colour: R red, Y yellow, B blue, K black, W white." }),
      h("div", { class: "legend-row", "aria-hidden": "true" },
        COLOR_LETTERS.map((c) => h("span", { class: `legend-swatch c-${c}`, "data-letter": c, title: colorName(c) })))),
    h("fieldset", { class: "settings-saves" },
      h("legend", { text: "Saved games" }),
      h("label", { class: "choice", for: "setting-keep-finished" }, h("span", { text: "Finished games kept" })),
      h("select", { id: "setting-keep-finished", "data-action": "setting-keep-finished", "aria-describedby": "keep-note" },
        KEEP_CHOICES.map((n) => h("option", { value: String(n), selected: n === keepFinished,
          text: n === "all" ? "All (never deleted)" : `The newest ${n}` }))),
      h("p", { class: "setting-note", id: "keep-note",
        text: keepFinished === "all" ? "No finished game of yours is deleted; unfinished games never are."
          : `When you have more than ${keepFinished} finished games, the oldest go when a game starts or the page loads; Saved games names each one. Unfinished and damaged games are never deleted, and games opened from other people's links are kept apart (the newest ${KEEP_SHARED}).` })),
    extra,
    h("div", { class: "dialog-actions" },
      h("button", { type: "button", class: "btn btn-primary", "data-action": "close-dialog", id: "settings-close", text: "Done" })));
}

/** Each kind of dialog: what draws it into `root` (and where its focus stays when redrawn). */
const DIALOGS = {
  settings(root, d, s) {
    const focused = document.activeElement?.dataset?.action;
    replace(root, settingsPanel(s, [hintsSetting(s), ratingHistory(s)]));
    if (focused) root.querySelector(`[data-action="${focused}"]${focused === "setting-theme" ? ":checked" : ""}`)?.focus();
  },
  confirm: (root, d) => replace(root, confirmDialog(d)),
  daily(root, d, s) {
    const focused = document.activeElement?.dataset?.action;
    const date = document.activeElement?.dataset?.date;
    replace(root, dailyDialog(d, s));
    if (focused) root.querySelector(`[data-action="${focused}"]${date ? `[data-date="${date}"]` : ""}`)?.focus();
  },
  review(root, d, s, p) {
    const a = document.activeElement;
    const had = root.contains(a) && a.dataset?.action
      ? `[data-action="${a.dataset.action}"]${a.dataset.ply ? `[data-ply="${a.dataset.ply}"]` : ""}` : null;
    replace(root, reviewDialog(d));
    reviewFocus(root, d, had, p?.dialog?.kind !== "review"); // opened now: in through modal.js
  },
  share(root, d) {
    const focused = document.activeElement?.dataset?.action;
    replace(root, shareDialog(d));
    if (focused) root.querySelector(`[data-action="${focused}"]:not([disabled])`)?.focus();
    else requestAnimationFrame(() => $("game-url")?.select());
  },
};

function dialog(d, s, p) {
  const root = $("dialog");
  show(root, !!d);
  if (!d) return replace(root);
  return Object.hasOwn(DIALOGS, d.kind) ? DIALOGS[d.kind](root, d, s, p) : undefined;
}
