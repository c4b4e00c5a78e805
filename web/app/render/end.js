// The end of the game: the score table, the winner, the tie-break and stroke highlights.

import { h } from "../dom.js";
import { COLOR_LETTERS, cellsText, colorName, levelResultText, ordinal, tieBreakText, winnerText } from "../words.js";

function swatches(colors) {
  return h("span", { class: "swatches", "aria-hidden": "true" },
    colors.map((c) => h("span", { class: `swatch c-${c}` })));
}

function rankHeader(rank) {
  const name = `${ordinal(rank.rank)} largest stroke`;
  const size = rank.size === null || rank.size === undefined ? "none" : cellsText(rank.size);
  return h("th", { scope: "col", class: "num", title: `Bonus for the ${name} (${size})` },
    h("span", { class: "th-main" }, h("span", { "aria-hidden": "true", text: ordinal(rank.rank) }),
      h("span", { class: "sr-only", text: name }), ` +${rank.points}`),
    h("span", { class: "th-sub", text: size }));
}

/**
 * Why a bonus column holds only "–": no stroke of that rank, or its stroke in a colour nobody
 * plays. Bonuses lost the same way are said in one line ("The largest and 2nd largest strokes
 * (5 and 4 cells) are in colours nobody plays, so nobody scores their bonuses.").
 */
function rankNotes(ranks) {
  const name = (r) => (r.rank === 1 ? "largest" : `${ordinal(r.rank)} largest`);
  const list = (xs) => (xs.length < 2 ? xs[0] : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`);
  const the = (rs) => `The ${list(rs.map(name))} ${rs.length === 1 ? "stroke" : "strokes"}`;
  const none = ranks.filter((r) => r.size === null || r.size === undefined);
  const lost = ranks.filter((r) => r.size !== null && r.size !== undefined && !r.seats.length);
  const notes = [];
  if (lost.length === 1) notes.push(`${the(lost)} (${cellsText(lost[0].size)}) is in a colour nobody plays, so nobody scores its bonus.`);
  else if (lost.length) notes.push(`${the(lost)} (${list(lost.map((r) => r.size))} cells) are in colours nobody plays, so nobody scores their bonuses.`);
  if (none.length) notes.push(`${the(none)}: there are not enough different stroke sizes, so nobody scores ${none.length === 1 ? "it" : "them"}.`);
  return notes;
}

/**
 * The end screen's buttons: a daily's "Practice this deal" (not a Rematch that deals
 * something else), a shared game's "Replay from the start" (it opens at its end).
 */
function endActions({ daily = null, shared = null } = {}) {
  return h("div", { class: "end-actions" },
    daily ? h("button", { type: "button", class: "btn btn-primary", "data-action": "daily-practice", "data-date": daily.date,
      text: "Practice this deal" })
      : shared ? null : h("button", { type: "button", class: "btn btn-primary", "data-action": "rematch", text: "Rematch" }),
    shared ? h("button", { type: "button", class: "btn btn-primary", "data-action": "replay-open", text: "Replay from the start" }) : null,
    h("button", { type: "button", class: "btn", "data-action": "new-game", text: "New game" }),
    h("button", { type: "button", class: "btn", "data-action": "share", text: "Share this game" }),
    h("button", { type: "button", class: "btn", "data-action": "review", text: "Review this game" }));
}

/** The results panel's children for a finished `view`; `highlight` is the highlighted colour;
 * `from`: the mode's ending, {daily, shared} (which buttons end it), and `you`, the seat
 * called "You" on this device (a friend game's: "You win", not "Ben wins!" on Ben's). */
export function resultsPanel(view, highlight, from = {}) {
  const result = view.result;
  const ranks = result.bonus_ranks || [];
  const present = [...new Set(view.painting.map(([, , c]) => c))];
  const order = COLOR_LETTERS.filter((c) => present.includes(c));
  const rows = view.seats.map((seat, i) => {
    const line = result.seats[i];
    const won = result.winners.includes(i);
    return h("tr", { "data-seat": i, class: won ? "winner" : null },
      h("th", { scope: "row", class: "who" }, swatches(seat.colors),
        h("span", { class: "who-name", text: seat.name }), won ? h("span", { class: "sr-only", text: " (winner)" }) : null),
      h("td", { class: "num", "data-col": "strokes", text: line.strokes }),
      ranks.map((rank) => h("td", { class: "num", "data-col": `bonus-${rank.rank}`,
        text: rank.seats.includes(i) ? `+${rank.points}` : "–" })),
      h("td", { class: "num total", "data-col": "total", text: line.total }),
      h("td", { class: "num", "data-col": "largest", text: line.largest }));
  });
  const notes = rankNotes(ranks);
  return [
    h("h2", { class: "panel-title results-title", id: "results-title", text: winnerText(view, from.you ?? null),
      "data-color": result.winners.length === 1 ? view.seats[result.winners[0]].colors[0] : "shared" }),
    levelResultText(view) ? h("p", { class: "level-result", text: levelResultText(view) }) : null,
    tieBreakText(view) ? h("p", { class: "tie-break", text: tieBreakText(view) }) : null,
    h("div", { class: "score-wrap" },
      h("table", { class: "scores" },
        h("caption", { class: "sr-only", text: "Final score" }),
        h("thead", {}, h("tr", {},
          h("th", { scope: "col", text: "Player" }),
          h("th", { scope: "col", class: "num", text: "Strokes" }),
          ranks.map(rankHeader),
          h("th", { scope: "col", class: "num", text: "Total" }),
          h("th", { scope: "col", class: "num", text: "Largest stroke" }))),
        h("tbody", {}, rows))),
    ranks.length ? h("p", { class: "rank-note", text: ranks.length === 1 ? "1st: the bonus for the largest stroke."
      : `${ranks.map((r) => ordinal(r.rank)).join(", ")}: bonuses for the largest strokes.` }) : null,
    notes.map((n) => h("p", { class: "rank-note rank-why", text: n })),
    h("div", { class: "highlights", role: "group", "aria-label": "Highlight strokes" },
      h("span", { class: "highlights-label", text: "Show strokes:" }),
      order.map((c) => h("button", { type: "button", class: `chip c-${c}`, "data-action": "highlight",
        "data-color": c, "aria-pressed": highlight === c ? "true" : "false",
        "aria-label": `Highlight ${colorName(c)} strokes`, title: `Highlight ${colorName(c)} strokes` }))),
    endActions(from),
  ];
}
