// The rating's logic (web/app/rating/glicko.js): run by `node --test tests/node/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { gameResults, ratingText, START, update } from "../../web/app/rating/glicko.js";

test("Glickman's worked example (2013): 1500/200/0.06 against three players", () => {
  const after = update({ rating: 1500, rd: 200, vol: 0.06 }, [
    { rating: 1400, rd: 30, score: 1 }, { rating: 1550, rd: 100, score: 0 },
    { rating: 1700, rd: 300, score: 0 }]);
  assert.ok(Math.abs(after.rating - 1464.06) < 0.1, after.rating);
  assert.ok(Math.abs(after.rd - 151.52) < 0.1, after.rd);
  assert.ok(Math.abs(after.vol - 0.05999) < 0.0001, after.vol);
});

test("a win raises the rating and a loss lowers it; the uncertainty shrinks", () => {
  const win = update(START, [{ rating: 1564, rd: 50, score: 1 }]);
  const loss = update(START, [{ rating: 1564, rd: 50, score: 0 }]);
  assert.ok(win.rating > START.rating && loss.rating < START.rating);
  assert.ok(win.rd < START.rd && loss.rd < START.rd);
  const strong = update(START, [{ rating: 1935, rd: 50, score: 1 }]);
  assert.ok(strong.rating > win.rating, "beating a stronger level gains more");
});

const view = (controllers, totals, winners) => ({
  is_over: true, seats: controllers.map((controller) => ({ controller })),
  result: { seats: totals.map((total) => ({ total })), winners } });
const LADDER = { "bot:medium": 1564, "bot:easy": 1000 };
const ratingOf = (c) => LADDER[c];

test("only a finished game of one person against rated levels counts", () => {
  assert.deepEqual(gameResults(view(["human", "bot:medium", "bot:easy"], [20, 22, 15], [1]), ratingOf),
    [{ rating: 1564, rd: 50, score: 0 }, { rating: 1000, rd: 50, score: 1 }]);
  assert.equal(gameResults(view(["human", "human"], [1, 2], [1]), ratingOf), null);
  assert.equal(gameResults(view(["human", "bot:mine"], [1, 2], [1]), ratingOf), null);
  assert.equal(gameResults({ ...view(["human", "bot:easy"], [1, 2], [1]), is_over: false }, ratingOf), null);
});

test("a tie on points goes by the tie-break", () => {
  const [r] = gameResults(view(["human", "bot:easy"], [10, 10], [0]), ratingOf);
  assert.equal(r.score, 1);
  const [s] = gameResults(view(["human", "bot:easy"], [10, 10], [0, 1]), ratingOf);
  assert.equal(s.score, 0.5);
});

test("the text: 1480 ± 90, up 24", () => {
  assert.equal(ratingText({ rating: 1480.2, rd: 45 }), "1480 ± 90");
  assert.equal(ratingText({ rating: 1480, rd: 45 }, { rating: 1456, rd: 50 }), "1480 ± 90, up 24");
  assert.equal(ratingText({ rating: 1450, rd: 45 }, { rating: 1458, rd: 50 }), "1450 ± 90, down 8");
});

test("a counted game where nothing can be stored says so, not a bare \"up 43\" (issue 61)", async () => {
  const { createRating } = await import("../../dist/app/rating/control.js");
  const blocked = { getItem: () => null, setItem: () => { throw new Error("SecurityError: storage blocked"); } };
  const had = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
  Object.defineProperty(globalThis, "localStorage", { value: blocked, configurable: true });
  try {
    let state = { rating: null, ratingLine: null };
    const rating = createRating({ get: () => state, up: (change) => { state = change(state); } });
    const game = { ...view(["human", "bot:medium"], [20, 10], [0]), record: { seed: 5, deal: [1, 2] } };
    rating.ended(game);
    assert.match(state.ratingLine.text, /^Your rating: \d+ ± \d+, up \d+, for this visit only: this browser does not let the page store it$/);
  } finally {
    if (had) Object.defineProperty(globalThis, "localStorage", had);
    else delete globalThis.localStorage;
  }
});
