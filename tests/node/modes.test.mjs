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

test("the replay viewer and the review take no moves, whatever the game's mode", () => {
  const inReplay = table({ replay: { ply: 1 } });
  const reviewing = table({ dialog: { kind: "review" } });
  for (const [s, name] of [[inReplay, "replay"], [reviewing, "review"]]) {
    const mode = modeOf(s);
    assert.equal(mode.name, name);
    assert.equal(mode.takesMoves, false);
    assert.equal(mode.game.name, "normal");
    assert.equal(humanTurn(s), false);
    assert.equal(toMove(s), "none");
  }
  assert.equal(modeOf(table()).takesMoves, true);
  assert.equal(modeOf(table({ dialog: { kind: "settings" } })).name, "normal"); // another dialog is no mode
});

test("looking back keeps the game's own answers: a scored daily's Undo rule, a friend game's seats", () => {
  const daily = modeOf(table({ replay: { ply: 2 }, daily: { date: "2026-12-06", practice: false } }));
  assert.deepEqual([daily.name, daily.game.name, daily.undoRefused, daily.endBox], ["replay", "daily", NO_UNDO, "daily"]);
  const friend = modeOf(table({ dialog: { kind: "review" }, friend: { seat: 1 } }));
  assert.deepEqual([friend.game.name, friend.plays, friend.keptByTable, friend.rated], ["friend", "friend", false, false]);
  assert.equal(friend.playsHere({ friend: { seat: 1 } }, 1), true);
  assert.equal(friend.playsHere({ friend: { seat: 1 } }, 0), false);
});

test("who plays a move and which box ends the game: the engine, the friend engine; the daily's par box", () => {
  assert.deepEqual([modeOf(table()).plays, modeOf(table()).endBox], ["engine", null]);
  assert.equal(modeOf(table({ friend: { seat: 0 } })).plays, "friend");
  assert.equal(modeOf(table({ daily: { date: "2026-12-06", practice: true } })).endBox, "daily");
  assert.equal(modeOf(table()).game, modeOf(table())); // a game's mode is its own game
});
