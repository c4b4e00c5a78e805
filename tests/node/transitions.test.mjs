// The state's pure changes (web/app/transitions.js) without a browser, from the built site.
import assert from "node:assert/strict";
import { test } from "node:test";
import { RULES } from "../../dist/app/rules-data.js";
import { createState } from "../../dist/app/state.js";
import * as T from "../../dist/app/transitions.js";

const fresh = () => createState("full", { teach: {} });

test("players: each seat gets the engine's default colours, the first seat stays in range", () => {
  let s = T.setOption(fresh(), "first", 2);
  s = T.setPlayers(s, 2);
  assert.deepEqual(s.setup.seats.map((seat) => seat.colors), RULES.default_colors[2]);
  assert.equal(s.setup.first, 1);
  s = T.setPlayers(s, 5);
  assert.deepEqual(s.setup.seats.map((seat) => seat.colors), RULES.default_colors[5]);
});

test("a seat's controller: a bot takes a painter's name; a Friend seat leaves only the bots a friend game allows", () => {
  let s = T.setPlayers(fresh(), 3);
  s = T.setSeatController(s, 2, "bot:expert");
  assert.equal(s.setup.seats[2].controller, "bot:expert");
  assert.ok(RULES.default_names.bots.includes(s.setup.seats[2].name));
  const mine = T.setSeatController(s, 0, "bot:mine:Greedy"); // a bot saved in the Lab, by its name
  assert.deepEqual([mine.setup.seats[0].controller, mine.setup.seats[0].name], ["bot:mine", "Greedy"]);
  s = T.setSeatController(mine, 1, "friend");
  assert.equal(s.setup.seats[1].name, RULES.default_names.friends[0]);
  assert.ok(!RULES.friend_bots.includes("bot:expert") && !RULES.friend_bots.includes("bot:mine"));
  // neither expert nor My bot sits in a friend game: both play medium, My bot's name goes
  assert.deepEqual(s.setup.seats.map((seat) => seat.controller), ["bot:medium", "friend", "bot:medium"]);
  assert.notEqual(s.setup.seats[0].name, "Greedy");
});

test("pick toggles the held card; rotate cycles the view's rotations; hover and dismissError keep the state when nothing changes", () => {
  let s = { ...fresh(), view: { rotations: [0, 90, 180, 270] }, rotation: 0 };
  s = T.pick(s, 17);
  assert.equal(s.held, 17);
  assert.equal(T.pick(s, 17).held, null);
  assert.equal(T.rotate(s, -1).rotation, 270);
  assert.equal(T.rotate(T.rotate(s), 1).rotation, 180);
  const hovered = T.hover(s, [1, 2]);
  assert.equal(T.hover(hovered, [1, 2]), hovered);
  assert.equal(T.dismissError(s), s);
});

test("a new view keeps the held card only for the same seat with the card still in the Gallery", () => {
  const seats = [{ controller: "human" }, { controller: "human" }];
  const view = (ply, seat, cards) => ({ ply, current_seat: seat, seats, is_over: false,
    gallery: cards.map((card) => ({ card })), rotations: [0, 90] });
  let s = { ...fresh(), view: view(0, 0, [3, 4]), held: 3, rotation: 90 };
  assert.equal(T.viewChanged(s, view(0, 0, [3, 4])).held, 3);
  assert.equal(T.viewChanged(s, view(1, 1, [3, 4])).held, null);
  s = T.viewChanged(s, view(0, 0, [4]));
  assert.deepEqual([s.held, s.rotation], [null, 90]);
});

test("back to the start clears the table's passing state", () => {
  const s = T.toStart({ ...fresh(), screen: "table", held: 3, busy: true, error: "x", dialog: { kind: "share" } });
  assert.deepEqual([s.screen, s.held, s.busy, s.error, s.dialog], ["start", null, false, null, null]);
});
