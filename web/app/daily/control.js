// Today's Painting (docs/daily.md): today's deal (engine `daily`), one scored attempt a
// day, the par and the share text once a daily is over, the results and stats kept on the
// device (store.js), practice games of any date, and the export and import of the results.
// Here what the start screen needs at once (today's number and the results kept, for its
// card; whether a file is a results file; the tab lock of a scored attempt); the rest is
// daily/play.js, a part loaded later (app/parts.js): the controller makes it when first asked.

import { reason } from "../control/narration.js";
import * as T from "../transitions.js";
import { localDate } from "./day.js";
import { createGuard } from "./guard.js";
import { createMarks } from "./marks.js";
import { FORMAT, readDays } from "./store.js";

/** The date of the scored daily in progress on the table, or null. */
function scoredOnTable(s) {
  return s.screen === "table" && s.daily && !s.daily.practice && s.view && !s.view.is_over ? s.daily.date : null;
}

/**
 * @param deps `engine`, the store's `get`/`up` and `table` (`cancel()`: the attempt another
 *   tab holds stops here).
 * @returns {{refresh, settle, fileOf, today, watch, claim, elsewhere}}
 */
export function createDaily({ engine, get, up, table }) {

  /** Today's local date (the browser's clock, read each time: midnight may pass). */
  const today = () => localDate(new Date());

  /**
   * Read the stored results and today's puzzle number; then score an attempt that ended
   * unscored (its par game is seconds of the engine's time: after the quick call).
   */
  async function refresh() {
    up(T.setDailyDays, readDays());
    const date = today();
    if (get().today?.date !== date) {
      try {
        const { number } = await engine.call("daily", { date });
        up(T.setToday, { date, number });
      } catch (error) {
        up(T.setToday, { date, number: null, problem: reason(error) });
      }
    }
    settle();
  }

  /** The parsed `destijl-daily/1` file in `text`, or null if it is not one (then it may be a game record). */
  function fileOf(text) {
    try {
      const data = JSON.parse(text);
      return data?.format === FORMAT ? data : null;
    } catch {
      return null;
    }
  }

  const marks = createMarks({ engine, get, up });
  const settle = marks.settle;
  const guard = createGuard();

  /**
   * Every change of state (teach/control.js): a scored daily on the table holds its date's
   * tab lock; one that another tab holds goes back to the start screen, practice on offer.
   */
  function watch(s) {
    marks.keep(s);
    const date = scoredOnTable(s);
    if (date === guard.holds()) return;
    if (!date) return guard.release();
    guard.claim(date).then((ok) => {
      if (!ok && scoredOnTable(get()) === date) elsewhere(date);
    });
  }

  /** Today's Painting of `date` is being played in another tab: say so, offer practice. */
  function elsewhere(date) {
    table.cancel();
    up(T.toStart);
    up(T.openDialog, { kind: "confirm", title: "Today's Painting is open in another tab",
      text: "One scored attempt a day: carry on in the other tab, or play this deal here as practice (not counted).",
      yesLabel: "Play as practice", noLabel: "Close", yes: { type: "daily-practice", date, confirmed: true } });
  }

  return { refresh, settle, fileOf, today, watch, claim: guard.claim, elsewhere };
}
