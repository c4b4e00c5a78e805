// The engine inside Pyodide under Node, for tests/wasm: the same npm package and the same
// python file as the browser build (build.pack_python: the trimmed standard library with
// the engine inside, compiled to bytecode, gzipped), inflated and given to loadPyodide as
// `stdLibURL` exactly as worker.js does (a plain zip is taken as it is).
// Reads one JSON request ({"cmd", "args"}) per stdin line and writes destijl.api.handle's
// reply as one stdout line. The first line written is
// {"ready": true, "python": "3.14.x", "modules": N}. Python's own output goes to stderr.
//
//   node tests/wasm/run_engine.mjs build_scripts/node_modules/pyodide python.zip.gz
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const [pyodideDir, file] = process.argv.slice(2);
if (!pyodideDir || !file) {
  console.error("usage: node run_engine.mjs PYODIDE_DIR PYTHON_FILE");
  process.exit(2);
}
const data = await readFile(file);
const archive = path.join(await mkdtemp(path.join(tmpdir(), "destijl-wasm-")), "python.zip");
await writeFile(archive, data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data);
const toStderr = (line) => process.stderr.write(`${line}\n`);
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: `${path.resolve(pyodideDir)}/`,
  stdLibURL: path.resolve(archive),
  stdout: toStderr,
  stderr: toStderr,
});
await rm(path.dirname(archive), { recursive: true, force: true }); // Pyodide holds its copy
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
