// Render: reads the state and updates the page. Batched with requestAnimationFrame, and
// each part is redrawn only when the state it depends on changed (compared by identity):
// the page around the game (chrome.js), the start screen (start.js, saves.js) and the
// board (board.js: the table, the dialogs, the Rules panel, the tour and the friend
// panel), then the state marks on #table, then the focus. The board is a part loaded later
// (app/parts.js), fetched once the browser is idle after the first paint: a state that
// needs it before it is there is drawn, whole, as soon as it is.

import { attr } from "../dom.js";
import { renderDailyCard } from "../daily/render.js";
import { renderInvite } from "../friends/invite.js";
import { renderFriendSaves } from "../friends/saves.js";
import { modeOf } from "../modes.js";
import { phaseOf, toMove } from "../queries.js";
import { drawChrome } from "./chrome.js";
import { createFocusFlow } from "./focus.js";
import { mountParts } from "./mount.js";
import { renderSaves } from "./saves.js";
import { renderStart } from "./start.js";

const $ = (id) => document.getElementById(id);

/** Does state `s` show anything the board draws? (Once loaded, the board draws every
 * state: what it showed goes when the state no longer has it.) */
const needsBoard = (s) => s.screen === "table" || !!s.dialog || !!s.teach.rules || modeOf(s).boardAlways;

/** The renderer; `board` is the board's part (app/parts.js), loaded later. */
export function createRenderer(board) {
  let prev = null;
  let next = null;
  let frame = 0;
  let drawBoard = null; // board.js's drawing, once loaded
  let boardPrev = null; // the state the board drew last
  let boardFailed = false; // its load failed: draw the rest (the toast says why)
  const focusFlow = createFocusFlow();
  mountParts();

  function schedule(state) {
    next = state;
    if (!frame) frame = requestAnimationFrame(flush);
  }
  function flush() {
    frame = 0;
    const s = next;
    if (!drawBoard && board.get()) drawBoard = board.get().createBoard();
    if (!drawBoard && !boardFailed && needsBoard(s)) {
      // nothing of this state is drawn until the board can be too: never half a table
      board.load().then(() => schedule(next), (error) => {
        boardFailed = true;
        schedule(next);
        throw new Error(`the table could not load (${error.message}). Check the connection and reload the page.`);
      });
      return;
    }
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
    }
    renderInvite($("invite"), s, p);
    if (drawBoard) {
      drawBoard(s, boardPrev);
      boardPrev = s;
    }
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
