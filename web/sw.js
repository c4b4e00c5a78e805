// De Stijl service worker: the whole game, Pyodide included, from one versioned cache.
//
// - install: fetch every file of this build into the cache "destijl-<version>". The
//   un-hashed files are revalidated; build-info.js must carry this very version, so a
//   deploy landing mid-install fails the install instead of caching a mix.
// - a new worker then waits: the page (app/pwa.js) offers a reload, and only when the UI
//   calls applyUpdate() does it post {type: "SKIP_WAITING"}.
// - activate: delete every other "destijl-" cache (and "python-bytecode", where builds
//   before the shipped bytecode kept their compiled Python) and take control of open pages.
// - fetch: cache first, and only from this version's cache; anything not in the build
//   goes to the network untouched.
//
// build_scripts/build.py writes the list below; the version is a hash of all the files.
const PRECACHE = /* @precache */ { version: "dev", files: [], immutable: [] } /* @end */;

const CACHE = `destijl-${PRECACHE.version}`;
const OLD_BYTECODE = "python-bytecode"; // kept by the worker of earlier builds
const SCOPE = new URL(self.registration.scope);
const KNOWN = new Set([...PRECACHE.files, ...PRECACHE.immutable]);

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

async function precache() {
  const cache = await caches.open(CACHE);
  const fetchOne = async (path, mode) => {
    let response = await fetch(new Request(new URL(path, SCOPE), { cache: mode }));
    if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
    if (response.redirected) {
      // e.g. a host that redirects /index.html to /: browsers refuse to serve a
      // redirected response to a navigation, so keep a plain copy.
      const { status, statusText, headers } = response;
      response = new Response(await response.blob(), { status, statusText, headers });
    }
    if (path === "build-info.js") {
      const text = await response.clone().text();
      if (!text.includes(PRECACHE.version)) throw new Error("a newer build is deploying");
    }
    await cache.put(new URL(path, SCOPE), response);
  };
  try {
    await Promise.all([
      ...PRECACHE.files.map((path) => fetchOne(path, "no-cache")),
      ...PRECACHE.immutable.map((path) => fetchOne(path, "default")),
    ]);
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      const stale = (name.startsWith("destijl-") && name !== CACHE) || name === OLD_BYTECODE;
      if (stale) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
});

/** The precached path a request stands for, or null ("/" and "/embed" are pages). */
function precachedPath(request) {
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  let path = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length));
  if (request.mode === "navigate") {
    if (path === "" || path.endsWith("/")) path += "index.html";
    else if (!KNOWN.has(path) && KNOWN.has(`${path}.html`)) path += ".html";
  }
  return KNOWN.has(path) ? path : null;
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const path = precachedPath(event.request);
  if (path === null) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(new URL(path, SCOPE));
    return hit ?? fetch(event.request);
  })());
});
