// De Stijl engine worker (a module worker): owns Pyodide and the Python engine.
//
// It loads Pyodide once, unpacks the engine archive into site-packages and then answers
// every {id, cmd, args} with {id, ok, result | error} from destijl.api.handle. While
// loading it posts {type: "progress", stage, fraction}, then {type: "ready"} or
// {type: "failed", message}. Nothing hangs silently: a wasm served with the wrong MIME
// type (which makes loadPyodide wait forever) fails at once, loading fails after STALL_MS
// without progress, and a Python exception becomes an InternalError reply.
// Protocol: docs/api.md.
import { BUILD } from "./build-info.js";

const STALL_MS = 60_000;
const DOWNLOAD_SHARE = 0.85; // of the progress bar; starting Python and the engine take the rest

let handle = null; // destijl.api.handle, once loaded
const loaded = { received: 0, total: 0 }; // bytes downloaded and in all, sent with progress (MB)
const booting = boot();
booting.catch(() => {}); // reported as {type: "failed"}; requests get EngineUnavailable

self.onmessage = async ({ data }) => {
  const { id, cmd, args } = data ?? {};
  try {
    await booting;
  } catch (error) {
    self.postMessage({ id, ok: false, error: { type: "EngineUnavailable", message: error.message } });
    return;
  }
  let reply;
  try {
    reply = JSON.parse(handle(JSON.stringify({ cmd, args: args ?? {} })));
  } catch (error) {
    reply = { ok: false, error: { type: "InternalError", message: String(error?.message ?? error) } };
  }
  self.postMessage({ id, ...reply });
};

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
