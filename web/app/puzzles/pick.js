// The puzzle set as the page uses it (docs/puzzles.md): pure functions, no DOM, no storage.
// The shipped file (`puzzles.json`, destijl-puzzles/1) holds each game's record once and the
// puzzles by game and ply; a puzzle's record is its game's record up to that ply.

/** The puzzles of a destijl-puzzles/1 file, sorted by id. */
export function readSet(file) {
  if (file?.format !== "destijl-puzzles/1") throw new Error("not a destijl-puzzles/1 file");
  return file.puzzles.map((entry) => {
    const { result, ...game } = file.games[entry.game]; // eslint-disable-line no-unused-vars
    return {
      id: entry.id, seat: entry.seat, solutions: entry.solutions, rating: entry.rating,
      rd: entry.rd, themes: entry.themes, best: entry.best, players: game.seats.length,
      record: { ...game, moves: game.moves.slice(0, entry.ply) },
    };
  }).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** What the engine's puzzle_answer needs of a puzzle. */
export function asked(puzzle) {
  const { id, record, seat, solutions } = puzzle;
  return { id, record, seat, solutions };
}

/** Every theme of the set, most frequent first. */
export function themesOf(set) {
  const counts = new Map();
  for (const p of set) for (const t of p.themes) counts.set(t, (counts.get(t) || 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([t]) => t);
}

/**
 * The next puzzle to offer: not yet tried (`done` holds the ids tried), with `theme` if
 * given, the nearest in rating to `rating` (a streak: at least `floor`); null when none left.
 */
export function nextPuzzle(set, { done = {}, theme = null, rating = 1500, floor = -Infinity, skip = null }) {
  let best = null;
  for (const p of set) {
    if (done[p.id] !== undefined || p.id === skip || p.rating < floor) continue;
    if (theme && !p.themes.includes(theme)) continue;
    if (!best || Math.abs(p.rating - rating) < Math.abs(best.rating - rating)) best = p;
  }
  return best;
}
