// The page's side of the bot sandbox (docs/bots.md, "Safety"): an
// <iframe sandbox="allow-scripts"> with web/botrunner/runner.html, an opaque origin that
// runs the person's bot in a worker of its own and stops it when a move takes too long.
// Nothing loads before the first load(): the iframe, Python and the bot start then.
//
//   const box = new BotSandbox();
//   await box.load(code, 1000);                          // BotFailure if it does not load
//   const { move, ms } = await box.choose(state, seed, ply, 1000);   // or BotFailure
//   box.stop();                                          // at once; the next load restarts

import { BUILD } from "../../build-info.js";

/** A bot that did not load or move: {kind, message, line, trace} (docs/bots.md, "Errors"). */
export class BotFailure extends Error {
  constructor({ kind = "crash", message = "Your bot failed", line = null, trace = "" } = {}) {
    super(message);
    this.name = "BotFailure";
    this.kind = kind;
    this.line = line;
    this.trace = trace;
  }
}

const HELLO_MS = 20_000; // the runner page must say hello within this

export class BotSandbox {
  /** Called with a sentence while Python starts for the bot. */
  onstatus = null;

  #frame = null;
  #hello = null; // Promise: the runner is loaded and has Python's files
  #pending = new Map(); // id -> {resolve, reject}
  #nextId = 1;
  #onMessage = (event) => this.#message(event);

  /** Load (or reload) the bot's code; resolves once it defines choose(view). */
  async load(code, limitMs) {
    await this.#ready();
    await this.#ask({ type: "load", code, limitMs });
  }

  /** The bot's move for the public `state` ({move, ms}), or a BotFailure. */
  async choose(state, seed, ply, limitMs) {
    return this.#ask({ type: "choose", state, seed, ply, limitMs });
  }

  /** End the bot's worker now (a running move is dropped); the next load starts afresh. */
  stop() {
    this.#frame?.contentWindow?.postMessage({ type: "stop" }, "*");
    for (const { reject } of this.#pending.values()) reject(new BotFailure({ kind: "stopped", message: "Stopped" }));
    this.#pending.clear();
  }

  /** Remove the iframe (and with it the worker). */
  destroy() {
    this.stop();
    this.#frame?.remove();
    this.#frame = null;
    this.#hello = null;
    window.removeEventListener("message", this.#onMessage);
  }

  #ask(message) {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // targetOrigin "*": the runner's origin is opaque ("null"), which no target names
      this.#frame.contentWindow.postMessage({ ...message, id }, "*");
    });
  }

  #ready() {
    if (this.#hello) return this.#hello;
    const frame = document.createElement("iframe");
    frame.setAttribute("sandbox", "allow-scripts"); // never allow-same-origin
    frame.className = "bot-sandbox";
    frame.title = "Bot sandbox";
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
    frame.src = new URL("../../botrunner/runner.html", import.meta.url).href;
    this.#frame = frame;
    window.addEventListener("message", this.#onMessage);
    this.#hello = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new BotFailure({ message: "The bot sandbox did not start" })), HELLO_MS);
      this.helloed = async () => {
        clearTimeout(timer);
        try {
          resolve(await this.#boot());
        } catch (error) {
          reject(new BotFailure({ message: `Python's files could not be read (${error.message})` }));
        }
      };
    });
    this.#hello.catch(() => { this.#hello = null; });
    document.body.append(frame);
    return this.#hello;
  }

  /** Hand the runner Python's two big files as bytes (it may not fetch anything). */
  async #boot() {
    const base = new URL("../../", import.meta.url);
    const pyodide = new URL(BUILD.pyodide, base).href;
    const bytes = async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${url.split("/").pop()}`);
      return response.arrayBuffer();
    };
    const [wasm, python] = await Promise.all([bytes(`${pyodide}pyodide.asm.wasm`), bytes(new URL(BUILD.python, base).href)]);
    this.#frame.contentWindow.postMessage({
      type: "boot", pyodide, lockFile: BUILD.lockFile, worker: new URL("botrunner/worker.js", base).href, wasm, python,
    }, "*", [wasm, python]);
  }

  #message({ source, data }) {
    if (!this.#frame || source !== this.#frame.contentWindow || !data || typeof data !== "object") return;
    if (data.type === "hello") this.helloed?.();
    else if (data.type === "status") this.onstatus?.(String(data.text));
    else if (data.type === "reply") {
      const waiting = this.#pending.get(data.id);
      if (!waiting) return;
      this.#pending.delete(data.id);
      if (data.ok) waiting.resolve({ move: data.move, ms: Number(data.ms) || 0 });
      else waiting.reject(new BotFailure(data.error ?? {}));
    }
  }
}
