// Bots: while a bot holds the turn, ask the engine for its move and play it, one visible
// move at a time, at the chosen pace.

import { RULES } from "../rules-data.js";
import * as T from "../transitions.js";
import { modeOf } from "../modes.js";
import { isBot } from "../words.js";
import { MY_BOT, myBotMove } from "./mybot.js";
import { lost, reason } from "./narration.js";

/** Bot pacing in ms: a minimum thinking time, then a pause to watch the card land. */
// The pause after a bot's card lands is long enough to see where it went and what it scored
// (its outline and the score note's "Piet placed here: Piet +7") before the next one moves.
const SPEEDS = { slow: { think: 1100, after: 1800 }, normal: { think: 500, after: 1000 }, fast: { think: 0, after: 60 } };

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// <html data-bots="running" | "idle">: whether the bots' loop is going, so a test can wait
// for it to settle before checking that no bot moved.
const mark = (running) => { document.documentElement.dataset.bots = running ? "running" : "idle"; };

/**
 * @param deps `engine`, the store's `get`/`up`, `table` (the generation: `now`, `stale`) and
 *   `moves` (`play`, `moved`: a move in the table's mode, and showing it).
 * @returns {{run: () => Promise<void>}}
 */
export function createBots({ engine, get, up, table, moves }) {
  let running = false;

  /** Play the bots' turns until a human's turn, the end, or a newer generation. */
  async function run() {
    if (running) return;
    running = true;
    mark(true);
    const mine = table.now();
    try {
      for (;;) {
        const s = get();
        const v = s.view;
        if (table.stale(mine) || s.screen !== "table" || !modeOf(s).takesMoves || !v || v.is_over) return;
        if (s.engine.status !== "ready") return; // a restarted engine runs the bots again (loading.js)
        // a person's placement or undo is on its way to the engine: the bots would play on the
        // view it is about to replace; it runs the bots itself once its answer is in (games.js)
        if (s.busy) return;
        const seat = v.current_seat;
        if (seat === null || !isBot(v.seats[seat].controller)) return; // null: a friend game's draw
        if (!modeOf(s).botsHere(s)) return; // a friend game watched: the bots move on a player's device
        up(T.thinking, seat);
        const pace = SPEEDS[s.speed] || SPEEDS.normal;
        const own = v.seats[seat].controller === MY_BOT; // the person's own bot: in its sandbox
        const ask = own ? myBotMove(engine, v).then((move) => ({ move }))
          : engine.call("bot_move", { record: v.record, time_ms: RULES.think_ms /* a searching bot stops by then */ });
        const [{ move }] = await Promise.all([ask, delay(pace.think)]);
        if (table.stale(mine)) return;
        const view = await moves.play(v.record, move);
        if (table.stale(mine)) return;
        moves.moved(v, view);
        await delay(SPEEDS[get().speed]?.after ?? pace.after);
      }
    } catch (error) {
      if (!table.stale(mine) && !lost(error)) up(T.refused, `A bot could not move: ${reason(error)}`, true);
    } finally {
      running = false;
      if (table.stale(mine)) setTimeout(run, 0); // a newer game or undo may need its bots
      else mark(false);
    }
  }

  return { run };
}
