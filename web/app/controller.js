// The controller: the only part of the page that talks to the engine. It turns intents
// into engine commands and transitions. It decides no rule: the engine does.
// Each concern has its module in control/:
//   loading.js  start-up, engine progress and failure, Retry
//   saves.js    the saved games, restore at load, the yes before a game is replaced
//   files.js    export and import of record files
//   games.js    Start game, Rematch, placing a card, Undo
//   bots.js     the bots' turns, one visible move at a time
//   replay.js   the replay viewer
//   share.js    share links
// This file wires them and routes each intent to one of them.

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
  const { get, up, loading, saves, games, bots, replay, share } = ctx;
  up(T.setSavedBots, botNames());

  /** The intents of the start screen's form: each one a transition. */
  const FORM = {
    players: (i) => {
      up(T.setPlayers, i.value);
      ctx.opening.prefetch(i.value); // the openings of this many players, ahead of Start game
    },
    "seat-name": (i) => up(T.setSeat, i.seat, "name", i.value),
    "seat-controller": (i) => up(T.setSeatController, i.seat, i.value),
    "seat-color": (i) => up(T.setSeatColor, i.seat, i.slot, i.value),
    "opt-rotations": (i) => up(T.setOption, "rotations", i.value),
    "opt-first": (i) => up(T.setOption, "first", i.value),
    "opt-seed": (i) => up(T.setOption, "seed", i.value),
  };

  function escape() {
    const s = get();
    if (ctx.teach.escape()) return;
    if (s.dialog?.kind === "review" && s.dialog.detail) ctx.review.back();
    else if (s.dialog) up(T.closeDialog);
    else if (s.error) up(T.dismissError);
    else if (s.held !== null) up(T.pick, s.held);
    else if (s.replay) replay.close();
  }

  function pickIndex(index) {
    const s = get();
    const g = s.view?.gallery?.[index - 1];
    if (g && s.screen === "table" && humanTurn(s) && !s.busy) up(T.pick, g.card);
  }

  /** Route one intent (from events.js or the page) to the part that handles it. */
  function dispatch(intent) {
    const s = get();
    if (FORM[intent.type]) return void FORM[intent.type](intent);
    if (ctx.teach.dispatch(intent)) return;
    switch (intent.type) {
      case "start": return void games.start({ confirmed: !!intent.confirmed });
      case "speed":
        up(T.setSpeed, intent.value);
        return void writePrefs({ ...loadPrefs(), speed: intent.value });
      case "resume":
        up((st) => ({ ...st, screen: "table", error: null }));
        up(T.announce, turnText(get().view, get().friend?.seat ?? null));
        return void bots.run();
      case "new-game":
        ctx.cancel();
        saves.refreshList();
        ctx.friends.refreshList();
        ctx.daily.refresh(); // the date may have changed since the page loaded
        return void up(T.toStart);
      case "dismiss-save-problem": return void up(T.setSaveProblem, null);
      case "rematch": return void games.rematch();
      case "pick":
        if (humanTurn(s) && !s.busy) up(T.pick, intent.card);
        return;
      case "pick-index": return void pickIndex(intent.index);
      case "rotate": return void ctx.access.rotate(intent.step);
      case "hover": return void up(T.hover, intent.spot);
      case "place": return void games.place(intent.x, intent.y);
      case "place-at": return void games.placeAt(intent.x, intent.y, intent.confirm);
      case "undo": return void games.undo();
      case "highlight": return void up(T.toggleHighlight, intent.color);
      case "fit": return void up(T.fit);
      case "zoom": return void up(T.zoomAt, intent.from, intent.factor, intent.cx, intent.cy);
      case "pinch": return void up(T.pinchBy, intent.from, intent.factor, intent.cx, intent.cy, intent.dx, intent.dy);
      case "place-held": return void ctx.access.placeHeld();
      case "explore": return void ctx.access.explore(intent.dx, intent.dy, intent.home);
      case "settings-open": return void ctx.settings.open();
      case "setting-theme": return void ctx.settings.set("theme", intent.value);
      case "setting-colour-blind": return void ctx.settings.set("colourBlind", !!intent.value);
      case "setting-keep-finished": return void ctx.settings.set("keepFinished", intent.value);
      case "pan": return void up(T.panBy, intent.from, intent.dx, intent.dy);
      case "replay-open": return void replay.open();
      case "replay-step": return void replay.step(intent.step);
      case "replay-to": return void replay.jump(intent.to);
      case "replay-close": return void replay.close();
      case "export": return void ctx.files.exportRecord();
      case "import-file": return void ctx.files.importRecord(intent.file);
      case "import-confirmed": return void ctx.files.openImport();
      case "resume-saved": return void saves.resumeSaved(intent.id);
      case "export-saved": return void ctx.files.exportSaved(intent.id);
      case "delete-saved": return void saves.deleteSaved(intent.id, !!intent.confirmed);
      case "make-room": return void saves.makeRoomFor(!!intent.confirmed);
      case "confirm-yes": return void (s.dialog?.yes && dispatch(s.dialog.yes));
      case "confirm-no": return void ctx.files.decline(s.dialog?.no);
      case "share": return void share.open();
      case "review": return void ctx.review.open();
      case "review-stop": return void ctx.review.stop();
      case "review-move": return void ctx.review.show(intent.ply);
      case "review-back": return void ctx.review.back();
      case "copy-link": return void share.copy("deal");
      case "copy-game-link": return void share.copy("game");
      case "link-changed": return void ctx.links.changed();
      case "saved-bots-changed": return void up(T.setSavedBots, botNames());
      case "daily-open": return void ctx.daily.open({ confirmed: !!intent.confirmed });
      case "daily-practice": return void ctx.daily.practice(intent.date, { confirmed: !!intent.confirmed });
      case "daily-stats": return void ctx.daily.stats();
      case "daily-share": return void ctx.daily.share("share");
      case "daily-copy": return void ctx.daily.share("copy");
      case "daily-export": return void ctx.daily.exportDays();
      case "close-dialog": return void up(T.closeDialog);
      case "retry": return void loading.retry();
      case "dismiss-error": return void up(T.dismissError);
      case "bots-retry":
        up(T.dismissError);
        return void bots.run();
      case "update-ready": return void up(T.updateReady, true);
      case "apply-update": return void ctx.pwa?.applyUpdate();
      case "dismiss-update": return void up(T.updateReady, false);
      case "friend-resume": return void ctx.friends.resume(intent.key);
      case "friend-link": return void ctx.friends.showLink(intent.key);
      case "friend-remove": return void ctx.friends.remove(intent.key);
      case "play-friend": return void up(T.playFriend);
      case "friend-copy": return void ctx.friends.copy();
      case "friend-share": return void ctx.friends.share();
      case "friend-file": return void ctx.friends.download();
      case "opening-dismiss": return void ctx.opening.dismiss();
      case "escape": return void escape();
      default:
        console.warn(`unknown intent ${intent.type}`);
    }
  }

  ctx.dispatch = dispatch;
  return { boot: loading.boot, dispatch };
}
