// The Bot Lab's sandbox (docs/bots.md, "Safety"): runs a person's bot in a worker of its
// own and stops it when a move takes too long.
//
// The Lab page (app/lab/sandbox.js) writes this script inline into a small document that
// it shows in <iframe sandbox="allow-scripts">: an opaque origin, so neither the document
// nor its worker has localStorage, IndexedDB or Cache Storage, and the Lab page is
// cross-origin to it. The site's policy allows this one inline script by its hash
// (build_scripts/netlify_headers.py); the document's own <meta> policy forbids every
// connection. Nothing is fetched: the Lab page hands over every file (the worker's code,
// Pyodide's two scripts and its two big files) as Blobs, handles that cost nothing to pass
// on (this document shares the Lab page's main thread), so the sandbox works offline too. It
// talks only to the Lab page (window.parent), by postMessage:
//   in:  {type: "boot", files: {worker, pyodide, asm, wasm, python: Blob}, lockFile}
//        {type: "load", id, code, limitMs}       the bot's source: defines choose(view)
//        {type: "choose", id, state, seed, ply, limitMs}   one move from the public state
//        {type: "stop"}                          end the worker now (Stop)
//   out: {type: "hello"} once, {type: "status", text} while Python starts,
//        {type: "reply", id, ok, move?, ms?, error?: {kind, message, line, trace}}
// A move (or the loading of the code) that takes longer than limitMs + GRACE_MS ends the
// worker (an endless loop, a sleep, an allocation without end), and so does a bot that ran
// out of memory (a MemoryError: the worker's memory never shrinks) or broke Python; the
// next "load" starts a fresh one.

const GRACE_MS = 500;
const BOOT_MS = 60_000; // starting Python in the worker

let boot = null; // the "boot" message: every file the worker needs
let worker = null; // {w, ready: Promise}
let current = null; // the request the worker is working on: {id, timer}
let policy = null;

const send = (message) => window.parent.postMessage(message, "*");

/** A TrustedScriptURL for the worker's blob: URL (the site requires Trusted Types). */
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

function fail(id, kind, message) {
  send({ type: "reply", id, ok: false, error: { kind, message, line: null, trace: "" } });
}

/** End the worker (the next request starts a new one). */
function kill() {
  if (current) clearTimeout(current.timer);
  current = null;
  worker?.w.terminate();
  worker = null;
}

/**
 * The worker, started if needed: a (classic) worker from a blob: URL of this opaque origin,
 * the only workers such a document may start, with the code of botrunner/worker.js. It
 * says {type: "alive"} once loaded, and only then gets the "boot" message.
 */
function ensureWorker() {
  if (worker) return worker;
  const url = URL.createObjectURL(new Blob([boot.files.worker], { type: "text/javascript" }));
  const w = new Worker(trusted(url), { name: "bot" });
  const entry = { w };
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
      w.postMessage({ type: "boot", pyodide, asm, wasm, python, lockFile: boot.lockFile });
      return;
    }
    if (data?.type === "ready" || data?.type === "failed") return entry.started(data);
    if (!current || data?.id !== current.id) return; // late, or not an answer
    clearTimeout(current.timer);
    current = null;
    send({ type: "reply", id: data.id, ok: !!data.ok, move: data.move, ms: data.ms, error: data.error });
    // out of memory (Python's heap stays as large as it grew) or broken: start afresh next time
    if (!data.ok && (data.error?.kind === "memory" || data.error?.kind === "crash")) kill();
  };
  w.onerror = (event) => {
    event.preventDefault?.();
    entry.started({ type: "failed", message: event.message || "the worker could not start" });
    const id = current?.id;
    kill();
    if (id !== undefined) fail(id, "crash", `Your bot crashed Python (${event.message || "the worker stopped"}); it starts afresh on the next Run`);
  };
  send({ type: "status", text: "Starting Python for your bot…" });
  worker = entry;
  return entry;
}

/** Send one request to the worker with a deadline; past it, end the worker. */
async function request(data, what) {
  const { id, limitMs } = data;
  if (!boot) return fail(id, "crash", "The runner has not been given Python yet");
  if (current) kill(); // a new request while one runs: the old one is abandoned
  const entry = ensureWorker();
  try {
    await entry.ready;
  } catch (error) {
    kill();
    return fail(id, "crash", `Python could not start for your bot: ${error.message}`);
  }
  if (worker !== entry) return; // stopped while starting
  const limit = Number.isFinite(limitMs) && limitMs > 0 ? limitMs : 1000;
  current = {
    id,
    timer: setTimeout(() => {
      kill();
      fail(id, "timeout", `Your bot took longer than ${limit / 1000} s ${what} and was stopped`);
    }, limit + GRACE_MS),
  };
  entry.w.postMessage(data);
}

window.addEventListener("message", ({ source, data }) => {
  if (source !== window.parent || !data || typeof data !== "object") return;
  if (data.type === "boot") {
    boot = data;
  } else if (data.type === "load") {
    request({ type: "load", id: data.id, code: String(data.code), limitMs: data.limitMs }, "while loading");
  } else if (data.type === "choose") {
    request({ type: "choose", id: data.id, state: data.state, seed: data.seed, limitMs: data.limitMs },
      `on move ${Number(data.ply) + 1}`);
  } else if (data.type === "stop") {
    kill();
  }
});

send({ type: "hello" });
