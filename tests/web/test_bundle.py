"""The build's bundles (build_scripts/bundle.py), read from the built files; no browser.

Each page loads one fingerprinted, minified bundle and the chunks it needs at once, with
the stylesheet inline and allowed by the policy's hash; the service worker precaches every
bundle a page can reach and none of the plain modules; the embed before Start game stays
small. Playing offline with the bundles is tests/web/test_offline.py's, the embed's bytes
in a real frame tests/web/test_embed_lazy.py's.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import BUILD, NETLIFY_TOML, REPO, Site

sys.path.insert(0, str(REPO / "build_scripts"))
import bundle
import netlify_headers

sys.path.pop(0)

BUNDLE = re.compile(r"assets/[\w-]+-[A-Z0-9]{8}\.mjs")
IMPORTED = re.compile(r"""(?:from|import)\s*\(?\s*["']\./([\w-]+\.mjs)["']""")
EMBED_BUDGET = 60_000  # bytes before Start game (issue 8), as test_embed_lazy counts them
PAGES = ("index.html", "embed.html", "lab.html")


def precached(site: Site) -> set[str]:
    """Every path the service worker precaches."""
    text = (site.root / "sw.js").read_text()
    start = text.index("{", text.index("const PRECACHE = "))
    precache, _ = json.JSONDecoder().raw_decode(text, start)
    return {*precache["files"], *precache["immutable"]}


def loaded_at_once(site: Site, page: str) -> list[str]:
    """The page's module script and its modulepreload links, in page order."""
    html = (site.root / page).read_text()
    return re.findall(r'<script type="module" src="([^"]+)"', html) + re.findall(
        r'<link rel="modulepreload" href="([^"]+)"', html)


def reachable(site: Site, start: list[str]) -> set[str]:
    """Every bundle that `start` imports, statically or with import(), transitively."""
    seen: set[str] = set()
    todo = list(start)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo += [f"assets/{target}" for target in IMPORTED.findall((site.root / name).read_text())]
    return seen


@pytest.mark.parametrize("page", PAGES)
def test_each_page_loads_fingerprinted_minified_bundles_and_an_allowed_inline_style(
        site: Site, page: str) -> None:
    html = (site.root / page).read_text()
    scripts = loaded_at_once(site, page)
    assert scripts and all(BUNDLE.fullmatch(s) for s in scripts), scripts
    # a handful, not the 60-odd plain modules: on the site's page the entry, what the start
    # screen runs, and the later parts' bundle, preloaded so that Start game need not wait
    # for its request (it runs only when needed), and the small chunks esbuild splits off
    # for what the lazily loaded parts (puzzles, the Lab's host) share with them
    assert len(scripts) <= 9, scripts
    for name in scripts:
        text = (site.root / name).read_text()
        # minified: the modules' doc and line comments are gone (every module has some)
        assert "/**" not in text and not re.search(r"^\s*// ", text, re.MULTILINE), name
        assert f"//# sourceMappingURL={Path(name).name}.map" in text
        assert (site.root / f"{name}.map").is_file()
    assert "<link rel=\"stylesheet\"" not in html and "app/main.js" not in html
    (style,) = bundle.inline_styles(html)
    whole = bundle.minify_css((REPO / "web" / "style.css").read_text())
    later = re.search(r'<meta name="destijl:stylesheet" content="(assets/style-\w+\.css)">', html)
    if page == "embed.html":  # the preview's rules now, the whole sheet on Start game
        assert style == bundle.preview_css(whole) and len(style) < 0.6 * len(whole)
        assert later and (site.root / later.group(1)).read_text() == whole
    else:
        assert style == whole and not later
    policy = netlify_headers.headers_for(netlify_headers.load_rules(NETLIFY_TOML), f"/{page}")
    assert bundle.csp_hash(style) in policy["Content-Security-Policy"]
    assert "'unsafe-inline'" not in policy["Content-Security-Policy"]


def test_the_precache_holds_every_bundle_a_page_reaches_and_no_plain_module(site: Site) -> None:
    cache = precached(site)
    for page in PAGES:
        assert page in cache
        every = reachable(site, loaded_at_once(site, page))
        assert every <= cache, sorted(every - cache)
    assert {"worker.js", "build-info.js", "app/sandbox-check.js"} <= cache
    plain = sorted(p for p in cache if p.endswith(".js") and p.startswith(("app/", "vendor/"))
                   and p != "app/sandbox-check.js")
    assert not plain, plain
    assert not [p for p in cache if p.endswith(".map") or p in ("style.css", "engine.js")]
    # every other file the build writes is precached (data files included): what is left
    # out is only the plain modules, the stylesheet and source maps
    left = {p.relative_to(site.root).as_posix() for p in site.root.rglob("*") if p.is_file()}
    left -= cache | {"sw.js"}
    assert all(p.endswith((".js", ".map", ".css")) for p in left), sorted(left)
    # the worker is a bundle too: it imports nothing
    assert not re.search(r"^import\s|\bfrom\s*[\"']\./", (site.root / "worker.js").read_text(),
                         re.MULTILINE)


def test_the_embed_before_start_game_weighs_under_its_budget(site: Site) -> None:
    files = ["embed.html", "app/sandbox-check.js", "manifest.webmanifest", "favicon.svg",
             *loaded_at_once(site, "embed.html")]
    sizes = {f: len(gzip.compress((site.root / f).read_bytes(), 6)) for f in files}
    assert sum(sizes.values()) <= EMBED_BUDGET - 6_000, sizes  # room for the headers
    assert not [f for f in sizes if re.search(r"app-|worker|pyodide|python", f)], sizes


def test_a_stale_policy_for_the_inline_style_fails_the_build(tmp_path: Path) -> None:
    web = tmp_path / "web"
    shutil.copytree(REPO / "web", web)
    with (web / "style.css").open("a") as css:
        css.write("\n.not-in-the-policy { color: red; }\n")
    done = subprocess.run([sys.executable, str(BUILD), "--web", str(web), "--out",
                           str(tmp_path / "dist")], capture_output=True, text=True)
    assert done.returncode == 1
    assert "inline <style>" in done.stderr and "netlify_headers.py --write" in done.stderr
