// The puzzle mode's pure parts (web/app/puzzles/pick.js, store.js; docs/puzzles.md).
import assert from "node:assert/strict";
import { test } from "node:test";

import { nextPuzzle, readSet, themesOf } from "../../web/app/puzzles/pick.js";
import { loadPuzzles, recordAttempt } from "../../web/app/puzzles/store.js";

const game = { format: "destijl-record/1", seats: [{}, {}], moves: [1, 2, 3, 4], result: { x: 1 } };
const file = {
  format: "destijl-puzzles/1", games: [game],
  puzzles: [
    { id: "b", game: 0, ply: 3, seat: 1, solutions: [], rating: 1700, rd: 170, themes: ["points now"] },
    { id: "a", game: 0, ply: 2, seat: 0, solutions: [], rating: 1200, rd: 170, themes: ["bonus denied", "points now"] },
  ],
};

test("a puzzle's record is its game's up to the ply, without the result", () => {
  const set = readSet(file);
  assert.deepEqual(set.map((p) => p.id), ["a", "b"]);
  assert.deepEqual(set[0].record.moves, [1, 2]);
  assert.equal("result" in set[0].record, false);
  assert.deepEqual(themesOf(set), ["points now", "bonus denied"]);
  assert.throws(() => readSet({ format: "destijl-record/1" }));
});

test("the next puzzle is untried, of the theme, nearest the rating", () => {
  const set = readSet(file);
  assert.equal(nextPuzzle(set, { rating: 1650 }).id, "b");
  assert.equal(nextPuzzle(set, { rating: 1650, theme: "bonus denied" }).id, "a");
  assert.equal(nextPuzzle(set, { rating: 1650, done: { b: 1 } }).id, "a");
  assert.equal(nextPuzzle(set, { done: { a: 1, b: 0 } }), null);
});

test("only a first attempt moves the rating: up when solved, down when missed", () => {
  const storage = { getItem: () => null };
  const kept = loadPuzzles(storage);
  const [a, b] = readSet(file);
  const solved = recordAttempt(kept, a, true, "2026-12-07");
  assert.ok(solved.rating > kept.rating && solved.rd < kept.rd);
  assert.equal(recordAttempt(solved, a, false, "2026-12-07"), solved); // a retry: no change
  const missed = recordAttempt(solved, b, false, "2026-12-07");
  assert.ok(missed.rating < solved.rating);
  assert.deepEqual(missed.history.map((e) => [e.id, e.solved]), [["a", true], ["b", false]]);
  assert.deepEqual(loadPuzzles({ getItem: () => "{broken" }).done, {});
});
