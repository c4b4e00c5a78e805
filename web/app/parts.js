// The parts of the app that the start screen does not need, loaded apart from it (a bundle
// of their own in dist/, build_scripts/bundle.py): the board (the table, the dialogs, the
// Rules panel, the tour and the friend panel), the Painting's pictures, friend games and
// Today's Painting's games. They are all one import (app/later.js says why), fetched once
// the browser is idle after the first paint, or at once when something needs a part
// sooner. app.js hands them to the renderer and the controller (`parts`).

import { later } from "./lazy.js";

const all = later(() => import("./later.js"));
const part = (name) => later(() => all.load().then((parts) => parts[name]));

export const parts = {
  /** render/board.js: render/renderer.js draws with it. */
  board: part("board"),
  /** export-art.js: pictures of the finished Painting, files offered as downloads. */
  art: part("art"),
  /** friends/control.js: start, open, play, the link to send. */
  friends: part("friends"),
  /** daily/play.js: Today's Painting's games, dialog, par and files. */
  daily: part("daily"),
  /** Fetch them all once the browser is idle after the first paint (app.js, once). */
  loadWhenIdle: () => all.soon(),
};
