// The end screen's extras: the score track (every seat's total after each round, one line
// per seat, from the engine's `history`), the hints used, and the downloads of the finished
// Painting as a picture (PNG, SVG).

import { h, s as svg } from "../dom.js";

const W = 320; // chart size in SVG units
const H = 150;
const PAD = { left: 26, right: 10, top: 10, bottom: 22 };

/** The score track as an SVG: one polyline per seat, one point per round. */
export function scoreChart(view, history) {
  const rounds = history?.rounds || [];
  const seats = view.seats;
  const top = Math.max(4, ...rounds.flat());
  const step = rounds.length > 1 ? (W - PAD.left - PAD.right) / (rounds.length - 1) : 0;
  const X = (i) => PAD.left + i * step;
  const Y = (v) => H - PAD.bottom - (v / top) * (H - PAD.top - PAD.bottom);
  const ticks = [0, Math.round(top / 2), top];
  const axis = [
    svg("path", { d: `M${PAD.left} ${PAD.top}V${H - PAD.bottom}H${W - PAD.right}`, class: "chart-axis" }),
    ticks.map((t) => [svg("path", { d: `M${PAD.left} ${Y(t)}H${W - PAD.right}`, class: "chart-grid" }),
      svg("text", { x: PAD.left - 5, y: Y(t) + 3.5, "text-anchor": "end", class: "chart-tick", text: t })]),
    rounds.map((_, i) => svg("text", { x: X(i), y: H - PAD.bottom + 14, "text-anchor": "middle", class: "chart-tick", text: i + 1 })),
  ];
  // Each seat's line is a Tab stop: on focus (or under the pointer) its values show at its
  // points; each point also has a tooltip ("Piet, round 3: 12 points").
  const lines = seats.map((seat, i) => {
    const pts = rounds.map((totals, r) => [X(r), Y(totals[i]), totals[i]]);
    const color = seat.colors[0];
    return svg("g", { class: `chart-seat mark-${color}`, "data-seat": i, tabindex: 0, role: "img",
      "aria-label": `${seat.name}: ${pts.map(([, , v]) => v).join(", ")} points after rounds 1 to ${pts.length}` },
    svg("polyline", { points: pts.map(([x, y]) => `${x},${y}`).join(" "), class: "chart-line" }),
    pts.map(([x, y, v], r) => svg("rect", { x: x - 3, y: y - 3, width: 6, height: 6, class: `chart-point c-${color}`, "data-round": r + 1 },
      svg("title", { text: `${seat.name}, round ${r + 1}: ${v} points` }))),
    pts.map(([x, y, v]) => svg("text", { x, y: y - 6, "text-anchor": "middle", class: "chart-value", text: v })));
  });
  return h("figure", { class: "chart" },
    svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart-svg", role: "group", id: "score-chart",
      "aria-label": "Score after each round" }, axis, lines),
    h("figcaption", { class: "chart-legend" },
      h("span", { class: "chart-title", text: "Score after each round" }),
      seats.map((seat) => h("span", { class: "chart-key" },
        h("span", { class: `swatch c-${seat.colors[0]}`, "aria-hidden": "true" }), seat.name))));
}

/** The extras under the score table: the chart, the hints used, the downloads. */
export function endExtras(s, view) {
  const history = s.teach.history?.record === s.view.record ? s.teach.history : null;
  const used = s.teach.hintsUsed;
  return h("div", { class: "end-extras" },
    history ? scoreChart(view, history) : h("p", { class: "teach-empty", text: "Drawing the score track…" }),
    h("p", { class: "hints-used", id: "hints-used",
      text: used ? `Hints used: ${used}.` : s.teach.hints ? "No hints used." : "Hints were off: a fair game." }),
    h("div", { class: "downloads", role: "group", "aria-label": "Keep the Painting" },
      h("span", { class: "highlights-label", text: "Keep the Painting:" }),
      h("button", { type: "button", class: "btn btn-small", "data-action": "download-png",
        "aria-label": "Download the Painting as PNG", title: "A picture 3000 pixels wide, to print", text: "PNG" }),
      h("button", { type: "button", class: "btn btn-small", "data-action": "download-svg",
        "aria-label": "Download the Painting as SVG", title: "A vector picture, any size", text: "SVG" })));
}
