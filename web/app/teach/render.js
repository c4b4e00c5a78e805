// Drawing the teaching parts of the table: the score preview on the spots and under the
// pointer, the Hint's mark, each seat's last placement outlined in its colour, the
// Moves/Points panel (move log and where the points come from) and its highlights.
// Everything shown is the engine's numbers (state.teach, the view); render/renderer.js calls
// `renderTeach` once per frame on the table.

import { attr, h, replace, s as svg, show, text } from "../dom.js";
import { cardSvg, highlightLayer } from "../paint.js";
import { modeOf } from "../modes.js";
import { humanTurn, shownView, showsPast } from "../queries.js";
import { mountTeach } from "./buttons.js";
import { currentPreview } from "./state.js";
import { cellsText, changeText, colorName, ordinal, signed, spotText, whose } from "../words.js";

const $ = (id) => document.getElementById(id);
function strokesWord(n) {
  return n === 1 ? "stroke" : "strokes";
}

/** What a spot does to the strokes and the bonuses, in plain words; "" if nothing notable. */
export function spotNote(view, spot) {
  const notes = [];
  for (const [c, size, n] of spot.joined) notes.push(`joins ${n} ${colorName(c)} strokes into one of ${size} cells`);
  for (const [c, size, n] of spot.split) notes.push(`splits a ${colorName(c)} stroke of ${size} cells in ${n}`);
  // new strokes grouped by size, so a phone's three lines hold the note: "new 2-cell strokes: blue, yellow"
  const created = new Map();
  for (const [c, size] of spot.created.filter(([, n]) => n >= 2)) created.set(size, [...(created.get(size) || []), colorName(c)]);
  for (const [size, colors] of created) {
    notes.push(colors.length === 1 ? `a new ${colors[0]} stroke of ${size} cells` : `new ${size}-cell strokes: ${colors.join(", ")}`);
  }
  const top = spot.bonus[0];
  if (top && top[1] !== null) {
    const who = top[2].length ? whose(top[2].map((i) => view.seats[i].name)) : "in a colour nobody plays";
    notes.push(`largest stroke: ${cellsText(top[1])}, ${who}`);
  }
  return notes.join(" · ");
}

// -- the Painting -----------------------------------------------------------------------------

/** Each seat's latest placement as [seat, move] (from the record of `view`). */
export function lastMoves(view) {
  const last = new Map();
  for (const move of view.record.moves) last.set(move.seat, move);
  return [...last.entries()];
}

function frame(x, y, cls, attrs = {}) {
  return svg("rect", { x: x + 0.06, y: y + 0.06, width: 2.88, height: 2.88, class: cls, ...attrs });
}

/** Outlines of the seats' last placements, the selected log entry and the selected seat's strokes. */
function marks(s, v) {
  const out = [];
  const t = s.teach;
  if (t.seat !== null && v.seats[t.seat]) out.push(seatStrokes(v, t.seat));
  for (const [seat, move] of lastMoves(v)) {
    const color = v.seats[seat].colors[0];
    out.push(frame(move.x, move.y, `last-move mark-${color}`, { "data-seat": seat, "data-ply": "" }));
  }
  const moves = v.record.moves;
  if (t.ply !== null && moves[t.ply - 1] && t.ply <= moves.length) {
    const move = moves[t.ply - 1];
    out.push(svg("g", { class: "log-mark", "data-ply": t.ply },
      svg("rect", { x: move.x - 0.1, y: move.y - 0.1, width: 3.2, height: 3.2, class: "log-mark-edge" }),
      svg("rect", { x: move.x - 0.1, y: move.y - 0.1, width: 3.2, height: 3.2, class: "log-mark-inner" }),
      svg("g", { class: "stroke-label", transform: `translate(${move.x + 1.5} ${move.y + 1.5})` },
        svg("circle", { r: 0.42 }), svg("text", { "text-anchor": "middle", dy: "0.17", text: t.ply }))));
  }
  return out;
}

/** Veil the cells not of `seat`'s colours and outline each of its strokes with its size. */
function seatStrokes(v, seat) {
  return svg("g", { class: "seat-strokes", "data-seat": seat }, highlightLayer(v, v.seats[seat].colors));
}

/** The Hint's dashed frame on the Painting. */
function note(s, v) {
  const t = s.teach;
  if (!t.hint || t.hint.record !== v.record) return [];
  const { x, y } = t.hint.move;
  return [svg("g", { class: "hint-mark", "data-x": x, "data-y": y },
    svg("rect", { x: x - 0.18, y: y - 0.18, width: 3.36, height: 3.36, class: "hint-edge" }))];
}

/**
 * The score note: one line of text above the Painting (outside its zoom), never over it. For
 * the card shown on a spot: what it covers and scores ("You +4, Piet +1 · covers 2 cells ·
 * …"); holding a card elsewhere: how to see that. Empty otherwise.
 */
function scoreNote(s, v) {
  if (showsPast(s)) return [];
  if (!humanTurn(s) || s.held === null) return lastMoveNote(s, v);
  const touch = window.matchMedia?.("(pointer: coarse)").matches;
  if (!s.hover) return [h("span", { class: "note-more", text: touch ? "Tap a dot to see the card there and what it scores." : "Point at a dot to see what the card scores there." })];
  const [x, y] = s.hover;
  const legal = (v.legal?.[s.held]?.[s.rotation] || []).some(([lx, ly]) => lx === x && ly === y);
  if (!legal) return [h("span", { class: "note-bad", text: "✕ Not a marked spot: the card cannot go here." })];
  const cover = (v.covers || []).find(([cx, cy]) => cx === x && cy === y);
  const covers = cover ? `covers ${cover[2]} ${cover[2] === 1 ? "cell" : "cells"}` : "";
  const pv = currentPreview(s);
  const spot = pv?.spots[`${x},${y}`];
  const more = [covers, spot ? spotNote(v, spot) : ""].filter(Boolean).join(" · ");
  // .preview-badge once the engine's preview of the spot is in (its numbers), else a plain line
  return [h("span", { class: spot ? "preview-badge" : "note-wait", "data-x": x, "data-y": y, "data-change": spot ? spot.change.join(",") : null },
    spot ? h("b", { class: "note-main", text: changeText(v, spot.change, v.current_seat, modeOf(s).you(s)) }) : null,
    h("span", { class: "note-more", text: spot ? ` · ${more}` : more }))];
}

/** The latest placement, while no card is held: "Piet placed here: Piet +7, You −1" (its frame
 * on the Painting is the seat's last-move outline). From the engine's history of the game. */
function lastMoveNote(s, v) {
  const hist = s.teach.history;
  const n = v.record.moves.length;
  if (!n || v.is_over || !hist || hist.record !== v.record || !hist.plies[n - 1]) return [];
  const ply = hist.plies[n - 1];
  const seat = v.seats[ply.seat];
  return [h("span", { class: "last-note", "data-ply": n },
    h("span", { class: `log-swatch mark-${seat.colors[0]}`, "aria-hidden": "true" }),
    h("b", { class: "note-main", text: ` ${modeOf(s).mine(s, ply.seat) ? "You" : seat.name} placed here: ` }),
    h("span", { class: "note-more", text: changeText(v, ply.change, ply.seat, modeOf(s).you(s), "you") }))];
}

/** Append the preview to each legal spot's accessible name: "Place at …, You +2, Piet -1". */
function labelSpots(s, v) {
  const pv = showsPast(s) ? null : currentPreview(s);
  const ok = !!pv;
  for (const el of $("layer-spots").querySelectorAll(".spot")) {
    const base = el.dataset.base || el.getAttribute("aria-label") || "";
    if (!el.dataset.base) el.dataset.base = base;
    const spot = ok ? pv.spots[`${el.dataset.x},${el.dataset.y}`] : null;
    attr(el, "aria-label", spot ? `${base}, ${changeText(v, spot.change)}` : base);
    attr(el, "data-change", spot ? spot.change.join(",") : null);
  }
}

// -- the Moves / Points panel -----------------------------------------------------------------

function moveLog(s, v) {
  const hist = s.teach.history;
  if (!hist || hist.record !== s.view.record) return h("p", { class: "teach-empty", text: "Counting the moves…" });
  const plies = hist.plies.slice(0, v.record.moves.length);
  if (!plies.length) return h("p", { class: "teach-empty", text: "No card placed yet." });
  const items = plies.map((ply, i) => {
    const seat = v.seats[ply.seat];
    const n = i + 1;
    const turn = ply.rotation ? ` ${ply.rotation}°` : "";
    const mine = ply.change[ply.seat];
    return h("li", { class: `log-entry${n === plies.length ? " log-latest" : ""}` },
      h("button", { type: "button", class: "log-btn", "data-action": "log-select", "data-ply": n,
        "aria-pressed": s.teach.ply === n ? "true" : "false",
        "aria-label": `Move ${n}, round ${ply.round}: ${seat.name} placed card ${ply.card} at ${spotText(ply.x, ply.y)}${turn ? `, turned${turn}` : ""}; ${changeText(v, ply.change, ply.seat)}` },
      h("span", { class: "log-n", text: n }),
      h("span", { class: `log-swatch mark-${seat.colors[0]}`, "aria-hidden": "true" }),
      h("span", { class: "log-who", text: seat.name }),
      ply.face ? cardSvg(ply.face, { class: "card-svg log-face" }) : h("span", { class: "log-card", text: `card ${ply.card}${turn}` }),
      h("span", { class: `log-delta${mine > 0 ? " up" : mine < 0 ? " down" : ""}`, text: signed(mine) })));
  });
  return h("ol", { class: "move-log", id: "move-log", "aria-label": "Move log", reversed: true }, items.reverse());
}

/** Where each seat's points come from: strokes, and each bonus won with its stroke size. */
export function breakdown(v, sheet, selected) {
  const ranks = sheet.bonus_ranks || [];
  return h("ul", { class: "breakdown", "aria-label": "Where the points come from" },
    v.seats.map((seat, i) => {
      const line = sheet.seats[i];
      const won = ranks.filter((r) => r.seats.includes(i));
      // the accessible name holds the visible text, in its order (WCAG 2.5.3), then says more
      const parts = [`${line.strokes} ${strokesWord(line.strokes)}`,
        ...won.map((r) => `${ordinal(r.rank)} largest +${r.points}`)];
      const sizes = won.map((r) => `the ${ordinal(r.rank)} largest stroke is ${cellsText(r.size)}`);
      // the accessible name holds the visible text, in its order (WCAG 2.5.3), then says more;
      // spaces between the parts (not drawn in the flex row) keep the visible words apart for
      // a checker reading the text (axe's label-content-name-mismatch read "3 strokes1st")
      return h("li", { class: "bd-row" },
        h("button", { type: "button", class: "bd-btn", "data-action": "seat-select", "data-seat": i,
          "aria-pressed": selected === i ? "true" : "false",
          "aria-label": `${seat.name}: ${parts.join(", ")}, ${line.total} ${line.total === 1 ? "point" : "points"}${sizes.length ? ` (${sizes.join(", ")})` : ""}. Show ${seat.name}'s strokes` },
        h("span", { class: "bd-swatches", "aria-hidden": "true" }, seat.colors.map((c) => h("span", { class: `swatch c-${c}` }))),
        h("span", { class: "bd-name", text: seat.name }), " ",
        h("span", { class: "bd-parts" },
          h("span", { class: "bd-part", text: parts[0] }),
          won.map((r, k) => [" ", h("span", { class: "bd-part bd-bonus", title: sizes[k], text: parts[k + 1] })])),
        " ", h("span", { class: "bd-total", text: line.total })));
    }));
}

function pointsTab(s, v) {
  const ranks = (v.tally.bonus_ranks || []).map((r) => {
    if (r.size === null) return `${ordinal(r.rank)} +${r.points}: no stroke size left`;
    const who = r.seats.length ? r.seats.map((i) => v.seats[i].name).join(" & ") : "nobody (a colour nobody plays)";
    return `${ordinal(r.rank)} +${r.points}: size ${r.size}, ${who}`;
  });
  return [breakdown(v, v.tally, s.teach.seat),
    h("p", { class: "bd-note", text: `Bonuses now: ${ranks.join(" · ")}. Select a player to see their strokes.` })];
}

function panel(s, v) {
  const tab = s.teach.tab;
  // the Tab stop: the selected tab; when the panel is folded, the one that last had it
  const stop = tab || document.querySelector('.teach-tab[tabindex="0"]')?.dataset.tab || "moves";
  for (const el of document.querySelectorAll(".teach-tab")) {
    attr(el, "aria-selected", el.dataset.tab === tab ? "true" : "false");
    attr(el, "tabindex", el.dataset.tab === stop ? "0" : "-1");
  }
  for (const body of document.querySelectorAll(".teach-body")) {
    const open = body.dataset.tab === tab;
    show(body, open);
    if (!open) replace(body);
    else replace(body, tab === "moves" ? moveLog(s, v) : pointsTab(s, v));
  }
}

// -- the entry point ------------------------------------------------------------------------------

/** Draw the teaching parts of the table for state `s` (previous state `p`, or null). */
export function renderTeach(s, p) {
  mountTeach();
  const v = shownView(s);
  if (!v) return;
  const pv = p ? shownView(p) : null;
  const t = s.teach;
  const changed = !p || v !== pv || p.teach !== t;
  if (changed) replace($("layer-marks"), marks(s, v));
  if (changed || p.hover !== s.hover || p.held !== s.held || p.rotation !== s.rotation || p.busy !== s.busy || shownView(p) !== v || p.view !== s.view) {
    replace($("layer-note"), note(s, v));
    replace($("score-note"), scoreNote(s, v));
  }
  labelSpots(s, v);
  if (changed) panel(s, v);
  const hint = $("btn-hint");
  if (hint) {
    show(hint, t.hints && modeOf(s).hints); // a friend game has no Hint: the other people play without one
    hint.disabled = !humanTurn(s) || s.busy;
    text(hint, t.hint && t.hint.record === s.view?.record ? `Hint: ${signed(t.hint.change[t.hint.seat])}` : "Hint");
  }
  show($("teach-panel"), !(v.is_over && modeOf(s).showsEnd));
}
