"""The real engine in Chromium answers pathological requests with a BadRequest that keeps
its request id: nesting too deep for Python (3,000 levels: as an object it would not even
reach the worker, so engine.js sends JSON text), BigInts and cycles that cannot become
JSON, requests too long to hand to Python (a name of 1,000,001 characters, 1,000,000
levels of nesting). The engine keeps
answering afterwards.

Uses the probe page (tests/web/probe/): the engine of the build, without the UI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page

if TYPE_CHECKING:
    from conftest import Site

BOOT_TIMEOUT_MS = 90_000

HOSTILE_CALLS = """async () => {
  const engine = probe.engine;
  const nest = (depth) => {
    let value = {};
    for (let i = 0; i < depth; i++) value = {a: value};
    return value;
  };
  const cycle = {};
  cycle.self = cycle;
  const calls = {
    deep: engine.call("view", {record: nest(3000)}),
    deeper: engine.call("view", {record: nest(1_000_000)}),
    bigint: engine.call("new_game", {seed: 10n ** 40n}),
    cycle: engine.call("view", {record: cycle}),
    long: engine.call("new_game", {seats: [{name: "x".repeat(1_000_001)}, {}, {}]}),
    good: engine.call("new_game", {players: 2, seed: 7}),
  };
  const names = Object.keys(calls);
  const settled = await Promise.allSettled(Object.values(calls));
  const out = {};
  settled.forEach((s, i) => {
    out[names[i]] = s.status === "fulfilled" ? {ok: true, seed: s.value.record.seed}
      : {ok: false, name: s.reason.name, type: s.reason.type, message: s.reason.message};
  });
  out.after = (await engine.call("version")).engine;
  return out;
}"""


def test_pathological_requests_get_bad_request_with_their_id(page: Page, probe_site: Site) -> None:
    page.goto(probe_site.url + "/?no-sw")
    page.wait_for_function("() => window.probe", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("probe.booted")
    out = page.evaluate(HOSTILE_CALLS)
    assert out["deep"] == {"ok": False, "name": "EngineError", "type": "BadRequest",
                           "message": "request: nested deeper than 32 levels"}
    for name in ("bigint", "cycle"):
        assert out[name]["type"] == "BadRequest", out[name]
        assert out[name]["message"].startswith("request: not expressible as JSON ("), out[name]
    for name in ("long", "deeper"):  # JSON.stringify copes with 1,000,000 levels: 6 MB of text
        assert out[name]["type"] == "BadRequest", out[name]
        assert out[name]["message"].endswith("more than the 1,000,000 the engine reads")
    assert out["good"] == {"ok": True, "seed": 7}  # its reply was not confused with the others'
    assert out["after"]
