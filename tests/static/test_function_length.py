"""No function of web/app runs over 80 lines, read off the source, no browser.

The controller's closure factories (createSaves, createFriends, ...) were split up by what
each step needs, passed in. LONG lists a function allowed over the limit with its length
(none now); the list may only shrink: one that grows past its listed length, or a new one
over the limit, fails, and one that got short must leave the list.
"""

from __future__ import annotations

import re
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "web" / "app"
LIMIT = 80
# `function name(` or `const name = (...) => {`, at any depth
START = re.compile(r"^\s*(?:export\s+)?(?:async\s+)?function\s*\*?\s*(\w+)\s*\("
                   r"|^\s*(?:export\s+)?const\s+(\w+)\s*=\s*(?:async\s+)?\([^)]*\)\s*=>\s*\{\s*$")
# strings, template strings on one line and line comments hold no braces of the code
QUIET = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|`[^`]*`|//.*$')
LONG: dict[str, int] = {}  # module:function -> its length when listed; empty since issue 46


def lengths(text: str) -> dict[str, int]:
    """Each function's length in lines, from its first line to its closing brace."""
    lines = text.split("\n")
    found: dict[str, int] = {}
    for i, line in enumerate(lines):
        match = START.match(line)
        if not match:
            continue
        depth, opened = 0, False
        for j in range(i, len(lines)):
            code = QUIET.sub("", lines[j])
            depth += code.count("{") - code.count("}")
            opened = opened or "{" in code
            if opened and depth <= 0:
                break
        found[match.group(1) or match.group(2)] = j - i + 1
    return found


def test_the_reader_measures_a_function() -> None:
    text = "export function f(a) {\n  const s = '}';\n  if (a) {\n    return 1;\n  }\n}\n"
    assert lengths(text) == {"f": 6}


def test_no_function_over_80_lines_but_the_listed_ones_which_only_shrink() -> None:
    measured = {f"{path.relative_to(APP).as_posix()}:{name}": n
                for path in sorted(APP.rglob("*.js"))
                for name, n in lengths(path.read_text()).items()}
    new = {key: n for key, n in measured.items() if n > LIMIT and key not in LONG}
    assert not new, f"functions over {LIMIT} lines (split them): {new}"
    grown = {key: (measured[key], n) for key, n in LONG.items()
             if key in measured and measured[key] > n}
    assert not grown, f"listed long functions that grew (now, listed): {grown}"
    done = [key for key, n in LONG.items() if measured.get(key, 0) <= LIMIT]
    assert not done, f"short now: take them off the LONG list: {done}"
