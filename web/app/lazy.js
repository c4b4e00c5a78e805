// Loading a part of the app later: a dynamic import() made at most once, asked for by
// whoever needs the part first (or once the browser is idle), with what was asked of the
// part before it arrived kept in order and done when it is there. Which parts load later
// is app/parts.js.

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

/**
 * A controller part whose module loads later: an object on which any method runs the part's
 * method of that name (the part made once by `make(module)`) at once if the module is there,
 * else once it is, in the order called, and returns a promise of its result. No list of the
 * method names to keep: the part's own methods are the ones there are.
 * @param {ReturnType<typeof later>} part
 * @param {(module: any) => object} make
 */
export function deferred(part, make) {
  let made = null;
  const run = (name, args) => part.when((module) => (made ??= make(module))[name](...args));
  // "then" is no method: the object must not pass for a promise when awaited or resolved
  return new Proxy({}, { get: (_, name) => (typeof name === "string" && name !== "then" ? (...args) => run(name, args) : undefined) });
}
