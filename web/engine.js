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

export class Engine {
  /** Called with {stage: "download" | "start" | "engine", fraction: 0..1} while loading. */
  onprogress = null;
  /** Resolves once Python and the engine are loaded; rejects with an Error otherwise. */
  ready;
  /** How the last start loaded Python: "bytecode" (compiled on an earlier visit) or "source". */
  python = null;

  #worker = null;
  #pending = new Map(); // id -> {resolve, reject}
  #nextId = 1;

  constructor() {
    this.#start();
  }

  /** Send a command; resolves with its result, rejects with an EngineError. */
  call(cmd, args = {}) {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      let json; // the arguments cross as JSON text: a deep object could fail to reach the worker
      try {
        json = JSON.stringify(args ?? {});
      } catch (error) { // a cycle, a BigInt, nesting too deep for JavaScript
        this.#pending.delete(id);
        reject(new EngineError("BadRequest", `request: not expressible as JSON (${String(error?.message ?? error).slice(0, 80)})`));
        return;
      }
      this.#worker.postMessage({ id, cmd, json });
    });
  }

  /** Drop the worker (pending calls reject) and load a fresh one; returns the new `ready`. */
  restart() {
    this.terminate();
    this.#start();
    return this.ready;
  }

  /** Stop the worker; pending calls reject with EngineError type "Terminated". */
  terminate() {
    this.#worker?.terminate();
    this.#rejectAll(new EngineError("Terminated", "The engine was stopped."));
  }

  #start() {
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.#worker = worker;
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
      } else if (data.type === "ready") {
        clearTimeout(timer);
        this.python = data.python; // "bytecode" (saved by an earlier visit) or "source"
        settle.resolve();
      } else if (data.type === "failed") {
        fail(data.message);
      } else {
        this.#reply(data);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== this.#worker) return;
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
