"""Bot latency: bot_move per level through the page's engine (the real engine.js and
worker.js, from a bench page), and the same requests natively."""

from __future__ import annotations

import json
import sys
import time

from .browser import PROBE_JS
from .paths import BOTS_PATH, REPO, TIMEOUT_MS
from .server import Served

sys.path.insert(0, str(REPO / "pysrc"))
from destijl.bots import THINK_MS as BOT_THINK_MS  # what the page sends (rules-data.js)
from destijl.bots import level_names  # noqa: F401  (webbench.run lists every level)
from destijl.records import record_of

SEARCHING = ("hard", "expert")  # the levels whose search the think time caps

sys.path.pop(0)


def bot_positions(count: int, players: int = 3) -> list[dict]:
    """Records of mid-game positions (medium bots from seeded deals), natively."""
    import random

    from destijl.bots import make_bot
    from destijl.game import new_game

    records = []
    for seed in range(1, count + 1):
        game = new_game(players, 1000 + seed)
        bot = make_bot("medium")
        rng = random.Random(seed)
        stop = game.total_plies // 2 + seed % 3
        while game.ply < stop and not game.is_over:
            game.play(bot.choose(game, rng))
        records.append(record_of(game))
    return records


def native_bot_ms(records: list[dict], level: str, repeat: int) -> list[float]:
    """The same bot_move requests in CPython through destijl.api.handle (ms each)."""
    from destijl.api import handle

    times = []
    for _ in range(repeat):
        for record in records:
            args: dict = {"record": record, "level": level}
            if level in SEARCHING:
                args["time_ms"] = BOT_THINK_MS
            request = json.dumps({"cmd": "bot_move", "args": args})
            start = time.perf_counter()
            reply = json.loads(handle(request))
            times.append((time.perf_counter() - start) * 1000)
            if not reply.get("ok"):
                raise RuntimeError(f"native bot_move failed: {reply}")
    return times


def browser_bots(browser, served: Served, records: list[dict], levels: list[str],
                 repeat: int) -> dict[str, dict]:  # type: ignore[no-untyped-def]
    """bot_move per level through the page's engine: ms per move, longest task meanwhile."""
    context = browser.new_context()
    context.add_init_script(PROBE_JS)
    out: dict[str, dict] = {}
    try:
        page = context.new_page()
        page.goto(served.url + BOTS_PATH)
        page.wait_for_function("() => window.bench", timeout=TIMEOUT_MS)
        page.evaluate("() => window.bench.ready")
        for level in levels:
            ms, longest = [], []
            for _ in range(repeat):
                for record in records:
                    result = page.evaluate(
                        "([r, l, t]) => window.bench.botMove(r, l, t)",
                        [record, level, BOT_THINK_MS if level in SEARCHING else 0])
                    ms.append(result["ms"])
                    longest.append(result["longest"])
            out[level] = {"ms": ms, "longest_task_ms": max(longest, default=0.0)}
    finally:
        context.close()
    return out
