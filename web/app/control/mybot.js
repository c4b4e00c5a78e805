// "My bot" at the table (controller "bot:mine", docs/bots.md): the person's own bot from
// the Bot Lab takes a seat. It plays in the Lab's sandbox (an opaque-origin iframe with a
// worker of its own), never in the game's worker: the engine gives only the public state
// of the seat to play (bot_state), the sandbox the move, and the engine then plays it.
// The bot is the one saved last in the Lab; the sandbox starts at its first move.

export const MY_BOT = "bot:mine";
const LIMIT_MS = 1000; // per move, as the Lab's default

let sandbox = null; // {box, code}

/** The bot saved last in the Lab: {name, code}, or null. */
async function latestBot() {
  const { readBots } = await import("../lab/keep.js");
  const bots = Object.entries(readBots());
  if (!bots.length) return null;
  bots.sort((a, b) => String(b[1].savedAt).localeCompare(String(a[1].savedAt)));
  return { name: bots[0][0], code: bots[0][1].code };
}

/** The move of the person's bot for the seat to play in `view` (throws an Error that says why). */
export async function myBotMove(engine, view) {
  const bot = await latestBot();
  if (!bot) throw new Error("no bot is saved yet: write one in the Bot Lab (lab.html) and press Save");
  const { BotSandbox } = await import("../lab/sandbox.js");
  if (!sandbox || sandbox.code !== bot.code) {
    sandbox?.box.destroy();
    sandbox = { box: new BotSandbox(), code: bot.code };
    try {
      await sandbox.box.load(bot.code, LIMIT_MS);
    } catch (error) {
      sandbox.box.destroy();
      sandbox = null;
      throw new Error(`your bot "${bot.name}" did not load: ${error.message}`);
    }
  }
  const { state, seed } = await engine.call("bot_state", { record: view.record });
  try {
    const { move } = await sandbox.box.choose(state, seed, view.ply, LIMIT_MS);
    return move;
  } catch (error) {
    if (error.kind === "timeout" || error.kind === "crash") { // its worker is gone: load again next time
      sandbox.box.destroy();
      sandbox = null;
    }
    throw new Error(`your bot "${bot.name}" failed: ${error.message}`);
  }
}
