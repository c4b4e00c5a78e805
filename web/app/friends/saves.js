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

function entry(g) {
  const who = g.names.join(", ");
  const state = statusOf(g);
  return h("li", { class: "saved-game friend-game" },
    // the name holds the visible text in its order, then says more (axe: label-content-name-mismatch)
    h("button", { type: "button", class: "saved-game-btn", "data-action": "friend-resume", "data-key": g.key,
      "aria-label": `Open the friend game of ${who}${g.fork ? " · fork" : ""}, Move ${g.record.moves.length}: ${state}` },
    h("span", { class: "saved-game-who", text: who + (g.fork ? " · fork" : "") }), " ",
    h("span", { class: "saved-game-when", text: `Move ${g.record.moves.length}: ${state}` })),
    g.link ? h("button", { type: "button", class: "btn btn-small", "data-action": "friend-link", "data-key": g.key,
      "aria-label": `Show the last link of the game of ${who}`, text: "Last link" }) : null);
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
