// A Bot Lab match (docs/bots.md): the person's bot against a level, the games of
// `python -m destijl tournament` (deal seed + d, each deal once per seat rotation). The
// engine's worker plays the levels (lab_advance), the sandbox the bot, one move at a time;
// only the public state goes to the bot, never the record (it holds the deal).

import { BotFailure } from "./sandbox.js";

export const MINE = "mine";

/**
 * Play the match. `settings`: {code, players, level, games, seed, limitMs}. Callbacks:
 * onGame({index, total, result, record, summary}) after each game. `stopped()` is asked
 * between moves. Resolves with the last summary (null if stopped before a game ended);
 * rejects with a BotFailure when the bot fails (the match stops there).
 */
export async function runMatch({ engine, sandbox, settings, onGame = () => {}, onMove = () => {}, stopped = () => false }) {
  const { code, players, level, games, seed, limitMs } = settings;
  const lineup = [MINE, level];
  const deals = Math.ceil(games / players);
  const total = deals * players;
  const movesPerSeat = await totalPlies(engine, players) / players;
  await sandbox.load(code, limitMs);
  const results = [];
  let summary = null;
  for (let deal = 0; deal < deals; deal++) {
    for (let rotation = 0; rotation < players; rotation++) {
      if (stopped()) return summary;
      const spec = { players, seed, deal, rotation, lineup };
      const think = new Array(players).fill(0); // ms per seat
      let reply = await engine.call("lab_advance", spec);
      add(think, reply.think_ms);
      while (!reply.over) {
        if (stopped()) return summary;
        const seat = reply.state.seat;
        let answer;
        try {
          answer = await sandbox.choose(reply.state, reply.seed, reply.ply, limitMs);
        } catch (error) {
          if (error instanceof BotFailure) error.game = results.length + 1;
          throw error;
        }
        if (stopped()) return summary;
        think[seat] += answer.ms;
        reply = await engine.call("lab_advance", { ...spec, record: reply.record, move: answer.move });
        add(think, reply.think_ms);
        onMove({ index: results.length, total, ply: reply.ply });
      }
      const result = reply.result;
      for (const line of result.seats) {
        const seat = (line.slot - rotation + players) % players;
        line.ms = think[seat] / movesPerSeat;
      }
      results.push(result);
      summary = await engine.call("lab_summary", { players, seed, lineup, results });
      onGame({ index: results.length, total, result, record: reply.record, rotation, summary });
    }
  }
  return summary;
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
