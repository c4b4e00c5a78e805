// The Share dialog (state.dialog kind "share"): "Share this game", a link that opens this
// game's replay, and "Play this deal", a link that sets up the same seats and deal for a
// new game (only for a game with a seed). control/share.js fills in the links.

import { h } from "../dom.js";

function choice({ title, text, id, value, label, action, copyLabel, note, waiting }) {
  return h("section", { class: "share-choice", "aria-labelledby": `${id}-title` },
    h("h3", { class: "share-choice-title", id: `${id}-title`, text: title }),
    h("p", { class: "share-choice-text", text }),
    h("input", { type: "text", readonly: true, class: "share-url", id, value: value || waiting,
      "aria-label": label, "aria-busy": value ? null : "true" }),
    h("div", { class: "share-choice-actions" },
      h("button", { type: "button", class: "btn", "data-action": action, disabled: !value, text: copyLabel }),
      h("p", { class: "dialog-note", role: "status", text: note || "" })));
}

/** The dialog's element for `d` = {url: deal URL or null, gameURL, note, gameNote}. */
export function shareDialog(d) {
  return h("div", { class: "dialog share-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "dlg-title" },
    h("h2", { id: "dlg-title", class: "dialog-title", text: "Share this game" }),
    choice({ title: "This game", text: "A link that opens this game's replay, move by move, on any device.",
      id: "game-url", value: d.gameURL, label: "Link to this game", action: "copy-game-link",
      copyLabel: "Copy the game link", note: d.gameNote, waiting: d.gameNote ? "" : "Making the link…" }),
    d.url ? choice({ title: "Play this deal", text: "A link that sets up the same seats, bots, options and deal for a new game.",
      id: "share-url", value: d.url, label: "Share link", action: "copy-link", copyLabel: "Copy link", note: d.note }) : null,
    h("div", { class: "dialog-actions" },
      h("button", { type: "button", class: "btn", "data-action": "close-dialog", text: "Close" })));
}
