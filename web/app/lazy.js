// The parts of the app that the start screen does not need, loaded apart from it: each is a
// dynamic import(), so a build gives it a bundle of its own (build_scripts/bundle.py) that
// the page fetches and runs only when the part is first needed, or once the browser is idle
// after the first paint when a click must find it there at once. Every import() of the app
// is here; the rest of the app asks for a part through its `later` object.

/**
 * A part of the app loaded with `load` (a function returning an import()), at most once.
 * - `get()`: the module once it is loaded, else null (never starts a load);
 * - `load()`: a promise of the module (a failed load is tried again on the next call);
 * - `when(fn)`: fn(module) at once if it is loaded, else as soon as it is; what was asked
 *   before the load ends runs in the order it was asked, before any later input. Returns
 *   fn's result as a promise (a failed load rejects it: the app says so in its toast);
 * - `soon()`: load it once the browser is idle after the next paint.
 * @template M
 * @param {() => Promise<M>} load
 */
export function later(load) {
  let module = null;
  let loading = null;
  const part = {
    get: () => module,
    load() {
      loading ??= load().then((m) => (module = m), (error) => {
        loading = null;
        throw error;
      });
      return loading;
    },
    when: (fn) => (module ? Promise.resolve(fn(module)) : part.load().then(fn)),
    soon() {
      if (module || loading) return;
      const idle = window.requestIdleCallback ?? ((fn) => setTimeout(fn, 100));
      requestAnimationFrame(() => idle(() => part.load().catch(() => {}), { timeout: 2000 }));
    },
  };
  return part;
}

/** The table, the Rules panel and the guided tour: render/renderer.js draws them with it. */
export const board = later(() => import("./render/board.js"));
/** Pictures of the finished Painting, and files offered as downloads. */
export const art = later(() => import("./export-art.js"));

/** Fetch every part once the browser is idle after the first paint (app.js calls it once the
 * app has started): a click then finds what it needs already there, also offline. */
export function loadWhenIdle() {
  for (const part of [board, art]) part.soon();
}
