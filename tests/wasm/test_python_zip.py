"""The python zip the browser downloads: trimmed honestly, compiled lean.

- the import trace (build_scripts/trace_stdlib.mjs: every API command, every bot level)
  needs nothing that build_scripts/stdlib-keep.txt leaves out;
- the build refuses an engine importing a standard module the list leaves out;
- the build compiles it to bytecode (build_scripts/precompile.py): no source left, no
  docstrings, the engine's line numbers kept and the standard library's dropped; gzipped
  as one stream it is no larger than the sources were (the whole wasm suite plays on it).
"""

from __future__ import annotations

import gzip
import io
import marshal
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_wasm_engine import python_zip

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "build_scripts"))
import precompile  # noqa: E402
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


def shipped(folder: Path) -> zipfile.ZipFile:
    """The zip inside the gzipped file the build ships."""
    return zipfile.ZipFile(io.BytesIO(gzip.decompress(python_zip(folder).read_bytes())))


def test_the_zip_holds_the_list_and_the_engine_only(tmp_path: Path) -> None:
    """No command-line module, no stray standard module; every kept file is there, as
    bytecode only."""
    names = set(shipped(tmp_path).namelist())
    assert {name + "c" if name.endswith(".py") else name for name in pystdlib.read_keep()} <= names
    assert "destijl/api.pyc" in names and "destijl/bots/hard.pyc" in names
    assert not [name for name in names if name.endswith(".py")]
    assert "destijl/cli.pyc" not in names and "destijl/tournament.pyc" not in names
    assert "argparse.pyc" not in names and "unittest/__init__.pyc" not in names


def test_the_bytecode_is_no_larger_than_the_sources(tmp_path: Path) -> None:
    """What the browser downloads: the gzipped bytecode weighs no more than the zip of
    sources it replaced (each file deflated, as the build shipped it before)."""
    sources = pystdlib.pack_python(pystdlib.PYODIDE_PKG / "python_stdlib.zip")
    size = python_zip(tmp_path).stat().st_size
    assert size <= len(sources), (size, len(sources))


SAMPLE = '''"""A module."""


class Shape:
    """A class."""

    def area(self) -> int:
        """A method."""
        return 1 // 0
'''


def run_sample(lines: bool) -> tuple[dict, int]:
    """Compile SAMPLE as precompile.py does, run it; its namespace and the line of the
    division that fails."""
    pyc = precompile.compile_module(SAMPLE.encode(), "/lib/python314.zip/sample.py", lines)
    code = marshal.loads(pyc[16:])
    namespace: dict = {}
    exec(code, namespace)
    try:
        namespace["Shape"]().area()
    except ZeroDivisionError as error:
        return namespace, error.__traceback__.tb_next.tb_lineno
    raise AssertionError("the sample did not fail")


def test_the_bytecode_has_no_docstrings_and_keeps_only_the_engines_lines() -> None:
    """Docstrings dropped (a class or function left with none still works); with `lines`
    (the engine) a traceback names the line, without (the standard library) the first."""
    namespace, line = run_sample(lines=True)
    assert namespace.get("__doc__") is None and namespace["Shape"].__doc__ is None
    assert namespace["Shape"].area.__doc__ is None
    assert line == 9
    assert run_sample(lines=False)[1] == 7  # the function's first line, `def area`
