// The replay viewer's controller (its mode: replay/mode.js, its bar: replay/render.js): step
// through a game's moves, each position asked of the engine once.

import * as T from "../transitions.js";
import { moveText } from "../words.js";
import { lost, reason, turnText, underCard } from "../control/narration.js";

/**
 * @param deps `engine`, the store's `get`/`up`, `table` (`cancel()`: the bots stop while the
 *   viewer is open) and `bots` (`run()`: they carry on when it closes).
 */
export function createReplay({ engine, get, up, table, bots }) {
  const cache = new Map(); // ply -> view of `cached`, the game being replayed
  let cached = null;
  let session = 0; // bumped when the viewer opens or closes: a late answer of an earlier one is dropped

  async function to(ply) {
    const record = get().view?.record;
    if (!record) return;
    const p = Math.max(0, Math.min(record.moves.length, ply));
    const mine = session;
    if (cached !== record) { // another game took the table since: its positions are not this one's
      cache.clear();
      cached = record;
    }
    try {
      let view = cache.get(p);
      if (!view) {
        view = await engine.call("view", { record, ply: p });
        cache.set(p, view);
      }
      if (get().view?.record !== record || mine !== session) return;
      const last = view.last_move;
      const prev = cache.get(p - 1);
      up(T.replayAt, view);
      up(T.announce, p === 0 ? "Replay: the start of the game." : `Replay, move ${p}: ${moveText(view.seats[last.seat].name, last)}`);
      up((st) => ({ ...st, fresh: last ? { ...last, ply: p, under: prev ? underCard(prev, last) : null } : null }));
    } catch (error) {
      if (!lost(error)) up(T.refused, `The replay stopped: ${reason(error)}`);
    }
  }

  /** Open the viewer: at move `at`, else at the start of a finished game or the current move. */
  function open({ at = null } = {}) {
    const v = get().view;
    if (!v) return;
    table.cancel();
    cache.clear();
    session += 1;
    to(at ?? (v.is_over ? 0 : v.record.moves.length));
  }

  /** Back to the game; its bots carry on. */
  function close() {
    session += 1;
    up(T.closeReplay);
    up(T.announce, turnText(get().view));
    bots.run();
  }

  /** One step back or forward, or to "start" / "end". */
  function step(by) {
    const s = get();
    if (s.replay) to(s.replay.ply + by);
  }

  function jump(where) {
    const s = get();
    if (s.replay) to(where === "start" ? 0 : s.view.record.moves.length);
  }

  /** Escape: close the viewer if it is open. */
  function escape() {
    if (get().replay) close();
  }

  return { open, close, step, jump, escape };
}
