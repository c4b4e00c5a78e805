// How long Pyodide takes to start on a python file and import the engine, under Node:
// the figures behind "Python ships as bytecode" (docs/benchmarks.md, "Boot optimisations").
//
//   node build_scripts/bench/bench_python_start.mjs build_scripts/node_modules/pyodide RUNS FILE...
//
// Each FILE (a zip, or the build's gzipped zip) is started RUNS times, interleaved, each
// in a fresh Pyodide; it prints the median of loadPyodide and of `import destijl.api`.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const [pyodideDir, runs, ...files] = process.argv.slice(2);
if (!pyodideDir || !Number(runs) || !files.length) {
  console.error("usage: node bench_python_start.mjs PYODIDE_DIR RUNS FILE...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const work = await mkdtemp(path.join(tmpdir(), "python-start-"));
const zips = [];
for (const [i, file] of files.entries()) {
  const data = await readFile(file);
  zips.push(path.join(work, `${i}.zip`));
  await writeFile(zips[i], data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data);
}
const times = files.map(() => ({ load: [], engine: [] }));
for (let run = 0; run < Number(runs); run++) {
  for (const [i, zip] of zips.entries()) {
    const start = performance.now();
    const pyodide = await loadPyodide({ indexURL: `${path.resolve(pyodideDir)}/`, stdLibURL: zip });
    const loaded = performance.now();
    pyodide.pyimport("destijl.api");
    times[i].load.push(loaded - start);
    times[i].engine.push(performance.now() - loaded);
  }
}
await rm(work, { recursive: true, force: true });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log("| file | loadPyodide (median) | import destijl.api (median) |\n|---|---|---|");
for (const [i, file] of files.entries()) {
  console.log(`| ${path.basename(file)} | ${Math.round(median(times[i].load))} ms | ${Math.round(median(times[i].engine))} ms |`);
}
