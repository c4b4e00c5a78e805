// Today's Painting's tab guard (web/app/daily/guard.js): run by `node --test tests/node/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createGuard } from "../../web/app/daily/guard.js";

/** Web Locks as the browser keeps them: a name is held until its callback's promise settles. */
function fakeLocks() {
  const held = new Set();
  return {
    held,
    async request(name, _options, callback) {
      await null; // the browser grants a lock in a later task, never within request()
      if (held.has(name)) return callback(null);
      held.add(name);
      try { return await callback({ name }); } finally { held.delete(name); }
    },
  };
}

/** localStorage as a Map. */
function fakeStorage() {
  const items = new Map();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, String(v)),
    removeItem: (k) => void items.delete(k) };
}

test("one tab holds a date's lock; a second tab is refused until the first releases it", async () => {
  const locks = fakeLocks();
  const first = createGuard({ locks }), second = createGuard({ locks });
  assert.equal(await first.claim("2026-12-07"), true);
  assert.equal(await second.claim("2026-12-07"), false);
  first.release();
  await new Promise((r) => setImmediate(r));
  assert.equal(await second.claim("2026-12-07"), true);
});

test("a daily left while its lock is still being claimed holds no lock afterwards", async () => {
  const locks = fakeLocks();
  const guard = createGuard({ locks });
  const claimed = guard.claim("2026-12-07");
  guard.release(); // left before the lock came
  assert.equal(await claimed, false);
  await new Promise((r) => setImmediate(r));
  assert.equal(guard.holds(), null);
  assert.equal(locks.held.size, 0, "the lock is freed");
});

test("without Web Locks: a claim released while it waits leaves no claim in storage", async () => {
  const storage = fakeStorage();
  const guard = createGuard({ locks: null, storage });
  const claimed = guard.claim("2026-12-07");
  guard.release();
  assert.equal(await claimed, false);
  assert.equal(guard.holds(), null);
  assert.equal(storage.items.size, 0);
  const other = createGuard({ locks: null, storage });
  assert.equal(await other.claim("2026-12-07"), true, "another tab may claim the date");
  other.release();
});
