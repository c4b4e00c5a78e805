// Offline play: registers the service worker (web/sw.js) and tells the UI when a new
// version is ready. The UI decides when to reload, so a game is never interrupted:
//
//   registerServiceWorker({ onUpdateReady: () => showBanner("New version. Reload?") });
//   reloadButton.onclick = () => applyUpdate();   // reloads into the new version

import { SITE_ROOT } from "./site.js";
import { scriptURL } from "./trusted.js";

let registration = null;
let waiting = null; // the installed worker of a new version, waiting for applyUpdate()
let stale = false; // another tab switched this page's service worker to a new version
let applying = false; // applyUpdate() was called: reload when the new version takes over

/**
 * Register the service worker. Resolves with the registration, or null where service
 * workers are unavailable (then the game simply needs the network).
 * onUpdateReady(): a new version is ready; call applyUpdate() when convenient.
 * onOfflineReady(): this version is cached; the game now works offline.
 */
export async function registerServiceWorker({ onUpdateReady = () => {}, onOfflineReady = () => {} } = {}) {
  if (!("serviceWorker" in navigator)) return null;
  const container = navigator.serviceWorker;
  let controlled = Boolean(container.controller); // false on the very first visit
  try {
    registration = await container.register(scriptURL(new URL("sw.js", SITE_ROOT)),
      { updateViaCache: "none" });
  } catch (error) {
    console.warn(`Offline play is unavailable: ${error.message}`);
    return null;
  }
  const offer = (worker) => {
    waiting = worker;
    onUpdateReady();
  };
  const watch = (worker) => worker?.addEventListener("statechange", () => {
    if (worker.state === "installed" && container.controller) offer(worker);
  });
  if (registration.waiting && container.controller) offer(registration.waiting);
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  container.addEventListener("controllerchange", () => {
    if (applying) location.reload();
    else if (controlled) {
      stale = true;
      onUpdateReady();
    }
    controlled = true;
  });
  container.ready.then(() => onOfflineReady());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") checkForUpdate();
  });
  return registration;
}

/** Ask the server for a new version now (the browser also checks on every visit). */
export async function checkForUpdate() {
  if (!registration || !navigator.onLine) return;
  try {
    await registration.update();
  } catch {
    // offline or the server is away: the next check will do
  }
}

/** True once a new version waits for applyUpdate(). */
export function isUpdateReady() {
  return waiting !== null || stale;
}

/** Switch to the waiting version and reload the page; false if there is none. */
export function applyUpdate() {
  if (stale) {
    location.reload();
    return true;
  }
  if (!waiting) return false;
  applying = true;
  waiting.postMessage({ type: "SKIP_WAITING" });
  return true;
}
