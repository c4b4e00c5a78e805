// Friend games on this device (docs/friends.md): starting one, opening a link, placing a
// card and letting the bots move (engine commands friend_new, friend_open, friend_play),
// the link to send (Copy, Share, a file above the size limit), and the saved friend games.
// The engine decides everything: whose turn, what this device may reveal, whether a link
// is stale, forked or tampered. This module only carries records and secrets around.

import { download } from "../export-art.js";
import * as T from "../transitions.js";
import { lost, reason, turnText } from "../control/narration.js";
import { makeKey, signText } from "./keys.js";
import { linkLimit, linkUrl, pack } from "./link.js";
import { forkKey, isDamaged, loadFriend, removeFriend, saveFriend } from "./store.js";

/** Names the start screen makes up for this device's seat: a friend game asks for a real one. */
const MADE_UP = /^(You|Player \d|Seat \d)$/;

/** The names of the other seats of a saved game (everyone but this device's person). */
export function others(entry) {
  return entry.names.filter((_, i) => i !== entry.seat);
}

export const SEED_REFUSED = "Seed: a friend game has no seed. Its deal comes from every player's device, "
  + "so that no one player can choose or foresee it; clear the Seed field to start.";

/** The names the link goes to: the person who acts next; once it is over, everyone else,
 *  from the device that made the last move (`endedHere`) only. */
function recipients(st, endedHere) {
  const seats = st.record.seats;
  if (st.seat === null) return [];
  if (st.next.kind === "over") {
    return endedHere ? seats.filter((x, i) => i !== st.seat && x.controller === "human").map((x) => x.name) : [];
  }
  return st.link_for === null ? [] : [seats[st.link_for].name];
}

/**
 * Friend games' part of the controller (loaded later: app/parts.js), the mode's "friends"
 * part (control/mode-parts.js): its moves are played here (`play`, asked by control/moves.js).
 * @param deps `engine`, the store's `get`/`up`, the page's `location`, `friendList`
 *   (`refresh()`: the start screen's list of friend games), `table` (`replaced()`) and
 *   `bots` (`run()`: a bot this device moves carries on).
 */
export function createFriends(deps) {
  return {
    play: (record, move) => play(deps, record, move),
    start: (setup) => start(deps, setup),
    rematch: () => start(deps, rematchSetup(deps.get().view.record, deps.get().friend.seat)),
    openRecord: (record) => openRecord(deps, record),
    resume: (key, options) => resume(deps, key, options),
    copy: () => copy(deps),
    share: () => share(deps),
    download: () => saveFile(deps),
    showLink: (key) => resume(deps, key, { quiet: true }), // the list's "Last link": the saved game again
    remove: (key) => remove(deps, key),
  };
}

/** A friend game's Rematch: the same people, `seat` played here and the other people Friend. */
function rematchSetup(record, seat) {
  return { rotations: record.options.rotations, first: record.first_player, seed: "",
    seats: record.seats.map(({ name, colors, controller }, i) => ({ name, colors,
      controller: controller !== "human" ? controller : i === seat ? "human" : "friend" })) };
}

const setFriend = (deps, friend) => deps.up((s) => ({ ...s, friend }));

/** The link of a record: its text from the engine, packed into the fragment. */
async function makeLink(deps, record) {
  const { text } = await deps.engine.call("link_text", { record, kind: "friend" });
  const url = linkUrl(deps.location, await pack(text));
  return { url, chars: url.length, limit: linkLimit(record.seats.length) };
}

/** Keep a friend state `st` on this device and put it on the page. */
async function adopt(deps, st, { key = st.game, announcement = null, fork = false, show = true, signKey = null, endedHere = false, added = false } = {}) {
  const to = recipients(st, endedHere);
  const link = to.length ? await makeLink(deps, st.record) : null;
  const entry = { key, game: st.game, seat: st.seat, secret: st.secret,
    signKey: st.seat === null ? null : signKey, endedHere, added, record: st.record, link,
    linkFor: to, next: st.next, over: st.next.kind === "over", fork, dealt: !!st.view,
    names: st.record.seats.map((x) => x.name) };
  const problem = saveFriend(entry);
  if (problem) deps.up(T.setSaveProblem, { text: `This friend game is not being saved: ${problem}.`, room: 0 });
  deps.friendList.refresh();
  if (!show) return entry;
  const friend = { ...entry, note: "" };
  const s = deps.get();
  if (st.view && s.screen === "table" && s.friend?.key === key && s.view) {
    setFriend(deps, friend);
    if (s.view !== st.view) deps.up(T.viewChanged, st.view, { announcement: announcement || sayState(st) });
  } else {
    deps.table.replaced("friend");
    if (st.view) deps.up(T.gameLoaded, st.view, announcement || sayState(st));
    else {
      deps.up(T.toStart);
      deps.up(T.announce, announcement || sayState(st));
    }
    setFriend(deps, friend); // after gameLoaded, which forgets the previous game's friend
  }
  if (announcement) deps.up(T.announce, announcement);
  if (st.seat !== null && st.next.kind === "bot") deps.bots.run();
  return entry;
}

function sayState(st) {
  const names = st.record.seats.map((x) => x.name);
  const who = st.seat === null ? "You are watching this game." : `You play ${names[st.seat]}.`;
  if (st.next.kind === "over") return `${who} ${st.view ? turnText(st.view, st.seat) : ""}`;
  if (st.seat !== null && st.next.seat === st.seat) {
    return `${who} ${st.next.kind === "move" && st.view ? turnText(st.view, st.seat) : "Your turn."}`;
  }
  if (st.next.kind === "bot") return `${who} ${names[st.next.seat]} to play.`;
  return `${who} Waiting for ${names[st.next.seat]}: send them the link.`;
}

/** Start game with a Friend seat: the engine deals nothing yet; the first link carries the
 *  setup and this device's commitment. */
async function start(deps, setup) {
  if (String(setup.seed || "").trim()) return deps.up(T.refused, SEED_REFUSED);
  const seats = setup.seats.map(({ name, colors, controller }) => ({ name: name.trim(), colors, controller }));
  if (seats.filter((x) => x.controller === "human").length !== 1) {
    return deps.up(T.refused, "A friend game has exactly one seat played on this device (Human); the other people are Friend seats.");
  }
  const mine = seats.findIndex((x) => x.controller === "human");
  if (MADE_UP.test(seats[mine].name)) { // the link carries it: the friend's device calls you by it
    document.querySelector(`.seat-name[data-seat="${mine}"]`)?.focus();
    return deps.up(T.refused, `Your name, please: type it in seat ${mine + 1}'s name field. It travels in the link, and your friend's device calls you by it.`);
  }
  deps.up(T.busy, true);
  try {
    const signing = await makeKey();
    const st = await deps.engine.call("friend_new", { seats, rotations: setup.rotations, first_player: setup.first, key: signing.public });
    await adopt(deps, st, { announcement: `New friend game. ${sayState(st)}`, signKey: signing.private });
  } catch (error) {
    if (!lost(error)) deps.up(T.refused, `The friend game could not start: ${reason(error)}`);
  } finally {
    deps.up(T.busy, false);
  }
}

/** A card placed by this device's person or by a bot it moves: the engine adds the reveals. */
async function play(deps, record, move) {
  const f = deps.get().friend;
  let sig = null;
  if (f.next.kind === "move" && f.next.seat === f.seat) { // this device's person: signed here
    const { text } = await deps.engine.call("friend_sign_text", { record, seat: f.seat, move });
    sig = await signText(f.signKey, text);
  }
  const st = await deps.engine.call("friend_play", { record, seat: f.seat, secret: f.secret, move, sig });
  const entry = await adopt(deps, st, { key: f.key, fork: f.fork, show: false, signKey: f.signKey,
    endedHere: st.next.kind === "over" });
  setFriend(deps, { ...deps.get().friend, ...entry, note: "" });
  return st.view;
}

/** A friend game's record from a link or a file, checked against this device's game. */
async function openRecord(deps, record) {
  if (typeof record?.game === "string" && isDamaged(record.game)) { // its seat's secret and key may be in it
    deps.friendList.refresh();
    return deps.up(T.refused, `This device's save of this friend game is damaged: it is kept as it is, and this link was not opened, so nothing was written over it. Export it from Friend games to mend it.`);
  }
  const saved = typeof record?.game === "string" ? loadFriend(record.game) : null;
  try {
    const args = { record };
    let signKey = saved?.signKey ?? null;
    if (saved) args.saved = { record: saved.record, seat: saved.seat, secret: saved.secret };
    else { // this device may join: its key pair is made before it sees the seat
      const signing = await makeKey();
      args.key = signing.public;
      signKey = signing.private;
    }
    await opened(deps, await deps.engine.call("friend_open", args), saved, signKey, record);
  } catch (error) {
    if (lost(error)) return;
    if (saved) await resume(deps, saved.key, { quiet: true }); // the saved game, as it was
    deps.up(T.refused, `This friend game was refused: ${reason(error)}. Nothing saved was changed.`);
  }
}

async function opened(deps, st, saved, signKey, link) {
  const names = st.record.seats.map((x) => x.name);
  if (st.relation === "stale") {
    await adopt(deps, st, { key: saved.key, fork: saved.fork, signKey, endedHere: !!saved.endedHere });
    return deps.up(T.refused, `${st.message[0].toUpperCase()}${st.message.slice(1)}: it stays on the table.`); // one sentence, the engine's
  }
  if (st.relation === "fork") {
    await adopt(deps, st, { key: forkKey(st.game), fork: true, show: false, signKey });
    await resume(deps, saved.key, { quiet: true });
    return deps.up(T.refused, `This link disagrees with your game: ${st.message}. The link's game is kept in Friend games as a fork.`);
  }
  const who = st.seat === null ? "You are watching this game" : `You play ${names[st.seat]}`;
  await adopt(deps, st, { key: saved?.key ?? st.game, fork: saved?.fork ?? false, signKey,
    endedHere: st.relation === "same" && !!saved?.endedHere,
    // this device only added its part of the deal to the link: it goes straight back
    added: st.relation !== "same" && st.record.moves.length === link.moves.length
      && JSON.stringify(st.record.reveals) !== JSON.stringify(link.reveals),
    announcement: st.relation === "new" ? `${who}. ${sayState(st)}` : sayState(st) });
  return undefined;
}

/** Open a saved friend game (the start screen's list). */
async function resume(deps, key, { quiet = false } = {}) {
  const saved = loadFriend(key);
  if (!saved) {
    deps.friendList.refresh();
    return deps.up(T.refused, "That friend game is gone (another tab may have removed it).");
  }
  try {
    const st = await deps.engine.call("friend_open", { record: saved.record,
      saved: { record: saved.record, seat: saved.seat, secret: saved.secret } });
    await adopt(deps, st, { key, fork: saved.fork, signKey: saved.signKey ?? null, endedHere: !!saved.endedHere, added: !!saved.added, announcement: quiet ? null : sayState(st) });
  } catch (error) {
    if (!lost(error)) deps.up(T.refused, `That friend game could not be opened: ${reason(error)}`);
  }
  return undefined;
}

function note(deps, text) {
  const f = deps.get().friend;
  if (f) setFriend(deps, { ...f, note: text });
}

async function copy(deps) {
  const f = deps.get().friend;
  if (!f?.link) return;
  try {
    await navigator.clipboard.writeText(f.link.url);
    note(deps, "Copied. Send it to " + f.linkFor.join(" and ") + ".");
  } catch {
    note(deps, "Select the link and copy it (Ctrl+C or ⌘C).");
  }
}

async function share(deps) {
  const f = deps.get().friend;
  if (!f?.link || !navigator.share) return;
  try {
    await navigator.share({ title: "De Stijl", text: `Your move in our game of De Stijl, ${f.linkFor.join(" and ")}.`, url: f.link.url });
  } catch { /* the person closed the share sheet */ }
}

/** The record as a file, for links above the size limit (or any time). */
function saveFile(deps) {
  const f = deps.get().friend;
  if (!f) return;
  const name = `destijl-friend-${f.game}-move${f.record.moves.length}.json`;
  download(new Blob([`${JSON.stringify(f.record)}\n`], { type: "application/json" }), name);
  note(deps, `Saved ${name}: send the file, and they open it with Import a game record.`);
}

/** The list's Remove: a finished game only (a game in play may still get links). */
function remove(deps, key) {
  const saved = loadFriend(key);
  if (saved && !saved.over) return deps.up(T.refused, "Only a finished friend game can be removed: this one may still get links.");
  removeFriend(key);
  deps.friendList.refresh();
  return deps.up(T.announce, `The finished game with ${saved ? others(saved).join(", ") : "your friends"} was removed from Friend games.`);
}
