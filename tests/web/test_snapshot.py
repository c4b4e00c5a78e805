"""The engine's memory snapshot in real Chromium (web/snapshot.js, docs/web.md "Memory
snapshot"): the first boot makes and keeps it, the next restores it; one that is missing,
damaged, from another build or refused by the browser falls back to a normal boot that plays;
and a kept snapshot holds nothing of a game in progress.

The probe page (tests/web/probe/) reports the worker's news in `probe.boots`. Every test
here boots cold in a fresh context of its own (its own Cache Storage): none uses the
suite's shared snapshot (conftest.py `context`, marked `cold_boot`).
"""

from __future__ import annotations

import base64
import gzip

import pytest
from player import open_game, set_up
from playwright.sync_api import Page
from snapshot_cache import CACHE, read_kept

pytestmark = pytest.mark.cold_boot

BOOT_MS = 90_000
REFUSE_PUT = ('Cache.prototype.put = () => Promise.reject('
              'new DOMException("full", "QuotaExceededError"));\n')

BOOTED = "() => probe.booted.then(() => probe.boots.map((b) => b.snapshot + ':' + b.reason))"
PLAYS = """async () => {
  let view = await probe.engine.call("new_game", {players: 3, seed: 11});
  const {move} = await probe.engine.call("bot_move", {record: view.record, level: "easy"});
  view = await probe.engine.call("play", {record: view.record, move});
  return view.ply;
}"""
STORED = """() => probe.boots.some((b) => b.snapshot === "stored" || b.snapshot === "unstored")"""
KEPT = f"""async () => {{
  const cache = await caches.open("{CACHE}");
  const keys = await cache.keys();
  return keys.map((k) => k.url);
}}"""
WRITE = f"""async ({{url, build, data}}) => {{
  const text = atob(data);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  const cache = await caches.open("{CACHE}");
  await cache.put(url, new Response(bytes, {{headers: {{"X-Destijl-Build": build}}}}));
}}"""


def boot(page: Page, url: str) -> list[str]:
    """Open the probe page at `url`; the worker's news once the engine is ready."""
    page.goto(url)
    page.wait_for_function("() => window.probe", timeout=BOOT_MS)
    news = page.evaluate(BOOTED)
    assert page.evaluate(PLAYS) == 1  # the engine plays, whatever the boot
    return news


def made_and_kept(page: Page, url: str) -> list[str]:
    """Boot with no snapshot kept; wait until the made one is stored."""
    news = boot(page, url)
    page.wait_for_function(STORED, timeout=BOOT_MS)
    assert page.evaluate("() => probe.boots.at(-1).snapshot") == "stored"
    return news


def put_kept(page: Page, kept: dict) -> None:
    """Replace the kept snapshot with `kept` ({url, build, data})."""
    page.evaluate(WRITE, {**kept, "data": base64.b64encode(kept["data"]).decode()})


def test_the_first_boot_makes_it_and_the_next_restores_it(page: Page, probe_site) -> None:
    """Missing at first: made, kept under this build's version; the reload restores it."""
    url = probe_site.url + "/?no-sw"
    assert made_and_kept(page, url) == ["made:missing"]
    version = page.evaluate("() => probe.BUILD.version")
    assert page.evaluate(KEPT) == [f"{probe_site.url}/engine-snapshot/{version}.bin.gz"]
    memory = page.evaluate("() => probe.boots.at(-1)")
    assert 0 < memory["bytes"] < memory["memory"] / 3, memory  # gzipped, well
    assert boot(page, url) == ["restored:"]


def test_a_damaged_snapshot_falls_back_and_is_made_again(page: Page, probe_site) -> None:
    """Bytes flipped in the middle of the gzipped snapshot: gzip's check refuses it, the
    engine boots normally, and a good snapshot replaces the damaged one."""
    url = probe_site.url + "/?no-sw"
    made_and_kept(page, url)
    kept = read_kept(page, BOOT_MS)
    data = bytearray(kept["data"])
    middle = len(data) // 2
    data[middle:middle + 64] = bytes(b ^ 0x5A for b in data[middle:middle + 64])
    put_kept(page, {**kept, "data": bytes(data)})
    news = boot(page, url)
    assert len(news) == 1 and news[0].startswith("made:damaged"), news
    page.wait_for_function(STORED, timeout=BOOT_MS)
    assert boot(page, url) == ["restored:"]


def test_a_cut_snapshot_falls_back(page: Page, probe_site) -> None:
    """Half a snapshot (a write cut off): refused, normal boot."""
    url = probe_site.url + "/?no-sw"
    made_and_kept(page, url)
    kept = read_kept(page, BOOT_MS)
    put_kept(page, {**kept, "data": kept["data"][: len(kept["data"]) // 2]})
    news = boot(page, url)
    assert len(news) == 1 and news[0].startswith("made:damaged"), news


def test_a_snapshot_of_another_build_is_not_restored(page: Page, probe_site) -> None:
    """Kept under this build's key but made by another build (its stamp), or by another
    Pyodide (Pyodide's own build id in the snapshot's header): normal boot both times."""
    url = probe_site.url + "/?no-sw"
    made_and_kept(page, url)
    kept = read_kept(page, BOOT_MS)
    put_kept(page, {**kept, "build": "0123456789ab"})
    assert boot(page, url) == ["made:missing (made by another build)"]
    page.wait_for_function(STORED, timeout=BOOT_MS)
    kept = read_kept(page, BOOT_MS)
    raw = bytearray(gzip.decompress(kept["data"]))
    raw[16:48] = bytes(32)  # Pyodide's BUILD_ID, as another Pyodide would have it
    put_kept(page, {**kept, "data": gzip.compress(bytes(raw), compresslevel=1)})
    news = boot(page, url)
    assert len(news) == 1 and news[0].startswith("made:refused") and "build id" in news[0], news
    page.wait_for_function(STORED, timeout=BOOT_MS)
    assert boot(page, url) == ["restored:"]


def test_a_browser_that_refuses_cache_storage_boots_normally(page: Page, probe_site) -> None:
    """No Cache Storage in the worker (as in an opaque origin), then one that refuses to
    store (a full quota): the engine boots and plays, nothing kept, no error."""
    url = probe_site.url + "/?no-sw"

    def worker_with(prelude: str):
        def serve(route) -> None:
            response = route.fetch()
            route.fulfill(response=response, body=prelude + response.text())
        return serve

    page.route("**/worker.js", worker_with(
        'Object.defineProperty(self, "caches", { value: undefined });\n'))
    assert boot(page, url) == ["made:refused (no Cache Storage)"]
    page.wait_for_function(STORED, timeout=BOOT_MS)
    assert page.evaluate("() => probe.boots.at(-1).snapshot") == "unstored"
    page.unroute("**/worker.js")
    page.route("**/worker.js", worker_with(REFUSE_PUT))
    assert boot(page, url) == ["made:missing"]
    page.wait_for_function(STORED, timeout=BOOT_MS)
    assert page.evaluate("() => probe.boots.at(-1)")["reason"] == "full"
    assert page.evaluate(KEPT) == []


SAVED_FRIEND = """() => {
  const key = Object.keys(localStorage).find((k) => k.startsWith("destijl.friend."));
  return key ? JSON.parse(localStorage.getItem(key)) : null;
}"""


def forms(text: str) -> list[bytes]:
    """The ways a secret can lie in memory: its text (UTF-8 and UTF-16/UCS-2, as JavaScript
    and Python keep strings), and, for hex or base64url text, its bytes."""
    found = [text.encode(), text.encode("utf-16-le")]
    try:
        found.append(bytes.fromhex(text))
    except ValueError:
        found.append(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    return found


def test_the_kept_snapshot_holds_nothing_of_a_friend_game_in_progress(page: Page) -> None:
    """A friend game started on the real page (its secret, drawn by the engine, and its
    private signing key, made by the page): neither is in the snapshot this device keeps,
    in any form; the game id neither. The snapshot is read whole (the engine's module names
    are found in it, so the search can find text)."""
    open_game(page)
    set_up(page, ["human", "friend"], names=["Ann", "Ben"])
    page.get_by_role("button", name="Start game").click()
    page.wait_for_function(SAVED_FRIEND, timeout=BOOT_MS)
    saved = page.evaluate(SAVED_FRIEND)
    secret, private, game = saved["secret"], saved["signKey"]["d"], saved["game"]
    raw = gzip.decompress(read_kept(page, BOOT_MS)["data"])
    assert b"destijl.api" in raw and b"destijl.friends" in raw  # the search sees text
    for name, value in [("secret", secret), ("signing key", private), ("game id", game)]:
        for form in forms(value):
            assert form not in raw, f"the friend game's {name} is in the snapshot ({form!r})"
