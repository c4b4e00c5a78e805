// The game's modes (web/app/modes.js): each answers the same questions, read by the shared
// modules (Undo, Hint, rating, saving, whose seat is played here). Run from the built site.
import assert from "node:assert/strict";
import { test } from "node:test";
import { modeOf } from "../../dist/app/modes.js";
import { humanTurn, toMove } from "../../dist/app/queries.js";
import { NO_UNDO } from "../../dist/app/words.js";

const seats = [{ name: "Ann", controller: "human" }, { name: "Ben", controller: "friend" }];
const table = (extra) => ({ screen: "table", replay: null, friend: null, daily: null,
  view: { is_over: false, current_seat: 1, seats }, ...extra });

test("a normal game: Undo, Hint, rated, kept by the table, every seat played here", () => {
  const mode = modeOf(table());
  assert.equal(mode.name, "normal");
  assert.deepEqual([mode.undoRefused, mode.hints, mode.rated, mode.keptByTable], [null, true, true, true]);
  assert.equal(toMove(table()), "human");
});

test("a scored daily refuses Undo and says why; its practice keeps Undo", () => {
  assert.equal(modeOf(table({ daily: { date: "2026-12-06", practice: false } })).undoRefused, NO_UNDO);
  const practice = modeOf(table({ daily: { date: "2026-12-06", practice: true } }));
  assert.equal(practice.name, "practice");
  assert.equal(practice.undoRefused, null);
});

test("a friend game: no Hint, not rated, kept by itself, only this device's seat plays here", () => {
  const mine = table({ friend: { seat: 0 } });
  const mode = modeOf(mine);
  assert.deepEqual([mode.name, mode.hints, mode.rated, mode.keptByTable], ["friend", false, false, false]);
  assert.equal(toMove(mine), "none"); // seat 1 is Ben's, on his device
  assert.equal(humanTurn(mine), false);
  const his = table({ friend: { seat: 1 } });
  assert.equal(toMove(his), "human");
  assert.equal(humanTurn(his), true);
});
