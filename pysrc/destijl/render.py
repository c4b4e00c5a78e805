"""Text rendering for the terminal: the Painting in ANSI colours and the score sheet.

Text that comes from outside (names in a record, file names, error messages quoting a
value) goes through ``printable`` before it reaches the terminal, so it can never carry
an escape sequence (a window title, a cleared screen, a hyperlink) or reorder the line.
"""

from __future__ import annotations

from collections.abc import Mapping

from .cards import COLOR_NAMES
from .game import Game

Cell = tuple[int, int]
_ANSI = {"R": "41", "Y": "43", "B": "44", "K": "40", "W": "47"}


def printable(text: str) -> str:
    r"""``text`` with every character a terminal could act on written as an escape.

    Line breaks stay; control, format (bidirectional controls included), separator,
    surrogate and unassigned characters become ``\x1b``, ``\u202e``...

    >>> print(printable("Ann\x1b]0;title\x07 \u202eevil\nnext"))
    Ann\x1b]0;title\x07 \u202eevil
    next
    """
    return "".join(c if c == "\n" or c.isprintable() else repr(c)[1:-1] for c in text)


def render_painting(cells: Mapping[Cell, str], *, color: bool = True) -> str:
    """The Painting, two characters per cell; gaps are blank. Row 0 is marked with '>'."""
    if not cells:
        return "(empty Painting)"
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    lines = []
    for y in range(min(ys), max(ys) + 1):
        row = []
        for x in range(min(xs), max(xs) + 1):
            letter = cells.get((x, y))
            if letter is None:
                row.append("  ")
            elif color:
                row.append(f"\x1b[{_ANSI[letter]}m{letter.lower()} \x1b[0m")
            else:
                row.append(letter + " ")
        lines.append(f"{y:>3} " + "".join(row).rstrip())
    return "\n".join(lines)


def render_sheet(game: Game) -> str:
    """The score sheet as a table, with the winners (``cli.tie_break_text`` words a tie)."""
    sheet = game.score()
    lines = [f"{'seat':<20} {'colours':<14} {'strokes':>7} {'bonus':>5} {'total':>5} "
             f"{'largest':>7}"]
    for seat, line in zip(game.seats, sheet.seats, strict=True):
        colours = "+".join(COLOR_NAMES[c] for c in seat.colors)
        lines.append(f"{seat.name:<20} {colours:<14} {line.strokes:>7} {line.bonus:>5} "
                     f"{line.total:>5} {line.largest:>7}")
    for rank in sheet.bonus_ranks:
        who = ", ".join(game.seats[i].name for i in rank.seats) or "nobody"
        lines.append(f"bonus {rank.rank} (+{rank.points}) for size {rank.size}: {who}")
    state = "winner" if game.is_over else "leading"
    lines.append(f"{state}: " + " and ".join(game.seats[i].name for i in sheet.winners))
    return "\n".join(lines)
