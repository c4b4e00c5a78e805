// A friend game's mode (docs/friends.md): each person plays on their own device, so only
// this device's seat plays here; no Hint (the others play without one), never rated, kept
// by friends/control.js, its moves played by the friend engine (reveals, signatures).

import { gameMode } from "../mode.js";

/** The banner while a draw waits for a device's part of the deal, in plain words. */
function drawWait(s, v) {
  const next = s.friend.next;
  if (next?.kind !== "reveal" || next.seat === s.friend.seat) return "Waiting for the next cards: another player's device must add its part of the deal";
  return `Waiting for the next cards: ${v.seats[next.seat].name} must add their part of the deal before anyone can see them`;
}

export const FRIEND = gameMode({
  name: "friend", origin: "friend", is: (s) => !!s.friend, hints: false, rated: false, keptByTable: false,
  plays: "friends", boardAlways: true,
  playsHere: (s, seat) => s.friend.seat === seat,
  mine: (s, seat) => s.friend.seat === seat,
  you: (s) => s.friend.seat, rematchBy: "friends", slices: ["friend"],
  linkToSend: (s) => s.friend.link ?? null,
  botsHere: (s) => s.friend.seat !== null, // watching: the bots move on a player's device
  banner: (s, v) => (!v.is_over && v.current_seat === null ? drawWait(s, v) : null),
});
