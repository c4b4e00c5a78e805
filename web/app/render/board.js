// What is drawn only once a game is on the table, a dialog or the Rules panel is open, or
// a friend game is open: the table (seats, Painting, Gallery, teaching, the end screen),
// the opening's queued first move, the friend panel, the dialogs, the Rules panel and the
// guided tour, with the Painting's camera. The start screen does not need it, so it is a
// part loaded later (app/parts.js): render/renderer.js draws a state that needs it once it
// has loaded.

import { renderFriendPanel } from "../friends/render.js";
import { drawOpening } from "../opening/render.js";
import { renderRules } from "../teach/rules.js";
import { renderTour } from "../teach/tour.js";
import { createCamera } from "./camera.js";
import { drawDialog } from "./dialogs.js";
import { drawTable } from "./table.js";

/** The board's drawing: `draw(s, p)` for state `s`, `p` the state it drew last (or null). */
export function createBoard() {
  const cameraTo = createCamera();
  return function draw(s, p) {
    if (s.screen === "table") drawTable(s, p?.screen === "table" ? p : null, cameraTo);
    drawOpening(s, p);
    renderFriendPanel(s, p);
    drawDialog(s, p);
    renderRules(s, p);
    renderTour(s);
  };
}
