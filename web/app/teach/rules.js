// The Rules panel: the rules of docs/rules.md in plain words, with small pictures drawn
// from real cards (card 3 and card 12 of the card set) by render/paint.js. Opened by the header's
// Rules button or the `?` key on every screen; Escape or Close shuts it. It is modal
// (modal.js): the page behind is inert, Tab stays inside, the focus returns to the opener.
//
// The example Painting's strokes were counted by the engine (destijl.scoring.find_strokes
// of card 3 at column 0, row 0 and card 12 at column 2, row 1); the pictures only draw them.

import { h, replace, s as svg, show } from "../dom.js";
import { cardSvg, faceCells, highlightLayer } from "../render/paint.js";
import { mountTeach } from "./render.js";
import { ordinal } from "../words.js";
import { modal } from "../modal.js";

const CARD_3 = ["RYY", "RKK", "RWK"];
const CARD_12 = ["RRB", "RRB", "WYK"];
/** Card 3 at (0, 0), then card 12 at (2, 1): it covers 2 cells. */
const EXAMPLE = [[0, 0, "R"], [1, 0, "Y"], [2, 0, "Y"], [0, 1, "R"], [1, 1, "K"], [2, 1, "R"], [3, 1, "R"],
  [4, 1, "B"], [0, 2, "R"], [1, 2, "W"], [2, 2, "R"], [3, 2, "R"], [4, 2, "B"], [2, 3, "W"], [3, 3, "Y"], [4, 3, "K"]];
/** The example's red strokes (the engine's count): two strokes, of 3 and 4 cells. */
const RED_STROKES = [[[0, 0], [0, 1], [0, 2]], [[2, 1], [2, 2], [3, 1], [3, 2]]];
/** The bonus table of docs/rules.md, by number of players (before a game gives the engine's). */
const BONUSES = { 2: [3], 3: [4, 2], 4: [5, 3, 1], 5: [5, 3, 1] };

function cells(list) {
  return list.map(([x, y, c]) => svg("rect", { x, y, width: 1, height: 1, class: `cell c-${c}` }));
}

function grid(list) {
  let d = "";
  for (const [x, y] of list) d += `M${x} ${y}h1v1h-1z`;
  return svg("path", { d, class: "rules-grid" });
}

/** A small picture: the first card, and the second laid at (x, y) with a frame. */
function placement(x, y, ok) {
  const first = faceCells(CARD_3, 0, 0);
  const firstCells = CARD_3.flatMap((row, r) => [...row].map((c, col) => [col, r, c]));
  const box = `${Math.min(0, x) - 0.3} ${Math.min(0, y) - 0.3} ${Math.max(3, x + 3) - Math.min(0, x) + 0.6} ${Math.max(3, y + 3) - Math.min(0, y) + 0.6}`;
  return svg("svg", { viewBox: box, class: "rules-pic", "aria-hidden": "true", focusable: "false" },
    first, grid(firstCells),
    svg("g", { class: ok ? "rules-new" : "rules-new rules-bad" }, faceCells(CARD_12, x, y),
      grid(CARD_12.flatMap((row, r) => [...row].map((c, col) => [x + col, y + r, c])))),
    svg("rect", { x, y, width: 3, height: 3, class: ok ? "rules-frame" : "rules-frame rules-frame-bad" }));
}

function strokesPicture() {
  const out = [cells(EXAMPLE), grid(EXAMPLE)];
  const strokes = RED_STROKES.map((list) => ({ color: "R", cells: list, size: list.length }));
  out.push(...highlightLayer({ painting: EXAMPLE, strokes }, "R"));
  return svg("svg", { viewBox: "-0.3 -0.3 5.6 4.6", class: "rules-pic", "aria-hidden": "true", focusable: "false" }, out);
}

function figure(picture, caption) {
  return h("figure", { class: "rules-fig" }, picture, h("figcaption", { text: caption }));
}

/** The bonus table for `players` (2 to 5): the engine's (`ranks` of a game), else the rules'. */
function bonusTable(players, ranks) {
  const points = ranks?.length ? ranks.map((r) => r.points) : BONUSES[players] || BONUSES[3];
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
        h("p", { text: "The card must cover 2, 3 or 4 cells that are already painted. It may hang over empty table. The covered cells take the new card's colours." }),
        h("div", { class: "rules-figs" },
          figure(placement(2, 1, true), "Legal: it covers 2 painted cells."),
          figure(placement(1, 0, false), "Not allowed: it covers 6 cells (2 to 4 only)."))),
      h("section", { class: "rules-sec" },
        h("h3", { text: "Strokes" }),
        h("p", { text: "A stroke is a group of cells of one colour joined side by side (corners do not join). Every stroke in your colour scores 1 point, however big." }),
        h("div", { class: "rules-figs" },
          figure(strokesPicture(), "Red has 2 strokes here, of 3 and 4 cells: 2 points."),
          figure(h("span", { class: "rules-cards" }, cardSvg(CARD_3), cardSvg(CARD_12)), "The two cards: card 3 and card 12."))),
      h("section", { class: "rules-sec" },
        h("h3", { text: "Bonuses for the largest strokes" }),
        h("p", { text: "At the end, the stroke sizes on the Painting are ranked, counting each size once: the largest size wins the first bonus, the next smaller size the second, and so on. Everyone owning a stroke of that size scores the bonus, once, even with several such strokes. Ties share it, and the next bonus still goes to the next smaller size." }),
        bonusTable(players, ranks),
        h("p", { text: "Colours nobody plays (white and black with 3 players, white with 4) still count for the ranking, but nobody scores them: if the largest stroke is one of those, that bonus is lost." })),
      h("section", { class: "rules-sec" },
        h("h3", { text: "Rounds and the end" }),
        h("p", { text: "Each round every player places one card, starting with the First Player and going round the table. Then new cards fill the Gallery and the First Player card passes on. The game ends when the Canvas deck is used up; one card is left over." }),
        h("p", { text: "Highest total wins. On a tie, the tied player with the single largest stroke wins; if that is tied too, they share the victory." }))),
    h("div", { class: "dialog-actions" },
      onTable ? h("button", { type: "button", class: "btn", "data-action": "tour-start", text: "Show me around" }) : null,
      h("button", { type: "button", class: "btn btn-primary", "data-action": "rules-close", text: "Got it" })));
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
