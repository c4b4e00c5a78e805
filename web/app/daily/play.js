// Today's Painting, what the start screen does not need at once (docs/daily.md): opening
// today's deal or a practice one, the par and the share text once a daily is over (engine
// `daily_result`, played in the worker after the game, never before), the stats dialog, and
// the export and import of the results. A part loaded later (app/parts.js): the controller
// makes it once, when first asked, and adds it as the daily modes' "daily" part
// (control/mode-parts.js: control/moves.js and games.js tell it when a daily ends).

import { copyText } from "../clipboard.js";
import { download } from "../export-art.js";
import { sitePage } from "../control/share.js";
import { lost, reason, turnText } from "../control/narration.js";
import { linkURL, pack, unpack } from "../link/codec.js";
import { listGames } from "../saved-games.js";
import * as T from "../transitions.js";
import { offClock } from "./clock.js";
import { dateLabel } from "./day.js";
import { entryOf, fileOf as fileData, latestSeen, markAttempt, readDays, readMarks, storeDays } from "./store.js";

/**
 * Today's Painting's part of the controller: its games (`open`, `practice`) and its results
 * (`ended`, `stats`, `share`, `exportDays`, `importDays`).
 * @param deps `engine`, the store's `get`/`up`, the page's `mode` and `location`, `daily`
 *   (daily/control.js: `refresh`, `today`, `claim`, `elsewhere`), `table`, `saves`, `bots`
 *   and `games` (`resume`, `resumeSaved`).
 */
export function createDailyPlay(deps) {
  return { ...dailyGames(deps), ...dailyResults(deps) };
}

/** Today's Painting's games: `open` (today's) and `practice` (any date's). */
function dailyGames(deps) {
  const { get, up, daily, saves, games } = deps;

  /**
   * "Today's Painting": today's result if it is played, else the saved attempt, else a new
   * deal (after a yes if another game is in progress). Not while another tab plays it, nor
   * on a date that is not current anywhere on Earth (then practice is on offer), nor once
   * the day is marked attempted on this device (its attempt ended, or its save is gone).
   */
  async function open({ confirmed = false } = {}) {
    await daily.refresh();
    const date = daily.today();
    if (get().dailyDays[date]) return up(T.openDialog, { kind: "daily", date });
    const off = await offClock(date, sitePage(deps), latestSeen());
    if (off) return clockOff(up, date, off);
    if (!(await daily.claim(date))) return daily.elsewhere(date);
    const s = get();
    if (s.daily?.date === date && !s.daily.practice && s.view && !s.view.is_over) return games.resume();
    const id = savedAttempt(deps.mode, date);
    if (id) return games.resumeSaved(id);
    const mark = readMarks()[date];
    if (mark) return attempted(deps, date, mark);
    if (!confirmed) {
      return saves.confirmReplace({ title: "Start Today's Painting?", yesLabel: "Start Today's Painting",
        yes: { type: "daily-open", confirmed: true } }, () => deal(deps, date, false));
    }
    return deal(deps, date, false);
  }

  /** Play `date`'s daily again as practice (marked so, never counted). */
  function practice(date, { confirmed = false } = {}) {
    if (!/^\d{4}-\d\d-\d\d$/.test(date || "")) return up(T.refused, "Pick a date to play as practice.");
    if (!confirmed) {
      return saves.confirmReplace({ title: "Play a practice Painting?", yesLabel: "Play as practice",
        yes: { type: "daily-practice", date, confirmed: true } }, () => deal(deps, date, true));
    }
    return deal(deps, date, true);
  }

  return { open, practice };
}

/** Today's Painting's results: the par and share text once a daily is over, the stats
 * dialog, the export and import of the results kept on the device. */
function dailyResults(deps) {
  const { get, up, daily } = deps;
  let working = null; // the record whose result is being worked out

  /**
   * The table's game may be a daily that is over: work out its par and share text (the
   * hard bot plays the par game in the worker now), and keep a scored result on the device.
   */
  async function ended() {
    const s = get();
    const tag = s.daily;
    const record = s.view?.record;
    if (!tag || !s.view?.is_over || s.dailyResult || working === record) return;
    const kept = tag.practice ? null : readDays()[tag.date];
    if (kept?.text && kept.verdict) { // worked out when it was played: no second par game
      const share = `${kept.text}\n${linkURL(sitePage(deps), kept.link)}`;
      return void up(T.setDailyResult, { total: kept.score, par: kept.par, place: kept.place, verdict: kept.verdict, share });
    }
    working = record;
    up(T.setDailyResult, { pending: true });
    try {
      await workOut(deps, tag, record, s.teach.hintsUsed || 0);
    } finally {
      working = null;
    }
  }

  /** The stats and calendar (and today's result, once played). */
  async function stats() {
    await daily.refresh();
    up(T.openDialog, { kind: "daily", date: get().dailyDays[daily.today()] ? daily.today() : null });
  }

  return { ended, stats, share: (how) => share(deps, how), exportDays: () => exportDays(deps),
    importDays: (data, name) => importDays(deps, data, name) };
}

/** A scored daily of `date` in progress, saved on this device (its id), or null. */
function savedAttempt(mode, date) {
  return listGames(mode).games.find((g) => !g.over && g.daily?.date === date && !g.daily.practice)?.id ?? null;
}

/** The device's date is not current anywhere on Earth (`off`: clock.js `offClock`). */
function clockOff(up, date, off) {
  const whose = { device: "this device's own clock", played: "the days played on this device", site: "the site's clock" }[off.by];
  const why = off.way === "ahead"
    ? `by ${whose} that day has not begun anywhere yet (it is ${dateLabel(off.date)} at the latest)`
    : off.by === "played"
      ? `${dateLabel(off.date)}'s Today's Painting was already played on this device`
      : `by ${whose} that day is over everywhere (it is ${dateLabel(off.date)} at the earliest)`;
  up(T.openDialog, { kind: "confirm", title: `This device's clock is ${off.way}`,
    text: `This device says it is ${dateLabel(date)}, but ${why}. Today's Painting is scored on its own day only: play this deal as practice, or set the clock right and open it again.`,
    yesLabel: "Play as practice", noLabel: "Close", yes: { type: "daily-practice", date, confirmed: true } });
}

/**
 * `date` is marked attempted on this device, and no attempt of it is saved: one that ended
 * is scored now (the tab closed before its result was stored); one cut short (its save
 * deleted) is not dealt again as scored.
 */
async function attempted(deps, date, mark) {
  const { up, get, daily } = deps;
  if (mark.over && (await daily.settle()) && get().dailyDays[date]) return up(T.openDialog, { kind: "daily", date });
  up(T.openDialog, { kind: "confirm", title: "Today's Painting was already started here",
    text: `${dateLabel(date)}'s scored attempt was dealt on this device${mark.over ? "" : " and its saved game is gone"}. One scored attempt a day: play this deal as practice (not counted).`,
    yesLabel: "Play as practice", noLabel: "Close", yes: { type: "daily-practice", date, confirmed: true } });
}

/** Deal `date`'s daily (a practice one if `isPractice`), saved as a new game. */
async function deal({ engine, up, table, saves, bots }, date, isPractice) {
  up(T.closeDialog);
  up(T.busy, true);
  try {
    const { number, view } = await engine.call("daily", { date });
    if (!isPractice) markAttempt(date, { record: view.record }); // before it is shown: nothing clears it
    table.replaced(isPractice ? "practice" : "daily"); // dealt here
    up(T.setDaily, { date, number, practice: isPractice });
    const what = `${isPractice ? "Practice: " : ""}Today's Painting #${number}, ${dateLabel(date)}`;
    up(T.gameLoaded, view, `${what}. ${turnText(view)}`);
    saves.save(view, { fresh: true });
    saves.refreshList();
    bots.run();
  } catch (error) {
    if (!lost(error)) up(T.refused, `Today's Painting could not start: ${reason(error)}`);
  }
}

/** The text to share: the table's daily result, or the dialog's day (its text worked out again if need be). */
async function shareText(deps) {
  const { engine, get } = deps;
  const s = get();
  if (s.dialog?.kind !== "daily") return s.dailyResult?.share ?? null;
  const date = s.dialog.date;
  const entry = s.dailyDays[date];
  if (!entry) return null;
  const url = linkURL(sitePage(deps), entry.link);
  if (entry.text) return `${entry.text}\n${url}`;
  const { view } = await engine.call("link_open", { text: await unpack(entry.link) });
  const result = await engine.call("daily_result", { record: view.record, date });
  return `${result.text}\n${url}`;
}

/** Share (the Web Share API where there is one) or copy the result text. */
async function share(deps, how) {
  const { get, up } = deps;
  const note = (text) => (get().dialog?.kind === "daily"
    ? up(T.openDialog, { ...get().dialog, note: text }) : up(T.setDailyResult, { ...get().dailyResult, note: text }));
  let text;
  try {
    text = await shareText(deps);
  } catch (error) {
    return note(`The result could not be made: ${reason(error)}`);
  }
  if (!text) return undefined;
  if (get().dialog?.kind === "daily" && get().dialog.share !== text) up(T.openDialog, { ...get().dialog, share: text });
  if (how === "share" && navigator.share) {
    try {
      await navigator.share({ text });
      return note("Shared.");
    } catch (error) {
      if (error?.name === "AbortError") return undefined;
    }
  }
  if (await copyText(text)) return note("Copied to the clipboard.");
  return note(window.matchMedia?.("(pointer: coarse)").matches
    ? "This page may not copy: press and hold the text above, then Copy."
    : "This page may not copy: select the text above and press Ctrl+C (⌘C on a Mac).");
}

/** Download the results kept on this device as a destijl-daily/1 file. */
function exportDays({ get, up, daily }) {
  const name = `destijl-daily-${daily.today()}.json`;
  download(new Blob([`${JSON.stringify(fileData(get().dailyDays), null, 2)}\n`], { type: "application/json" }), name);
  up(T.announce, `Exported your Today's Painting results as ${name}.`);
}

/**
 * Import a destijl-daily/1 file: each day is re-checked by the engine (`daily_check`): its
 * link replayed as that day's result, the bots' moves the medium bot's, the day not after
 * today, and the score, par and place worked out again (a file that says otherwise is
 * refused). Only what the engine confirms is kept; days already here are kept too.
 */
async function importDays({ engine, get, up, daily }, data, name) {
  const days = data?.days && typeof data.days === "object" ? data.days : {};
  const kept = {};
  const refused = [];
  const dates = Object.keys(days).sort();
  for (const [index, date] of dates.entries()) {
    up(T.announce, `${name}: checking ${date} (${index + 1} of ${dates.length})…`);
    try {
      const { entry } = await engine.call("daily_check", { date, entry: days[date], today: daily.today() });
      kept[date] = entry;
    } catch (error) {
      if (lost(error)) return;
      refused.push(`${date} (${reason(error)})`);
    }
  }
  const before = Object.keys(get().dailyDays).length;
  const stored = storeDays(kept);
  up(T.setDailyDays, stored.days);
  const added = Object.keys(stored.days).length - before;
  const why = refused.length ? ` ${refused.length} refused, as the engine could not confirm ${refused.length === 1 ? "it" : "them"}: ${refused.slice(0, 3).join("; ")}${refused.length > 3 ? "; …" : ""}.` : "";
  const msg = `${name}: ${added} Today's Painting result${added === 1 ? "" : "s"} added.${why}`;
  up(T.announce, msg);
  if (refused.length || !stored.ok) up(T.refused, stored.ok ? msg : `${msg} They could not be stored on this device.`);
}

/** A finished daily's result from the engine (its par game played now), kept if scored. */
async function workOut(deps, daily, record, hints) { // hints: part of the result, and of its text
  const { engine, get, up } = deps;
  try {
    const result = await engine.call("daily_result", { record, date: daily.date, hints });
    const payload = await pack(result.link_text); // the day, your moves, the result it claims
    const url = linkURL(sitePage(deps), payload);
    if (get().view?.record !== record) return;
    if (!daily.practice) {
      const stored = storeDays({ [daily.date]: entryOf(result, payload, hints) });
      up(T.setDailyDays, stored.days);
    }
    up(T.setDailyResult, { ...result, share: `${result.text}\n${url}` });
    up(T.announce, `${turnText(get().view)} Par ${result.par}: ${result.verdict}.`);
  } catch (error) {
    if (get().view?.record === record && !lost(error)) {
      up(T.setDailyResult, { error: `The par could not be worked out: ${reason(error)}` });
    }
  }
}
