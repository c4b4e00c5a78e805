"""The page judges seat names as the engine does: web/app/names.js, run in Node
on the rule the build writes from the engine (rules-data.js), against
destijl.names.check_name, for every boundary of the rule and a spread of names.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from destijl.facts import describe
from destijl.names import INVISIBLE, MAX_NAME, REFUSED, WHITESPACE, BadName, check_name

REPO = Path(__file__).resolve().parents[2]
NAMES_JS = REPO / "web" / "app" / "names.js"
if not NAMES_JS.is_file():  # a staged copy of the engine alone (build_scripts/dev/mutation.py)
    pytest.skip("web/app/names.js is not here", allow_module_level=True)
sys.path.insert(0, str(REPO / "build_scripts"))
import rules_data  # noqa: E402

NODE = shutil.which("node")
RUN = """import { checkName } from "./names.js";
import { readFileSync } from "node:fs";
const names = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(names.map((n) => checkName(n))));
"""


def engine_says(name: str) -> dict:
    try:
        return {"name": check_name(name)}
    except BadName as error:
        return {"why": str(error).split(": ", 1)[1].split(", got ")[0]}  # the page quotes none


def corpus() -> list[str]:
    edges = {code for _, ranges in REFUSED for low, high in ranges for code in (low, high)}
    edges |= {code for low, high in (*WHITESPACE, *INVISIBLE) for code in (low, high)}
    edges |= {c + d for c in list(edges) for d in (-1, 1) if 0 <= c + d <= 0x10FFFF}
    names = [f"Ann{chr(c)}" for c in sorted(edges) if not 0xD800 <= c <= 0xDFFF]
    names += [chr(c) for c in sorted(edges) if not 0xD800 <= c <= 0xDFFF]
    names += [f" {chr(c)}Bo " for c in sorted(edges) if not 0xD800 <= c <= 0xDFFF]
    names += ["🎨" * MAX_NAME, "🎨" * (MAX_NAME + 1), "x" * MAX_NAME, "x" * (MAX_NAME + 1),
              "", "  ", "مريم", "👩\u200d🎨", "\u200eAnn", "Zoë", "\ufeffTheo\ufeff",
              "\u3000\u3164\u3000", "Piet Mondrian"]
    return names


@pytest.mark.skipif(NODE is None and not os.environ.get("CI"),
                    reason="node is not installed (under CI=true this test fails instead)")
def test_names_js_agrees_with_the_engine(tmp_path: Path) -> None:
    assert NODE, "node is not installed, and CI must run this test"
    shutil.copy(NAMES_JS, tmp_path / "names.js")
    (tmp_path / "rules-data.js").write_text(rules_data.module_text(describe()))
    (tmp_path / "run.mjs").write_text(RUN)
    names = corpus()
    out = subprocess.run([NODE, str(tmp_path / "run.mjs")], input=json.dumps(names),
                         capture_output=True, text=True, check=True, timeout=60)
    page = json.loads(out.stdout)
    disagree = [(n, p, e) for n, p, e in zip(names, page, map(engine_says, names), strict=True)
                if p != e]
    assert not disagree, disagree[:5]
    assert len(names) > 300
