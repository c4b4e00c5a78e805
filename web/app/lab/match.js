// A Bot Lab match (docs/bots.md): the person's bot against a level, the games of
// `python -m destijl tournament` (deal seed + d, each deal once per seat rotation), from a
// secret seed drawn per match. The engine's worker plays the levels (lab_advance), the
// sandbox the bot, one move at a time, on up to one worker per core; only the public state
// goes to the bot, never the record (it holds the deal) nor the seed.

import { BotFailure } from "./sandbox.js";

export const MINE = "mine";

/** The most sandboxed workers a match uses at once: one per core (each is a Python). */
export function laneCount(games) {
  return Math.max(1, Math.min(games, navigator.hardwareConcurrency || 1));
}

/**
 * A match's secret seed: random per match (WebCrypto), drawn in this page and never sent to
 * the sandbox, so no bot can rebuild the deals from it (docs/bots.md). 48 bits: too many
 * to search, and seed + deal stays a safe integer (the engine's limit).
 */
export function secretSeed() {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high & 0xffff) * 2 ** 32 + low;
}

/**
 * Play the match. `settings`: {code, players, level, games, seed, limitMs}. Callbacks:
 * onGame({index, game, total, result, record, summary}) after each game (`index`: how many
 * have ended, `game`: its number in the match), onLoaded(lane) once a lane's bot is loaded. `stopped()` is asked
 * between moves. The games are shared among `lanes` workers of the sandbox, each with a
 * fresh Python and the bot loaded afresh; a game's moves depend only on its deal, seat
 * rotation and move seeds, so the results are those of one worker. Resolves with the
 * summary of every game played, in the games' order (null if none ended); rejects with
 * the BotFailure of the earliest game that failed, as one worker playing the games in order
 * would meet it: when a game fails, no later game starts and the games before it play on
 * (they may fail earlier still). The sandbox's workers are ended either way.
 */
export async function runMatch({ engine, sandbox, settings, lanes = 1, onGame = () => {}, onMove = () => {}, onLoaded = () => {}, stopped = () => false }) {
  const { code, players, level, games, seed, limitMs } = settings;
  const lineup = [MINE, level];
  const deals = Math.ceil(games / players);
  const total = deals * players;
  const movesPerSeat = await totalPlies(engine, players) / players;
  const results = new Array(total).fill(null);
  let next = 0; // the next game to hand to a lane
  let played = 0;
  let failure = null; // the failure of the earliest game that failed (game 0: before any game)
  /** Whether the game of `index` (0-based) is not to be played on. */
  const halted = (index) => stopped() || (failure !== null && index + 1 >= failure.game);

  async function playGame(index, lane) {
    const deal = Math.floor(index / players);
    const rotation = index % players;
    const spec = { players, seed, deal, rotation, lineup };
    const think = new Array(players).fill(0); // ms per seat
    let reply = await engine.call("lab_advance", spec);
    add(think, reply.think_ms);
    while (!reply.over) {
      if (halted(index)) return;
      const seat = reply.state.seat;
      let answer;
      try {
        answer = await sandbox.choose(reply.state, reply.seed, reply.ply, limitMs, lane);
      } catch (error) {
        if (error instanceof BotFailure) error.game = index + 1;
        throw error;
      }
      if (halted(index)) return;
      think[seat] += answer.ms;
      reply = await engine.call("lab_advance", { ...spec, record: reply.record, move: answer.move });
      add(think, reply.think_ms);
      onMove({ index: played, total, ply: reply.ply });
    }
    const result = reply.result;
    for (const line of result.seats) {
      const seat = (line.slot - rotation + players) % players;
      line.ms = think[seat] / movesPerSeat;
    }
    results[index] = result;
    played += 1;
    const summary = await engine.call("lab_summary", { players, seed, lineup, results: results.filter(Boolean) });
    onGame({ index: played, game: index + 1, total, result, record: reply.record, rotation, summary });
  }

  async function runLane(lane) {
    await sandbox.load(code, limitMs, lane);
    onLoaded(lane);
    while (next < total && !halted(next)) await playGame(next++, lane);
  }

  function failed(error) {
    if (!(error instanceof BotFailure)) error.game = 0; // the engine's: nothing goes on
    else if (!Number.isInteger(error.game)) error.game = 0; // loading the bot failed
    if (failure && failure.game <= error.game) return;
    failure = error;
    if (error.game === 0) sandbox.stop(); // every lane's move under way is dropped at once
  }

  try {
    await Promise.all(Array.from({ length: Math.min(lanes, total) }, (_, lane) => runLane(lane).catch(failed)));
  } finally {
    sandbox.end();
  }
  if (failure && !(failure instanceof BotFailure && failure.kind === "stopped" && stopped())) throw failure;
  const done = results.filter(Boolean);
  return done.length ? engine.call("lab_summary", { players, seed, lineup, results: done }) : null;
}

function add(into, values) {
  (values || []).forEach((v, i) => { into[i] += v; });
}

async function totalPlies(engine, players) {
  const view = await engine.call("new_game", { players, seed: 0 });
  return view.plies;
}

/** The command line that plays the same match natively (docs/bots.md). */
export function nativeCommand({ players, level, games, seed }) {
  return `python -m destijl tournament --players ${players} --bots mybot.py,${level} --games ${games} --seed ${seed} --jobs 1`;
}
