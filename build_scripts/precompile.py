"""Bytecode for the next visit, made inside Pyodide (shipped as destijl_precompile.py).

The zip the browser downloads holds Python sources: they are half the size of bytecode,
but Python compiles every module it imports, on every start. After the first start,
web/worker.js uses this module in idle moments, one file per step, to compile the whole
zip into bytecode for this very Python, and keeps the result in the browser's Cache
Storage; the next start hands that zip to loadPyodide instead and compiles nothing.

    job = Precompiler("/lib/python314.zip")
    while not job.step():   # one file per call
        ...                 # let the worker answer requests in between
    data = job.result()     # the zip: every .py replaced by an unchecked-hash .pyc

The .pyc files are hash-based and unchecked (PEP 552): zipimport loads them without
looking for the source, which is not in the zip.
"""

from __future__ import annotations

import importlib.util
import io
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

ZIP_TIME = (1980, 1, 1, 0, 0, 0)


class Precompiler:
    """Compiles the .py files of a zip to .pyc, one per `step()`."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.source = zipfile.ZipFile(path, metadata_encoding="utf-8")  # not cp437: not shipped
        self.names = [info.filename for info in self.source.infolist() if not info.is_dir()]
        self.done = 0
        self.buffer = io.BytesIO()
        self.out = zipfile.ZipFile(self.buffer, "w", zipfile.ZIP_STORED)

    def step(self) -> bool:
        """Compile (or copy) the next file; True once every file is done."""
        if self.done < len(self.names):
            name = self.names[self.done]
            data = self.source.read(name)
            if name.endswith(".py"):
                code = compile(data, f"{self.path}/{name}", "exec", dont_inherit=True)
                pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                name, data = name + "c", bytes(pyc)
            self.out.writestr(zipfile.ZipInfo(name, ZIP_TIME), data)
            self.done += 1
        return self.done >= len(self.names)

    def result(self) -> bytes:
        """The finished zip (call once `step()` has returned True)."""
        self.out.close()
        self.source.close()
        return self.buffer.getvalue()
