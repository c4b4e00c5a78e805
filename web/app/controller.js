// The controller: the only part of the page that talks to the engine. It turns intents
// into engine commands and transitions. It decides no rule: the engine does.
// Each concern has its module:
//   control/loading.js   start-up, engine progress and failure, Retry
//   control/saves.js     the saved games, restore at load, the yes before a game is replaced
//   control/files.js     export and import of record files
//   control/games.js     Start game, Rematch, placing a card, Undo
//   control/bots.js      the bots' turns, one visible move at a time
//   control/replay.js    the replay viewer
//   control/share.js     share links;  control/links.js  a game link opened in this tab
//   control/settings.js  the Settings panel;  control/access.js  keyboard placing and exploring
//   teach/control.js     preview, Hint, the Moves/Points panel, Rules, the guided first game
//   review/control.js    "Review this game";  rating/control.js  your rating
//   daily/control.js     Today's Painting (its play, daily/play.js, loads later)
//   friends/control.js   friend games (loaded later);  opening/control.js  the first move early
// This file wires them (one shared context, control/context.js) and routes each intent to
// one of them through the route tables at its end.
import { humanTurn } from "./queries.js";
import { botNames } from "./lab/keep.js";
import { loadPrefs, writePrefs } from "./storage.js";
import * as T from "./transitions.js";
import { createBots } from "./control/bots.js";
import { createContext } from "./control/context.js";
import { createGames } from "./control/games.js";
import { createLoading } from "./control/loading.js";
import { turnText } from "./control/narration.js";
import { createReplay } from "./control/replay.js";
import { createSaves } from "./control/saves.js";
import { createFiles } from "./control/files.js";
import { createShare } from "./control/share.js";
import { createReview } from "./review/control.js";
import { createRating } from "./rating/control.js";
import { createSettings } from "./control/settings.js";
import { createAccess } from "./control/access.js";
import { createTeach } from "./teach/control.js";
import { listFriends } from "./friends/store.js";
import { createLinks } from "./control/links.js";
import { createDaily } from "./daily/control.js";
import { createOpening } from "./opening/control.js";
import { deferred } from "./lazy.js";

export { reason } from "./control/narration.js";

export function createController(deps) {
  const ctx = createContext(deps);
  ctx.teach = createTeach(ctx); // first: it wraps ctx.up to watch the state
  ctx.loading = createLoading(ctx);
  ctx.saves = createSaves(ctx);
  ctx.files = createFiles(ctx);
  ctx.games = createGames(ctx);
  ctx.bots = createBots(ctx);
  ctx.replay = createReplay(ctx);
  ctx.share = createShare(ctx);
  ctx.review = createReview(ctx);
  ctx.rating = createRating(ctx);
  ctx.links = createLinks(ctx);
  ctx.daily = createDaily(ctx);
  ctx.settings = createSettings(ctx);
  ctx.access = createAccess(ctx);
  ctx.friends = { // friend games load later (app/parts.js); the start screen's list at once
    refreshList: () => ctx.up((s) => ({ ...s, friendSaves: listFriends() })),
    ...deferred(ctx.parts.friends, (m) => m.createFriends(ctx),
      ["start", "play", "openRecord", "resume", "copy", "share", "download", "showLink", "remove"]),
  };
  ctx.opening = createOpening(ctx);
  ctx.settings.init();
  ctx.rating.init();
  ctx.teach.init();
  ctx.up(T.setSavedBots, botNames());
  const form = formRoutes(ctx);
  const routes = { ...tableRoutes(ctx), ...keptRoutes(ctx), ...featureRoutes(ctx), ...pageRoutes(ctx) };

  /** Route one intent (from events.js or the page) to the part that handles it: the form's
   * first, then the teaching aids' (teach/control.js), then the rest. */
  function dispatch(intent) {
    if (form[intent.type]) return void form[intent.type](intent);
    if (ctx.teach.dispatch(intent)) return;
    const route = routes[intent.type];
    if (route) route(intent, ctx.get());
    else console.warn(`unknown intent ${intent.type}`);
  }

  ctx.dispatch = dispatch;
  return { boot: ctx.loading.boot, dispatch };
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
function tableRoutes(ctx) {
  const { up, games, bots, replay, access } = ctx;
  return {
    start: (i) => games.start({ confirmed: !!i.confirmed }),
    resume: () => {
      up((st) => ({ ...st, screen: "table", error: null }));
      up(T.announce, turnText(ctx.get().view, ctx.get().friend?.seat ?? null));
      bots.run();
    },
    rematch: () => games.rematch(),
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
function keptRoutes({ up, saves, files, share, links, friends, daily, cancel }) {
  return {
    "new-game": () => {
      cancel();
      saves.refreshList();
      friends.refreshList();
      daily.refresh(); // the date may have changed since the page loaded
      up(T.toStart);
    },
    "dismiss-save-problem": () => up(T.setSaveProblem, null),
    export: () => files.exportRecord(),
    "import-file": (i) => files.importRecord(i.file),
    "import-confirmed": () => files.openImport(),
    "resume-saved": (i) => saves.resumeSaved(i.id),
    "export-saved": (i) => files.exportSaved(i.id),
    "delete-saved": (i) => saves.deleteSaved(i.id, !!i.confirmed),
    "make-room": (i) => saves.makeRoomFor(!!i.confirmed),
    "confirm-no": (i, s) => files.decline(s.dialog?.no),
    share: () => share.open(),
    "copy-link": () => share.copy("deal"),
    "copy-game-link": () => share.copy("game"),
    "link-changed": () => links.changed(),
  };
}

/** The features with a mode or a dialog of their own: review, Today's Painting, friends. */
function featureRoutes({ up, review, daily, friends, opening }) {
  return {
    review: () => review.open(),
    "review-stop": () => review.stop(),
    "review-move": (i) => review.show(i.ply),
    "review-back": () => review.back(),
    "daily-open": (i) => daily.open({ confirmed: !!i.confirmed }),
    "daily-practice": (i) => daily.practice(i.date, { confirmed: !!i.confirmed }),
    "daily-stats": () => daily.stats(),
    "daily-share": () => daily.share("share"),
    "daily-copy": () => daily.share("copy"),
    "daily-export": () => daily.exportDays(),
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
function pageRoutes(ctx) {
  const { up, settings, loading } = ctx;
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
    "confirm-yes": (i, s) => { if (s.dialog?.yes) ctx.dispatch(s.dialog.yes); },
    "close-dialog": () => up(T.closeDialog),
    retry: () => loading.retry(),
    "dismiss-error": () => up(T.dismissError),
    "update-ready": () => up(T.updateReady, true),
    "apply-update": () => ctx.pwa?.applyUpdate(),
    "dismiss-update": () => up(T.updateReady, false),
    escape: (i, s) => {
      if (ctx.teach.escape()) return;
      if (s.dialog?.kind === "review" && s.dialog.detail) ctx.review.back();
      else if (s.dialog) up(T.closeDialog);
      else if (s.error) up(T.dismissError);
      else if (s.held !== null) up(T.pick, s.held);
      else if (s.replay) ctx.replay.close();
    },
  };
}
