"""What a front end must know about the game before one exists: ``describe()``.

The page draws its start screen, its words for colours and controllers and its Rules
panel before the engine has loaded (the engine arrives with Start game in the embed). The
build writes ``describe()`` into ``dist/app/rules-data.js`` so those facts have one owner,
the engine: player counts, the colours, each player count's default colours, the bot
levels with their labels, ratings and descriptions (destijl.bots.levels, the one list of
levels, so a new level shows up by itself), the bonus table and
the Rules panel's worked example, counted here by the engine's own code.

>>> facts = describe()
>>> facts["players"], facts["colors"], facts["colors_per_seat"]["2"]
([2, 3, 4, 5], ['R', 'Y', 'B', 'K', 'W'], 2)
>>> facts["controllers"][0], "bot:medium" in facts["controllers"]
('human', True)
>>> sorted(facts["levels"][0])
['description', 'label', 'name', 'rating']
>>> facts["rules_example"]["legal"]["covers"], facts["rules_example"]["illegal"]["covers"]
(2, 6)
"""

from __future__ import annotations

from typing import Any

from .bots import THINK_MS
from .bots.levels import describe_levels
from .bots.user import MAX_SOURCE
from .cards import CARDS, COLOR_NAMES, COLORS
from .daily import FIRST_DAY
from .friends.records import FRIEND_BOTS
from .game import CONTROLLERS, DEFAULT_COLORS, colors_per_seat
from .link import MAX_PAYLOAD, MAX_TEXT
from .names import BOT_NAMES, FRIEND_NAMES, MAX_NAME, PLAYER_NAME
from .names import rule_data as name_rule
from .painting import MAX_COVER, MIN_COVER, Painting
from .scoring import BONUS_TABLE, find_strokes

EXAMPLE_CARDS = (3, 12)
"""The Rules panel's two cards: the first lies at (0, 0), the second is laid over it."""
LEGAL_AT = (2, 1)
"""Where the panel lays the second card legally (and builds its example Painting)."""
ILLEGAL_AT = (1, 0)
"""Where the panel shows the second card refused."""
EXAMPLE_COLOR = "R"
"""The colour whose strokes the panel's example counts."""


def describe() -> dict[str, Any]:
    """The facts about the game a page needs before a game exists, as JSON-ready data."""
    players = sorted(DEFAULT_COLORS)
    return {
        "players": players,
        "colors": list(COLORS),
        "color_names": dict(COLOR_NAMES),
        "default_colors": {str(n): DEFAULT_COLORS[n] for n in players},
        "colors_per_seat": {str(n): colors_per_seat(n) for n in players},
        "max_name": MAX_NAME,
        "max_bot_source": MAX_SOURCE,  # the longest Bot Lab bot, in characters
        "names": name_rule(),
        "default_names": {"player": PLAYER_NAME, "bots": list(BOT_NAMES),
                          "friends": list(FRIEND_NAMES)},
        "levels": describe_levels(),
        "controllers": list(CONTROLLERS),
        "friend_bots": list(FRIEND_BOTS),  # the bot levels a friend game may seat
        "think_ms": THINK_MS,
        "cover": [MIN_COVER, MAX_COVER],
        "bonuses": {str(n): list(BONUS_TABLE[n]) for n in players},
        "rules_example": rules_example(),
        "link": {"max_payload": MAX_PAYLOAD, "max_text": MAX_TEXT},  # a link's sizes (link.py)
        "first_daily": FIRST_DAY,  # Today's Painting's first day (earlier dates are refused)
    }


def rules_example() -> dict[str, Any]:
    """The Rules panel's pictures: two real cards, one legal and one refused placement,
    and the Painting the legal one makes with its strokes of one colour, all counted by
    the engine."""
    first, second = EXAMPLE_CARDS
    painting = Painting()
    painting.place(CARDS[first], 0, 0)
    placements = {}
    for name, (x, y) in (("legal", LEGAL_AT), ("illegal", ILLEGAL_AT)):
        covers = painting.covered(x, y)
        placements[name] = {"x": x, "y": y, "covers": covers,
                            "ok": MIN_COVER <= covers <= MAX_COVER}
    painting.place(CARDS[second], *LEGAL_AT)
    strokes = [s for s in find_strokes(painting) if s.color == EXAMPLE_COLOR]
    return {
        "cards": [{"card": card, "face": list(CARDS[card])} for card in EXAMPLE_CARDS],
        **placements,
        "painting": [[x, y, c] for (x, y), c in sorted(painting.items(), key=_reading)],
        "color": EXAMPLE_COLOR,
        "strokes": sorted((sorted([x, y] for x, y in s.cells) for s in strokes), key=len),
    }


def _reading(item: tuple[tuple[int, int], str]) -> tuple[int, int]:
    (x, y), _ = item
    return (y, x)
