// The engine inside Pyodide under Node, for tests/wasm: the same npm package and the same
// python zip as the browser build (build.pack_python: the trimmed standard library with
// the engine inside), given to loadPyodide as `stdLibURL` exactly as worker.js does.
// Reads one JSON request ({"cmd", "args"}) per stdin line and writes destijl.api.handle's
// reply as one stdout line. The first line written is
// {"ready": true, "python": "3.14.x", "modules": N}. Python's own output goes to stderr.
// With --precompile OUT it instead compiles the zip to bytecode the way worker.js does
// after a first start (destijl_precompile.py), writes it to OUT and exits.
//
//   node tests/wasm/run_engine.mjs build_scripts/node_modules/pyodide python.zip [--precompile OUT]
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const [pyodideDir, archive, option, output] = process.argv.slice(2);
if (!pyodideDir || !archive || (option && (option !== "--precompile" || !output))) {
  console.error("usage: node run_engine.mjs PYODIDE_DIR PYTHON_ZIP [--precompile OUT]");
  process.exit(2);
}
const toStderr = (line) => process.stderr.write(`${line}\n`);
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: `${path.resolve(pyodideDir)}/`,
  stdLibURL: path.resolve(archive),
  stdout: toStderr,
  stderr: toStderr,
});
if (option === "--precompile") {
  const zipPath = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('.zip'))");
  const job = pyodide.pyimport("destijl_precompile").Precompiler(zipPath);
  while (!job.step());
  await writeFile(output, job.result().toJs());
  process.exit(0);
}
const handle = pyodide.pyimport("destijl.api").handle;
const python = pyodide.runPython("import sys; '.'.join(map(str, sys.version_info[:3]))");
const modules = pyodide.runPython("import sys; len(sys.modules)");
process.stdout.write(`${JSON.stringify({ ready: true, python, modules })}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  let reply;
  try {
    reply = handle(line);
  } catch (error) {
    reply = JSON.stringify({ ok: false, error: { type: "InternalError", message: error.message } });
  }
  process.stdout.write(`${reply}\n`);
}
