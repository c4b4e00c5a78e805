// Each mode of play driven through the real controller (controller.js and its parts, run
// from the built site) without a browser: a fake engine (fakes/table.mjs: a 4-move game of
// you against a bot level), a storage in memory, and the intents a person's input sends.
// For each mode: its start, a move, Undo refused or allowed, its end, keep and resume, and
// the provenance saved with it (docs/web.md, "Modes").
import assert from "node:assert/strict";
import { test } from "node:test";
import { fakeEngine, fakeStore, freshWindow, newRecord, settle, TOTAL } from "./fakes/table.mjs";

freshWindow();
const { createController } = await import("../../dist/app/controller.js");
const { createState } = await import("../../dist/app/state.js");
const { teachState } = await import("../../dist/app/teach/state.js");
const { later } = await import("../../dist/app/lazy.js");
const { pack } = await import("../../dist/app/link/codec.js");
const { NO_UNDO } = await import("../../dist/app/words.js");

const CLAIM_KEY = "destijl.daily.tab"; // daily/guard.js, without Web Locks
const DIST = new URL("../../dist/app/", import.meta.url);

/** A page: the real controller on a fresh store, the fake engine, this tab's storage kept across pages if `keep`. */
function page({ keep = false, engine = fakeEngine(), hash = "" } = {}) {
  if (!keep) freshWindow();
  const store = fakeStore({ ...createState("full", { teach: teachState() }), engine: { status: "ready" }, speed: "fast" });
  const parts = { friends: later(() => import(new URL("friends/control.js", DIST))), daily: later(() => import(new URL("daily/play.js", DIST))),
    art: later(async () => ({ download() {} })) };
  const location = { hash, search: "", pathname: "/", href: `http://127.0.0.1/${hash}` };
  const controller = createController({ engine, store, mode: "full", parts, location });
  return { engine, get: store.get, dispatch: controller.dispatch, asked: (cmd) => engine.calls.filter(([c]) => c === cmd).length };
}

/** Wait until `ok()` holds (the controller's engine calls and the bots' pauses are async). */
async function until(ok, what) {
  for (let i = 0; i < 400 && !ok(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.ok(ok(), `waited for ${what}`);
}

/** Your move: pick the first Gallery card and place it; then the bot answers. */
async function myMove(p) {
  const ply = p.get().view.ply;
  p.dispatch({ type: "pick", card: p.get().view.gallery[0].card });
  p.dispatch({ type: "place", x: ply, y: 0 });
  await until(() => p.get().view.ply >= ply + 2 || p.get().view.is_over, "the bot's answer");
}

const saved = () => Object.keys(window.localStorage).filter((k) => k.startsWith("destijl.game.")).map((k) => JSON.parse(window.localStorage.getItem(k)));
const rating = () => JSON.parse(window.localStorage.getItem("destijl.rating") || "null");

test("normal: Start game deals here, a move and the bot's answer, Undo allowed, kept and resumed as dealt here", async () => {
  const p = page();
  p.dispatch({ type: "start" });
  await until(() => p.get().view, "the deal");
  assert.equal(p.get().origin, "normal");
  await myMove(p);
  assert.equal(p.asked("play"), 2); // yours, then the bot's (bot_move chose it)
  p.dispatch({ type: "undo" });
  await until(() => p.asked("undo") === 1, "Undo");
  assert.equal(p.get().view.ply, 0);
  await myMove(p);
  const [save] = saved();
  assert.deepEqual([save.origin, save.moves], ["normal", 2]);
  const again = page({ keep: true }); // another page load resumes it from the list
  again.dispatch({ type: "resume-saved", id: save.id });
  await until(() => again.get().view?.ply === 2, "the resumed game");
  assert.equal(again.get().origin, "normal");
});

test("normal: played to its end with no Undo against a rated level, it counts for the rating", async () => {
  const p = page();
  p.dispatch({ type: "start" });
  await until(() => p.get().view, "the deal");
  while (!p.get().view.is_over) await myMove(p);
  assert.equal(p.get().view.ply, TOTAL);
  assert.equal(rating().history.length, 1);
  assert.match(p.get().ratingLine.text, /^Your rating: \d+ ± \d+, up \d+$/);
});

test("practice: dealt here from a date, Undo allowed, kept with its daily tag and origin", async () => {
  const p = page();
  p.dispatch({ type: "daily-practice", date: "2026-12-01" });
  await until(() => p.get().view, "the practice deal");
  assert.deepEqual([p.get().daily.practice, p.get().origin], [true, "practice"]);
  await myMove(p);
  p.dispatch({ type: "undo" });
  await until(() => p.asked("undo") === 1, "Undo");
  const [save] = saved();
  assert.deepEqual([save.origin, save.daily.date, save.daily.practice], ["practice", "2026-12-01", true]);
});

test("daily (scored): today's deal, Undo refused with its reason (the engine never asked), rated at its end, the tab lock let go", async () => {
  const p = page();
  p.dispatch({ type: "daily-open" });
  await until(() => p.get().view, "today's deal");
  assert.deepEqual([p.get().daily.practice, p.get().origin], [false, "daily"]);
  await myMove(p);
  p.dispatch({ type: "undo" });
  await settle();
  assert.equal(p.asked("undo"), 0);
  assert.equal(p.get().error, NO_UNDO);
  while (!p.get().view.is_over) await myMove(p);
  assert.equal(rating().history.length, 1); // dealt here, no Undo, against a rated level
  assert.equal(window.localStorage.getItem(CLAIM_KEY), null); // over: another tab may open it
  assert.deepEqual([saved()[0].origin, saved()[0].daily.practice], ["daily", false]);
});

test("a game link: opened in the replay viewer, closed, played to its end here: never rated, and says why", async () => {
  const record = { ...newRecord("bot:expert", 99), moves: [{ card: 1, x: 0, y: 0, rotation: 0 }, { card: 2, x: 1, y: 0, rotation: 0 }] };
  const payload = await pack(JSON.stringify(record));
  const p = page({ hash: `#g=${payload}` });
  p.dispatch({ type: "link-changed" });
  await until(() => p.get().replay, "the replay viewer at the link's last move");
  assert.equal(p.get().origin, "link");
  p.dispatch({ type: "place", x: 5, y: 5 }); // the replay viewer takes no move
  p.dispatch({ type: "undo" });
  await settle();
  assert.deepEqual([p.asked("play"), p.asked("undo")], [0, 0]);
  p.dispatch({ type: "replay-close" });
  while (!p.get().view.is_over) await myMove(p);
  assert.deepEqual([rating()?.history.length ?? 0, p.get().rating.history.length], [0, 0]);
  assert.match(p.get().ratingLine.text, /\(a game opened from a link does not count\)$/);
  assert.equal(saved()[0].origin, "link");
});

test("an imported record played to its end here: never rated", async () => {
  const p = page();
  const text = JSON.stringify(newRecord("bot:expert", 5));
  p.engine.call = ((call) => (cmd, args) => (cmd === "view" && args.record_text ? call(cmd, { record: JSON.parse(args.record_text) }) : call(cmd, args)))(p.engine.call);
  p.dispatch({ type: "import-file", file: { name: "game.json", size: text.length, text: async () => text } });
  await until(() => p.get().view, "the imported game");
  assert.equal(p.get().origin, "import");
  while (!p.get().view.is_over) await myMove(p);
  assert.deepEqual([rating()?.history.length ?? 0, p.get().rating.history.length], [0, 0]);
  assert.match(p.get().ratingLine.text, /\(an imported game does not count\)$/);
});

test("replay: it shows an earlier position, takes no move and no Undo, and the bots carry on when it closes", async () => {
  const p = page();
  p.dispatch({ type: "start" });
  await until(() => p.get().view, "the deal");
  await myMove(p);
  p.dispatch({ type: "tour-end" }); // the guided first game over: Escape is the viewer's
  p.dispatch({ type: "replay-open" });
  await until(() => p.get().replay, "the viewer");
  p.dispatch({ type: "replay-to", to: "start" });
  await until(() => p.get().replay.ply === 0, "the start of the game");
  const plays = p.asked("play");
  p.dispatch({ type: "pick", card: p.get().view.gallery[0].card });
  p.dispatch({ type: "place", x: 9, y: 9 });
  p.dispatch({ type: "undo" });
  await settle();
  assert.deepEqual([p.asked("play"), p.asked("undo"), p.get().held], [plays, 0, null]);
  p.dispatch({ type: "escape" }); // closes the viewer
  assert.equal(p.get().replay, null);
  await myMove(p);
  assert.equal(p.get().view.ply, 4);
});

test("friend: a bot seated here moves through the friend engine; the table keeps no save of it, and it is not rated", async () => {
  const engine = fakeEngine({ bot: "bot:medium" });
  const p = page({ engine });
  const record = { ...newRecord("bot:medium"), format: "destijl-friend/2", moves: [{ card: 1, x: 0, y: 0, rotation: 0 }] };
  engine.call = ((call) => (cmd, args) => {
    if (cmd !== "friend_play") return call(cmd, args);
    engine.calls.push([cmd, args]);
    return call("play", args).then((view) => ({ view, record: view.record, seat: 0, secret: "s", game: "g1", next: { kind: "move", seat: 0 }, link_for: null }));
  })(engine.call);
  const { viewOf } = await import("./fakes/table.mjs");
  p.dispatch({ type: "bots-retry" }); // nothing on the table yet: no bot moves
  const view = viewOf(record);
  Object.assign(p.get(), { screen: "table", view, origin: "friend",
    friend: { key: "g1", game: "g1", seat: 0, secret: "s", record, next: { kind: "move", seat: 1 }, link: null, linkFor: [], note: "" } });
  p.dispatch({ type: "bots-retry" }); // the bot of seat 1 moves on this device
  await until(() => p.asked("friend_play") === 1, "the friend engine");
  await until(() => p.get().view.ply === 2, "the friend game's new view");
  assert.equal(p.asked("play"), 1); // the fake friend engine's own play, not the table's
  assert.equal(saved().length, 0);
  assert.equal(JSON.parse(window.localStorage.getItem("destijl.friend.g1")).game, "g1");
  p.dispatch({ type: "hint" });
  await settle();
  assert.equal(p.get().teach.hint, null); // no Hint in a friend game
});
