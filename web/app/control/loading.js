// Loading: the engine's progress and failure, the page's start-up (preferences, link,
// saved game), and Retry after a failed load.

import { readParams, withoutSetup } from "../params.js";
import { loadPrefs } from "../storage.js";
import * as T from "../transitions.js";

const STAGES = { download: "downloading Python", start: "starting Python", engine: "loading the rules" };

export function createLoading(ctx) {
  const { engine, get, up } = ctx;

  /** Follow the engine's start-up into the state; resolves true once it is ready. */
  function watchEngine() {
    engine.onprogress = ({ stage, fraction, received, total }) =>
      up(T.engineProgress, STAGES[stage] || stage, fraction, received, total);
    return engine.ready.then(
      () => { up(T.engineReady); return true; },
      (error) => { up(T.engineFailed, error.message); return false; });
  }

  /** Apply preferences and the link, restore the saved game, autostart if asked. */
  async function boot() {
    const prefs = loadPrefs();
    if (prefs.speed) up(T.setSpeed, prefs.speed);
    if (prefs.setup?.seats?.length >= 2) up(T.setSetup, { ...get().setup, ...prefs.setup, seed: "" });
    const link = readParams(ctx.location.search);
    if (link.speed) up(T.setSpeed, link.speed);
    if (link.theme) document.documentElement.dataset.theme = link.theme;
    if (link.setup) {
      up(T.setSetup, link.setup);
      const seats = link.setup.seats.length;
      link.notes.unshift(`Set up from the link: ${seats} players${link.setup.seed ? `, seed ${link.setup.seed}` : ""}. Press Start game to play.`);
      const { pathname, search, hash } = ctx.location;
      try { history.replaceState(null, "", pathname + withoutSetup(search) + hash); } catch { /* file: or sandboxed */ }
    }
    if (link.notes.length) up(T.setNotices, link.notes);
    const saved = ctx.saves.load();
    if (saved) up(T.setRestoring, true);
    const ok = await watchEngine();
    if (saved && ok) await ctx.saves.restore(saved, !link.setup);
    up(T.setRestoring, false);
    if (link.autostart && ok) await ctx.games.start();
  }

  /** The Retry button: a fresh worker, then the bots carry on if a game is on the table. */
  async function retry() {
    up(T.engineProgress, "", 0);
    engine.restart().catch(() => {});
    const ok = await watchEngine();
    if (ok && get().screen === "table") ctx.bots.run();
  }

  return { boot, retry, watchEngine };
}
