"""Puzzles (destijl.puzzles, docs/puzzles.md): the verdict, hidden information, check, the set."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from destijl.api import handle
from destijl.cards import CARDS
from destijl.cli import main
from destijl.game import Game
from destijl.move import Move
from destijl.puzzles.make import full_verdict
from destijl.puzzles.puzzle import BadPuzzle, Puzzle, check_puzzle, from_file, puzzle_id
from destijl.puzzles.rating import rate
from destijl.puzzles.verdict import MARGIN_WIN, Option, decide
from destijl.puzzles_cli import SHIPPED, load
from destijl.record import replay

SAMPLE = 4  # puzzles of the shipped set re-verified
MIN_SHIPPED = 500  # the shipped set holds at least this many (docs/puzzles.md)


@pytest.fixture(scope="module")
def shipped() -> list[Puzzle]:
    return load(None)


def _option(text: str, worth: float, win: float) -> Option:
    return Option(move=Move.parse(text), worth=worth, win=win, points=10)


def test_two_near_equal_best_placements_are_no_puzzle() -> None:
    clear = [_option("1@0,0r0", 3.0, 0.70), _option("2@1,0r0", 1.0, 0.40),
             _option("3@2,0r0", 0.5, 0.30)]
    assert decide(clear).is_puzzle
    near = [clear[0], _option("2@1,0r0", 2.6, 0.70 - MARGIN_WIN / 2), clear[2]]
    verdict = decide(near)
    assert not verdict.is_puzzle and "about as good" in (verdict.refusal or "")
    many = [_option(f"{card}@0,0r0", 3.0, 0.7) for card in range(1, 6)] + clear[1:]
    assert "equally good" in (decide(many).refusal or "")


def test_a_lost_position_is_no_puzzle() -> None:
    lost = [_option("1@0,0r0", 1.0, 0.15), _option("2@1,0r0", -2.0, 0.0)]
    assert "win chance" in (decide(lost).refusal or "")


def _other_deals(game: Game, count: int) -> list[Game]:
    """``game`` dealt again with other hidden decks: the cards seen so far kept, another
    order and other cards left out of the game for the rest."""
    drawn = 2 + len(game.history) + len(game.gallery) - 1
    seen = list(game.deal[:drawn])
    rng = random.Random(4)
    others = []
    for _ in range(count):
        rest = rng.sample(sorted(set(CARDS) - set(seen)), len(game.deal) - drawn)
        deal = (*seen, *rest)
        other = Game(game.seats, {card: CARDS[card] for card in deal}, deal,
                     rotations=game.rotations, first_player=game.initial_first_player, seed=99)
        for played in game.history:
            other.play(played.move)
        assert other._deck != game._deck
        others.append(other)
    return others


def test_changing_only_the_hidden_deck_changes_no_verdict(shipped: list[Puzzle]) -> None:
    puzzle = next(p for p in shipped if replay(p.record).deck_count > 0)
    before = replay(puzzle.record)
    verdict = full_verdict(before)
    assert verdict.is_puzzle
    for other in _other_deals(before, 2):
        assert full_verdict(other) == verdict
    refused = replay(puzzle.game, upto=puzzle.ply - 1) if puzzle.ply > 2 else None
    if refused is not None:
        first = full_verdict(refused)
        assert all(full_verdict(o) == first for o in _other_deals(refused, 1))


def test_check_refuses_a_tampered_solution(shipped: list[Puzzle]) -> None:
    puzzle = shipped[0]
    before = replay(puzzle.record)
    wrong = next(m for m in before.legal_moves() if m not in puzzle.solutions)
    tampered = Puzzle(**{**puzzle.__dict__, "solutions": (wrong,)})
    with pytest.raises(BadPuzzle, match="solutions"):
        check_puzzle(tampered)
    fewer = Puzzle(**{**puzzle.__dict__, "solutions": (*puzzle.solutions, wrong)})
    with pytest.raises(BadPuzzle, match="are not the position's"):
        check_puzzle(fewer)


def test_check_refuses_a_tampered_record(shipped: list[Puzzle]) -> None:
    puzzle = shipped[0]
    game = copy.deepcopy(puzzle.game)
    game["seats"][0]["name"] = "Mallory"
    with pytest.raises(BadPuzzle, match="does not match the puzzle's id"):
        check_puzzle(Puzzle(**{**puzzle.__dict__, "game": game}))
    # the id made to match: the position is another one, and its verdict is not this one
    game = copy.deepcopy(puzzle.game)
    game["moves"] = game["moves"][:puzzle.ply - 1] + game["moves"][puzzle.ply:]
    moved = Puzzle(**{**puzzle.__dict__, "game": game, "ply": puzzle.ply - 1})
    moved = Puzzle(**{**moved.__dict__, "id": puzzle_id(moved.record)})
    with pytest.raises(BadPuzzle):
        check_puzzle(moved)


def test_the_cli_check_names_a_tampered_puzzle(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    first = data["puzzles"][0]
    data["puzzles"] = [first]
    game = data["games"][first["game"]]
    before = replay({**game, "moves": game["moves"][:first["ply"]], "result": None})
    claimed = {json.dumps(m, sort_keys=True) for m in first["solutions"]}
    wrong = next(m.to_dict() for m in before.legal_moves()
                 if json.dumps(m.to_dict(), sort_keys=True) not in claimed)
    first["solutions"] = [wrong]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["puzzles", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"puzzle {first['id']}: the solutions" in err and "1 of 1 puzzles refused" in err


def test_a_sample_of_the_shipped_set_verifies(shipped: list[Puzzle]) -> None:
    assert len(shipped) >= MIN_SHIPPED
    step = max(1, len(shipped) // SAMPLE)
    for puzzle in shipped[::step][:SAMPLE]:
        check_puzzle(puzzle)


def test_list_json_prints_records_ending_at_the_position(
        capsys: pytest.CaptureFixture[str], shipped: list[Puzzle]) -> None:
    assert main(["puzzles", "list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert len(listed) == len(shipped)
    entry = listed[0]
    assert set(entry) == {"id", "record", "seat", "solutions", "rating", "themes"}
    game = replay(entry["record"])
    assert game.current_seat == entry["seat"] and not game.is_over
    assert all(game.is_legal(Move.from_dict(m)) for m in entry["solutions"])
    assert entry["themes"] and all(isinstance(t, str) for t in entry["themes"])
    assert len({p["id"] for p in listed}) == len(listed)


def test_the_file_refuses_a_bad_reference() -> None:
    data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    data["puzzles"][0]["game"] = len(data["games"])
    with pytest.raises(BadPuzzle, match=r"puzzles\[0\]\.game"):
        from_file(data)
    with pytest.raises(BadPuzzle, match="format"):
        from_file({"format": "destijl-record/1"})


def _ask(cmd: str, args: dict[str, object]) -> dict[str, object]:
    return json.loads(handle(json.dumps({"cmd": cmd, "args": args})))


def test_the_api_answers_whether_a_placement_solves(shipped: list[Puzzle]) -> None:
    puzzle = shipped[0]
    entry = puzzle.listed()
    right = _ask("puzzle_answer", {"puzzle": entry, "move": puzzle.solutions[-1].to_dict()})
    assert right["ok"] and right["result"]["correct"] is True
    before = replay(puzzle.record)
    wrong = next(m for m in before.legal_moves() if m not in puzzle.solutions)
    answer = _ask("puzzle_answer", {"puzzle": entry, "move": wrong.to_dict()})["result"]
    assert answer["correct"] is False and answer["yours"]["move"] == wrong.to_dict()
    assert answer["best"]["win"] - answer["yours"]["win"] >= MARGIN_WIN / 2
    forged = {**entry, "seat": (entry["seat"] + 1) % len(entry["record"]["seats"])}
    assert _ask("puzzle_answer", {"puzzle": forged, "move": wrong.to_dict()})["error"]
    other = {**entry, "id": "0" * 12}
    refused = _ask("puzzle_answer", {"puzzle": other, "move": wrong.to_dict()})
    assert "does not match its record" in refused["error"]["message"]


def test_the_puzzle_of_the_day_is_the_same_for_a_date() -> None:
    first = _ask("puzzle_day", {"date": "2026-12-07", "count": 500})["result"]["index"]
    assert _ask("puzzle_day", {"date": "2026-12-07", "count": 500})["result"]["index"] == first
    days = {_ask("puzzle_day", {"date": f"2026-12-{d:02}", "count": 500})["result"]["index"]
            for d in range(1, 29)}
    assert len(days) > 20
    assert _ask("puzzle_day", {"date": "2026-13-01", "count": 5})["error"]["type"] == "BadRequest"


def test_a_puzzle_the_weak_levels_solve_is_rated_lower() -> None:
    ladder = [800, 1000, 1090, 1372, 1564, 1773, 1935]
    easy = rate([(r, s) for r, s in zip(ladder, [0.01, 1, 1, 1, 1, 1, 1], strict=True)])
    hard = rate([(r, s) for r, s in zip(ladder, [0.01, 0, 0, 0, 0, 1, 1], strict=True)])
    none = rate([(r, s) for r, s in zip(ladder, [0.01, 0, 0, 0, 0, 0, 0], strict=True)])
    assert easy[0] < hard[0] < none[0]


def test_shipped_figures_easy_solved_rated_lower(shipped: list[Puzzle]) -> None:
    easy = [p.rating for p in shipped if p.solved.get("easy", 0) > 0]
    strong = [p.rating for p in shipped
              if all(p.solved.get(level, 0) == 0 for level in
                     ("easy", "steady", "keen", "medium"))
              and (p.solved.get("hard", 0) or p.solved.get("expert", 0))]
    if not easy or not strong:
        pytest.skip(f"the shipped set has {len(easy)} puzzles the easy level solves and "
                    f"{len(strong)} only hard or expert solve")
    assert sum(easy) / len(easy) < sum(strong) / len(strong)


def test_the_rating_update_is_glickmans_worked_example() -> None:
    from destijl.puzzles.rating import update

    rating, rd, vol = update(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert abs(rating - 1464.06) < 0.1 and abs(rd - 151.52) < 0.1 and abs(vol - 0.05999) < 1e-4


def test_a_resumed_run_makes_the_file_a_whole_run_makes(
        tmp_path: Path, shipped: list[Puzzle], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import destijl.puzzles_cli as cli

    by_index: dict[int, list[Puzzle]] = {}
    for puzzle in shipped:
        by_index.setdefault(puzzle.game["seed"] - 59000, []).append(puzzle)
    monkeypatch.setattr(cli, "game_puzzles", lambda seed, index: by_index.get(index, []))
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    assert main(["puzzles", "make", "--games", "12", "--seed", "59000", "--out", str(whole)]) == 0
    assert main(["puzzles", "make", "--games", "5", "--seed", "59000", "--out", str(part)]) == 0
    assert part.read_bytes() != whole.read_bytes()
    assert main(["puzzles", "make", "--games", "12", "--seed", "59000", "--out", str(part),
                 "--resume"]) == 0
    assert part.read_bytes() == whole.read_bytes()
    assert main(["puzzles", "make", "--games", "12", "--seed", "7", "--out", str(part),
                 "--resume"]) != 0
    assert "made with another seed" in capsys.readouterr().err
    part.write_text("{not json", encoding="utf-8")
    assert main(["puzzles", "make", "--games", "12", "--seed", "59000", "--out", str(part),
                 "--resume"]) != 0
    assert "part.json: not JSON" in capsys.readouterr().err
