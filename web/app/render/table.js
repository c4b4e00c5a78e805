// The table: the seats and their tallies, the turn banner, the Painting (cells, the latest
// placements, the legal spots, the held card's ghost, the explorer's cursor), the Gallery,
// the end screen's results, the replay bar, the file buttons and the teaching parts.

import { modeOf } from "../modes.js";
import { attr, h, replace, show, text } from "../dom.js";
import { humanTurn, shownView } from "../queries.js";
import { renderTeach } from "../teach/render.js";
import { colorsText, controllerLabel, faceText, isBot, loadedText } from "../words.js";
import { dailyBox } from "../daily/dialog.js";
import { drawReplayBar } from "../replay/render.js";
import { endExtras } from "./chart.js";
import { resultsPanel } from "./end.js";
import { ratingEnd } from "../rating/render.js";
import { drawExplorer } from "./explore.js";
import * as paint from "../paint.js";

const $ = (id) => document.getElementById(id);

/** The end screen's boxes of the modes that have one (a mode's `endBox`): what draws each, from which state fields. */
const END_BOXES = { daily: { draw: dailyBox, inputs: ["dailyResult", "daily"] } };

/**
 * Draw the table for state `s` (previous table state `p`, or null): each part only when
 * what it reads changed. `cameraTo(box, animate)` moves the Painting's view.
 */
export function drawTable(s, p, cameraTo) {
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
  if (viewChanged || !p || p.held !== s.held || p.rotation !== s.rotation || p.hover !== s.hover
    || p.busy !== s.busy || p.tapped !== s.tapped) {
    ghost(v, playable ? s.held : null, s.rotation, s.hover, armed(s));
  }
  if (viewChanged || !p || p.camera !== s.camera) {
    cameraTo(s.camera, !!p && !s.camera, { bounds: v.bounds, margin: v.is_over ? 1 : undefined });
  }
  const mode = modeOf(s);
  const over = v.is_over && mode.showsEnd;
  show($("gallery-panel"), !over);
  show($("results"), over);
  if (!over && (viewChanged || !p || p.held !== s.held || p.rotation !== s.rotation || p.busy !== s.busy)) {
    gallery(s, v, playable);
  } else if (!over && p.tapped !== s.tapped) hint(s, v, playable); // a tap armed the second tap
  if (over && (viewChanged || !p || p.highlight !== s.highlight || $("results").hidden
    || p.teach.history !== s.teach.history || p.teach.losses !== s.teach.losses || p.teach.hintsUsed !== s.teach.hintsUsed
    || modeOf(p) !== mode || p.shared !== s.shared
    || p.ratingLine !== s.ratingLine)) {
    const a = document.activeElement; // redrawn under the focus: it stays on the same control
    const had = $("results").contains(a) && a.dataset.action
      ? `[data-action="${a.dataset.action}"]${a.dataset.color ? `[data-color="${a.dataset.color}"]` : ""}` : null;
    replace($("results"), resultsPanel(v, s.highlight, { ...mode.ending(s), you: mode.you(s) }));
    $("results").querySelector(".end-actions")?.before(endExtras(s, v));
    const rated = ratingEnd(s, v);
    if (rated) $("results").querySelector(".level-result, .results-title")?.after(rated);
    if (had) $("results").querySelector(had)?.focus({ preventScroll: true });
  }
  endBox(s, p, over ? mode.endBox : null);
  drawReplayBar(s);
  files(s);
  renderTeach(s, p);
}

function seats(s, v) {
  const tally = v.tally?.seats || [];
  const root = $("seats");
  replace(root, v.seats.map((seat, i) => {
    const current = v.current_seat === i;
    const t = tally[i] || { strokes: 0, largest: 0, total: 0 };
    const thinking = s.thinking === i && modeOf(s).takesMoves;
    return h("div", { role: "listitem", class: `seat${current ? " current" : ""}`, "data-seat": i,
      "aria-current": current ? "true" : null,
      "aria-label": `${seat.name}, ${colorsText(seat.colors)}, ${controllerLabel(seat.controller)}: ${t.strokes} strokes, largest ${t.largest}, ${t.total} points${current ? ", playing now" : ""}${v.first_player === i ? ", first player" : ""}` },
    h("span", { class: "seat-swatches", "aria-hidden": "true" }, seat.colors.map((c) => h("span", { class: `swatch c-${c}`, "data-letter": c }))),
    h("span", { class: "seat-main", "aria-hidden": "true" },
      h("span", { class: "seat-name-line" },
        h("span", { class: "seat-title", text: seat.name }),
        // "starts", not "1st": it is who plays first this round, never a rank (none at the end)
        v.first_player === i && !v.is_over ? h("span", { class: "first-marker", title: "First player this round", text: "starts" }) : null),
      h("span", { class: "seat-sub", text: thinking ? "thinking…" : controllerLabel(seat.controller) })),
    h("span", { class: "seat-tally", "aria-hidden": "true" },
      h("span", { class: "tally-num", "data-tally": "strokes", text: t.strokes }), h("span", { class: "tally-lbl", text: t.strokes === 1 ? "stroke" : "strokes" }),
      h("span", { class: "tally-num", "data-tally": "largest", text: t.largest }), h("span", { class: "tally-lbl", text: "largest" }),
      h("span", { class: "tally-num", "data-tally": "total", text: t.total }), h("span", { class: "tally-lbl", text: t.total === 1 ? "point" : "points" })));
  }));
}

function turn(s, v) {
  const el = $("turn");
  const mode = modeOf(s);
  const own = mode.banner(s, v); // the mode's own words (the replay viewer's, a friend game's draw)
  const playing = own === null && !v.is_over && v.current_seat !== null;
  text(el, own ?? (v.is_over ? "The Painting is finished" : playing ? turnWords(s, v, mode) : "Waiting for the next cards"));
  const key = playing ? v.seats[v.current_seat].colors.join("") : "";
  if (el.dataset.colors !== key) el.dataset.colors = key;
  attr(el, "data-letter", key.slice(0, 1) || null);
}

/** The words for the turn of the seat to play, in the table's `mode`. */
function turnWords(s, v, mode) {
  const i = v.current_seat;
  const seat = v.seats[i];
  const mine = mode.mine(s, i);
  const who = mine ? "Your turn" : `${seat.name}'s turn`;
  if (isBot(seat.controller)) return s.thinking === i ? `${seat.name} is choosing a card…${loading(s)}` : `${seat.name}'s turn`;
  if (!mode.playsHere(s, i)) return `${seat.name}'s turn, on their device`;
  if (s.busy && s.opening?.move) return `${mine ? "Your" : `${seat.name}'s`} card is placed once the game engine has loaded${loading(s)}`;
  if (s.busy) return `${who}: placing…`;
  if (s.held !== null) return `${who}: place the card on a marked spot`;
  return `${who}: pick a card from the Gallery`;
}

/** " (loading: 9.9 of 11.7 MB)" while the game engine loads (an opening on the table), else "". */
function loading(s) {
  return s.engine.status === "loading" ? ` (loading: ${loadedText(s.engine)})` : "";
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

/** A tap showed the held card where it is now: a second tap there places it. */
function armed(s) {
  return !!(s.tapped && s.hover && s.tapped[0] === s.hover[0] && s.tapped[1] === s.hover[1]);
}

function ghost(v, held, rotation, spot, tapped) {
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
  replace($("layer-ghost"), paint.ghost(card.faces[rotation], x, y, legal, cover ? cover[2] : 0, tapped));
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
        // aria-hidden: read as the description only, not as the button's own text (its name
        // "Gallery card N" would not hold that text: axe's label-content-name-mismatch)
        h("span", { class: "sr-only gcard-desc", id: `gcard-desc-${g.card}`, "aria-hidden": "true" }));
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
  hint(s, v, playable);
}

/** The line under the Gallery: what to do next, in words for the pointer in use. */
function hint(s, v, playable) {
  const touch = window.matchMedia?.("(pointer: coarse)").matches;
  const turned = v.rotations.length < 2 ? "Rotation is off in this game." : `Turned ${s.rotation}°.`;
  let hint = "";
  if (!playable) hint = "";
  else if (s.held === null) hint = touch ? "Tap a card to pick it up." : "Pick a card. Keys 1–9 pick a card too.";
  else if (touch && armed(s)) hint = `${turned} Tap the card again to place it there, or tap Place.`;
  else if (touch) hint = `${turned} Tap the Painting to show the card there, then tap it again or tap Place.`;
  else hint = `${turned}${v.rotations.length < 2 ? "" : " R rotates."} Click a marked spot, or use the arrow keys and press Enter. Esc puts the card back.`;
  text($("hint"), hint);
}

/**
 * The mode's box above the end screen's results (`kind`: the mode's `endBox`, e.g. "daily":
 * par, share text, Share and Copy; null: none), as `#KIND-end`. Each kind is drawn by its
 * mode's view (END_BOXES) from the state, redrawn when `inputs` of it change.
 */
function endBox(s, p, kind) {
  for (const other of Object.keys(END_BOXES)) if (other !== kind) $(`${other}-end`)?.remove();
  if (!kind) return;
  const { draw, inputs } = END_BOXES[kind];
  let box = $(`${kind}-end`);
  if (box && p && inputs.every((key) => p[key] === s[key])) return;
  if (!box) {
    box = h("div", { id: `${kind}-end`, class: `panel ${kind}-end` });
    $("results").before(box);
  }
  const focused = box.contains(document.activeElement) ? document.activeElement.dataset.action : null;
  replace(box, draw(s));
  attr(box, "data-state", box.firstChild.dataset.state); // "pending", "ready" or "error", for tests
  if (focused) box.querySelector(`[data-action="${focused}"]`)?.focus();
}

function files(s) {
  const v = s.view;
  for (const btn of $("files").querySelectorAll("button")) {
    const a = btn.dataset.action;
    if (a === "replay-open") btn.disabled = !modeOf(s).takesMoves || !v || v.record.moves.length === 0;
    if (a === "share") btn.disabled = !v;
    if (a === "export") btn.disabled = !v;
  }
}
