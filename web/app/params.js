// URL parameters: a share link or an embed's options. `readParams` turns a query string
// into a setup for the start screen plus plain-language notes about anything it could not
// use (then the default is kept); `shareParams` writes a game's setup back as a query.
// Only the shape of values is checked here; the engine judges the game setup itself.
//
//   ?seats=human,medium,hard&names=Ann,Piet,Theo&colors=R,Y,B&seed=42&rotations=off&first=2
//   ?seats=human,easy&colors=RY,BK            (two players: two colours each)
//   &speed=fast  &theme=dark  &autostart=1    (display options)
//   &autoload=1                               (embed: load at once, not on Start game; main.js reads it)
//   ?daily                                    (opens Today's Painting, docs/daily.md)

import { checkName } from "./names.js";
import { clip } from "./quote.js";
import { RULES } from "./rules-data.js";
import { defaultSeat, defaultSetup } from "./state.js";
import { TEST_HOOKS } from "./test-hooks.js";
import { FRIEND_BOTS_WHY, defaultName, friendAllows } from "./words.js";

const LEVELS = RULES.levels.map((level) => level.name); // the engine's bot levels, e.g. ["random", "easy", ...]
const MIN_PLAYERS = Math.min(...RULES.players);
const MAX_PLAYERS = Math.max(...RULES.players);
const PLAYERS_TEXT = `${MIN_PLAYERS} to ${MAX_PLAYERS}`; // "2 to 5"
const SPEEDS = ["slow", "normal", "fast"];
const THEMES = ["light", "dark"];
// `debug` only in a build with test hooks (test-hooks.js); in a deploy it is unknown and said so
const KNOWN = ["players", "friend", "seats", "names", "colors", "seed", "rotations", "first", "speed", "theme", "autostart", "autoload", "daily",
  "puzzle", "puzzles", // the puzzle mode's (puzzles/entry.js, docs/puzzles.md)
  ...(TEST_HOOKS ? ["debug"] : [])];
const SETUP_KEYS = ["players", "friend", "seats", "names", "colors", "seed", "rotations", "first"];
const YES = ["1", "on", "true", "yes"];
const NO = ["0", "off", "false", "no"];

/** '"a", "b", "c" and 1,997 more': parameter names, quoted short. */
function listed(keys) {
  const named = keys.slice(0, 3).map((key) => `"${clip(key, 40)}"`).join(", ");
  return keys.length > 3 ? `${named} and ${(keys.length - 3).toLocaleString("en")} more` : named;
}

function controllerOf(word) {
  const w = word.trim().toLowerCase();
  if (w === "human" || w === "you") return "human";
  if (w === "friend") return "friend"; // a person on another device: a friend game (docs/friends.md)
  const level = w.startsWith("bot:") ? w.slice(4) : w;
  return LEVELS.includes(level) ? `bot:${level}` : null;
}

/**
 * Read `search` (location.search). Returns {setup | null, speed, theme, autostart, notes}:
 * setup is null when the query sets up nothing.
 */
export function readParams(search, base = defaultSetup()) {
  const notes = [];
  const q = onceEach(search, notes);
  const out = { setup: null, ...readLook(q, notes), daily: q.has("daily"), notes };
  if (!SETUP_KEYS.some((k) => q.has(k))) return out;
  const seatWords = q.get("seats") === null ? null : q.get("seats").split(",");
  const players = readPlayers(q, seatWords, notes);
  const seats = readSeats(q, players, seatWords, notes);
  out.setup = { ...base, seats, ...readOptions(q, players, notes) };
  return out;
}

/**
 * The parameters given once each. One rule with the engine's (a key twice in one object is
 * refused): a parameter given twice is used neither time, and said so; unknown ones are named.
 */
function onceEach(search, notes) {
  const given = new URLSearchParams(search);
  const counts = new Map();
  for (const key of given.keys()) counts.set(key, (counts.get(key) || 0) + 1);
  const twice = [...counts].filter(([, n]) => n > 1).map(([key]) => key);
  const unknown = [...counts].filter(([key, n]) => n === 1 && !KNOWN.includes(key)).map(([key]) => key);
  if (twice.length) notes.push(`The link gives ${listed(twice)} more than once; ${twice.length === 1 ? "it was" : "they were"} ignored (each may appear once).`);
  if (unknown.length === 1) notes.push(`The link's parameter "${clip(unknown[0], 40)}" is not one De Stijl knows; it was ignored.`);
  else if (unknown.length > 1) notes.push(`The link's parameters ${listed(unknown)} are not ones De Stijl knows; they were ignored.`);
  return new URLSearchParams([...given].filter(([key]) => counts.get(key) === 1));
}

/** The display options: {speed, theme, autostart}. */
function readLook(q, notes) {
  const look = { speed: null, theme: null, autostart: false };
  const speed = q.get("speed");
  if (speed !== null) {
    if (SPEEDS.includes(speed)) look.speed = speed;
    else notes.push(`speed: "${clip(speed)}" is not one of ${SPEEDS.join(", ")}; using normal.`);
  }
  const theme = q.get("theme");
  if (theme !== null) {
    if (THEMES.includes(theme)) look.theme = theme;
    else notes.push(`theme: "${clip(theme)}" is not one of ${THEMES.join(", ")}; using light.`);
  }
  const auto = q.get("autostart");
  if (auto !== null) look.autostart = YES.includes(auto.toLowerCase());
  return look;
}

/** The number of players: from `players`, else from the number of `seats`, else 3. */
function readPlayers(q, seatWords, notes) {
  if (q.has("players")) {
    const n = Number(q.get("players"));
    if (RULES.players.includes(n)) return n;
    notes.push(`players: "${clip(q.get("players"))}" is not a number from ${PLAYERS_TEXT}; using ${RULES.players.includes(seatWords?.length) ? seatWords.length : 3}.`);
  }
  if (seatWords && RULES.players.includes(seatWords.length)) return seatWords.length;
  if (q.has("friend") && !seatWords) return 2;
  if (seatWords && !q.has("players")) notes.push(`seats: ${seatWords.length} seat(s) given, but a game has ${PLAYERS_TEXT}; using 3.`);
  return 3;
}

/** The seats: who plays each (`seats`, `friend`), then their names and colours. */
function readSeats(q, players, seatWords, notes) {
  const seats = Array.from({ length: players }, (_, i) => ({ ...defaultSeat(i, players) }));
  if (q.has("friend") && !seatWords) { // `/?friend`: "Play a friend": this device and a Friend, the rest bots
    seats[1] = { ...seats[1], controller: "friend", name: defaultName(1, "friend", []) };
  }
  if (seatWords) readControllers(q, seats, seatWords, notes);
  if (q.has("names")) {
    q.get("names").split(",").slice(0, players).forEach((name, i) => {
      const checked = checkName(name); // the engine's rule (names.js)
      if (checked.name) seats[i].name = checked.name;
      else notes.push(`names: seat ${i + 1}'s name: ${checked.why}; keeping "${clip(seats[i].name)}".`);
    });
  }
  if (q.has("colors")) readColors(q.get("colors").split(","), seats, notes);
  return seats;
}

/** Each seat's controller from `seats` (a friend game keeps only the levels it allows). */
function readControllers(q, seats, seatWords, notes) {
  const players = seats.length;
  if (seatWords.length !== players && q.has("players")) {
    notes.push(`seats: ${seatWords.length} given for ${players} players; the rest keep their defaults.`);
  }
  seatWords.slice(0, players).forEach((word, i) => {
    const controller = controllerOf(word);
    if (controller) seats[i].controller = controller;
    else notes.push(`seats: "${clip(word)}" is not human, friend, ${LEVELS.join(", ")}; seat ${i + 1} keeps ${seats[i].controller === "human" ? "human" : "a medium bot"}.`);
  });
  if (seats.some((seat) => seat.controller === "friend")) {
    seats.forEach((seat, i) => {
      if (friendAllows(seat.controller)) return;
      notes.push(`seats: ${FRIEND_BOTS_WHY} Seat ${i + 1} plays a medium bot.`);
      seat.controller = "bot:medium";
    });
  }
  // default names that follow the seat type
  seats.forEach((seat, i) => {
    seat.name = defaultName(i, seat.controller, seats.slice(0, i));
  });
}

/** Each seat's colour letters from `colors` (as many letters as the rules give a seat). */
function readColors(groups, seats, notes) {
  const players = seats.length;
  const want = RULES.colors_per_seat[players];
  if (groups.length !== players) notes.push(`colors: ${groups.length} given for ${players} players; the rest keep their defaults.`);
  groups.slice(0, players).forEach((group, i) => {
    const letters = [...group.trim().toUpperCase()];
    if (letters.length === want && letters.every((c) => RULES.colors.includes(c))) seats[i].colors = letters;
    else notes.push(`colors: "${clip(group)}" for seat ${i + 1} should be ${want} letter${want > 1 ? "s" : ""} from ${RULES.colors.join(", ")}; keeping ${seats[i].colors.join("")}.`);
  });
}

/** The game's options: {seed, rotations, first}. */
function readOptions(q, players, notes) {
  const options = { seed: "", rotations: true, first: 0 };
  if (q.has("seed")) {
    const seed = q.get("seed").trim();
    if (/^\d{1,15}$/.test(seed)) options.seed = seed;
    else notes.push(`seed: "${clip(seed)}" is not a whole number; a random seed will be used.`);
  }
  if (q.has("rotations")) {
    const r = q.get("rotations").toLowerCase();
    if (YES.includes(r)) options.rotations = true;
    else if (NO.includes(r)) options.rotations = false;
    else notes.push(`rotations: "${clip(r)}" is not on or off; rotations stay on.`);
  }
  if (q.has("first")) {
    const f = Number(q.get("first"));
    if (Number.isInteger(f) && f >= 1 && f <= players) options.first = f - 1;
    else notes.push(`first: "${clip(q.get("first"))}" is not a seat from 1 to ${players}; seat 1 starts.`);
  }
  return options;
}

/** The query string that sets up `record`'s game again (same seats, options and seed). */
export function shareParams(record, extra = {}) {
  const q = new URLSearchParams();
  q.set("seats", record.seats.map((s) => (s.controller.startsWith("bot:") ? s.controller.slice(4) : s.controller)).join(","));
  q.set("names", record.seats.map((s) => s.name.replaceAll(",", " ")).join(","));
  q.set("colors", record.seats.map((s) => s.colors.join("")).join(","));
  if (record.seed !== undefined && record.seed !== null) q.set("seed", String(record.seed));
  q.set("rotations", record.options.rotations ? "on" : "off");
  q.set("first", String(record.first_player + 1));
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q.toString();
}

/** The query without its game-setup parameters (display options stay). */
export function withoutSetup(search) {
  const q = new URLSearchParams(search);
  for (const key of [...SETUP_KEYS, "autostart"]) q.delete(key);
  const rest = q.toString();
  return rest ? `?${rest}` : "";
}
