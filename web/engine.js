// The engine seen from the page: one Promise per request to the worker (web/worker.js).
//
//   const engine = new Engine();
//   engine.onprogress = ({ stage, fraction, received, total }) => showProgress(fraction);
//   await engine.ready;                       // rejects with an Error if Python cannot load
//   const view = await engine.call("new_game", { seed: 7 });
//   try { await engine.call("play", { record, move }); }
//   catch (e) { if (e instanceof EngineError) explain(e.type, e.message); }
//   await engine.restart();                   // the "Retry" button
//
// Python runs in the worker, bots included, so the page never freezes.

import { TEST_HOOKS } from "./app/test-hooks.js";
import { SITE_ROOT } from "./app/site.js";
import { scriptURL } from "./app/trusted.js";

/** A reply with ok: false (`type` is "IllegalMove", "BadRecord", "InternalError", ...). */
export class EngineError extends Error {
  constructor(type, message) {
    super(message);
    this.name = "EngineError";
    this.type = type;
  }
}

/** Start-up fails if the worker reports nothing for this long (it has its own watchdog). */
const SILENCE_MS = 75_000;
/** ... and much sooner if it never says a first word (worker.js itself did not load). */
const FIRST_WORD_MS = 12_000;

/**
 * Deadlines of engine calls, in ms from the moment the engine is ready. A bot thinks up
 * to ~1.2 s (hard) and a slow machine may take many times that; the daily's par game
 * (`daily_result`: the hard bot plays a whole game) a few seconds; anything else answers
 * in milliseconds. A call past its deadline means the worker died or hangs: it is
 * replaced (see `onlost`). In a build with test hooks (app/test-hooks.js; never a
 * deploy), `?debug=engine` in the page's URL shortens every deadline to DEBUG_DEADLINE_MS
 * and exposes `window.destijlDebug` for the tests: `killWorker()` stops the worker as a
 * crash would; `failWith(type)` makes every later call fail with that error type, as a
 * broken engine answers (`failWith(null)` ends it).
 */
export const DEADLINES = { bot_move: 20_000, daily_result: 60_000, default: 10_000 };
const DEBUG = TEST_HOOKS && /(^|[?&])debug=engine(&|$)/.test(globalThis.location?.search ?? "");
const DEBUG_DEADLINE_MS = 4_000;

export class Engine {
  /** Called with {stage: "download" | "start" | "engine", fraction: 0..1} while loading. */
  onprogress = null;
  /** Resolves once Python and the engine are loaded; rejects with an Error otherwise. */
  ready;
  /**
   * Called with a message when a worker that was ready dies or misses a deadline. The
   * engine has already started a fresh worker (`ready` is new); the pending calls were
   * rejected with EngineError type "EngineLost".
   */
  onlost = null;
  /**
   * How the current worker started Python: {snapshot: "restored" | "made" | "none" |
   * "stored" | "unstored", reason, ...} (worker.js; docs/web.md "Memory snapshot"), null
   * until it says; `onboot` is called with each news.
   */
  boot = null;
  onboot = null;

  #worker = null;
  #pending = new Map(); // id -> {resolve, reject}
  #nextId = 1;
  #failWith = null; // test hooks only: the error type every call fails with

  constructor() {
    this.#start();
    if (DEBUG) {
      globalThis.destijlDebug = { killWorker: () => this.#worker?.terminate(),
        failWith: (type) => { this.#failWith = type; } };
    }
  }

  /**
   * Send a command; resolves with its result, rejects with an EngineError. The call has
   * a deadline (DEADLINES) counted from when the engine is ready.
   */
  call(cmd, args = {}) {
    const id = this.#nextId++;
    const worker = this.#worker;
    if (this.#failWith) return Promise.reject(new EngineError(this.#failWith, `${cmd}: an ${this.#failWith}, made on purpose (destijlDebug.failWith)`));
    const limit = DEBUG ? DEBUG_DEADLINE_MS : DEADLINES[cmd] ?? DEADLINES.default;
    let json; // the arguments cross as JSON text: a deep object could fail to reach the worker
    try {
      json = JSON.stringify(args ?? {});
    } catch (error) { // a cycle, a BigInt, nesting too deep for JavaScript
      return Promise.reject(new EngineError("BadRequest", `request: not expressible as JSON (${String(error?.message ?? error).slice(0, 80)})`));
    }
    return new Promise((resolve, reject) => {
      let timer = 0;
      const done = () => clearTimeout(timer);
      this.#pending.set(id, {
        resolve: (value) => { done(); resolve(value); },
        reject: (error) => { done(); reject(error); },
      });
      this.ready.then(() => {
        if (!this.#pending.has(id) || worker !== this.#worker) return;
        timer = setTimeout(() => {
          if (this.#pending.has(id) && worker === this.#worker) {
            this.#lost(`the engine did not answer "${cmd}" within ${limit / 1000} s`);
          }
        }, limit);
      }, () => {});
      worker.postMessage({ id, cmd, json });
    });
  }

  /** Drop the worker (pending calls reject) and load a fresh one; returns the new `ready`. */
  restart() {
    this.terminate();
    this.#start();
    return this.ready;
  }

  /** Stop the worker; pending calls reject with EngineError type "Terminated". */
  terminate(type = "Terminated", message = "The engine was stopped.") {
    this.#worker?.terminate();
    this.#rejectAll(new EngineError(type, message));
  }

  /** A ready worker died or hangs: reject what it owed, start a fresh one, tell `onlost`. */
  #lost(message) {
    this.terminate("EngineLost", `The game engine stopped: ${message}.`);
    this.#start();
    this.onlost?.(message);
  }

  #start() {
    const worker = new Worker(scriptURL(new URL("worker.js", SITE_ROOT)), { type: "module" });
    this.#worker = worker;
    this.boot = null;
    let settle;
    this.ready = new Promise((resolve, reject) => {
      settle = { resolve, reject };
    });
    this.ready.catch(() => {}); // whoever awaits `ready` sees the rejection; no "unhandled" noise
    let timer;
    const fail = (message) => {
      clearTimeout(timer);
      settle.reject(new Error(message));
      this.#rejectAll(new EngineError("EngineUnavailable", message));
    };
    const listen = () => {
      clearTimeout(timer);
      timer = setTimeout(() => fail(`The engine did not answer for ${SILENCE_MS / 1000} s.`),
        SILENCE_MS);
    };
    timer = setTimeout(() => fail(`The engine worker did not start within ${FIRST_WORD_MS / 1000} s `
      + "(its script did not load)."), FIRST_WORD_MS);
    worker.onmessage = ({ data }) => {
      if (worker !== this.#worker) return;
      if (data.type === "progress") {
        listen();
        this.onprogress?.({ stage: data.stage, fraction: data.fraction, received: data.received, total: data.total });
      } else if (data.type === "boot") {
        this.boot = { ...data };
        this.onboot?.(this.boot);
      } else if (data.type === "ready") {
        clearTimeout(timer);
        settle.resolve();
      } else if (data.type === "failed") {
        fail(data.message);
      } else {
        this.#reply(data);
      }
    };
    let up = false;
    this.ready.then(() => { up = true; }, () => {});
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== this.#worker) return;
      if (up) return this.#lost(`the worker failed (${String(event.message || "no message").slice(0, 80)})`);
      fail(event.message ? `The engine worker failed: ${event.message}`
        : "The engine worker could not be loaded.");
    };
  }

  #reply({ id, ok, result, error }) {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    if (ok) pending.resolve(result);
    else pending.reject(new EngineError(error?.type ?? "InternalError", error?.message ?? ""));
  }

  #rejectAll(error) {
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }
}
