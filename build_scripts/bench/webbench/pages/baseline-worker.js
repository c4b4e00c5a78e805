// The baseline's worker: the pinned Pyodide and nothing else (bar the site's Trusted Types
// default policy, which Pyodide's loader needs under the site's policy, as in web/worker.js).
import { installWorkerPolicy } from "../app/trusted.js";

installWorkerPolicy();
const indexURL = new URL("../assets/bench-pyodide/", import.meta.url).href;
const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL });
self.postMessage(pyodide.version);
