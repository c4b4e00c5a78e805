// Words the UI shows for engine values: colour letters, controllers, moves.
// Naming only; no rule lives here: the facts come from the engine (rules-data.js, written
// by the build from destijl.facts.describe()).

import { RULES } from "./rules-data.js";

/** Colour letters of the engine (cards.py) and their names. */
export const COLOR_NAMES = RULES.color_names;

/** The colour letters in the order the start screen offers them. */
export const COLOR_LETTERS = RULES.colors;

/** "Human", "Bot · medium": what the start screen calls a controller. */
function label(controller) {
  return controller === "human" ? "Human" : `Bot · ${controller.slice(4)}`;
}

/**
 * Controllers the engine accepts and their labels, as the start screen offers them: the
 * human, then the bot levels weakest first, with the random baseline last.
 */
export const CONTROLLERS = [
  ...RULES.controllers.filter((c) => c !== "bot:random"),
  ...RULES.controllers.filter((c) => c === "bot:random"),
].flatMap((c) => (c === "human" ? [[c, label(c)], ["friend", "Friend"]] : [[c, label(c)]])) // Friend: a person on another device (docs/friends.md)
  .concat([["bot:mine", "My bot (Bot Lab)"]]); // docs/bots.md

export const BOT_NAMES = ["Piet", "Theo", "Bart", "Vilmos", "Gerrit"];

/** Made-up names for Friend seats (a person on another device). */
export const FRIEND_NAMES = ["Ben", "Sam", "Mia", "Lou"];

/** A name for seat `index` played by `controller`, given the seats before it. */
export function defaultName(index, controller, before = []) {
  if (controller === "human") return before.some((s) => s.controller === "human") ? `Player ${index + 1}` : "You";
  if (controller === "friend") return FRIEND_NAMES[before.filter((s) => s.controller === "friend").length % FRIEND_NAMES.length];
  return BOT_NAMES[(index + BOT_NAMES.length - 1) % BOT_NAMES.length];
}

/** Is `name` one the start screen made up (so it may follow the seat's controller)? */
export function isDefaultName(name) {
  return name === "You" || BOT_NAMES.includes(name) || FRIEND_NAMES.includes(name) || /^Player \d$/.test(name) || /^Seat \d$/.test(name);
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

export function winnerText(view) {
  const result = view.result;
  const names = result.winners.map((i) => view.seats[i].name);
  if (names.length === 1) return names[0] === "You" ? "You win!" : `${names[0]} wins!`;
  return `Shared victory: ${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** "+2", "0", "-1": a score change. */
export const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** "You +2, Piet -1": the seat to play always, the others when their score changes. */
export function changeText(view, change, seat = view.current_seat) {
  const parts = change.map((d, i) => (i === seat || d !== 0 ? `${view.seats[i].name} ${signed(d)}` : null));
  return parts.filter(Boolean).join(", ");
}

/** Theme choices of the Settings panel, and what each is called. */
export const THEMES = [["system", "Follow the system"], ["light", "Light"], ["dark", "Dark"]];
