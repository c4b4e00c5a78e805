// The review dialog (kind "review", review/control.js): progress and Stop, each seat's
// accuracy and total loss, a loss bar per move, each seat's three costliest moves one click
// away, and a move shown as three Paintings: as it was, the move played, the better one.

import { h, s } from "../dom.js";

const LABELS = { inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };

function pct(x) {
  return `${Math.round(x * 100)}%`;
}

/** A Painting's cells as a small SVG, the card of `move` outlined. */
function boardSvg(cells, move, label) {
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  const x0 = Math.min(...xs) - 0.5;
  const y0 = Math.min(...ys) - 0.5;
  const w = Math.max(...xs) - x0 + 1.5;
  const ht = Math.max(...ys) - y0 + 1.5;
  return s("svg", { viewBox: `${x0} ${y0} ${w} ${ht}`, class: "review-svg", role: "img", "aria-label": label },
    cells.map(([x, y, c]) => s("rect", { x, y, width: 1, height: 1, class: `cell c-${c}` })),
    move ? s("rect", { x: move.x, y: move.y, width: 3, height: 3, class: "review-mark" }) : null);
}

function moveText(m) {
  return `card ${m.card} at column ${m.x}, row ${m.y}${m.rotation ? `, turned ${m.rotation}°` : ""}`;
}

function figure(title, board, seat, note) {
  const points = board.totals[seat];
  const text = `${title}: ${note}${board.move ? `, ${moveText(board.move)}` : ""}; ${points} points`;
  return h("figure", { class: "review-board" },
    boardSvg(board.cells, board.move, text),
    h("figcaption", {}, h("strong", { text: title }), h("span", { text: ` ${note} · ${points} points` })));
}

function detail(d) {
  const { move, boards } = d.detail;
  const seat = move.seat;
  const who = d.names[seat];
  const same = move.best === move.played;
  return [
    h("h2", { class: "dialog-title", id: "review-title", text: `Move ${move.ply + 1}: ${who}` }),
    h("p", { class: "review-verdict", text: same ? "The best move found."
      : `${LABELS[move.label] || "Small loss"}: ${move.loss} points of expected margin lost; win chance ${pct(move.win_before)} → ${pct(move.win_after)}.${move.why ? ` It ${move.why}.` : ""}` }),
    h("div", { class: "review-boards" },
      figure("As it was", boards.before, seat, "before the move"),
      figure("Played", boards.played, seat, `expected margin ${move.value_played}`),
      same ? null : figure("Better", boards.best, seat, `expected margin ${move.value_best}`)),
    h("div", { class: "dialog-actions" },
      h("button", { type: "button", class: "btn btn-primary", "data-action": "review-back", text: "Back to the review" })),
  ];
}

function lossBars(d) {
  const top = Math.max(1, ...d.moves.map((m) => m.loss));
  return h("ol", { class: "review-bars", "aria-label": "Loss per move" },
    d.moves.map((m) => h("li", { class: "review-bar", title: `Move ${m.ply + 1}, ${m.name}: loss ${m.loss}` },
      h("span", { class: "sr-only", text: `Move ${m.ply + 1}, ${m.name}: loss ${m.loss}` }),
      h("span", { class: `review-bar-fill seat-${m.seat}`, "aria-hidden": "true",
        style: null, "data-h": Math.round((m.loss / top) * 100) }))));
}

function seatRows(d) {
  return d.seats.map((seat) => {
    const worst = seat.worst.map((ply) => d.moves.find((m) => m.ply === ply)).filter(Boolean);
    return h("li", { class: "review-seat" },
      h("p", {}, h("strong", { text: d.names[seat.seat] }),
        ` accuracy ${seat.accuracy === null ? "–" : seat.accuracy}, total loss ${seat.loss}`),
      worst.length ? h("ul", { class: "review-worst", "aria-label": `${d.names[seat.seat]}'s costliest moves` },
        worst.map((m) => h("li", {}, h("button", { type: "button", class: "btn btn-small",
          "data-action": "review-move", "data-ply": m.ply,
          text: `Move ${m.ply + 1}: ${LABELS[m.label] || "small loss"}, −${m.loss}${m.why ? ` (${m.why})` : ""}` }))))
        : h("p", { class: "setting-note", text: "No costly move found." }));
  });
}

function overview(d) {
  const status = d.error || (d.running ? `Reviewing move ${d.done + 1} of ${d.total}…`
    : `${d.stopped ? "Stopped after" : "Reviewed"} ${d.done} of ${d.total} moves.`);
  return [
    h("h2", { class: "dialog-title", id: "review-title", text: "Review of this game" }),
    h("p", { class: "review-status", role: "status", text: status }),
    h("progress", { class: "review-progress", max: d.total, value: d.done, "aria-label": "Review progress" }),
    d.seats ? h("ul", { class: "review-seats" }, seatRows(d)) : null,
    d.moves.length ? lossBars(d) : null,
    h("p", { class: "setting-note", text: "Each move judged against the best the expert bot finds with what its player knew then; accuracy from the win chance each move gave away (docs: review)." }),
    h("div", { class: "dialog-actions" },
      d.running ? h("button", { type: "button", class: "btn", "data-action": "review-stop", text: "Stop review" }) : null,
      h("button", { type: "button", class: "btn btn-primary", "data-action": "close-dialog", text: "Close" })),
  ];
}

/** The review dialog for dialog state `d`. */
export function reviewDialog(d) {
  const panel = h("div", { class: "dialog review", role: "dialog", "aria-modal": "true",
    "aria-labelledby": "review-title", "data-running": d.running ? "true" : "false",
    "data-done": d.done }, d.detail ? detail(d) : overview(d));
  for (const bar of panel.querySelectorAll(".review-bar-fill")) bar.style.height = `${bar.dataset.h}%`;
  return panel;
}

/** Where the focus goes after a draw: the dialog's hint, else the element that had it. */
export function reviewFocus(root, d, had) {
  const want = d.focus === "review-first"
    ? '[data-action="review-move"], [data-action="close-dialog"]'
    : d.focus?.startsWith("review-move-") ? `[data-action="review-move"][data-ply="${d.focus.slice(12)}"]`
      : d.focus ? `[data-action="${d.focus}"]` : had;
  (want && root.querySelector(want) || (had ? null : root.querySelector("button")))?.focus();
}
