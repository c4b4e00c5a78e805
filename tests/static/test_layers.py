"""The front end's layers read top to bottom (docs/web.md draws them): no module imports a
layer above its own, input, controller and view never import one another, and no two
folders of web/app import each other, directly or round a circle.

Reads the modules' static and dynamic imports; no browser needed.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "web" / "app"
IMPORT = re.compile(r"""(?:from\s*|import\(\s*)["'](\.{1,2}/[^"']+)["']""")
# parts.js and later.js: the parts loaded later, handed down by app.js (docs/web.md)
ENTRY = {"main.js", "app.js", "preview.js", "pwa.js", "parts.js", "later.js",
         "puzzles/entry.js", "puzzles/app.js"}  # the puzzle mode wires its own parts
# the Bot Lab page's own app (lab.html) sits on top like app.js; its saved bots (keep.js) and
# its sandbox runner (sandbox.js) are services the game's controller uses too (control/mybot.js)
LAB_APP = {"lab/lab.js", "lab/match.js", "lab/results.js", "lab/watch.js", "lab/editor.js",
           "lab/host.js"}
# the state modules at the top of web/app (the feature folders' are derived below)
STATE = {"state.js", "transitions.js", "queries.js", "modes.js", "params.js", "storage.js",
         "saved-games.js", "tab-game.js", "prefs.js"}
# the views at the top of web/app: the Painting's drawing code
VIEW = {"paint.js"}
# folders that are one side each (or the Bot Lab's page); every other folder is a feature
# folder (teach/, daily/, friends/, opening/, replay/, review/, rating/, puzzles/, ...)
SIDED = {"render", "control", "events", "lab"}
DOM = "dom.js"
CREATES = re.compile(r"^export (?:async )?function create\w*\(", re.M)
STORAGE = re.compile(r"\b(?:localStorage|sessionStorage|fetch)\b")


def direct_imports(module: str) -> set[str]:
    """The modules of web/app that `module` imports."""
    found = set()
    for spec in IMPORT.findall((APP / module).read_text()):
        target = posixpath.normpath(posixpath.join(posixpath.dirname(module), spec))
        if not target.startswith(".."):
            found.add(target)
    return found


def stores() -> set[str]:
    """The modules that read or write the browser's storage: storage.js and whoever imports it
    or names localStorage, sessionStorage or fetch."""
    found = {"storage.js"}
    for path in APP.rglob("*.js"):
        module = path.relative_to(APP).as_posix()
        if "storage.js" in direct_imports(module) or STORAGE.search(path.read_text()):
            found.add(module)
    return found


def feature_side(module: str) -> tuple[int, str]:
    """A feature folder's module, by what it is: a view draws (imports dom.js); a controller
    part is made from its collaborators (exports a create... function) or makes new states
    (imports transitions.js or a control/ module); a store or state module keeps data (reads
    storage, or is state.js/store.js, or imports one that is); the rest are helpers."""
    text = (APP / module).read_text()
    found = direct_imports(module)
    if DOM in found:
        return 1, "view"
    makes_states = "transitions.js" in found or any(m.startswith("control/") for m in found)
    if CREATES.search(text) or makes_states:
        return 1, "controller"
    kept = module.endswith(("/state.js", "/store.js")) or module in stores()
    if kept or any(layer(m) == (2, "") for m in found):
        return 2, ""
    return 3, ""


def layer(module: str) -> tuple[int, str]:
    """(depth, side): 0 entry points (and the Bot Lab page's app), 1 input, controller or
    view, 2 state, 3 words and helpers."""
    if module in ENTRY or module in LAB_APP:
        return 0, ""
    if module.startswith("events"):
        return 1, "input"
    if module.startswith("render/") or module in VIEW:
        return 1, "view"
    if module.startswith("control/") or module == "controller.js":
        return 1, "controller"
    if module in STATE:
        return 2, ""
    if "/" in module and module.split("/")[0] not in SIDED:
        return feature_side(module)
    return 3, ""


def test_the_feature_folders_sides_are_derived() -> None:
    """No list to keep by hand: a new module of a feature folder finds its side by what it is."""
    assert layer("daily/play.js") == layer("review/control.js") == (1, "controller")
    assert layer("teach/guide.js") == layer("rating/control.js") == (1, "controller")
    assert layer("daily/render.js") == layer("friends/saves.js") == (1, "view")
    assert layer("daily/store.js") == layer("teach/state.js") == (2, "")
    assert layer("friends/store.js") == layer("teach/store.js") == (2, "")
    assert layer("daily/mode.js") == layer("daily/stats.js") == (3, "")


def imports() -> list[tuple[str, str]]:
    """Every (module, imported module) pair inside web/app."""
    pairs = []
    for path in sorted(APP.rglob("*.js")):
        module = path.relative_to(APP).as_posix()
        for spec in IMPORT.findall(path.read_text()):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(module), spec))
            if not target.startswith(".."):
                pairs.append((module, target))
    return pairs


def test_no_import_goes_up_or_across() -> None:
    pairs = imports()
    assert len(pairs) > 100, "the import reader found too few imports"
    wrong = [(a, b) for a, b in pairs
             if layer(b)[0] < layer(a)[0] or (layer(a)[0] == layer(b)[0] == 1
                                               and layer(a)[1] != layer(b)[1])]
    assert not wrong, f"imports against the layers of docs/web.md: {wrong}"


def test_every_module_has_a_layer_and_the_entry_points_exist() -> None:
    modules = {p.relative_to(APP).as_posix() for p in APP.rglob("*.js")}
    assert modules >= ENTRY | STATE




def test_the_view_draws_the_state_and_reads_no_storage() -> None:
    """A view module that read storage would draw what the state does not hold (and miss
    its changes): the controller reads storage into the state, the view draws the state."""
    kept = stores()
    wrong = [(a, b) for a, b in imports() if layer(a) == (1, "view") and b in kept]
    assert not wrong, f"view modules that read storage: {wrong}"
    assert layer("render/start.js") == (1, "view")
    assert {"saved-games.js", "prefs.js", "daily/store.js", "lab/keep.js"} <= kept


def is_mode(module: str) -> bool:
    """Is `module` a mode's description (``daily/mode.js``: the answers of mode.js's interface)?"""
    return module.endswith("/mode.js")


def room(module: str) -> str:
    """A module's folder in web/app (``daily/play.js`` -> ``daily``), or the module itself
    at the top (``state.js``). A mode's description (``daily/mode.js``) is a room of its own:
    modes.js lists them for the shared modules, and each imports only the interface (mode.js)
    and the words (test_a_mode_description_imports_only_the_interface_and_words)."""
    return module if is_mode(module) else module.split("/")[0]


def test_a_mode_description_imports_only_the_interface_and_words() -> None:
    """A mode's description sits below the shared modules that ask it: pure answers, so that
    listing it in modes.js ties no feature folder to the modules that ask the mode."""
    modes = {p.relative_to(APP).as_posix() for p in APP.glob("*/mode.js")}
    assert {"normal/mode.js", "daily/mode.js", "friends/mode.js", "replay/mode.js",
            "review/mode.js"} <= modes
    wrong = [(a, b) for a, b in imports() if is_mode(a) and b not in {"mode.js", "words.js"}]
    assert not wrong, f"mode descriptions that import more than mode.js and words.js: {wrong}"


def folder_cycles(pairs: list[tuple[str, str]]) -> list[list[str]]:
    """The circles of folders that `pairs` of imports make (strongly connected parts, Tarjan)."""
    edges: dict[str, set[str]] = {}
    for a, b in pairs:
        if room(a) != room(b):
            edges.setdefault(room(a), set()).add(room(b))
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for other in edges.get(node, ()):
            if other not in order:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], order[other])
        if low[node] == order[node]:
            part = []
            while (top := stack.pop()) != node:
                part.append(top)
            if part:
                circles.append(sorted([node, *part]))

    for node in sorted(edges):
        if node not in order:
            visit(node)
    return circles


def test_no_two_folders_import_each_other() -> None:
    """render/ draws the feature folders (daily/, friends/, teach/, ...), so none of them may
    import render/; the Painting's drawing code (paint.js) and the state sit below them all."""
    assert folder_cycles([("render/a.js", "daily/b.js"), ("daily/b.js", "control/c.js"),
                          ("control/c.js", "render/d.js")]) == [["control", "daily", "render"]]
    circles = folder_cycles(imports())
    assert not circles, f"folders of web/app that import each other round a circle: {circles}"


CONTROLLER = APP / "controller.js"
MADE = re.compile(r"^  const (\{[^}]*\}|\w+) = (.*?);(?: *//[^\n]*)?$", re.M | re.S)


def wiring_faults(body: str) -> list[str]:
    """The parts of `body` (createController's text) that are handed a part made after them,
    or that hang a part on another one (`x.y = ...`, a shared context filled in later)."""
    made = []  # (names, what they are made from), in order
    for names, source in MADE.findall(body):
        made.append((re.findall(r"\w+", names), source))
    faults = []
    for index, (names, source) in enumerate(made):
        later = {name for later_names, _ in made[index + 1:] for name in later_names}
        named = set(re.findall(r"(?<![.\w])\w+", source))  # not a property: parts.friends
        for used in sorted(later & named):
            faults.append(f"{names[0]} is made from {used}, made after it")
    hung = re.findall(r"^\s+\w+\.\w+ = .*$", body, re.M)
    faults += [f"a part hung on another: {line}" for line in hung]
    return faults


def test_the_controller_wires_each_part_from_parts_made_before_it() -> None:
    """control/context.js's shared `ctx` let every part call every other one (games ->
    saves -> games): cycles no import shows. Now each part is handed the parts it uses, made
    before it, so the wiring is one-way; the check itself catches a part made from a later
    one and a part hung on a shared object."""
    assert wiring_faults("  const a = createA({ b });\n  const b = createB({});\n") == [
        "a is made from b, made after it"]
    assert wiring_faults("  const a = createA({});\n  a.b = createB({ a });\n") == [
        "a part hung on another:   a.b = createB({ a });"]
    text = CONTROLLER.read_text()
    body = text[text.index("export function createController"):text.index("function dispatch(")]
    assert len(MADE.findall(body)) >= 20, "the controller's parts were not found"
    assert wiring_faults(body) == []
    assert not (APP / "control" / "context.js").exists()
    shared = [p.relative_to(APP).as_posix() for p in APP.rglob("*.js")
              if re.search(r"\bctx\.\w+ =", p.read_text())]
    assert shared == [], f"modules that fill in a shared context: {shared}"
