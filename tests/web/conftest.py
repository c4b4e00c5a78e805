"""Shared fixtures for the browser tests: real Chromium against a freshly built dist/.

Session-wide:
- `site`: dist/ built into a temporary folder and served by build_scripts/dev/serve.py with
  the netlify.toml headers on http://127.0.0.1:PORT (`site.url`, `site.root`, `site.build`).
- `other_site`: a second server (no special headers) on http://localhost:PORT2, another
  origin and site; `other_site.page(name, html)` writes a page there and returns its URL,
  `other_site.embed(src, sandbox=...)` writes a page that embeds `src` in an iframe.
- `browser`: Chromium (/usr/bin/chromium when present) launched by Playwright.

Per test:
- `context` / `page`: a fresh context (base_url = site.url, service workers allowed) and
  a page in it. The test fails on any console error, uncaught page error, failed request,
  HTTP error status, or request to a non-local origin; `guard.allow("text")` tolerates
  an expected problem. A failing test leaves a screenshot in test-artifacts/.
- `persistent_context(site=None)`: a factory for a context with an on-disk profile (warm
  HTTP cache across reloads); watched by the same guard.
- `new_site(web=None)`: a factory for a site of the test's own; `redeploy(stamp)`
  replaces it with a new build (another version), for the update-path tests.
  `fresh_site` is `new_site()`.
- `probe_site` (session) / `probe_web`: the real build with index.html and embed.html
  replaced by tests/web/probe/ pages that expose `window.probe` (engine, pwa.js, BUILD),
  to test the worker, the service worker and the headers without the UI.
- `serve(root, headers=toml)`: serve an existing folder, e.g. with altered headers.
- `snap(page, name)`: save test-artifacts/NAME.png and return its path.
- `site_snapshot` (session): the engine's memory snapshot of `site`'s build (web/snapshot.js),
  made once by booting the game in a context of its own; `context` and
  `persistent_context` put it into their Cache Storage before the test sees them, so their
  pages restore Python instead of booting it (each context has its own Cache Storage). A
  test marked `cold_boot` gets contexts without it: its pages boot from nothing.

Under the production CSP (no 'unsafe-eval'), pass `wait_for_function` a function such as
"() => window.probe", not a bare expression: Playwright evaluates those with eval().
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

try:
    import playwright.sync_api as playwright_api
except ImportError as missing:
    # Locally the browser tests are skipped without Playwright; in CI a broken install must
    # fail the run, not report green.
    if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
        raise RuntimeError(f"CI: Playwright is missing, the browser tests cannot run ({missing})"
                           ) from missing
    pytest.skip(f"Playwright is missing ({missing})", allow_module_level=True)

REPO = Path(__file__).resolve().parents[2]
BUILD = REPO / "build_scripts" / "build.py"
SERVE = REPO / "build_scripts" / "dev" / "serve.py"
NETLIFY_TOML = REPO / "netlify.toml"
ARTIFACTS = REPO / "test-artifacts"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
PROBE = Path(__file__).resolve().parent / "probe"

sys.path.insert(0, str(REPO / "build_scripts" / "dev"))
from chromium import launch_options  # noqa: E402  the web benchmark's options, plus TEST_ARGS

sys.path.pop(0)
from pictures import picture  # noqa: E402  tests/web is on the path (pytest's rootdir-relative import)
from snapshot_cache import CACHE as SNAPSHOT_CACHE_NAME  # noqa: E402
from snapshot_cache import read_kept  # noqa: E402

# Every expect() waits for a state, never for a time. Playwright's default of 5 s is short
# for a state to arrive on a loaded machine (two test processes share two cores); a passing
# check takes no longer for 15 s, only a failing one is reported later. Bounds a test means
# to check are written out (`timeout=`, or measured in the page).
playwright_api.expect.set_options(timeout=15_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under tests/web as `web`."""
    for item in items:
        if "tests/web/" in item.nodeid.replace("\\", "/"):
            item.add_marker(pytest.mark.web)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> pytest.TestReport:
    """Keep each phase's report on the item, so fixtures can see whether the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def build_site(out: Path, web: Path | None = None, stamp: str = "",
               test_hooks: bool = True) -> None:
    """Build dist/ into `out` with build_scripts/build.py (from web/ unless `web`); with
    the test hooks (`?debug=engine`) unless `test_hooks` is False (a deploy's build)."""
    command = [sys.executable, str(BUILD), "--out", str(out), "--stamp", stamp]
    if test_hooks:
        command.append("--test-hooks")
    if web is not None:
        command += ["--web", str(web)]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode:
        pytest.fail(f"build failed:\n{result.stdout}{result.stderr}")


@dataclass
class Site:
    """A running serve.py process serving `root` at `url` (no trailing slash)."""

    root: Path
    url: str
    process: subprocess.Popen
    web: Path | None = None

    def redeploy(self, stamp: str) -> None:
        """Rebuild the served folder with another version (replaced in one step)."""
        build_site(self.root, self.web, stamp)

    def stop(self) -> None:
        """Stop the server."""
        self.process.terminate()
        self.process.wait(timeout=10)


def start_server(
    root: Path, host: str = "127.0.0.1", headers: Path | None = NETLIFY_TOML,
    web: Path | None = None,
) -> Site:
    """Start serve.py for `root` on a free port, sending the [[headers]] of `headers`."""
    command = [sys.executable, str(SERVE), "--port", "0", "--dir", str(root), "--quiet"]
    command += ["--config", str(headers)] if headers else ["--no-headers"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline() if process.stdout else ""
    match = re.search(r":(\d+)/", line)
    if not match:
        process.kill()
        raise RuntimeError(f"serve.py did not start: {line!r}")
    return Site(root, f"http://{host}:{match.group(1)}", process, web)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The game, built into a temporary dist/ and served with production's headers."""
    root = tmp_path_factory.mktemp("site") / "dist"
    build_site(root)
    server = start_server(root, "127.0.0.1")
    yield server
    server.stop()


@dataclass
class OtherSite(Site):
    """A plain site on another origin, for pages that embed the game."""

    def page(self, name: str, body: str) -> str:
        """Write an HTML page and return its URL."""
        (self.root / name).write_text(body)
        return f"{self.url}/{name}"

    def embed(self, src: str, name: str = "embed-host.html", sandbox: str | None = None,
              width: int = 480, height: int = 720) -> str:
        """Write a blog-like page embedding `src` in an iframe; return the page's URL."""
        attributes = f' sandbox="{html.escape(sandbox)}"' if sandbox is not None else ""
        return self.page(name, (
            "<!doctype html><meta charset=utf-8><title>A blog post</title>"
            '<link rel="icon" href="data:,">'
            "<h1>A blog post with a game</h1>"
            f'<iframe src="{html.escape(src)}" width="{width}" height="{height}" '
            f'title="De Stijl"{attributes}></iframe>'
        ))


@pytest.fixture(scope="session")
def other_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OtherSite]:
    """A second origin (http://localhost:PORT) for cross-origin embedding."""
    root = tmp_path_factory.mktemp("other-site")
    server = start_server(root, "localhost", headers=None)
    other = OtherSite(server.root, server.url, server.process)
    yield other
    other.stop()


@pytest.fixture
def new_site(tmp_path: Path) -> Iterator[Callable[..., Site]]:
    """Factory: `new_site(web=None, test_hooks=True)` builds and serves a site of this
    test's own (`test_hooks=False`: as a deploy builds it)."""
    started: list[Site] = []

    def start(web: Path | None = None, test_hooks: bool = True) -> Site:
        root = tmp_path / f"dist-{len(started)}"
        build_site(root, web, test_hooks=test_hooks)
        started.append(start_server(root, "127.0.0.1", web=web))
        return started[-1]

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def serve() -> Iterator[Callable[..., Site]]:
    """Factory: `serve(root, headers=path_to_toml or None)` serves a folder as it is.

    Name it before `page` or `context` in a test's arguments: fixtures are torn down in
    reverse order, so the browser is closed (and its guard checked) before the servers stop.
    Stopped first, a server resets the requests still in flight, and the guard fails the test.
    """
    started: list[Site] = []

    def start(root: Path, headers: Path | None = NETLIFY_TOML) -> Site:
        started.append(start_server(root, headers=headers))
        return started[-1]

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def fresh_site(new_site: Callable[..., Site]) -> Site:
    """A site of this test's own, to redeploy (`fresh_site.redeploy("v2")`)."""
    return new_site()


@pytest.fixture(scope="session")
def probe_web(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """web/ with index.html and embed.html replaced by the probe pages."""
    web = tmp_path_factory.mktemp("probe") / "web"
    shutil.copytree(REPO / "web", web)
    for path in PROBE.iterdir():
        shutil.copy(path, web / path.name)
    shutil.copy(PROBE / "index.html", web / "embed.html")
    return web


@pytest.fixture(scope="session")
def probe_site(probe_web: Path) -> Iterator[Site]:
    """The real build with the probe pages, served with production's headers."""
    root = probe_web.parent / "dist"
    build_site(root, probe_web)
    server = start_server(root, "127.0.0.1", web=probe_web)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def playwright() -> Iterator[playwright_api.Playwright]:
    """The Playwright driver."""
    with playwright_api.sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: playwright_api.Playwright) -> Iterator[playwright_api.Browser]:
    """Headless Chromium."""
    chromium = playwright.chromium.launch(**launch_options(for_tests=True))
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def full_browser(playwright: playwright_api.Playwright) -> Iterator[playwright_api.Browser]:
    """The full headless Chromium (not the shell), started only for the tests marked
    `full_chromium`: those that measure the page's main thread (main_thread.py)."""
    chromium = playwright.chromium.launch(**launch_options(for_tests=True, full=True))
    yield chromium
    chromium.close()


@pytest.fixture
def test_browser(request: pytest.FixtureRequest) -> playwright_api.Browser:
    """The browser this test's contexts open in: `full_browser` for a test marked
    `full_chromium`, else the session's `browser` (the headless shell where there is one)."""
    wanted = "full_browser" if request.node.get_closest_marker("full_chromium") else "browser"
    return request.getfixturevalue(wanted)


@dataclass
class Guard:
    """Collects what must not happen in a page: errors, failed or foreign requests."""

    problems: list[str] = field(default_factory=list)
    allowed: list[str] = field(default_factory=list)

    def allow(self, text: str) -> None:
        """Tolerate problems whose description contains `text`."""
        self.allowed.append(text)

    def add(self, problem: str) -> None:
        """Record a problem unless it is allowed."""
        if not any(text in problem for text in self.allowed):
            self.problems.append(problem)

    def watch(self, context: playwright_api.BrowserContext) -> None:
        """Listen to every page of the context (and its workers)."""
        context.on("console", lambda m: m.type == "error" and self.add(f"console error: {m.text}"))
        context.on("weberror", lambda e: self.add(f"page error: {e.error}"))
        context.on("request", self._request)
        context.on("requestfailed", self._failed)
        context.on("response", lambda r: r.status >= 400 and self.add(f"HTTP {r.status}: {r.url}"))

    def _request(self, request: playwright_api.Request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOCAL_HOSTS:
            self.add(f"request to a non-local origin: {request.url}")

    def _failed(self, request: playwright_api.Request) -> None:
        failure = request.failure or ""
        if "ERR_ABORTED" not in failure:  # aborted by a navigation; HTTP errors show above
            self.add(f"request failed ({failure}): {request.url}")

    def check(self) -> None:
        """Fail the test if anything went wrong."""
        if self.problems:
            pytest.fail("problems in the browser:\n  " + "\n  ".join(self.problems))


@pytest.fixture
def guard() -> Guard:
    """The problems seen so far in this test's contexts; `guard.allow(text)` tolerates some."""
    return Guard()


def _screenshot_on_failure(request: pytest.FixtureRequest, pages: list) -> None:
    report = getattr(request.node, "report_call", None)
    if report is None or not report.failed:
        return
    ARTIFACTS.mkdir(exist_ok=True)
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    for index, page in enumerate(pages):
        if not page.is_closed():
            page.screenshot(path=str(ARTIFACTS / f"failed-{name}-{index}.png"))


SNAPSHOT_FILE = "test-engine-snapshot.bin.gz"  # answered by a route, not on the site
PUT_SNAPSHOT = f"""async ({{path, build, file}}) => {{
  const response = await fetch(file);
  const cache = await caches.open("{SNAPSHOT_CACHE_NAME}");
  await cache.put(path, new Response(await response.blob(),
    {{headers: {{"X-Destijl-Build": build}}}}));
}}"""


@dataclass
class SiteSnapshot:
    """The engine snapshot kept by a boot of `site`: its cache key's path and build."""

    path: str
    build: str
    data: bytes  # gzipped, as kept

    def put_into(self, ctx: playwright_api.BrowserContext, url: str) -> None:
        """Put the snapshot into `ctx`'s Cache Storage (a page on `url`, closed after; the
        bytes come from a route of that page's own, nothing is written to the site)."""
        loader = ctx.new_page()
        loader.route(f"{url}/{SNAPSHOT_FILE}", lambda route: route.fulfill(
            body=self.data, content_type="application/gzip"))
        loader.goto(f"{url}/favicon.svg")
        loader.evaluate(PUT_SNAPSHOT, {"path": self.path, "build": self.build,
                                       "file": f"/{SNAPSHOT_FILE}"})
        loader.close()


@pytest.fixture(scope="session")
def site_snapshot(browser: playwright_api.Browser, site: Site) -> SiteSnapshot | None:
    """Boot the game once and keep the snapshot its worker made (None if it made none:
    then every page boots from nothing, as before)."""
    ctx = browser.new_context(base_url=site.url, service_workers="block")
    try:
        page = ctx.new_page()
        page.goto("/")
        kept = read_kept(page, timeout=120_000)
    except playwright_api.Error:
        return None
    finally:
        ctx.close()
    return SiteSnapshot(kept["path"], kept["build"], kept["data"])


def shared_snapshot(request: pytest.FixtureRequest) -> SiteSnapshot | None:
    """The session's snapshot for a test's contexts; None for a test marked `cold_boot`."""
    if request.node.get_closest_marker("cold_boot"):
        return None
    return request.getfixturevalue("site_snapshot")


@pytest.fixture
def context(
    test_browser: playwright_api.Browser, site: Site, guard: Guard,
    request: pytest.FixtureRequest,
) -> Iterator[playwright_api.BrowserContext]:
    """A fresh browser context on `site` (in `test_browser`), watched by `guard`, with the
    session's engine snapshot in its Cache Storage (unless the test is `cold_boot`)."""
    ctx = test_browser.new_context(base_url=site.url, service_workers="allow",
                                   viewport={"width": 1280, "height": 800})
    snapshot = shared_snapshot(request)
    if snapshot:
        snapshot.put_into(ctx, site.url)
    guard.watch(ctx)
    yield ctx
    _screenshot_on_failure(request, ctx.pages)
    ctx.close()
    guard.check()


@pytest.fixture
def page(context: playwright_api.BrowserContext) -> playwright_api.Page:
    """A page in `context`; the test fails on errors (see Guard)."""
    return context.new_page()


@pytest.fixture
def persistent_context(
    playwright: playwright_api.Playwright,
    site: Site,
    guard: Guard,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> Iterator[Callable[..., playwright_api.BrowserContext]]:
    """Factory: `persistent_context(site=None)` opens a context with an on-disk profile."""
    opened: list[playwright_api.BrowserContext] = []

    snapshot = shared_snapshot(request)

    def open_context(on: Site | None = None) -> playwright_api.BrowserContext:
        profile = tmp_path / f"profile-{len(opened)}"
        ctx = playwright.chromium.launch_persistent_context(
            str(profile), base_url=(on or site).url, service_workers="allow",
            viewport={"width": 1280, "height": 800}, **launch_options(for_tests=True))
        if snapshot and on in (None, site):
            snapshot.put_into(ctx, site.url)
        guard.watch(ctx)
        opened.append(ctx)
        return ctx

    yield open_context
    for ctx in opened:
        _screenshot_on_failure(request, ctx.pages)
        ctx.close()
    guard.check()


@pytest.fixture
def snap() -> Callable[[playwright_api.Page, str], Path | None]:
    """`snap(page, "start-screen")` saves test-artifacts/start-screen.png when pictures are
    wanted (DESTIJL_PICTURES=1, tests/web/pictures.py)."""

    def save(page: playwright_api.Page, name: str, settle_ms: int = 0) -> Path | None:
        return picture(page, name, settle_ms)

    return save
