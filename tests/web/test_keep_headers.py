"""Security headers (issue 11): netlify.toml is generated from one source, and the local
server (build_scripts/serve.py) sends exactly what netlify.toml declares, on every path,
documents at paths nobody listed included.
"""

from __future__ import annotations

import sys
import tomllib
import urllib.error
import urllib.request
from fnmatch import fnmatchcase
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "build_scripts"))
import netlify_headers  # noqa: E402

TOML = REPO / "netlify.toml"
DOCUMENTS = ["/", "/index", "/index.html", "/embed", "/embed.html", "/no/such/page", "/INDEX.HTML"]
FRAMED_BY_ANY_SITE = {"/embed", "/embed.html"}


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
                assert name.lower() not in out, f"{path}: {name} set twice"
                out[name.lower()] = " ".join(str(value).split())
    return out


def test_netlify_toml_is_generated_from_one_source() -> None:
    text = TOML.read_text()
    assert netlify_headers.generated_toml(text) == text, (
        "netlify.toml is stale: run python3 build_scripts/netlify_headers.py --write")
    assert text.count("Content-Security-Policy =") == 1  # one copy, on every path


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
        assert csp == netlify_headers.csp_text()
        for directive in ("base-uri 'none'", "form-action 'none'", "object-src 'none'",
                          "require-trusted-types-for 'script'",
                          "script-src 'self' 'wasm-unsafe-eval'"):
            assert directive in csp
        assert "unsafe-inline" not in csp and "'unsafe-eval'" not in csp
        assert headers["cross-origin-opener-policy"] == "same-origin"
        for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
            assert f"{feature}=()" in headers["permissions-policy"]
        if kind == "documents" and status == 200:
            framing = headers.get("x-frame-options")
            assert framing == (None if path in FRAMED_BY_ANY_SITE else "SAMEORIGIN"), path
        if path.startswith("/assets/"):
            assert headers["cross-origin-resource-policy"] == "same-origin"
            assert "immutable" in headers["cache-control"]


def test_the_build_refuses_clashing_rules(tmp_path: Path) -> None:
    """Two rules that set one header on one path would leave Netlify to pick: refused."""
    rules = netlify_headers.load_rules(TOML)
    for path in [*DOCUMENTS, "/app/main.js", "/assets/x.wasm", "/assets/pyodide/pyodide.mjs"]:
        assert netlify_headers.conflicts(rules, path) == [], path
