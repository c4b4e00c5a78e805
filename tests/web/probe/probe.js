// Test probe (tests/web/conftest.py builds it in place of the UI's pages): exposes the
// engine, the service worker helpers and the build to Playwright as window.probe.
import { BUILD } from "./build-info.js";
import { Engine, EngineError } from "./engine.js";
import { applyUpdate, checkForUpdate, isUpdateReady, registerServiceWorker } from "./app/pwa.js";

const started = performance.now();
const engine = new Engine();
const status = document.getElementById("status");
const probe = {
  BUILD, Engine, EngineError, engine, applyUpdate, checkForUpdate, isUpdateReady,
  progress: [], updates: 0, offlineReady: false,
};
engine.onprogress = (event) => probe.progress.push(event);
probe.boots = []; // the worker's news of the memory snapshot (engine.boot)
engine.onboot = (boot) => probe.boots.push(boot);
probe.booted = engine.ready.then(
  () => {
    status.textContent = "ready";
    return performance.now() - started;
  },
  (error) => {
    status.textContent = `failed: ${error.message}`;
    throw error;
  },
);
probe.booted.catch(() => {});
window.probe = probe;
if (!new URLSearchParams(location.search).has("no-sw")) {
  registerServiceWorker({
    onUpdateReady: () => { probe.updates += 1; },
    onOfflineReady: () => { probe.offlineReady = true; },
  });
}
