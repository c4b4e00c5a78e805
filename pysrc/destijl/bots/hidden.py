"""What a bot may know about the hidden Canvas deck, and guesses (determinizations) of it.

A bot sees the Painting, the Gallery and every card played, and knows how many cards the
deck holds, but not which ones nor their order: with the full card set, any card not yet
seen may be in the deck (or out of the game). ``sample_deck`` deals one guess of the deck
from the unseen cards; a new guess in every playout averages over the hidden information
without ever peeking at the real order.

>>> from destijl import new_game
>>> game = new_game(2, seed=1)
>>> unseen = unseen_cards(game)
>>> len(unseen), game.deck_count, set(game.gallery).isdisjoint(unseen)
(36, 14, True)
"""

from __future__ import annotations

import random

from ..cards import CARDS
from ..game import Game


def seen_cards(game: Game) -> set[int]:
    """The cards in plain view: the first card of the Painting, the Gallery, every card played."""
    seen = {game.deal[0]}  # the starting card lies face up in the Painting
    seen.update(game.gallery)
    seen.update(played.move.card for played in game.history)
    return seen


def unseen_cards(game: Game) -> list[int]:
    """The cards of the full set that could still be in the deck, sorted by id."""
    seen = seen_cards(game)
    return sorted(card for card in CARDS if card not in seen)


def sample_deck(unseen: list[int], count: int, rng: random.Random) -> list[int]:
    """One guess of the deck, top first: ``count`` cards drawn from ``unseen``."""
    return rng.sample(unseen, min(count, len(unseen)))
