// The engine inside Pyodide under Node, for tests/wasm: the same npm package and the same
// engine archive as the browser build. Reads one JSON request ({"cmd", "args"}) per stdin
// line and writes destijl.api.handle's reply as one stdout line. The first line written
// is {"ready": true, "python": "3.14.x"}. Python's own output goes to stderr.
//
//   node tests/wasm/run_engine.mjs build_scripts/node_modules/pyodide engine.zip
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const [pyodideDir, archive] = process.argv.slice(2);
if (!pyodideDir || !archive) {
  console.error("usage: node run_engine.mjs PYODIDE_DIR ENGINE_ZIP");
  process.exit(2);
}
const toStderr = (line) => process.stderr.write(`${line}\n`);
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: `${path.resolve(pyodideDir)}/`,
  stdout: toStderr,
  stderr: toStderr,
});
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
const bytes = new Uint8Array(await readFile(archive)); // a Buffer is refused
pyodide.unpackArchive(bytes, "zip", { extractDir: sitePackages });
const handle = pyodide.pyimport("destijl.api").handle;
const python = pyodide.runPython("import platform; platform.python_version()");
process.stdout.write(`${JSON.stringify({ ready: true, python })}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  let reply;
  try {
    reply = handle(line);
  } catch (error) {
    reply = JSON.stringify({ ok: false, error: { type: "InternalError", message: error.message } });
  }
  process.stdout.write(`${reply}\n`);
}
