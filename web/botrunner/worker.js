// The Bot Lab's worker (docs/bots.md, "Safety"): Pyodide with the engine, and one person's
// bot for one match. runner.js starts it as a (classic) worker from a blob: URL in an opaque
// origin, so it has no storage and, by the sandbox's policy, no network: everything comes
// in the "boot" message as Blobs, Pyodide's two scripts (imported from blob: URLs) and its
// two big files (read here, in the worker, never on the page's main thread).
//   in:  {type: "boot", pyodide, asm, lockFile, wasm, python, snapshot?, module?}
//        {type: "load", id, code}, {type: "choose", id, state, seed}
//   out: {type: "alive"} once loaded, {type: "ready", snapshot?, module?, python?} | {type: "failed", message};
//        {id, ok, move?, ms?, error?}
// What a bot answers is rebuilt here, off the page's main thread, before it is posted: a
// move as {card, x, y, rotation} of small integers, an error as a clipped kind and clipped
// texts, and no message over MAX_MESSAGE characters (a patched `sandbox_choose` may return
// any text: a 400-million-character "move" once made a 3.2 s task on the Lab page's thread).
// Python starts from `snapshot` when there is one (Pyodide's memory snapshot of a worker
// like this one, made just after `import destijl.bots.user`, before any bot's code: no
// bot's state in it), else from nothing; started from nothing, it makes that snapshot
// before it is sealed and hands it over with "ready" (runner.js keeps the first one), with
// the WebAssembly.Module it compiled from `wasm`: later workers instantiate that `module`
// instead of compiling the 9.6 MB again, and the Python zip it inflated (`python`, a Blob:
// later workers read it as it is instead of inflating it again).
//
// Sealed before the bot's code runs (`seal`): no way to start another worker or load a
// script (Worker, SharedWorker, importScripts, new Trusted Types policies are gone), only
// this file's own code may post to the runner, and nothing runs between moves: every
// callback a bot can schedule (timers, promise reactions, microtasks, message and event
// listeners) runs only while a request is being answered. One that comes due between moves
// waits for the start of the next request, which first lets all of that work run to its
// end (`settle`: a promise's result, and the steps Pyodide's scheduler takes to hand it to
// Python, reach the bot before its move), then asks the bot. Work the bot leaves running
// after its answer waits again; all of it counts in the move's time.

const post = self.postMessage.bind(self);
// Pyodide refuses to start in a classic worker where importScripts works (it probes it with
// a data: URL, which a host that sends no policy allows): this worker imports no script.
Object.defineProperty(globalThis, "importScripts", { value: undefined, writable: false, configurable: false });
const CLIP = 2000; // characters of an error's message or trace sent on
const KIND_CLIP = 40; // characters of an error's kind
const MAX_ANSWER = 100_000_000; // characters of the bot's JSON answer that are read at all
const MAX_MESSAGE = 8_000; // characters of any answer posted on (its JSON)
const SMALL = 1_000_000; // a move's numbers are integers within ±SMALL

// Trusted Types: no script URL at all (a bot cannot make this worker load one).
globalThis.trustedTypes?.createPolicy?.("default", {
  createScriptURL: () => {
    throw new TypeError("the bot's worker loads no scripts");
  },
});

const rawTimeout = globalThis.setTimeout.bind(globalThis); // before gateScheduling wraps it
const SETTLE_ROUNDS = 64; // at most this many tasks of the bot's own work before each move
const WAITING_MAX = 10_000; // callbacks kept between moves; past that they are dropped
let busy = true; // answering a request (or starting): callbacks run now, else they wait
let ran = 0; // callbacks run so far (a repeating timer's ticks not counted): `settle` stops when none ran
const waiting = []; // callbacks that came due between moves

/**
 * `fn` as a callback that runs only while busy; between moves it waits for the next request.
 * A `repeating` one (setInterval) waits once however often it comes due, and its ticks do
 * not keep `settle` going; any other waits once per call (a promise reaction, an event).
 */
function gated(fn, repeating = false) {
  if (typeof fn !== "function") return fn;
  let queued = false;
  return function gate(...args) {
    if (busy) {
      if (!repeating) ran += 1;
      return fn.apply(this, args);
    }
    if ((repeating && queued) || waiting.length >= WAITING_MAX) return undefined;
    queued = true;
    return new Promise((resolve, reject) => {
      waiting.push(() => {
        queued = false;
        if (!repeating) ran += 1;
        try {
          resolve(fn.apply(this, args));
        } catch (error) {
          reject(error);
        }
      });
    });
  };
}

/** Run the callbacks that came due between moves (at the start of a request). */
function drain() {
  for (const run of waiting.splice(0)) {
    try {
      run();
    } catch {
      // the bot's own callback failed: its business
    }
  }
}

/** One task of the event loop: what was queued before it (a timer, a port's message) runs first. */
const nextTask = () => new Promise((resolve) => { rawTimeout(resolve, 0); });

/**
 * At the start of a request (busy), once the request's own message has reached every
 * listener (the bot's too: one task later): run what came due between moves, then let the work it
 * sets off run, task after task, until a task passes in which nothing ran (or SETTLE_ROUNDS
 * tasks passed: a bot that schedules work without end gets no more). The number of rounds,
 * not the clock, bounds it; the runner's time limit covers it.
 */
async function settle() {
  await nextTask();
  drain();
  for (let round = 0; round < SETTLE_ROUNDS; round += 1) {
    const before = ran;
    await nextTask();
    if (ran === before && !waiting.length) return;
  }
}

/** Wrap every way of scheduling work so that nothing runs between moves (see above). */
function gateScheduling() {
  const wrapFirst = (owner, name) => {
    const original = owner[name];
    if (typeof original !== "function") return;
    Object.defineProperty(owner, name, {
      value: function scheduled(callback, ...rest) { return original.call(this, gated(callback, name === "setInterval"), ...rest); },
      writable: false, configurable: false,
    });
  };
  wrapFirst(globalThis, "setTimeout");
  wrapFirst(globalThis, "setInterval");
  wrapFirst(globalThis, "queueMicrotask");
  wrapFirst(globalThis, "requestAnimationFrame");
  const then = Promise.prototype.then;
  Object.defineProperty(Promise.prototype, "then", {
    value: function gatedThen(onFulfilled, onRejected) { return then.call(this, gated(onFulfilled), gated(onRejected)); },
    writable: false, configurable: false,
  });
  const listen = EventTarget.prototype.addEventListener;
  Object.defineProperty(EventTarget.prototype, "addEventListener", {
    value: function gatedListen(type, listener, options) {
      const handler = typeof listener === "function" ? gated(listener)
        : listener && typeof listener.handleEvent === "function" ? gated((event) => listener.handleEvent(event)) : listener;
      return listen.call(this, type, handler, options);
    },
    writable: false, configurable: false,
  });
  for (const proto of [globalThis.MessagePort?.prototype, globalThis.BroadcastChannel?.prototype,
    globalThis.FileReader?.prototype, globalThis.AbortSignal?.prototype]) {
    if (!proto) continue;
    for (const key of Object.getOwnPropertyNames(proto)) {
      const described = Object.getOwnPropertyDescriptor(proto, key);
      if (!key.startsWith("on") || !described?.set) continue;
      Object.defineProperty(proto, key, {
        get: described.get,
        set(handler) { described.set.call(this, gated(handler)); },
        configurable: false,
      });
    }
  }
  if (globalThis.scheduler?.postTask) wrapFirst(globalThis.scheduler, "postTask");
}
gateScheduling(); // before Pyodide loads, so its own scheduler is gated too

/** Remove every way out of this worker before the bot's code runs. */
function seal() {
  const gone = (owner, name) => {
    if (!owner || !(name in owner)) return;
    try {
      Object.defineProperty(owner, name, { value: undefined, writable: false, configurable: false });
    } catch {
      // not configurable: leave it (checked by tests/web/test_lab.py)
    }
  };
  for (const name of ["Worker", "SharedWorker", "importScripts", "ServiceWorker", "WebSocket",
    "EventSource", "XMLHttpRequest", "WebTransport", "RTCPeerConnection", "BroadcastChannel"]) gone(globalThis, name);
  gone(globalThis.TrustedTypePolicyFactory?.prototype, "createPolicy");
  gone(globalThis.DedicatedWorkerGlobalScope?.prototype, "postMessage");
  gone(globalThis, "postMessage");
}

let bot = null; // the person's bot (a Python UserBot), once loaded
let user = null; // the Python module destijl.bots.user
let stdlib = null; // the Python zip, inflated (a Blob), handed over with the snapshot

const INDEX_URL = "https://pyodide.invalid/"; // names only: every file is served from memory

/**
 * Start Python (from `snapshot` if given, on the compiled `module` if given) and import the
 * bots' module; resolves with {snapshot, module}: the snapshot made just then when none was
 * given (else null), and the module compiled here when none was given (else null).
 */
async function start({ module, ...files }) {
  const given = module instanceof WebAssembly.Module ? module : null;
  let compiled = given;
  const realInstantiate = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    if (compiled) return { instance: await WebAssembly.instantiate(compiled, imports), module: compiled };
    const result = await realInstantiate.call(WebAssembly, source, imports);
    compiled = result.module;
    return result;
  };
  try {
    const snapshot = await startPython(files);
    return { snapshot, module: given ? null : compiled };
  } finally {
    WebAssembly.instantiateStreaming = realInstantiate;
  }
}

/** Start Python (from `snapshot` if given) and import the bots' module; resolves with a
 * snapshot made just then when none was given (else null). */
async function startPython({ pyodide, asm: asmCode, lockFile, wasm, python, snapshot }) {
  const indexURL = INDEX_URL;
  const pythonURL = `${indexURL}bot-python.zip`;
  const script = (blob) => URL.createObjectURL(new Blob([blob], { type: "text/javascript" }));
  stdlib = await new Response(await inflated(python)).blob(); // inflated once; later workers get it as it is
  const files = {
    [`${indexURL}pyodide.asm.wasm`]: () => new Response(wasm, { headers: { "Content-Type": "application/wasm" } }),
    [pythonURL]: () => new Response(stdlib, { headers: { "Content-Type": "application/zip" } }),
  };
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, indexURL).href;
    if (files[url]) return files[url]();
    return realFetch(input, init); // refused by the runner's policy
  };
  const [{ loadPyodide }, asm] = await Promise.all([import(script(pyodide)), import(script(asmCode))]);
  const options = {
    indexURL, stdLibURL: pythonURL, lockFileContents: lockFile, createPyodideModule: asm.default,
    stdout: () => {}, stderr: () => {},
  };
  if (snapshot) {
    try {
      user = (await loadPyodide({ ...options, _loadSnapshot: snapshot })).pyimport("destijl.bots.user");
      return null;
    } catch {
      // refused (another Pyodide, damaged): start from nothing below
    }
  }
  const maker = await loadPyodide({ ...options, _makeSnapshot: true });
  maker.pyimport("destijl.bots.user");
  let made;
  try {
    made = maker.makeMemorySnapshot(); // before any bot's code
  } catch {
    user = maker.pyimport("destijl.bots.user");
    return null;
  }
  // A Python that makes a snapshot sees JavaScript's globals through a recording proxy
  // (some calls through it fail): the bot gets a Python restored from the snapshot instead.
  user = (await loadPyodide({ ...options, _loadSnapshot: made })).pyimport("destijl.bots.user");
  return made;
}

/** The python zip from the site's gzipped file (web/worker.js does the same): a host may
 * have inflated it already (`Content-Encoding: gzip`), then it is passed on as it is. */
async function inflated(blob) {
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  return head[0] === 0x1f && head[1] === 0x8b ? blob.stream().pipeThrough(new DecompressionStream("gzip")) : blob;
}

/** `text` cut to CLIP characters, saying how many were left out. */
function clip(text) {
  const value = String(text ?? "");
  // the room of "… N more": clipping again (worker, runner, page) leaves a clipped text as it is
  return value.length > CLIP + 30 ? `${value.slice(0, CLIP)}… ${(value.length - CLIP).toLocaleString("en")} more` : value;
}

const failure = (kind, message, line = null, trace = "") => ({ ok: false,
  error: { kind: clip(kind).slice(0, KIND_CLIP), message: clip(message), line: Number.isInteger(line) ? line : null, trace: clip(trace) } });

/** What `value` is, in a few words (never the value itself: it may be huge). */
function what(value) {
  if (typeof value === "string") return `text of ${value.length.toLocaleString("en")} characters`;
  if (Array.isArray(value)) return `a list of ${value.length.toLocaleString("en")} items`;
  if (value && typeof value === "object") return `an object with ${Object.keys(value).length.toLocaleString("en")} fields`;
  return clip(String(value)).slice(0, 40);
}

/** `move` as {card, x, y, rotation} of small integers, or null. */
function moveOf(move) {
  if (!move || typeof move !== "object") return null;
  const picked = { card: move.card, x: move.x, y: move.y, rotation: move.rotation };
  return Object.values(picked).every((v) => Number.isInteger(v) && Math.abs(v) <= SMALL) ? picked : null;
}

/** The bot's JSON `text` read into what may be posted on (see the top of this file). */
function rebuilt(text, type) {
  if (typeof text !== "string") return failure("answer", `Your bot's answer is not text but ${what(text)}`);
  if (text.length > MAX_ANSWER) {
    return failure("answer", `Your bot's answer is ${what(text)}, more than the ${MAX_ANSWER.toLocaleString("en")} that are read`);
  }
  const reply = JSON.parse(text);
  if (!reply?.ok) {
    const { kind = "crash", message = "", line = null, trace = "" } = reply?.error ?? {};
    return failure(String(kind), String(message), line, String(trace));
  }
  if (type === "load") return { ok: true };
  const move = moveOf(reply.move);
  if (!move) return failure("answer", `Your bot's move must be {card, x, y, rotation}, small integers; it is ${what(reply.move)}`);
  return { ok: true, move, ms: Number.isFinite(reply.ms) ? reply.ms : 0 };
}

/** The bot's answer to one request ("load" or "choose"), rebuilt and capped. */
function answer(data) {
  try {
    let reply;
    if (data.type === "load") {
      const result = user.sandbox_load(data.code);
      bot = result.get(0);
      reply = rebuilt(result.get(1), "load");
      result.destroy();
    } else {
      reply = bot ? rebuilt(bot.sandbox_choose(JSON.stringify(data.state), data.seed), "choose")
        : failure("missing", "No bot is loaded");
    }
    return JSON.stringify(reply).length <= MAX_MESSAGE ? reply : failure("answer", "Your bot's answer is too long to pass on");
  } catch (error) {
    return failure("crash", `Your bot crashed Python: ${error?.message ?? error}`);
  }
}

self.onmessage = async ({ data }) => {
  if (data?.type === "boot") {
    try {
      const { snapshot, module } = await start(data);
      seal();
      busy = false;
      post(snapshot ? { type: "ready", snapshot, module, python: stdlib } : { type: "ready" }, snapshot ? [snapshot.buffer] : []);
    } catch (error) {
      post({ type: "failed", message: clip(error?.message ?? error) });
    }
    return;
  }
  if (data?.type !== "load" && data?.type !== "choose") return;
  busy = true;
  await settle(); // the bot's own work first, to its end, in this move's time
  const reply = answer(data);
  post({ ...reply, id: data.id });
  busy = false;
};

post({ type: "alive" });
