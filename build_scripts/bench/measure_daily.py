"""Measure Today's Painting's share text and result link (docs/daily.md, "The share text").

Run: ``PYTHONPATH=pysrc python build_scripts/bench/measure_daily.py``.
"""

from __future__ import annotations

from destijl import daily, link
from destijl.bots import level_move
from destijl.game import Game, new_game
from destijl.records import record_of

SITE = "https://destijl.netlify.app/"
DATES = ("2026-12-01", "2026-12-02", "2026-12-03", "2026-12-05", "2027-03-04")


def finish(game: Game) -> Game:
    """Play ``game`` to the end with the medium bot in every seat."""
    while not game.is_over:
        game.play(level_move(game, "medium"))
    return game


def main() -> None:
    print("| date | Painting rows | share text rows | text before the link (UTF-16) "
          "| payload | whole link |")
    for date in DATES:
        game = finish(daily.daily_game(date))
        outcome = daily.result(game, date, 2)
        text = daily.share_text(game, outcome)
        payload = link.encode(record_of(game), "daily", date, hints=2, par=outcome.par)
        url = f"{SITE}#g={payload}"
        rows = text.split("\n")
        print(f"| {date} | {len(rows) - 2} | {len(rows) + 1} | {daily.utf16_length(text)} "
              f"| {len(payload)} | {len(url)} |")
    print()
    print("| players | Painting (rows x columns) | emoji rows | UTF-16 units "
          "| replay link payload |")
    for players in range(2, 6):
        game = finish(new_game(players, seed=players, controllers=["bot:medium"] * players))
        x0, y0, x1, y1 = game.painting.bounds()
        art = daily.emoji_painting(game, daily.MAX_SHARE)
        print(f"| {players} | {y1 - y0 + 1} x {x1 - x0 + 1} | {len(art.split(chr(10)))} "
              f"| {daily.utf16_length(art)} | {len(link.encode(record_of(game)))} |")


if __name__ == "__main__":
    main()
