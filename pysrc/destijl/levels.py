"""The bot levels a seat can be played by: names, ratings and one-line descriptions.

Plain data, with no import from the rest of the package, so that the game (which checks a
seat's controller), the bots (``destijl.bots.levels`` builds each level by name), the
command line and the page (through the engine) all read the same list. Levels are listed
weakest first.

``rating`` is each level's Elo rating from the 2-player round robin of
``python -m destijl ladder`` (docs/levels.md gives the command, the seeds and the table it
printed), anchored so that ``easy`` is 1000: 400 points more means winning about 10
games in 11. With 40 games per pair the intervals are wide (about +-100 points).

>>> [level.name for level in LEVELS]
['random', 'easy', 'steady', 'keen', 'medium', 'hard', 'expert']
>>> describe_levels()[4]["label"]
'Medium'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Level:
    """One bot level as a player sees it."""

    name: str  # in records and links: the controller "bot:NAME"
    label: str  # shown to people
    rating: int  # Elo, from the ladder (docs/levels.md)
    description: str  # one line

    def details(self) -> dict[str, Any]:
        """As plain JSON data."""
        return asdict(self)


LEVELS: tuple[Level, ...] = (
    Level("random", "Random", 800, "Plays any legal move at random: a baseline."),
    Level("easy", "Easy", 1000, "Picks a sensible-looking move, often not the best."),
    Level("steady", "Steady", 1090,
          "Plays the best-scoring move now and then, otherwise a sensible one."),
    Level("keen", "Keen", 1372, "Usually plays the move that scores best right now."),
    Level("medium", "Medium", 1564, "Always plays the move that scores best right now."),
    Level("hard", "Hard", 1773, "Looks a round ahead, trying its best moves on guessed decks."),
    Level("expert", "Expert", 1935,
          "Sharper than Hard, and deeper with 2 players."),
)
"""Every level, weakest first."""

LEVEL_NAMES: tuple[str, ...] = tuple(level.name for level in LEVELS)


def describe_levels() -> list[dict[str, Any]]:
    """Every level as JSON data, weakest first: name, label, rating, description."""
    return [level.details() for level in LEVELS]
