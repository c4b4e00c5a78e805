// The puzzle mode's screen (docs/puzzles.md): its own app, controller and view wired here, plugged
// into the page by puzzles/entry.js; it draws its own screen, not the game's table, and asks
// the mode (puzzles/mode.js, on the mode interface) whose seat plays, when a placement is
// taken and how a puzzle ends. The set is fetched when the mode first opens (never before: the embed
// loads nothing of it before Play); the engine answers whether a placement solves a puzzle
// (puzzle_answer), picks the day's puzzle (puzzle_day) and draws the boards (view, play).

import { h, replace } from "../dom.js";
import { localDate } from "../daily/day.js";
import { judged, PUZZLE, started, takesPlacement } from "./mode.js";
import { asked, nextPuzzle, readSet, themesOf } from "./pick.js";
import * as R from "./render.js";
import { loadPuzzles, recordAttempt, savePuzzles } from "./store.js";

let setLoad = null;
const loadSet = () => {
  setLoad ??= fetch(new URL("puzzles.json", document.baseURI)).then((r) => {
    if (!r.ok) throw new Error(`the puzzles did not load (HTTP ${r.status})`);
    return r.json();
  }).then(readSet).catch((error) => { setLoad = null; throw error; });
  return setLoad;
};

/** The puzzle mode inside `root` (the #puzzles section), on the page's `engine`. */
export function createPuzzles({ engine, root, onClose }) {
  const mode = new PuzzleMode(engine, root, onClose);
  root.addEventListener("click", (ev) => {
    const el = ev.target.closest("[data-pz]");
    if (el && el.tagName !== "SELECT") mode.act(el.dataset.pz, el);
  });
  root.addEventListener("keydown", (ev) => keys(ev, (name, el) => mode.act(name, el)));
  root.addEventListener("change", (ev) => {
    if (ev.target.dataset.pz === "theme") mode.theme(ev.target.value || null);
  });
  return { open: (id) => mode.open(id), state: () => mode.st };
}

class PuzzleMode {
  constructor(engine, root, onClose) {
    this.engine = engine;
    this.body = root.querySelector(".pz-body");
    this.live = root.querySelector(".pz-live");
    this.root = root;
    this.onClose = onClose;
    this.st = { set: [], kept: loadPuzzles(), theme: null, kind: "free", puzzle: null, view: null,
      held: null, streak: 0, looked: false, verdict: null, busy: false };
  }

  say(text) { this.live.textContent = text; }
  draw(...children) { replace(this.body, ...children); }
  focus(selector) { this.body.querySelector(selector)?.focus(); }

  async open(id = null) {
    this.draw(h("p", {}, "Loading the puzzles…"));
    this.st.set = await loadSet();
    const wanted = id && this.st.set.find((p) => p.id === id);
    if (id && !wanted) this.say(`No puzzle ${id} in this set.`);
    return wanted ? this.start(wanted, "free") : this.menu();
  }

  menu() {
    const { st } = this;
    st.puzzle = null;
    this.draw(R.menu({ kept: st.kept, themes: themesOf(st.set), theme: st.theme, size: st.set.length, streak: st.kept.bestStreak }));
    this.focus("[data-pz=day]");
  }

  theme(value) {
    this.st.theme = value;
    this.say(value ? `Puzzles with the theme ${value}.` : "Puzzles of every theme.");
  }

  title() {
    const { st } = this;
    if (st.kind === "day") return `Puzzle of the day, ${localDate()}`;
    if (st.kind === "streak") return `Streak: ${st.streak} solved`;
    return `Puzzle ${st.puzzle.id}`;
  }

  drawPuzzle() {
    const { st } = this;
    const note = st.held ? "Choose where to place the card." : "Find the placement that is clearly best for your seat: choose a Gallery card.";
    this.draw(R.puzzleScreen({ puzzle: st.puzzle, view: st.view, held: st.held, title: this.title(), note }));
  }

  async start(puzzle, kind = this.st.kind) {
    const { st } = this;
    if (!puzzle) {
      this.say(st.theme ? `No puzzle left with the theme ${st.theme}.` : "You have tried every puzzle.");
      return this.menu();
    }
    const view = await this.engine.call("view", { record: puzzle.record });
    Object.assign(st, started(puzzle, view, kind));
    this.root.dataset.puzzle = puzzle.id;
    this.drawPuzzle();
    this.say(`${this.title()}. ${PUZZLE.banner(st)}`);
    this.focus(".pz-card");
  }

  hold(card) {
    const { st } = this;
    const same = st.held?.card === card;
    st.held = { card, rotation: same ? st.held.rotation : st.view.rotations[0] };
    this.drawPuzzle();
    this.focus(`[data-pz=hold][data-card="${card}"]`);
    this.say(`Card ${card} held. Its places are on the Painting.`);
  }

  turn() {
    const { st } = this;
    const turns = st.view.rotations;
    st.held = { ...st.held, rotation: turns[(turns.indexOf(st.held.rotation) + 1) % turns.length] };
    this.drawPuzzle();
    this.focus("[data-pz=turn]");
    this.say(`Turned to ${st.held.rotation}°.`);
  }

  /** The first attempt's rating change in words (null if the puzzle was tried before). */
  rate(solved) {
    const { st } = this;
    const before = Math.round(st.kept.rating);
    const kept = recordAttempt(st.kept, st.puzzle, solved, localDate());
    if (kept === st.kept) return null;
    st.kept = kept;
    savePuzzles(kept);
    return `Your puzzle rating: ${before} → ${Math.round(kept.rating)}.`;
  }

  streakWords(solved) {
    const { st } = this;
    if (st.kind !== "streak") return null;
    if (solved) {
      st.streak += 1;
      st.kept = { ...st.kept, bestStreak: Math.max(st.kept.bestStreak || 0, st.streak) };
      savePuzzles(st.kept);
      return `Streak: ${st.streak} solved.`;
    }
    const words = `Streak over: ${st.streak} solved in a row.`;
    st.streak = 0;
    st.kind = "free";
    return words;
  }

  async answer(move, looked = false) {
    const { st, engine } = this;
    if (st.busy) return;
    st.busy = true;
    try {
      const result = await engine.call("puzzle_answer", { puzzle: asked(st.puzzle), move });
      const [yoursView, bestView] = await Promise.all([result.yours.move, result.best.move].map((m) =>
        engine.call("play", { record: st.puzzle.record, move: m })));
      Object.assign(st, judged(st, result.correct, looked));
      const { solved } = st.verdict;
      const rated = this.rate(solved);
      const change = [rated, this.streakWords(solved)].filter(Boolean).join(" ");
      this.draw(R.verdict({ answer: result, yoursView, bestView, change, looked: st.looked, themes: st.puzzle.themes }));
      this.say(`${this.body.querySelector("#pz-said").textContent} ${change}`);
      this.focus("[data-pz=next]");
    } finally {
      st.busy = false;
    }
  }

  pick() {
    const { st } = this;
    const rating = st.kind === "streak" ? 1000 + 100 * st.streak : st.kept.rating;
    return nextPuzzle(st.set, { done: st.kept.done, theme: st.theme, rating, skip: st.puzzle?.id });
  }

  async day() {
    const { index } = await this.engine.call("puzzle_day", { date: localDate(), count: this.st.set.length });
    await this.start(this.st.set[index], "day");
  }

  async act(name, el) {
    const { st } = this;
    const actions = {
      day: () => this.day(),
      streak: () => { st.streak = 0; st.kind = "streak"; return this.start(this.pick(), "streak"); },
      next: () => this.start(this.pick(), st.kind === "streak" ? "streak" : "free"),
      hold: () => this.hold(Number(el.dataset.card)),
      turn: () => this.turn(),
      place: () => takesPlacement(st) && this.answer({ ...st.held, x: Number(el.dataset.x), y: Number(el.dataset.y) }),
      retry: () => { Object.assign(st, { looked: true, held: null, verdict: null }); this.drawPuzzle(); this.focus(".pz-card"); },
      solution: () => this.answer(st.puzzle.solutions[0], true),
      close: () => this.onClose(),
    };
    try {
      await actions[name]?.();
    } catch (error) {
      this.say(`Something went wrong: ${error.message}`);
    }
  }
}

/** Enter and Space press a spot; the arrow keys move between the spots. */
function keys(ev, act) {
  const spot = ev.target.closest?.("[data-pz=place]");
  if (!spot) return;
  if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    act("place", spot);
    return;
  }
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
  if (!step) return;
  ev.preventDefault();
  const all = [...spot.ownerSVGElement.querySelectorAll("[data-pz=place]")];
  const next = all[(all.indexOf(spot) + step + all.length) % all.length];
  spot.setAttribute("tabindex", "-1");
  next.setAttribute("tabindex", "0");
  next.focus();
}
