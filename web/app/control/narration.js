// Sentences about the game for the turn banner and the live region, and the facts about a
// move that the animation needs, and what an engine error means. Read off the engine's view; no rule is decided here.

import { clip } from "../quote.js";
import { isBot, moveText, winnerText } from "../words.js";

/** A readable sentence from an engine error (drops the compact move prefix "17@3,-1r0: "). */
export function reason(error) {
  const text = String(error?.message || error || "unknown error");
  return clip(text.replace(/^\d+@-?\d+,-?\d+r\d+:\s*/, ""), 200); // engine messages quote values; keep them short
}

/** True if `error` is the engine's loss: control/loading.js restarts it and puts the game
 * back, so the part whose call failed stays quiet. */
export function lost(error) {
  return error?.type === "EngineLost";
}

/** Whose turn it is, or who won, as one sentence. `me`: this device's seat in a friend game
 *  (it is "you"; the other people play on their own devices), else null. */
export function turnText(view, me = null) {
  if (view.is_over) return `The Painting is finished. ${winnerText(view, me)}`;
  if (view.current_seat === null) return "Waiting for the next cards: another player's device must add its part of the deal first.";
  const seat = view.seats[view.current_seat];
  const humans = view.seats.filter((x) => !isBot(x.controller)).length;
  if (isBot(seat.controller)) return `${seat.name} to play.`;
  if (me !== null) {
    return view.current_seat === me ? "Your turn: pick a card from the Gallery." : `${seat.name}'s turn, on their device.`;
  }
  return humans === 1 ? "Your turn: pick a card from the Gallery." : `${seat.name}'s turn: pick a card from the Gallery.`;
}

/** How many cells `move` covered, from the view before it (the engine's cover counts). */
export function coveredBy(view, move) {
  const hit = (view.covers || []).find(([x, y]) => x === move.x && y === move.y);
  return hit ? hit[2] : 0;
}

/** What lay under a card's 3 by 3 cells before it was placed: [x, y, letter or null]. */
export function underCard(before, move) {
  const cells = new Map(before.painting.map(([x, y, c]) => [`${x},${y}`, c]));
  const under = [];
  for (let dy = 0; dy < 3; dy++) {
    for (let dx = 0; dx < 3; dx++) {
      under.push([move.x + dx, move.y + dy, cells.get(`${move.x + dx},${move.y + dy}`) || null]);
    }
  }
  return under;
}

/** The sentence announcing a move just made, with the new round and whose turn it is. */
export function movedText(before, view, me = null) {
  const move = view.last_move;
  const name = move.seat === me ? "You" : view.seats[move.seat].name;
  const round = view.round !== before.round && !view.is_over ? `Round ${view.round}: new cards in the Gallery. ` : "";
  const scores = scoreText(before, view);
  return `${moveText(name, move, coveredBy(before, move))} ${scores ? `${scores} ` : ""}${round}${turnText(view, me)}`;
}

/** "Score: Piet 5 (+2), You 3 (−1)." for the seats whose live total a move changed, mover first. */
export function scoreText(before, view) {
  const was = before.tally?.seats || [];
  const now = view.tally?.seats || [];
  const mover = view.last_move?.seat;
  const order = view.seats.map((_, i) => i).sort((a, b) => (b === mover) - (a === mover));
  const parts = [];
  for (const i of order) {
    if (!now[i] || !was[i]) continue;
    const change = now[i].total - was[i].total;
    if (change === 0 && i !== mover) continue;
    const sign = change > 0 ? `+${change}` : change < 0 ? `\u2212${-change}` : "±0";
    parts.push(`${view.seats[i].name} ${now[i].total} (${sign})`);
  }
  return parts.length ? `Score: ${parts.join(", ")}.` : "";
}
