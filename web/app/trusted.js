// Trusted Types: the site's policy requires them for every script sink
// (`require-trusted-types-for 'script'`, netlify.toml). The app has two sinks, both
// script URLs of its own: the engine worker (engine.js) and the service worker (pwa.js).
// `scriptURL` vets such a URL (same origin, a .js file) and wraps it for the sink.
// Any other sink (innerHTML, eval, a foreign script) stays refused by the browser.

const POLICY_NAME = "destijl"; // the only name netlify.toml's `trusted-types` allows

let policy = null;

function vet(url) {
  const u = new URL(url, globalThis.location?.href);
  if (u.origin !== globalThis.location?.origin || !/\.m?js$/.test(u.pathname)) {
    throw new TypeError(`not a script of this site: ${String(url).slice(0, 80)}`);
  }
  return u.href;
}

/** A URL for `new Worker()` or `serviceWorker.register()`: a TrustedScriptURL if possible. */
export function scriptURL(url) {
  const tt = globalThis.trustedTypes;
  if (!tt?.createPolicy) return vet(String(url));
  policy ??= tt.createPolicy(POLICY_NAME, { createScriptURL: vet });
  return policy.createScriptURL(String(url));
}

/**
 * In the engine worker: a "default" policy for the one sink Pyodide's loader touches.
 * At import it probes `importScripts("data:text/javascript,")` to tell a classic worker
 * from a module worker; this lets exactly that probe through (a module worker then
 * throws the TypeError Pyodide expects) and still vets every other script URL.
 */
export function installWorkerPolicy() {
  const tt = globalThis.trustedTypes;
  if (!tt?.createPolicy || tt.defaultPolicy) return;
  tt.createPolicy("default", {
    createScriptURL: (url) => (url === "data:text/javascript," ? url : vet(url)),
  });
}
