// The Rules panel: the rules of docs/rules.md in plain words, with small pictures drawn
// from two real cards of the card set by paint.js. Opened by the header's
// Rules button or the `?` key on every screen; Escape or Close shuts it. It is modal
// (modal.js): the page behind is inert, Tab stays inside, the focus returns to the opener.
//
// The cards, the two placements, the example Painting and its strokes were counted by the
// engine (destijl.facts.rules_example, written into rules-data.js by the build); the pictures
// only draw them.

import { h, replace, s as svg, show } from "../dom.js";
import { cardSvg, faceCells, highlightLayer } from "../paint.js";
import { RULES } from "../rules-data.js";
import { mountTeach } from "./buttons.js";
import { colorName, ordinal, rangeText } from "../words.js";
import { modal } from "../modal.js";

const EXAMPLE = RULES.rules_example;
const [FIRST, SECOND] = EXAMPLE.cards; // {card: 3, face: ["RYY", "RKK", "RWK"]}, then card 12

function cells(list) {
  return list.map(([x, y, c]) => svg("rect", { x, y, width: 1, height: 1, class: `cell c-${c}` }));
}

function grid(list) {
  let d = "";
  for (const [x, y] of list) d += `M${x} ${y}h1v1h-1z`;
  return svg("path", { d, class: "rules-grid" });
}

/** A small picture: the first card, and the second laid at (x, y) with a frame. */
function placement({ x, y, ok }) {
  const first = faceCells(FIRST.face, 0, 0);
  const firstCells = FIRST.face.flatMap((row, r) => [...row].map((c, col) => [col, r, c]));
  const box = `${Math.min(0, x) - 0.3} ${Math.min(0, y) - 0.3} ${Math.max(3, x + 3) - Math.min(0, x) + 0.6} ${Math.max(3, y + 3) - Math.min(0, y) + 0.6}`;
  return svg("svg", { viewBox: box, class: "rules-pic", "aria-hidden": "true", focusable: "false" },
    first, grid(firstCells),
    svg("g", { class: ok ? "rules-new" : "rules-new rules-bad" }, faceCells(SECOND.face, x, y),
      grid(SECOND.face.flatMap((row, r) => [...row].map((c, col) => [x + col, y + r, c])))),
    svg("rect", { x, y, width: 3, height: 3, class: ok ? "rules-frame" : "rules-frame rules-frame-bad" }));
}

function strokesPicture() {
  const { painting, color } = EXAMPLE;
  const out = [cells(painting), grid(painting)];
  const strokes = EXAMPLE.strokes.map((list) => ({ color, cells: list, size: list.length }));
  out.push(...highlightLayer({ painting, strokes }, color));
  return svg("svg", { viewBox: "-0.3 -0.3 5.6 4.6", class: "rules-pic", "aria-hidden": "true", focusable: "false" }, out);
}

/** "Red has 2 strokes here, of 3 and 4 cells: 2 points." */
function strokesCaption() {
  const sizes = EXAMPLE.strokes.map((list) => list.length);
  const name = colorName(EXAMPLE.color);
  const of = sizes.length > 1 ? `${sizes.slice(0, -1).join(", ")} and ${sizes.at(-1)}` : `${sizes[0]}`;
  return `${name[0].toUpperCase()}${name.slice(1)} has ${sizes.length} strokes here, of ${of} cells: ${sizes.length} points.`;
}

function figure(picture, caption) {
  return h("figure", { class: "rules-fig" }, picture, h("figcaption", { text: caption }));
}

/** The bonus table for `players` (2 to 5): the engine's (`ranks` of a game), else the rules'. */
function bonusTable(players, ranks) {
  const points = ranks?.length ? ranks.map((r) => r.points) : RULES.bonuses[players] || RULES.bonuses[3];
  return h("table", { class: "rules-bonus" },
    h("caption", { text: `Bonuses with ${players} players` }),
    h("tbody", {}, points.map((p, i) => h("tr", {},
      h("th", { scope: "row", text: `${ordinal(i + 1)} largest stroke size` }), h("td", { text: `+${p}` })))));
}

/** The Rules dialog's content; `players` picks the bonus table, `onTable` offers the tour. */
export function rulesPanel(players, onTable, ranks = null) {
  return h("div", { class: "dialog rules", role: "dialog", "aria-modal": "true", "aria-labelledby": "rules-title", id: "rules-dialog" },
    h("div", { class: "rules-head" },
      h("h2", { class: "dialog-title", id: "rules-title", text: "How to play De Stijl" }),
      h("button", { type: "button", class: "btn btn-small", id: "rules-close", "data-action": "rules-close", text: "Close" })),
    h("div", { class: "rules-body", tabindex: 0, role: "region", "aria-label": "The rules" }, // scrollable: a Tab stop (ACCESS)
      h("section", { class: "rules-sec" },
        h("h3", { text: "Your turn" }),
        h("p", { text: "Take one card from the Gallery and lay it on the Painting, lined up with the cells. You may turn it first (Rotate, or R) unless the game has rotation off." }),
        h("p", { text: `The card must cover ${rangeText(...RULES.cover)} cells that are already painted. It may hang over empty table. The covered cells take the new card's colours.` }),
        h("div", { class: "rules-figs" },
          figure(placement(EXAMPLE.legal), `Legal: it covers ${EXAMPLE.legal.covers} painted cells.`),
          figure(placement(EXAMPLE.illegal), `Not allowed: it covers ${EXAMPLE.illegal.covers} cells (${RULES.cover[0]} to ${RULES.cover[1]} only).`))),
      h("section", { class: "rules-sec" },
        h("h3", { text: "Strokes" }),
        h("p", { text: "A stroke is a group of cells of one colour joined side by side (corners do not join). Every stroke in your colour scores 1 point, however big." }),
        h("div", { class: "rules-figs" },
          figure(strokesPicture(), strokesCaption()),
          figure(h("span", { class: "rules-cards" }, cardSvg(FIRST.face), cardSvg(SECOND.face)), `The two cards: card ${FIRST.card} and card ${SECOND.card}.`))),
      h("section", { class: "rules-sec" },
        h("h3", { text: "Bonuses for the largest strokes" }),
        h("p", { text: "At the end, the stroke sizes on the Painting are ranked, counting each size once: the largest size wins the first bonus, the next smaller size the second, and so on. Everyone owning a stroke of that size scores the bonus, once, even with several such strokes. Ties share it, and the next bonus still goes to the next smaller size." }),
        bonusTable(players, ranks),
        h("p", { text: `Colours nobody plays (${unplayedText()}) still count for the ranking, but nobody scores them: if the largest stroke is one of those, that bonus is lost.` })),
      h("section", { class: "rules-sec" },
        h("h3", { text: "Rounds and the end" }),
        h("p", { text: "Each round every player places one card, starting with the First Player and going round the table. Then new cards fill the Gallery and the First Player card passes on. The game ends when the Canvas deck is used up; one card is left over." }),
        h("p", { text: "Highest total wins. On a tie, the tied player with the single largest stroke wins; if that is tied too, they share the victory." }))),
    h("div", { class: "dialog-actions" },
      onTable ? h("button", { type: "button", class: "btn", "data-action": "tour-start", text: "Show me around" }) : null,
      h("button", { type: "button", class: "btn btn-primary", "data-action": "rules-close", text: "Got it" })));
}

/** "white with 2 players, black and white with 3, white with 4": the colours the start
 * screen's default seats leave unplayed, per player count (RULES.default_colors). */
function unplayedText() {
  const parts = RULES.players.flatMap((n) => {
    const played = new Set(RULES.default_colors[n].flat());
    const unplayed = RULES.colors.filter((c) => !played.has(c)).map(colorName);
    return unplayed.length ? [[unplayed.join(" and "), n]] : [];
  });
  return parts.map(([colours, n], i) => `${colours} with ${n}${i ? "" : " players"}`).join(", ");
}

let layer = null;

/** Show or hide the Rules panel for state `s` (previous state `p`). */
export function renderRules(s, p) {
  mountTeach(); // the Rules button is on every screen
  const open = s.teach.rules;
  const players = s.view?.seats?.length || s.setup?.seats?.length || 3;
  const onTable = s.screen === "table" && !!s.view && !s.view.is_over;
  if (p && p.teach.rules === open && (!open || (p.screen === s.screen && p.view?.seats?.length === players))) return;
  if (!layer) {
    layer = h("div", { class: "dialog-backdrop rules-backdrop", id: "rules-layer", hidden: true });
    document.body.append(layer);
  }
  show(layer, open);
  if (!open) {
    replace(layer);
    // back to what opened it (Rules button, or where `?` was pressed); else the Rules button
    if (!modal(layer, false) && p?.teach.rules) document.getElementById("btn-rules")?.focus();
    return;
  }
  replace(layer, rulesPanel(players, onTable, s.view?.tally?.bonus_ranks));
  const close = document.getElementById("rules-close");
  modal(layer, true, close);
  if (p?.teach.rules && !layer.contains(document.activeElement)) close?.focus(); // redrawn while open
}
