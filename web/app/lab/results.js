// The Bot Lab's results: the table per bot (the tournament's numbers, docs/bots.md) and a
// chart of each one's win share with its 95% Wilson interval.

import { LEVELS } from "../../vendor/bots.js";
import { h, s } from "../dom.js";
import { MINE } from "./match.js";

const pct = (x) => `${Math.round(100 * x)}%`;
const signed = (x) => `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x).toFixed(1)}`;
export const label = (level) => (level === MINE ? "Your bot" : LEVELS.find((l) => l.name === level)?.label ?? level);

/** Fill the table body and the chart from a summary (lab_summary's reply). */
export function showResults(table, chart, summary) {
  const rows = summary.levels.map((row) => h("tr", { "data-level": row.level },
    h("th", { scope: "row", text: label(row.level) }),
    h("td", { text: String(row.n) }),
    h("td", { class: "lab-wins", text: pct(row.win_share) }),
    h("td", { text: `${Math.round(100 * row.wilson_low)}–${pct(row.wilson_high)}` }), // "21–100%": fits a phone
    h("td", { class: "lab-margin", text: signed(row.mean_margin) }),
    h("td", { text: row.mean_score.toFixed(1) }),
    h("td", { text: row.ms_per_move.toFixed(0) })));
  table.tBodies[0].replaceChildren(...rows);
  drawChart(chart, summary);
}

/** One bar per bot: its win share, with a black whisker over the Wilson interval. */
function drawChart(svg, summary) {
  const rows = summary.levels;
  const barH = 8;
  const gap = 4;
  const left = 24;
  const width = 70;
  const height = rows.length * (barH + gap) + 8;
  svg.setAttribute("viewBox", `0 0 100 ${height}`);
  const parts = [s("line", { x1: left, y1: 0, x2: left, y2: height - 6, class: "lab-axis" })];
  for (const mark of [0, 0.5, 1]) {
    parts.push(s("text", { x: left + width * mark, y: height - 1, class: "lab-tick", text: pct(mark) }));
  }
  rows.forEach((row, i) => {
    const y = i * (barH + gap) + 2;
    parts.push(s("text", { x: left - 2, y: y + barH * 0.7, class: "lab-chart-label", text: label(row.level) }));
    parts.push(s("rect", { x: left, y, width: Math.max(0.4, width * row.win_share), height: barH, class: row.level === MINE ? "c-R" : "c-B" }));
    parts.push(s("line", { x1: left + width * row.wilson_low, x2: left + width * row.wilson_high, y1: y + barH / 2, y2: y + barH / 2, class: "lab-whisker" }));
  });
  svg.replaceChildren(...parts);
  svg.setAttribute("aria-label", `Win share: ${rows.map((r) => `${label(r.level)} ${pct(r.win_share)}`).join(", ")}`);
}
