// The invited friend's first screen (docs/friends.md): while the engine loads, a friend
// game's link shows who invited you, the seats, your seat and what happens next, in place of
// the ordinary start screen (`#invite`, index.html; main.js marks <html data-link> before the
// first paint, so the start screen's form never shows under a link). Drawn from `s.invite`
// (friends/link.js `inviteOf`), gone once the engine has opened the link.

import { attr, h, replace, text } from "../dom.js";
import { colorName, controllerLabel, loadedText } from "../words.js";

/** "Ann invited you to a game of De Stijl", or what the link is when it says less. */
function title(invite) {
  if (invite.from) return `${invite.from} invited you to a game of De Stijl`;
  return invite.moves ? "A friend game of De Stijl, in progress" : "A friend game of De Stijl";
}

/** Your seat, as far as the link tells before the engine has loaded. */
function yourSeat(invite) {
  const names = invite.seats.filter((seat) => seat.controller === "human" && !seat.joined).map((seat) => seat.name);
  if (invite.yours !== null) return `You play ${invite.seats[invite.yours].name}.`;
  if (invite.watching) return "Every person's seat is played on another device: you will watch the game.";
  return `You play one of ${names.join(", ")}: the seat whose turn it is to join, which the game engine says once it has loaded.`;
}

/** What happens next, with the engine's progress in the loading bar's words. */
function next(invite, s) {
  const from = invite.from || "the friend who sent the link";
  const loading = s.engine.status === "failed" ? "The game engine did not load: use Retry above."
    : `The game engine is loading (${loadedText(s.engine)}).`;
  const then = invite.watching ? "Then the game opens here, move by move."
    : `Then the game opens with your seat; when it is your turn you place a card, and the page gives you a link to send back to ${from}.`;
  return `${loading} ${then}`;
}

function seatItem(seat, i, invite) {
  const who = seat.controller === "human" ? (i === invite.yours ? "you, on this device" : seat.joined ? "on their device" : "a person, not joined yet")
    : controllerLabel(seat.controller);
  return h("li", { class: `invite-seat${i === invite.yours ? " is-yours" : ""}` },
    h("span", { class: "swatches", "aria-hidden": "true" }, seat.colors.map((c) => h("span", { class: `swatch c-${c}` }))),
    h("span", { class: "invite-name", text: seat.name }),
    h("span", { class: "invite-who", text: ` · ${who} · ${seat.colors.map(colorName).join(" and ")}` }));
}

/** Draw `s.invite` into `root` (#invite); another link keeps index.html's "Opening the game link…". */
export function renderInvite(root, s, p) {
  const invite = s.invite;
  attr(document.documentElement, "data-link", root && invite && s.screen === "start" ? "opening" : null); // the site only
  if (!root || !invite?.seats || (p && p.invite === invite && p.engine === s.engine)) return;
  if (!p || p.invite !== invite) {
    replace(root,
      h("h2", { class: "invite-title", id: "invite-title", text: title(invite) }),
      h("p", { class: "invite-seat-line", text: yourSeat(invite) }),
      h("ol", { class: "invite-seats", "aria-label": "Seats" }, invite.seats.map((seat, i) => seatItem(seat, i, invite))),
      h("p", { class: "invite-next", id: "invite-next" }));
  }
  text(root.querySelector("#invite-next"), next(invite, s));
}
