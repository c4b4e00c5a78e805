"""Benchmark: the score preview (``preview``), the hint and the history commands, natively
and inside Pyodide under Node (tests/wasm/run_engine.mjs, the archive the browser ships).

Each request goes through ``destijl.api.handle`` as the browser sends it (the record is
replayed every time), at positions spread over seeded games played by the medium bot.
Prints a table of median and max wall-clock milliseconds per request.

    python3 build_scripts/bench/bench_preview.py            # native and Pyodide
    python3 build_scripts/bench/bench_preview.py --native   # native only
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "pysrc"))
sys.path.insert(0, str(REPO / "build_scripts"))

from destijl.api import handle  # noqa: E402

PYODIDE = REPO / "build_scripts" / "node_modules" / "pyodide"
RUNNER = REPO / "tests" / "wasm" / "run_engine.mjs"
GAMES = [(2, 7), (3, 7), (4, 7), (5, 7)]  # (players, seed)
STOPS = (0.1, 0.4, 0.7, 0.95)  # positions: fractions of the game played


def call(cmd: str, **args: object) -> dict:
    reply = json.loads(handle(json.dumps({"cmd": cmd, "args": args})))
    assert reply["ok"], reply
    return reply["result"]


def requests() -> list[tuple[int, str, str]]:
    """(players, command, request text) at the benchmark positions."""
    out = []
    for players, seed in GAMES:
        view = call("new_game", players=players, seed=seed)
        plies = view["plies"]
        stops = {int(plies * f) for f in STOPS}
        while not view["is_over"]:
            if view["ply"] in stops:
                record = view["record"]
                card = view["gallery"][0]["card"]
                for rotation in (0, 90):
                    args = {"record": record, "card": card, "rotation": rotation}
                    out.append((players, "preview", json.dumps({"cmd": "preview", "args": args})))
                for command in ("hint", "history"):
                    request = {"cmd": command, "args": {"record": record}}
                    out.append((players, command, json.dumps(request)))
            move = call("bot_move", record=view["record"], level="medium")["move"]
            view = call("play", record=view["record"], move=move)
    return out


class Pyodide:
    """destijl.api.handle inside Pyodide under Node, one request per line."""

    def __init__(self) -> None:
        import build

        archive = Path("/tmp/destijl-bench-preview.zip")  # what the browser build ships
        archive.write_bytes(build.pack_python())
        self.process = subprocess.Popen(["node", str(RUNNER), str(PYODIDE), str(archive)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.python = json.loads(self.process.stdout.readline())["python"]

    def handle(self, request: str) -> str:
        self.process.stdin.write(request + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline()

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


def timed(run, request: str, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        reply = run(request)
        best = min(best, time.perf_counter() - started)
        assert '"ok":true' in reply.replace(" ", ""), reply[:200]
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--native", action="store_true", help="skip Pyodide")
    args = parser.parse_args()
    todo = requests()
    engines = [("native", handle)]
    wasm = None
    if not args.native:
        wasm = Pyodide()
        engines.append((f"pyodide {wasm.python}", wasm.handle))
    print(f"{'engine':<16} {'players':>7} {'command':<8} {'n':>3} {'median ms':>10} "
          f"{'max ms':>8} {'spots':>6}")
    for name, run in engines:
        for players, _ in GAMES:
            for command in ("preview", "hint", "history"):
                mine = [r for p, c, r in todo if p == players and c == command]
                times = [timed(run, r) for r in mine]
                spots = ""
                if command == "preview":
                    sizes = [len(json.loads(handle(r))["result"]["spots"]) for r in mine]
                    spots = f"{statistics.median(sizes):.0f}"
                print(f"{name:<16} {players:>7} {command:<8} {len(times):>3} "
                      f"{statistics.median(times):>10.1f} {max(times):>8.1f} {spots:>6}")
    if wasm:
        wasm.close()
    print("Wall-clock ms per request through api.handle (record replay included), best of 3.")


if __name__ == "__main__":
    main()
