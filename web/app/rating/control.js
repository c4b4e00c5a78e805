// Your rating (docs/web.md, "Your rating"): a finished, scored game of one person against
// rated bot levels, with no move taken back, updates the Glicko-2 rating kept on the device.
// State: s.rating (the stored rating) and s.ratingLine ({key, text}: the end screen's line).

import { levelOf } from "../words.js";
import { gameKey } from "./key.js";
import { loadRating, saveRating } from "./store.js";
import { gameResults, ratingText, update } from "./glicko.js";

const ratingOf = (controller) => levelOf(controller)?.rating;

/** @param deps the store's `get`/`up`. */
export function createRating({ get, up }) {

  function init() {
    up((s) => ({ ...s, rating: loadRating() }));
  }

  /** A move was taken back in the game of `record`: it will not count. */
  function undone(record) {
    const rating = get().rating || loadRating();
    const key = gameKey(record);
    if (rating.undone.includes(key)) return;
    up((s) => ({ ...s, rating: saveRating({ ...rating, undone: [...rating.undone, key] }) }));
  }

  /**
   * The game of `view` ended: count it if it may count, and say so on the end screen.
   * `unrated`: why its provenance keeps it from counting (mode.js `unratedWhy`), or null.
   */
  function ended(view, unrated = null) {
    const rating = get().rating || loadRating();
    const key = gameKey(view.record);
    if (rating.counted.includes(key)) return;
    const results = gameResults(view, ratingOf);
    if (!results) return;
    const why = unrated ?? (rating.undone.includes(key) ? "a game with a move taken back does not count" : null);
    if (why) {
      up((s) => ({ ...s, ratingLine: { key, text: `Your rating: ${ratingText(rating.player)} (${why})` } }));
      return;
    }
    const player = update(rating.player, results);
    const change = Math.round(player.rating) - Math.round(rating.player.rating);
    const entry = { at: new Date().toISOString().slice(0, 10), rating: Math.round(player.rating), rd: Math.round(player.rd), change };
    const saved = saveRating({ ...rating, player, history: [...rating.history, entry], counted: [...rating.counted, key] });
    // nothing stored: say so rather than "up 43" that the next visit will not remember
    const visit = saved.kept === false ? ", for this visit only: this browser does not let the page store it" : "";
    up((s) => ({ ...s, rating: saved, ratingLine: { key, text: `Your rating: ${ratingText(player, rating.player)}${visit}` } }));
  }

  return { init, undone, ended };
}
