"""The game's icons: a small De Stijl composition drawn as PNG, ICO and SVG.

The composition follows Mondrian's 1930 "Composition with Red, Blue and Yellow": a large
red field, a blue block, a small yellow block, black lines on white. Shapes are given in
a unit square and snapped to whole pixels, so the PNG encoder (zlib + struct, no imaging
library) never needs anti-aliasing.

>>> png(16)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import struct
import zlib

RGB = tuple[int, int, int]
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (17, 17, 17)
RED: RGB = (221, 17, 17)
YELLOW: RGB = (255, 214, 0)
BLUE: RGB = (17, 51, 170)

LINE = 0.06  # line thickness, as a fraction of the side
# Colour fields (x0, y0, x1, y1, colour), then black lines drawn over them.
FIELDS: list[tuple[float, float, float, float, RGB]] = [
    (0.32, 0.0, 1.0, 0.66, RED),
    (0.0, 0.66, 0.32, 1.0, BLUE),
    (0.86, 0.84, 1.0, 1.0, YELLOW),
]
LINES: list[tuple[float, float, float, float]] = [
    (0.32, 0.0, 0.32, 1.0),  # vertical, full height
    (0.0, 0.66, 1.0, 0.66),  # horizontal, full width
    (0.0, 0.30, 0.32, 0.30),  # left column, upper split
    (0.86, 0.66, 0.86, 1.0),  # bottom right, vertical
    (0.86, 0.84, 1.0, 0.84),  # bottom right, horizontal
]


def _rects(inset: float) -> list[tuple[float, float, float, float, RGB]]:
    """Every rectangle to paint, in order, in unit coordinates.

    `inset` shrinks the composition towards the centre (for maskable icons, whose outer
    ring may be cropped); shapes that touch an edge still touch it.
    """
    scale = 1 - 2 * inset

    def at(v: float) -> float:
        return inset + v * scale

    def start(v: float) -> float:
        return 0.0 if v == 0 else at(v)

    def end(v: float) -> float:
        return 1.0 if v == 1 else at(v)

    rects = [(0.0, 0.0, 1.0, 1.0, WHITE)]
    rects += [(start(x0), start(y0), end(x1), end(y1), c) for x0, y0, x1, y1, c in FIELDS]
    half = LINE * scale / 2
    for x0, y0, x1, y1 in LINES:
        if x0 == x1:
            rects.append((at(x0) - half, start(y0), at(x0) + half, end(y1), BLACK))
        else:
            rects.append((start(x0), at(y0) - half, end(x1), at(y0) + half, BLACK))
    return rects


def pixels(size: int, inset: float = 0.0) -> list[bytearray]:
    """The composition as `size` rows of RGB bytes."""
    rows = [bytearray(size * 3) for _ in range(size)]
    for x0, y0, x1, y1, colour in _rects(inset):
        left, right = round(x0 * size), max(round(x1 * size), round(x0 * size) + 1)
        top, bottom = round(y0 * size), max(round(y1 * size), round(y0 * size) + 1)
        left, right, top, bottom = (min(max(v, 0), size) for v in (left, right, top, bottom))
        run = bytes(colour) * (right - left)
        for row in rows[top:bottom]:
            row[left * 3 : right * 3] = run
    return rows


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def png(size: int, inset: float = 0.0) -> bytes:
    """A `size` x `size` RGB PNG of the composition."""
    raw = b"".join(b"\x00" + bytes(row) for row in pixels(size, inset))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(raw, 9))
        + _chunk(b"IEND", b"")
    )


def ico(size: int = 32) -> bytes:
    """A favicon.ico holding one PNG image (the format browsers accept since 2006)."""
    image = png(size)
    directory = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(image), 22)
    return directory + entry + image


def svg() -> str:
    """The composition as a scalable favicon (viewBox 0 0 100 100)."""
    shapes = []
    for x0, y0, x1, y1, (r, g, b) in _rects(0.0):
        shapes.append(
            f'<rect x="{x0 * 100:.4g}" y="{y0 * 100:.4g}" width="{(x1 - x0) * 100:.4g}" '
            f'height="{(y1 - y0) * 100:.4g}" fill="#{r:02x}{g:02x}{b:02x}"/>'
        )
    body = "\n  ".join(shapes)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" '
        f'shape-rendering="crispEdges">\n  {body}\n</svg>\n'
    )
