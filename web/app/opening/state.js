// The opening's part of the state (state.opening) and its pure transitions.
//   state.opening: null, or {seed, players, move} while the table shows a build-time
//   opening the engine has not confirmed yet; `move` is the person's first move, queued
//   until then, e.g. {seed: 8123, players: 3, move: {card: 17, x: 1, y: -2, rotation: 90}};
//   after the engine dealt another game than the one shown, {notice: "…"} until dismissed

/** The table shows the opening of `seed` (set after gameLoaded, which clears it). */
export function openingShown(s, seed, players) {
  return { ...s, opening: { seed, players, move: null } };
}

/** The person's first move waits for the engine: the card stays drawn on its spot. */
export function openingQueued(s, move, announcement) {
  return { ...s, opening: { ...s.opening, move }, busy: true, hover: [move.x, move.y], tapped: null,
    error: null, announcement };
}

/** The engine dealt another game than the opening shown: its view is on the table, `notice` says so until dismissed. */
export function openingDiffered(s, notice) {
  return { ...s, opening: { seed: null, players: null, move: null, notice } };
}

/** The engine was lost before it dealt the opening: it recovers the game as any (loading.js). */
export function openingDropped(s) {
  return s.opening ? { ...s, opening: null } : s;
}

/** The person dismissed the notice. */
export function openingNoticeGone(s) {
  return s.opening?.notice ? { ...s, opening: null } : s;
}

/** The engine dealt the same game: its view replaces the opening's (a queued move is still to be sent). */
export function openingConfirmed(s, view) {
  return { ...s, view, opening: null };
}
