// What every part of the controller shares: the engine, the store, the page mode, and a
// generation counter that cancels the bot loop and stale replies when the game changes.

/**
 * @param {{engine, store, mode: "full"|"embed", pwa?, location?}} deps
 * @returns the shared context; `ctx.cancel()` starts a new generation, `ctx.stale(g)` says
 *   whether work begun in generation `g` has been overtaken (new game, undo, replay, ...).
 */
export function createContext({ engine, store, mode, pwa, parts, location = window.location }) {
  const ctx = {
    engine,
    get: store.get,
    up: store.update,
    mode, // "full" or "embed"
    pwa,
    parts, // the parts loaded later (app/parts.js): ctx.parts.friends, .daily, .art
    location,
    gen: 0, // bumped to cancel the bot loop (new game, undo, replay, new screen)
    cancel: () => ++ctx.gen,
    stale: (g) => g !== ctx.gen,
  };
  return ctx;
}
