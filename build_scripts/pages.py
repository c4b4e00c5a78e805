"""The site's two pages from one template, and the embed's preview Paintings.

web/index.html is the one source of both pages: dist/index.html (the full site) and
dist/embed.html (the page other sites put in an iframe). Lines between `<!-- @full -->`
and `<!-- @end -->` go only into index.html, lines between `<!-- @embed -->` and
`<!-- @end -->` only into embed.html; `{{name}}` slots are filled with the build's
values, `{{modulepreload}}` with one `<link rel="modulepreload">` per module the page's
script needs (MODULES: the entry's static imports and the module it imports at once), so
the browser fetches the whole graph in one round instead of a waterfall, and the embed
fetches none of the game's.
A web/embed.html of its own (the test probes have one) is kept as it is.

The embed shows, before the reader presses Start game, a finished Painting drawn by the
game's own SVG code (web/app/paint.js) from data written here: the final Painting of a few
seeded bot games, played natively by the engine at build time (cached per engine version
in the temp folder, since a game takes about half a second). The page picks one by its
`seed` parameter (seed mod the number of Paintings).
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import html
import json
import random
import re
import sys
import tempfile
from pathlib import Path

TEMPLATE = "index.html"
PAGES = {"index.html": "full", "embed.html": "embed"}
BLOCK = re.compile(r"^[ \t]*<!-- @(full|embed) -->\n(.*?)^[ \t]*<!-- @end -->\n",
                   re.DOTALL | re.MULTILINE)
SLOT = re.compile(r"\{\{(\w+)\}\}")
# What serve.py --compress (and, we take it, Netlify) sends gzipped.
COMPRESSED_SUFFIXES = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".wasm", ".webmanifest"}
# Per page: the modules loaded at once (main.js imports the second one itself), and on the
# site's page the later parts (app/parts.js): preloaded, so that a Start game pressed before
# the browser was idle does not wait for their request; they run only when needed.
MODULES = {"full": ("app/main.js", "app/app.js", "app/later.js"),
           "embed": ("app/main.js", "app/preview.js")}
IMPORT = re.compile(r"(?:^|[;\s])(?:import|export)\s*(?:[\w*{}\s,$]*?\bfrom\s*)?"
                    r"""["'](\.{1,2}/[^"']+)["']""")
# (seed, players, level): the games whose final Painting the embed can show.
PREVIEW_GAMES = ((7, 3, "medium"), (11, 2, "medium"), (23, 4, "medium"), (5, 5, "medium"))


class PageError(Exception):
    """The template or its values are wrong; the message says how."""


def blocks_for(template: str, mode: str) -> str:
    """The template with `mode`'s blocks kept and the other mode's dropped (slots unfilled)."""
    return BLOCK.sub(lambda m: m.group(2) if m.group(1) == mode else "", template)


def render(template: str, mode: str, values: dict[str, str]) -> str:
    """The page for `mode` ("full" or "embed"): keep its blocks, drop the other's, fill slots."""
    text = blocks_for(template, mode)
    if "<!-- @" in text:
        raise PageError(f"{TEMPLATE}: an unmatched <!-- @... --> marker is left")

    def slot(match: re.Match) -> str:
        if match.group(1) not in values:
            raise PageError(f"{TEMPLATE}: no value for {{{{{match.group(1)}}}}}")
        return values[match.group(1)]

    return SLOT.sub(slot, text)


def write(out: Path, web: Path, values: dict[str, dict[str, str]]) -> list[str]:
    """Write the pages made from web/index.html into `out`; `values` per mode.

    Returns the names written: both pages, or only index.html when web/ has an embed.html
    of its own, or none without web/index.html.
    """
    source = web / TEMPLATE
    if not source.is_file():
        return []
    template = source.read_text()
    written = []
    for name, mode in PAGES.items():
        if name != TEMPLATE and (web / name).exists():
            continue
        filled = {"modulepreload": preload_links(out, MODULES[mode]), **values.get(mode, {})}
        (out / name).write_text(render(template, mode, filled))
        written.append(name)
    return written


def module_graph(root: Path, entries: tuple[str, ...]) -> list[str]:
    """Every module reachable from `entries` by static imports, paths relative to root."""
    seen: list[str] = []
    todo = list(entries)
    while todo:
        name = todo.pop(0)
        if name in seen or not (root / name).is_file():
            continue
        seen.append(name)
        base = (root / name).parent
        for target in IMPORT.findall((root / name).read_text()):
            resolved = (base / target).resolve()
            with contextlib.suppress(ValueError):
                todo.append(resolved.relative_to(root.resolve()).as_posix())
    return seen


def preload_links(root: Path, entries: tuple[str, ...]) -> str:
    """<link rel="modulepreload"> for the graph of `entries`, less the first (the script)."""
    graph = [m for m in module_graph(root, entries) if m != entries[0]]
    return "\n".join(f'<link rel="modulepreload" href="{escape(m)}">' for m in graph)


def _final_painting(engine: Path, seed: int, players: int, level: str) -> dict:
    """Play one seeded bot game natively and return its final Painting, compactly."""
    sys.path.insert(0, str(engine.parent))
    try:
        from destijl.api import view
        from destijl.bots import make_bot
        from destijl.game import new_game
    finally:
        sys.path.remove(str(engine.parent))
    game = new_game(players, seed)
    bot = make_bot(level)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(bot.choose(game, rng))
    shown = view(game)
    stroke_of = {(x, y): i for i, stroke in enumerate(shown["strokes"])
                 for x, y in stroke["cells"]}
    return {
        "seed": seed, "players": players, "level": level, "bounds": shown["bounds"],
        # [x, y, colour letter, index of the stroke the cell belongs to]
        "cells": [[x, y, c, stroke_of[(x, y)]] for x, y, c in shown["painting"]],
    }


def previews(engine: Path, archive: bytes) -> list[dict]:
    """The preview Paintings for this engine (computed once per engine archive)."""
    key = hashlib.sha256(archive + repr(PREVIEW_GAMES).encode()).hexdigest()[:16]
    cache = Path(tempfile.gettempdir()) / f"destijl-previews-{key}.json"
    try:
        return json.loads(cache.read_text())
    except (OSError, ValueError):
        pass
    made = [_final_painting(engine, *game) for game in PREVIEW_GAMES]
    with contextlib.suppress(OSError):
        cache.write_text(json.dumps(made))
    return made


def preview_json(paintings: list[dict]) -> str:
    """The preview data as a JSON text safe inside <script type="application/json">."""
    text = json.dumps(paintings, separators=(",", ":"))
    return text.replace("<", "\\u003c")


def megabytes(count: int) -> str:
    """A byte count as the page states it: "5.1"."""
    return f"{count / 1e6:.1f}"


def escape(text: str) -> str:
    """HTML-escape a value for a slot."""
    return html.escape(text, quote=True)


def files_of(paths: list[Path]) -> list[Path]:
    """These files, and every file in these folders, sorted."""
    return sorted(f for p in paths for f in ([p] if p.is_file() else p.rglob("*")) if f.is_file())


def plain_bytes(paths: list[Path]) -> int:
    """What these files (folders: every file in them) weigh uncompressed: what the loader
    counts, and what a host that does not compress sends."""
    return sum(f.stat().st_size for f in files_of(paths))


def wire_bytes(paths: list[Path]) -> int:
    """What these files (folders: every file in them) weigh over the wire from a host that
    gzips text and wasm as serve.py --compress does (cached per content in the temp folder).
    """
    files = files_of(paths)
    key = hashlib.sha256()
    for path in files:
        key.update(path.name.encode() + b"\0" + path.read_bytes())
    cache = Path(tempfile.gettempdir()) / f"destijl-wire-{key.hexdigest()[:16]}.txt"
    try:
        return int(cache.read_text())
    except (OSError, ValueError):
        pass
    total = 0
    for path in files:
        data = path.read_bytes()
        squeeze = path.suffix in COMPRESSED_SUFFIXES
        total += len(gzip.compress(data, compresslevel=6, mtime=0)) if squeeze else len(data)
    with contextlib.suppress(OSError):
        cache.write_text(str(total))
    return total
