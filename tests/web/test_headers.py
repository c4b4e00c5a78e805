"""Security headers: netlify.toml is generated from one source, and the
local server (build_scripts/dev/serve.py) sends exactly what netlify.toml declares, on every
path, documents at paths nobody listed included, whatever the spelling of the path.
"""

from __future__ import annotations

import http.client
import sys
import tomllib
import urllib.error
import urllib.request
from fnmatch import fnmatchcase
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(REPO / "build_scripts"), str(REPO / "build_scripts" / "dev")]
import netlify_headers  # noqa: E402
import serve  # noqa: E402

TOML = REPO / "netlify.toml"
DOCUMENTS = ["/", "/index", "/index.html", "/embed", "/embed.html", "/lab", "/lab.html",
             "/no/such/page", "/INDEX.HTML"]
LAB = {"/lab", "/lab.html"}  # the only documents whose policy allows the bot sandbox
FRAMED_BY_ANY_SITE = {"/embed", "/embed.html", *LAB}
FRAMED_BY_THE_SITE = {"/", "/index", "/index.html"}
STRICT = "script-src-elem 'self'; worker-src 'self'; frame-src 'self'"


def policy_for(path: str) -> str:
    """The Content-Security-Policy a path must carry: documents add their frame-ancestors,
    and all but the Lab's the strict directives, as do scripts and SVG images."""
    if path in LAB:
        return netlify_headers.csp_text(frame_ancestors="*")
    if path in FRAMED_BY_ANY_SITE:
        return netlify_headers.csp_text(frame_ancestors="*", strict=True)
    if path in FRAMED_BY_THE_SITE:
        return netlify_headers.csp_text(frame_ancestors="'self'", strict=True)
    if path.endswith((".js", ".svg")):
        return netlify_headers.csp_text(strict=True)
    return netlify_headers.csp_text()


def get(url: str) -> tuple[int, dict[str, str]]:
    """Status and headers (lower-case names) of a GET; HTTP errors included."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}


def declared(path: str) -> dict[str, str]:
    """The headers netlify.toml declares for a path, read with tomllib and fnmatch
    (independently of netlify_headers.py's matcher): `*` may span slashes, as on Netlify."""
    config = tomllib.loads(TOML.read_text())
    out: dict[str, str] = {}
    for block in config["headers"]:
        pattern = block["for"].rstrip("/") or "/"
        if path == pattern or fnmatchcase(path.lower(), pattern.lower()) or (
                pattern.endswith("/*") and path.lower() == pattern[:-2].lower()):
            for name, value in block["values"].items():
                value = " ".join(str(value).split())
                # set twice only to refine a policy (the same one with directives added)
                assert name.lower() not in out or (
                    name == "Content-Security-Policy" and value.startswith(out[name.lower()] + "; ")
                ), f"{path}: {name} set twice"
                out[name.lower()] = value
    return out


def test_netlify_toml_is_generated_from_one_source() -> None:
    text = TOML.read_text()
    assert netlify_headers.generated_toml(text) == text, (
        "netlify.toml is stale: run python3 build_scripts/netlify_headers.py --write")
    # one policy: every copy is the one of `/*`, refined (directives added): the strict ones
    # everywhere but on the Lab's pages, and a document's frame-ancestors
    base = netlify_headers.csp_text()
    blocks = [block for block in tomllib.loads(text)["headers"]
              if "Content-Security-Policy" in block["values"]]
    copies = {block["for"]: block["values"]["Content-Security-Policy"] for block in blocks}
    assert blocks[0]["for"] == "/*" and copies["/*"] == base
    # /*, 5 game pages, 2 of the Bot Lab, scripts and SVG images
    assert len(copies) == 10
    for path, copy in copies.items():
        assert copy == base or copy.startswith(base + "; "), path
        assert (STRICT in copy) == (path not in LAB | {"/*"}), path


def test_only_the_labs_pages_may_make_the_bot_sandbox() -> None:
    """The sandbox's needs (blob: scripts, workers and frames, the runner's inline script)
    are in the base policy only; every other policy adds directives that override them."""
    base = dict(d.split(" ", 1) for d in netlify_headers.csp_text().split("; "))
    assert "blob:" in base["script-src"] and netlify_headers.RUNNER_HASH in base["script-src"]
    assert base["child-src"] == "'self' blob:"
    assert "worker-src" not in base and "frame-src" not in base  # child-src: the fallback
    assert "script-src-elem" not in base
    strict = dict(d.split(" ", 1) for d in netlify_headers.csp_text(strict=True).split("; "))
    assert strict["script-src-elem"] == strict["worker-src"] == strict["frame-src"] == "'self'"


def some_asset(root: Path) -> str:
    """The URL path of one fingerprinted file."""
    found = next(p for p in (root / "assets").rglob("*") if p.is_file())
    return "/" + found.relative_to(root).as_posix()


@pytest.mark.parametrize("kind", ["documents", "files"])
def test_the_local_server_sends_what_netlify_toml_declares(site, kind: str) -> None:
    paths = DOCUMENTS if kind == "documents" else [
        "/app/main.js", "/worker.js", "/sw.js", "/style.css", "/manifest.webmanifest",
        "/favicon.svg", some_asset(site.root)]
    for path in paths:
        status, headers = get(site.url + path)
        assert status in (200, 404), (path, status)
        want = declared(path)
        for name, value in want.items():
            if name == "cache-control" and status == 404:
                continue  # errors are never cached locally (serve.py)
            assert headers.get(name) == value, (path, name, headers.get(name), value)
        # Every path carries the one policy: documents nobody listed (/index, 404s) too.
        csp = headers["content-security-policy"]
        assert csp == policy_for(path.lower()), path  # rules ignore case
        for directive in ("base-uri 'none'", "form-action 'none'", "object-src 'none'",
                          "require-trusted-types-for 'script'",
                          "script-src 'self' 'wasm-unsafe-eval'"):
            assert directive in csp
        assert "unsafe-inline" not in csp and "'unsafe-eval'" not in csp
        assert headers["cross-origin-opener-policy"] == "same-origin"
        for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
            assert f"{feature}=()" in headers["permissions-policy"]
        if status == 200 and path in FRAMED_BY_ANY_SITE | FRAMED_BY_THE_SITE:
            framing = headers.get("x-frame-options")
            assert framing == (None if path in FRAMED_BY_ANY_SITE else "SAMEORIGIN"), path
            assert csp.endswith("frame-ancestors *" if path in FRAMED_BY_ANY_SITE
                                else "frame-ancestors 'self'"), path
        if path.startswith("/assets/"):
            assert headers["cross-origin-resource-policy"] == "same-origin"
            assert "immutable" in headers["cache-control"]


def test_the_build_refuses_clashing_rules(tmp_path: Path) -> None:
    """Two rules that set one header on one path would leave Netlify to pick: refused."""
    rules = netlify_headers.load_rules(TOML)
    for path in [*DOCUMENTS, "/app/main.js", "/assets/x.wasm", "/assets/pyodide/pyodide.mjs"]:
        assert netlify_headers.conflicts(rules, path) == [], path


# -- every spelling of a path (issue 17) -----------------------------------------------------
def raw_get(url: str, target: str) -> tuple[int, dict[str, str], bytes]:
    """Send `target` exactly as written (no client-side normalising); status, headers, body."""
    host = url.split("//", 1)[1]
    connection = http.client.HTTPConnection(host, timeout=10)
    try:
        connection.putrequest("GET", target, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return (response.status, {k.lower(): v for k, v in response.getheaders()},
                response.read())
    finally:
        connection.close()


# target -> (status, the path whose headers it must carry)
SPELLINGS = {
    "/x%2f..%2findex.html": (404, None),  # reached the site without its framing rules
    "/x%2F..%2Findex.html": (404, None),
    "/assets/..%2findex.html": (404, None),  # got the assets' one-year immutable cache
    "/assets/..%5cindex.html": (404, None),
    "/app/../index.html": (200, "/index.html"),
    "/assets/../index.html": (200, "/index.html"),
    "/%2e%2e/index.html": (200, "/index.html"),
    "/assets/%2e%2e/embed": (200, "/embed"),
    "//index.html": (200, "/index.html"),
    "/./embed.html?x=1": (200, "/embed.html"),
    "/../../../../etc/passwd": (404, None),
    "/app/": (404, None),  # folders are never listed
    "/app": (404, None),
    "/assets/": (404, None),
    "/%00": (400, None),
    "/index.html%00.js": (400, None),
    "/%ff": (400, None),
    "/%1b[2J": (400, None),
}


@pytest.mark.parametrize("target", SPELLINGS)
def test_any_spelling_of_a_path_gets_its_own_headers_or_an_error(site, target: str) -> None:
    status, headers, body = raw_get(site.url, target)
    want_status, as_path = SPELLINGS[target]
    assert status == want_status, (target, status)
    if status == 200:
        _, direct = get(site.url + as_path)
        for name in ("content-security-policy", "x-frame-options", "cache-control",
                     "cross-origin-resource-policy"):
            assert headers.get(name) == direct.get(name), (target, name)
        return
    # an error page: the base policy (it runs no script) or, at a path of a script, the
    # strict one; never cached, no listing
    base = netlify_headers.csp_text()
    assert headers["content-security-policy"] in (base, netlify_headers.csp_text(strict=True)
                                                  ), target
    assert headers["cache-control"] == "no-store"
    assert headers["x-content-type-options"] == "nosniff"
    assert b"Directory listing" not in body and b"main.js" not in body


def test_the_server_answers_after_bad_paths(site) -> None:
    for target in ("/%00", "/%ff", "/x%2f..%2findex.html"):
        raw_get(site.url, target)
    assert raw_get(site.url, "/")[0] == 200


@pytest.mark.parametrize(("target", "path"), [
    ("/a/b/../c/./d", "/a/c/d"), ("/a/..", "/"), ("/a/b/..", "/a/"), ("/..", "/"),
    ("/%41pp/main.js", "/App/main.js"),
    ("/caf%C3%A9", "/caf\u00e9"), ("/x?q=/../y", "/x"), ("/x#frag", "/x"),
])
def test_site_path_decodes_then_normalises(target: str, path: str) -> None:
    assert serve.site_path(target) == (path, None)
