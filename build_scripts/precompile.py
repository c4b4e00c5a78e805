"""The python zip as bytecode, made at build time inside the pinned Pyodide.

Pyodide starts by importing about 190 standard modules, and a zip of sources makes
Python compile every one of them on every visit: three quarters of the start's time
(docs/benchmarks.md). So the build compiles the zip once, inside the very Pyodide the page
runs (build_scripts/precompile.mjs boots it under Node), and the browser gets bytecode.

To keep the download no larger than the sources, the bytecode leaves out what a player
never needs:
- docstrings (the engine reads none at run time; the command line, which does, is not
  shipped);
- column positions in tracebacks (Pyodide is started with PYTHONNODEBUGRANGES=1, so
  `compile` records none);
- the line numbers of the standard library's code: every instruction is put on its
  function's first line (the engine's own keep their lines, for its tracebacks).

The zip's entries are stored, not deflated: the build gzips the whole zip, and one stream
compresses the ~200 files far better than each on its own (worker.js inflates it).

The .pyc files are hash-based and unchecked (PEP 552): zipimport loads them without
looking for the source, which is not in the zip. Run by precompile.mjs:

    data = compile_zip("/tmp/python.zip", "/lib/python314.zip")   # the new zip's bytes
"""

from __future__ import annotations

import ast
import importlib.util
import io
import types
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

ZIP_TIME = (1980, 1, 1, 0, 0, 0)
ENGINE_FOLDER = "destijl/"
NO_COLUMNS = 13  # the location entry kind "line delta only"
DOCSTRING_OWNERS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree: ast.Module) -> ast.Module:
    """The tree with the docstring of every module, class and function taken out."""
    for node in ast.walk(tree):
        if not isinstance(node, DOCSTRING_OWNERS) or not node.body:
            continue
        first = node.body[0]
        if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def on_first_lines(code: types.CodeType) -> types.CodeType:
    """`code` (and the code inside it) with every instruction on its first line: a location
    table of "no columns, line +0" entries, 8 code units each (CPython's
    InternalDocs/code_objects.md), which compresses to almost nothing."""
    table = bytearray()
    units = len(code.co_code) // 2
    while units > 0:
        length = min(8, units)
        table += bytes((0x80 | NO_COLUMNS << 3 | (length - 1), 0))
        units -= length
    consts = tuple(on_first_lines(c) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)


def compile_module(source: bytes, filename: str, lines: bool = True) -> bytes:
    """One module's source as the bytes of an unchecked-hash .pyc, without docstrings
    (and, unless `lines`, on first lines only)."""
    tree = without_docstrings(ast.parse(source, filename))
    code = compile(tree, filename, "exec", dont_inherit=True)
    if not lines:
        code = on_first_lines(code)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def compile_zip(path: str, runtime_path: str) -> bytes:
    """The zip at `path` with every .py replaced by its .pyc (other files as they are),
    stored; the engine's modules (`destijl/`) keep their line numbers. Each module is
    compiled under its name in the browser, `runtime_path` (the zip there) + its path."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(path, metadata_encoding="utf-8") as source, \
            zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as out:
        for info in source.infolist():
            if info.is_dir():
                continue
            name, data = info.filename, source.read(info)
            if name.endswith(".py"):
                lines = name.startswith(ENGINE_FOLDER)
                name, data = name + "c", compile_module(data, f"{runtime_path}/{name}", lines)
            out.writestr(zipfile.ZipInfo(name, ZIP_TIME), data)
    return buffer.getvalue()
