// The end screen's extras: the score track (every seat's total after each round, one line
// per seat, from the engine's `history`; once the game is reviewed, a bar per placement under
// it: the points that placement lost, from the engine's review), the hints used, and the
// downloads of the finished Painting as a picture (PNG, SVG).

import { h, s as svg } from "../dom.js";

const W = 320; // chart size in SVG units
const H = 150;
const PAD = { left: 26, right: 10, top: 10, bottom: 22 };
const BAND = 42; // the band of loss bars under the rounds' numbers, in SVG units

/**
 * The review's losses as bars under the chart: one per placement judged, in its round's
 * column and its seat's colour, as tall as the points it lost against the largest loss.
 */
function lossBand(view, history, moves, X, step) {
  const seats = view.seats;
  const top = Math.max(1, ...moves.map((m) => m.loss));
  const width = Math.min(24, Math.max(6, step * 0.7)) / seats.length;
  const floor = H + BAND - 4;
  const costliest = moves.reduce((a, m) => (m.loss > (a?.loss ?? 0) ? m : a), null);
  const said = costliest ? `the largest, ${costliest.loss} points, ${seats[costliest.seat].name} at move ${costliest.ply + 1}`
    : "no placement lost points";
  return svg("g", { class: "chart-losses", role: "img", "aria-label": `Points lost per move, from the review: ${said}` },
    svg("text", { x: PAD.left - 5, y: H + 8, "text-anchor": "end", class: "chart-tick", text: "lost" }),
    svg("path", { d: `M${PAD.left} ${floor}H${W - PAD.right}`, class: "chart-grid" }),
    moves.map((m) => {
      const round = history.plies[m.ply]?.round ?? 1;
      const height = Math.max(m.loss > 0 ? 1.5 : 0, (m.loss / top) * (BAND - 14));
      const group = width * seats.length; // the round's bars, kept inside the axes
      const left = Math.min(W - 1 - group, Math.max(PAD.left + 2, X(round - 1) - group / 2));
      const x = left + width * m.seat;
      return svg("rect", { x, y: floor - height, width: Math.max(1, width - 1), height,
        class: `chart-loss c-${seats[m.seat].colors[0]}`, "data-ply": m.ply },
      svg("title", { text: `${seats[m.seat].name}, move ${m.ply + 1} (round ${round}): ${m.loss} points lost` }));
    }));
}

/** The score track as an SVG: one polyline per seat, one point per round; with `losses` (the
 * review's judged placements) a bar per placement under it. */
export function scoreChart(view, history, losses = null) {
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
  const band = losses?.length ? lossBand(view, history, losses, X, step || W) : null;
  return h("figure", { class: "chart" },
    svg("svg", { viewBox: `0 0 ${W} ${H + (band ? BAND : 0)}`, class: "chart-svg", role: "group", id: "score-chart",
      "aria-label": band ? "Score after each round, and the points each move lost" : "Score after each round" },
    axis, lines, band),
    h("figcaption", { class: "chart-legend" },
      h("span", { class: "chart-title", text: "Score after each round" }),
      seats.map((seat) => h("span", { class: "chart-key" },
        h("span", { class: `swatch c-${seat.colors[0]}`, "aria-hidden": "true" }), seat.name))));
}

/** The extras under the score table: the chart, the hints used, the downloads. */
export function endExtras(s, view) {
  const history = s.teach.history?.record === s.view.record ? s.teach.history : null;
  const losses = s.teach.losses?.record === s.view.record ? s.teach.losses.moves : null;
  const used = s.teach.hintsUsed;
  return h("div", { class: "end-extras" },
    history ? scoreChart(view, history, losses) : h("p", { class: "teach-empty", text: "Drawing the score track…" }),
    h("p", { class: "hints-used", id: "hints-used",
      text: used ? `Hints used: ${used}.` : s.teach.hints ? "No hints used." : "Hints were off: a fair game." }),
    h("div", { class: "downloads", role: "group", "aria-label": "Keep the Painting" },
      h("span", { class: "highlights-label", text: "Keep the Painting:" }),
      h("button", { type: "button", class: "btn btn-small", "data-action": "download-png",
        "aria-label": "Download the Painting as PNG", title: "A picture 3000 pixels wide, to print", text: "PNG" }),
      h("button", { type: "button", class: "btn btn-small", "data-action": "download-svg",
        "aria-label": "Download the Painting as SVG", title: "A vector picture, any size", text: "SVG" })));
}
