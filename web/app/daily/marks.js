// Today's Painting's attempt marks at work (docs/daily.md, "One scored attempt a day";
// the marks themselves are in daily/store.js): the scored daily on the table keeps its mark
// up to date on every move, and an attempt that ended without a stored result (its tab
// closed while the par was being worked out) is scored when the page next loads.

import { pack } from "../link/codec.js";
import * as T from "../transitions.js";
import { entryOf, markAttempt, readDays, readMarks, sameDeal, storeDays } from "./store.js";

/** The scored daily on the table (over or not): {date, record, over}, or null. */
function scoredGame(s) {
  return s.daily && !s.daily.practice && s.view?.record ? { date: s.daily.date, record: s.view.record, over: !!s.view.is_over } : null;
}

/**
 * @param deps `engine` and the store's `get`/`up`.
 * @returns {{settle: () => Promise<boolean>, keep: (s) => void}}
 */
export function createMarks({ engine, get, up }) {
  let settling = null; // the scoring of ended attempts on its way

  /**
   * Score every attempt marked over that has no stored result (its tab closed while the par
   * was worked out); resolves true once done. The table's own ended daily is left to
   * daily/play.js (`ended`), which works it out already.
   */
  function settle() {
    settling ??= scoreEnded().finally(() => { settling = null; });
    return settling;
  }

  async function scoreEnded() {
    const days = readDays();
    const onTable = scoredGame(get());
    for (const [date, mark] of Object.entries(readMarks())) {
      if (days[date] || !mark.over || !mark.record || (onTable?.date === date && onTable.over)) continue;
      try {
        const result = await engine.call("daily_result", { record: mark.record, date, hints: mark.hints });
        up(T.setDailyDays, storeDays({ [date]: entryOf(result, await pack(result.link_text), mark.hints) }).days);
      } catch { /* the engine refused the attempt (or was lost): it stays marked, unscored */ }
    }
    return true;
  }

  let marked = ""; // the attempt last written to its mark: date, moves and end
  /** Keep the scored daily's attempt mark up to date (daily/store.js), on every move. */
  function keepMark(s) {
    const game = scoredGame(s);
    const key = game && `${game.date}:${game.record.moves.length}:${game.over}`;
    if (!game || key === marked) return;
    marked = key;
    const mark = readMarks()[game.date];
    if (!mark || sameDeal(mark.record, game.record)) { // a save resumed from before marks: marked now
      markAttempt(game.date, { record: game.record, over: game.over, hints: s.teach?.hintsUsed || 0 });
    }
  }

  return { settle, keep: keepMark };
}
