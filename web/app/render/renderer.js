// Render: reads the state and updates the page. Batched with requestAnimationFrame, and
// each part is redrawn only when the state it depends on changed (compared by identity):
// the page around the game (chrome.js), the start screen (start.js, saves.js) or the table
// (table.js), the Rules panel and the tour, then the state marks on #table, then the focus.

import { attr } from "../dom.js";
import { renderDailyCard } from "../daily/render.js";
import { renderFriendPanel, renderFriendSaves } from "../friends/render.js";
import { phaseOf, toMove } from "../queries.js";
import { renderRules } from "../teach/rules.js";
import { renderTour } from "../teach/tour.js";
import { drawOpening } from "../opening/render.js";
import { createCamera } from "./camera.js";
import { drawChrome } from "./chrome.js";
import { createFocusFlow } from "./focus.js";
import { mountParts } from "./mount.js";
import { renderSaves } from "./saves.js";
import { renderStart } from "./start.js";
import { drawTable } from "./table.js";

const $ = (id) => document.getElementById(id);

export function createRenderer() {
  let prev = null;
  let next = null;
  let frame = 0;
  const cameraTo = createCamera();
  const focusFlow = createFocusFlow();
  mountParts();

  function schedule(state) {
    next = state;
    if (!frame) frame = requestAnimationFrame(flush);
  }
  function flush() {
    frame = 0;
    const s = next;
    draw(s, prev);
    prev = s;
  }

  function draw(s, p) {
    drawChrome(s, p);
    if (s.screen === "start") {
      renderDailyCard($("daily-card"), s, p?.screen === "start" ? p : null);
      renderStart($("setup"), s, p?.screen === "start" ? p : null);
      renderSaves($("setup"), s, p?.screen === "start" ? p : null);
      renderFriendSaves($("setup"), s, p?.screen === "start" ? p : null);
    } else drawTable(s, p?.screen === "table" ? p : null, cameraTo);
    drawOpening(s, p);
    renderFriendPanel(s, p);
    renderRules(s, p);
    renderTour(s);
    mark(s);
    focusFlow(s, p); // last: after every part of the page is drawn
  }

  // -- the game's state on #table, for tests and assistive technology -----------------------
  // Set in the same frame as the redraw, so whoever reads them sees the page they describe.
  function mark(s) {
    const el = $("table");
    attr(el, "data-ply", s.view ? s.view.ply : null); // moves made in the game
    attr(el, "data-to-move", toMove(s)); // "human", "bot" or "none"
    attr(el, "data-phase", phaseOf(s)); // "start", "playing", "placing", "replay" or "over"
  }

  return { schedule, flush: () => { if (frame) { cancelAnimationFrame(frame); flush(); } } };
}
