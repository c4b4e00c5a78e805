"""serve.py in this process: the site with its production headers and gzip, a log of the
bytes sent per response, and optionally a slow network (SLOW) paced by the server, so the
worker's fetches are paced too."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import netlify_headers
import serve

from .paths import NODE_MODULES, PAGES, SLOW

PAGE_FILES = ("baseline.html", "baseline.js", "baseline-worker.js", "bots.html", "bots.js")


@dataclass
class Served:
    """serve.py in this process: a URL, and a log of (time, path, bytes) per response."""

    url: str
    log: list[tuple[float, str, int]] = field(default_factory=list)
    slow: bool = False

    def since(self, start: float, end: float) -> tuple[int, int]:
        """Bytes and responses sent between two time.time() stamps."""
        hits = [(size) for at, _, size in list(self.log) if start <= at <= end]
        return sum(hits), len(hits)


def start_server(root: Path) -> tuple[Served, Callable[[], None]]:
    """Serve `root` like Netlify (headers, gzip), logging bytes; optionally pace like SLOW."""
    served = Served("")

    class Handler(serve.Handler):
        def copyfile(self, source, outputfile):  # type: ignore[no-untyped-def]
            counted = _Paced(outputfile, served)
            super().copyfile(source, counted)
            path = self.path.split("?")[0]
            served.log.append((time.time(), path, counted.sent))

        def send_head(self):  # type: ignore[no-untyped-def]
            if served.slow:
                time.sleep(SLOW["rtt_ms"] / 1000)  # one round trip per request
            return super().send_head()

        def log_message(self, format: str, *args: object) -> None:
            pass

    handler = type("BenchHandler", (Handler,), {
        "rules": netlify_headers.load_rules(netlify_headers.NETLIFY_TOML), "compress": True})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    served.url = f"http://127.0.0.1:{server.server_address[1]}"

    def stop() -> None:
        server.shutdown()
        server.server_close()

    return served, stop


class _Paced:
    """Counts what is written; when the server is slow, paces it at SLOW's bit rate, one
    link shared by every connection (as a reader's 10 Mbit/s line is)."""

    CHUNK = 16 * 1024
    link_free_at = 0.0
    link = threading.Lock()

    def __init__(self, out, served: Served) -> None:  # type: ignore[no-untyped-def]
        self.out = out
        self.served = served
        self.sent = 0

    def write(self, data: bytes) -> int:
        if not self.served.slow:
            self.sent += len(data)
            return self.out.write(data)
        for i in range(0, len(data), self.CHUNK):
            chunk = data[i:i + self.CHUNK]
            with _Paced.link:
                start = max(time.time(), _Paced.link_free_at)
                _Paced.link_free_at = start + len(chunk) * 8 / SLOW["bits_per_s"]
                done = _Paced.link_free_at
            time.sleep(max(0.0, done - time.time()))
            self.out.write(chunk)
            self.sent += len(chunk)
        return len(data)


def write_bench_pages(root: Path) -> None:
    """The baseline and bot pages, and a copy of the pinned Pyodide for the baseline."""
    bench = root / "bench"
    bench.mkdir(exist_ok=True)
    for name in PAGE_FILES:
        shutil.copy(PAGES / name, bench / name)
    pyodide = root / "assets" / "bench-pyodide"  # under assets/: cached like the game's
    pyodide.mkdir(parents=True, exist_ok=True)
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"):
        shutil.copy(NODE_MODULES / "pyodide" / name, pyodide / name)


def quiet(served: Served, ms: int = 400) -> None:
    """Wait until the server has sent nothing for `ms` (at most 10 s)."""
    deadline = time.time() + 10
    while time.time() < deadline:
        last = served.log[-1][0] if served.log else 0
        if time.time() - last >= ms / 1000:
            return
        time.sleep(0.05)
