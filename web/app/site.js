// The site's root URL, for the files the app reaches by URL rather than by import: the
// engine worker, the service worker, the Bot Lab's runner and Python's files.
// This module sits one folder below the root (web/app/), and so does every bundle the build
// writes (dist/assets/, docs/web.md "Build"): `../` from here is the root in both, so the
// URL holds in the plain modules and in the bundles alike.

/** The site's root, ending in "/" (e.g. "https://example.org/destijl/"). */
export const SITE_ROOT = new URL("../", import.meta.url).href;
