// A move, in the mode of the game on the table: played by the engine (a friend game's by
// the friend engine, which adds the reveals and keeps the game itself), then shown: the new
// view, the card's animation and announcement, the save, the rating and Today's Painting's
// result when it ends. The bots (bots.js), the person's placements (games.js) and a queued
// first move (opening/) all go through here.

import * as T from "../transitions.js";
import { unratedWhy } from "../mode.js";
import { modeOf } from "../modes.js";
import { movedText, underCard } from "./narration.js";

/**
 * @param deps `engine`, the store's `get`/`up`, and what a move updates: `saves` (the table's
 *   save), `rating`, `dailyResults` (`ended()`), `friendMoves` (`play(record, move)`).
 * @returns {{play: (record, move) => Promise<object>, moved: (before, view) => void}}
 */
export function createMoves({ engine, get, up, saves, rating, dailyResults, friendMoves }) {
  /** Who plays a move, by the mode's `plays`. */
  const players = { engine: (record, move) => engine.call("play", { record, move }), friend: (record, move) => friendMoves.play(record, move) };

  /** Ask the engine to play `move` on `record` in the table's mode; resolves to the new view. */
  function play(record, move) {
    return players[modeOf(get()).plays](record, move);
  }

  /** The engine accepted a move: show the new view, animate the card, announce it, save. */
  function moved(before, view) {
    const move = view.last_move;
    const fresh = { ...move, ply: view.ply, under: underCard(before, move) };
    const mode = modeOf(get());
    if (view.is_over && mode.rated) rating.ended(view, unratedWhy(mode, get().origin)); // first: the end screen shows it
    up(T.viewChanged, view, { fresh, announcement: movedText(before, view, modeOf(get()).you(get())) });
    if (modeOf(get()).keptByTable) saves.save(view); // a friend game is kept by friends/control.js
    if (view.is_over) dailyResults.ended();
  }

  return { play, moved };
}
