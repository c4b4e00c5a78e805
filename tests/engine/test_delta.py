"""The bots' fast scoring equals the full recount: incremental board, delta scorer, tally."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from destijl import new_game, score_painting
from destijl.bots.candidates import Table, distinct_faces
from destijl.tally.board import COLOR_INDEX, Board, face_colors, pack
from destijl.tally.delta import Context, FaceInfo, outcome
from destijl.tally.scorer import Scorer
from helpers import grid

CANDIDATES_PER_EXAMPLE = 40
# Literal totals, counted by hand with the rulebook's bonus table (2 players: +3; 3: +4, +2;
# 4 and 5: +5, +3, +1), so that a wrong BONUS_TABLE, which the full recount shares with the
# bots' scorer, shows here. Painting: one stroke each of 4 (R), 3 (Y), 2 (B) and 1 (K) cells.
DISTINCT_SIZES = "RRRR.YYY.BB.K"
SEATS = {2: [["R", "B"], ["Y", "K"]], 3: [["R"], ["Y"], ["B"]],
         4: [["R"], ["Y"], ["B"], ["K"]], 5: [["R"], ["Y"], ["B"], ["K"], ["W"]]}
TOTALS = {2: [5, 2], 3: [5, 3, 1], 4: [6, 4, 2, 1], 5: [6, 4, 2, 1, 0]}
# ... and after blue's 2-cell stroke grows to 5 cells (B5 R4 Y3 K1):
TOTALS_AFTER = {2: [5, 2], 3: [3, 1, 5], 4: [4, 2, 6, 1], 5: [4, 2, 6, 1, 0]}


def totals_after(game, move):
    """Every seat's total after ``move``, by a full recount of a copied Painting."""
    painting = game.painting.copy()
    painting.place(game.face(move.card, move.rotation), move.x, move.y)
    return [line.total for line in score_painting(painting, [s.colors for s in game.seats]).seats]


def delta_totals(board, scorer, game, move):
    info = FaceInfo.of(face_colors(game.face(move.card, move.rotation)))
    return scorer.totals(board, *outcome(info, Context(board, pack(move.x, move.y))))


def advance(game, rng, plies, greedy):
    """Play ``plies`` moves: random ones, or the stroke-building best of a small sample."""
    scorer = Scorer([seat.colors for seat in game.seats])
    while plies > 0 and not game.is_over:
        moves = game.legal_moves()
        if greedy:
            board = Board.from_cells(game.painting)
            seat = game.current_seat
            move = max(rng.sample(moves, min(12, len(moves))),
                       key=lambda m: delta_totals(board, scorer, game, m)[seat])
        else:
            move = rng.choice(moves)
        game.play(move)
        plies -= 1


@settings(max_examples=120, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31), stage=st.floats(0, 0.999),
       greedy=st.booleans(), rotations=st.booleans())
def test_delta_scorer_equals_full_recount(players, seed, stage, greedy, rotations):
    """120 positions x 40 candidates: about 4,800 candidates against the full recount."""
    game = new_game(players, seed, rotations=rotations)
    rng = random.Random(seed)
    advance(game, rng, int(stage * game.total_plies), greedy)
    board = Board.from_cells(game.painting)
    scorer = Scorer([seat.colors for seat in game.seats])
    assert scorer.totals(board) == [line.total for line in game.score().seats]
    moves = game.legal_moves()
    for move in rng.sample(moves, min(CANDIDATES_PER_EXAMPLE, len(moves))):
        assert delta_totals(board, scorer, game, move) == totals_after(game, move), move


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31))
def test_incremental_board_matches_a_rebuilt_one(players, seed):
    game = new_game(players, seed)
    rng = random.Random(seed)
    board = Board.from_cells(game.painting)
    scorer = Scorer([seat.colors for seat in game.seats])
    while not game.is_over:
        move = rng.choice(game.legal_moves())
        board.apply(face_colors(game.face(move.card, move.rotation)), pack(move.x, move.y))
        game.play(move)
        fresh = Board.from_cells(game.painting)
        assert sorted(board.stroke_sizes()) == sorted(fresh.stroke_sizes())
        assert board.cover == fresh.cover and sorted(board.legal) == sorted(fresh.legal)
        assert sorted(board.legal) == sorted(pack(x, y) for x, y in game.painting.legal_positions())
        assert scorer.totals(board) == [line.total for line in game.score().seats]
        sheet = game.score()
        assert scorer.largest(board) == [line.largest for line in sheet.seats]
        shares = scorer.shares(board)
        assert [seat for seat, share in enumerate(shares) if share] == list(sheet.winners)


def test_covering_a_corner_of_a_ring_leaves_one_piece():
    cells = grid("""
        RRRRR
        R...R
        R.B.R
        R...R
        RRRRR
    """)
    board = Board.from_cells(cells)
    face = face_colors(("YYY", "YYY", "YYY"))
    removed, added = outcome(FaceInfo.of(face), Context(board, pack(-1, -1)))
    assert sorted(removed) == [(0, 16)] and sorted(added) == [(0, 13), (1, 9)]


def test_covering_the_bottom_of_a_u_splits_it_and_a_face_can_join_it_again():
    board = Board.from_cells(grid("""
        R.R
        R.R
        RRR
    """))
    yellow = FaceInfo.of(face_colors(("YYY", "YYY", "YYY")))
    removed, added = outcome(yellow, Context(board, pack(0, 2)))
    assert sorted(removed) == [(0, 7)] and sorted(added) == [(0, 2), (0, 2), (1, 9)]
    bridge = FaceInfo.of(face_colors(("RYR", "RYR", "RRR")))
    removed, added = outcome(bridge, Context(board, pack(0, 2)))
    assert sorted(removed) == [(0, 7)] and sorted(added) == [(0, 11), (1, 2)]


def test_identical_placements_are_listed_once():
    game = new_game(3, seed=5)
    faces = distinct_faces(sorted(game.gallery), game.allowed_rotations(), game.face)
    shown = [face_colors(game.face(card, rotation)) for card, rotation, _ in faces]
    assert len(shown) == len(set(shown))
    every = {(face_colors(game.face(m.card, m.rotation)), m.x, m.y) for m in game.legal_moves()}
    scored = Table.of(game).score_all()
    assert len(scored) == len(every)
    symmetric = ("RRR", "RBR", "RRR")
    assert len(distinct_faces([1], (0, 90, 180, 270), lambda card, rotation: symmetric)) == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_bots_scorer_uses_the_rulebook_bonus_table(players):
    board = Board.from_cells(grid(DISTINCT_SIZES))
    scorer = Scorer(SEATS[players])
    assert scorer.totals(board) == TOTALS[players]
    blue = COLOR_INDEX["B"]
    assert scorer.totals(board, [(blue, 2)], [(blue, 5)]) == TOTALS_AFTER[players]
    largest = {2: [4, 3], 3: [4, 3, 2], 4: [4, 3, 2, 1], 5: [4, 3, 2, 1, 0]}
    assert scorer.largest(board) == largest[players]
