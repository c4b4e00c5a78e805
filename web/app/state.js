// The one state object of the page. render/renderer.js reads it; transitions.js makes new ones.
// Every field says what it holds and gives an example value.

import { RULES } from "./rules-data.js";
import { KEEP_CHOICES, KEEP_FINISHED } from "./keeping.js";
import { defaultName, THEMES } from "./words.js";

/** Colours a fresh setup gives each seat (the engine's defaults, docs/api.md). */
export function defaultColors(players) {
  return (RULES.default_colors[players] || []).map((colors) => [...colors]);
}

/** A seat of the start screen's form. */
export function defaultSeat(index, players) {
  return {
    name: defaultName(index, index === 0 ? "human" : "bot"), // "You", then "Piet"
    controller: index === 0 ? "human" : "bot:medium", // "bot:medium"
    colors: defaultColors(players)[index], // ["R"] or ["R", "Y"] with 2 players
  };
}

/** The start screen's form: you against two medium bots. */
export function defaultSetup() {
  return {
    seats: [0, 1, 2].map((i) => defaultSeat(i, 3)), // one entry per seat, 2 to 5
    rotations: true, // cards may be turned; false sends rotations: false
    seed: "", // optional seed as typed; "" lets the engine pick one, e.g. "1234"
    first: 0, // seat holding the First Player card in round 1; e.g. 2
  };
}

/** The look's settings from saved preferences; anything unknown falls back to the default. */
export function settingsFromPrefs(prefs) {
  const theme = THEMES.some(([value]) => value === prefs?.theme) ? prefs.theme : "system";
  const keepFinished = KEEP_CHOICES.includes(prefs?.keepFinished) ? prefs.keepFinished : KEEP_FINISHED;
  return { theme, colourBlind: prefs?.colourBlind === true, keepFinished };
}

/**
 * The page's first state. `teach` is the teaching aids' own part (teach/state.js's
 * teachState(), handed in by app.js, so this module imports no feature folder).
 */
export function createState(mode = "full", { teach = null } = {}) {
  return {
    mode, // page layout: "full" site or the compact "embed"; e.g. "embed"
    screen: "start", // what the main area shows: "start" or "table"; e.g. "table"
    engine: { status: "loading", stage: "", fraction: 0, error: null }, // e.g. {status: "failed", error: "timeout"}
    setup: defaultSetup(), // the start screen's form; e.g. {seats: [...], rotations: true, seed: ""}
    speed: "normal", // how fast bots play: "slow", "normal" or "fast"; e.g. "fast"
    notices: [], // explanations shown on the start screen (bad link, bad save); e.g. ["seed: ..."]
    restoring: false, // a saved game is being restored at load; e.g. true
    opening: null, // the table shows a build-time opening the engine has not confirmed yet, with the person's queued first move (opening/state.js); e.g. {seed: 8123, players: 3, move: null}
    view: null, // the engine's view of the game being played (docs/api.md); e.g. {ply: 4, ...}
    replay: null, // the replay viewer's view at an earlier ply, or null; e.g. {ply: 2, ...}
    held: null, // id of the Gallery card being held; e.g. 17
    rotation: 0, // clockwise rotation of the held card in degrees; e.g. 90
    hover: null, // top-left cell of the ghost card under the pointer; e.g. [2, -1]
    tapped: null, // the spot a tap showed the held card on: a second tap there places it; e.g. [2, -1]
    camera: null, // the Painting's SVG viewBox after pan/zoom, null = fit; e.g. {x: -5, y: -4, w: 13, h: 11}
    thinking: null, // seat index of the bot choosing its move; e.g. 2
    busy: false, // a command for the human is waiting on the engine; e.g. true
    error: null, // the last refused action, from the engine's message; e.g. "…covers 5 cells…"
    stalled: false, // the bots stopped on an engine error until "Try again"; e.g. true
    announcement: "", // text of the aria-live region; e.g. "Piet placed card 17 at column 3, row -1."
    highlight: null, // colour letter whose strokes the Painting highlights; e.g. "R"
    fresh: null, // the placement to animate; e.g. {seat: 1, card: 17, x: 3, y: -1, rotation: 0}
    dialog: null, // an open dialog: {kind: "share", url} or {kind: "menu"}; e.g. {kind: "share", url: "…"}
    updateReady: false, // a new version waits in the service worker; e.g. true
    teach, // preview, hint, score history, Moves/Points panel, Rules, tour (teach/state.js); e.g. {rules: true, ...}
    settings: { theme: "system", colourBlind: false, keepFinished: KEEP_FINISHED }, // the Settings panel's choices (remembered in prefs); e.g. {theme: "dark", colourBlind: true, keepFinished: "all"}
    themeOverride: null, // a ?theme= link parameter for this visit only; e.g. "dark"
    cursor: null, // the cell the screen-reader explorer of the Painting is on; e.g. [2, -1]
    gameId: null, // the id this tab saves its game under (saved-games.js, tab-game.js); e.g. "m3x9k2-4f7a"
    savedBots: [], // names of the bots saved in the Bot Lab (lab/keep.js), offered as "My bot: NAME"; e.g. ["Greedy", "Corners"]
    saves: [], // saved games for the start screen, newest first; e.g. [{id, moves: 7, savedAt, over, seats}]
    brokenSaves: [], // saves that cannot be opened, kept for the player to export or delete; e.g. [{id, why: "the save is damaged: …"}]
    savesNote: "", // how many finished games were tidied away this visit; e.g. "3 older finished games were tidied away (…)"
    saveProblem: null, // why the game is not being saved and what is kept, and how many finished games Make room would delete; e.g. {text: "This game is not being saved: …", room: 2}
    friend: null, // the friend game on the page (friends/control.js): {key, game, seat, secret, record, next, link, linkFor, over, dealt, names, note}; e.g. {seat: 0, linkFor: ["Ben"], ...}
    friendSaves: [], // friend games kept on this device, newest first (friends/store.js); e.g. [{key, names, next, over, ...}]
    origin: null, // how the table's game came to this device, saved with it (mode.js ORIGINS): dealt here ("normal", "daily", "practice", "puzzle"), "friend", "link", "import", "replay" or "unknown" (an older save); e.g. "link"
    invite: null, // a game link being opened, before the engine has (control/links.js): null, {seats: null} (any link), or a friend game's invitation (link/invite.js inviteOf); e.g. {from: "Ann", seats: [{name, colors, controller, joined}], yours: 1, open: 1, moves: 0, watching: false}
    shared: null, // the table's game came from a game link (control/links.js); e.g. {kind: "daily", number: 3, day: "2026-12-03"}
    daily: null, // the table's game is a Today's Painting (daily/); e.g. {date: "2026-12-01", number: 1, practice: false}
    dailyResult: null, // its result once over: {pending: true}, {error}, or e.g. {total: 23, par: 19, verdict: "beaten", place: 1, share: "De Stijl · …"}
    today: null, // today's local date and puzzle number for the start screen; e.g. {date: "2026-12-01", number: 1}
    dailyDays: {}, // scored Today's Paintings kept on the device (daily/store.js); e.g. {"2026-12-01": {score: 23, par: 19, place: 1, players: 3, link: "dVHL…"}}
  };
}
