// Which files of Pyodide's standard library does the game need? Boots the pinned Pyodide
// under Node with its full python_stdlib.zip, imports the engine from pysrc/, runs every
// API command (destijl.api.COMMANDS, good and bad requests) and whole games with every bot
// level, and the bytecode compiler worker.js runs after a first start (precompile.py),
// then prints the zip entries of every module that was imported, as a JSON list.
// build_scripts/pystdlib.py runs it (`python3 build_scripts/pystdlib.py` rewrites
// build_scripts/stdlib-keep.txt); tests/wasm checks the list still covers the trace.
//
//   node build_scripts/trace_stdlib.mjs build_scripts/node_modules/pyodide pysrc
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, sourceRoot] = process.argv.slice(2);
if (!pyodideDir || !sourceRoot) {
  console.error("usage: node trace_stdlib.mjs PYODIDE_DIR SOURCE_ROOT (the folder holding destijl/)");
  process.exit(2);
}
const toStderr = (line) => process.stderr.write(`${line}\n`);
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: `${path.resolve(pyodideDir)}/`, stdout: toStderr, stderr: toStderr,
});

// Copy the engine's .py files into the in-memory file system, under /engine.
async function copyTree(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (entry.name === "__pycache__") continue;
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) await copyTree(source, `${to}/${entry.name}`);
    else if (entry.name.endsWith(".py")) pyodide.FS.writeFile(`${to}/${entry.name}`, await readFile(source));
  }
}
await copyTree(path.resolve(sourceRoot, "destijl"), "/engine/destijl");

const traced = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/engine")
from destijl import api

def call(cmd, **args):
    return json.loads(api.handle(json.dumps({"cmd": cmd, "args": args})))

def every_command(view):
    record = view["record"]
    card = view["gallery"][0]["card"] if view["gallery"] else 0
    call("view", record=record, ply=0)
    call("preview", record=record, card=card, rotation=90)
    call("hint", record=record)
    call("history", record=record)
    call("verify", record=record)
    call("undo", record=record, seat=0)
    call("score", cells=[[0, 0, "R"], [1, 0, "R"], [0, 1, "Y"]], seats=[["R"], ["Y"]])

call("version")
for cmd in api.COMMANDS:  # every command with bad arguments: the error paths
    call(cmd)
    call(cmd, record={"format": "nonsense"})
api.handle("not json")
api.handle("[" * 500)
api.handle('{"cmd": "play", "args": {"record": 1e999}}')
for level in ("random", "easy", "medium", "hard"):
    seats = [{"controller": "bot:" + level}] * 3
    view = call("new_game", players=3, seed=5, seats=seats, rotations=False)["result"]
    every_command(view)
    while not view["is_over"]:
        move = call("bot_move", record=view["record"], time_ms=20)["result"]["move"]
        view = call("play", record=view["record"], move=move)["result"]
    every_command(view)
    call("bot_move", record=view["record"])

zip_path = next(p for p in sys.path if p.endswith(".zip"))
used = set()
for module in list(sys.modules.values()):
    file = getattr(module, "__file__", None) or ""
    if file.startswith(zip_path + "/"):
        used.add(file[len(zip_path) + 1:])
json.dumps(sorted(used))
`);
process.stdout.write(`${traced}\n`);
