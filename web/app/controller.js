// The controller: the only module that talks to the engine. It turns intents into engine
// commands, applies the replies through transitions, runs the bots one visible move at a
// time, and saves the game after every move. It decides no rule: the engine does.

import { humanTurn, undoSeat } from "./selectors.js";
import { readParams, shareParams, withoutSetup } from "./params.js";
import { clearSave, loadPrefs, loadSave, writePrefs, writeSave } from "./storage.js";
import * as T from "./transitions.js";
import { winnerText } from "./render-end.js";
import { isBot, moveText } from "./words.js";

// The longest a searching bot (hard) may think per move, so a person never waits long.
const BOT_THINK_MS = 1200;

/** Bot pacing in ms: a minimum thinking time, then a pause to watch the card land. */
const SPEEDS = { slow: { think: 1100, after: 1000 }, normal: { think: 500, after: 550 }, fast: { think: 0, after: 60 } };
const STAGES = { download: "downloading Python", start: "starting Python", engine: "loading the rules" };

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A readable sentence from an engine error (drops the compact move prefix "17@3,-1r0: "). */
export function reason(error) {
  const text = String(error?.message || error || "unknown error");
  return text.replace(/^\d+@-?\d+,-?\d+r\d+:\s*/, "");
}

export function createController({ engine, store, mode, pwa, location = window.location }) {
  const get = store.get;
  const up = store.update;
  let gen = 0; // bumped to cancel the bot loop (new game, undo, replay, new screen)
  let botsRunning = false;
  const replayCache = new Map(); // ply -> view of the game being replayed

  // -- loading ------------------------------------------------------------------------------
  function watchEngine() {
    engine.onprogress = ({ stage, fraction }) => up(T.engineProgress, STAGES[stage] || stage, fraction);
    return engine.ready.then(
      () => { up(T.engineReady); return true; },
      (error) => { up(T.engineFailed, error.message); return false; });
  }

  async function boot() {
    const prefs = loadPrefs();
    if (prefs.speed) up(T.setSpeed, prefs.speed);
    if (prefs.setup?.seats?.length >= 2) up(T.setSetup, { ...get().setup, ...prefs.setup, seed: "" });
    const link = readParams(location.search);
    if (link.speed) up(T.setSpeed, link.speed);
    if (link.theme) document.documentElement.dataset.theme = link.theme;
    if (link.setup) {
      up(T.setSetup, link.setup);
      const seats = link.setup.seats.length;
      link.notes.unshift(`Set up from the link: ${seats} players${link.setup.seed ? `, seed ${link.setup.seed}` : ""}. Press Start game to play.`);
      try { history.replaceState(null, "", location.pathname + withoutSetup(location.search) + location.hash); } catch { /* file: or sandboxed */ }
    }
    if (link.notes.length) up(T.setNotices, link.notes);
    const saved = loadSave(mode);
    if (saved) up(T.setRestoring, true);
    const ok = await watchEngine();
    if (saved && ok) await restore(saved, !link.setup);
    up(T.setRestoring, false);
    if (link.autostart && ok) await start();
  }

  async function restore(saved, show) {
    let problem = saved.error;
    if (!problem) {
      try {
        const view = await engine.call("view", { record: saved.record });
        if (show) {
          up(T.gameLoaded, view, `Your saved game is back: ${turnText(view)}`);
          runBots();
        } else {
          up((s) => ({ ...s, view }));
        }
        return;
      } catch (error) {
        problem = `${error.type === "BadRecord" ? "the engine could not replay it" : "the engine refused it"}: ${error.message}`;
      }
    }
    clearSave(mode);
    up(T.setNotices, [...get().notices,
      `Your saved game could not be restored, so it was cleared and a fresh game is ready. Reason: ${problem}`]);
  }

  async function retry() {
    up(T.engineProgress, "", 0);
    engine.restart().catch(() => {});
    const ok = await watchEngine();
    if (ok && get().screen === "table") runBots();
  }

  // -- starting games -----------------------------------------------------------------------
  function seedValue(text) {
    const t = String(text || "").trim();
    if (!t) return undefined;
    return /^-?\d+$/.test(t) ? Number(t) : t; // anything else: the engine explains
  }

  async function newGame(args, remember) {
    if (get().busy) return;
    up(T.busy, true);
    up(T.dismissError);
    const ok = get().engine.status === "ready" || await engine.ready.then(() => true, () => false);
    if (!ok) return up(T.refused, "The game engine is not loaded. Press Retry at the top of the page.");
    try {
      const view = await engine.call("new_game", args);
      gen++;
      replayCache.clear();
      up(T.gameLoaded, view, `New game: ${view.seats.length} players, ${view.rounds} rounds. ${turnText(view)}`);
      writeSave(mode, view.record);
      if (remember) writePrefs({ ...loadPrefs(), setup: remember });
      runBots();
    } catch (error) {
      up(T.refused, `The game could not start: ${reason(error)}`);
    }
  }

  function start() {
    const { setup } = get();
    const args = {
      players: setup.seats.length,
      rotations: setup.rotations,
      first_player: setup.first,
      seats: setup.seats.map(({ name, colors, controller }) => ({ name: name.trim(), colors, controller })),
    };
    const seed = seedValue(setup.seed);
    if (seed !== undefined) args.seed = seed;
    return newGame(args, { seats: args.seats, rotations: setup.rotations, first: setup.first });
  }

  function rematch() {
    const r = get().view.record;
    return newGame({ players: r.options.players, rotations: r.options.rotations,
      first_player: r.first_player, seats: r.seats.map(({ name, colors, controller }) => ({ name, colors, controller })) });
  }

  // -- turns --------------------------------------------------------------------------------
  function turnText(view) {
    if (view.is_over) return `The Painting is finished. ${winnerText(view)}`;
    const seat = view.seats[view.current_seat];
    const humans = view.seats.filter((x) => !isBot(x.controller)).length;
    if (isBot(seat.controller)) return `${seat.name} to play.`;
    return humans === 1 ? "Your turn: pick a card from the Gallery." : `${seat.name}'s turn: pick a card from the Gallery.`;
  }

  function coveredBy(view, move) {
    const hit = (view.covers || []).find(([x, y]) => x === move.x && y === move.y);
    return hit ? hit[2] : 0;
  }

  /** What lay under a card's 3 by 3 cells before it was placed: [x, y, letter or null]. */
  function underCard(before, move) {
    const cells = new Map(before.painting.map(([x, y, c]) => [`${x},${y}`, c]));
    const under = [];
    for (let dy = 0; dy < 3; dy++) {
      for (let dx = 0; dx < 3; dx++) {
        under.push([move.x + dx, move.y + dy, cells.get(`${move.x + dx},${move.y + dy}`) || null]);
      }
    }
    return under;
  }

  /** The engine accepted a move: show the new view, animate the card, announce it. */
  function moved(before, view) {
    const move = view.last_move;
    const name = view.seats[move.seat].name;
    const said = `${moveText(name, move, coveredBy(before, move))} ${view.round !== before.round && !view.is_over ? `Round ${view.round}: new cards in the Gallery. ` : ""}${turnText(view)}`;
    up(T.viewChanged, view, { fresh: { ...move, ply: view.ply, under: underCard(before, move) }, announcement: said });
    writeSave(mode, view.record);
  }

  async function place(x, y) {
    const s = get();
    if (!humanTurn(s) || s.busy || s.held === null) return;
    const move = { card: s.held, x, y, rotation: s.rotation };
    const before = s.view;
    const mine = gen;
    up(T.busy, true);
    try {
      const view = await engine.call("play", { record: before.record, move });
      if (mine !== gen) return;
      moved(before, view);
      runBots();
    } catch (error) {
      if (mine !== gen) return;
      up(T.refused, `Card ${move.card} cannot go at column ${x}, row ${y}: ${reason(error)}`);
    }
  }

  function placeAt(x, y, confirm) {
    const s = get();
    if (!humanTurn(s) || s.held === null) return;
    if (confirm && !(s.hover && s.hover[0] === x && s.hover[1] === y)) {
      up(T.hover, [x, y]); // a first tap shows where the card would go; a second places it
      return;
    }
    place(x, y);
  }

  async function runBots() {
    if (botsRunning) return;
    botsRunning = true;
    const mine = gen;
    try {
      for (;;) {
        const s = get();
        const v = s.view;
        if (mine !== gen || s.screen !== "table" || s.replay || !v || v.is_over) return;
        const seat = v.current_seat;
        if (!isBot(v.seats[seat].controller)) return;
        up(T.thinking, seat);
        const pace = SPEEDS[s.speed] || SPEEDS.normal;
        const [{ move }] = await Promise.all([engine.call("bot_move", { record: v.record, time_ms: BOT_THINK_MS }), delay(pace.think)]);
        if (mine !== gen) return;
        const view = await engine.call("play", { record: v.record, move });
        if (mine !== gen) return;
        moved(v, view);
        await delay(SPEEDS[get().speed]?.after ?? pace.after);
      }
    } catch (error) {
      if (mine === gen) up(T.refused, `A bot could not move: ${reason(error)}`, true);
    } finally {
      botsRunning = false;
      if (mine !== gen) setTimeout(runBots, 0); // a newer game or undo may need its bots
    }
  }

  async function undo() {
    const s = get();
    const seat = undoSeat(s.view);
    if (seat === null || s.busy || s.replay) return;
    gen++;
    up(T.busy, true);
    const before = s.view;
    try {
      const view = await engine.call("undo", { record: before.record, seat });
      const taken = before.record.moves.length - view.record.moves.length;
      up(T.viewChanged, view, { announcement: `${before.seats[seat].name} took back the last card${taken > 1 ? ` (${taken} moves undone)` : ""}. ${turnText(view)}` });
      writeSave(mode, view.record);
      runBots();
    } catch (error) {
      up(T.refused, `Undo was refused: ${reason(error)}`);
      runBots();
    }
  }

  // -- replay viewer ------------------------------------------------------------------------
  async function replayTo(ply) {
    const record = get().view?.record;
    if (!record) return;
    const p = Math.max(0, Math.min(record.moves.length, ply));
    try {
      let view = replayCache.get(p);
      if (!view) {
        view = await engine.call("view", { record, ply: p });
        replayCache.set(p, view);
      }
      if (get().view?.record !== record) return;
      const last = view.last_move;
      const prev = replayCache.get(p - 1);
      up(T.replayAt, view);
      up(T.announce, p === 0 ? "Replay: the start of the game." : `Replay, move ${p}: ${moveText(view.seats[last.seat].name, last)}`);
      up((st) => ({ ...st, fresh: last ? { ...last, ply: p, under: prev ? underCard(prev, last) : null } : null }));
    } catch (error) {
      up(T.refused, `The replay stopped: ${reason(error)}`);
    }
  }

  function openReplay() {
    const v = get().view;
    if (!v) return;
    gen++;
    replayCache.clear();
    replayTo(v.is_over ? 0 : v.record.moves.length);
  }

  function closeReplay() {
    up(T.closeReplay);
    up(T.announce, turnText(get().view));
    runBots();
  }

  // -- files and links ----------------------------------------------------------------------
  function exportRecord() {
    const v = get().view;
    if (!v) return;
    const blob = new Blob([`${JSON.stringify(v.record, null, 2)}\n`], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `destijl-${v.record.seed ?? "game"}-move${v.record.moves.length}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    up(T.announce, `Exported the game record as ${a.download}.`);
  }

  async function importRecord(file) {
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch (error) {
      return up(T.refused, `${file.name} is not a game record: it is not valid JSON (${error.message}).`);
    }
    try {
      const view = await engine.call("view", { record });
      gen++;
      replayCache.clear();
      up(T.gameLoaded, view, `Imported ${file.name}: ${view.record.moves.length} moves. ${turnText(view)}`);
      writeSave(mode, view.record);
      runBots();
    } catch (error) {
      up(T.refused, `${file.name} could not be read as a De Stijl game: ${reason(error)}`);
    }
  }

  function shareUrl() {
    const v = get().view;
    const page = mode === "embed" ? "index.html" : location.pathname.split("/").pop() || "";
    const base = new URL(page, location.href);
    base.search = shareParams(v.record);
    return base.href;
  }

  async function copyLink() {
    const d = get().dialog;
    if (!d?.url) return;
    let note = "Copied to the clipboard.";
    try {
      await navigator.clipboard.writeText(d.url);
    } catch {
      note = "Select the link and copy it (Ctrl+C or ⌘C).";
    }
    up(T.openDialog, { ...d, note });
  }

  // -- dispatch -----------------------------------------------------------------------------
  function dispatch(intent) {
    const s = get();
    switch (intent.type) {
      case "start": return void start();
      case "players": return void up(T.setPlayers, intent.value);
      case "seat-name": return void up(T.setSeat, intent.seat, "name", intent.value);
      case "seat-controller": return void up(T.setSeatController, intent.seat, intent.value);
      case "seat-color": return void up(T.setSeatColor, intent.seat, intent.slot, intent.value);
      case "opt-rotations": return void up(T.setOption, "rotations", intent.value);
      case "opt-first": return void up(T.setOption, "first", intent.value);
      case "opt-seed": return void up(T.setOption, "seed", intent.value);
      case "speed":
        up(T.setSpeed, intent.value);
        return void writePrefs({ ...loadPrefs(), speed: intent.value });
      case "resume":
        up((st) => ({ ...st, screen: "table", error: null }));
        up(T.announce, turnText(get().view));
        return void runBots();
      case "new-game":
        gen++;
        return void up(T.toStart);
      case "rematch": return void rematch();
      case "pick":
        if (humanTurn(s) && !s.busy) up(T.pick, intent.card);
        return;
      case "pick-index": {
        const g = s.view?.gallery?.[intent.index - 1];
        if (g && s.screen === "table" && humanTurn(s) && !s.busy) up(T.pick, g.card);
        return;
      }
      case "rotate":
        if (humanTurn(s) && s.held !== null) up(T.rotate, intent.step);
        return;
      case "hover": return void up(T.hover, intent.spot);
      case "place": return void place(intent.x, intent.y);
      case "place-at": return void placeAt(intent.x, intent.y, intent.confirm);
      case "undo": return void undo();
      case "highlight": return void up(T.toggleHighlight, intent.color);
      case "fit": return void up(T.fit);
      case "zoom": return void up(T.zoomAt, intent.from, intent.factor, intent.cx, intent.cy);
      case "pan": return void up(T.panBy, intent.from, intent.dx, intent.dy);
      case "replay-open": return void openReplay();
      case "replay-step": if (s.replay) replayTo(s.replay.ply + intent.step); return;
      case "replay-to": if (s.replay) replayTo(intent.to === "start" ? 0 : s.view.record.moves.length); return;
      case "replay-close": return void closeReplay();
      case "export": return void exportRecord();
      case "import-file": return void importRecord(intent.file);
      case "share":
        if (s.view?.record.seed !== undefined && s.view?.record.seed !== null) up(T.openDialog, { kind: "share", url: shareUrl() });
        return;
      case "copy-link": return void copyLink();
      case "close-dialog": return void up(T.closeDialog);
      case "retry": return void retry();
      case "dismiss-error": return void up(T.dismissError);
      case "bots-retry":
        up(T.dismissError);
        return void runBots();
      case "update-ready": return void up(T.updateReady, true);
      case "apply-update": return void pwa?.applyUpdate();
      case "dismiss-update": return void up(T.updateReady, false);
      case "escape":
        if (s.dialog) up(T.closeDialog);
        else if (s.error) up(T.dismissError);
        else if (s.held !== null) up(T.pick, s.held);
        else if (s.replay) closeReplay();
        return;
      default:
        console.warn(`unknown intent ${intent.type}`);
    }
  }

  return { boot, dispatch };
}
