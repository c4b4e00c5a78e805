"""The python zip the browser downloads: trimmed honestly, and its bytecode twin works.

- the import trace (build_scripts/trace_stdlib.mjs: every API command, every bot level)
  needs nothing that build_scripts/stdlib-keep.txt leaves out;
- the build refuses an engine importing a standard module the list leaves out;
- the bytecode zip worker.js makes after a first start (destijl_precompile.py) boots
  Pyodide and plays exactly like native CPython: both boot paths are tested.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_wasm_engine import PYODIDE, RUNNER, Both, WasmEngine, python_zip

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "build_scripts"))
import pystdlib  # noqa: E402

pytestmark = pytest.mark.wasm


def test_the_trace_needs_nothing_the_list_leaves_out() -> None:
    """Re-trace the imports: every file used is in stdlib-keep.txt."""
    used = set(pystdlib.trace())
    missing = sorted(used - set(pystdlib.read_keep()))
    assert not missing, (f"stdlib-keep.txt lacks {missing}: "
                         "run `python3 build_scripts/pystdlib.py`")
    assert "json/__init__.py" in used and "random.py" in used


def test_the_build_refuses_an_import_the_list_leaves_out(tmp_path: Path) -> None:
    """An engine importing `csv` (not in the list) fails the build with what to run."""
    engine = tmp_path / "destijl"
    engine.mkdir()
    (engine / "__init__.py").write_text("import csv\nfrom collections import Counter\n")
    with pytest.raises(pystdlib.StdlibError, match=r"csv.*pystdlib\.py"):
        pystdlib.pack_python(pystdlib.PYODIDE_PKG / "python_stdlib.zip", engine=engine)
    (engine / "__init__.py").write_text("from .cli import main\n")
    with pytest.raises(pystdlib.StdlibError, match="cli"):
        pystdlib.pack_python(pystdlib.PYODIDE_PKG / "python_stdlib.zip", engine=engine)


def test_the_zip_holds_the_list_and_the_engine_only(tmp_path: Path) -> None:
    """No command-line module, no stray standard module; every kept file is there."""
    names = set(zipfile.ZipFile(python_zip(tmp_path)).namelist())
    assert set(pystdlib.read_keep()) <= names
    assert "destijl/api.py" in names and "destijl/bots/hard.py" in names
    assert "destijl/cli.py" not in names and "destijl/tournament.py" not in names
    assert "argparse.py" not in names and "unittest/__init__.py" not in names


def test_the_bytecode_zip_plays_like_native(tmp_path: Path) -> None:
    """Compile the zip as worker.js does, boot on the result, play a seeded game."""
    source = python_zip(tmp_path)
    compiled = tmp_path / "bytecode.zip"
    made = subprocess.run([shutil.which("node") or "node", str(RUNNER), str(PYODIDE), str(source),
                           "--precompile", str(compiled)], capture_output=True, text=True,
                          timeout=300)
    assert made.returncode == 0, made.stderr[-2000:]
    names = zipfile.ZipFile(compiled).namelist()
    assert "destijl/api.pyc" in names and "typing.pyc" in names
    assert not [name for name in names if name.endswith(".py")]

    engine = WasmEngine(compiled)
    try:
        both = Both(engine)
        view = both("new_game", players=3, seed=2)
        for _ in range(3):
            move = both("bot_move", record=view["record"], level="medium")["move"]
            view = both("play", record=view["record"], move=move)
    finally:
        engine.close()
    print(f"bytecode zip: {compiled.stat().st_size / 1e6:.1f} MB, "
          f"sources {source.stat().st_size / 1e6:.2f} MB; boot {engine.boot_seconds:.1f} s")
