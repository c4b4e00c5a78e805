// The baseline: a module worker that loads the pinned Pyodide, nothing else. The page is
// served under the site's policy, so the worker's URL goes through the site's Trusted
// Types policy as the game's does (app/trusted.js).
import { scriptURL } from "../app/trusted.js";

const worker = new Worker(scriptURL(new URL("./baseline-worker.js", import.meta.url)), { type: "module" });
worker.onmessage = ({ data }) => {
  window.__bench.ready = performance.now();
  document.getElementById("status").textContent = `Pyodide ${data} is ready.`;
};
