// The python zip compiled to bytecode inside the pinned Pyodide (build_scripts/precompile.py
// says why and what is left out). Called by build.py:
//
//   node build_scripts/precompile.mjs PYODIDE_DIR SOURCE_ZIP OUT_ZIP
//
// Pyodide boots on its own standard library; each module of SOURCE_ZIP is compiled under
// the name it has in the browser, where that zip is Pyodide's /lib/python314.zip.
// PYTHONNODEBUGRANGES=1 keeps column positions out.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, source, output] = process.argv.slice(2);
if (!pyodideDir || !source || !output) {
  console.error("usage: node precompile.mjs PYODIDE_DIR SOURCE_ZIP OUT_ZIP");
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: `${path.resolve(pyodideDir)}/`,
  env: { PYTHONNODEBUGRANGES: "1" },
  stdout: (line) => console.error(line),
  stderr: (line) => console.error(line),
});
const namespace = pyodide.toPy({ __name__: "destijl_precompile" });
pyodide.runPython(await readFile(path.join(here, "precompile.py"), "utf8"), { globals: namespace });
const runtimePath = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('.zip'))");
pyodide.FS.writeFile("/tmp/python.zip", await readFile(source));
await writeFile(output, namespace.get("compile_zip")("/tmp/python.zip", runtimePath).toJs());
