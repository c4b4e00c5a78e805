// Openings: the first move before Python has loaded (docs/web.md, "Openings").
//
// A game started without a seed while the engine is still loading takes one of the
// build's openings (the engine's own first views, store.js): the table draws it at once and
// the person may pick, turn and place a card. The placement is queued. Once the engine is
// ready it deals the same game (new_game with the opening's seed and the same seats), the
// page checks that the engine's view is the one it showed, and sends the queued move; the
// engine's answers replace the opening. A bot that moves first shows "thinking" until then.
// If the engine's view differs (it must not), the player is told and the game goes on from
// the engine's view; a refused move is said as any refused move is.

import { RULES } from "../rules-data.js";
import * as T from "../transitions.js";
import { isBot } from "../words.js";
import { loadPrefs, writePrefs } from "../prefs.js";
import { lost, reason, turnText } from "../control/narration.js";
import { choose, dress, fitsOpening, sameData } from "./data.js";
import {
  openingConfirmed, openingDiffered, openingDropped, openingNoticeGone, openingQueued, openingShown,
} from "./state.js";
import { lastSeen, loadPool, rememberSeen } from "./store.js";

/**
 * @param deps `engine`, the store's `get`/`up`, `table` (`replaced()`), `saves`, `moves`
 *   (the queued move shown) and `bots`.
 */
export function createOpening(deps) {
  const { engine, get, up } = deps;
  let shown = null; // {view, args, remember}: the opening on the table, until the engine confirms it

  /** Is the opening `mine` still the game on the table, unconfirmed? */
  const current = (mine) => shown === mine && get().view === mine.view;

  /** Fetch the pool of `players` ahead of Start game while the engine loads (a few kB). */
  const prefetch = (players) => get().engine.status === "loading" && loadPool(players);
  /** Does Start game with `args` (no seed) take an opening now? */
  const fits = (args) => fitsNow(get(), args);

  /** Show an opening for `args` at once; `fallback()` starts the game as before if there is none. */
  async function start(args, remember, fallback) {
    up(T.busy, true);
    const pool = await loadPool(args.players);
    up(T.busy, false);
    if (!pool || get().engine.status === "ready") return fallback(); // the engine deals as fast now
    const picked = pickOpening(pool, args);
    if (!picked) return fallback(); // a damaged file: the engine deals, as without openings
    const { seed, view } = picked;
    showOpening(deps, view, seed, args.players);
    const mine = { view, args: { ...args, seed }, remember };
    shown = mine;
    confirm(mine);
  }

  /** Is the person's move to wait for the engine (the table shows an unconfirmed opening)? */
  function waiting(s) {
    return !!(s.opening && shown && s.view === shown.view);
  }

  /** Queue the person's first move until the engine has dealt the game. */
  function queue(move) {
    const s = get();
    if (!waiting(s) || s.opening.move) return;
    up(openingQueued, move, `Card placed at column ${move.x}, row ${move.y}: it counts as soon as the game engine has loaded.`);
  }

  /** Once the engine is ready: deal the opening's game, compare, send the queued move. */
  async function confirm(mine) {
    const ok = await engine.ready.then(() => true, () => false);
    if (!current(mine) || !ok) return; // a failed load: Retry calls retried()
    let view;
    try {
      view = await engine.call("new_game", mine.args);
    } catch (error) {
      if (!current(mine)) return;
      shown = null;
      if (lost(error)) return void up(openingDropped); // recover() puts the game back
      up(T.toStart);
      return void up(T.refused, `The game could not start: ${reason(error)}`);
    }
    if (!current(mine)) return;
    shown = null;
    const move = get().opening?.move ?? null;
    keepDealt(deps, view, mine.remember);
    if (!sameData(view, mine.view)) return differed(deps, view, move);
    up(openingConfirmed, view);
    await playQueued(deps, view, move);
  }

  /** The engine failed to load and Retry brought a new one: confirm the opening on it. */
  function retried() {
    if (shown && current(shown)) confirm(shown);
  }

  /** `dismiss`: the notice that the engine dealt another game goes. */
  return { prefetch, fits, start, waiting, queue, retried, dismiss: () => up(openingNoticeGone) };
}

/** One of the pool's openings for `args` (not the last one seen), dressed in its seats:
 * {seed, view}, or null when the file is damaged. */
function pickOpening(pool, args) {
  const openings = pool.openings;
  const last = openings.findIndex((o) => o.seed === lastSeen(args.players));
  const { seed, view } = openings[choose(openings.length, last)];
  try {
    return { seed, view: dress(view, args.seats) };
  } catch {
    return null;
  }
}

/** Put the opening `view` (of `seed`, for `players`) on the table as a game dealt here. */
function showOpening({ up, table }, view, seed, players) {
  rememberSeen(players, seed);
  table.replaced("normal"); // dealt here from the start screen's form
  up(T.gameLoaded, view, `New game: ${view.seats.length} players, ${view.rounds} rounds. ${turnText(view)}`);
  up(openingShown, seed, players);
  const seat = view.current_seat;
  if (isBot(view.seats[seat].controller)) up(T.thinking, seat); // until the engine can move for it
}

/** The engine dealt another game than the opening shown (it must not): say so, go on from its deal. */
function differed({ up, bots }, view, move) {
  const notice = `The game engine dealt this game differently from the table shown while it loaded; the game goes on from the engine's deal${move ? ": please place your card again" : ""}.`;
  up(T.gameLoaded, view, `${notice} ${turnText(view)}`);
  up(openingDiffered, notice);
  bots.run();
}

/** The opening is the engine's game `view`: send the person's queued move (if any), then the bots. */
async function playQueued({ engine, get, up, moves, bots }, view, move) {
  if (move) {
    try {
      const after = await engine.call("play", { record: view.record, move });
      if (get().view !== view) return;
      moves.moved(view, after);
    } catch (error) {
      if (get().view !== view || lost(error)) return;
      up(T.refused, `Card ${move.card} cannot go at column ${move.x}, row ${move.y}: ${reason(error)}`);
    }
  }
  bots.run();
}

/** The engine's game is saved as a new game, and the set-up it was started with remembered. */
function keepDealt({ saves }, view, remember) {
  saves.save(view, { fresh: true });
  saves.refreshList();
  if (remember) writePrefs({ ...loadPrefs(), setup: remember });
}

/** Does Start game with `args` (no seed) take an opening in state `s`: the engine still loading? */
function fitsNow(s, args) {
  return s.engine.status === "loading" && !s.restoring && !s.busy && fitsOpening(args, RULES);
}
