"""The engine's memory snapshot as the page keeps it in Cache Storage (web/snapshot.js),
read from a test: shared by the `site_snapshot` fixture (conftest.py) and test_snapshot.py."""

from __future__ import annotations

import base64

from playwright.sync_api import Page

CACHE = "engine-snapshot"  # web/snapshot.js
READ = f"""async () => {{
  const cache = await caches.open("{CACHE}");
  const [key] = await cache.keys();
  const hit = key && await cache.match(key);
  if (!hit) return null;  // none yet, or listed while its put is under way
  const bytes = new Uint8Array(await hit.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {{
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }}
  return {{url: key.url, path: new URL(key.url).pathname,
           build: hit.headers.get("X-Destijl-Build"), data: btoa(text)}};
}}"""
WATCH = """(read) => {
  window.__kept = null;
  const look = async () => {
    window.__kept = await read();
    if (!window.__kept) setTimeout(look, 50);
  };
  look();
}"""


def read_kept(page: Page, timeout: float) -> dict:
    """The snapshot `page`'s origin keeps, once it is kept and readable (waiting up to
    `timeout` ms): {url, path, build, data (its gzipped bytes)}. wait_for_function does
    not wait for a promise, so the page keeps looking and the test waits on what it finds."""
    page.evaluate(f"() => ({WATCH})({READ})")
    page.wait_for_function("() => window.__kept", timeout=timeout)
    kept = page.evaluate("() => window.__kept")
    kept["data"] = base64.b64decode(kept["data"])
    return kept
