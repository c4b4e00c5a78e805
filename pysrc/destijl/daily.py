"""Today's Painting: the day's deal from its date, the par, and the result to share.

See docs/daily.md. The date is the player's local calendar date, ``YYYY-MM-DD``; the
engine reads no clock, so a date gives the same deal everywhere.

>>> number("2026-12-01"), number("2026-12-31"), number("2027-03-01")
(1, 31, 91)
>>> game = daily_game("2026-12-02")
>>> game.players, [seat.controller for seat in game.seats]
(3, ['human', 'bot:medium', 'bot:medium'])
>>> daily_game("2026-12-02").deal == game.deal != daily_game("2026-12-03").deal
True
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass
from typing import Any

from .bots import level_move
from .errors import BadRequest, quote
from .game import Game, new_game
from .move import Move
from .names import BOT_NAMES, PLAYER_NAME
from .records import replay

FIRST_DAY = "2026-12-01"
"""The date of Today's Painting #1."""
SALT = "destijl-daily/1"
"""Mixed into every day's seed, so a daily is not an ordinary ``?seed=`` game."""
NAMES = (PLAYER_NAME, *BOT_NAMES[:2])  # "You", "Piet", "Theo"
CONTROLLERS = ("human", "bot:medium", "bot:medium")
PAR_LEVEL = "hard"
"""The bot whose score in the player's seat is the par."""
MAX_SHARE = 1_000
"""The share text before its link is at most this many UTF-16 code units."""
MAX_ROWS = 7
"""The Painting in the share text is at most this many rows (2 lines above, the link below:
10 rows in all)."""
BOT_LEVEL = "medium"
"""The level of the two bot seats: every one of their moves must be this bot's."""
SQUARES = {"R": "🟥", "Y": "🟨", "B": "🟦", "K": "⬛", "W": "⬜"}
BLANK = "\u3000"  # an ideographic space: the width of one square, where the table shows
_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})", re.ASCII)
"""A day as the engine reads it: ASCII digits only (``\\d`` would also take Arabic-Indic
or fullwidth digits, which ``int`` reads as the same day while the seed differs)."""


# -- dates ----------------------------------------------------------------------------------
def is_date_text(date: Any) -> bool:
    """Is ``date`` spelled as the engine reads a day: ``YYYY-MM-DD`` in ASCII digits, and
    equal to its own canonical spelling (no other decimal digits, no spaces, no sign)?

    >>> is_date_text("2026-12-02"), is_date_text("2026-12-0\u0662"), is_date_text("\uff12026-12-02")
    (True, False, False)
    """
    match = _DATE.fullmatch(date) if isinstance(date, str) and date.isascii() else None
    if match is None:
        return False
    year, month, day = (int(part) for part in match.groups())
    return bool(date == f"{year:04d}-{month:02d}-{day:02d}")


def ascii_note(date: Any) -> str:
    """Why a date that looks right is refused: its digits are not ASCII (else "")."""
    return " (its digits must be ASCII 0-9)" if isinstance(date, str) and not date.isascii() else ""


def _days(date: Any) -> int:
    """Days since 1970-01-01 of a ``YYYY-MM-DD`` date; ``BadRequest`` naming what is wrong."""
    if not is_date_text(date):
        raise BadRequest(f"date: expected a date YYYY-MM-DD, got {quote(date)}{ascii_note(date)}")
    year, month, day = (int(part) for part in date.split("-"))
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    lengths = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    if not (1 <= month <= 12 and 1 <= day <= lengths[month - 1]):
        raise BadRequest(f"date: {quote(date)} is not a day of the calendar")
    # days from the civil calendar (H. Hinnant's algorithm), exact for every Gregorian date
    y = year - (month <= 2)
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    return era * 146097 + (yoe * 365 + yoe // 4 - yoe // 100 + doy) - 719468


def number(date: Any) -> int:
    """The puzzle number of ``date``: 1 on FIRST_DAY; earlier dates are refused."""
    days = _days(date) - _days(FIRST_DAY)
    if days < 0:
        raise BadRequest(f"date: the first Today's Painting is {FIRST_DAY}, got {quote(date)}")
    return days + 1


def seed(date: str) -> int:
    """The day's seed: 53 bits from Python's (stable, SHA-512) string seeding of salt+date."""
    number(date)
    return random.Random(f"{SALT}:{date}").getrandbits(53)


# -- the deal and the par ---------------------------------------------------------------------
def daily_game(date: Any, *, player: str = "human") -> Game:
    """The day's game before its first move; ``player`` controls seat 0 (the par: a bot)."""
    return new_game(3, seed(date), names=list(NAMES), controllers=[player, *CONTROLLERS[1:]])


def is_daily(game: Game, date: str) -> bool:
    """Is ``game`` the Today's Painting of ``date`` (its deal, seats and options)?"""
    fresh = daily_game(date)
    return (game.deal == fresh.deal and game.seats == fresh.seats
            and game.rotations == fresh.rotations
            and game.initial_first_player == fresh.initial_first_player)


def check_daily(game: Game, date: str) -> None:
    """Raise ``BadRequest`` unless ``game`` is the Today's Painting of ``date``."""
    if not is_daily(game, date):
        raise BadRequest(f"day: this is not the Today's Painting of {date} "
                         "(the deal or the seats differ)")


class NotTheBots(BadRequest):
    """A daily whose bot seats made a move the medium bot does not make there."""


def describe(move: Move) -> str:
    """A move in words, as the page says it: ``card 3 at column 9, row 9, turned 90°``."""
    return f"card {move.card} at column {move.x}, row {move.y}, turned {move.rotation}°"


def check_bots(game: Game, date: str) -> None:
    """Raise ``NotTheBots`` naming the first bot move of ``game`` (a daily of ``date``) that
    is not the medium bot's move in that position (the bots play the same on every device)."""
    check_daily(game, date)
    again = daily_game(date)
    total = len(game.history)
    for index, played in enumerate(game.history):
        if played.seat != 0:
            expected = level_move(again, BOT_LEVEL)
            if expected != played.move:
                name = again.seats[played.seat].name
                raise NotTheBots(f"move {index + 1} of {total} ({name}, {describe(played.move)}) "
                                 f"is not the {BOT_LEVEL} bot's move: it plays "
                                 f"{describe(expected)}")
        again.play(played.move)


def play_yours(date: str, moves: list[Move]) -> Game:
    """The daily of ``date`` with ``moves`` as the player's moves, each bot seat's move the
    medium bot's; ``BadRequest`` names the first of ``moves`` that cannot be played."""
    game = daily_game(date)
    for index, move in enumerate(moves):
        while not game.is_over and game.current_seat != 0:
            game.play(level_move(game, BOT_LEVEL))
        if game.is_over:
            raise BadRequest(f"your move {index + 1} of {len(moves)} ({describe(move)}): "
                             "the game is over before it")
        try:
            game.play(move)
        except ValueError as error:
            raise BadRequest(f"your move {index + 1} of {len(moves)} ({describe(move)}): "
                             f"{error}") from None
    while not game.is_over and game.current_seat != 0:
        game.play(level_move(game, BOT_LEVEL))
    return game


@functools.lru_cache(maxsize=64)
def par(date: str) -> int:
    """The par of ``date``: the par game's total in the player's seat (the same everywhere)."""
    return par_game(date).score().seats[0].total


def par_game(date: str) -> Game:
    """The par game: the hard bot in the player's seat against the day's two medium bots."""
    game = daily_game(date, player=f"bot:{PAR_LEVEL}")
    while not game.is_over:
        level = game.seats[game.seat_to_play].controller.removeprefix("bot:")
        game.play(level_move(game, level))
    return game


# -- the result ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DailyResult:
    """A finished daily: its date and number, the player's total and place, and the par."""

    date: str
    number: int
    total: int
    place: int  # 1 = first; seats with the same total share a place
    players: int
    par: int
    winners: tuple[int, ...]
    hints: int = 0  # hints asked for, as the player's device counted them

    @property
    def hints_text(self) -> str:
        """``no hints``, ``1 hint``, ``3 hints``: in the share text, as Wordle marks hard mode."""
        if not self.hints:
            return "no hints"
        return f"{self.hints} hint{'s' if self.hints != 1 else ''}"

    @property
    def verdict(self) -> str:
        """``beaten``, ``on par`` or ``not beaten``."""
        if self.total > self.par:
            return "beaten"
        return "on par" if self.total == self.par else "not beaten"

    def to_dict(self) -> dict[str, Any]:
        return {"date": self.date, "number": self.number, "total": self.total,
                "place": self.place, "players": self.players, "par": self.par,
                "beaten": self.total > self.par, "verdict": self.verdict,
                "won": 0 in self.winners, "hints": self.hints}


def result(game: Game, date: str, hints: Any = 0) -> DailyResult:
    """Score a finished daily ``game`` of ``date`` and play its par game (after, never before);
    ``hints``: the hints the player asked for."""
    check_daily(game, date)
    if not (isinstance(hints, int) and not isinstance(hints, bool) and 0 <= hints <= 999):
        raise BadRequest(f"hints: expected a whole number 0 to 999, got {quote(hints)}")
    sheet = game.result()
    if sheet is None:
        raise BadRequest("record: the game is not over; the par is shown after the game")
    totals = [line.total for line in sheet.seats]
    place = 1 + sum(1 for total in totals if total > totals[0])
    return DailyResult(date, number(date), totals[0], place, len(totals), par(date),
                       tuple(sheet.winners), hints)


def emoji_painting(game: Game, budget: int, max_rows: int = MAX_ROWS) -> str:
    """The Painting as emoji squares, cropped, scaled down to fit ``budget`` units and
    ``max_rows`` rows."""
    cells = dict(game.painting.items())
    x0, y0, x1, y1 = game.painting.bounds()
    scale = 1
    while True:
        rows = []
        for top in range(y0, y1 + 1, scale):
            row = ""
            for left in range(x0, x1 + 1, scale):
                block = [cells[(x, y)] for y in range(top, min(top + scale, y1 + 1))
                         for x in range(left, min(left + scale, x1 + 1)) if (x, y) in cells]
                row += SQUARES[_most_common(block)] if block else BLANK
            rows.append(row.rstrip(BLANK))
        text = "\n".join(rows)
        fits = utf16_length(text) <= budget and len(rows) <= max_rows
        if fits or scale > max(x1 - x0, y1 - y0):
            return text
        scale += 1


def _most_common(letters: list[str]) -> str:
    order = list(SQUARES)
    return max(order, key=lambda letter: (letters.count(letter), -order.index(letter)))


def utf16_length(text: str) -> int:
    """Length as JavaScript counts it: characters beyond U+FFFF count twice."""
    return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th, 5th."""
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place, 'th')}"


def share_text(game: Game, outcome: DailyResult) -> str:
    """The result to paste (docs/daily.md), without its link; at most MAX_SHARE units."""
    head = (f"De Stijl · Today's Painting #{outcome.number} · {outcome.date}\n"
            f"{ordinal(outcome.place)} of {outcome.players} · {outcome.total} points · "
            f"par {outcome.par}: {outcome.verdict} · {outcome.hints_text}\n")
    return head + emoji_painting(game, MAX_SHARE - utf16_length(head))


def result_of_record(record: Any, date: Any, hints: Any = 0) -> tuple[Game, DailyResult]:
    """Replay ``record`` (a finished daily of ``date``, its bots' moves the medium bot's) and
    score it with its par."""
    number(date)
    game = replay(record)
    check_bots(game, date)
    return game, result(game, date, hints)
