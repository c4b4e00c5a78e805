// Games: starting one (Start game, Rematch), resuming a saved one, the human's placements, and Undo.

import { trimName } from "../names.js";
import { humanTurn, undoSeat } from "../queries.js";
import { loadGame } from "../saved-games.js";
import { loadPrefs, writePrefs } from "../prefs.js";
import * as T from "../transitions.js";
import { modeOf } from "../modes.js";
import { lost, reason, turnText } from "./narration.js";

function seedValue(text) {
  const t = String(text || "").trim();
  if (!t) return undefined;
  return /^-?\d+$/.test(t) ? Number(t) : t; // anything else: the engine explains
}

/**
 * @param deps `engine`, the store's `get`/`up`, `table` (the generation), `saves` (the
 *   table's save and the yes before it is replaced), `moves`, `bots`, `opening` (a first
 *   move before the engine loads), `friends` (friend games), `rating`, and `modeParts`
 *   (control/mode-parts.js: the part of a restored game's mode `endedBy`, told if it is over).
 */
export function createGames(deps) {
  const { get, up, saves, opening, friends } = deps;
  const newGame = (args, remember) => dealNew(deps, args, remember);

  /** Start game: a new game from the start screen's form (after a yes if one is in progress). */
  function start({ confirmed = false } = {}) {
    if (!confirmed) {
      return saves.confirmReplace({ title: "Start a new game?", yesLabel: "Start a new game",
        yes: { type: "start", confirmed: true } }, () => start({ confirmed: true }));
    }
    up(T.closeDialog);
    const { setup, savedBots } = get();
    // "My bot" with no bot saved would stall at its first turn: refuse before the deal
    if (!savedBots.length && setup.seats.some((seat) => seat.controller === "bot:mine")) {
      return void up(T.refused, "No bot is saved yet: write one in the Bot Lab (lab.html), press Save, then choose it for a seat.");
    }
    if (setup.seats.some((seat) => seat.controller === "friend")) return friends.start(setup);
    const { args, remember } = gameArgs(setup);
    // no seed while the engine loads: a build-time opening, playable at once (opening/)
    if (opening.fits(args)) return opening.start(args, remember, () => newGame(args, remember));
    return newGame(args, remember);
  }

  /** Rematch: the same seats and options, a new deal (a friend game's: friends/control.js). */
  function rematch() {
    const r = get().view.record;
    return newGame({ players: r.options.players, rotations: r.options.rotations,
      first_player: r.first_player, seats: r.seats.map(({ name, colors, controller }) => ({ name, colors, controller })) });
  }

  const place = (x, y) => placeHeld(deps, x, y);

  /**
   * A tap on the Painting: with `confirm`, the first tap shows the card there with its score
   * (the score note) and only a second tap on the same spot (or Place) places it. A spot that
   * got the focus or the pointer first is not a tap: it still needs both.
   */
  function placeAt(x, y, confirm) {
    const s = get();
    if (!humanTurn(s) || s.held === null) return;
    if (confirm && !(s.tapped && s.tapped[0] === x && s.tapped[1] === y)) {
      up(T.tapShow, [x, y]);
      return;
    }
    place(x, y);
  }

  /** Back to the game on the table (from the start screen): its bots carry on. */
  function resume() {
    up((st) => ({ ...st, screen: "table", error: null }));
    up(T.announce, turnText(get().view, modeOf(get()).you(get())));
    deps.bots.run();
  }

  return { start, rematch, place, placeAt, resume, undo: () => undo(deps),
    restore: (saved, show) => restore(deps, saved, show), resumeSaved: (id) => resumeSaved(deps, id) };
}

/** Put a saved game ({id, save} or {id, error}) back on the table (on show if `show`): true if it is. */
async function restore({ get, saves, bots, modeParts }, saved, show) {
  const ok = await saves.restore(saved, show);
  if (ok && show) {
    bots.run();
    const endedBy = modeOf(get()).endedBy;
    if (endedBy) modeParts.of(endedBy).ended(); // e.g. a daily over before its par was worked out
  }
  return ok;
}

/** Resume a game of the saved-games list (the one on the table stays saved too). */
async function resumeSaved(deps, id) {
  const saved = loadGame(id);
  if (!saved) {
    deps.saves.refreshList();
    return deps.up(T.refused, "That saved game is gone (another tab may have removed it).");
  }
  return restore(deps, saved, true);
}

/** The engine's new_game arguments of the start screen's `setup`, and what is remembered of it. */
function gameArgs(setup) {
  const args = {
    players: setup.seats.length,
    rotations: setup.rotations,
    first_player: setup.first,
    seats: setup.seats.map(({ name, colors, controller }) => ({ name: trimName(name), colors, controller })),
  };
  const seed = seedValue(setup.seed);
  if (seed !== undefined) args.seed = seed;
  return { args, remember: { seats: args.seats, rotations: setup.rotations, first: setup.first } };
}

/** A new game from the engine (the old one's work cancelled first), saved and started. */
async function dealNew({ engine, get, up, table, saves, bots }, args, remember) {
  if (get().busy) return;
  up(T.busy, true);
  up(T.dismissError);
  const ok = get().engine.status === "ready" || await engine.ready.then(() => true, () => false);
  if (!ok) return up(T.refused, "The game engine is not loaded. Press Retry at the top of the page.");
  try {
    const view = await engine.call("new_game", args);
    table.replaced("normal"); // dealt here
    up(T.gameLoaded, view, `New game: ${view.seats.length} players, ${view.rounds} rounds. ${turnText(view)}`);
    saves.save(view, { fresh: true });
    saves.refreshList();
    if (remember) writePrefs({ ...loadPrefs(), setup: remember });
    bots.run();
  } catch (error) {
    up(T.refused, `The game could not start: ${reason(error)}`); // an engine loss too: the player presses Start again
  }
}

/** Undo: the seat the engine allows takes back its last card (never in a scored daily). */
async function undo({ engine, get, up, table, rating, saves, bots }) {
  const s = get();
  const seat = undoSeat(s.view);
  if (modeOf(s).undoRefused && s.view && !s.view.is_over) return void up(T.refused, modeOf(s).undoRefused);
  if (seat === null || s.busy || !modeOf(s).takesMoves) return;
  table.cancel();
  up(T.busy, true);
  const before = s.view;
  try {
    const view = await engine.call("undo", { record: before.record, seat });
    const taken = before.record.moves.length - view.record.moves.length;
    rating.undone(before.record);
    up(T.viewChanged, view, { announcement: `${before.seats[seat].name} took back the last card${taken > 1 ? ` (${taken} moves undone)` : ""}. ${turnText(view)}` });
    saves.save(view);
    bots.run();
  } catch (error) {
    if (lost(error)) return;
    up(T.refused, `Undo was refused: ${reason(error)}`);
    bots.run();
  }
}

/** Place the held card with its top-left cell at (x, y); `moves` plays it and shows the answer. */
async function placeHeld({ get, up, table, opening, moves, bots }, x, y) {
  const s = get();
  if (!humanTurn(s) || s.busy || s.held === null) return;
  const move = { card: s.held, x, y, rotation: s.rotation };
  if (opening.waiting(s)) return void opening.queue(move); // sent once the engine is ready
  const before = s.view;
  const mine = table.now();
  up(T.busy, true);
  try {
    const view = await moves.play(before.record, move);
    if (table.stale(mine)) return;
    moves.moved(before, view);
    bots.run();
  } catch (error) {
    if (table.stale(mine) || lost(error)) return;
    up(T.refused, `Card ${move.card} cannot go at column ${x}, row ${y}: ${reason(error)}`);
  }
}
