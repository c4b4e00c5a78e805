// Provenance (docs/web.md, "Modes", "Provenance"): a game saved with how it came to this
// device, old saves without the field loaded as what is safe, and only a game dealt here in
// a rated mode counting for the rating. Storage is a fake localStorage; run from the built site.
import assert from "node:assert/strict";
import { test } from "node:test";

class FakeStorage {
  constructor() { this.data = new Map(); }
  getItem(k) { return this.data.has(k) ? this.data.get(k) : null; }
  setItem(k, v) { this.data.set(k, String(v)); }
  removeItem(k) { this.data.delete(k); }
  keys() { return [...this.data.keys()]; }
}
const local = new FakeStorage();
// Object.keys(localStorage) lists the keys, as the browser's does
globalThis.window = { localStorage: new Proxy(local, { ownKeys: (t) => t.keys(), getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }) }),
  sessionStorage: new FakeStorage() };

const { loadGame, saveGame } = await import("../../dist/app/saved-games.js");
const { unratedWhy, ORIGINS } = await import("../../dist/app/mode.js");
const { modeOf } = await import("../../dist/app/modes.js");

const record = { format: "destijl-record/1", seed: 7, seats: [{ name: "You", controller: "human" }, { name: "Piet", controller: "bot:expert" }], moves: [] };
const put = (id, fields) => local.setItem(`destijl.game.${id}`, JSON.stringify({ format: "destijl-save/1", id, mode: "full", moves: 0,
  savedAt: "2026-11-01T09:00:00.000Z", over: false, seats: record.seats, writer: "earlier", record, ...fields }));

test("a game is saved with its origin and loads with it", () => {
  for (const origin of ["normal", "link", "import", "daily"]) {
    const saved = saveGame("full", `g-${origin}`, record, { origin });
    assert.equal(saved.ok, true);
    assert.equal(loadGame(saved.id).save.origin, origin);
  }
  assert.equal(loadGame(saveGame("full", "g-odd", record, { origin: "martian" }).id).save.origin, "unknown");
});

test("an old save without the field loads as what is safe: unknown, unless provably dealt here", () => {
  put("old-plain", {});
  put("old-daily", { daily: { date: "2026-11-01", practice: false, number: 3 } });
  put("old-practice", { daily: { date: "2026-11-01", practice: true, number: 3 } });
  put("old-link", { shared: { kind: "replay", number: null, day: null } });
  assert.equal(loadGame("old-plain").save.origin, "unknown");
  assert.equal(loadGame("old-daily").save.origin, "daily");
  assert.equal(loadGame("old-practice").save.origin, "practice");
  assert.equal(loadGame("old-link").save.origin, "link");
  assert.equal(loadGame("old-plain").save.damaged, null); // a missing field is no damage
  put("bad-origin", { origin: 42 });
  assert.equal(loadGame("bad-origin").save.origin, "unknown");
  assert.match(loadGame("bad-origin").save.damaged, /origin/);
});

test("only a game dealt here in a rated mode counts; a link's, an import's, the viewer's never do", () => {
  const table = (extra) => ({ replay: null, friend: null, daily: null, dialog: null, ...extra });
  const normal = modeOf(table());
  assert.equal(unratedWhy(normal, "normal"), null);
  assert.equal(unratedWhy(normal, "link"), "a game opened from a link does not count");
  assert.equal(unratedWhy(normal, "import"), "an imported game does not count");
  assert.equal(unratedWhy(normal, "replay"), "a game opened in the replay viewer does not count");
  assert.match(unratedWhy(normal, "unknown"), /saved before/);
  const daily = modeOf(table({ daily: { date: "2026-11-01", practice: false } }));
  assert.equal(unratedWhy(daily, "daily"), null);
  assert.notEqual(unratedWhy(daily, "normal"), null); // a daily tag on a game not dealt as one
  assert.notEqual(unratedWhy(modeOf(table({ friend: { seat: 0 } })), "friend"), null); // never rated
  assert.ok(ORIGINS.includes("puzzle"));
});
