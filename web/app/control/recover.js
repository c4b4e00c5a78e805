// The engine's start-up followed into the state (its progress and failure), and recovery
// when a ready engine dies or stops answering (engine.js `onlost`): the game on the table
// put back from its record once a new engine is ready, and the bots go on. What start-up
// could not restore while the engine was down waits here (`pending`) for Retry.

import { clip } from "../quote.js";
import * as T from "../transitions.js";
import { lost } from "./narration.js";

const STAGES = { download: "downloading Python", start: "starting Python", engine: "loading the rules",
  restart: "restarting" };

/**
 * @param deps `engine`, the store's `get`/`up`, `table` (`cancel()`) and `bots` (`run()`).
 * @returns {{watchEngine, recover, pending, setPending, takePending}}
 */
export function createRecovery(deps) {
  const { get, up } = deps;
  let pendingRestore = null; // this tab's save, when the engine failed before it was restored
  let recovering = false;

  const watchEngine = () => watch(deps, recover);

  /**
   * A ready engine died or missed a deadline; engine.js already started a new worker.
   * Say so briefly, and once it is ready, put the game back from its last save and let
   * a bot whose turn it was ask again.
   */
  async function recover(message) {
    console.warn(`De Stijl: ${message}; the engine was restarted.`);
    deps.table.cancel();
    up(T.engineProgress, STAGES.restart, 0);
    up(T.refused, "The game engine stopped answering, so it is being restarted. Your game carries on from its last save.");
    if (recovering) return;
    recovering = true;
    try {
      const ok = await watchEngine();
      if (!ok) {
        const id = get().gameId;
        if (id) pendingRestore = { id, save: { record: get().view?.record, moves: get().view?.record?.moves?.length ?? 0, savedAt: new Date().toISOString() } };
        return;
      }
      await putBack(deps);
    } catch (error) {
      if (!lost(error)) up(T.refused, `The game could not be put back: ${clip(error.message)}`);
    } finally {
      recovering = false;
    }
  }

  return { watchEngine, recover, pending: () => pendingRestore, setPending: (saved) => { pendingRestore = saved; },
    takePending: () => {
      const saved = pendingRestore;
      pendingRestore = null;
      return saved;
    } };
}

/** A new engine is ready after a loss: the game on the table from its record, the bots go on. */
async function putBack({ engine, get, up, bots }) {
  const record = get().view?.record;
  if (record) {
    const view = await engine.call("view", { record });
    up((s) => ({ ...s, view, replay: null, busy: false, thinking: null, held: null, hover: null, stalled: false }));
  }
  if (get().error?.startsWith("The game engine stopped")) up(T.dismissError);
  up(T.announce, `The game engine is back${get().screen === "table" ? ": your game carries on" : ""}.`);
  if (get().screen === "table") bots.run();
}

/** Follow the engine's start-up into the state (a loss goes to `onlost`); resolves true once ready. */
function watch({ engine, up }, onlost) {
  engine.onprogress = ({ stage, fraction, received, total }) =>
    up(T.engineProgress, STAGES[stage] || stage, fraction, received, total);
  engine.onlost = (message) => onlost(message);
  const ready = engine.ready;
  return ready.then(
    () => { if (ready === engine.ready) up(T.engineReady); return true; },
    (error) => { if (ready === engine.ready) up(T.engineFailed, clip(error.message, 200)); return false; });
}
