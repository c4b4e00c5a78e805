// Your rating on the page: a line on the start screen and on the end screen, and its
// history in Settings (a small chart and the last games).

import { h, s as svg } from "../dom.js";
import { gameKey } from "./key.js";
import { ratingText } from "./glicko.js";

/** The end screen's line for this game, or null if it did not count. */
export function ratingEnd(s, view) {
  const line = s.ratingLine;
  if (!line || line.key !== gameKey(view.record)) return null;
  return h("p", { class: "end-rating rating-line", text: line.text });
}

/** The start screen's line, once a game has counted. */
export function ratingStart(s) {
  if (!s.rating?.history.length) return null;
  const games = s.rating.history.length;
  return h("p", { class: "rating-line", id: "my-rating",
    text: `Your rating: ${ratingText(s.rating.player)} (${games} rated game${games === 1 ? "" : "s"})` });
}

/** Settings: the rating's history as a chart and the last five games. */
export function ratingHistory(s) {
  const history = s.rating?.history || [];
  const rule = "Counts finished games of one person against rated bot levels, with no move taken back.";
  if (!history.length) {
    return h("fieldset", { class: "settings-rating" }, h("legend", { text: "Your rating" }),
      h("p", { class: "setting-note", text: `No rated game yet. ${rule}` }));
  }
  const values = history.map((e) => e.rating);
  const lo = Math.min(...values) - 20;
  const hi = Math.max(...values) + 20;
  const w = Math.max(1, values.length - 1);
  const points = values.map((v, i) => `${(i / w) * 100},${40 - ((v - lo) / (hi - lo)) * 40}`).join(" ");
  return h("fieldset", { class: "settings-rating" }, h("legend", { text: "Your rating" }),
    h("p", { text: `${ratingText(s.rating.player)} after ${history.length} rated game${history.length === 1 ? "" : "s"}` }),
    svg("svg", { viewBox: "-2 -2 104 44", class: "rating-chart", role: "img",
      "aria-label": `Rating history: from ${values[0]} to ${values.at(-1)}` },
    svg("polyline", { points, class: "rating-path" })),
    h("ol", { class: "rating-list", "aria-label": "Last rated games" },
      history.slice(-5).reverse().map((e) => h("li", { text: `${e.at}: ${e.rating} (${e.change >= 0 ? "+" : ""}${e.change})` }))),
    h("p", { class: "setting-note", text: rule }));
}
