// Words the UI shows for engine values: colour letters, controllers, moves.
// Naming only; no rule lives here: the facts come from the engine (rules-data.js, written
// by the build from destijl.facts.describe()).

import { RULES } from "./rules-data.js";

/** Colour letters of the engine (cards.py) and their names. */
export const COLOR_NAMES = RULES.color_names;

/** The colour letters in the order the start screen offers them. */
export const COLOR_LETTERS = RULES.colors;

/** "Human", "Bot · medium", "My bot (Bot Lab)": what the start screen calls a controller. */
function label(controller) {
  if (controller === "human") return "Human";
  if (controller === "bot:mine") return "My bot (Bot Lab)"; // docs/bots.md
  return `Bot · ${controller.slice(4)}`;
}

/**
 * "My bot" played by one saved bot (docs/bots.md): the seat picker's value "bot:mine:NAME".
 * The seat itself is "bot:mine" named NAME, and a "bot:mine" seat is played by the saved bot
 * of its name (else by the bot saved last), so the record says which bot played.
 */
export const myBotPick = (name) => `bot:mine:${name}`;

/** The saved bot's name in a seat picker value, or null (not one saved bot). */
export const pickedBot = (value) => (value.startsWith("bot:mine:") ? value.slice("bot:mine:".length) : null);

/** The engine's bot levels by name: {name, label, rating, description} (destijl.levels). */
const LEVELS = new Map(RULES.levels.map((level) => [level.name, level]));

/** The level playing `controller` ("bot:medium" -> Medium's entry), or null for a human. */
export function levelOf(controller) {
  return isBot(controller) ? LEVELS.get(controller.slice(4)) ?? null : null;
}

/** Offered last: a person's own bot from the Bot Lab (it has no rating). */
const LAST = ["bot:mine"];
const rating = (c) => levelOf(c)?.rating ?? Infinity;

/**
 * Controllers the engine accepts (rules-data.js) and their labels, as the start screen
 * offers them: the human, a Friend, the bot levels by rating, weakest first (random, 800,
 * first: a ladder reads upwards, as BGA's and lichess's levels do), then LAST; a level's
 * label carries its rating ("Bot · medium · 1583").
 */
export const CONTROLLERS = [
  ...RULES.controllers.filter((c) => !LAST.includes(c) && !isBot(c)),
  ...RULES.controllers.filter((c) => !LAST.includes(c) && isBot(c)).sort((a, b) => rating(a) - rating(b)),
  ...LAST.filter((c) => RULES.controllers.includes(c)),
].flatMap((c) => (c === "human" ? [[c, label(c)], ["friend", "Friend"]] // Friend: a person on another device (docs/friends.md)
  : [[c, levelOf(c) ? `${label(c)} · ${levelOf(c).rating}` : label(c)]]));

/** "Medium, rated R: Always plays ...": a level as the start screen describes it (R from destijl.levels). */
export function levelText(controller) {
  const level = levelOf(controller);
  return level ? `${level.label}, rated ${level.rating}: ${level.description}` : "";
}

/** The bot levels a friend game may seat (the engine's friends.FRIEND_BOTS), and why only those. */
export const FRIEND_BOTS = RULES.friend_bots ?? [];
export const FRIEND_BOTS_WHY = "A game with a friend offers only the random, easy and medium bots: "
  + "every device re-checks each bot move, and the stronger bots think too long for that.";
/** How a game with a friend travels, in a few words (the start screen, with a Friend seat). */
export const FRIEND_HOW = "No server, no account: after your move this page gives you a link. "
  + "Send it to your friend by any messenger or e-mail; their page plays their move and gives them a link to send back. "
  + "The cards come from every player's device, so no one can choose or foresee them.";
/** May a friend game seat `controller`? */
export function friendAllows(controller) {
  return controller === "human" || controller === "friend" || FRIEND_BOTS.includes(controller);
}

/** The default names, the engine's (destijl.names, through rules-data.js). */
export const PLAYER_NAME = RULES.default_names.player;
export const BOT_NAMES = RULES.default_names.bots;

/** Made-up names for Friend seats (a person on another device). */
export const FRIEND_NAMES = RULES.default_names.friends;

/** A name for seat `index` played by `controller`, given the seats before it. */
export function defaultName(index, controller, before = []) {
  if (controller === "human") return before.some((s) => s.controller === "human") ? `Player ${index + 1}` : PLAYER_NAME;
  if (controller === "friend") return FRIEND_NAMES[before.filter((s) => s.controller === "friend").length % FRIEND_NAMES.length];
  return BOT_NAMES[(index + BOT_NAMES.length - 1) % BOT_NAMES.length];
}

/** Is `name` one the start screen made up (so it may follow the seat's controller)? */
export function isDefaultName(name) {
  return name === PLAYER_NAME || BOT_NAMES.includes(name) || FRIEND_NAMES.includes(name) || /^Player \d$/.test(name) || /^Seat \d$/.test(name);
}

export function colorName(letter) {
  return COLOR_NAMES[letter] || letter;
}

export function colorsText(colors) {
  return colors.map(colorName).join(" and ");
}

export function isBot(controller) {
  return typeof controller === "string" && controller.startsWith("bot:");
}

export function controllerLabel(controller) {
  return RULES.controllers.includes(controller) ? label(controller) : controller;
}

/** "2, 3 or 4": every whole number from `low` to `high`, as a sentence lists them. */
export function rangeText(low, high) {
  const all = Array.from({ length: high - low + 1 }, (_, i) => String(low + i));
  return all.length > 1 ? `${all.slice(0, -1).join(", ")} or ${all.at(-1)}` : all.join("");
}

export function ordinal(n) {
  return ["1st", "2nd", "3rd"][n - 1] || `${n}th`;
}

/** "column 3, row -1" for a top-left cell. */
export function spotText(x, y) {
  return `column ${x}, row ${y}`;
}

/** "Piet placed card 17 at column 3, row -1, turned 90°, covering 3 cells." */
export function moveText(seatName, move, covered) {
  const turn = move.rotation ? `, turned ${move.rotation}°` : "";
  const cover = covered ? `, covering ${covered} cells` : "";
  return `${seatName} placed card ${move.card} at ${spotText(move.x, move.y)}${turn}${cover}.`;
}

/** "red, red, yellow / blue, ..." read row by row for a face of three rows. */
export function faceText(rows) {
  const names = rows.map((row, i) =>
    `${["top", "middle", "bottom"][i]} row ${[...row].map(colorName).join(", ")}`);
  return names.join("; ");
}

/**
 * How a tie on total points was decided, in a sentence, or null when one seat led alone:
 * "Piet and You tied on 5 points; You win with the largest single stroke (4 cells)." or
 * "... tied on 4 points and on the largest single stroke (2 cells): a shared victory."
 * The engine gives the facts (result.tied, result.tie_break: "largest_stroke" or "shared").
 */
export function tieBreakText(view) {
  const result = view.result;
  if (!result?.tie_break) return null;
  const names = view.seats.map((seat) => seat.name);
  const best = result.seats[result.tied[0]].total;
  const biggest = result.seats[result.winners[0]].largest;
  const tied = result.tied.map((i) => names[i]).join(" and ");
  if (result.tie_break === "largest_stroke") {
    const winner = names[result.winners[0]];
    const wins = winner === "You" ? "win" : "wins";
    return `${tied} tied on ${best} points; ${winner} ${wins} with the largest single stroke (${biggest} cells).`;
  }
  return `${tied} tied on ${best} points and on the largest single stroke (${biggest} cells): a shared victory.`;
}

export function winnerText(view, you = null) {
  const result = view.result;
  const names = result.winners.map((i) => (i === you ? "You" : view.seats[i].name));
  if (names.length === 1) return names[0] === "You" ? "You win!" : `${names[0]} wins!`;
  return `Shared victory: ${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * How the one person at the table did against the bot levels, for the end screen:
 * "You beat Medium, rated R." or "You lost to Easy (rated R1) and Hard (rated R2)." (ratings from destijl.levels);
 * when a seat that is no level won (My bot), every winner by name: "You lost: Alpha and Medium 2 shared the victory (against Medium, rated R)."
 * Null unless exactly one seat is human and some are bots.
 */
export function levelResultText(view) {
  const humans = view.seats.flatMap((seat, i) => (seat.controller === "human" ? [i] : []));
  const levels = [...new Set(view.seats.map((seat) => levelOf(seat.controller)).filter(Boolean))];
  if (humans.length !== 1 || !levels.length || !view.result) return null;
  levels.sort((a, b) => a.rating - b.rating);
  const named = levels.length === 1 ? [`${levels[0].label}, rated ${levels[0].rating}`]
    : levels.map((level) => `${level.label} (rated ${level.rating})`);
  const them = named.length === 1 ? named[0] : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  const winners = view.result.winners;
  // a winner that is no level (the person's own bot, "My bot") is named: every winner is
  const unnamed = winners.some((i) => i !== humans[0] && !levelOf(view.seats[i].controller));
  if (!winners.includes(humans[0]) && unnamed) {
    const names = winners.map((i) => view.seats[i].name);
    const who = names.length === 1 ? `${names[0]} won` : `${names.slice(0, -1).join(", ")} and ${names.at(-1)} shared the victory`;
    return `You lost: ${who} (against ${them}).`;
  }
  if (!winners.includes(humans[0])) return `You lost to ${them}.`;
  return winners.length === 1 ? `You beat ${them}.` : `You shared the victory against ${them}.`;
}

/** "+2", "0", "-1": a score change. */
/** Whose, after "is": "yours" for the seat named You, else "Piet's"; several joined with "and". */
export function whose(names) {
  const list = names.map((name) => (name === "You" ? "yours" : `${name}'s`));
  return list.length < 2 ? list[0] || "" : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
}

/**
 * How far the engine's load is, in the loading bar's own words: "9.9 of 11.7 MB" while it
 * downloads (the bytes unpacked), then "starting". The bar's line, the turn banner and Today's
 * Painting say the same (issue 45: a banner's "73%" beside the bar's "9.9 of 11.7 MB").
 */
export function loadedText(e) {
  const mb = (n) => (n / 1e6).toFixed(1);
  if (e.total > 0 && e.received < e.total) return `${mb(e.received)} of ${mb(e.total)} MB`;
  return e.stage && e.stage !== "download" ? "starting" : "under way";
}

/** "1 cell", "4 cells". */
export const cellsText = (n) => `${n} ${n === 1 ? "cell" : "cells"}`;

export const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** "You +2, Piet -1": the seat to play always, the others when their score changes; `you`:
 * the seat called "You" on this device (a friend game's own seat, mode.you), else by name;
 * `yourName` what it is called after "You placed here:" ("you +1", not "Ann +1" nor "You +1"). */
export function changeText(view, change, seat = view.current_seat, you = null, yourName = "You") {
  const parts = change.map((d, i) => (i === seat || d !== 0 ? `${i === you ? yourName : view.seats[i].name} ${signed(d)}` : null));
  return parts.filter(Boolean).join(", ");
}

/** Theme choices of the Settings panel, and what each is called. */
export const THEMES = [["system", "Follow the system"], ["light", "Light"], ["dark", "Dark"]];

/** Why the scored Today's Painting has no Undo (the button's title and its refusal; docs/daily.md). */
export const NO_UNDO = "No Undo in Today's Painting: one honest attempt a day. Practice games keep Undo.";
