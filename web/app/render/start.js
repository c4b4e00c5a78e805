// The start screen: seats, colours, bots and options. The structure is rebuilt when the
// number of seats changes; otherwise values are patched so typing never loses focus.

import { ratingStart } from "../rating/render.js";
import { attr, h, replace, show, text } from "../dom.js";
import { RULES } from "../rules-data.js";
import { COLOR_LETTERS, CONTROLLERS, FRIEND_BOTS_WHY, FRIEND_HOW, colorName, friendAllows, levelOf, levelText, myBotPick } from "../words.js";

const SPEEDS = [["slow", "Slow"], ["normal", "Normal"], ["fast", "Fast"]];

function colorSelect(seat, slot, count) {
  const label = count === 2
    ? `Seat ${seat + 1} ${slot === 0 ? "first" : "second"} colour` : `Seat ${seat + 1} colour`;
  return h("select", { class: "color-select", "aria-label": label, "data-action": "seat-color",
    "data-seat": seat, "data-slot": slot },
  COLOR_LETTERS.map((c) => h("option", { value: c, text: colorName(c)[0].toUpperCase() + colorName(c).slice(1) })));
}

/** The picker's value for a seat: "bot:mine:NAME" when a saved bot of the seat's name plays it. */
function pickerValue(seat, savedBots) {
  return seat.controller === "bot:mine" && savedBots.includes(seat.name) ? myBotPick(seat.name) : seat.controller;
}

/** The line under a seat's picker: a level's rating and style, or which saved bot plays. */
function seatNote(seat, savedBots) {
  if (seat.controller !== "bot:mine") return levelText(seat.controller);
  if (savedBots.includes(seat.name)) return `Your bot "${seat.name}", as saved in the Bot Lab.`;
  return savedBots.length ? "The bot you saved last in the Bot Lab." : "No bot is saved yet: write one in the Bot Lab and press Save.";
}

function seatRow(i, colorsPerSeat, savedBots) {
  return h("li", { class: "seat-row", "data-seat": i },
    h("span", { class: "seat-num", "aria-hidden": "true", text: i + 1 }),
    h("span", { class: "seat-colors" }, Array.from({ length: colorsPerSeat }, (_, k) => colorSelect(i, k, colorsPerSeat))),
    h("input", { type: "text", class: "seat-name", "aria-label": `Seat ${i + 1} name`, maxlength: 2 * RULES.max_name, /* UTF-16 units; the engine counts code points */
      autocomplete: "off", spellcheck: "false", "data-action": "seat-name", "data-seat": i }),
    h("select", { class: "seat-controller", "aria-label": `Seat ${i + 1} player`, "data-action": "seat-controller", "data-seat": i,
      "aria-describedby": `seat-level-${i}` },
    // "My bot" only once a bot is saved (else it would stall at its turn), then by name too
    CONTROLLERS.filter(([value]) => value !== "bot:mine" || savedBots.length)
      .map(([value, label]) => h("option", { value, text: label, title: levelOf(value)?.description })),
    savedBots.map((name) => h("option", { value: myBotPick(name), text: `My bot: ${name} (Bot Lab)` }))),
    h("p", { class: "seat-level", id: `seat-level-${i}` }));
}

/** The form for `players` seats; each saved bot of the Bot Lab is offered as "My bot: NAME". */
function build(root, players, savedBots) {
  const form = h("form", { class: "setup-form", "data-form": "setup", novalidate: true },
    h("h2", { class: "setup-title", id: "start-title", text: "New game" }),
    h("div", { class: "notices", id: "notices", role: "status" }),
    h("fieldset", { class: "players-field" },
      h("legend", { text: "Players" }),
      h("div", { class: "segmented" }, RULES.players.map((n) =>
        h("label", { class: "segment" },
          h("input", { type: "radio", name: "players", value: n, "data-action": "players" }),
          h("span", { text: n }))))),
    h("ol", { class: "seat-rows", "aria-label": "Seats" },
      Array.from({ length: players }, (_, i) => seatRow(i, RULES.colors_per_seat[players], savedBots))),
    h("div", { class: "friend-how", id: "friend-how", hidden: true },
      h("p", { class: "dialog-note", text: FRIEND_HOW }),
      h("p", { class: "dialog-note", text: FRIEND_BOTS_WHY })),
    h("div", { class: "options" },
      h("label", { class: "check" },
        h("input", { type: "checkbox", "data-action": "opt-rotations" }), h("span", { text: "Rotate cards" })),
      h("label", { class: "field" }, h("span", { text: "First player" }),
        h("select", { "data-action": "opt-first" },
          Array.from({ length: players }, (_, i) => h("option", { value: i, text: `Seat ${i + 1}` })))),
      h("label", { class: "field" }, h("span", { text: "Seed" }),
        h("input", { type: "text", inputmode: "numeric", placeholder: "random", "data-action": "opt-seed",
          autocomplete: "off", class: "seed" })),
      h("label", { class: "field" }, h("span", { text: "Bot speed" }),
        h("select", { "data-action": "speed" }, SPEEDS.map(([value, label]) => h("option", { value, text: label }))))),
    h("div", { class: "start-actions" },
      h("button", { type: "button", class: "btn btn-primary btn-big", id: "btn-start", "data-action": "start", text: "Start game" }),
      h("button", { type: "button", class: "btn", id: "btn-resume", "data-action": "resume", text: "Resume game", hidden: true }),
      h("button", { type: "button", class: "btn", id: "btn-play-friend", "data-action": "play-friend", text: "Play a friend",
        title: "A game with a person on another device: you send each other links" })),
    h("p", { class: "start-note", id: "start-note" }),
    h("div", { id: "my-rating-slot" }),
    h("div", { class: "start-more" },
      h("button", { type: "button", class: "link", "data-action": "import", text: "Import a game record…" })),
    h("details", { class: "how" },
      h("summary", { text: "How to play" }),
      h("ul", {},
        h("li", { text: "On your turn, take one card from the Gallery and lay it on the Painting so that it covers 2 to 4 cells. The marked spots show where it may go." }),
        h("li", { text: "A stroke is a group of touching cells of one colour. Each separate stroke in your colour scores a point; the largest strokes score bonuses." }),
        h("li", { text: "When the Canvas deck and Gallery run down to one card, the Painting is finished and scored." }))));
  replace(root, form);
  return form;
}

/**
 * The control in `form` that stands for `el` of the form it replaced (the same action, seat
 * and slot; for the Players radios the one now checked), so a rebuilt form keeps the focus:
 * ArrowLeft on the Players group rebuilt the seats and dropped the focus to <body>.
 */
function sameControl(form, el) {
  if (!el?.dataset?.action) return null;
  if (el.name === "players") return form.querySelector("input[name=players]:checked");
  const { action, seat, slot } = el.dataset;
  return [...form.querySelectorAll(`[data-action="${action}"]`)]
    .find((c) => c.dataset.seat === seat && c.dataset.slot === slot) || null;
}

function syncValue(el, value) {
  if (el && document.activeElement !== el && el.value !== String(value)) el.value = String(value);
}

export function renderStart(root, s, p) {
  const setup = s.setup;
  const players = setup.seats.length;
  let form = root.querySelector("form");
  let focused = null;
  if (!form || !p || p.setup.seats.length !== players || p.savedBots !== s.savedBots) {
    focused = form?.contains(document.activeElement) ? document.activeElement : null;
    form = build(root, players, s.savedBots);
  }
  for (const radio of form.querySelectorAll("input[name=players]")) radio.checked = Number(radio.value) === players;
  if (focused) sameControl(form, focused)?.focus();
  const withFriend = setup.seats.some((seat) => seat.controller === "friend");
  show(form.querySelector("#friend-how"), withFriend);
  setup.seats.forEach((seat, i) => {
    const row = form.querySelector(`.seat-row[data-seat="${i}"]`);
    for (const option of row.querySelectorAll(".seat-controller option")) { // a friend game: its bots only
      const allowed = !withFriend || friendAllows(option.value);
      if (option.disabled === allowed) option.disabled = !allowed;
    }
    row.querySelectorAll(".color-select").forEach((sel, k) => {
      syncValue(sel, seat.colors[k]);
      attr(sel, "data-color", seat.colors[k]);
    });
    syncValue(row.querySelector(".seat-name"), seat.name);
    syncValue(row.querySelector(".seat-controller"), pickerValue(seat, s.savedBots));
    text(row.querySelector(".seat-level"), seatNote(seat, s.savedBots));
  });
  form.querySelector("[data-action=opt-rotations]").checked = setup.rotations;
  syncValue(form.querySelector("[data-action=opt-first]"), setup.first);
  syncValue(form.querySelector("[data-action=opt-seed]"), setup.seed);
  syncValue(form.querySelector("[data-action=speed]"), s.speed);

  const notices = form.querySelector("#notices");
  if (!p || p.notices !== s.notices || !notices.firstChild !== !s.notices.length) {
    replace(notices, s.notices.map((n) => h("p", { class: "notice", text: n })));
  }
  show(form.querySelector("#btn-resume"), !!(s.view && !s.view.is_over));
  const note = form.querySelector("#start-note");
  if (s.engine.status === "failed") text(note, "The game engine did not load. Use Retry above.");
  else if (s.restoring) text(note, "Restoring your saved game…");
  else if (s.busy) text(note, "Dealing the cards…");
  else if (s.engine.status === "loading") text(note, "The engine is still loading; the game starts as soon as it is ready.");
  else text(note, "");
  attr(form.querySelector("#btn-start"), "aria-busy", s.busy ? "true" : null);
  if (!p || p.rating !== s.rating || !form.querySelector("#my-rating-slot").hasChildNodes() !== !s.rating?.history.length) {
    replace(form.querySelector("#my-rating-slot"), ratingStart(s));
  }
}
