// Openings as data: which games may start from one, which opening to show, the opening
// dressed in the page's seats, and the check that the engine's view is the one shown.
// Pure functions, no state, no engine (docs/web.md, "Openings").
//
//   fitsOpening({players: 3, rotations: true, first_player: 0, seats}, RULES) -> true
//   choose(32, 5) -> 0..31 but never 5;  dress(view, seats) -> a copy with their names
//   sameData(engineView, shownView) -> true when the engine dealt what the table showed

import { checkName } from "../names.js";

/**
 * Can the game of `args` (the new_game arguments the start screen makes, without a seed)
 * start from an opening? The build deals the openings with the default options: rotations
 * on, seat 1 first, each seat's default colours. Names and controllers may be anything the
 * engine takes (they change nothing else in a first view; tests/engine/test_openings.py).
 */
export function fitsOpening(args, rules) {
  const colors = rules.default_colors?.[args.players];
  return args.seed === undefined && args.rotations === true && args.first_player === 0
    && Array.isArray(colors) && Array.isArray(args.seats) && args.seats.length === args.players
    && args.seats.every((seat, i) => sameData(seat.colors, colors[i])
      && typeof seat.name === "string" && checkName(seat.name).name === seat.name
      && typeof seat.controller === "string" && seat.controller !== "friend");
}

/** A random index below `count`, never `last` (the one this device saw last) when there is another. */
export function choose(count, last = -1, random = Math.random) {
  if (count < 2) return 0;
  const skip = last >= 0 && last < count ? 1 : 0;
  const index = Math.floor(random() * (count - skip)) % (count - skip);
  return skip && index >= last ? index + 1 : index;
}

/** A copy of the opening `view` with the seats' names and controllers of `seats`. */
export function dress(view, seats) {
  const copy = structuredClone(view);
  for (const list of [copy.seats, copy.record.seats]) {
    list.forEach((seat, i) => {
      seat.name = seats[i].name;
      seat.controller = seats[i].controller;
    });
  }
  return copy;
}

/** Deep equality of two JSON values (the order of object keys aside). */
export function sameData(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length
    && keys.every((key) => Object.hasOwn(b, key) && sameData(a[key], b[key]));
}
