// The controller: the only part of the page that talks to the engine. It turns intents
// into engine commands and transitions. It decides no rule: the engine does.
// Each concern has its module:
//   control/loading.js   start-up, Retry;  control/recover.js  engine progress, failure, recovery
//   control/saves.js     the saved games, restore at load, the yes before a game is replaced
//   control/files.js     export and import of record files (control/export.js, control/import.js)
//   control/games.js     Start game, Rematch, placing a card, Undo
//   control/moves.js     a move played in the table's mode, then shown, saved, rated
//   control/bots.js      the bots' turns, one visible move at a time
//   control/table.js     the table's generation: stale work cancelled when the game changes
//   replay/control.js    the replay viewer
//   control/share.js     share links;  control/links.js  a game link opened in this tab
//   control/settings.js  the Settings panel;  control/access.js  keyboard placing and exploring
//   teach/control.js     preview, Hint, the Moves/Points panel, Rules, the guided first game
//   review/control.js    "Review this game";  rating/control.js  your rating
//   daily/control.js     Today's Painting (its play, daily/play.js, loads later)
//   friends/control.js   friend games (loaded later);  opening/control.js  the first move early
//   control/mode-parts.js  the modes' parts by name, asked for by the table's mode (mode.js:
//                        `plays`, `endedBy`, `rematchBy`): moves and games are handed no mode's part
// This file wires them: each part is made once, in the order below, from the parts made
// before it (named, never a shared context: the wiring is one-way, and tests/web/
// test_layers.py checks that no part is handed one made after it), and routes each intent
// to one of them through the route tables at its end.
import { humanTurn } from "./queries.js";
import { modeOf } from "./modes.js";
import { botNames } from "./lab/keep.js";
import { loadPrefs, writePrefs } from "./prefs.js";
import * as T from "./transitions.js";
import { createBots } from "./control/bots.js";
import { createGames } from "./control/games.js";
import { createLoading } from "./control/loading.js";
import { createMoves } from "./control/moves.js";
import { createReplay } from "./replay/control.js";
import { createSaves } from "./control/saves.js";
import { createFiles } from "./control/files.js";
import { createShare } from "./control/share.js";
import { createTable } from "./control/table.js";
import { createReview } from "./review/control.js";
import { createRating } from "./rating/control.js";
import { createSettings } from "./control/settings.js";
import { createAccess } from "./control/access.js";
import { createTeach } from "./teach/control.js";
import { listFriends, loadFriend } from "./friends/store.js";
import { createLinks } from "./control/links.js";
import { createDaily } from "./daily/control.js";
import { createOpening } from "./opening/control.js";
import { createModeParts } from "./control/mode-parts.js";
import { deferred } from "./lazy.js";

export { reason } from "./control/narration.js";

/**
 * The controller: `boot(options)` starts the page, `dispatch(intent)` handles one intent.
 * @param {{engine, store, mode: "full"|"embed", pwa?, parts, location?}} page what app.js
 *   made: the engine (engine.js), the store (state.js), the page's mode, the service worker's
 *   updates, the parts loaded later (parts.js) and the address (`window.location`).
 */
export function createController({ engine, store, mode, pwa, parts, location = window.location }) {
  const { get, up, watch } = watched(store);
  const quiet = store.update; // an update no watcher sees: teaching's own state
  const page = { engine, get, up, mode, location };
  const table = createTable({ up });
  const teach = createTeach({ engine, get, up, quiet, mode, parts });
  const rating = createRating({ get, up });
  const settings = createSettings({ get, up, location });
  const daily = createDaily({ engine, get, up, table });
  const saves = createSaves({ engine, get, up, mode, table });
  const friendList = { refresh: () => up((s) => ({ ...s, friendSaves: listFriends() })) }; // at once, for the start screen
  const modeParts = createModeParts(); // each mode's part added as it is made, looked up by the table's mode
  const moves = createMoves({ engine, get, up, saves, rating, modeParts });
  const bots = createBots({ engine, get, up, table, moves });
  const replay = createReplay({ engine, get, up, table, bots });
  const opening = createOpening({ engine, get, up, table, saves, moves, bots });
  const friends = modeParts.add("friends", deferred(parts.friends, (m) => m.createFriends({ ...page, friendList, table, bots })));
  const games = modeParts.add("games", createGames({ engine, get, up, table, saves, moves, bots, opening, friends, rating, modeParts }));
  const dailyPlay = modeParts.add("daily", deferred(parts.daily, (m) => m.createDailyPlay({ ...page, daily, table, saves, bots, games })));
  const access = createAccess({ get, up, games });
  const share = createShare({ engine, get, up, mode, location });
  const review = createReview({ engine, get, up });
  const links = createLinks({ engine, get, up, location, table, saves, replay, friends, savedFriend: loadFriend });
  const files = createFiles({ engine, get, up, parts, table, saves, bots, daily, dailyPlay, friends });
  const loading = createLoading({ engine, get, up, location, table, opening, saves, games, links, friendList, daily, dailyPlay, bots });
  watch(teach.watch);
  watch(daily.watch); // a scored daily holds its tab lock (daily/control.js)
  settings.init();
  rating.init();
  teach.init();
  up(T.setSavedBots, botNames());
  const handlers = { up, pwa, table, teach, games, bots, replay, access, saves, files, share, links, friends, friendList,
    daily, dailyPlay, modeParts, review, opening, settings, loading, dispatch };
  const form = formRoutes(handlers);
  const routes = { ...tableRoutes(handlers), ...keptRoutes(handlers), ...featureRoutes(handlers), ...pageRoutes(handlers) };

  /** Route one intent (from events.js or the page) to the part that handles it: the form's
   * first, then the teaching aids' (teach/control.js), then the rest. */
  function dispatch(intent) {
    if (form[intent.type]) return void form[intent.type](intent);
    if (teach.dispatch(intent)) return;
    const route = routes[intent.type];
    if (route) route(intent, get());
    else console.warn(`unknown intent ${intent.type}`);
  }

  return { boot: loading.boot, dispatch };
}

/**
 * The store, watched: `up` updates it and then calls every watcher with the new state and
 * the one before (null the first time); `watch(fn)` adds a watcher.
 */
function watched(store) {
  const watchers = [];
  let seen = null;
  function up(fn, ...args) {
    const s = store.update(fn, ...args);
    if (s !== seen) {
      const p = seen;
      seen = s;
      for (const w of watchers) w(store.get(), p);
    }
    return store.get();
  }
  return { get: store.get, up, watch: (fn) => void watchers.push(fn) };
}

// -- the routes: an intent's type -> what handles it, (intent, state) => void ----------------

/** The start screen's form: each intent one transition. */
function formRoutes({ up, opening }) {
  return {
    players: (i) => {
      up(T.setPlayers, i.value);
      opening.prefetch(i.value); // the openings of this many players, ahead of Start game
    },
    "seat-name": (i) => up(T.setSeat, i.seat, "name", i.value),
    "seat-controller": (i) => up(T.setSeatController, i.seat, i.value),
    "seat-color": (i) => up(T.setSeatColor, i.seat, i.slot, i.value),
    "opt-rotations": (i) => up(T.setOption, "rotations", i.value),
    "opt-first": (i) => up(T.setOption, "first", i.value),
    "opt-seed": (i) => up(T.setOption, "seed", i.value),
  };
}

/** The game on the table: start, moves, Undo, the Painting's view, the replay viewer. */
function tableRoutes({ up, games, bots, replay, access, modeParts }) {
  return {
    start: (i) => games.start({ confirmed: !!i.confirmed }),
    resume: () => games.resume(),
    rematch: (i, s) => modeParts.of(modeOf(s).rematchBy).rematch(), // the mode's own Rematch
    pick: (i, s) => { if (humanTurn(s) && !s.busy) up(T.pick, i.card); },
    "pick-index": (i, s) => {
      const g = s.view?.gallery?.[i.index - 1];
      if (g && s.screen === "table" && humanTurn(s) && !s.busy) up(T.pick, g.card);
    },
    rotate: (i) => access.rotate(i.step),
    hover: (i) => up(T.hover, i.spot),
    place: (i) => games.place(i.x, i.y),
    "place-at": (i) => games.placeAt(i.x, i.y, i.confirm),
    "place-held": () => access.placeHeld(),
    undo: () => games.undo(),
    highlight: (i) => up(T.toggleHighlight, i.color),
    fit: () => up(T.fit),
    zoom: (i) => up(T.zoomAt, i.from, i.factor, i.cx, i.cy),
    pinch: (i) => up(T.pinchBy, i.from, i.factor, i.cx, i.cy, i.dx, i.dy),
    pan: (i) => up(T.panBy, i.from, i.dx, i.dy),
    explore: (i) => access.explore(i.dx, i.dy, i.home),
    "replay-open": () => replay.open(),
    "replay-step": (i) => replay.step(i.step),
    "replay-to": (i) => replay.jump(i.to),
    "replay-close": () => replay.close(),
    "bots-retry": () => {
      up(T.dismissError);
      bots.run();
    },
  };
}

/** What is kept: saved games, record files, share links. */
function keptRoutes({ up, table, saves, games, files, share, links, friendList, daily, dispatch }) {
  return {
    "new-game": () => {
      table.cancel();
      saves.refreshList();
      friendList.refresh();
      daily.refresh(); // the date may have changed since the page loaded
      up(T.toStart);
    },
    "dismiss-save-problem": () => up(T.setSaveProblem, null),
    export: () => files.exportRecord(),
    "import-file": (i) => files.importRecord(i.file),
    "import-confirmed": () => files.openImport(),
    "resume-saved": (i) => games.resumeSaved(i.id),
    "export-saved": (i) => files.exportSaved(i.id),
    "delete-saved": (i) => saves.deleteSaved(i.id, !!i.confirmed),
    "make-room": (i) => saves.makeRoomFor(!!i.confirmed),
    "confirm-no": (i, s) => { // the game in progress stays: shown again, when the dialog asks
      files.decline();
      if (s.dialog?.no) dispatch(s.dialog.no);
    },
    share: () => share.open(),
    "copy-link": () => share.copy("deal"),
    "copy-game-link": () => share.copy("game"),
    "link-changed": () => links.changed(),
  };
}

/** The features with a mode or a dialog of their own: review, Today's Painting, friends. */
function featureRoutes({ up, review, dailyPlay, friends, opening }) {
  return {
    review: () => review.open(),
    "review-stop": () => review.stop(),
    "review-move": (i) => review.show(i.ply),
    "review-back": () => review.back(),
    "daily-open": (i) => dailyPlay.open({ confirmed: !!i.confirmed }),
    "daily-practice": (i) => dailyPlay.practice(i.date, { confirmed: !!i.confirmed }),
    "daily-stats": () => dailyPlay.stats(),
    "daily-share": () => dailyPlay.share("share"),
    "daily-copy": () => dailyPlay.share("copy"),
    "daily-export": () => dailyPlay.exportDays(),
    "friend-resume": (i) => friends.resume(i.key),
    "friend-link": (i) => friends.showLink(i.key),
    "friend-remove": (i) => friends.remove(i.key),
    "play-friend": () => up(T.playFriend),
    "friend-copy": () => friends.copy(),
    "friend-share": () => friends.share(),
    "friend-file": () => friends.download(),
    "opening-dismiss": () => opening.dismiss(),
  };
}

/** The page: speed, settings, dialogs, errors, the engine's retry, updates, Escape. */
function pageRoutes({ up, pwa, settings, loading, teach, review, replay, dispatch }) {
  return {
    speed: (i) => {
      up(T.setSpeed, i.value);
      writePrefs({ ...loadPrefs(), speed: i.value });
    },
    "settings-open": () => settings.open(),
    "setting-theme": (i) => settings.set("theme", i.value),
    "setting-colour-blind": (i) => settings.set("colourBlind", !!i.value),
    "setting-keep-finished": (i) => settings.set("keepFinished", i.value),
    "saved-bots-changed": () => up(T.setSavedBots, botNames()),
    "confirm-yes": (i, s) => { if (s.dialog?.yes) dispatch(s.dialog.yes); },
    "close-dialog": () => up(T.closeDialog),
    retry: () => loading.retry(),
    "dismiss-error": () => up(T.dismissError),
    "update-ready": () => up(T.updateReady, true),
    "apply-update": () => pwa?.applyUpdate(),
    "dismiss-update": () => up(T.updateReady, false),
    escape: (i, s) => {
      if (teach.escape() || review.escape()) return;
      if (s.dialog) up(T.closeDialog);
      else if (s.error) up(T.dismissError);
      else if (s.held !== null) up(T.pick, s.held);
      else replay.escape();
    },
  };
}
