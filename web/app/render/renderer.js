// Render: reads the state and updates the page. Batched with requestAnimationFrame, and
// each part is redrawn only when the state it depends on changed (compared by identity).

import { attr, h, replace, show, text } from "../dom.js";
import * as paint from "./paint.js";
import { renderStart } from "./start.js";
import { confirmDialog, renderSaveProblem, renderSaves } from "./saves.js";
import { resultsPanel } from "./end.js";
import { endExtras } from "./chart.js";
import { renderRules } from "../teach/rules.js";
import { hintsSetting, renderTeach } from "../teach/render.js";
import { renderTour } from "../teach/tour.js";
import { createFocusFlow } from "./focus.js";
import { mountParts } from "./mount.js";
import { drawExplorer } from "./explore.js";
import { applyLook, lookOf, settingsPanel } from "./settings.js";
import { shareParams } from "../params.js";
import { renderFriendPanel, renderFriendSaves } from "../friends/render.js";
import { fitBox, humanTurn, phaseOf, shownView, toMove, undoSeat } from "../queries.js";
import { colorsText, controllerLabel, faceText, isBot } from "../words.js";

const $ = (id) => document.getElementById(id);

/** "Take back your last card and the 2 cards placed after it (U)": what Undo does now. */
function undoTitle(v, seat) {
  const moves = v.record.moves;
  const after = moves.length - 1 - moves.map((m) => m.seat).lastIndexOf(seat);
  const more = after ? ` and the ${after === 1 ? "card" : `${after} cards`} placed after it` : "";
  const whose = v.seats[seat].name === "You" ? "your" : `${v.seats[seat].name}'s`;
  return `Take back ${whose} last card${more} (U)`;
}

export function createRenderer() {
  let prev = null;
  let next = null;
  let frame = 0;
  const camera = { box: null, anim: 0 };
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
    chrome(s, p);
    if (s.screen === "start") {
      renderStart($("setup"), s, p?.screen === "start" ? p : null);
      renderSaves($("setup"), s, p?.screen === "start" ? p : null);
      renderFriendSaves($("setup"), s, p?.screen === "start" ? p : null);
    } else table(s, p?.screen === "table" ? p : null);
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

  // -- header, loader, banners, toast, live region, dialog -------------------------------
  function chrome(s, p) {
    document.body.classList.toggle("screen-start", s.screen === "start");
    document.body.classList.toggle("screen-table", s.screen === "table");
    document.body.classList.toggle("is-over", !!(s.view?.is_over && !s.replay && s.screen === "table"));
    document.body.classList.toggle("is-replay", !!s.replay);
    for (const speed of ["slow", "normal", "fast"]) document.body.classList.toggle(`speed-${speed}`, s.speed === speed);
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
    show($("btn-new"), onTable && !(v?.is_over && !s.replay));
    show($("btn-undo"), onTable && !v?.is_over);
    const seat = undoSeat(v);
    $("btn-undo").disabled = !onTable || s.replay !== null || seat === null || s.busy;
    attr($("btn-undo"), "title", seat === null ? "Nothing to take back now" : undoTitle(v, seat));

    const shown = shownView(s);
    if (onTable && shown) {
      text($("status"), shown.is_over ? `Finished · ${shown.rounds} rounds`
        : `Round ${shown.round} of ${shown.rounds}`);
    } else text($("status"), "");

    show($("toast"), !!s.error);
    if (s.error) text($("toast-text"), s.error);
    show($("btn-bots-retry"), s.stalled);
    show($("btn-dismiss"), !s.stalled);
    if (!p || p.announcement !== s.announcement) text($("live"), s.announcement);
    if (!p || p.settings !== s.settings || p.themeOverride !== s.themeOverride) applyLook(lookOf(s));
    if (!p || p.dialog !== s.dialog || (s.dialog?.kind === "settings" && (p.settings !== s.settings || p.teach.hints !== s.teach.hints))) dialog(s.dialog, s);
    renderSaveProblem(s, p);
  }

  function dialog(d, s) {
    const root = $("dialog");
    show(root, !!d);
    if (!d) return replace(root);
    if (d.kind === "settings") {
      const focused = document.activeElement?.dataset?.action;
      replace(root, settingsPanel(s, hintsSetting(s)));
      if (focused) root.querySelector(`[data-action="${focused}"]${focused === "setting-theme" ? ":checked" : ""}`)?.focus();
      return;
    }
    if (d.kind === "confirm") return replace(root, confirmDialog(d));
    if (d.kind === "share") {
      replace(root, h("div", { class: "dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "dlg-title" },
        h("h2", { id: "dlg-title", class: "dialog-title", text: "Share this game" }),
        h("p", { text: "The link sets up the same seats, bots, options and deal." }),
        h("input", { type: "text", readonly: true, class: "share-url", id: "share-url", value: d.url, "aria-label": "Share link" }),
        h("p", { class: "dialog-note", id: "share-note", text: d.note || "" }),
        h("div", { class: "dialog-actions" },
          h("button", { type: "button", class: "btn btn-primary", "data-action": "copy-link", text: "Copy link" }),
          h("button", { type: "button", class: "btn", "data-action": "close-dialog", text: "Close" }))));
      requestAnimationFrame(() => $("share-url")?.select());
    }
  }

  // -- the table ------------------------------------------------------------------------
  function table(s, p) {
    const v = shownView(s);
    if (!v) return;
    const pv = p ? shownView(p) : null;
    const viewChanged = v !== pv;
    if (viewChanged || p.thinking !== s.thinking || p.view !== s.view) seats(s, v);
    turn(s, v);
    if (viewChanged || p.highlight !== s.highlight) painting(v, s.highlight);
    if (viewChanged || p.fresh !== s.fresh) fresh(v, s.fresh);
    const playable = humanTurn(s) && !s.busy;
    if (viewChanged || !p || p.held !== s.held || p.rotation !== s.rotation || p.busy !== s.busy) {
      legalSpots(v, playable ? s.held : null, s.rotation, s.hover);
    }
    if (viewChanged || !p || p.cursor !== s.cursor) drawExplorer(v, s.cursor, !p || p.cursor !== s.cursor);
    if (viewChanged || !p || p.held !== s.held || p.rotation !== s.rotation || p.hover !== s.hover || p.busy !== s.busy) {
      ghost(v, playable ? s.held : null, s.rotation, s.hover);
    }
    if (viewChanged || !p || p.camera !== s.camera) cameraTo(s.camera || fitBox(v.bounds, v.is_over ? 1 : undefined), !!p && !s.camera);
    const over = v.is_over && !s.replay;
    show($("gallery-panel"), !over);
    show($("results"), over);
    if (!over && (viewChanged || !p || p.held !== s.held || p.rotation !== s.rotation || p.busy !== s.busy)) {
      gallery(s, v, playable);
    }
    if (over && (viewChanged || !p || p.highlight !== s.highlight || $("results").hidden
      || p.teach.history !== s.teach.history || p.teach.hintsUsed !== s.teach.hintsUsed)) {
      replace($("results"), resultsPanel(v, s.highlight));
      $("results").querySelector(".end-actions")?.before(endExtras(s, v));
    }
    replayBar(s);
    files(s);
    renderTeach(s, p);
  }

  function seats(s, v) {
    const tally = v.tally?.seats || [];
    const root = $("seats");
    replace(root, v.seats.map((seat, i) => {
      const current = v.current_seat === i;
      const t = tally[i] || { strokes: 0, largest: 0, total: 0 };
      const thinking = s.thinking === i && !s.replay;
      return h("div", { role: "listitem", class: `seat${current ? " current" : ""}`, "data-seat": i,
        "aria-current": current ? "true" : null,
        "aria-label": `${seat.name}, ${colorsText(seat.colors)}, ${controllerLabel(seat.controller)}: ${t.strokes} strokes, largest ${t.largest}, ${t.total} points${current ? ", playing now" : ""}${v.first_player === i ? ", first player" : ""}` },
      h("span", { class: "seat-swatches", "aria-hidden": "true" }, seat.colors.map((c) => h("span", { class: `swatch c-${c}`, "data-letter": c }))),
      h("span", { class: "seat-main", "aria-hidden": "true" },
        h("span", { class: "seat-name-line" },
          h("span", { class: "seat-title", text: seat.name }),
          v.first_player === i ? h("span", { class: "first-marker", title: "First player this round", text: "1st" }) : null),
        h("span", { class: "seat-sub", text: thinking ? "thinking…" : controllerLabel(seat.controller) })),
      h("span", { class: "seat-tally", "aria-hidden": "true" },
        h("span", { class: "tally-num", "data-tally": "strokes", text: t.strokes }), h("span", { class: "tally-lbl", text: t.strokes === 1 ? "stroke" : "strokes" }),
        h("span", { class: "tally-num", "data-tally": "largest", text: t.largest }), h("span", { class: "tally-lbl", text: "largest" }),
        h("span", { class: "tally-num", "data-tally": "total", text: t.total }), h("span", { class: "tally-lbl", text: t.total === 1 ? "point" : "points" })));
    }));
  }

  function turn(s, v) {
    const el = $("turn");
    let msg;
    let seatColors = [];
    if (s.replay) msg = `Replay · after move ${v.ply} of ${s.view.record.moves.length}`;
    else if (v.is_over) msg = "The Painting is finished";
    else if (v.current_seat === null) msg = "Waiting for the next cards: the draw needs a value from another device";
    else {
      const i = v.current_seat;
      const seat = v.seats[i];
      seatColors = seat.colors;
      const humans = v.seats.filter((x) => !isBot(x.controller)).length;
      const mine = s.friend ? s.friend.seat === i : humans === 1 && !isBot(seat.controller);
      const who = mine ? "Your turn" : `${seat.name}'s turn`;
      if (isBot(seat.controller)) msg = s.thinking === i ? `${seat.name} is choosing a card…` : `${seat.name}'s turn`;
      else if (s.friend && s.friend.seat !== i) msg = `${seat.name}'s turn, on their device`;
      else if (s.busy) msg = `${who}: placing…`;
      else if (s.held !== null) msg = `${who}: place the card on a marked spot`;
      else msg = `${who}: pick a card from the Gallery`;
    }
    text(el, msg);
    const key = seatColors.join("");
    if (el.dataset.colors !== key) el.dataset.colors = key;
    attr(el, "data-letter", key.slice(0, 1) || null);
  }

  function painting(v, highlight) {
    replace($("layer-cells"), paint.edgeMat(v), paint.cellRects(v), paint.paintingOverlay(v));
    replace($("layer-lines"), paint.gridLines(v));
    replace($("layer-highlight"), highlight ? paint.highlightLayer(v, highlight) : []);
    $("painting").classList.toggle("highlighting", !!highlight);
    text($("painting-desc"), paint.describePainting(v));
  }

  function fresh(v, move) {
    replace($("layer-fresh"), move ? paint.freshLayer(v, move) : []);
  }

  function legalSpots(v, held, rotation, current) {
    const positions = held === null ? [] : v.legal?.[held]?.[rotation] || [];
    replace($("layer-spots"), paint.spots(positions, v, current));
  }

  function ghost(v, held, rotation, spot) {
    const place = $("btn-place");
    if (place) {
      place.disabled = held === null || !spot
        || !(v.legal?.[held]?.[rotation] || []).some(([lx, ly]) => lx === spot[0] && ly === spot[1]);
      attr(place, "aria-label", place.disabled ? null : `Place the card here: column ${spot[0]}, row ${spot[1]}`);
    }
    const card = held === null ? null : v.gallery.find((g) => g.card === held);
    if (!card || !spot) return replace($("layer-ghost"));
    const [x, y] = spot;
    const legal = (v.legal?.[held]?.[rotation] || []).some(([lx, ly]) => lx === x && ly === y);
    const cover = (v.covers || []).find(([cx, cy]) => cx === x && cy === y);
    replace($("layer-ghost"), paint.ghost(card.faces[rotation], x, y, legal, cover ? cover[2] : 0));
  }

  function gallery(s, v, playable) {
    const root = $("gallery");
    const keep = new Map([...root.children].map((el) => [el.dataset.card, el]));
    const items = v.gallery.map((g, i) => {
      const key = String(g.card);
      const held = s.held === g.card;
      const rotation = held ? s.rotation : 0;
      let btn = keep.get(key);
      if (!btn) {
        btn = h("button", { type: "button", class: "gcard", "data-action": "pick", "data-card": g.card },
          h("span", { class: "gcard-face" }), h("span", { class: "gcard-num", "aria-hidden": "true" }),
          h("span", { class: "sr-only gcard-desc", id: `gcard-desc-${g.card}` }));
      }
      const face = g.faces[rotation];
      const faceKey = `${rotation}`;
      const faceEl = btn.querySelector(".gcard-face");
      if (faceEl.dataset.key !== faceKey) {
        faceEl.dataset.key = faceKey;
        replace(faceEl, paint.cardSvg(face));
      }
      text(btn.querySelector(".gcard-num"), i + 1);
      text(btn.querySelector(".gcard-desc"), `Card ${g.card}${rotation ? `, turned ${rotation}°` : ""}: ${faceText(face)}.`);
      attr(btn, "aria-label", `Gallery card ${i + 1}`);
      attr(btn, "aria-describedby", `gcard-desc-${g.card}`);
      attr(btn, "aria-pressed", held ? "true" : "false");
      attr(btn, "data-index", i + 1);
      btn.disabled = !playable;
      btn.classList.toggle("held", held);
      return btn;
    });
    const focused = document.activeElement;
    replace(root, items);
    if (focused && items.includes(focused) && document.activeElement !== focused) focused.focus();
    text($("deck"), `Canvas deck: ${v.deck_count}`);
    const rot = $("btn-rotate");
    rot.disabled = !playable || s.held === null || v.rotations.length < 2;
    attr(rot, "aria-describedby", "hint");
    const touch = window.matchMedia?.("(pointer: coarse)").matches;
    const turned = v.rotations.length < 2 ? "Rotation is off in this game." : `Turned ${s.rotation}°.`;
    let hint = "";
    if (!playable) hint = "";
    else if (s.held === null) hint = touch ? "Tap a card to pick it up." : "Pick a card. Keys 1–9 pick a card too.";
    else if (touch) hint = `${turned} Tap the Painting to show the card there, then tap it again or tap Place.`;
    else hint = `${turned}${v.rotations.length < 2 ? "" : " R rotates."} Click a marked spot, or use the arrow keys and press Enter. Esc puts the card back.`;
    text($("hint"), hint);
  }

  function replayBar(s) {
    show($("replay-bar"), !!s.replay);
    if (!s.replay) return;
    const total = s.view.record.moves.length;
    text($("replay-pos"), `Move ${s.replay.ply} of ${total}`);
    for (const btn of $("replay-bar").querySelectorAll("button")) {
      const back = btn.dataset.step === "-1" || btn.dataset.to === "start";
      const fwd = btn.dataset.step === "1" || btn.dataset.to === "end";
      btn.disabled = (back && s.replay.ply === 0) || (fwd && s.replay.ply === total);
    }
  }

  function files(s) {
    const v = s.view;
    for (const btn of $("files").querySelectorAll("button")) {
      const a = btn.dataset.action;
      if (a === "replay-open") btn.disabled = !!s.replay || !v || v.record.moves.length === 0;
      if (a === "share") btn.disabled = !v || v.record.seed === undefined || v.record.seed === null;
      if (a === "export") btn.disabled = !v;
    }
  }

  /** CSS px per cell of the Painting, as `--cell-px` on its SVG: style.css sizes the
   * colour-blind letters from it, so they stay legible at any zoom. */
  function cellSize() {
    const svg = $("painting-svg");
    const r = svg.getBoundingClientRect();
    const b = camera.box;
    if (!b || !r.width || !r.height) return;
    const px = Math.min(r.width / b.w, r.height / b.h).toFixed(2);
    if (svg.style.getPropertyValue("--cell-px") !== px) svg.style.setProperty("--cell-px", px);
  }
  new ResizeObserver(cellSize).observe($("painting-svg"));

  // -- the camera: tween the viewBox so the Painting grows smoothly ------------------------
  function cameraTo(box, animate) {
    const svg = $("painting-svg");
    const from = camera.box;
    cancelAnimationFrame(camera.anim);
    const set = (b) => {
      camera.box = b;
      svg.setAttribute("viewBox", `${b.x} ${b.y} ${b.w} ${b.h}`);
      cellSize();
    };
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    if (!from || !animate || reduce) return set(box);
    const start = performance.now();
    const step = (now) => {
      const t = Math.min(1, (now - start) / 260);
      const e = 1 - (1 - t) ** 3;
      set({ x: from.x + (box.x - from.x) * e, y: from.y + (box.y - from.y) * e,
        w: from.w + (box.w - from.w) * e, h: from.h + (box.h - from.h) * e });
      if (t < 1) camera.anim = requestAnimationFrame(step);
    };
    camera.anim = requestAnimationFrame(step);
  }

  return { schedule, flush: () => { if (frame) { cancelAnimationFrame(frame); flush(); } } };
}
