// A share link's or an embed's query read into a setup and plain notes (web/app/params.js),
// from the built site: run by `make test-node` after `make build`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { RULES } from "../../dist/app/rules-data.js";
import { readParams } from "../../dist/app/params.js";

test("a full setup: seats, names, colours, seed, rotations and the first seat", () => {
  const { setup, notes } = readParams("?seats=human,medium,hard&names=Ann,Piet,Theo&colors=R,Y,B&seed=42&rotations=off&first=2");
  assert.deepEqual(notes, []);
  assert.deepEqual(setup.seats.map((s) => [s.controller, s.name, s.colors.join("")]),
    [["human", "Ann", "R"], ["bot:medium", "Piet", "Y"], ["bot:hard", "Theo", "B"]]);
  assert.equal(setup.seed, "42");
  assert.equal(setup.rotations, false);
  assert.equal(setup.first, 1);
});

test("nothing set up: no setup, the display options still read", () => {
  const out = readParams("?speed=fast&theme=dark&autostart=yes");
  assert.equal(out.setup, null);
  assert.deepEqual([out.speed, out.theme, out.autostart, out.notes], ["fast", "dark", true, []]);
});

test("what cannot be used keeps the default and says why, in the order given", () => {
  const { setup, notes } = readParams("?players=9&seats=human,wizard&seed=abc&first=7");
  assert.equal(setup.seats.length, 2); // from the seats, as players is out of range
  assert.equal(setup.seats[1].controller, "bot:medium");
  assert.equal(setup.seed, "");
  assert.equal(setup.first, 0);
  assert.deepEqual(notes.map((n) => n.split(":")[0]), ["players", "seats", "seed", "first"]);
  assert.match(notes[0], new RegExp(`not a number from ${Math.min(...RULES.players)} to ${Math.max(...RULES.players)}`));
});

test("a parameter given twice is used neither time; unknown ones are named", () => {
  const { setup, notes } = readParams("?seed=1&seed=2&colour=R");
  assert.equal(setup, null);
  assert.match(notes[0], /^The link gives "seed" more than once; it was ignored/);
  assert.match(notes[1], /^The link's parameter "colour" is not one De Stijl knows/);
});

test("a friend game: /?friend seats a Friend, and a level a friend game does not allow plays medium", () => {
  assert.equal(readParams("?friend").setup.seats[1].controller, "friend");
  const { setup, notes } = readParams("?seats=human,friend,expert");
  assert.ok(!RULES.friend_bots.includes("bot:expert"));
  assert.equal(setup.seats[2].controller, "bot:medium");
  assert.match(notes.at(-1), /Seat 3 plays a medium bot\.$/);
});

test("colours: as many letters as the rules give a seat", () => {
  const want = RULES.colors_per_seat[2];
  const { setup, notes } = readParams("?seats=human,easy&colors=RY,B");
  assert.deepEqual(setup.seats[0].colors, ["R", "Y"]);
  assert.equal(want, 2);
  assert.match(notes[0], /^colors: "B" for seat 2 should be 2 letters/);
});
