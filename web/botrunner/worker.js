// The Bot Lab's worker (docs/bots.md, "Safety"): Pyodide with the engine, and one person's
// bot. runner.js starts it from a blob: URL in an opaque origin, so it has no storage and,
// by the runner's policy, no network: everything comes in the "boot" message as Blobs,
// Pyodide's two scripts (imported from blob: URLs) and its two big files (read here, in
// the worker, never on the page's main thread).
//   in:  {type: "boot", pyodide, asm, lockFile, wasm, python}
//        {type: "load", id, code}, {type: "choose", id, state, seed}
//   out: {type: "alive"} once loaded, {type: "ready"} | {type: "failed", message};
//        {id, ok, move?, ms?, error?}

// Trusted Types: let through only Pyodide's probe of importScripts (as app/trusted.js).
globalThis.trustedTypes?.createPolicy?.("default", {
  createScriptURL: (url) => {
    if (url === "data:text/javascript,") return url;
    throw new TypeError("the bot's worker loads no scripts");
  },
});

let bot = null; // the person's bot (a Python UserBot), once loaded
let user = null; // the Python module destijl.bots.user

const INDEX_URL = "https://pyodide.invalid/"; // names only: every file is served from memory

async function start({ pyodide, asm: asmCode, lockFile, wasm, python }) {
  const indexURL = INDEX_URL;
  const pythonURL = `${indexURL}bot-python.zip`;
  const script = (blob) => URL.createObjectURL(new Blob([blob], { type: "text/javascript" }));
  const files = {
    [`${indexURL}pyodide.asm.wasm`]: () => new Response(wasm, { headers: { "Content-Type": "application/wasm" } }),
    [pythonURL]: async () => new Response(await inflated(python), { headers: { "Content-Type": "application/zip" } }),
  };
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, indexURL).href;
    if (files[url]) return files[url]();
    return realFetch(input, init); // refused by the runner's policy
  };
  const [{ loadPyodide }, asm] = await Promise.all([import(script(pyodide)), import(script(asmCode))]);
  const py = await loadPyodide({
    indexURL, stdLibURL: pythonURL, lockFileContents: lockFile, createPyodideModule: asm.default,
    stdout: () => {}, stderr: () => {},
  });
  user = py.pyimport("destijl.bots.user");
}

/** The python zip from the site's gzipped file (web/worker.js does the same): a host may
 * have inflated it already (`Content-Encoding: gzip`), then it is passed on as it is. */
async function inflated(blob) {
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  return head[0] === 0x1f && head[1] === 0x8b ? blob.stream().pipeThrough(new DecompressionStream("gzip")) : blob;
}

self.onmessage = async ({ data }) => {
  if (data?.type === "boot") {
    try {
      await start(data);
      self.postMessage({ type: "ready" });
    } catch (error) {
      self.postMessage({ type: "failed", message: String(error?.message ?? error).slice(0, 300) });
    }
    return;
  }
  const { id } = data ?? {};
  let reply;
  try {
    if (data?.type === "load") {
      const result = user.sandbox_load(data.code);
      bot = result.get(0);
      reply = JSON.parse(result.get(1));
      result.destroy();
    } else if (data?.type === "choose") {
      reply = bot ? JSON.parse(bot.sandbox_choose(JSON.stringify(data.state), data.seed))
        : { ok: false, error: { kind: "missing", message: "No bot is loaded", line: null, trace: "" } };
    } else {
      return;
    }
  } catch (error) {
    reply = { ok: false, error: { kind: "crash", message: `Your bot crashed Python: ${String(error?.message ?? error).slice(0, 300)}`, line: null, trace: "" } };
  }
  self.postMessage({ ...reply, id });
};

self.postMessage({ type: "alive" });
