// Watch one game of a Lab match move by move, drawn by the game's own Painting code
// (app/paint.js) from the engine's views of its record.

import { h, s } from "../dom.js";
import { colorName } from "../words.js";
import { cellRects, edgeMat, gridLines } from "../paint.js";

export class Watch {
  constructor({ engine, svg, caption, legend = null }) {
    this.engine = engine;
    this.svg = svg;
    this.caption = caption;
    this.legend = legend;
    this.record = null;
    this.ply = 0;
    this.plies = 0;
  }

  async open(record, names) {
    this.record = record;
    this.names = names;
    this.plies = record.moves.length;
    await this.show(0);
  }

  async step(to) {
    if (!this.record) return;
    const ply = to === "start" ? 0 : to === "end" ? this.plies : this.ply + Number(to);
    await this.show(Math.max(0, Math.min(this.plies, ply)));
  }

  async show(ply) {
    const view = await this.engine.call("view", { record: this.record, ply });
    this.ply = ply;
    const [x0, y0, x1, y1] = view.bounds;
    const side = Math.max(x1 - x0 + 1, y1 - y0 + 1) + 2;
    const left = x0 - (side - (x1 - x0 + 1)) / 2;
    const top = y0 - (side - (y1 - y0 + 1)) / 2;
    this.svg.setAttribute("viewBox", `${left} ${top} ${side} ${side}`);
    const last = view.last_move;
    this.svg.replaceChildren(
      s("rect", { class: "table-field", x: left, y: top, width: side, height: side }),
      edgeMat(view), ...cellRects(view), ...gridLines(view),
      ...(last ? [s("rect", { x: last.x, y: last.y, width: 3, height: 3, class: "lab-last" })] : []));
    this.svg.dataset.ply = String(ply);
    this.showLegend(view);
    const who = last ? `${view.seats[last.seat].name} placed card ${last.card}` : "The first card";
    const totals = view.tally.seats.map((line, i) => `${view.seats[i].name} ${line.total}`).join(", ");
    this.caption.textContent = `Move ${ply} of ${this.plies}. ${who}. ${totals}.`;
  }

  /** Who plays which colours: a swatch per colour and the seat's name. */
  showLegend(view) {
    if (!this.legend) return;
    this.legend.replaceChildren(...view.seats.map((seat) => h("li", { class: "lab-legend-seat" },
      ...[...seat.colors].map((letter) => h("span", { class: `lab-swatch c-${letter}`, "aria-hidden": "true" })),
      h("span", { text: `${seat.name}: ${[...seat.colors].map(colorName).join(" and ")}` }))));
  }
}
