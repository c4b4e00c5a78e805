// Friend games on the page: the panel that says whose seat this device plays and whose
// turn it is, with the link to send (a read-only field "Link for Ben", Copy, Share where
// the browser has it, the record as a file above the size limit). Drawn with the board
// (render/board.js); the start screen's list of friend games is friends/saves.js.

import { attr, h, show, text } from "../dom.js";
import { statusOf } from "./saves.js";

const $ = (id) => document.getElementById(id);

function panel() {
  let root = $("friend-panel");
  if (root) return root;
  root = h("section", { class: "friend-panel", id: "friend-panel", "aria-labelledby": "friend-status", hidden: true },
    h("p", { class: "friend-status", id: "friend-status" }),
    h("div", { class: "friend-link", id: "friend-link" },
      h("input", { type: "text", readonly: true, class: "share-url friend-url", id: "friend-url" }),
      h("div", { class: "friend-actions" },
        h("button", { type: "button", class: "btn btn-primary btn-small", "data-action": "friend-copy", id: "friend-copy", text: "Copy" }),
        h("button", { type: "button", class: "btn btn-small", "data-action": "friend-share", id: "friend-share", text: "Share" }),
        h("button", { type: "button", class: "btn btn-small", "data-action": "friend-file", id: "friend-file", text: "Save as a file" }))),
    h("p", { class: "dialog-note friend-note", id: "friend-note", role: "status" }));
  return root;
}

/** The panel's place: above the turn banner on the table, atop the form on the start screen. */
function mount(root, screen) {
  const host = screen === "table" ? document.querySelector("#table .stage") : $("setup");
  if (host && root.parentElement !== host) host.prepend(root);
}

function statusText(f) {
  const who = f.seat === null ? "You are watching this game" : `You play ${f.names[f.seat]}`;
  if (f.over) {
    if (f.linkFor.length) return `${who}. The game is over, and you made the last move: send the last link to ${f.linkFor.join(" and ")} so they see the end.`;
    return `${who}. The game is over${f.seat === null ? "" : ": you have seen the end, and there is nothing more to send"}.`;
  }
  const state = statusOf(f);
  if (state === "your turn") return `${who}. ${f.next.kind === "move" ? "Your turn." : "Your turn: this device adds its part of the deal."}`;
  if (state === "watching") return `${who}; ${f.names[f.next.seat]} is to act.`;
  return `${who}. ${waitingText(f)}`;
}

/** Whom to send the link to, and why in plain words (docs/friends.md, "Trips"). */
function waitingText(f) {
  const name = f.names[f.next.seat];
  const send = `Waiting for ${name}: send them this link`;
  if (f.next.kind === "commit") return `${send}, so that they join the game. The cards are dealt once everyone has joined.`;
  if (f.next.kind === "reveal") {
    return `${send}. ${name} must add their part of the ${f.dealt ? "next deal" : "deal"} before anyone can see ${f.dealt ? "the new cards" : "the cards"}.`;
  }
  if (f.added) return `You added your part of the deal: send this link back to ${name}. It is their move, and they could not see the cards without your part.`;
  return `${send}: it is their move.`;
}

/** The friend panel: on the table, and on the start screen before the deal. */
export function renderFriendPanel(s, p) {
  const f = s.friend;
  const visible = !!f && (s.screen === "table" ? !s.replay : !f.dealt);
  const root = visible || $("friend-panel") ? panel() : null;
  if (!root) return;
  mount(root, s.screen);
  show(root, visible);
  if (!visible || (p && p.friend === f && p.screen === s.screen)) return;
  text($("friend-status"), statusText(f));
  attr(root, "data-next", `${f.next.kind}:${f.next.seat}`); // for tests: who acts next
  attr(root, "data-moves", String(f.record.moves.length));
  show($("friend-link"), !!f.link);
  if (f.link) {
    const url = $("friend-url");
    if (url.value !== f.link.url) url.value = f.link.url;
    attr(url, "aria-label", `Link for ${f.linkFor.join(" and ")}${f.link.chars > f.link.limit ? " (too long for some messengers: send the file instead)" : ""}`);
    show($("friend-share"), typeof navigator.share === "function");
    show($("friend-file"), f.link.chars > f.link.limit);
  }
  text($("friend-note"), f.note || (f.link && f.link.chars > f.link.limit
    ? `This link has ${f.link.chars.toLocaleString("en")} characters, more than the ${f.link.limit.toLocaleString("en")} messengers keep intact: send the game as a file.`
    : ""));
}
