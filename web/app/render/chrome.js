// The page around the game: the header's buttons and round, the engine's loader and its
// failure, the update banner, the toast, the live region, the look and the save-problem
// banner (the dialogs are render/dialogs.js, with the board).

import { attr, show, text } from "../dom.js";
import { shareParams } from "../params.js";
import { shownView, undoSeat } from "../queries.js";
import { modeOf, PAGE_CLASSES } from "../modes.js";
import { renderSaveProblem } from "./saves.js";
import { applyLook, lookOf } from "./settings.js";

const $ = (id) => document.getElementById(id);

/** "Take back your last card and the 2 cards placed after it (U)": what Undo does now. */
function undoTitle(v, seat) {
  const moves = v.record.moves;
  const after = moves.length - 1 - moves.map((m) => m.seat).lastIndexOf(seat);
  const more = after ? ` and the ${after === 1 ? "card" : `${after} cards`} placed after it` : "";
  const whose = v.seats[seat].name === "You" ? "your" : `${v.seats[seat].name}'s`;
  return `Take back ${whose} last card${more} (U)`;
}

/** Draw the parts around the table for state `s` (previous state `p`). */
export function drawChrome(s, p) {
  document.body.classList.toggle("screen-start", s.screen === "start");
  document.body.classList.toggle("screen-table", s.screen === "table");
  const mode = modeOf(s);
  document.body.classList.toggle("is-over", !!(s.view?.is_over && mode.showsEnd && s.screen === "table"));
  for (const cls of PAGE_CLASSES) document.body.classList.toggle(cls, mode.pageClass === cls); // "is-replay"
  for (const speed of ["slow", "normal", "fast"]) document.body.classList.toggle(`speed-${speed}`, s.speed === speed);
  // a new screen starts at its top (a phone's start screen may have been scrolled)
  if (p && p.screen !== s.screen) window.scrollTo(0, 0);
  show($("start"), s.screen === "start");
  show($("table"), s.screen === "table");

  const e = s.engine;
  if (document.documentElement.dataset.engine !== e.status) document.documentElement.dataset.engine = e.status;
  show($("loader"), e.status !== "ready");
  if (e.status === "loading") {
    const mb = (n) => (n / 1e6).toFixed(1);
    // the bytes the browser has unpacked: over a compressing server fewer go over the wire
    const size = e.total > 0 ? ` ${mb(Math.min(e.received, e.total))} of ${mb(e.total)} MB (uncompressed)` : "";
    text($("loader-text"), e.stage ? `Loading the game engine: ${e.stage}…${size}` : "Loading the game engine…");
    $("loader-bar").value = e.fraction || 0;
    show($("loader-bar"), true);
  } else if (e.status === "failed") {
    text($("loader-text"), `The game engine could not load: ${e.error}`);
    show($("loader-bar"), false);
  }
  show($("btn-retry"), e.status === "failed");
  $("loader").classList.toggle("failed", e.status === "failed");

  const v = s.view;
  const between = s.screen === "start" || !v || v.is_over;
  show($("update-banner"), s.updateReady && between);
  // <html data-update>: "none", or a new version "held" (mid-game) or "offered", for tests
  const update = !s.updateReady ? "none" : between ? "offered" : "held";
  if (document.documentElement.dataset.update !== update) document.documentElement.dataset.update = update;

  const full = $("open-full");
  if (full && (!p || p.view !== s.view)) {
    const seed = s.view?.record?.seed;
    attr(full, "href", seed === undefined || seed === null ? "./" : `./?${shareParams(s.view.record)}`);
  }

  const onTable = s.screen === "table";
  show($("btn-new"), onTable && !(v?.is_over && mode.showsEnd));
  show($("btn-undo"), onTable && !v?.is_over);
  const seat = undoSeat(v);
  const refused = mode.undoRefused; // a scored daily: one honest attempt (docs/daily.md)
  $("btn-undo").disabled = !onTable || !mode.takesMoves || (seat === null && !refused) || s.busy;
  attr($("btn-undo"), "aria-disabled", refused ? "true" : null);
  attr($("btn-undo"), "title", refused || (seat === null ? "Nothing to take back now" : undoTitle(v, seat)));

  const shown = shownView(s);
  if (onTable && shown) {
    text($("status"), mode.label(s) + (shown.is_over ? `Finished · ${shown.rounds} rounds`
      : `Round ${shown.round} of ${shown.rounds}`));
  } else text($("status"), "");

  show($("toast"), !!s.error);
  if (s.error) text($("toast-text"), s.error);
  show($("btn-bots-retry"), s.stalled);
  show($("btn-dismiss"), !s.stalled);
  if (!p || p.announcement !== s.announcement) text($("live"), s.announcement);
  if (!p || p.settings !== s.settings || p.themeOverride !== s.themeOverride) applyLook(lookOf(s));
  renderSaveProblem(s, p);
}
