"""Serve dist/ locally the way Netlify serves it: `python3 build_scripts/serve.py`.

Sends the `[[headers]]` of netlify.toml (strict CSP, caching, MIME types), the right
MIME types for .wasm, .mjs and .webmanifest, Netlify's default `Cache-Control` where no
rule sets one, and serves `/embed` from embed.html like Netlify's pretty URLs. Prints the
URL, then serves until Ctrl-C.
`--port 0` picks a free port (the printed URL says which).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import urllib.parse
from pathlib import Path
from typing import ClassVar

import netlify_headers

REPO = Path(__file__).resolve().parent.parent
DIST = REPO / "dist"
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".ico": "image/x-icon",
    ".zip": "application/zip",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
}
NETLIFY_DEFAULT_CACHE = "public, max-age=0, must-revalidate"


class Handler(http.server.SimpleHTTPRequestHandler):
    """A static file handler that adds the netlify.toml headers to every response."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    rules: ClassVar[list[netlify_headers.Rule]] = []
    quiet: ClassVar[bool] = False

    def send_head(self):  # type: ignore[no-untyped-def]
        """Serve `/embed` from embed.html, as Netlify does, then the file itself."""
        self.failed = False
        path = urllib.parse.urlsplit(self.path).path
        local = Path(self.translate_path(path))
        if not local.exists() and local.with_name(local.name + ".html").is_file():
            self.path = path + ".html"
        return super().send_head()

    def send_header(self, keyword: str, value: str) -> None:
        """Let netlify.toml's Content-Type win over the guessed one."""
        if keyword.lower() == "content-type":
            value = self._rule_headers().get("Content-Type", value)
        super().send_header(keyword, value)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """An error is never cached, whatever the path's rule says (a retry must refetch)."""
        self.failed = True
        super().send_error(code, message, explain)

    def end_headers(self) -> None:
        """Add the rule headers (and the default cache policy) before the blank line."""
        extra = self._rule_headers()
        if getattr(self, "failed", False):
            extra["Cache-Control"] = "no-store"
        for name, value in extra.items():
            if name != "Content-Type":
                super().send_header(name, value)
        if "Cache-Control" not in extra:
            super().send_header("Cache-Control", NETLIFY_DEFAULT_CACHE)
        super().end_headers()

    def _rule_headers(self) -> dict[str, str]:
        """The netlify.toml headers for this request, names in canonical case."""
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        found = netlify_headers.headers_for(self.rules, path)
        return {"-".join(w.capitalize() for w in k.split("-")): v for k, v in found.items()}

    def log_message(self, format: str, *args: object) -> None:
        """Log unless --quiet."""
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    root: Path = DIST,
    port: int = 8000,
    host: str = "127.0.0.1",
    headers: Path | None = netlify_headers.NETLIFY_TOML,
    quiet: bool = False,
) -> http.server.ThreadingHTTPServer:
    """A threaded server for `root` with netlify.toml's headers (none if headers is None)."""
    rules = netlify_headers.load_rules(headers) if headers else []
    handler = type("DistHandler", (Handler,), {"rules": rules, "quiet": quiet})
    server = http.server.ThreadingHTTPServer(
        (host, port), functools.partial(handler, directory=str(root))
    )
    server.daemon_threads = True
    return server


def main(argv: list[str] | None = None) -> int:
    """Command line: serve until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", type=Path, default=DIST, help="directory to serve (dist/)")
    parser.add_argument("--config", type=Path, default=netlify_headers.NETLIFY_TOML,
                        help="the netlify.toml whose [[headers]] to send")
    parser.add_argument("--no-headers", action="store_true", help="send no [[headers]]")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    if not args.dir.is_dir():
        print(f"{args.dir} does not exist: run `make build` first", file=sys.stderr)
        return 1
    server = make_server(args.dir, args.port, args.host,
                         None if args.no_headers else args.config, args.quiet)
    host, port = server.server_address[:2]
    print(f"Serving {args.dir} at http://{'localhost' if host == '127.0.0.1' else host}:{port}/",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
