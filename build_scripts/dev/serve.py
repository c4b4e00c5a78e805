"""Serve dist/ locally the way Netlify serves it: `python3 build_scripts/dev/serve.py`.

Sends the `[[headers]]` of netlify.toml (strict CSP, caching, MIME types), the right
MIME types for .wasm, .mjs and .webmanifest, Netlify's default `Cache-Control` where no
rule sets one, and serves `/embed` from embed.html like Netlify's pretty URLs. A path is
decoded and normalised once, and that one path picks the file and its headers (encoded
slashes are a 404, control characters a 400); folders are never listed; error pages
carry their path's headers too. Prints the URL, then serves until Ctrl-C.
`--port 0` picks a free port (the printed URL says which).
`--compress` gzips what Netlify compresses on the fly (text, scripts, JSON, SVG and wasm;
not .zip or images) for clients that accept it; docs/benchmarks.md says why these.
`--count-bytes` prints one line per response, `bytes PATH N`, N being the body bytes sent.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import re
import sys
import threading
import urllib.parse
from pathlib import Path
from typing import ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the build's own scripts
import netlify_headers

REPO = Path(__file__).resolve().parents[2]
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
# Content types Netlify's CDN compresses on the fly (it picks brotli or gzip by the
# request's Accept-Encoding); this server only does gzip (brotli is not in the stdlib).
COMPRESSIBLE = ("text/", "application/javascript", "application/json",
                "application/manifest+json", "image/svg+xml", "application/wasm")
_GZIPPED: dict[tuple[str, float, int], bytes] = {}
_GZIP_LOCK = threading.Lock()


def gzipped(path: Path) -> bytes:
    """The gzip of a file (level 6, as CDNs use), cached while the file is unchanged."""
    stat = path.stat()
    key = (str(path), stat.st_mtime, stat.st_size)
    with _GZIP_LOCK:
        if key not in _GZIPPED:
            _GZIPPED[key] = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        return _GZIPPED[key]


class Handler(http.server.SimpleHTTPRequestHandler):
    """A static file handler that adds the netlify.toml headers to every response."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    rules: ClassVar[list[netlify_headers.Rule]] = []
    quiet: ClassVar[bool] = False
    compress: ClassVar[bool] = False
    count_bytes: ClassVar[bool] = False

    def send_head(self):  # type: ignore[no-untyped-def]
        """Serve the file at the request's site path, as Netlify would, or an error.

        The path is decoded and normalised once (`site_path`), and that one path picks
        both the file and the header rules, so no spelling of a URL can reach a file
        without the headers its own path declares. `/embed` is served from embed.html
        (Netlify's pretty URLs), `/` from index.html; there are no directory listings.
        """
        self.failed = False
        self.local: Path | None = None
        self.site_path, refusal = site_path(self.path)
        if refusal:
            self.send_error(*refusal)
            return None
        local = self._local_file(self.site_path)
        if local is None:
            self.send_error(404, "File not found")
            return None
        if self.compress and self._wants_gzip(local):
            return self._send_gzipped(local)
        self.local = local
        return super().send_head()

    def translate_path(self, path: str) -> str:
        """The file send_head chose (the request target is never decoded a second time)."""
        return str(self.local)

    @property
    def root(self) -> Path:
        """The served folder."""
        return Path(self.directory).resolve()

    def _local_file(self, path: str) -> Path | None:
        """The file that serves a normalised site path, or None (a 404)."""
        segments = [s for s in path.split("/") if s]
        local = self.root.joinpath(*segments)
        if not segments or path.endswith("/"):
            local = local / "index.html"
        elif not local.is_file() and local.with_name(local.name + ".html").is_file():
            local = local.with_name(local.name + ".html")
        if not local.is_file() or not local.resolve().is_relative_to(self.root):
            return None
        return local

    def list_directory(self, path):  # type: ignore[no-untyped-def]
        """Never list a folder (Netlify does not): a 404."""
        self.send_error(404, "File not found")
        return None

    def _wants_gzip(self, local: Path) -> bool:
        """The client accepts gzip and the file's type is one Netlify compresses."""
        accepted = self.headers.get("Accept-Encoding", "")
        if "gzip" not in [part.split(";")[0].strip() for part in accepted.split(",")]:
            return False
        return self.guess_type(str(local)).startswith(COMPRESSIBLE)

    def _send_gzipped(self, local: Path) -> io.BytesIO | None:
        """Send a 200 with the gzipped body (or a 304), like send_head does for a file."""
        mtime = int(local.stat().st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if int(email.utils.parsedate_to_datetime(since).timestamp()) >= mtime:
                    self.send_response(304)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError):
                pass
        body = gzipped(local)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(local)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(mtime))
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        """Send the body; with --count-bytes, print how many bytes went out."""
        if not self.count_bytes:
            return super().copyfile(source, outputfile)
        counted = _Counter(outputfile)
        try:
            super().copyfile(source, counted)
        finally:
            path = urllib.parse.urlsplit(self.path).path
            print(f"bytes {path} {counted.sent}", flush=True)
        return None

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
        """The netlify.toml headers for this request's site path (for a refused path,
        the raw one), names in canonical case."""
        path = getattr(self, "site_path", None) or _raw_path(self.path)
        found = netlify_headers.headers_for(self.rules, path)
        return {"-".join(w.capitalize() for w in k.split("-")): v for k, v in found.items()}

    def log_message(self, format: str, *args: object) -> None:
        """Log unless --quiet."""
        if not self.quiet:
            super().log_message(format, *args)


def _raw_path(target: str) -> str:
    """The path part of a request target, undecoded (no query, no fragment)."""
    return target.split("?", 1)[0].split("#", 1)[0]


def site_path(target: str) -> tuple[str | None, tuple[int, str] | None]:
    """A request target's path, decoded and normalised, or why it is refused.

    Percent-escapes are decoded once (as UTF-8); `.` and `..` segments are resolved (never
    above the root) and empty segments dropped, as a browser does before it sends a URL.
    Refused: an encoded slash or backslash (a 404: no file name holds one, and decoding
    it would let `/x%2f..%2findex.html` reach a file under another path's rules), and a
    path that is not UTF-8 or holds a control character such as `%00` (a 400).

    >>> site_path("/assets/../index.html?x=1")
    ('/index.html', None)
    >>> site_path("/x%2f..%2findex.html")
    (None, (404, 'File not found'))
    >>> site_path("/%00")
    (None, (400, 'Bad request path'))
    """
    raw = _raw_path(target)
    if re.search("%(2f|5c)", raw, re.IGNORECASE):
        return None, (404, "File not found")
    try:
        decoded = urllib.parse.unquote_to_bytes(raw).decode("utf-8")
    except UnicodeDecodeError:
        return None, (400, "Bad request path")
    if any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in decoded) or "\\" in decoded:
        return None, (400, "Bad request path")
    parts: list[str] = []
    for segment in decoded.split("/"):
        if segment == "..":
            if parts:
                parts.pop()
        elif segment not in ("", "."):
            parts.append(segment)
    folder = decoded.endswith(("/", "/.", "/.."))
    return "/" + "/".join(parts) + ("/" if parts and folder else ""), None


class _Counter:
    """A writable that counts the bytes written through it."""

    def __init__(self, out: io.BufferedIOBase) -> None:
        self.out = out
        self.sent = 0

    def write(self, data: bytes) -> int:
        self.sent += len(data)
        return self.out.write(data)


def make_server(
    root: Path = DIST,
    port: int = 8000,
    host: str = "127.0.0.1",
    headers: Path | None = netlify_headers.NETLIFY_TOML,
    quiet: bool = False,
    compress: bool = False,
    count_bytes: bool = False,
) -> http.server.ThreadingHTTPServer:
    """A threaded server for `root` with netlify.toml's headers (none if headers is None)."""
    rules = netlify_headers.load_rules(headers) if headers else []
    handler = type("DistHandler", (Handler,), {"rules": rules, "quiet": quiet,
                                                "compress": compress, "count_bytes": count_bytes})
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
    parser.add_argument("--compress", action="store_true",
                        help="gzip what Netlify compresses, for clients that accept it")
    parser.add_argument("--count-bytes", action="store_true",
                        help="print `bytes PATH N` for every response body")
    args = parser.parse_args(argv)
    if not args.dir.is_dir():
        print(f"{args.dir} does not exist: run `make build` first", file=sys.stderr)
        return 1
    try:
        server = make_server(args.dir, args.port, args.host,
                             None if args.no_headers else args.config, args.quiet,
                             args.compress, args.count_bytes)
    except OSError as error:  # the port taken (another `make play`?), or a host not here
        print(f"cannot serve on {args.host}:{args.port}: {error.strerror or error}. Stop the "
              f"other server, or pick another port: make play PORT={args.port + 1} (or "
              f"--port 0 for any free one)", file=sys.stderr)
        return 1
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
