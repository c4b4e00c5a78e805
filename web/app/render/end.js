// The end of the game: the score table, the winner, the tie-break and stroke highlights.

import { h } from "../dom.js";
import { COLOR_LETTERS, colorName, levelResultText, ordinal, winnerText } from "../words.js";

function swatches(colors) {
  return h("span", { class: "swatches", "aria-hidden": "true" },
    colors.map((c) => h("span", { class: `swatch c-${c}` })));
}

function rankHeader(rank) {
  const name = `${ordinal(rank.rank)} largest stroke`;
  const size = rank.size === null || rank.size === undefined ? "none" : `${rank.size} cells`;
  return h("th", { scope: "col", class: "num", title: `Bonus for the ${name} (${size})` },
    h("span", { class: "th-main" }, h("span", { "aria-hidden": "true", text: ordinal(rank.rank) }),
      h("span", { class: "sr-only", text: name }), ` +${rank.points}`),
    h("span", { class: "th-sub", text: size }));
}

function rankNote(rank) {
  const name = rank.rank === 1 ? "The largest stroke" : `The ${ordinal(rank.rank)} largest stroke`;
  if (rank.size === null || rank.size === undefined) return `${name}: there are not enough different stroke sizes, so nobody scores it.`;
  if (!rank.seats.length) return `${name} (${rank.size} cells) is in a colour nobody plays, so nobody scores it.`;
  return null;
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
 * `from`: the table's {daily, shared} (which buttons end it). */
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
  const notes = ranks.map(rankNote).filter(Boolean);
  return [
    h("h2", { class: "panel-title results-title", id: "results-title", text: winnerText(view),
      "data-color": result.winners.length === 1 ? view.seats[result.winners[0]].colors[0] : "shared" }),
    levelResultText(view) ? h("p", { class: "level-result", text: levelResultText(view) }) : null,
    result.tie_break ? h("p", { class: "tie-break", text: result.tie_break }) : null,
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
    notes.map((n) => h("p", { class: "rank-note", text: n })),
    h("div", { class: "highlights", role: "group", "aria-label": "Highlight strokes" },
      h("span", { class: "highlights-label", text: "Show strokes:" }),
      order.map((c) => h("button", { type: "button", class: `chip c-${c}`, "data-action": "highlight",
        "data-color": c, "aria-pressed": highlight === c ? "true" : "false",
        "aria-label": `Highlight ${colorName(c)} strokes`, title: `Highlight ${colorName(c)} strokes` }))),
    endActions(from),
  ];
}
