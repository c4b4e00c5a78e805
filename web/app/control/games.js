// Games: starting one (Start game, Rematch), the human's placements, and Undo.

import { trimName } from "../names.js";
import { humanTurn, undoSeat } from "../queries.js";
import { loadPrefs, writePrefs } from "../storage.js";
import * as T from "../transitions.js";
import { modeOf } from "../modes.js";
import { movedText, reason, turnText, underCard } from "./narration.js";

function seedValue(text) {
  const t = String(text || "").trim();
  if (!t) return undefined;
  return /^-?\d+$/.test(t) ? Number(t) : t; // anything else: the engine explains
}

export function createGames(ctx) {
  const { get, up } = ctx;

  /** Another game takes the table: cancel the bots and forget the old replay. */
  function replaced() {
    ctx.cancel();
    ctx.replay.forget();
    up(T.setShared, null);
    up(T.setDaily, null);
  }

  const newGame = (args, remember) => dealNew(ctx, replaced, args, remember);

  /** Start game: a new game from the start screen's form (after a yes if one is in progress). */
  function start({ confirmed = false } = {}) {
    if (!confirmed) {
      return ctx.saves.confirmReplace({ title: "Start a new game?", yesLabel: "Start a new game",
        yes: { type: "start", confirmed: true } }, () => start({ confirmed: true }));
    }
    up(T.closeDialog);
    const { setup, savedBots } = get();
    // "My bot" with no bot saved would stall at its first turn: refuse before the deal
    if (!savedBots.length && setup.seats.some((seat) => seat.controller === "bot:mine")) {
      return void up(T.refused, "No bot is saved yet: write one in the Bot Lab (lab.html), press Save, then choose it for a seat.");
    }
    if (setup.seats.some((seat) => seat.controller === "friend")) return ctx.friends.start(setup);
    const { args, remember } = gameArgs(setup);
    // no seed while the engine loads: a build-time opening, playable at once (opening/)
    if (ctx.opening.fits(args)) return ctx.opening.start(args, remember, () => newGame(args, remember));
    return newGame(args, remember);
  }

  /** Rematch: the same seats and options, a new deal. */
  function rematch() {
    const r = get().view.record;
    const f = get().friend;
    // a new friend game with the same people: this device's seat here, the others Friend
    if (f) return ctx.friends.start(friendRematch(r, f.seat));
    return newGame({ players: r.options.players, rotations: r.options.rotations,
      first_player: r.first_player, seats: r.seats.map(({ name, colors, controller }) => ({ name, colors, controller })) });
  }

  /** The engine accepted a move: show the new view, animate the card, announce it, save. */
  function moved(before, view) {
    const move = view.last_move;
    const fresh = { ...move, ply: view.ply, under: underCard(before, move) };
    if (view.is_over && modeOf(get()).rated) ctx.rating.ended(view); // first: the end screen shows it
    up(T.viewChanged, view, { fresh, announcement: movedText(before, view, get().friend?.seat ?? null) });
    if (modeOf(get()).keptByTable) ctx.saves.save(view); // a friend game is kept by friends/control.js
    if (view.is_over) ctx.daily.ended();
  }

  const place = (x, y) => placeHeld(ctx, moved, x, y);

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

  return { start, rematch, moved, place, placeAt, undo: () => undo(ctx), replaced };
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

/** A friend game's Rematch: the same people, `seat` played here and the other people Friend. */
function friendRematch(record, seat) {
  return { rotations: record.options.rotations, first: record.first_player, seed: "",
    seats: record.seats.map(({ name, colors, controller }, i) => ({ name, colors,
      controller: controller !== "human" ? controller : i === seat ? "human" : "friend" })) };
}

/** A new game from the engine (`replaced()` first clears the old one's work), saved and started. */
async function dealNew({ engine, get, up, saves, bots }, replaced, args, remember) {
  if (get().busy) return;
  up(T.busy, true);
  up(T.dismissError);
  const ok = get().engine.status === "ready" || await engine.ready.then(() => true, () => false);
  if (!ok) return up(T.refused, "The game engine is not loaded. Press Retry at the top of the page.");
  try {
    const view = await engine.call("new_game", args);
    replaced();
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
async function undo(ctx) {
  const { engine, get, up } = ctx;
  const s = get();
  const seat = undoSeat(s.view);
  if (modeOf(s).undoRefused && s.view && !s.view.is_over) return void up(T.refused, modeOf(s).undoRefused);
  if (seat === null || s.busy || s.replay) return;
  ctx.cancel();
  up(T.busy, true);
  const before = s.view;
  try {
    const view = await engine.call("undo", { record: before.record, seat });
    const taken = before.record.moves.length - view.record.moves.length;
    ctx.rating.undone(before.record);
    up(T.viewChanged, view, { announcement: `${before.seats[seat].name} took back the last card${taken > 1 ? ` (${taken} moves undone)` : ""}. ${turnText(view)}` });
    ctx.saves.save(view);
    ctx.bots.run();
  } catch (error) {
    if (ctx.loading.lost(error)) return;
    up(T.refused, `Undo was refused: ${reason(error)}`);
    ctx.bots.run();
  }
}

/** Place the held card with its top-left cell at (x, y); `moved(before, view)` shows the answer. */
async function placeHeld(ctx, moved, x, y) {
  const { engine, get, up } = ctx;
  const s = get();
  if (!humanTurn(s) || s.busy || s.held === null) return;
  const move = { card: s.held, x, y, rotation: s.rotation };
  if (ctx.opening.waiting(s)) return void ctx.opening.queue(move); // sent once the engine is ready
  const before = s.view;
  const mine = ctx.gen;
  up(T.busy, true);
  try {
    const view = s.friend ? await ctx.friends.play(before.record, move)
      : await engine.call("play", { record: before.record, move });
    if (ctx.stale(mine)) return;
    moved(before, view);
    ctx.bots.run();
  } catch (error) {
    if (ctx.stale(mine) || ctx.loading.lost(error)) return;
    up(T.refused, `Card ${move.card} cannot go at column ${x}, row ${y}: ${reason(error)}`);
  }
}
