// The puzzle mode's screens (docs/puzzles.md), drawn from the engine's views and answers.
// Builds DOM only; puzzles/app.js wires it. Attributes `data-pz` name the actions, so the
// game's own input handlers (data-action) never see them.

import { h, s } from "../dom.js";
import { cardSvg, cellRects, describePainting, gridLines, spots } from "../paint.js";
import { spotText } from "../words.js";
import { PUZZLE } from "./mode.js";

const pct = (win) => `${Math.round(win * 100)}%`;

/** The Painting of `view` as an SVG, with a spot per position of `positions`. */
export function painting(view, positions = [], label = "The Painting", placed = null) {
  const [x0, y0, x1, y1] = view.bounds;
  const pad = positions.length ? 1.5 : 0.5; // a spot sits at its card's centre, at most 0.5 outside
  const box = [x0 - pad, y0 - pad, x1 - x0 + 1 + 2 * pad, y1 - y0 + 1 + 2 * pad].join(" ");
  const marks = spots(positions, view).map((spot) => {
    spot.removeAttribute("data-action");
    spot.setAttribute("data-pz", "place");
    return spot;
  });
  return s("svg", { viewBox: box, class: "pz-painting", role: "group", "aria-label": `${label}: ${describePainting(view)}` },
    s("g", { "aria-hidden": "true" }, cellRects(view), gridLines(view),
      placed ? s("rect", { x: placed.x, y: placed.y, width: 3, height: 3, class: "pz-placed" }) : null), marks);
}

/** The Gallery: one button per card, the held one pressed and shown turned. */
export function gallery(view, held) {
  return h("div", { class: "pz-gallery", role: "group", "aria-label": "Gallery" },
    view.gallery.map(({ card, faces }) => {
      const pressed = held?.card === card;
      const rotation = pressed ? held.rotation : 0;
      return h("button", { type: "button", class: "pz-card", "data-pz": "hold", "data-card": card,
        "aria-pressed": pressed ? "true" : "false", "aria-label": `Gallery card ${card}${pressed && rotation ? `, turned ${rotation}°` : ""}` },
      cardSvg(faces[String(rotation)]));
    }));
}

/** Every seat's points now: "Scores now: Hard 1 12, Hard 2 15 (you), Expert 3 11." */
export function scoresLine(view, seat) {
  const seats = view.tally?.seats || [];
  const each = view.seats.map((who, i) => `${who.name} ${seats[i]?.total ?? 0}${i === seat ? " (you)" : ""}`);
  return `Scores now: ${each.join(", ")}.`;
}

/** Whose seat the player plays, in words. */
export function seatLine(view, seat) {
  return PUZZLE.banner({ puzzle: { seat }, view });
}

function choice(label, pz, extra = {}) {
  return h("button", { type: "button", class: "btn", "data-pz": pz, ...extra }, label);
}

/** The menu: the day's puzzle, a streak, the next puzzle by theme, the rating and history. */
export function menu({ kept, themes, theme, size, streak }) {
  const history = kept.history.slice(-8).reverse();
  return h("div", { class: "pz-menu" },
    h("p", { class: "pz-rating", id: "pz-rating" },
      `Your puzzle rating: ${Math.round(kept.rating)} ± ${Math.round(2 * kept.rd)}`),
    h("div", { class: "pz-actions" },
      choice("Puzzle of the day", "day", { class: "btn btn-primary" }),
      choice("Streak", "streak"),
      choice("Next puzzle", "next")),
    h("label", { class: "pz-theme" }, "Theme ",
      h("select", { "data-pz": "theme", "aria-label": "Filter by theme" },
        h("option", { value: "", selected: !theme }, "Every theme"),
        themes.map((t) => h("option", { value: t, selected: t === theme }, t)))),
    streak ? h("p", {}, `Best streak: ${streak}.`) : null,
    h("p", { class: "pz-size" }, `${size} puzzles, made from the bots' games.`),
    history.length ? h("section", { "aria-labelledby": "pz-history-title" },
      h("h3", { id: "pz-history-title" }, "Your history"),
      h("ol", { class: "pz-history" }, history.map((e) =>
        h("li", {}, `${e.solved ? "Solved" : "Missed"} ${e.id}: ${e.before} → ${e.after}`)))) : null);
}

/** One placement's figures: "card 17 at column 3, row -1, turned 90°: 12 points, win chance 60%". */
export function figures(fig) {
  const { card, x, y, rotation } = fig.move;
  const turned = rotation ? `, turned ${rotation}°` : "";
  return `card ${card} at ${spotText(x, y)}${turned}: ${fig.points} points, win chance ${pct(fig.win)}`;
}

/** The verdict: right or wrong, the best beside yours with their figures, the boards. */
export function verdict({ answer, yoursView, bestView, change, looked, themes = [] }) {
  const said = answer.correct ? "Right: that is the best placement." : "Not the best placement.";
  const both = answer.correct ? [["Your placement", answer.yours, yoursView]]
    : [["Your placement", answer.yours, yoursView], ["The best placement", answer.best, bestView]];
  return h("section", { class: `pz-verdict ${answer.correct ? "pz-right" : "pz-wrong"}`, "aria-labelledby": "pz-said" },
    h("h3", { id: "pz-said", "data-correct": answer.correct ? "yes" : "no" }, looked ? `${said} (You looked at the solution: a miss.)` : said),
    h("div", { class: "pz-side" }, both.map(([title, fig, view]) =>
      h("figure", { class: "pz-board" }, painting(view, [], title, fig.move),
        h("figcaption", {}, h("strong", {}, `${title}: `), figures(fig))))),
    themes.length ? h("p", { class: "pz-themes" }, `Themes: ${themes.join(", ")}.`) : null,
    change ? h("p", { class: "pz-change", id: "pz-change" }, change) : null,
    h("div", { class: "pz-actions" }, choice("Next puzzle", "next", { class: "btn btn-primary" }),
      answer.correct ? null : choice("Try again", "retry")));
}

/** The puzzle screen: what it is, whose seat, the Painting with the held card's spots. */
export function puzzleScreen({ puzzle, view, held, title, note }) {
  const positions = held ? view.legal[String(held.card)]?.[String(held.rotation)] || [] : [];
  return h("div", { class: "pz-puzzle", "data-puzzle": puzzle.id },
    h("p", { class: "pz-title" }, h("strong", {}, title), ` · rated ${puzzle.rating}`),
    h("p", { class: "pz-seat", id: "pz-seat" }, seatLine(view, puzzle.seat)),
    h("p", { class: "pz-scores" }, scoresLine(view, puzzle.seat)),
    h("p", { class: "pz-note" }, note),
    painting(view, positions),
    gallery(view, held),
    h("div", { class: "pz-actions" },
      held && view.rotations.length > 1 ? choice("Turn", "turn") : null,
      choice("Show solution", "solution")));
}
