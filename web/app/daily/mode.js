// Today's Painting's two modes (docs/daily.md): the scored attempt (one honest attempt a
// day: no Undo) and its practice (Undo allowed); both end with the par box. The table's
// game is a daily when `state.daily` holds its date (daily/play.js deals it).

import { gameMode } from "../mode.js";
import { NO_UNDO } from "../words.js";

/** "Daily #3 · " or "Practice #3 · " before the round on the status line. */
const label = (s) => `${s.daily.practice ? "Practice" : "Daily"}${s.daily.number ? ` #${s.daily.number}` : ""} · `;

/** The end screen offers "Practice this deal" (not a Rematch that deals something else). */
const ending = (s) => ({ daily: s.daily });

/** How a daily is kept with its save: its date, whether it is practice, its number. */
const keeping = {
  slices: ["daily", "dailyResult"],
  kept: (s) => ({ daily: { date: s.daily.date, practice: !!s.daily.practice, number: s.daily.number } }),
  fromSave: (entry) => {
    const daily = dailyTag(entry.daily);
    return daily ? { daily } : {};
  },
};

export const DAILY = gameMode({ name: "daily", origin: "daily", is: (s) => !!s.daily && !s.daily.practice,
  undoRefused: NO_UNDO, endedBy: "daily", endBox: "daily", label, ending, ...keeping });
export const PRACTICE = gameMode({ name: "practice", origin: "practice", is: (s) => !!s.daily?.practice,
  endedBy: "daily", endBox: "daily", label, ending, ...keeping });

/** How a daily is kept (saved-games.js): the save's Today's Painting tag {date, practice,
 * number} (docs/daily.md) read back, or null if it has none or a bad one. */
export function dailyTag(tag) {
  return tag && typeof tag === "object" && typeof tag.date === "string" && /^\d{4}-\d\d-\d\d$/.test(tag.date)
    ? { date: tag.date, practice: tag.practice === true, number: Number.isInteger(tag.number) ? tag.number : null } : null;
}
