// Today's Painting on the page (docs/daily.md): the start screen's card (the button, the
// puzzle number and date, today's state) and the words that mark a daily or a practice
// game on the table. Its dialog and the end screen's box are daily/dialog.js (with the
// board: render/board.js).

import { text } from "../dom.js";
import { loadedText } from "../words.js";
import { dateLabel, untilMidnight } from "./day.js";

/** "1st", "2nd", "3rd", "4th"... */
export function ordinal(n) {
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n] || "th"}`;
}

/** The start screen's card (#daily-card, drawn by index.html so nothing moves when it fills):
 * patched here (the focus stays on its buttons). */
export function renderDailyCard(root, s, p) {
  if (!root || (p && p.today === s.today && p.dailyDays === s.dailyDays && p.saves === s.saves && p.engine === s.engine)) return;
  const date = s.today?.date;
  const played = date ? s.dailyDays[date] : null;
  const going = date && s.saves.some((g) => !g.over && g.daily?.date === date && !g.daily.practice);
  let note = "One deal for everyone today. Beat the hard bot's score in your seat.";
  if (s.today?.problem) note = `Not available on this date: ${s.today.problem}`;
  else if (played) note = `Played: ${played.score} points, ${ordinal(played.place)} of ${played.players}, par ${played.par}. The next one in ${untilMidnight()}.`;
  else if (going) note = "In progress: press to carry on.";

  text(root.querySelector(".daily-when"), date ? `${s.today.number ? `#${s.today.number} · ` : ""}${dateLabel(date)}` : "");
  text(root.querySelector(".daily-note"), note);
  for (const btn of root.querySelectorAll("button")) btn.disabled = s.engine.status !== "ready";
  // the buttons wait for the engine: say so beside them, not with a faded button alone (the
  // line keeps its height when empty, so nothing below moves when the engine is ready)
  const wait = s.engine.status === "loading" ? `The buttons wait for the game engine: ${loadedText(s.engine)}.`
    : s.engine.status === "failed" ? "The buttons need the game engine, which did not load: use Retry." : "";
  const line = root.querySelector(".daily-wait");
  if (line) text(line, wait);
}
