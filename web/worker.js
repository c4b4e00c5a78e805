// De Stijl engine worker (a module worker): owns Pyodide and the Python engine.
//
// Boot, as fast as the network allows: every file starts downloading at once, in
// parallel (pyodide.asm.wasm, pyodide.asm.mjs, the python zip), instead of the chain
// loadPyodide would walk; loadPyodide then gets the responses already under way. The
// python zip (build_scripts/pystdlib.py) is the trimmed standard library with the engine
// inside, compiled to bytecode by the build (build_scripts/precompile.py: Python compiles
// nothing at the start) and gzipped as one stream; inflated here once downloaded, it is
// handed over as `stdLibURL`: nothing to unpack.
//
// Then it answers every {id, cmd, args} with {id, ok, result | error} from
// destijl.api.handle. While loading it posts {type: "progress", stage, fraction}, then
// {type: "ready"} or {type: "failed", message}.
// A returning visit restores Python from the memory snapshot the first visit made
// (snapshot.js: Python just after `import destijl.api`, kept in Cache Storage under the
// build's version) instead of starting it and importing the engine; a snapshot that is
// missing, damaged, from another build or refused falls back to the normal boot. The
// worker says which in {type: "boot", snapshot: "restored" | "made" | "none", reason (why
// none was restored)} before "ready", then {type: "boot", snapshot: "stored" | "unstored",
// reason, bytes (gzipped), memory (bytes of the snapshot)} once a made one is kept.
// Loading never hangs: a file answered with an HTTP error, a wasm of the wrong MIME type
// (loadPyodide would wait forever) or a WebAssembly that fails to compile fails at once;
// a download without data for STALL_MS fails, naming the file. Protocol: docs/api.md.
import { BUILD } from "./build-info.js";
import { installWorkerPolicy } from "./app/trusted.js";
import { forgetSnapshot, readSnapshot, storeSnapshot } from "./snapshot.js";

installWorkerPolicy(); // Trusted Types: Pyodide's loader probes importScripts once (app/trusted.js)

const STALL_MS = 10_000; // a download that receives nothing for this long has stalled
const START_MS = 45_000; // starting Python once everything is downloaded
const DOWNLOAD_SHARE = 0.85; // of the progress bar; starting Python and the engine take the rest
const GZIP_MAGIC = [0x1f, 0x8b];
const STORE_AFTER_MS = 1_500; // a made snapshot is compressed and kept this long after "ready"

const indexURL = new URL(BUILD.pyodide, import.meta.url).href;
const pythonURL = new URL(BUILD.python, import.meta.url).href;

let handle = null; // destijl.api.handle, once loaded
const booting = Promise.resolve().then(boot); // once the module (class Downloads) is evaluated
booting.catch(() => {}); // reported as {type: "failed"}; requests get EngineUnavailable

self.onmessage = async ({ data }) => {
  const { id, cmd, args, json } = data ?? {};
  try {
    await booting;
  } catch (error) {
    self.postMessage({ id, ok: false, error: { type: "EngineUnavailable", message: error.message } });
    return;
  }
  self.postMessage({ ...answer(cmd, args, json), id }); // the id last: every reply has its own
};

const MAX_REQUEST_CHARS = 1_000_000; // as destijl.jsontext.MAX_CHARS; larger never reaches Python

/**
 * The engine's reply to one request, {ok, result | error}; never throws. The arguments
 * come as JSON text (`json`, as engine.js sends them: a deeply nested object could fail to
 * reach the worker at all) or as an object (`args`). A request that cannot become JSON
 * text or is too long gets a BadRequest here; a failure of Python itself an InternalError.
 */
function answer(cmd, args, json) {
  const failure = (type, message) => ({ ok: false, error: { type, message } });
  let request;
  try {
    request = typeof json === "string" ? `{"cmd":${JSON.stringify(cmd ?? null)},"args":${json}}`
      : JSON.stringify({ cmd, args: args ?? {} });
  } catch (error) {
    return failure("BadRequest", `request: not expressible as JSON (${String(error?.message ?? error).slice(0, 80)})`);
  }
  if (request.length > MAX_REQUEST_CHARS) {
    return failure("BadRequest", `request: ${request.length.toLocaleString("en")} characters, more than the ${MAX_REQUEST_CHARS.toLocaleString("en")} the engine reads`);
  }
  try {
    return JSON.parse(handle(request));
  } catch (error) {
    return failure("InternalError", String(error?.message ?? error).slice(0, 200));
  }
}

async function boot() {
  const loaded = { received: 0, total: 0 }; // bytes downloaded and in all, sent with progress
  let lastFraction = -1;
  let failed = false; // then a download or start still under way reports nothing more
  const progress = (stage, fraction) => {
    if (failed || (fraction - lastFraction < 0.01 && fraction < 1)) return;
    lastFraction = fraction;
    self.postMessage({ type: "progress", stage, fraction, ...loaded });
  };
  const total = BUILD.runtimeBytes;
  const downloads = new Downloads((received) => {
    Object.assign(loaded, { received, total });
    const share = Math.min(1, received / total);
    progress(share < 1 ? "download" : "start", DOWNLOAD_SHARE * share);
  });
  try {
    progress("download", 0);
    const made = await start(downloads, () => progress("engine", 0.95));
    self.postMessage({ type: "ready" });
    if (made) setTimeout(() => keep(made), STORE_AFTER_MS);
  } catch (error) {
    failed = true;
    self.postMessage({ type: "failed", message: `Python could not start: ${error.message}` });
    throw error;
  } finally {
    downloads.stop();
  }
}

/**
 * Download everything at once, start Python on the python zip (from the kept snapshot if
 * there is a good one), import the engine. Resolves with a snapshot to keep, or null.
 */
async function start(downloads, importing) {
  const kept = readSnapshot(BUILD.version);
  const python = downloads.get(pythonURL).then(inflated);
  python.catch((error) => downloads.abort(error)); // fails the start at once
  const wasmURL = `${indexURL}pyodide.asm.wasm`;
  let wasm = downloads.get(wasmURL, "application/wasm"); // at once; again for a second start
  const files = () => {
    const given = { [wasmURL]: wasm ?? downloads.get(wasmURL, "application/wasm"), [pythonURL]: python.then((zip) => new Response(zip)) };
    wasm = null;
    return given;
  };
  const scripts = Promise.all([
    importScript(`${indexURL}pyodide.mjs`),
    downloads.get(`${indexURL}pyodide.asm.mjs`).then((r) => r.arrayBuffer())
      .then(() => importScript(`${indexURL}pyodide.asm.mjs`)),
  ]);
  const [{ loadPyodide }] = await downloads.race(scripts);
  const { bytes, state, message } = await kept;
  let why = message ? `${state} (${message})` : state; // no snapshot restored: why not
  if (bytes) {
    try {
      const pyodide = await downloads.race(startPython(loadPyodide, files(), { _loadSnapshot: bytes }));
      importing();
      engineOf(pyodide);
      report("restored", "", pyodide);
      return null;
    } catch (error) {
      await forgetSnapshot(BUILD.version);
      why = `refused (${error.message})`;
    }
  }
  const pyodide = await downloads.race(startPython(loadPyodide, files(), { _makeSnapshot: true }));
  importing();
  let made = null;
  engineOf(pyodide, () => {
    try {
      made = pyodide.makeMemorySnapshot(); // before any request, even the check: no game in it
      report("made", why, pyodide);
    } catch (error) {
      report("none", `${why}; not made (${error.message})`, pyodide);
    }
  });
  return made;
}

/** Tell the page how this boot went ("restored", "made", "none"), why, and Python's memory. */
function report(snapshot, reason, pyodide) {
  self.postMessage({ type: "boot", snapshot, reason, heap: pyodide._module.HEAP8.length });
}

/** Take destijl.api.handle from a started Python, checking that it answers (after `first`). */
function engineOf(pyodide, first = () => {}) {
  const engine = pyodide.pyimport("destijl.api").handle;
  first();
  const reply = JSON.parse(engine('{"cmd":"version","args":{}}'));
  if (!reply.ok) throw new Error(`the engine does not answer (${reply.error?.type})`);
  handle = engine;
}

/** Keep a made snapshot (compressed, off the first requests' way); tell the page. */
async function keep(made) {
  const { stored, bytes, message } = await storeSnapshot(BUILD.version, made);
  self.postMessage({ type: "boot", snapshot: stored ? "stored" : "unstored", reason: message ?? "", bytes: bytes ?? 0, memory: made.length });
}

/**
 * The python zip from its gzipped download (its bytes, for loadPyodide). A host that
 * already undid the gzip (sending it with `Content-Encoding: gzip`, as some do for .gz
 * files) gave the zip itself: passed on as it is. A damaged file fails, naming it.
 */
async function inflated(response) {
  const blob = await response.blob();
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  if (head[0] !== GZIP_MAGIC[0] || head[1] !== GZIP_MAGIC[1]) return blob.arrayBuffer();
  try {
    const stream = blob.stream().pipeThrough(new DecompressionStream("gzip"));
    return await new Response(stream).arrayBuffer();
  } catch (error) {
    throw new Error(`${fileName(pythonURL)} is damaged (${error.message})`);
  }
}

/**
 * loadPyodide, fed with the responses already downloading: its own fetch() calls for
 * those URLs get them. A WebAssembly that fails to compile fails the start at once
 * (Pyodide itself would only log it and wait forever).
 */
async function startPython(loadPyodide, files, snapshot) {
  const realFetch = globalThis.fetch;
  const realInstantiate = WebAssembly.instantiateStreaming;
  let failWasm;
  const wasmFailed = new Promise((_, reject) => { failWasm = reject; });
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, import.meta.url).href;
    const ready = files[url];
    delete files[url];
    return ready ?? realFetch(input, init);
  };
  WebAssembly.instantiateStreaming = (...args) => realInstantiate(...args).catch((error) => {
    failWasm(new Error(`pyodide.asm.wasm could not be compiled (${error.message})`));
    throw error;
  });
  let timer;
  const tooSlow = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Python did not start within ${START_MS / 1000} s`)), START_MS);
  });
  try {
    return await Promise.race([
      loadPyodide({
        indexURL,
        stdLibURL: pythonURL,
        lockFileContents: BUILD.lockFile, // spares a fetch of pyodide-lock.json
        stdout: (line) => console.log(line),
        stderr: (line) => console.warn(line),
        ...snapshot,
      }),
      wasmFailed,
      tooSlow,
    ]);
  } finally {
    clearTimeout(timer);
    globalThis.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiate;
  }
}

/** The file name at the end of a URL ("pyodide.asm.wasm"), as error messages name it. */
const fileName = (url) => url.slice(url.lastIndexOf("/") + 1);

/** import() a script; if that fails, say why in the words of the server (status, type). */
async function importScript(url) {
  try {
    return await import(url);
  } catch (error) {
    const name = fileName(url);
    let response;
    try {
      response = await fetch(url, { cache: "no-store" });
    } catch {
      throw new Error(`${name} could not be downloaded (${error.message})`);
    }
    if (!response.ok) throw new Error(`the server answered HTTP ${response.status} for ${name}`);
    throw new Error(`${name} could not be loaded (${error.message})`);
  }
}

/**
 * The downloads under way: each response checked (HTTP status, MIME type) and its bytes
 * counted through a clone, so the original goes to Pyodide untouched (and the browser can
 * reuse its compiled wasm code on the next visit). race(promise) rejects as soon as any
 * download fails or stalls.
 */
class Downloads {
  #received = 0;
  #pending = new Map(); // name -> time of its last data
  #fail;
  #failed;
  #timer;

  constructor(onBytes) {
    this.onBytes = onBytes;
    this.#failed = new Promise((_, reject) => { this.#fail = reject; });
    this.#failed.catch(() => {});
    this.#timer = setInterval(() => this.#checkStalls(), 1000);
  }

  /** fetch(url), resolving with the response once its headers are checked. */
  get(url, mimeType = null) {
    const name = fileName(url);
    this.#pending.set(name, performance.now());
    const got = fetch(url).then((response) => {
      const type = response.headers.get("content-type") ?? "";
      if (!response.ok) throw new Error(`the server answered HTTP ${response.status} for ${name}`);
      if (mimeType && !type.startsWith(mimeType)) {
        throw new Error(`the server sends ${name} as "${type}", not "${mimeType}"`);
      }
      this.#count(name, response.clone());
      return response;
    }, (error) => {
      throw new Error(`${name} could not be downloaded (${error.message})`);
    });
    got.catch((error) => this.#fail(error));
    return got;
  }

  /** Fail every race with `error` (a download that arrived but cannot be used). */
  abort(error) {
    this.#fail(error);
  }

  race(promise) {
    return Promise.race([promise, this.#failed]);
  }

  stop() {
    clearInterval(this.#timer);
  }

  async #count(name, response) {
    if (!response.body) return this.#pending.delete(name);
    const reader = response.body.getReader();
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        this.#pending.set(name, performance.now());
        this.#received += chunk.value.byteLength;
        this.onBytes(this.#received);
      }
    } catch {
      // the download broke off; Pyodide's own read of the original reports it
    }
    this.#pending.delete(name);
  }

  #checkStalls() {
    const now = performance.now();
    for (const [name, last] of this.#pending) {
      if (now - last >= STALL_MS) {
        this.#fail(new Error(`the download of ${name} stalled: no data for ${STALL_MS / 1000} s`));
      }
    }
  }
}
