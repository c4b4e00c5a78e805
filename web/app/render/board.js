// What is drawn only once a game is on the table or the Rules panel is open: the table
// (seats, Painting, Gallery, teaching, the end screen), the opening's queued first move,
// the Rules panel and the guided tour, with the Painting's camera. The start screen does
// not need it, so it is a part of its own (app/lazy.js): render/renderer.js draws a state
// that needs it once it has loaded.

import { drawOpening } from "../opening/render.js";
import { renderRules } from "../teach/rules.js";
import { renderTour } from "../teach/tour.js";
import { createCamera } from "./camera.js";
import { drawTable } from "./table.js";

/** The board's drawing: `draw(s, p)` for state `s`, `p` the state it drew last (or null). */
export function createBoard() {
  const cameraTo = createCamera();
  return function draw(s, p) {
    if (s.screen === "table") drawTable(s, p?.screen === "table" ? p : null, cameraTo);
    drawOpening(s, p);
    renderRules(s, p);
    renderTour(s);
  };
}
