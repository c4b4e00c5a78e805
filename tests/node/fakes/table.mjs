// Fakes for the mode controllers' node tests: a browser storage, an engine that keeps a
// 2-seat game of TOTAL moves (you, seat 0, against a bot level, seat 1) with the views the
// real engine's fields the controllers read, and the store the controller wraps.

/** A localStorage / sessionStorage in memory; Object.keys() lists its keys, as the browser's does. */
export function fakeStorage() {
  const data = new Map();
  const api = {
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem: (k, v) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
  };
  return new Proxy(api, {
    ownKeys: () => [...data.keys()],
    getOwnPropertyDescriptor: (t, k) => (data.has(k) ? { enumerable: true, configurable: true, value: data.get(k) } : undefined),
    get: (t, k) => t[k],
  });
}

/** Install fresh storages as the page's (saved-games.js and prefs.js read `window`). */
export function freshWindow() {
  globalThis.window = { localStorage: fakeStorage(), sessionStorage: fakeStorage() };
  globalThis.localStorage = window.localStorage; // rating/store.js and others name it bare
  globalThis.document ??= { documentElement: { dataset: {} } }; // control/bots.js marks <html data-bots>
  globalThis.history ??= { replaceState() {} }; // control/links.js takes the link out of the address
  return globalThis.window;
}

export const TOTAL = 4; // moves in the fake game: you, the bot, you, the bot

/** The engine's view of `record` (the fields the controllers and their words read). */
export function viewOf(record) {
  const n = record.moves.length;
  const over = n >= TOTAL;
  const seats = record.seats.map((s) => ({ ...s, colors: ["R"] }));
  const totals = [2 * Math.ceil(n / 2), Math.floor(n / 2)];
  const tally = { seats: totals.map((total) => ({ strokes: 1, largest: 1, total })) };
  return {
    record: over ? { ...record, result: { winners: [0] } } : record, ply: n, is_over: over, round: 1, rounds: 1,
    current_seat: over ? null : n % 2, seats, painting: [], gallery: [{ card: 7 + n, faces: [] }], legal: {},
    last_move: n ? { ...record.moves[n - 1], seat: (n - 1) % 2 } : null,
    undo_seats: !over && n % 2 === 0 && n > 0 ? [0] : [], tally,
    result: over ? { winners: [0], seats: tally.seats } : null, rotations: [0], bounds: [0, 0, 2, 2],
  };
}

/** A record of a new fake game: you against `bot` (a bot level's controller). */
export function newRecord(bot = "bot:expert", seed = 11) {
  return { format: "destijl-record/1", seed, deal: [seed], options: { players: 2, rotations: true },
    first_player: 0, seats: [{ name: "You", controller: "human" }, { name: "Piet", controller: bot }], moves: [] };
}

/** The fake engine: `calls` lists what was asked ([cmd, args]). */
export function fakeEngine({ bot = "bot:expert" } = {}) {
  const calls = [];
  const answers = {
    new_game: () => viewOf(newRecord(bot)),
    daily: ({ date }) => ({ number: 3, view: viewOf({ ...newRecord(bot, 3), seed: `daily-${date}` }) }),
    play: ({ record, move }) => viewOf({ ...record, moves: [...record.moves, move] }),
    bot_move: ({ record }) => ({ move: { card: 7 + record.moves.length, x: record.moves.length, y: 0, rotation: 0 } }),
    undo: ({ record }) => viewOf({ ...record, moves: record.moves.slice(0, -2) }),
    view: ({ record, ply = record.moves.length }) => viewOf({ ...record, moves: record.moves.slice(0, ply) }),
    link_open: ({ text }) => ({ kind: "replay", view: viewOf(JSON.parse(text)) }),
    history: ({ record }) => ({ record, plies: [] }),
  };
  return {
    calls,
    ready: Promise.resolve(),
    call(cmd, args) {
      calls.push([cmd, args]);
      return answers[cmd] ? Promise.resolve(answers[cmd](args)) : Promise.reject(new Error(`no fake for ${cmd}`));
    },
  };
}

/** A store like app.js's: `get()` and `update(fn, ...args)`. */
export function fakeStore(state) {
  let s = state;
  return { get: () => s, update: (fn, ...args) => (s = fn(s, ...args)) };
}

/** Wait until the promises already begun have settled (the controllers' async steps). */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
