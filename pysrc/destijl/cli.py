"""``python -m destijl``: play, verify and show games from the command line."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence
from typing import Any

from . import daily, daily_proof, link
from .bots import level_move, lineup, make_bot
from .errors import DeStijlError
from .game import new_game
from .jsontext import MAX_CHARS, loads
from .link import payload_of
from .records import record_of, replay
from .render import printable, render_painting, render_sheet
from .scoring import ScoreSheet, TieBreak


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
        return status
    except DeStijlError as error:
        print(f"error: {_one_line(error)}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"error: {_one_line(error)}", file=sys.stderr)
        return 2
    except Exception as error:  # a bug in the engine: still one line, never a traceback
        print(f"error: internal error (a bug in De Stijl): {type(error).__name__}: "
              f"{_one_line(error)[:200]}", file=sys.stderr)
        return 3


def _one_line(error: BaseException) -> str:
    """An error's message made safe for a terminal, on one line."""
    return printable(str(error)).replace("\n", " ")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m destijl", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    selfplay = commands.add_parser("selfplay", help="bots play a game; prints its record")
    selfplay.add_argument("--players", type=int, default=3, choices=range(2, 6))
    selfplay.add_argument("--bots", default="random",
                          help="bot level per seat, comma separated (the last fills the rest)")
    selfplay.add_argument("--seed", type=int, default=None)
    selfplay.add_argument("--rotations", action=argparse.BooleanOptionalAction, default=True)
    selfplay.set_defaults(run=run_selfplay)

    verify = commands.add_parser(
        "verify", help="replay and re-score a record file ('-' for stdin) or a game link")
    verify.add_argument("file")
    verify.add_argument("--today", help="a daily result's latest possible date, YYYY-MM-DD "
                        "(default: the latest date anywhere on Earth now)")
    verify.set_defaults(run=run_verify)

    show = commands.add_parser("show", help="print a record's Painting and score sheet")
    show.add_argument("file")
    show.add_argument("--no-color", action="store_true", help="letters instead of colours")
    show.set_defaults(run=run_show)

    day = commands.add_parser("daily", help="print a Today's Painting's deal and par")
    day.add_argument("--date", required=True, help="the local date, YYYY-MM-DD")
    day.add_argument("--no-par", action="store_true", help="skip the par game (about 1 s)")
    day.set_defaults(run=run_daily)

    links = commands.add_parser("link", help="print a record's game link payload (#g=...)")
    links.add_argument("file", nargs="?", help="a record file ('-' for stdin)")
    links.add_argument("--measure", action="store_true",
                       help="measure link lengths of whole medium-bot games (2 to 5 seats)")
    links.add_argument("--trips", action="store_true",
                       help="count a friend game's link trips (2 to 5 seats, bots mixed in) "
                       "against the fair deal's lower bound")
    links.set_defaults(run=run_link)

    review = commands.add_parser(
        "review", help="judge each placement against the expert's best (a file or a link)")
    review.add_argument("file")
    review.add_argument("--seat", type=int, default=None, help="0-based seat (default: all)")
    review.add_argument("--playouts", type=int, default=None,
                        help="playouts per position (default: the page's, by player count)")
    review.add_argument("--seed", type=int, default=1)
    review.add_argument("--json", action="store_true", help="print the review as JSON")
    review.set_defaults(run=run_review)

    for extra in _extra_commands():
        extra(commands)
    return parser


def _extra_commands() -> list[Any]:
    """Subcommands from optional modules (benchmarks, tournaments)."""
    found = []
    for module in ("bench", "tournament", "ladder", "puzzles_cli"):
        try:
            found.append(__import__(f"destijl.{module}", fromlist=["add_parser"]).add_parser)
        except ImportError:
            continue
    return found


def run_selfplay(args: argparse.Namespace) -> int:
    seat_bots = lineup(args.bots, args.players)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = new_game(args.players, seed, rotations=args.rotations,
                    names=[f"{level.title()} {i + 1}" for i, level in enumerate(seat_bots)],
                    controllers=[f"bot:{level}" for level in seat_bots])
    bots = [make_bot(level) for level in seat_bots]
    rng = random.Random(seed)
    while not game.is_over:
        game.play(bots[game.seat_to_play].choose(game, rng))
    json.dump(record_of(game), sys.stdout)
    print()
    return 0


def read_text(path: str) -> str:
    """The text of a file or stdin ('-').

    At most ``MAX_CHARS`` + 1 characters are read: one more than the limit is enough for
    ``loads`` to refuse the text, whatever the size of the file (``/dev/zero`` included).
    """
    try:
        if path == "-":
            text = sys.stdin.read(MAX_CHARS + 1)
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read(MAX_CHARS + 1)
    except UnicodeDecodeError:
        raise DeStijlError(f"{path}: not a JSON record: not UTF-8 text") from None
    return text


def read_game(source: str) -> Any:
    """A record from a file or stdin, or the record of a game link (URL, ``#g=`` fragment
    or payload) given in place of a file or as the file's content."""
    opened, record = read_source(source)
    return _record_of(opened) if opened is not None else record


def read_source(source: str) -> tuple[link.OpenedLink | None, Any]:
    """``(opened link, None)`` for a game link given as ``source`` or as its content, else
    ``(None, record)``."""
    payload = payload_of(source) if source != "-" and not os.path.exists(source) else None
    if payload:
        return _open_link(payload), None
    text = read_text(source)
    payload = payload_of(text) if not text.lstrip().startswith("{") else None
    if payload:
        return _open_link(payload), None
    return None, loads(text, where=f"{source}: not a JSON record")


def _record_of(opened: link.OpenedLink) -> Any:
    """The record a link carries: a friend game's whole, else the replayed game's."""
    if opened.friend is not None:
        return opened.friend
    assert opened.game is not None  # every link but a friend's replays its game
    return record_of(opened.game)


def run_verify(args: argparse.Namespace) -> int:
    from .api import cmd_verify

    opened, record = read_source(args.file)
    if opened is not None and opened.kind == "daily":
        return _verify_daily(opened, args.today or daily_proof.latest_date())
    if opened is not None:
        record = _record_of(opened)
    print(printable(cmd_verify({"record": record})["summary"]))
    return 0


def _verify_daily(opened: link.OpenedLink, today: str) -> int:
    """A Today's Painting result: genuine (exit 0) or refused, saying why (exit 1)."""
    daily.number(today)
    try:
        outcome = daily_proof.verify(opened, today)
    except DeStijlError as error:
        print(f"not genuine: {printable(str(error))}", file=sys.stderr)
        return 1
    print(printable(daily_proof.summary(opened, outcome)))
    return 0


def _open_link(payload: str) -> link.OpenedLink:
    """``link.decode``; a daily whose bot moves are not the medium bot's is 'not genuine'."""
    try:
        return link.decode(payload)
    except link.BadLink as error:
        if "bot's move" in error.problem:
            raise DeStijlError(f"not genuine: {error.problem}") from None
        raise


def run_daily(args: argparse.Namespace) -> int:
    game = daily.daily_game(args.date)
    print(f"Today's Painting #{daily.number(args.date)} · {args.date} · seed "
          f"{game.seed}")
    print(", ".join(f"{seat.name} ({''.join(seat.colors)}, {seat.controller})"
                    for seat in game.seats))
    print(f"deal: {' '.join(map(str, game.deal))}")
    print(f"Painting starts with card {game.deal[0]}; Gallery: "
          f"{', '.join(map(str, game.gallery))}")
    print(render_painting(game.painting, color=False))
    if not args.no_par:
        par = daily.par_game(args.date)
        totals = ", ".join(f"{seat.name} {line.total}"
                           for seat, line in zip(par.seats, par.score().seats, strict=True))
        print(f"par {par.score().seats[0].total} (the hard bot in your seat: {totals})")
    return 0


def run_link(args: argparse.Namespace) -> int:
    if args.trips:
        from .friends.trips import table

        print("seats | first | placements | trips | lower bound | before the first placement "
              "| sent straight back")
        for row in table():
            print(f"{', '.join(row.controllers)} | {row.first + 1} | {row.placements} | "
                  f"{row.trips} | {row.bound} | {row.before_first} | {row.back}")
        return 0
    if args.measure:
        for players in range(2, 6):
            game = new_game(players, seed=players, controllers=["bot:medium"] * players)
            while not game.is_over:
                game.play(level_move(game, "medium"))
            text = link.to_text(record_of(game))
            print(f"{players} seats, {game.ply} moves: link text {len(text)} characters, "
                  f"payload {len(link.encode(record_of(game)))} characters")
        return 0
    if not args.file:
        raise DeStijlError("link: give a record file (or --measure)")
    print(f"#g={link.encode(read_game(args.file))}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    game = replay(read_game(args.file))
    print(render_painting(game.painting, color=not args.no_color))
    print()
    print(printable(render_sheet(game)))
    tie_break = tie_break_text(game.score(), [seat.name for seat in game.seats])
    if tie_break:
        print(printable(tie_break))
    return 0


def tie_break_text(sheet: ScoreSheet, names: Sequence[str]) -> str | None:
    """How a tie on total points was decided, in a sentence; None if one seat led alone.

    >>> from destijl.scoring import score_painting
    >>> sheet = score_painting({(0, 0): "R", (1, 0): "R", (2, 0): "B", (3, 0): "B"},
    ...                        [["R"], ["B"]])
    >>> tie_break_text(sheet, ["Piet", "Theo"])
    'Piet and Theo tied on 4 points and on the largest single stroke (2 cells): a shared victory.'
    """
    if sheet.tie_break is None:
        return None
    best = sheet.seats[sheet.tied[0]].total
    biggest = sheet.seats[sheet.winners[0]].largest
    tied = " and ".join(names[i] for i in sheet.tied)
    if sheet.tie_break is TieBreak.LARGEST_STROKE:
        winner = names[sheet.winners[0]]
        wins = "win" if winner == "You" else "wins"  # the page names its one person "You"
        return (f"{tied} tied on {best} points; {winner} {wins} with the "
                f"largest single stroke ({biggest} cells).")
    return (f"{tied} tied on {best} points and on the largest single stroke "
            f"({biggest} cells): a shared victory.")


def run_review(args: argparse.Namespace) -> int:
    from .review import review_game, summarize
    from .review.accuracy import drop, label

    record = read_game(args.file)
    game = replay(record)
    moves = review_game(record, seat=args.seat, playouts=args.playouts, seed=args.seed)
    seats = [entry for entry in summarize(moves, game.players)
             if args.seat is None or entry["seat"] == args.seat]
    if args.json:
        json.dump({"moves": [m.to_dict() for m in moves], "seats": seats}, sys.stdout)
        print()
        return 0
    names = [seat.name for seat in game.seats]
    for m in moves:
        tag = label(drop(m.win_before, m.win_after)) or ""
        line = (f"{m.ply + 1:>3} {names[m.seat]:<12} {m.played:<14} best {m.best:<14} "
                f"loss {m.loss:5.2f}  win {m.win_before:.0%} -> {m.win_after:.0%} {tag}")
        print(printable(line + (f" ({m.why})" if m.why else "")))
    for entry in seats:
        worst = ", ".join(f"move {ply + 1}" for ply in entry["worst"]) or "none"
        print(printable(f"{names[entry['seat']]}: accuracy {entry['accuracy']}, "
                        f"total loss {entry['loss']}, costliest: {worst}"))
    return 0
