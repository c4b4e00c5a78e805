// Runs in every measured page before its own scripts (an init script): the figures the
// page keeps in window.__bench.
(() => {
  const b = window.__bench = { longtasks: [], cls: 0, fcp: null, gallery: null, ready: null,
    workers: 0, wasm: 0, play: null, engineReady: null,
    placed: null };
  const watch = (type, fn) => { try { new PerformanceObserver((l) => l.getEntries().forEach(fn))
    .observe({ type, buffered: true }); } catch (e) { /* not supported */ } };
  watch("longtask", (e) => b.longtasks.push([e.startTime, e.duration]));
  watch("layout-shift", (e) => { if (!e.hadRecentInput) b.cls += e.value; });
  watch("paint", (e) => { if (e.name === "first-contentful-paint") b.fcp = e.startTime; });
  const RealWorker = window.Worker;
  // The engine worker's own words (web/worker.js): when Python and the engine were ready,
  // and when the engine first accepted a "play" (the human's first placement: web/engine.js
  // posts {id, cmd, json} and the worker answers {id, ok}), whenever the page sent it.
  const plays = new Set();
  const heard = ({ data }) => {
    if (data && data.type === "ready" && b.engineReady === null) b.engineReady = performance.now();
    if (data && plays.has(data.id) && data.ok && b.placed === null) b.placed = performance.now();
  };
  if (RealWorker) window.Worker = class extends RealWorker {
    constructor(...args) {
      b.workers++;
      super(...args);
      this.addEventListener("message", heard);
    }
    postMessage(message, ...rest) {
      if (message && message.cmd === "play") plays.add(message.id);
      return super.postMessage(message, ...rest);
    } };
  for (const k of ["compile", "instantiate", "compileStreaming", "instantiateStreaming"]) {
    const f = WebAssembly[k];
    if (f) WebAssembly[k] = function (...args) { b.wasm++; return f.apply(this, args); };
  }
  const check = () => {
    if (b.gallery !== null || !document.querySelector(".gcard:not([disabled])")) return;
    b.gallery = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true,
    attributes: true, attributeFilter: ["disabled"] });
  addEventListener("click", (e) => {
    const play = e.target.closest && e.target.closest("#btn-play");
    if (b.play === null && play) b.play = performance.now();
  }, true);
})();
