"""What a placement would do before it is made, and what every placement did: the score
preview, the hint and the score history that teach the game (docs/api.md).

- ``preview(game, card, rotation)``: for every legal spot of the held card, each seat's
  score change, the strokes the card joins, splits, creates or covers, and the bonus
  ranking after it. The totals come from the shared delta scorer (``tally.scorer.Scorer``);
  the strokes from a local flood around the card (``analyse``), which never walks a stroke
  the card does not cover.
- ``hint(game, rng)``: the medium bot's move with the same description.
- ``history(game)``: every placement with its seat and score change, and every seat's
  total after each round (the rulebook's score track).

>>> from destijl import new_game
>>> game = new_game(3, seed=7)
>>> spots = preview(game, game.gallery[0], 0)["spots"]
>>> len(spots) == len(game.painting.legal_positions())
True
>>> sorted(spots[0])
['bonus', 'change', 'covered', 'created', 'joined', 'split', 'x', 'y']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots.simple import MediumBot
from .cards import COLORS
from .errors import BadRequest, IllegalMove, quote
from .game import Game
from .integers import is_int
from .records import record_of, replay
from .scoring import flood
from .tally.board import FOOT, NEIGHBOURS, RING, Board, face_colors, pack
from .tally.scorer import Scorer

Stroke = tuple[int, int]  # (colour index, size)


@dataclass(slots=True)
class Change:
    """What laying a face at one position does to the strokes (colour indices)."""

    removed: list[Stroke] = field(default_factory=list)  # old strokes that change or vanish
    added: list[Stroke] = field(default_factory=list)  # the strokes that take their place
    # (colour, size after, how many strokes it joins, 2 or more)
    joined: list[tuple[int, int, int]] = field(default_factory=list)
    # (colour, size before, how many strokes it falls into, 2 or more)
    split: list[tuple[int, int, int]] = field(default_factory=list)
    created: list[Stroke] = field(default_factory=list)  # strokes of the card's cells alone
    covered: list[Stroke] = field(default_factory=list)  # old strokes covered completely


def analyse(board: Board, pos: int, face: tuple[int, ...]) -> Change:
    """The change of laying ``face`` (nine colour indices) with its top-left cell at ``pos``.

    Floods the new strokes from the card's cells; a stroke the card only borders is taken
    whole by its size (and the flood goes on at every card cell it borders), a stroke it
    covers is followed cell by cell outside the card (its pieces). Pieces no card cell
    reaches become strokes of their own.
    """
    cells, label, sizes, colors = board.cells, board.label, board.sizes, board.colors
    foot = {pos + offset: index for index, offset in enumerate(FOOT)}
    hit: dict[int, int] = {}  # covered stroke -> cells under the card
    for key in foot:
        stroke = label.get(key)
        if stroke is not None:
            hit[stroke] = hit.get(stroke, 0) + 1
    touch: dict[int, list[int]] = {}  # bordering stroke -> the card cells it borders
    for offset, index in RING:
        stroke = label.get(pos + offset)
        if stroke is not None and stroke not in hit:
            touch.setdefault(stroke, []).append(pos + FOOT[index])
    seen: set[int] = set()
    whole: set[int] = set()  # bordering strokes joined by the card, taken whole
    finals: list[tuple[int, int, set[int], bool]] = []  # colour, size, old strokes, has card cells

    def flood_from(start: int, color: int) -> None:
        sources: set[int] = set()
        extra = 0  # cells of the bordering strokes taken whole

        def joins(key: int) -> list[int]:
            nonlocal extra
            out = []
            for step in NEIGHBOURS:
                nxt = key + step
                index = foot.get(nxt)
                if index is not None:
                    if face[index] == color:
                        out.append(nxt)
                elif cells.get(nxt) == color:
                    stroke = label[nxt]
                    if stroke in hit:  # a piece of a covered stroke: follow it
                        out.append(nxt)
                    elif stroke not in whole:  # whole, and on to the card cells it borders
                        whole.add(stroke)
                        sources.add(stroke)
                        extra += sizes[stroke]
                        out += [other for other in touch[stroke] if face[foot[other]] == color]
            return out

        reached = flood(start, joins)
        seen.update(reached)
        card = any(key in foot for key in reached)
        sources.update(label[key] for key in reached if key not in foot)
        finals.append((color, len(reached) + extra, sources, card))

    for key, index in foot.items():
        if key not in seen:
            flood_from(key, face[index])
    if hit:  # pieces of covered strokes that the card does not reach
        for offset, _ in RING:
            key = pos + offset
            if key not in seen and label.get(key) in hit:
                flood_from(key, cells[key])
    change = Change()
    change.removed = [(colors[s], sizes[s]) for s in hit] + [(colors[s], sizes[s]) for s in whole]
    pieces: dict[int, int] = dict.fromkeys(hit, 0)  # covered stroke -> strokes it ends up in
    for color, size, sources, card in finals:
        change.added.append((color, size))
        if not sources:
            change.created.append((color, size))
        elif len(sources) >= 2 and card:
            change.joined.append((color, size, len(sources)))
        for stroke in sources:
            if stroke in pieces:
                pieces[stroke] += 1
    for stroke, n in pieces.items():
        if n == 0:
            change.covered.append((colors[stroke], sizes[stroke]))
        elif n >= 2:
            change.split.append((colors[stroke], sizes[stroke], n))
    return change


def ranks_after(board: Board, scorer: Scorer, change: Change) -> list[list[Any]]:
    """The bonus ranking after the change: ``[rank, size or None, [seats]]`` per bonus, by
    the scorer's ranking (the one bonus rule, ``scoring.award_bonuses``)."""
    ranking = scorer.ranking(board, change.removed, change.added)
    return [[rank, size, sorted(seats)] for rank, (_points, size, seats) in enumerate(ranking, 1)]


def _letters(strokes: Sequence[tuple[int, ...]]) -> list[list[Any]]:
    return [[COLORS[item[0]], *item[1:]] for item in strokes]


def describe(board: Board, scorer: Scorer, pos: int, face: tuple[int, ...],
             x: int, y: int) -> dict[str, Any]:
    """One spot of the preview: score changes, strokes and the bonus ranking after it."""
    change = analyse(board, pos, face)
    before = scorer.base(board)[0]
    after = scorer.totals(board, change.removed, change.added)
    return {
        "x": x, "y": y,
        "change": [a - b for a, b in zip(after, before, strict=True)],
        "joined": _letters(change.joined),
        "split": _letters(change.split),
        "created": _letters(change.created),
        "covered": _letters(change.covered),
        "bonus": ranks_after(board, scorer, change),
    }


def _table(game: Game) -> tuple[Board, Scorer]:
    return Board.from_cells(game.painting), Scorer([seat.colors for seat in game.seats])


def preview(game: Game, card: int, rotation: int) -> dict[str, Any]:
    """Every legal spot of ``card`` turned by ``rotation``, described (see ``describe``)."""
    if game.is_over:
        raise IllegalMove("the game is over: nothing to preview")
    if card not in game.gallery:
        raise IllegalMove(f"card {card} is not in the Gallery "
                          f"({', '.join(map(str, game.gallery))})")
    if rotation not in game.allowed_rotations():
        raise IllegalMove(f"bad rotation {rotation} (allowed: "
                          f"{', '.join(map(str, game.allowed_rotations()))})")
    board, scorer = _table(game)
    face = face_colors(game.face(card, rotation))
    spots = [describe(board, scorer, pack(x, y), face, x, y)
             for x, y in sorted(game.painting.legal_positions(), key=lambda p: (p[1], p[0]))]
    return {"card": card, "rotation": rotation, "seat": game.current_seat,
            "totals": scorer.base(board)[0], "spots": spots}


def hint(game: Game, rng: random.Random) -> dict[str, Any]:
    """The medium bot's move for the seat to play, described like a preview spot."""
    if game.is_over:
        raise IllegalMove("the game is over: no move to suggest")
    move = MediumBot().choose(game, rng)
    board, scorer = _table(game)
    face = face_colors(game.face(move.card, move.rotation))
    spot = describe(board, scorer, pack(move.x, move.y), face, move.x, move.y)
    return {"move": move.to_dict(), "seat": game.current_seat, **spot}


def history(game: Game) -> dict[str, Any]:
    """Every placement (seat, move, face as placed, score change); the totals after each round."""
    start = replay(record_of(game), upto=0)
    board, scorer = _table(start)
    totals = scorer.totals(board)
    first = totals
    plies, rounds = [], []
    for index, played in enumerate(game.history):
        move = played.move
        face = game.face(move.card, move.rotation)
        board.apply(face_colors(face), pack(move.x, move.y))
        after = scorer.totals(board)
        change = [a - b for a, b in zip(after, totals, strict=True)]
        plies.append({"seat": played.seat, **move.to_dict(), "face": list(face),
                      "round": index // game.players + 1, "totals": after, "change": change})
        totals = after
        if (index + 1) % game.players == 0:
            rounds.append(after)
    return {"start": first, "plies": plies, "rounds": rounds}


# -- the API commands (registered in destijl.api) ------------------------------------------
def _game(args: dict[str, Any]) -> Game:
    if "record" not in args:
        raise BadRequest("record: missing")
    return replay(args["record"])


def cmd_preview(args: dict[str, Any]) -> dict[str, Any]:
    """``{record, card, rotation}`` -> every legal spot of the card, described."""
    card, rotation = args.get("card"), args.get("rotation", 0)
    if not is_int(card):
        raise BadRequest(f"card: expected a card id, got {quote(card)}")
    if not is_int(rotation):
        raise BadRequest(f"rotation: expected 0, 90, 180 or 270, got {quote(rotation)}")
    return preview(_game(args), card, rotation)


def cmd_hint(args: dict[str, Any]) -> dict[str, Any]:
    """``{record}`` -> the medium bot's move for the seat to play, described."""
    game = _game(args)
    return hint(game, random.Random(f"{game.seed}:{game.deal}:{game.ply}"))


def cmd_history(args: dict[str, Any]) -> dict[str, Any]:
    """``{record}`` -> every placement's score change and the totals after each round."""
    return history(_game(args))

