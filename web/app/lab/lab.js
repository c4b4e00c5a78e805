// The Bot Lab (lab.html, and embed.html?lab=1): write a bot in Python, run a match against
// a level, watch a game, keep bots (docs/bots.md). The game's engine worker plays the
// levels; the person's bot runs only in the sandbox (sandbox.js), never in this page.
// Nothing heavy loads before Run: the engine and the sandbox start on the first Run.

import { Engine } from "../../engine.js";
import { registerServiceWorker } from "../pwa.js";
import { EXAMPLES, LEVELS } from "../../vendor/bots.js";
import { makeEditor } from "./editor.js";
import { botFromLink, botNames, cleanName, deleteBot, exportBot, importBot, readBots, replacesBot, saveBot, shareLink } from "./keep.js";
import { MINE, laneCount, nativeCommand, runMatch, secretSeed } from "./match.js";
import { label, showResults } from "./results.js";
import { BotFailure, BotSandbox } from "./sandbox.js";
import { Watch } from "./watch.js";
import { hostBots, isBotHost } from "./host.js";

// lab.html?host=bots in a frame is not the Lab but the game page's bot host (host.js): it
// only relays, and the Lab's own page below never starts in it.
if (isBotHost()) {
  hostBots();
  await new Promise(() => {});
}

const $ = (id) => document.getElementById(id);
const root = document.documentElement;

/** The theme: a link's ?theme=, else the player's saved choice (as the game's pages). */
function theme() {
  let choice = new URLSearchParams(location.search).get("theme");
  if (choice !== "light" && choice !== "dark") {
    try {
      choice = JSON.parse(localStorage.getItem("destijl.prefs") || "null")?.theme;
    } catch {
      return;
    }
  }
  if (choice === "light" || choice === "dark") root.dataset.theme = choice;
}
theme();
const embedded = /^(1|on|true|yes)$/i.test(new URLSearchParams(location.search).get("embed") ?? "");
if (embedded) {
  document.body.dataset.mode = "lab-embed"; // compact: no API panel, no footer
  for (const link of document.querySelectorAll("a[href='./']")) link.target = "_blank";
}

let engine = null; // started on the first Run or Watch
let sandbox = null;
let running = false;
let stopRequested = false;
let stopPressed = null; // performance.now() when Stop was pressed
let games = []; // finished games of the last match: {record, names, title}
let watch = null;

const shared = botFromLink();
const editor = await makeEditor($("lab-editor"), {
  doc: shared?.code ?? EXAMPLES.starter,
  onChange: () => clearError(),
});
if (shared) {
  $("lab-foreign").hidden = false;
  $("bot-name").value = shared.name;
  root.dataset.foreign = "yes";
}
fillSaved();
$("lab-level").replaceChildren(...LEVELS.map(({ name, label: text, rating }) => new Option(`${text} (${rating})`, name, false, name === "medium")));
root.dataset.lab = "ready";
// Offline after this visit: the service worker keeps the Lab (and the game) in its cache.
// In the embed only from the first Run on: before it, nothing heavy loads.
let registered = false;
function keepOffline() {
  if (registered) return;
  registered = true;
  registerServiceWorker({ onOfflineReady: () => { root.dataset.offline = "ready"; } });
}
if (!embedded) keepOffline();

function status(text) {
  $("lab-status").textContent = text;
}

function note(text) {
  $("lab-keep-note").textContent = text;
}

function clearError() {
  $("lab-error").hidden = true;
  editor.markLine(null);
}

function showError(failure) {
  $("lab-error").hidden = false;
  $("lab-error-text").textContent = failure.message;
  $("lab-trace").textContent = failure.trace || "";
  $("lab-trace").hidden = !failure.trace;
  if (failure.line) editor.markLine(failure.line);
  root.dataset.labError = failure.kind || "error";
  // how long the failing request took, from asking the sandbox to its answer (tests read it)
  if (Number.isFinite(failure.afterMs)) root.dataset.labErrorMs = String(Math.round(failure.afterMs));
  else delete root.dataset.labErrorMs;
}

function number(id, low, high, fallback) {
  const value = Number($(id).value);
  return Number.isFinite(value) ? Math.min(high, Math.max(low, value)) : fallback;
}

/** The match's seed: the Seed field's (to replay a match), else a secret one drawn now. */
function matchSeed() {
  const text = $("lab-seed").value.trim();
  if (text === "") return { seed: secretSeed(), secret: true };
  const value = Number(text);
  const seed = Number.isFinite(value) ? Math.round(Math.min(SEED_MAX, Math.max(0, value))) : secretSeed();
  return { seed, secret: false };
}

const SEED_MAX = 2 ** 48 - 1;

function settings() {
  return {
    code: editor.get(),
    players: number("lab-players", 2, 5, 2),
    level: $("lab-level").value,
    games: Math.round(number("lab-games", 1, 200, 20)),
    ...matchSeed(),
    limitMs: Math.round(1000 * number("lab-limit", 0.1, 30, 1)),
  };
}

/** Forget an earlier Run's results: its table, chart, seed, games and board. */
function clearResults() {
  $("lab-results").hidden = true;
  $("lab-table").tBodies[0].replaceChildren();
  $("lab-chart").replaceChildren();
  $("lab-native").textContent = "";
  $("lab-seed-used").textContent = "";
  games = [];
  $("lab-game").replaceChildren();
  $("lab-watch").hidden = true;
  $("lab-board").hidden = true;
  $("lab-legend").replaceChildren();
}

/** After the match: its seed, now that no bot can use it, and the command that replays it. */
function showSeed(chosen) {
  $("lab-native").textContent = nativeCommand(chosen);
  $("lab-seed-used").textContent = chosen.secret
    ? `The deals came from the seed ${chosen.seed}, drawn at random for this match and never shown to your bot. Put it in Seed to play the same games again.`
    : `The deals came from the seed ${chosen.seed} that you chose.`;
  root.dataset.labSeed = String(chosen.seed);
}

function setRunning(on) {
  running = on;
  $("lab-run").disabled = on;
  $("lab-stop").disabled = !on;
  root.dataset.labRunning = on ? "yes" : "no";
}

async function startEngine() {
  if (!engine) {
    engine = new Engine();
    engine.onprogress = ({ fraction }) => status(`Loading the game engine… ${Math.round(100 * fraction)}%`);
  }
  await engine.ready;
  return engine;
}

async function run() {
  if (running) return;
  clearError();
  $("lab-foreign").hidden = true;
  root.dataset.foreign = "no";
  const chosen = settings();
  setRunning(true);
  root.dataset.labRuns = String(Number(root.dataset.labRuns ?? 0) + 1); // tells one Run from the next
  stopRequested = false;
  stopPressed = null;
  delete root.dataset.labGames;
  delete root.dataset.labStopMs;
  delete root.dataset.labSeed;
  delete root.dataset.labLoadMs;
  delete root.dataset.labMatchMs;
  clearResults();
  const started = performance.now();
  const progress = $("lab-progress");
  progress.value = 0;
  root.dataset.labState = "loading";
  keepOffline();
  try {
    await startEngine();
    sandbox ??= new BotSandbox();
    sandbox.onstatus = status;
    status("Starting Python for your bot…");
    const summary = await runMatch({
      engine,
      sandbox,
      settings: chosen,
      lanes: laneCount(chosen.games),
      stopped: () => stopRequested,
      // from Run to the bot loaded in a fresh worker (tests and docs/bots.md read it)
      onLoaded: (lane) => { if (lane === 0) root.dataset.labLoadMs = String(Math.round(performance.now() - started)); },
      onMove: ({ index, total, ply }) => {
        progress.value = (index + Math.min(1, ply / 40)) / total;
        if (root.dataset.labState !== "running") {
          root.dataset.labState = "running";
          status(`Playing game 1 of ${total}…`);
        }
      },
      onGame: ({ index, game, total, record, summary: table }) => {
        progress.value = index / total;
        root.dataset.labState = "running";
        root.dataset.labGames = String(index);
        status(`Played ${index} of ${total} games.`);
        $("lab-results").hidden = false;
        showResults($("lab-table"), $("lab-chart"), table);
        addGame(game, record);
      },
    });
    if (summary) showResults($("lab-table"), $("lab-chart"), summary); // every game, in order
    root.dataset.labMatchMs = String(Math.round(performance.now() - started));
    if (stopRequested) {
      status(`Stopped after ${games.length} ${games.length === 1 ? "game" : "games"}.`);
      root.dataset.labState = "stopped";
    } else {
      const mine = summary?.levels.find((row) => row.level === MINE);
      status(`Done: ${games.length} games. Your bot won ${Math.round(100 * (mine?.win_share ?? 0))}% against ${label(chosen.level)}.`);
      root.dataset.labState = "done";
    }
  } catch (error) {
    if (error instanceof BotFailure && error.kind === "stopped") {
      status(`Stopped after ${games.length} ${games.length === 1 ? "game" : "games"}.`);
      root.dataset.labState = "stopped";
    } else if (error instanceof BotFailure) {
      showError(error);
      status(`Stopped: your bot failed${error.game ? ` in game ${error.game}` : ""}.`);
      root.dataset.labState = "failed";
    } else {
      status(`The match could not run: ${error.message}`);
      root.dataset.labState = "failed";
    }
  } finally {
    showSeed(chosen); // the match is over: its seed can no longer help a bot
    setRunning(false);
    // how long the match took to end after Stop (tests read it)
    if (stopPressed !== null) root.dataset.labStopMs = String(Math.round(performance.now() - stopPressed));
  }
}

function stop() {
  stopRequested = true;
  stopPressed ??= performance.now();
  sandbox?.stop(); // ends a move under way at once
}

function addGame(index, record) {
  const names = record.seats.map((seat) => seat.name);
  const totals = record.result.seats.map((line) => line.total);
  const title = `Game ${index}: ${names.map((n, i) => `${n.replace(/ \d+$/, "")} ${totals[i]}`).join(", ")}`;
  games.push({ record, names, title, index });
  games.sort((a, b) => a.index - b.index); // lanes end their games out of order
  $("lab-game").replaceChildren(...games.map((g, i) => new Option(g.title, String(i))));
  $("lab-watch").hidden = false;
}

async function openWatch() {
  const game = games[Number($("lab-game").value)];
  if (!game) return;
  await startEngine();
  watch ??= new Watch({ engine, svg: $("lab-painting"), caption: $("lab-move"), legend: $("lab-legend") });
  $("lab-board").hidden = false;
  await watch.open(game.record, game.names);
  $("lab-watch").scrollIntoView({ block: "start", behavior: "smooth" });
}

function fillSaved() {
  const select = $("bot-saved");
  const names = botNames();
  select.replaceChildren(new Option(names.length ? "Choose…" : "None yet", ""), ...names.map((n) => new Option(n, n)));
}

$("lab-run").addEventListener("click", run);
$("lab-stop").addEventListener("click", stop);
$("lab-watch-open").addEventListener("click", () => openWatch().catch((e) => status(`Cannot show the game: ${e.message}`)));
for (const button of document.querySelectorAll("[data-watch]")) {
  button.addEventListener("click", () => watch?.step(button.dataset.watch));
}
$("lab-show-medium").addEventListener("click", () => {
  editor.set(EXAMPLES.medium);
  $("bot-name").value = "Medium";
  note("The medium level's own code: change it and Run.");
});
$("lab-api-open").addEventListener("click", (event) => {
  event.preventDefault();
  $("lab-api").focus();
  $("lab-api").scrollIntoView({ block: "start" });
});
$("bot-save").addEventListener("click", () => {
  const name = cleanName($("bot-name").value);
  if (replacesBot(name, editor.get()) && !window.confirm(`A bot named "${name}" is saved already. Replace it with this code?`)) {
    note(`Not saved: "${name}" is kept as it was. Choose another name to keep both.`);
    return;
  }
  const saved = saveBot(name, editor.get());
  if (saved.ok) {
    $("bot-name").value = saved.name;
    fillSaved();
    $("bot-saved").value = saved.name;
    note(`Saved "${saved.name}" on this device.`);
  } else {
    note(`Not saved: ${saved.problem}.`);
  }
});
$("bot-open").addEventListener("click", () => {
  const name = $("bot-saved").value;
  const bot = readBots().get(name);
  if (!bot) return note("Choose a saved bot first.");
  editor.set(bot.code);
  $("bot-name").value = name;
  $("lab-foreign").hidden = true;
  note(`Opened "${name}".`);
});
$("bot-delete").addEventListener("click", () => {
  const name = $("bot-saved").value;
  if (!name) return note("Choose a saved bot first.");
  if (!window.confirm(`Delete the bot "${name}" from this device?`)) return;
  const done = deleteBot(name);
  fillSaved();
  note(done.ok ? `Deleted "${name}".` : `Not deleted: ${done.problem}.`);
});
$("bot-export").addEventListener("click", () => {
  const file = exportBot($("bot-name").value, editor.get());
  note(`Exported ${file}. Run it on your computer: python -m destijl tournament --bots ${file},hard`);
});
$("bot-import").addEventListener("click", () => $("bot-file").click());
$("bot-file").addEventListener("change", async () => {
  const file = $("bot-file").files?.[0];
  $("bot-file").value = "";
  if (!file) return;
  const bot = await importBot(file);
  if (bot.problem) return note(`Not imported: ${bot.problem}.`);
  editor.set(bot.code);
  $("bot-name").value = bot.name;
  $("lab-foreign").hidden = false;
  root.dataset.foreign = "yes";
  note(`Imported ${file.name}. It runs only when you press Run.`);
});
$("bot-share").addEventListener("click", async () => {
  const link = shareLink(editor.get(), $("bot-name").value);
  try {
    await navigator.clipboard.writeText(link);
    note("The link is copied: whoever opens it sees your bot's code, and it runs only when they press Run.");
  } catch {
    note(`The link: ${link}`);
  }
  $("bot-share").dataset.link = link;
});
