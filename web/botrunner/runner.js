// The Bot Lab's sandbox (docs/bots.md, "Safety"): runs a person's bot in workers of its
// own, a fresh one (a fresh Python) for every match, and stops one when a move takes too
// long.
//
// The Lab page (app/lab/sandbox.js) writes this script inline into a small document that
// it shows in <iframe sandbox="allow-scripts">: an opaque origin, so neither the document
// nor its workers have localStorage, IndexedDB or Cache Storage, and the Lab page is
// cross-origin to it. The document carries its own <meta> policy (sandbox.js: this script
// by its hash, blob: workers and scripts, no connection, Trusted Types), so it is as sealed
// on a host that sends no headers. Nothing is fetched: the Lab page hands over every file
// (the worker's code, Pyodide's two scripts and its two big files) as Blobs. It talks only
// to the Lab page (window.parent), by postMessage:
//   in:  {type: "boot", files: {worker, pyodide, asm, wasm, python: Blob}, lockFile}
//        {type: "load", id, lane, code, limitMs}   a fresh worker for `lane` (a match's
//                                        share of the games), then the bot's source
//        {type: "choose", id, lane, state, seed, ply, limitMs}   one move from the public state
//        {type: "end"}                   the match is over or stopped: end every lane's worker
//   out: {type: "hello"} once, {type: "status", text} while Python starts,
//        {type: "reply", id, ok, move?, ms?, error?: {kind, message, line, trace}}
// A worker runs one bot for one match: "load" never reuses a worker a bot has run in (no
// state of one bot reaches another's match), and "end" terminates them all, with anything
// a bot started in them. One spare worker, with Python started but no bot, is kept warm so
// that the next Run starts at once. The first worker starts Python from nothing and hands
// over a memory snapshot made before any bot ran in it (botrunner/worker.js); every later
// worker restores that clean snapshot instead, on the WebAssembly module the first one
// compiled, so a fresh Python per bot costs little.
// Only a worker's "ready", before it is given a bot, may carry one. A move (or the loading of the code) that takes longer
// than limitMs + GRACE_MS ends its worker (an endless loop, a sleep, an allocation without
// end), and so does a bot that ran out of memory or broke Python.

const GRACE_MS = 500;
const BOOT_MS = 60_000; // starting Python in a worker
const CLIP = 2000; // characters of an error's message or trace passed on
const KIND_CLIP = 40; // characters of an error's kind
const SMALL = 1_000_000; // a move's numbers are integers within ±SMALL
const MAX_REQUEST = 2_000_000; // characters of a bot's code, or of a move's public state (JSON)

let boot = null; // the "boot" message: every file a worker needs
let spare = null; // a started worker no bot has run in
let snapshot = null; // Python just after importing the bots' module, from the first worker
let wasmModule = null; // Pyodide's WebAssembly, compiled by that worker
const lanes = new Map(); // lane -> {entry, current: {id, timer} | null}
let policy = null;

const send = (message) => window.parent.postMessage(message, "*");

/** A TrustedScriptURL for a worker's blob: URL (the sandbox requires Trusted Types). */
function trusted(url) {
  const tt = globalThis.trustedTypes;
  if (!tt?.createPolicy) return url;
  policy ??= tt.createPolicy("destijl", {
    createScriptURL: (u) => {
      if (!u.startsWith("blob:")) throw new TypeError("the runner starts only its own worker");
      return u;
    },
  });
  return policy.createScriptURL(url);
}

/** `move` as {card, x, y, rotation} of small integers, or undefined. */
function moveOf(move) {
  if (!move || typeof move !== "object") return undefined;
  const picked = { card: move.card, x: move.x, y: move.y, rotation: move.rotation };
  return Object.values(picked).every((v) => Number.isInteger(v) && Math.abs(v) <= SMALL) ? picked : undefined;
}

/** `text` cut to CLIP characters, saying how many were left out. */
function clip(text) {
  const value = String(text ?? "");
  // the room of "… N more": clipping again (worker, runner, page) leaves a clipped text as it is
  return value.length > CLIP + 30 ? `${value.slice(0, CLIP)}… ${(value.length - CLIP).toLocaleString("en")} more` : value;
}

function fail(id, kind, message) {
  send({ type: "reply", id, ok: false, error: { kind, message: clip(message), line: null, trace: "" } });
}

/** End one lane's worker. */
function kill(lane) {
  const slot = lanes.get(lane);
  if (!slot) return;
  if (slot.current) clearTimeout(slot.current.timer);
  slot.entry.w.terminate();
  lanes.delete(lane);
}

/**
 * A new worker: a classic worker from a blob: URL of this opaque origin (the only workers
 * such a document may start; a module worker is refused there) with the code of
 * botrunner/worker.js, which removes importScripts before Pyodide looks for it. It says {type: "alive"}
 * once loaded, then gets the "boot" message; `ready` settles when Python has started.
 */
function startWorker() {
  const url = URL.createObjectURL(new Blob([boot.files.worker], { type: "text/javascript" }));
  const w = new Worker(trusted(url), { name: "bot" });
  URL.revokeObjectURL(url);
  const entry = { w, lane: null };
  entry.ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Python did not start within ${BOOT_MS / 1000} s`)), BOOT_MS);
    entry.started = (data) => {
      clearTimeout(timer);
      if (data.type === "ready") resolve();
      else reject(new Error(data.message));
    };
  });
  entry.ready.catch(() => {});
  w.onmessage = ({ data }) => {
    if (data?.type === "alive") {
      const { pyodide, asm, wasm, python } = boot.files;
      w.postMessage({ type: "boot", pyodide, asm, wasm, python, lockFile: boot.lockFile, snapshot, module: wasmModule });
      return;
    }
    if (data?.type === "ready" || data?.type === "failed") {
      // only the first word of a worker still starting: no bot was given to it yet
      if (data.snapshot instanceof Uint8Array && !snapshot && !entry.up) {
        snapshot = data.snapshot;
        if (data.module instanceof WebAssembly.Module) wasmModule = data.module;
        if (data.python instanceof Blob) boot.files = { ...boot.files, python: data.python }; // inflated once
      }
      entry.up = true;
      return entry.started(data);
    }
    const slot = lanes.get(entry.lane);
    if (!slot || slot.entry !== entry || !slot.current || data?.id !== slot.current.id) return; // late, or not an answer
    clearTimeout(slot.current.timer);
    const loading = slot.current.type === "load";
    slot.current = null;
    // passed on rebuilt, as the worker rebuilt it: a move of small integers, clipped texts
    const move = data.ok && !loading ? moveOf(data.move) : undefined;
    const ok = !!data.ok && (loading || !!move);
    const error = ok ? undefined : {
      kind: clip(data.ok ? "answer" : data.error?.kind ?? "crash").slice(0, KIND_CLIP),
      message: data.ok ? "Your bot's move must be {card, x, y, rotation}, small integers" : clip(data.error?.message),
      line: Number.isInteger(data.error?.line) ? data.error.line : null, trace: data.ok ? "" : clip(data.error?.trace),
    };
    send({ type: "reply", id: data.id, ok, move, ms: Number(data.ms) || 0, error });
    // out of memory (Python's heap stays as large as it grew) or broken: start afresh next time
    if (!data.ok && (error.kind === "memory" || error.kind === "crash")) kill(entry.lane);
  };
  w.onerror = (event) => {
    event.preventDefault?.();
    entry.started({ type: "failed", message: event.message || "the worker could not start" });
    if (spare === entry) spare = null;
    const slot = lanes.get(entry.lane);
    if (!slot || slot.entry !== entry) return;
    const id = slot.current?.id;
    kill(entry.lane);
    if (id !== undefined) fail(id, "crash", `Your bot crashed Python (${event.message || "the worker stopped"}); it starts afresh on the next Run`);
  };
  return entry;
}

/** Keep one started worker in reserve, once a first worker has started (not while it starts). */
function warmSpare() {
  if (spare || !boot) return;
  spare = startWorker();
  const entry = spare;
  entry.ready.catch(() => {
    if (spare === entry) spare = null;
    entry.w.terminate();
  });
}

/** A worker no bot has run in, for `lane`: the spare (then a new spare) or a new one. */
function freshWorker(lane) {
  kill(lane);
  const entry = spare ?? startWorker();
  spare = null;
  entry.lane = lane;
  lanes.set(lane, { entry, current: null });
  entry.ready.then(warmSpare, () => {});
  return entry;
}

/** Send one request to `lane`'s worker with a deadline; past it, end the worker. */
async function request(data, what) {
  const { id, lane, limitMs } = data;
  if (!boot) return fail(id, "crash", "The runner has not been given Python yet");
  let slot = lanes.get(lane);
  if (data.type === "load") {
    send({ type: "status", text: spare ? "Starting your bot…" : "Starting Python for your bot…" });
    freshWorker(lane);
    slot = lanes.get(lane);
  } else if (!slot) {
    return fail(id, "missing", "No bot is loaded");
  }
  if (slot.current) {
    clearTimeout(slot.current.timer); // a new request while one runs: the old one is abandoned
    slot.current = null;
  }
  const { entry } = slot;
  try {
    await entry.ready;
  } catch (error) {
    kill(lane);
    return fail(id, "crash", `Python could not start for your bot: ${error.message}`);
  }
  if (lanes.get(lane) !== slot) return; // ended while starting
  const limit = Number.isFinite(limitMs) && limitMs > 0 ? limitMs : 1000;
  slot.current = {
    id,
    type: data.type,
    timer: setTimeout(() => {
      kill(lane);
      fail(id, "timeout", `Your bot took longer than ${limit / 1000} s ${what} and was stopped`);
    }, limit + GRACE_MS),
  };
  entry.w.postMessage(data);
}

window.addEventListener("message", ({ source, data }) => {
  if (source !== window.parent || !data || typeof data !== "object") return;
  const lane = Number.isInteger(data.lane) ? data.lane : 0;
  if (data.type === "boot") {
    boot = data;
  } else if ((data.type === "load" || data.type === "choose")
    && String(data.type === "load" ? data.code : JSON.stringify(data.state ?? null)).length > MAX_REQUEST) {
    fail(data.id, "request", "The bot's code or the game's state is too long to pass to the bot");
  } else if (data.type === "load") {
    request({ type: "load", id: data.id, lane, code: String(data.code), limitMs: data.limitMs }, "while loading");
  } else if (data.type === "choose") {
    request({ type: "choose", id: data.id, lane, state: data.state, seed: data.seed, limitMs: data.limitMs },
      `on move ${Number(data.ply) + 1}`);
  } else if (data.type === "end" || data.type === "stop") {
    for (const key of [...lanes.keys()]) kill(key);
  }
});

send({ type: "hello" });
