// "My bot" at the table (controller "bot:mine", docs/bots.md): the person's own bot from
// the Bot Lab takes a seat. It plays in the Lab's sandbox (an opaque-origin iframe with a
// worker of its own), never in the game's worker: the engine gives only the public state
// of the seat to play (bot_state), the sandbox the move, and the engine then plays it.
// This page's policy does not allow the sandbox itself: a hidden Lab page makes it (the
// bot host, lab/host.js). A seat is played by the saved bot of the seat's name (the start
// screen's "My bot: NAME" names the seat so), else by the bot saved last. Each bot gets a
// sandbox of its own, started at its first move, so two of the person's bots can play
// each other.

import { readBots } from "../lab/keep.js";

export const MY_BOT = "bot:mine";
const LIMIT_MS = 1000; // per move, as the Lab's default

const sandboxes = new Map(); // bot name -> {box, code}

/** The saved bot that plays a seat named `seatName`: {name, code}, or null if none is saved. */
export function botForSeat(seatName, bots = readBots()) {
  if (bots.has(seatName)) return { name: seatName, code: bots.get(seatName).code };
  const latest = [...bots].sort((a, b) => String(b[1].savedAt).localeCompare(String(a[1].savedAt)))[0];
  return latest ? { name: latest[0], code: latest[1].code } : null;
}

function drop(name) {
  sandboxes.get(name)?.box.destroy();
  sandboxes.delete(name);
}

/** The move of the person's bot for the seat to play in `view` (throws an Error that says why). */
export async function myBotMove(engine, view) {
  const bot = botForSeat(view.seats[view.current_seat].name);
  if (!bot) throw new Error("no bot is saved yet: write one in the Bot Lab (lab.html) and press Save");
  const { BotSandbox } = await import("../lab/sandbox.js");
  let entry = sandboxes.get(bot.name);
  if (!entry || entry.code !== bot.code) {
    drop(bot.name);
    entry = { box: new BotSandbox({ viaHost: true }), code: bot.code };
    sandboxes.set(bot.name, entry);
    try {
      await entry.box.load(bot.code, LIMIT_MS);
    } catch (error) {
      drop(bot.name);
      throw new Error(`your bot "${bot.name}" did not load: ${error.message}`);
    }
  }
  const { state, seed } = await engine.call("bot_state", { record: view.record });
  try {
    const { move } = await entry.box.choose(state, seed, view.ply, LIMIT_MS);
    return move;
  } catch (error) {
    // its worker is gone (too slow, out of memory, crashed): load it again next time
    if (["timeout", "memory", "crash"].includes(error.kind)) drop(bot.name);
    throw new Error(`your bot "${bot.name}" failed: ${error.message}`);
  }
}
