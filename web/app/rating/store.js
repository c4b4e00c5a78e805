// Your rating, kept on this device (localStorage "destijl.rating"): the Glicko-2 player,
// its history (one entry per counted game) and the games that may not count (undone).

import { START } from "./glicko.js";

const KEY = "destijl.rating";
const KEEP = 200; // history entries and game keys kept

/** The stored rating: {player, history: [{at, rating, rd, change}], counted, undone}. */
export function loadRating() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "null");
    if (data && typeof data.player?.rating === "number") {
      return { player: data.player, history: data.history || [], counted: data.counted || [], undone: data.undone || [] };
    }
  } catch { /* no storage or damaged: start afresh */ }
  return { player: { ...START }, history: [], counted: [], undone: [] };
}

/** Keep `rating`; returns it trimmed, with `kept: false` when the browser refused to store it
 * (storage full or blocked, as in many cross-origin embeds): it then lives for this visit only. */
export function saveRating(rating) {
  const { kept: _, ...trimmed } = { ...rating, history: rating.history.slice(-KEEP), counted: rating.counted.slice(-KEEP),
    undone: rating.undone.slice(-KEEP) };
  try {
    localStorage.setItem(KEY, JSON.stringify(trimmed));
    return trimmed;
  } catch {
    return { ...trimmed, kept: false };
  }
}

