// Loading: the page's start-up (preferences, link, this tab's saved game) and Retry after a
// failed load (it resumes the saved game); the engine's progress and failure, and recovery
// when a ready engine dies or stops answering, are control/recover.js.

import { clip } from "../quote.js";
import { readParams, withoutSetup } from "../params.js";
import { readPrefs, writePrefs } from "../prefs.js";
import * as T from "../transitions.js";
import { createRecovery } from "./recover.js";

/**
 * @param deps `engine`, the store's `get`/`up`, the page's `location`, and what start-up
 *   and recovery set going: `table`, `opening`, `saves`, `games` (`start`, `restore`),
 *   `links`, `friendList`, `daily`, `dailyPlay`, `bots`.
 */
export function createLoading(deps) {
  const { engine, get, up, opening, saves, games, links, daily, bots } = deps;
  const recovery = createRecovery(deps);
  const { watchEngine } = recovery;

  /**
   * Apply preferences and the link, restore this tab's game, autostart if asked. `play`: the
   * embed's Start game was pressed: a game without a seed is dealt at once, from an opening
   * while the engine loads (opening/), instead of once the engine is ready.
   */
  async function boot({ autostart = false, play = false } = {}) {
    applyPrefs(deps);
    const link = readParams(deps.location.search);
    const problems = [...link.notes]; // what the link asked that could not be used
    applyLink(deps, link);
    // Start game can show an opening at once (autostart waits for the engine: none needed)
    if (!link.autostart && !autostart) opening.prefetch(get().setup.seats.length);
    const saved = saves.load();
    if (saved) up(T.setRestoring, true);
    const game = links.announce(); // a game link (#g=...): its screen now; opened over the saved game (kept) once ready
    const early = play && !saved && game === null && !link.daily && dealtAtOnce(get().setup)
      ? Promise.resolve(games.start({ confirmed: true })).then(() => problems.length && up(T.refused, linkProblems(problems)))
      : null;
    const ok = await watchEngine();
    if (saved && ok) await games.restore(saved, !link.setup && !link.daily && game === null);
    else if (saved) recovery.setPending(saved);
    up(T.setRestoring, false);
    deps.friendList.refresh();
    if (ok) daily.refresh();
    if (ok && game !== null) return void await links.open(game); // a friend game's link too
    if (ok && link.daily) return void await deps.dailyPlay.open();
    if ((link.autostart || autostart) && ok && !early) startAtOnce(deps, link, problems);
  }

  /** The Retry button: a fresh worker, then this tab's saved game, or the bots carry on. */
  async function retry() {
    up(T.engineProgress, "", 0);
    engine.restart().catch(() => {});
    const ok = await watchEngine();
    if (!ok) return;
    opening.retried(); // an opening on the table: the new engine deals it and takes the queued move
    if (get().invite && links.pending() !== null) await links.open(links.pending()); // the link's screen
    else if (recovery.pending()) {
      await games.restore(recovery.takePending(), get().screen === "start" || !get().view);
    } else if (get().screen === "table") bots.run();
  }

  return { boot, retry, recover: recovery.recover };
}

/** Preferences, with a notice when some could not be read (they are dropped for good). */
function applyPrefs({ get, up }) {
  const { prefs, dropped } = readPrefs();
  if (dropped.length) {
    writePrefs(prefs);
    up(T.setNotices, [...get().notices, `Some saved preferences could not be read and were reset (${dropped.join(", ")}).`]);
  }
  if (prefs.speed) up(T.setSpeed, prefs.speed);
  if (prefs.setup) up(T.setSetup, { ...get().setup, ...prefs.setup, seed: "" });
}

/** The link's display options and set-up (taken off the address bar), its notes shown. */
function applyLink({ get, up, location }, link) {
  if (link.speed) up(T.setSpeed, link.speed);
  if (link.theme) document.documentElement.dataset.theme = link.theme;
  if (link.setup) {
    up(T.setSetup, link.setup);
    const seats = link.setup.seats.length;
    link.notes.unshift(`Set up from the link: ${seats} players${link.setup.seed ? `, seed ${link.setup.seed}` : ""}. Press Start game to play.`);
    const { pathname, search, hash } = location;
    try { history.replaceState(null, "", pathname + withoutSetup(search) + hash); } catch { /* file: or sandboxed */ }
  }
  if (link.notes.length) up(T.setNotices, [...get().notices, ...link.notes]);
}

/** autostart: the start screen is skipped; what the link could not use is said on the table. */
function startAtOnce({ up, saves, games }, link, problems) {
  const told = () => problems.length && up(T.refused, linkProblems(problems));
  const asked = saves.confirmReplace({ title: link.autostart ? "Start the link's game?" : "Start a new game?", yesLabel: "Start the new game",
    yes: { type: "start", confirmed: true }, no: { type: "resume" } }, () => games.start({ confirmed: true }).then(told));
  if (asked === undefined) told();
}

/** One toast for the notes about a link whose game started at once (autostart=1). */
function linkProblems(notes) {
  const more = notes.length > 3 ? ` …and ${notes.length - 3} more.` : "";
  return clip(`Not all of the link could be used: ${notes.slice(0, 3).join(" ")}${more}`, 600);
}

/** The embed's Start game deals a game at once (an opening while the engine loads): no seed, no Friend. */
function dealtAtOnce({ seed, seats }) {
  return !seed && !seats.some((s) => s.controller === "friend");
}
