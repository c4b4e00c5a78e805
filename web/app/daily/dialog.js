// Today's Painting's dialog (a day's result, the share text, the stats, the histogram and
// the calendar of past dailies) and the end screen's box (par, share) (docs/daily.md).
// Drawn with the board (render/board.js); the start screen's card is daily/render.js.

import { h } from "../dom.js";
import { RULES } from "../rules-data.js";
import { addDays, dateLabel, daysBetween, untilMidnight } from "./day.js";
import { ordinal } from "./render.js";
import { statsOf } from "./stats.js";

const CALENDAR_DAYS = 28; // past dailies shown as buttons; any other date through the date field
const FIRST_DAY = RULES.first_daily; // the calendar's first day: the engine refuses earlier dates

/** A histogram bar `share` (0 to 1) of the widest; its width set through the CSSOM (the CSP allows no style attribute). */
function bar(share) {
  const el = h("span", { class: "daily-bar-fill", "aria-hidden": "true" });
  el.style.setProperty("--share", String(share));
  return el;
}

function statsBlock(stats) {
  const most = Math.max(1, ...stats.histogram.map((b) => b.count));
  const figure = (value, label) => h("div", { class: "daily-figure" },
    h("dt", { text: label }), h("dd", { text: value ?? "–" }));
  return h("section", { class: "daily-stats", "aria-labelledby": "daily-stats-title" },
    h("h3", { id: "daily-stats-title", text: "Your stats on this device" }),
    h("dl", { class: "daily-figures" },
      figure(stats.played, "Played"), figure(stats.beaten, "Par beaten"), figure(stats.current, "Current streak"),
      figure(stats.best, "Best streak"), figure(stats.bestScore, "Best score")),
    h("figure", { class: "daily-histogram" },
      h("figcaption", { text: "Scores" }),
      h("ol", {}, stats.histogram.map((b) => h("li", { class: "daily-bar",
        "aria-label": `${b.to >= 999 ? `${b.from} or more` : `${b.from} to ${b.to}`} points: ${b.count} ${b.count === 1 ? "day" : "days"}` },
      h("span", { class: "daily-bar-label", "aria-hidden": "true", text: b.to >= 999 ? `${b.from}+` : `${b.from}–${b.to}` }),
      bar(b.count / most),
      h("span", { class: "daily-bar-count", "aria-hidden": "true", text: b.count }))))));
}

function calendar(s, today) {
  const days = [];
  for (let back = 1; back <= CALENDAR_DAYS; back++) {
    const date = addDays(today, -back);
    if (daysBetween(FIRST_DAY, date) < 0) break;
    days.push(date);
  }
  return h("section", { class: "daily-calendar", "aria-labelledby": "daily-calendar-title" },
    h("h3", { id: "daily-calendar-title", text: "Past paintings (practice)" }),
    days.length ? h("ol", { class: "daily-days" }, days.map((date) => {
      const entry = s.dailyDays[date];
      const label = dateLabel(date, { weekday: false });
      return h("li", {}, h("button", { type: "button", class: `daily-day${entry ? " played" : ""}`, "data-action": "daily-practice",
        "data-date": date, "aria-label": `Play ${label} as practice${entry ? ` (played: ${entry.score} points)` : ""}`,
        title: label, text: String(Number(date.slice(8))) }));
    })) : h("p", { text: "No past paintings yet: the first was today." }),
    h("div", { class: "daily-any" },
      h("label", { class: "field" }, h("span", { text: "Any date" }),
        h("input", { type: "date", id: "daily-any-date", min: FIRST_DAY, max: today, value: addDays(today, -1) < FIRST_DAY ? today : addDays(today, -1) })),
      h("button", { type: "button", class: "btn", "data-action": "daily-practice", text: "Play as practice" })));
}

/** " No hints." / " 2 hints." after a day's result (nothing when not known: an older result). */
function hintsNote(hints) {
  if (hints === undefined) return "";
  return hints ? ` ${hints} hint${hints === 1 ? "" : "s"}.` : " No hints.";
}

/** The daily dialog (state.dialog kind "daily", with the `date` whose result it shows, or null). */
export function dailyDialog(d, s) {
  const today = s.today?.date;
  const entry = d.date ? s.dailyDays[d.date] : null;
  const number = entry?.number;
  return h("div", { class: "dialog daily-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "dlg-title" },
    h("h2", { id: "dlg-title", class: "dialog-title", text: entry && number ? `Today's Painting #${number}` : "Today's Painting" }),
    entry ? h("section", { class: "daily-result" },
      h("p", { text: `${dateLabel(d.date)}: you scored ${entry.score} points, ${ordinal(entry.place)} of ${entry.players}. Par ${entry.par}: ${entry.verdict ?? (entry.score > entry.par ? "beaten" : entry.score === entry.par ? "on par" : "not beaten")}.${hintsNote(entry.hints)}` }),
      d.date === today ? h("p", { class: "daily-next", text: `One scored attempt a day: the next Painting comes in ${untilMidnight()}.` }) : null,
      d.share ? h("textarea", { class: "daily-share-text", readonly: true, rows: 6, "aria-label": "Result to share", text: d.share }) : null,
      h("div", { class: "dialog-actions" },
        h("button", { type: "button", class: "btn btn-primary", "data-action": "daily-share", text: "Share result" }),
        h("button", { type: "button", class: "btn", "data-action": "daily-copy", text: "Copy result" }),
        h("button", { type: "button", class: "btn", "data-action": "daily-practice", "data-date": d.date, text: "Play again as practice" })),
      h("p", { class: "dialog-note", role: "status", text: d.note || "" })) : null,
    statsBlock(statsOf(s.dailyDays, today)),
    today ? calendar(s, today) : null,
    h("div", { class: "dialog-actions" },
      h("button", { type: "button", class: "btn", "data-action": "daily-export", text: "Export my dailies" }),
      h("button", { type: "button", class: "btn", "data-action": "close-dialog", text: "Close" })));
}

/** The end screen's box for a daily: the par (once worked out), Share and Copy result. */
export function dailyBox(s) {
  const r = s.dailyResult;
  const daily = s.daily;
  const title = `${daily.practice ? "Practice: " : ""}Today's Painting${daily.number ? ` #${daily.number}` : ""}`;
  let body;
  if (!r || r.pending) body = [h("p", { class: "daily-pending", role: "status", text: "Working out the par: the hard bot is playing your seat…" })];
  else if (r.error) body = [h("p", { class: "daily-error", role: "status", text: r.error })];
  else {
    body = [
      h("p", { class: "daily-par", id: "daily-par", text: `Par ${r.par} (the hard bot in your seat): ${r.verdict}.${daily.practice ? " Practice: not counted." : ""}` }),
      h("textarea", { class: "daily-share-text", readonly: true, rows: 6, "aria-label": "Result to share", text: r.share }),
      h("div", { class: "daily-actions" },
        h("button", { type: "button", class: "btn btn-primary", "data-action": "daily-share", text: "Share result" }),
        h("button", { type: "button", class: "btn", "data-action": "daily-copy", text: "Copy result" }),
        h("button", { type: "button", class: "btn", "data-action": "daily-stats", text: "Stats and past days" })),
      h("p", { class: "dialog-note", role: "status", text: r.note || "" }),
    ];
  }
  return h("section", { class: "daily-box", "aria-labelledby": "daily-box-title", "data-state": !r || r.pending ? "pending" : r.error ? "error" : "ready" },
    // an h2: the box is a panel of the side column, before the results' h2 (an h3 there
    // skipped a level: axe's heading-order)
    h("h2", { class: "daily-box-title", id: "daily-box-title", text: title }), body);
}

