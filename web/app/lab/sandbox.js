// The page's side of the bot sandbox (docs/bots.md, "Safety"): an
// <iframe sandbox="allow-scripts">, an opaque origin, whose document is made here: its own
// <meta> policy (sandboxPolicy: no connection, Trusted Types, only botrunner/runner.js
// inline by its hash) and the runner. The runner runs the person's bot in a fresh worker
// per match (per lane of a match) and stops one when a move takes too long. This page hands it every file it
// needs (read through the service worker, so it works offline). Nothing loads before the
// first load(): the iframe, Python and the bot start then.
//
//   const box = new BotSandbox();
//   await box.load(code, 1000);                          // BotFailure if it does not load
//   const { move, ms } = await box.choose(state, seed, ply, 1000);   // or BotFailure
//   box.end();                                           // the match is over: workers ended
//   box.stop();                                          // at once; the next load restarts

import { BUILD } from "../../build-info.js";
import { SITE_ROOT } from "../site.js";

export const CLIP = 2000; // characters of an error's message or trace shown
const SMALL = 1_000_000; // a move's numbers are integers within ±SMALL
// Every message to the sandbox is capped too (the runner refuses longer ones): a bot's code
// is at most RULES.max_bot_source characters (lab/keep.js), a move's state far less.
const MAX_REQUEST = 2_000_000;

/** A bot's move as {card, x, y, rotation} of small integers (the runner rebuilt it so), or null. */
export function moveOf(move) {
  if (!move || typeof move !== "object") return null;
  const picked = { card: move.card, x: move.x, y: move.y, rotation: move.rotation };
  return Object.values(picked).every((v) => Number.isInteger(v) && Math.abs(v) <= SMALL) ? picked : null;
}

/** `text` cut to CLIP characters, saying how many were left out (a bot's error may be huge). */
export function clip(text) {
  const value = String(text ?? "");
  // the room of "… N more": clipping again (worker, runner, page) leaves a clipped text as it is
  return value.length > CLIP + 30 ? `${value.slice(0, CLIP)}… ${(value.length - CLIP).toLocaleString("en")} more` : value;
}

/** A bot that did not load or move: {kind, message, line, trace} (docs/bots.md, "Errors"). */
export class BotFailure extends Error {
  constructor({ kind = "crash", message = "Your bot failed", line = null, trace = "" } = {}) {
    super(clip(message));
    this.name = "BotFailure";
    this.kind = String(kind);
    this.line = Number.isInteger(line) ? line : null;
    this.trace = clip(trace);
    this.afterMs = null; // for an answer of the runner: ms from the request to the answer
  }
}

const HELLO_MS = 20_000; // the runner page must say hello within this

/** The game page's bot host, a Lab page in a hidden frame (host.js): lab.html?host=bots. */
export const HOST_PAGE = "lab.html?host=bots";

export class BotSandbox {
  /** Called with a sentence while Python starts for the bot. */
  onstatus = null;

  /**
   * `viaHost`: make the sandbox in a hidden same-origin frame, a Lab page (HOST_PAGE, host.js),
   * instead of in this page, whose policy then need not allow the sandbox (the game pages).
   */
  constructor({ viaHost = false } = {}) {
    this.#viaHost = viaHost;
    this.#target = viaHost ? location.origin : "*"; // the runner's origin is opaque ("null")
  }

  #viaHost;
  #target;
  #frame = null;
  #hello = null; // Promise: the runner is loaded and has Python's files
  #pending = new Map(); // id -> {resolve, reject}
  #nextId = 1;
  #onMessage = (event) => this.#message(event);
  #helloed = null;

  /**
   * Load the bot's code in a fresh worker (a fresh Python) for `lane`, a match's share of
   * its games; resolves once it defines choose(view). A worker a bot ran in is never reused.
   */
  async load(code, limitMs, lane = 0) {
    await this.#ready();
    await this.#ask({ type: "load", code, limitMs, lane });
  }

  /** The bot's move for the public `state` ({move, ms}), or a BotFailure. */
  async choose(state, seed, ply, limitMs, lane = 0) {
    return this.#ask({ type: "choose", state, seed, ply, limitMs, lane });
  }

  /** The match is over: end every worker the bot ran in (and whatever it started there). */
  end() {
    this.#frame?.contentWindow?.postMessage({ type: "end" }, this.#target);
  }

  /** End the bot's workers now (a running move is dropped); the next load starts afresh. */
  stop() {
    this.end();
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
    const sent = performance.now();
    const size = String(message.type === "load" ? message.code : JSON.stringify(message.state ?? null)).length;
    if (size > MAX_REQUEST) return Promise.reject(new BotFailure({ kind: "request", message: `The bot's code or the game's state is ${size.toLocaleString("en")} characters, more than the ${MAX_REQUEST.toLocaleString("en")} the sandbox takes` }));
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, sent, type: message.type });
      this.#frame.contentWindow.postMessage({ ...message, id }, this.#target);
    });
  }

  #ready() {
    if (this.#hello) return this.#hello;
    this.#hello = this.#open();
    this.#hello.catch(() => { this.#hello = null; });
    return this.#hello;
  }

  async #open() {
    const base = new URL(SITE_ROOT);
    if (this.#viaHost) {
      const frame = hiddenFrame("bot-host", "Bot host");
      frame.src = new URL(HOST_PAGE, base).href;
      return this.#show(frame);
    }
    const pyodide = new URL(BUILD.pyodide, base).href;
    // Blobs, not text or ArrayBuffers: a Blob is a handle, so neither reading a file (the
    // wasm is 9.6 MB) nor handing it to the runner and on to its worker copies its bytes on
    // this page's main thread (an ArrayBuffer did: tasks of 16-56 ms of CPU at the first Run).
    const get = async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new BotFailure({ message: `Python's files could not be read (HTTP ${response.status} for ${url.split("/").pop()})` });
      return response.blob();
    };
    let runner; // the runner's code, written into the sandbox's document
    let files; // the rest, handed to the runner in its "boot" message
    try {
      const [runnerFile, worker, pyodideCode, asm, wasm, python] = await Promise.all([
        get(new URL("botrunner/runner.js", base).href),
        get(new URL("botrunner/worker.js", base).href),
        get(`${pyodide}pyodide.mjs`),
        get(`${pyodide}pyodide.asm.mjs`),
        get(`${pyodide}pyodide.asm.wasm`),
        get(new URL(BUILD.python, base).href),
      ]);
      runner = await runnerFile.text();
      files = { worker, pyodide: pyodideCode, asm, wasm, python };
    } catch (error) {
      throw error instanceof BotFailure ? error : new BotFailure({ message: `Python's files could not be read (${error.message})` });
    }
    const html = "<!doctype html><meta charset=\"utf-8\"><title>Bot sandbox</title>"
      + `<meta http-equiv="Content-Security-Policy" content="${await sandboxPolicy(runner)}">`
      + `<script>${runner}</script>`;
    const frame = hiddenFrame("bot-sandbox", "Bot sandbox");
    frame.setAttribute("sandbox", "allow-scripts"); // never allow-same-origin
    frame.src = URL.createObjectURL(new Blob([html], { type: "text/html" }));
    await this.#show(frame);
    frame.contentWindow.postMessage({ type: "boot", lockFile: BUILD.lockFile, files }, "*");
  }

  /** Add `frame` to the page and wait for its hello. */
  async #show(frame) {
    this.#frame = frame;
    window.addEventListener("message", this.#onMessage);
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new BotFailure({ message: "The bot sandbox did not start" })), HELLO_MS);
      this.#helloed = () => {
        clearTimeout(timer);
        resolve();
      };
      document.body.append(frame);
    });
  }

  #message({ source, origin, data }) {
    if (!this.#frame || source !== this.#frame.contentWindow || !data || typeof data !== "object") return;
    if (this.#viaHost && origin !== location.origin) return;
    if (data.type === "hello") this.#helloed?.();
    else if (data.type === "status") this.onstatus?.(String(data.text));
    else if (data.type === "reply") {
      const waiting = this.#pending.get(data.id);
      if (!waiting) return;
      this.#pending.delete(data.id);
      const move = data.ok ? moveOf(data.move) : null;
      if (move || (data.ok && waiting.type === "load")) waiting.resolve({ move, ms: Number(data.ms) || 0 });
      else if (data.ok) waiting.reject(new BotFailure({ kind: "answer", message: "Your bot's move must be {card, x, y, rotation}, small integers" }));
      else {
        const failure = new BotFailure(data.error ?? {});
        failure.afterMs = performance.now() - waiting.sent;
        waiting.reject(failure);
      }
    }
  }
}

/**
 * The sandbox document's own Content-Security-Policy (a <meta>, so it holds on a host that
 * sends no headers too; under the site's headers both apply): only the runner's inline
 * script (by its SHA-256), blob: scripts and workers (the bot's worker and Pyodide's two
 * scripts), WebAssembly, no connection of any kind, and Trusted Types with the runner's
 * policy ("destijl") and the worker's "default" only. Without WebCrypto (a page not served
 * over https or from localhost) the runner is allowed as the document's one inline script.
 */
export async function sandboxPolicy(runner) {
  let script = "'unsafe-inline'";
  if (globalThis.crypto?.subtle) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(runner));
    script = `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
  }
  return [
    "default-src 'none'",
    `script-src ${script} blob: 'wasm-unsafe-eval'`,
    "worker-src blob:",
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "require-trusted-types-for 'script'",
    "trusted-types destijl default",
  ].join("; ");
}

/** An invisible iframe, out of the tab order and the accessibility tree. */
function hiddenFrame(className, title) {
  const frame = document.createElement("iframe");
  frame.className = className;
  frame.title = title;
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  return frame;
}
