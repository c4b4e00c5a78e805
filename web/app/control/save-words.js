// The sentences of saving: what a failed save keeps, what replacing a game in progress
// loses, what Delete and Make room remove. Pure functions of their arguments.

import { clip } from "../quote.js";

/** "14:02" for an ISO time, "an unknown time" when it was lost. */
export function clock(iso) {
  if (!iso) return "an unknown time";
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** The banner when saving fails: `moves` on the table, `kept` in storage (null: none). */
export function notSaved(moves, kept, problem) {
  const what = kept === null || kept === undefined
    ? "No copy of it is stored"
    : `The stored copy stops at move ${kept}${moves > kept ? `; move${moves - kept > 1 ? `s ${kept + 1} to ${moves} are` : ` ${moves} is`} not kept` : ""}`;
  return `This game is not being saved: ${problem}. ${what}. Export it to keep it as it is now.`;
}

/** A saved game that the engine could not open, and where it stays. */
export function couldNotOpen(saved, problem) {
  const at = saved.save ? ` (move ${saved.save.moves}, saved at ${clock(saved.save.savedAt)})` : "";
  return `Your saved game${at} could not be opened: ${clip(problem, 200)}. It is kept in Saved games, where you can export or delete it.`;
}

/** A saved game put back on the table. */
export function back(save, turn) {
  return `Your saved game is back (move ${save.moves}, saved at ${clock(save.savedAt)}): ${turn}`;
}

/** The confirm dialog before the game in progress `view` is replaced; `kept`: "all", a move count or null. */
export function replacing(view, kept, browserRefused) {
  const who = view.seats.map((s) => s.name).join(", ");
  const game = `Your game in progress (${who}; move ${view.record.moves.length})`;
  if (kept === "all") return `${game} stays in Saved games: you can resume it from the start screen.`;
  return kept === null
    ? `${game} is not saved (${browserRefused ? "the browser did not store it" : "it was not stored"}): it will be lost. Export it first to keep it.`
    : `${game} is saved only up to move ${kept}: the moves after it will be lost. Export it first to keep all of it.`;
}

/** The confirm dialog before a saved game (its stored details, if readable) is deleted. */
export function deleting(save) {
  const what = save ? ` (${save.seats.map((s) => clip(s?.name ?? "?", 40)).join(", ")}; move ${save.moves})` : "";
  return `The saved game${what} will be removed from this browser for good. Export it first to keep a copy.`;
}

/** "Delete 3 finished games". */
export function deleteFinished(count) {
  return `Delete ${count} finished game${count > 1 ? "s" : ""}`;
}

/** The confirm dialog before finished games are deleted to make room (saved-games.js `roomOffer`). */
export function makingRoom({ count, bytes, oldest }) {
  const since = oldest ? `, the oldest from ${new Date(oldest).toLocaleDateString()}` : "";
  return `To make room, the ${count} finished game${count > 1 ? "s" : ""} saved in this browser (about ${Math.ceil(bytes / 1024)} kB${since}) would be deleted. Your unfinished games stay.`;
}

/** "28 Nov, 19:42" for an ISO time. */
function dayAndTime(iso) {
  const d = new Date(iso);
  return `${d.toLocaleDateString([], { day: "numeric", month: "short" })}, ${clock(iso)}`;
}

/** One tidied game, named: "You, Piet, Theo (18 moves, saved 28 Nov, 19:42)". */
function named(g) {
  const who = g.seats.map((s) => clip(s?.name ?? "?", 40)).join(", ");
  return `${who} (${g.moves} moves, saved ${g.savedAt ? dayAndTime(g.savedAt) : "at an unknown time"})`;
}

/**
 * The Saved games note naming every game tidied away this page load: `pruned` {own,
 * shared} (summaries), `keep` the player's rule in Settings, `keepShared` the shared games kept.
 */
export function tidied(pruned, keep, keepShared) {
  const parts = [];
  const { own, shared } = pruned;
  if (own.length) {
    parts.push(`Deleted by your rule in Settings (keep the newest ${keep} finished games): `
      + `${own.length === 1 ? "the finished game of" : `${own.length} finished games:`} ${own.map(named).join("; ")}.`);
  }
  if (shared.length) {
    parts.push(`Let go, as only the newest ${keepShared} games opened from other people's links are kept: `
      + `${shared.length === 1 ? "the shared game of" : `${shared.length} shared games:`} ${shared.map(named).join("; ")}.`);
  }
  return parts.join(" ");
}
