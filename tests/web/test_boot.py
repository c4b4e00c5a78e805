"""Loading the engine in real Chromium: it never hangs, and it starts from bytecode.

- a missing file (HTTP 404) and a stalled download end in a message naming the cause,
  well within 15 s (the wrong-MIME case is in test_pwa.py); on the real page the loader
  shows the stall with a Retry button, and Retry recovers once the network does;
- the python zip is bytecode, gzipped by the build: it plays; from a host that inflates it
  on the way (`Content-Encoding: gzip`) it plays too; damaged, the start fails naming it.

The probe pages (tests/web/probe/) stand in for the UI where only the engine matters.
"""

from __future__ import annotations

import gzip
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from conftest import Guard, Site

pytestmark = pytest.mark.cold_boot  # about booting: no shared memory snapshot (conftest.py)

BOOT_TIMEOUT_MS = 90_000
FAIL_WITHIN_S = 15  # the bound, from the failure (the held request) to the message
STALL_SHOWN_MS = 60_000  # the real page: its load, then the 10 s stall, on a busy machine

FAILURE = "probe.booted.then(() => null, (e) => e.message)"
PLAY = """async (plies) => {
  let view = await probe.engine.call("new_game", {players: 2, seed: 5});
  for (let i = 0; i < plies; i++) {
    const {move} = await probe.engine.call("bot_move", {record: view.record, level: "medium"});
    view = await probe.engine.call("play", {record: view.record, move});
  }
  return view.ply;
}"""
def open_probe(page: Page, url: str) -> float:
    """Open a probe page; return the time the page was asked for (time.monotonic())."""
    started = time.monotonic()
    page.goto(url)
    page.wait_for_function("() => window.probe", timeout=BOOT_TIMEOUT_MS)
    return started


def test_a_missing_file_fails_at_once_with_its_status(
    serve: Callable[..., Site], page: Page, guard: Guard, probe_site: Site, tmp_path: Path
) -> None:
    """pyodide.asm.wasm answered with 404: the message says so, in seconds, not minutes."""
    root = tmp_path / "dist"
    shutil.copytree(probe_site.root, root)
    next(root.glob("assets/pyodide-*/pyodide.asm.wasm")).unlink()
    broken = serve(root)
    guard.allow("pyodide.asm")  # its 404, and the failed worker's other fetches, cut off
    started = open_probe(page, broken.url + "/?no-sw")
    message = page.evaluate(FAILURE)
    assert message and "HTTP 404" in message and "pyodide.asm.wasm" in message
    assert time.monotonic() - started < FAIL_WITHIN_S


def test_a_stalled_download_is_named_within_15_s_and_retry_recovers(
    page: Page, guard: Guard
) -> None:
    """The wasm download never gets an answer: on the real page the loader says "stalled"
    after 10 s, not 60, names the file, offers Retry, and Retry works.

    Timed from the moment the request was held (the stall's start), not from opening the
    page, so a slow page load on a busy machine does not eat the margin."""
    held: list[float] = []
    page.context.route("**/pyodide.asm.wasm",  # never answered
                       lambda route: held.append(time.monotonic()))
    guard.allow("pyodide.asm")
    page.goto("/")
    loader = page.get_by_role("status").filter(has_text="game engine")
    expect(loader).to_contain_text("stalled", timeout=STALL_SHOWN_MS)
    done = time.monotonic()
    assert held, "the wasm request was not intercepted"
    assert done - held[0] < FAIL_WITHIN_S, f"stalled shown after {done - held[0]:.1f} s"
    expect(loader).to_contain_text("pyodide.asm.wasm")
    retry = page.get_by_role("button", name="Retry")
    expect(retry).to_be_visible()
    page.context.unroute("**/pyodide.asm.wasm")
    retry.click()
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_TIMEOUT_MS)
    expect(retry).to_be_hidden()


def test_the_gzipped_bytecode_starts_inflated_or_not_and_fails_when_damaged(
    page: Page, probe_site: Site, guard: Guard
) -> None:
    """The build's file plays; the same file inflated by the host plays; a damaged one
    fails at once with a message naming it."""
    name = page_python_name(probe_site)
    gzipped = (probe_site.root / name).read_bytes()
    assert gzipped[:2] == b"\x1f\x8b", "the python zip is not gzipped"
    open_probe(page, probe_site.url + "/?no-sw")
    page.evaluate("probe.booted")
    assert page.evaluate(PLAY, 2) == 2

    plain = gzip.decompress(gzipped)
    assert plain[:2] == b"PK" and b"destijl/api.pyc" in plain and b"destijl/api.py\x00" not in plain
    page.context.route(f"**/{name}", lambda route: route.fulfill(
        body=gzipped, headers={"Content-Encoding": "gzip", "Content-Type": "application/zip"}))
    open_probe(page, probe_site.url + "/?no-sw")
    page.evaluate("probe.booted")
    assert page.evaluate(PLAY, 2) == 2

    page.context.unroute(f"**/{name}")
    # on a busy machine Pyodide may already have asked for the damaged file when it fails,
    # and logs the same failure to the console as well: expected, whichever comes first
    guard.allow("is damaged")
    guard.allow("installing the standard library")
    page.context.route(f"**/{name}", lambda route: route.fulfill(
        body=gzipped[:2] + bytes(200) + gzipped[200:4000], content_type="application/gzip"))
    started = open_probe(page, probe_site.url + "/?no-sw")
    message = page.evaluate(FAILURE)
    assert message and name.rsplit("/", 1)[-1] in message and "damaged" in message, message
    assert time.monotonic() - started < FAIL_WITHIN_S + 30  # not the 45 s start timeout


def page_python_name(site: Site) -> str:
    """The python zip's path in the site, from its build-info.js."""
    info = (site.root / "build-info.js").read_text()
    return re.search(r'"python": "([^"]+)"', info).group(1)
