// Pure transitions: fn(state, ...) -> new state. No DOM, no engine, no rule.
// Unchanged parts keep their identity so render/renderer.js can skip them.

import { SLICES } from "./modes.js";
import { capNotices } from "./quote.js";
import { defaultColors, defaultSeat } from "./state.js";
import { defaultName, friendAllows, isBot, isDefaultName, pickedBot } from "./words.js";

const MIN_W = 5; // narrowest zoom, in cells
const MAX_W = 120; // widest zoom, in cells

// -- engine loading -------------------------------------------------------------------
/** Loading: `received` of `total` bytes downloaded so far (0 of 0 when unknown). */
export function engineProgress(s, stage, fraction, received = 0, total = 0) {
  return { ...s, engine: { status: "loading", stage, fraction, received, total, error: null } };
}
export function engineReady(s) {
  return { ...s, engine: { status: "ready", stage: "", fraction: 1, error: null } };
}
export function engineFailed(s, message) {
  return { ...s, engine: { status: "failed", stage: "", fraction: 0, error: message } };
}

// -- start screen ---------------------------------------------------------------------
export function setPlayers(s, players) {
  const seats = [];
  const colors = defaultColors(players);
  for (let i = 0; i < players; i++) {
    const old = s.setup.seats[i] || defaultSeat(i, players);
    seats.push({ ...old, colors: colors[i] });
  }
  const first = Math.min(s.setup.first, players - 1);
  return { ...s, setup: { ...s.setup, seats, first } };
}
export function setSeat(s, index, field, value) {
  const seats = s.setup.seats.map((seat, i) => (i === index ? { ...seat, [field]: value } : seat));
  return { ...s, setup: { ...s.setup, seats } };
}
/**
 * Change who plays a seat; a made-up name follows (a bot gets a painter's name). `value` is a
 * controller, or "bot:mine:NAME" (words.js myBotPick): the saved bot NAME, whose name the seat takes.
 */
export function setSeatController(s, index, value) {
  const bot = pickedBot(value); // "My bot: NAME": the seat takes the saved bot's name, which picks it
  const seats = s.setup.seats.map((seat, i) => {
    if (i !== index) return seat;
    const { picked, ...rest } = seat;
    if (bot !== null) return { ...rest, controller: "bot:mine", name: bot, picked: bot };
    // the name a picked bot brought goes with it (a made-up name follows below)
    return { ...rest, controller: value, name: picked === seat.name ? `Seat ${i + 1}` : seat.name };
  });
  const renamed = friendBotsOnly(seats).map((seat, i, all) => (isDefaultName(seat.name)
    ? { ...seat, name: defaultName(i, seat.controller, all.slice(0, i)) } : seat));
  return { ...s, setup: { ...s.setup, seats: renamed } };
}
/** "Play a friend" (and `/?friend`): two seats, this device and a Friend; the name is asked at Start. */
export function playFriend(s) {
  const seats = [0, 1].map((i) => defaultSeat(i, 2));
  return { ...s, setup: { ...s.setup, seats: [seats[0], { ...seats[1], controller: "friend", name: defaultName(1, "friend", []) }], first: 0, seed: "" } };
}
/** With a Friend seat, a bot a friend game cannot seat becomes a medium bot (words.js FRIEND_BOTS_WHY). */
export function friendBotsOnly(seats) {
  if (!seats.some((seat) => seat.controller === "friend")) return seats;
  return seats.map((seat, i) => {
    if (friendAllows(seat.controller)) return seat;
    const { picked, ...rest } = seat;
    return { ...rest, controller: "bot:medium", name: picked === seat.name ? `Seat ${i + 1}` : seat.name };
  });
}
export function setSeatColor(s, index, slot, letter) {
  const colors = [...s.setup.seats[index].colors];
  colors[slot] = letter;
  return setSeat(s, index, "colors", colors);
}
export function setOption(s, name, value) {
  return { ...s, setup: { ...s.setup, [name]: value } };
}
export function setSetup(s, setup) {
  return { ...s, setup };
}
export function setSpeed(s, speed) {
  return { ...s, speed };
}
export function setNotices(s, notices) {
  return { ...s, notices: capNotices(notices) };
}
export function setRestoring(s, restoring) {
  return { ...s, restoring };
}
export function toStart(s) {
  return { ...s, screen: "start", replay: null, held: null, hover: null, thinking: null,
    busy: false, error: null, stalled: false, highlight: null, fresh: null, dialog: null };
}

// -- the game -------------------------------------------------------------------------
/** A new or restored game: the table shows `view` from scratch. */
export function gameLoaded(s, view, announcement = "") {
  return { ...s, screen: "table", view, replay: null, held: null, rotation: 0, hover: null, tapped: null,
    camera: null, thinking: null, busy: false, error: null, stalled: false, highlight: null,
    fresh: null, announcement, notices: [], dialog: null, friend: null, opening: null };
}
/** The engine answered a move or an undo with `view`. */
export function viewChanged(s, view, { fresh = null, announcement = s.announcement } = {}) {
  const heldStays = s.held !== null && view.gallery.some((g) => g.card === s.held)
    && view.current_seat === s.view?.current_seat;
  // a zoom is for one turn: a person's next turn starts with the whole Painting in view
  const seat = view.current_seat === null ? null : view.seats[view.current_seat];
  const refit = view.ply !== s.view?.ply && (view.is_over || (seat && !isBot(seat.controller)));
  return { ...s, view, fresh, announcement, busy: false, error: null, stalled: false, thinking: null,
    held: heldStays ? s.held : null, hover: heldStays ? s.hover : null, tapped: null,
    rotation: view.rotations.includes(s.rotation) ? s.rotation : 0, camera: refit ? null : s.camera };
}
export function pick(s, card) {
  if (s.held === card) return { ...s, held: null, hover: null, tapped: null, error: null };
  return { ...s, held: card, tapped: null, error: null };
}
export function rotate(s, step = 1) {
  const rotations = s.view?.rotations || [0];
  const at = rotations.indexOf(s.rotation);
  const next = rotations[(at + step + rotations.length) % rotations.length];
  return next === s.rotation ? s : { ...s, rotation: next, tapped: null };
}
/** A tap showed the held card on `spot` (a second tap there places it). */
export function tapShow(s, spot) {
  return { ...s, hover: spot, tapped: spot };
}
export function hover(s, spot) {
  if (spot === null) return s.hover === null ? s : { ...s, hover: null };
  if (s.hover && s.hover[0] === spot[0] && s.hover[1] === spot[1]) return s;
  return { ...s, hover: spot };
}
export function thinking(s, seat) {
  return { ...s, thinking: seat };
}
export function busy(s, flag = true) {
  return { ...s, busy: flag };
}
export function refused(s, message, stalled = false) {
  return { ...s, error: message, busy: false, stalled, thinking: stalled ? null : s.thinking };
}
export function dismissError(s) {
  return s.error === null && !s.stalled ? s : { ...s, error: null, stalled: false };
}
export function announce(s, announcement) {
  return { ...s, announcement };
}
export function toggleHighlight(s, color) {
  return { ...s, highlight: s.highlight === color ? null : color };
}

// -- replay viewer ----------------------------------------------------------------------
export function replayAt(s, view) {
  return { ...s, replay: view, held: null, hover: null, highlight: null, fresh: null, dialog: null,
    thinking: null };
}
export function closeReplay(s) {
  return { ...s, replay: null, fresh: null };
}

// -- dialogs and the service worker -------------------------------------------------------
export function openDialog(s, dialog) {
  return { ...s, dialog };
}
export function closeDialog(s) {
  return s.dialog === null ? s : { ...s, dialog: null };
}
export function updateReady(s, ready = true) {
  return { ...s, updateReady: ready };
}

// -- the Painting's camera ----------------------------------------------------------------
export function fit(s) {
  return s.camera === null ? s : { ...s, camera: null };
}
/** Move the camera `from` (the viewBox on screen) by (dx, dy) cells. */
export function panBy(s, from, dx, dy) {
  return { ...s, camera: { ...from, x: from.x - dx, y: from.y - dy } };
}
/** Zoom the camera `from` by `factor` (> 1 zooms out) keeping cell (cx, cy) in place. */
export function zoomAt(s, from, factor, cx, cy) {
  const w = Math.min(MAX_W, Math.max(MIN_W, from.w * factor));
  const k = w / from.w;
  return { ...s, camera: { x: cx - (cx - from.x) * k, y: cy - (cy - from.y) * k, w, h: from.h * k } };
}

// -- saved games (control/saves.js) --------------------------------------------------------
/** The saved-games list: games to resume, saves that cannot be opened, finished games tidied away. */
/** The Bot Lab's saved bots changed (or were read first): the same list keeps its identity. */
export function setSavedBots(s, names) {
  return names.join("\n") === s.savedBots.join("\n") ? s : { ...s, savedBots: names };
}

export function setSaves(s, saves, brokenSaves = s.brokenSaves, savesNote = s.savesNote) {
  return { ...s, saves, brokenSaves, savesNote };
}
export function setGameId(s, gameId) {
  return s.gameId === gameId ? s : { ...s, gameId };
}
export function setSaveProblem(s, saveProblem) {
  return s.saveProblem === saveProblem ? s : { ...s, saveProblem };
}

// -- settings and the Painting explorer (render/settings.js, render/explore.js) ------------
export function setSettings(s, changes) {
  return { ...s, settings: { ...s.settings, ...changes } };
}
export function setThemeOverride(s, theme) {
  return s.themeOverride === theme ? s : { ...s, themeOverride: theme };
}
/** Put the explorer's cursor on cell (x, y) (null hides it). */
export function setCursor(s, cell) {
  if (cell === null) return s.cursor === null ? s : { ...s, cursor: null };
  if (s.cursor && s.cursor[0] === cell[0] && s.cursor[1] === cell[1]) return s;
  return { ...s, cursor: cell };
}
/** Two fingers: zoom `from` by `factor` about cell (cx, cy), then pan by (dx, dy) cells at `from`'s scale. */
export function pinchBy(s, from, factor, cx, cy, dx, dy) {
  const zoomed = zoomAt(s, from, factor, cx, cy);
  const k = zoomed.camera.w / from.w;
  return panBy(zoomed, zoomed.camera, dx * k, dy * k);
}

/** Another game takes the table, come to this device as `origin` (mode.js ORIGINS, e.g.
 * "link"): the modes' own fields (modes.js SLICES) and the link it came from are forgotten. */
export function gameReplaced(s, origin) {
  return { ...s, ...Object.fromEntries(SLICES.map((key) => [key, null])), shared: null, origin };
}

/** The modes' own fields read back from the table's save (modes.js `keptFields`). */
export function restoreKept(s, fields) {
  return { ...s, ...fields };
}

// -- game links and Today's Painting (control/links.js, daily/) -------------------------------
/** The game on the table came from a link: {kind: "replay"|"daily", number, day}; null: it did not. */
export function setShared(s, shared) {
  return s.shared === shared ? s : { ...s, shared };
}
/** The game on the table is a Today's Painting: {date, number, practice}, or null. */
export function setDaily(s, daily) {
  return { ...s, daily, dailyResult: null };
}
/** The table's daily result: {pending: true}, {error}, or the engine's result with `share` text. */
export function setDailyResult(s, dailyResult) {
  return { ...s, dailyResult };
}
/** Today's date and puzzle number for the start screen: {date, number}. */
export function setToday(s, today) {
  return s.today?.date === today.date && s.today?.number === today.number ? s : { ...s, today };
}
/** The Today's Painting results kept on the device changed (daily/store.js `readDays`). */
export function setDailyDays(s, dailyDays) {
  return { ...s, dailyDays };
}
