// The bot host (lab.html?host=bots, in a hidden frame): how the game page's "My bot"
// (control/mybot.js) runs a person's bot without its own policy allowing the sandbox.
//
// The sandbox (sandbox.js) is a blob: document with the runner inline and a blob: worker,
// and such a document takes its Content-Security-Policy from the page that makes it: that
// page's policy must allow blob: scripts, workers and frames and the runner's hash. Only the
// Lab's pages have that policy (build_scripts/netlify_headers.py); the game and the embed
// keep the strict one, frame this Lab page (same origin, served offline by the service
// worker like the Lab) and ask it, by postMessage, to make the sandbox and relay:
//   in (from the parent page only):  the runner's requests {type: "load" | "choose" | "end" | "stop", id, lane, ...}
//   out (to the parent page only):   {type: "hello"} once, {type: "status", text},
//        {type: "reply", id, ok, move?, ms?, error?: {kind, message, line, trace}}
// which is the runner's own protocol (web/botrunner/runner.js), so BotSandbox({viaHost})
// talks to this frame as BotSandbox talks to the runner.

import { BotSandbox } from "./sandbox.js";

/** Is this page the game page's bot host (sandbox.js HOST_PAGE, framed)? */
export function isBotHost() {
  return new URLSearchParams(location.search).get("host") === "bots" && window.parent !== window;
}

/** Relay the parent page's requests to one sandbox. The Lab's own page does not start in a host. */
export function hostBots() {
  const box = new BotSandbox();
  const send = (message) => window.parent.postMessage(message, location.origin);
  box.onstatus = (text) => send({ type: "status", text });
  window.addEventListener("message", async ({ source, origin, data }) => {
    if (source !== window.parent || origin !== location.origin || !data || typeof data !== "object") return;
    if (data.type === "stop" || data.type === "end") {
      box.stop();
      return;
    }
    const lane = Number.isInteger(data.lane) ? data.lane : 0;
    try {
      if (data.type === "load") {
        await box.load(String(data.code), data.limitMs, lane);
        send({ type: "reply", id: data.id, ok: true });
      } else if (data.type === "choose") {
        const { move, ms } = await box.choose(data.state, data.seed, data.ply, data.limitMs, lane);
        send({ type: "reply", id: data.id, ok: true, move, ms });
      }
    } catch (error) {
      const { kind = "crash", message, line = null, trace = "" } = error;
      send({ type: "reply", id: data.id, ok: false, error: { kind, message: String(message), line, trace } });
    }
  });
  document.documentElement.dataset.lab = "host";
  send({ type: "hello" });
}
