// Review mode (docs/review.md): "Review this game" asks the engine, in the worker, to judge
// one placement per call (`review`), so the dialog shows progress and the first results as
// they come, and Stop (or closing the dialog) ends the review between two calls. Its state
// is the dialog's (kind "review"); it decides nothing itself: the engine judges, sums up
// (`review_summary`) and draws the three Paintings of a costly move (`review_boards`).

import * as T from "../transitions.js";
import { setTeach } from "../teach/state.js";
import { lost, reason } from "../control/narration.js";

const SUMMARY_EVERY = 3; // the seats' figures are refreshed every this many placements

/**
 * The review dialog's first state for the game on show: a game reviewed to its end already
 * (`kept`: its losses, kept for the chart) opens done, with its moves; any other starts.
 */
function opening(view, kept) {
  const record = view.record;
  const total = record.moves.length;
  const done = kept?.record === record && kept.moves.length === total;
  return { kind: "review", record, total, players: view.seats.length, done: done ? total : 0,
    moves: done ? kept.moves : [], seats: null, names: view.seats.map((seat) => seat.name),
    colors: view.seats.map((seat) => seat.colors[0]),
    running: !done, stopped: false, detail: null, error: "", focus: done ? null : "review-stop" };
}

/** @param deps `engine` and the store's `get`/`up`. */
export function createReview({ engine, get, up }) {
  let run = 0; // the review under way; a new one, Stop or closing the dialog ends the old

  const current = () => (get().dialog?.kind === "review" ? get().dialog : null);
  const set = (change) => {
    const d = current();
    if (d) up(T.openDialog, { ...d, ...change });
  };

  async function summary(players, moves) {
    const { seats, thresholds } = await engine.call("review_summary", { players, moves });
    if (current() && !current().thresholds) set({ thresholds }); // the labels' legend
    return seats;
  }

  /**
   * Start reviewing the game on show (the end screen's or the replay's). A game reviewed to
   * its end already (its losses kept for the chart) opens at once, not judged again.
   */
  async function open() {
    const view = get().view;
    const record = view?.record;
    if (!record || !record.moves.length) return;
    const mine = ++run;
    const first = opening(view, get().teach.losses);
    const { total, players } = first;
    up(T.openDialog, first);
    try {
      if (!first.running) { // reviewed already: only the seats' figures to sum up
        const seats = await summary(players, first.moves);
        if (mine === run) set({ seats, focus: "review-first" });
        return;
      }
      for (let ply = 0; ply < total; ply++) {
        const reply = await engine.call("review", { record, from: ply, to: ply + 1 });
        if (mine !== run || !current()) return;
        const moves = [...current().moves, ...reply.moves];
        const last = ply === total - 1;
        const seats = ply % SUMMARY_EVERY === SUMMARY_EVERY - 1 || last
          ? await summary(players, moves) : current().seats;
        if (mine !== run || !current()) return;
        set({ moves, done: ply + 1, seats, running: !last, focus: last ? "review-first" : null });
        up(setTeach, { losses: { record, moves } }); // the end screen's chart draws them
      }
    } catch (error) {
      if (lost(error)) return;
      if (mine === run) set({ running: false, error: `The review stopped: ${reason(error)}` });
    }
  }

  /** Stop between two placements; what is reviewed stays shown. */
  async function stop() {
    const d = current();
    if (!d?.running) return;
    run++;
    const seats = d.moves.length ? await summary(d.players, d.moves) : null;
    set({ running: false, stopped: true, seats, focus: "review-first" });
  }

  const show = (ply) => showMove({ engine, current, set }, ply);
  const back = () => backFromMove({ current, set });

  /** Escape: back from a move's detail to the review; true if it was open (nothing else closes then). */
  const escape = () => !!current()?.detail && (back(), true);

  return { open, stop, show, back, escape };
}

/**
 * Show one reviewed move on the Painting: the move played and the better one.
 * @param dialog `engine`, `current()` (the review dialog's state, or null) and `set(change)`.
 */
async function showMove({ engine, current, set }, ply) {
  const d = current();
  const move = d?.moves.find((m) => m.ply === ply);
  if (!move) return;
  const boards = await engine.call("review_boards", { record: d.record, ply, best: move.best_move });
  set({ detail: { move, boards }, focus: "review-back" });
}

/** Back from a move to the review, the focus on that move's button. */
function backFromMove({ current, set }) {
  const d = current();
  if (d?.detail) set({ detail: null, focus: `review-move-${d.detail.move.ply}` });
}
