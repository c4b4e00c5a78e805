// Saved games on the page: the start screen's list of games to resume (newest first,
// with seats, move count and time, each with Delete; a damaged one says so), the saves
// that cannot be opened (with why, Export and Delete), the games tidied away, named, the dialog
// that asks before a game in progress is replaced (with Export when not all of it is
// kept), and the banner that says plainly when the game is not being saved.

import { h, replace, show, text } from "../dom.js";
import { controllerLabel, isBot } from "../words.js";

/** "19:42" today, else "28 Nov, 19:42". */
export function savedTime(iso, now = new Date()) {
  const d = new Date(iso);
  const time = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  if (d.toDateString() === now.toDateString()) return time;
  return `${d.toLocaleDateString([], { day: "numeric", month: "short" })}, ${time}`;
}

/** "You, Piet (medium bot), Theo (hard bot)". */
function seatsText(seats) {
  return seats.map((s) => (isBot(s.controller) ? `${s.name} (${controllerLabel(s.controller).toLowerCase()})` : s.name)).join(", ");
}

function entry(game) {
  const when = game.savedAt ? savedTime(game.savedAt) : "time unknown";
  const who = seatsText(game.seats);
  const kind = game.shared ? "Shared game · " : "";
  const damaged = game.damaged ? `Damaged, kept: ${game.damaged}` : "";
  return h("li", { class: game.damaged ? "saved-game saved-game-damaged" : "saved-game" },
    h("button", { type: "button", class: "saved-game-btn", "data-action": "resume-saved", "data-id": game.id,
      "aria-label": `Resume the game of ${who}: ${kind.toLowerCase()}move ${game.moves}, saved ${when}${damaged ? `. ${damaged}` : ""}` },
    h("span", { class: "saved-game-who", text: who }),
    h("span", { class: "saved-game-when", text: `${kind}Move ${game.moves} · ${when}${game.over ? " · finished" : ""}` }),
    damaged ? h("span", { class: "saved-game-why", text: damaged }) : null),
    h("button", { type: "button", class: "btn btn-small btn-ghost saved-game-delete", "data-action": "delete-saved",
      "data-id": game.id, "aria-label": `Delete the saved game of ${who}`, text: "Delete" }));
}

/** A save that cannot be opened: why, and the player's two choices. */
function brokenEntry(save) {
  const what = save.seats ? `${seatsText(save.seats)}, move ${save.moves}` : "A saved game";
  return h("li", { class: "saved-game saved-game-broken" },
    h("p", { class: "saved-game-why" },
      h("span", { class: "saved-game-who", text: `${what}: cannot be opened` }),
      h("span", { class: "saved-game-when", text: save.why })),
    h("button", { type: "button", class: "btn btn-small", "data-action": "export-saved", "data-id": save.id,
      "aria-label": `Export the saved game that cannot be opened (${what})`, text: "Export" }),
    h("button", { type: "button", class: "btn btn-small btn-ghost saved-game-delete", "data-action": "delete-saved",
      "data-id": save.id, "aria-label": `Delete the saved game that cannot be opened (${what})`, text: "Delete" }));
}


/** The start screen's "Saved games" list, after the form in `root` (#setup). */
export function renderSaves(root, s, p) {
  let box = root.querySelector("#saved-games");
  const fresh = !box;
  if (fresh) {
    box = h("section", { class: "saved-games", id: "saved-games", "aria-labelledby": "saved-games-title" },
      h("h2", { class: "saved-games-title", id: "saved-games-title", text: "Saved games" }),
      h("ol", { class: "saved-games-list" }),
      h("p", { class: "saved-games-note", id: "saved-games-pruned" }));
    root.append(box);
  }
  if (!fresh && p && p.saves === s.saves && p.gameId === s.gameId && p.brokenSaves === s.brokenSaves
    && p.savesNote === s.savesNote) return;
  // unfinished games, and every damaged one (finished too): listed, kept, never tidied away
  const games = s.saves.filter((g) => (!g.over || g.damaged) && g.id !== s.gameId);
  const note = s.savesNote;
  show(box, games.length + s.brokenSaves.length > 0 || !!note);
  replace(box.querySelector("ol"), [...games.map(entry), ...s.brokenSaves.map(brokenEntry)]);
  const pruned = box.querySelector("#saved-games-pruned");
  text(pruned, note);
  show(pruned, !!note);
}

/**
 * The dialog asking before something is replaced or deleted (state.dialog kind "confirm"):
 * the no ("Keep my game", or `noLabel`) is focused first; `exportable` adds "Export this
 * game", which downloads the game on the table as it is and leaves the dialog open.
 */
export function confirmDialog(d) {
  requestAnimationFrame(() => document.getElementById("confirm-no")?.focus());
  return h("div", { class: "dialog", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "dlg-title",
    "aria-describedby": "dlg-text" },
  h("h2", { id: "dlg-title", class: "dialog-title", text: d.title }),
  h("p", { id: "dlg-text", text: d.text }),
  h("div", { class: "dialog-actions" },
    h("button", { type: "button", class: "btn btn-primary", "data-action": "confirm-yes", text: d.yesLabel }),
    d.exportable ? h("button", { type: "button", class: "btn", "data-action": "export", text: "Export this game" }) : null,
    h("button", { type: "button", class: "btn", id: "confirm-no", "data-action": "confirm-no", text: d.noLabel || "Keep my game" })));
}

/** The banner "This game is not being saved: …", under the header (created on first use). */
export function renderSaveProblem(s, p) {
  if (p && p.saveProblem === s.saveProblem) return;
  let banner = document.getElementById("save-problem");
  if (!banner) {
    if (!s.saveProblem) return;
    banner = h("div", { class: "banner save-problem", id: "save-problem", role: "status" },
      h("span", { class: "save-problem-text" }),
      h("button", { type: "button", class: "btn btn-small", "data-action": "export", text: "Export this game" }),
      h("button", { type: "button", class: "btn btn-small", "data-action": "make-room", text: "Make room…" }),
      h("button", { type: "button", class: "btn btn-small btn-ghost", "data-action": "dismiss-save-problem", text: "OK" }));
    document.getElementById("main").before(banner);
  }
  show(banner, !!s.saveProblem);
  if (s.saveProblem) {
    text(banner.querySelector(".save-problem-text"), s.saveProblem.text);
    banner.title = s.saveProblem.text;
    show(banner.querySelector('[data-action="make-room"]'), s.saveProblem.room > 0);
  }
}
