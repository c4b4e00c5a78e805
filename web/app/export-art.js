// The finished Painting as a picture to keep: a clean De Stijl composition (the cells with
// black lines between them, the title, the players with their scores, the date) as SVG,
// and as a PNG at print size (3000 px wide) drawn from that SVG on a canvas.

import { s } from "./dom.js";
import { PALETTE } from "./palette.js";

const CELL = 100; // SVG units per cell
const LINE = 12; // the black lines between cells
const MARGIN = 120;
const PNG_WIDTH = 3000;
const COLORS = PALETTE; // R, Y, B, K, W as style.css paints them (palette.js, written by the build)
const PAPER = PALETTE.paper;
const INK = PALETTE.ink;
const FONT = "Helvetica Neue, Helvetica, Arial, sans-serif";

/**
 * `text` with every character XML 1.0 cannot hold (controls other than tab and line
 * breaks, lone surrogates, U+FFFE, U+FFFF) replaced by U+FFFD, so the SVG stays
 * well-formed and the PNG drawn from it decodes, whatever a name holds.
 */
export function xmlText(text) {
  return String(text).replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "\uFFFD");
}

/** The composition of a finished `view` as an <svg> element (not in the page). */
export function artSvg(view, date = new Date()) {
  const [x0, y0, x1, y1] = view.bounds;
  const cols = x1 - x0 + 1;
  const rows = y1 - y0 + 1;
  const width = Math.max(cols * CELL + 2 * MARGIN, 1400);
  const left = (width - cols * CELL) / 2;
  const top = MARGIN + 150;
  const foot = top + rows * CELL + 90;
  const height = foot + 70 + view.seats.length * 58 + MARGIN / 2;
  const ink = []; // every cell's black square first, so the lines run under all the colours
  const colour = [];
  for (const [x, y, c] of view.painting) {
    const px = left + (x - x0) * CELL;
    const py = top + (y - y0) * CELL;
    ink.push(s("rect", { x: px - LINE / 2, y: py - LINE / 2, width: CELL + LINE, height: CELL + LINE, fill: INK }));
    colour.push(s("rect", { x: px + LINE / 2, y: py + LINE / 2, width: CELL - LINE, height: CELL - LINE,
      fill: COLORS[c] || INK, class: "cell", "data-cell": `${x},${y}`, "data-color": c }));
  }
  const cells = [...ink, ...colour];
  const result = view.result || view.tally;
  const players = view.seats.map((seat, i) => {
    const y = foot + 70 + i * 58;
    const won = view.result?.winners?.includes(i);
    return s("g", { class: "player" },
      seat.colors.map((c, k) => s("rect", { x: left + k * 40, y: y - 32, width: 32, height: 32, fill: COLORS[c], stroke: INK, "stroke-width": 4 })),
      s("text", { x: left + 100, y, "font-size": 34, "font-family": FONT, fill: INK, "font-weight": won ? 700 : 400,
        text: xmlText(`${seat.name} · ${result.seats[i].total} points${won ? " · winner" : ""}`) }));
  });
  const day = date.toISOString().slice(0, 10);
  const names = view.seats.map((seat) => seat.name).join(", ");
  return s("svg", { xmlns: "http://www.w3.org/2000/svg", width, height, viewBox: `0 0 ${width} ${height}`,
    "data-cells": view.painting.length },
  s("title", { text: xmlText(`De Stijl: a Painting by ${names}, ${day}`) }),
  s("rect", { x: 0, y: 0, width, height, fill: PAPER }),
  s("rect", { x: left, y: MARGIN, width: 90, height: 90, fill: COLORS.R }),
  s("rect", { x: left + 102, y: MARGIN, width: 40, height: 90, fill: COLORS.Y }),
  s("rect", { x: left + 154, y: MARGIN, width: 24, height: 90, fill: COLORS.B }),
  s("text", { x: left + 200, y: MARGIN + 72, "font-size": 80, "font-family": FONT, "font-weight": 700, fill: INK, text: "De Stijl" }),
  s("g", { class: "painting" }, cells),
  s("path", { d: `M${left} ${foot}H${width - left}`, stroke: INK, "stroke-width": 8 }),
  s("text", { x: width - left, y: foot + 50, "text-anchor": "end", "font-size": 30, "font-family": FONT, fill: INK,
    text: `${view.rounds} rounds · ${view.painting.length} cells · ${day}` }),
  players);
}

/** The composition as SVG text. */
export function artSvgText(view, date) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(artSvg(view, date))}\n`;
}

/** The composition as a PNG Blob, `PNG_WIDTH` pixels wide. */
export async function artPng(view, date) {
  const text = artSvgText(view, date);
  const el = artSvg(view, date);
  const w = Number(el.getAttribute("width"));
  const hgt = Number(el.getAttribute("height"));
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = PNG_WIDTH;
    canvas.height = Math.round((PNG_WIDTH * hgt) / w);
    const g = canvas.getContext("2d");
    g.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the canvas gave no PNG"))), "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Offer `blob` as a download named `name`. */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name for the Painting of `view`: destijl-painting-SEED.EXT. */
export function artName(view, ext) {
  return `destijl-painting-${view.record.seed ?? "game"}.${ext}`;
}
