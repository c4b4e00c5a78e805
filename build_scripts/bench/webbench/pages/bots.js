// Times engine.call("bot_move") through the real engine.js and worker.js.
import { Engine } from "../engine.js";
const engine = new Engine();
window.bench = {
  ready: engine.ready.then(() => true),
  async botMove(record, level, timeMs) {
    const args = { record, level };
    if (timeMs) args.time_ms = timeMs;
    const start = performance.now();
    await engine.call("bot_move", args);
    const end = performance.now();
    const longest = Math.max(0, ...window.__bench.longtasks
      .filter(([at, d]) => at + d >= start && at <= end).map(([, d]) => d));
    return { ms: end - start, longest };
  },
};
