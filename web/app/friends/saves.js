// The start screen's list of friend games with their state (friends/render.js draws the
// panel of the game being played).

import { h, replace, show } from "../dom.js";

/** "your turn", "waiting for Ben", "finished", "watching": a saved friend game's state. */
export function statusOf(entry) {
  if (entry.over) return "finished";
  if (entry.seat === null) return "watching";
  const { kind, seat } = entry.next;
  if (seat === entry.seat || kind === "bot") return "your turn";
  return `waiting for ${entry.names[seat]}`;
}

/** "6 Dec, 14:05": when a saved game last changed here. */
function when(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.toLocaleDateString("en-GB", { day: "numeric", month: "short" })}, ${date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })}`;
}

/** "6 Dec, 14:05 · move 6 · waiting for Ben": a row's second line. */
function moveLine(g, date, state) {
  return `${date ? `${date} · ` : ""}move ${g.record.moves.length} · ${state}`;
}

/** The row's visible text, as its accessible name repeats it. */
function shown(opponents, g, date, state) {
  return `${opponents}${g.fork ? " · fork" : ""} ${moveLine(g, date, state)}`;
}

/** A damaged save: said so, kept as it is, its text to export (it may hold the seat's secret and key). */
function damagedEntry(g) {
  const href = `data:application/json;charset=utf-8,${encodeURIComponent(g.text)}`;
  return h("li", { class: "saved-game friend-game friend-damaged" },
    h("span", { class: "saved-game-who", text: `Damaged friend game ${g.key}: it cannot be read, and is kept as it is` }), " ",
    h("a", { class: "btn btn-small", href, download: `destijl-friend-${g.key}-damaged.json`,
      "aria-label": `Export the damaged friend game ${g.key}`, text: "Export" }));
}

function entry(g) {
  if (g.damaged) return damagedEntry(g);
  const who = g.names.join(", ");
  const opponents = g.seat === null ? who : `with ${g.names.filter((_, i) => i !== g.seat).join(", ")}`;
  const state = statusOf(g);
  const date = when(g.savedAt);
  return h("li", { class: "saved-game friend-game" },
    h("button", { type: "button", class: "saved-game-btn", "data-action": "friend-resume", "data-key": g.key,
      // the name holds the visible text in its order, then says more (axe: label-content-name-mismatch)
      "aria-label": `Open the friend game of ${who}${g.fork ? " (a fork)" : ""}: ${shown(opponents, g, date, state)}` },
    h("span", { class: "saved-game-who", text: opponents + (g.fork ? " · fork" : "") }), " ",
    h("span", { class: "saved-game-when", text: moveLine(g, date, state) })),
    g.link ? h("button", { type: "button", class: "btn btn-small", "data-action": "friend-link", "data-key": g.key,
      "aria-label": `Show the last link of the game of ${who}`, text: "Last link" }) : null,
    g.over ? h("button", { type: "button", class: "btn btn-small", "data-action": "friend-remove", "data-key": g.key,
      "aria-label": `Remove the finished game of ${who}`, text: "Remove" }) : null);
}

/** The start screen's "Friend games" list (after Saved games). */
export function renderFriendSaves(root, s, p) {
  let box = root.querySelector("#friend-games");
  if (!box) {
    box = h("section", { class: "saved-games friend-games", id: "friend-games", "aria-labelledby": "friend-games-title" },
      h("h2", { class: "saved-games-title", id: "friend-games-title", text: "Friend games" }),
      h("ol", { class: "saved-games-list" }));
    root.append(box);
  } else if (p && p.friendSaves === s.friendSaves) return;
  const games = s.friendSaves || [];
  show(box, games.length > 0);
  replace(box.querySelector("ol"), games.slice(0, 8).map(entry));
}
