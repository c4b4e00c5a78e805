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
  assert.deepEqual([friend.game.name, friend.plays, friend.keptByTable, friend.rated], ["friend", "friends", false, false]);
  assert.equal(friend.playsHere({ friend: { seat: 1 } }, 1), true);
  assert.equal(friend.playsHere({ friend: { seat: 1 } }, 0), false);
});

test("who plays a move and which box ends the game: the engine, the friend engine; the daily's par box", () => {
  assert.deepEqual([modeOf(table()).plays, modeOf(table()).endBox], ["engine", null]);
  assert.equal(modeOf(table({ friend: { seat: 0 } })).plays, "friends");
  assert.equal(modeOf(table({ daily: { date: "2026-12-06", practice: true } })).endBox, "daily");
  assert.equal(modeOf(table()).game, modeOf(table())); // a game's mode is its own game
});

test("each mode answers the table's words: whose seat is 'you', the banner, the status line's label", () => {
  const normal = modeOf(table());
  const bots = table({ view: { ...table().view, seats: [seats[0], { name: "Piet", controller: "bot:medium" }] } });
  assert.equal(normal.mine(bots, 0), true); // the one person at the table
  assert.equal(normal.mine(table(), 0), false); // two people: each by name
  assert.equal(normal.you(table()), null); // announcements name every seat
  assert.equal(normal.banner(table(), table().view), null); // the table's own turn words
  const friend = table({ friend: { seat: 1, next: { kind: "reveal", seat: 0 } } });
  assert.equal(modeOf(friend).you(friend), 1);
  assert.equal(modeOf(friend).mine(friend, 0), false);
  assert.match(modeOf(friend).banner(friend, { ...friend.view, current_seat: null }), /Ann must add their part of the deal/);
  const daily = table({ daily: { date: "2026-12-06", practice: false, number: 3 } });
  assert.equal(modeOf(daily).label(daily), "Daily #3 · ");
  assert.deepEqual(modeOf(daily).ending(daily), { daily: daily.daily });
  const replay = table({ replay: { ply: 2 }, view: { ...table().view, record: { moves: [1, 2, 3] } } });
  assert.equal(modeOf(replay).banner(replay, replay.replay), "Replay · after move 2 of 3");
  assert.equal(modeOf(replay).shown(replay), replay.replay);
  assert.equal(modeOf(replay).showsEnd, false);
  assert.equal(modeOf({ ...replay, dialog: { kind: "review" } }).shown(replay), replay.replay); // the review over the replay
});

test("a watched friend game moves no bot here; Rematch goes to each mode's own controller part", () => {
  assert.equal(modeOf(table({ friend: { seat: null } })).botsHere({ friend: { seat: null } }), false);
  assert.equal(modeOf(table()).botsHere(table()), true);
  assert.deepEqual([modeOf(table()).rematchBy, modeOf(table({ friend: { seat: 0 } })).rematchBy], ["games", "friends"]);
});

test("how a mode is kept: a daily writes its tag with the save and reads it back checked; its fields are cleared for another game", async () => {
  const { keptFields, SLICES } = await import("../../dist/app/modes.js");
  const daily = table({ daily: { date: "2026-12-06", practice: true, number: 3, extra: "dropped" } });
  const kept = modeOf(daily).kept(daily);
  assert.deepEqual(kept, { daily: { date: "2026-12-06", practice: true, number: 3 } });
  assert.deepEqual(keptFields(kept), kept);
  assert.deepEqual(keptFields({ daily: { date: "06/12/2026" } }), {}); // a bad tag is no daily
  assert.deepEqual(modeOf(table()).kept(table()), {});
  assert.ok(SLICES.includes("daily") && SLICES.includes("friend"));
  const link = { url: "http://x/#g=abc" };
  assert.equal(modeOf(table({ friend: { seat: 0, link } })).linkToSend(table({ friend: { seat: 0, link } })), link);
  assert.equal(modeOf(table()).linkToSend(table()), null);
});
