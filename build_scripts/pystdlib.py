"""The Python the browser downloads: a trimmed standard library with the engine inside.

Pyodide's python_stdlib.zip holds the whole standard library (2.5 MB); the game needs
about 140 of its files, the ones Pyodide's own start imports plus what the engine uses.
`pack_python` writes one zip with those files and the engine's package `destijl/`; the
build compiles it to bytecode (precompile.py) and worker.js hands it to loadPyodide as
`stdLibURL`, so the engine is importable at once, with no second download and no
unpacking.

The list of files is build_scripts/stdlib-keep.txt, written by tracing imports:
`python3 build_scripts/pystdlib.py` boots Pyodide under Node (trace_stdlib.mjs), runs
every API command and whole games with every bot level, and records every module
imported. Two checks keep the list honest: the build refuses an engine that imports a
standard module the list lacks (`check_engine_imports`), and tests/wasm runs the whole
engine suite in Pyodide on the trimmed zip and re-runs the trace.
"""

from __future__ import annotations

import ast
import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
KEEP_FILE = HERE / "stdlib-keep.txt"
TRACER = HERE / "trace_stdlib.mjs"
PYODIDE_PKG = HERE / "node_modules" / "pyodide"
ENGINE = REPO / "pysrc" / "destijl"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
# The command line's modules: never imported in the browser, so not shipped there.
NATIVE_ONLY = frozenset({"__main__", "cli", "bench", "tournament", "ladder", "render",
                         "cluster", "puzzles_cli"})


class StdlibError(Exception):
    """The trimmed standard library would miss a module; the message says what to run."""


def read_keep(path: Path = KEEP_FILE) -> list[str]:
    """The zip entries to keep, one per line (blank lines and # comments ignored)."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
    return [line for line in lines if line]


def engine_files(engine: Path = ENGINE) -> list[Path]:
    """The engine's .py files the browser gets, sorted (NATIVE_ONLY left out)."""
    return sorted(
        p for p in engine.rglob("*.py")
        if "__pycache__" not in p.parts and not (p.parent == engine and p.stem in NATIVE_ONLY)
    )


def engine_imports(engine: Path = ENGINE) -> set[str]:
    """Top-level names of every absolute import in the shipped engine (`json`, ...).

    Raises StdlibError if a shipped module imports one of NATIVE_ONLY.
    """
    names = set()
    for path in engine_files(engine):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                if node.level == 0:
                    names.add(node.module.split(".")[0])
                elif node.level == 1 and path.parent == engine and node.module in NATIVE_ONLY:
                    raise StdlibError(f"{path.name} imports .{node.module}, which the browser "
                                      "does not get (pystdlib.NATIVE_ONLY)")
    return names - {"destijl", "__future__"}


def check_engine_imports(have: set[str], keep: list[str], engine: Path = ENGINE) -> None:
    """Refuse an engine importing a standard-library file (of `have`, the full zip's
    names) that `keep` leaves out.

    Modules built into Pyodide (sys, math, time, _sha2, ...) are not in the zip: fine.
    """
    kept = set(keep)
    missing = sorted(
        name for name in engine_imports(engine)
        for entry in (f"{name}.py", f"{name}/__init__.py")
        if entry in have and entry not in kept
    )
    if missing:
        raise StdlibError(
            f"the engine imports {', '.join(missing)}, which build_scripts/stdlib-keep.txt "
            "leaves out: run `python3 build_scripts/pystdlib.py` to trace the imports again")


def pack_python(stdlib_zip: Path, keep: list[str] | None = None, engine: Path = ENGINE) -> bytes:
    """The trimmed standard library plus `destijl/`, as one zip of sources (build.py then
    compiles it to bytecode: precompile.py)."""
    keep = read_keep() if keep is None else keep
    out = io.BytesIO()
    with zipfile.ZipFile(stdlib_zip) as stdlib, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        have = set(stdlib.namelist())
        check_engine_imports(have, keep, engine)
        absent = [name for name in keep if name not in have]
        if absent:
            raise StdlibError(f"not in {stdlib_zip.name}: {', '.join(absent)} (a new Pyodide? "
                              "run `python3 build_scripts/pystdlib.py`)")
        files = {name: stdlib.read(name) for name in keep}
        files |= {p.relative_to(engine.parent).as_posix(): p.read_bytes()
                  for p in engine_files(engine)}
        for name in sorted(files):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name])
    return out.getvalue()


def trace(pyodide: Path = PYODIDE_PKG, source_root: Path = ENGINE.parent) -> list[str]:
    """Run trace_stdlib.mjs: the standard-library files the engine and Pyodide import."""
    node = shutil.which("node")
    if node is None or not (pyodide / "pyodide.mjs").is_file():
        raise StdlibError("tracing needs node and build_scripts/node_modules (make npm)")
    result = subprocess.run([node, str(TRACER), str(pyodide), str(source_root)],
                            capture_output=True, text=True, timeout=600)
    if result.returncode:
        start = result.stderr.rfind("Traceback (most recent call last)")
        raise StdlibError(f"trace_stdlib.mjs failed:\n{result.stderr[max(start, 0):][-3000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> int:
    """Trace the imports again and rewrite stdlib-keep.txt."""
    try:
        used = trace()
    except StdlibError as error:
        print(error, file=sys.stderr)
        return 1
    header = ("# Standard-library files (paths in Pyodide's python_stdlib.zip) the game ships.\n"
              "# Written by `python3 build_scripts/pystdlib.py` (see its docstring).\n")
    KEEP_FILE.write_text(header + "".join(f"{name}\n" for name in used))
    print(f"{KEEP_FILE.relative_to(REPO)}: {len(used)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
