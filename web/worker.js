// De Stijl engine worker (a module worker): owns Pyodide and the Python engine.
//
// It loads Pyodide once, unpacks the engine archive into site-packages and then answers
// every {id, cmd, args} with {id, ok, result | error} from destijl.api.handle. While
// loading it posts {type: "progress", stage, fraction}, then {type: "ready"} or
// {type: "failed", message}. Nothing hangs silently: a wasm served with the wrong MIME
// type (which makes loadPyodide wait forever) fails at once, loading fails after STALL_MS
// without progress, a request that cannot be sent to Python gets a BadRequest reply, and a
// failure of Python itself an InternalError reply; every reply carries its request's id.
// Protocol: docs/api.md.
import { BUILD } from "./build-info.js";

const STALL_MS = 60_000;
const DOWNLOAD_SHARE = 0.85; // of the progress bar; starting Python and the engine take the rest

let handle = null; // destijl.api.handle, once loaded
const loaded = { received: 0, total: 0 }; // bytes downloaded and in all, sent with progress (MB)
const booting = boot();
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
  const watchdog = stallWatchdog(STALL_MS);
  let lastFraction = -1;
  const progress = (stage, fraction) => {
    watchdog.poke();
    if (fraction - lastFraction < 0.01 && fraction < 1) return;
    lastFraction = fraction;
    self.postMessage({ type: "progress", stage, fraction, ...loaded });
  };
  try {
    progress("download", 0);
    let received = 0;
    const stopWatching = watchFetches((response) => {
      const type = response.headers.get("content-type") ?? "";
      if (new URL(response.url).pathname.endsWith(".wasm") && !type.startsWith("application/wasm")) {
        watchdog.fail(new Error(`the server sends pyodide.asm.wasm as "${type}", not "application/wasm"`));
      }
    }, (bytes) => {
      received += bytes;
      Object.assign(loaded, { received, total: BUILD.runtimeBytes });
      const share = Math.min(1, received / BUILD.runtimeBytes);
      progress(share < 1 ? "download" : "start", DOWNLOAD_SHARE * share);
    });
    const pyodide = await watchdog.race(loadRuntime()).finally(stopWatching);
    progress("engine", 0.95);
    await watchdog.race(installEngine(pyodide));
    self.postMessage({ type: "ready" });
  } catch (error) {
    self.postMessage({ type: "failed", message: `Python could not start: ${error.message}` });
    throw error;
  } finally {
    watchdog.stop();
  }
}

async function loadRuntime() {
  const indexURL = new URL(BUILD.pyodide, import.meta.url).href;
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  return loadPyodide({
    indexURL,
    lockFileContents: BUILD.lockFile, // spares a fetch of pyodide-lock.json
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
}

async function installEngine(pyodide) {
  const response = await fetch(new URL(BUILD.engine, import.meta.url));
  if (!response.ok) throw new Error(`engine archive: HTTP ${response.status}`);
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: sitePackages });
  handle = pyodide.pyimport("destijl.api").handle;
}

/**
 * Show every fetch's response to `check` and count its body bytes, until the returned
 * function is called. The count reads a clone, so Pyodide gets the original response
 * (and the browser can reuse its compiled wasm code on the next visit).
 */
function watchFetches(check, onBytes) {
  const realFetch = globalThis.fetch;
  const count = async (reader) => {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      onBytes(chunk.value.byteLength);
    }
  };
  globalThis.fetch = async (...request) => {
    const response = await realFetch(...request);
    check(response);
    if (response.body) count(response.clone().body.getReader()).catch(() => {});
    return response;
  };
  return () => {
    globalThis.fetch = realFetch;
  };
}

/** race(promise) rejects if poke() is not called for `ms` milliseconds, or on fail(error). */
function stallWatchdog(ms) {
  let timer;
  let fail;
  const stopped = new Promise((_, reject) => {
    fail = reject;
  });
  stopped.catch(() => {});
  const poke = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fail(new Error(`loading stalled for ${ms / 1000} s`)), ms);
  };
  poke();
  return {
    poke,
    fail: (error) => fail(error),
    race: (promise) => Promise.race([promise, stopped]),
    stop: () => clearTimeout(timer),
  };
}
