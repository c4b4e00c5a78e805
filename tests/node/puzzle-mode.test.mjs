// The puzzle mode on the mode interface (web/app/puzzles/mode.js, docs/web.md "Modes"):
// its start on a puzzle's view, a right and a wrong placement judged, no Undo and no Hint,
// its end, and its provenance "puzzle" that never counts for the game rating. Run from the
// built site, on the fake table's views (fakes/table.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";
import { newRecord, viewOf } from "./fakes/table.mjs";

const { PUZZLE, PUZZLE_NO_UNDO, judged, started, takesPlacement } = await import("../../dist/app/puzzles/mode.js");
const { gameModeOf, modeOf, SLICES } = await import("../../dist/app/modes.js");
const { unratedWhy } = await import("../../dist/app/mode.js");

const puzzle = { id: "p7", seat: 0, record: newRecord(), solutions: [{ card: 1, x: 0, y: 0, rotation: 0 }], themes: [] };
const onShow = () => started(puzzle, viewOf(puzzle.record), "free");

test("a puzzle starts on its view: the mode is the puzzle's, its banner names the seat you play", () => {
  const slice = onShow();
  assert.equal(gameModeOf(slice), PUZZLE);
  assert.equal(modeOf(slice).name, "puzzle");
  assert.match(PUZZLE.banner(slice), /^You play .+ \(.+\), round \d+ of \d+\.$/);
  assert.deepEqual([PUZZLE.playsHere(slice, 0), PUZZLE.playsHere(slice, 1), PUZZLE.you(slice)], [true, false, 0]);
  assert.equal(PUZZLE.botsHere(slice), false);
  assert.ok(takesPlacement(slice));
  assert.ok(SLICES.includes("puzzle"));
});

test("a table without a puzzle is not in the puzzle mode", () => {
  assert.notEqual(gameModeOf({ view: viewOf(newRecord()), puzzle: null }).name, "puzzle");
});

test("a right first placement solves it and ends it: no placement after", () => {
  const end = judged(onShow(), true);
  assert.deepEqual(end.verdict, { correct: true, solved: true, over: true, origin: "puzzle" });
  assert.equal(takesPlacement(end), false);
  assert.equal(PUZZLE.ending(end).verdict, end.verdict);
});

test("a wrong placement is a miss; a right one after a retry or a look at the solution is still a miss", () => {
  const wrong = judged(onShow(), false);
  assert.deepEqual([wrong.verdict.correct, wrong.verdict.solved, wrong.verdict.over], [false, false, true]);
  const retried = { ...wrong, looked: true, verdict: null };
  assert.ok(takesPlacement(retried));
  assert.deepEqual([judged(retried, true).verdict.correct, judged(retried, true).verdict.solved], [true, false]);
  assert.equal(judged(onShow(), true, true).verdict.solved, false); // Show solution
});

test("a puzzle allows no Undo (and says why) and no Hint", () => {
  const mode = modeOf(onShow());
  assert.equal(mode.undoRefused, PUZZLE_NO_UNDO);
  assert.match(mode.undoRefused, /^No Undo in a puzzle/);
  assert.equal(mode.hints, false);
});

test("its provenance is puzzle, which never counts for the game rating; the table does not keep it", () => {
  assert.equal(PUZZLE.origin, "puzzle");
  assert.equal(PUZZLE.rated, false);
  assert.equal(PUZZLE.keptByTable, false);
  assert.equal(typeof unratedWhy(PUZZLE, "puzzle"), "string");
});
