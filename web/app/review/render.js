// The review dialog (kind "review", review/control.js): progress and Stop, each seat's
// accuracy and total loss, a loss bar per move (a button: the move on the Painting), each
// seat's three costliest moves one click away, and a move shown on the whole Painting as the
// table draws it, the move played laid on it or, switched, the better one, both marked, with
// the points, win chance and expected margin of each.

import { h, s } from "../dom.js";
import { modal } from "../modal.js";
import { cellRects, edgeMat, gridLines, paintingOverlay } from "../paint.js";

const LABELS = { inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };

function pct(x) {
  return `${Math.round(x * 100)}%`;
}

// One scale each, said as such: a move's points are the expected final margin it lost (the
// list's order, the engine's); its label is by the win chance it gave away, shown beside it
// with the figure it was judged by (a list of "Small loss, −5" over "Blunder, −3.27" read as
// a contradiction when both were given in points).
const points = (n) => `${n} ${n === 1 ? "point" : "points"}`;
const owner = (name) => (name === "You" ? "Your" : `${name}'s`);

/** "Blunder by win chance, 62% → 35%" or "win chance 2% → 0%, no label": the label and its figure. */
function byChance(m) {
  const chance = `${pct(m.win_before)} → ${pct(m.win_after)}`;
  return m.label ? `${LABELS[m.label]} by win chance, ${chance}` : `win chance ${chance}, no label`;
}

/** The legend of both scales, with the engine's thresholds. */
function scales(t) {
  const at = (x) => Math.round(x * 100);
  const labels = t ? `: an inaccuracy from ${at(t.inaccuracy)} points of win chance given away, a mistake from ${at(t.mistake)}, a blunder from ${at(t.blunder)}` : "";
  return `Points: the expected final margin a move lost against the best placement found. Labels are by the win chance a move gave away${labels}.`;
}

/** The cells of `board` that differ from `before`'s: the card the placement laid. */
function laid(before, board) {
  const was = new Map(before.cells.map(([x, y, c]) => [`${x},${y}`, c]));
  return board.cells.filter(([x, y, c]) => was.get(`${x},${y}`) !== c);
}

/** A placement's mark on the Painting: a black and white frame (solid when it is the one
 * drawn, dashed when only its spot is shown) and its name on a tag, legible in both themes
 * and in colour-blind mode (no colour carries it). */
function mark(move, name, drawn) {
  const { x, y } = move;
  return s("g", { class: `review-mark review-mark-${name.toLowerCase()}${drawn ? " is-drawn" : ""}`, "aria-hidden": "true" },
    s("rect", { x: x - 0.08, y: y - 0.08, width: 3.16, height: 3.16, class: "review-mark-halo" }),
    s("rect", { x: x - 0.08, y: y - 0.08, width: 3.16, height: 3.16, class: "review-mark-line" }),
    s("g", { class: "review-tag", transform: `translate(${x - 0.08} ${y - 0.9})` },
      s("rect", { width: name.length * 0.42 + 0.4, height: 0.78 }),
      s("text", { x: 0.2, y: 0.56, text: name })));
}

/** One placement drawn on the full Painting (`board` after it), the other's spot marked. */
function layout(boards, which, same) {
  const board = boards[which];
  const view = { painting: board.cells };
  return s("g", { class: `review-layout review-layout-${which}` },
    edgeMat(view), cellRects(view), gridLines(view), paintingOverlay(view),
    same ? mark(boards.played.move, "Played", true) : [
      mark(boards.played.move, "Played", which === "played"),
      mark(boards.best.move, "Better", which === "best")]);
}

/** The position on the whole Painting, as the table draws it: the move played laid on it
 * (or, switched, the better one), both placements marked. */
function painting(boards, label, same) {
  const all = [...boards.played.cells, ...boards.best.cells];
  const xs = all.map((c) => c[0]);
  const ys = all.map((c) => c[1]);
  const x0 = Math.min(...xs) - 1.5;
  const y0 = Math.min(...ys) - 2;
  const w = Math.max(...xs) - x0 + 2.5;
  const ht = Math.max(...ys) - y0 + 2.5;
  return s("svg", { viewBox: `${x0} ${y0} ${w} ${ht}`, class: "review-painting", role: "img", "aria-label": label },
    layout(boards, "played", same), same ? null : layout(boards, "best", same));
}

function moveText(m) {
  return `card ${m.card} at column ${m.x}, row ${m.y}${m.rotation ? `, turned ${m.rotation}°` : ""}`;
}

/** The switch between the move played and the better one (a radio pair: CSS shows the chosen). */
function switcher() {
  const radio = (value, text, checked) => h("label", { class: "review-switch-option" },
    h("input", { type: "radio", name: "review-show", value, checked: checked ? true : null }), h("span", { text }));
  return h("fieldset", { class: "review-switch" }, h("legend", { text: "On the Painting" }),
    radio("played", "The move played", true), radio("best", "The better move", false));
}

/** Both placements' figures side by side: the card, the points after it, the win chance, the margin. */
function compare(move, boards, same) {
  const seat = move.seat;
  const row = (head, played, best) => h("tr", {}, h("th", { scope: "row", text: head }),
    h("td", { text: played }), same ? null : h("td", { text: best }));
  return h("table", { class: "review-compare" },
    h("caption", { class: "sr-only", text: "The move played and the better move" }),
    h("thead", {}, h("tr", {}, h("td", {}), h("th", { scope: "col", text: "Played" }),
      same ? null : h("th", { scope: "col", text: "Better" }))),
    h("tbody", {},
      row("Card", moveText(boards.played.move), moveText(boards.best.move)),
      row("Points after it", String(boards.played.totals[seat]), String(boards.best.totals[seat])),
      row("Win chance", pct(move.win_after), pct(move.win_before)),
      row("Expected final margin", String(move.value_played), String(move.value_best))));
}

function detail(d) {
  const { move, boards } = d.detail;
  const seat = move.seat;
  const who = d.names[seat];
  const same = move.best === move.played;
  const said = byChance(move);
  const label = same ? `The Painting after move ${move.ply + 1}, the best move found, ${moveText(boards.played.move)}`
    : `The Painting at move ${move.ply + 1}: the move played, ${moveText(boards.played.move)}, and the better move, ${moveText(boards.best.move)}, both marked`;
  return [
    h("h2", { class: "dialog-title", id: "review-title", text: `Move ${move.ply + 1}: ${who}` }),
    h("p", { class: "review-verdict", text: same ? "The best move found."
      : `−${points(move.loss)} of expected final margin. ${said[0].toUpperCase()}${said.slice(1)}: ${Math.round(move.drop * 100)} points of win chance given away.${move.why ? ` It ${move.why}.` : ""}` }),
    same ? null : switcher(),
    h("div", { class: "review-detail" }, painting(boards, label, same), compare(move, boards, same)),
    d.moves.length ? lossBars(d, move.ply) : null,
    h("div", { class: "dialog-actions" },
      h("button", { type: "button", class: "btn btn-primary", "data-action": "review-back", text: "Back to the review" })),
  ];
}

/** The loss per move, one bar per placement in its seat's colour: each a button that opens
 * the move on the Painting (`shown`: the move on show, pressed). */
function lossBars(d, shown = null) {
  const top = Math.max(1, ...d.moves.map((m) => m.loss));
  const colour = (m) => d.colors?.[m.seat] || ["R", "Y", "B", "K", "W"][m.seat];
  return h("ol", { class: "review-bars", "aria-label": "Points lost per move: press one to see it on the Painting" },
    d.moves.map((m) => {
      const said = `Move ${m.ply + 1}, ${m.name}: −${points(m.loss)}`;
      return h("li", { class: "review-bar" },
        h("button", { type: "button", class: "review-bar-btn", "data-action": "review-move", "data-ply": m.ply,
          "data-bar": "yes", title: said, "aria-label": said, "aria-pressed": shown === null ? null : String(shown === m.ply) },
        h("span", { class: `review-bar-fill c-${colour(m)}`, "aria-hidden": "true", "data-h": Math.round((m.loss / top) * 100) })));
    }));
}

function seatRows(d) {
  return d.seats.map((seat) => {
    const worst = seat.worst.map((ply) => d.moves.find((m) => m.ply === ply)).filter(Boolean);
    return h("li", { class: "review-seat" },
      h("p", {}, h("strong", { text: d.names[seat.seat] }),
        ` accuracy ${seat.accuracy === null ? "–" : seat.accuracy}, total loss ${seat.loss}`),
      worst.length ? h("ul", { class: "review-worst", "aria-label": `${owner(d.names[seat.seat])} costliest moves` },
        worst.map((m) => h("li", {}, h("button", { type: "button", class: "btn btn-small",
          "data-action": "review-move", "data-ply": m.ply,
          text: `Move ${m.ply + 1}: −${points(m.loss)} · ${byChance(m)}${m.why ? ` (${m.why})` : ""}` }))))
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
    h("p", { class: "setting-note review-scales", text: `Each move judged against the best the expert bot finds with what its player knew then; accuracy from the win chance each move gave away. ${scales(d.thresholds)}` }),
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

/**
 * Where the focus goes after a draw: the dialog's hint, else the element that had it. On
 * the draw that opens the dialog (`opening`) it goes in through modal.js, which first remembers the
 * opener ("Review this game"), so closing the review gives the focus back there (focusing
 * first left modal.js no opener: the focus fell to Rematch).
 */
export function reviewFocus(root, d, had, opening = false) {
  const want = d.focus === "review-first"
    ? '[data-action="review-move"], [data-action="close-dialog"]'
    : d.focus?.startsWith("review-move-") ? `[data-action="review-move"][data-ply="${d.focus.slice(12)}"]`
      : d.focus ? `[data-action="${d.focus}"]` : had;
  const target = want && root.querySelector(want) || (had ? null : root.querySelector("button"));
  if (opening) modal(root, true, target);
  else target?.focus();
}
