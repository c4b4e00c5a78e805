// Opening a game link (docs/links.md): `#g=PAYLOAD` in the address, at load or when the
// fragment changes. The payload is unpacked here (link/codec.js), the engine checks and
// replays the game (`link_open`), and the game opens at its end (a finished one with its
// scores and "Replay from the start"; one in progress in the replay viewer), saved as a game
// of its own; a friend game's link goes on to friends/control.js. A link that is refused is named with its reason (the first bad move, for
// moves) and changes nothing: the game on the table and every save stay as they were.

import { payloadOf, unpack } from "../link/codec.js";
import { inviteOf } from "../link/invite.js";
import * as T from "../transitions.js";
import { lost, reason } from "./narration.js";

/**
 * @param deps `engine`, the store's `get`/`up`, `location` (the page's address), `table`,
 *   `saves`, `replay` (a game in progress opens at its end), `friends` (`openRecord`) and
 *   `savedFriend(game id)` (this device's save of a friend game, friends/store.js).
 */
export function createLinks({ engine, get, up, location, table, saves, replay, friends, savedFriend }) {

  /** The payload of the page's own address, or null. */
  function pending() {
    return payloadOf(location.hash);
  }

  /** Take the game link out of the address bar, so a reload does not open it again. */
  function forget() {
    const { pathname, search } = location;
    try { history.replaceState(null, "", pathname + search); } catch { /* file: or sandboxed */ }
  }

  /**
   * A link in the address at load: its screen at once, instead of the start screen, and a
   * friend game's invitation (who invited you, the seats, your seat) as soon as its text is
   * unpacked, long before the engine has loaded to open it (`open`). Returns the payload
   * (`pending()`).
   */
  function announce() {
    const payload = pending();
    if (payload === null) return null;
    up((s) => ({ ...s, invite: { seats: null } }));
    unpack(payload).then((text) => { // a bad payload: the engine says why when it opens it
      const invite = inviteOf(text, savedFriend);
      if (invite) up((s) => (s.invite ? { ...s, invite } : s));
    }, () => {});
    return payload;
  }

  /** Open the game in `payload`; resolves true if it is on the table. */
  async function open(payload) {
    forget();
    try {
      return await opened(payload);
    } finally {
      up((s) => ({ ...s, invite: null }));
    }
  }

  async function opened(payload) {
    try {
      // a daily result gets verify's day check: none later than the latest date on Earth now
      // (UTC+14, by this device's clock, as daily/clock.js)
      const today = new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
      const opened = await engine.call("link_open", { text: await unpack(payload), today });
      if (opened.kind === "friend") { // checked against this device's game there (docs/friends.md)
        await friends.openRecord(opened.record);
        return true;
      }
      const v = opened.view;
      const what = opened.kind === "daily" ? `Today's Painting #${opened.number} of ${opened.day}` : "A shared game";
      table.replaced("link"); // someone else's game: never rated, even when played on here
      const where = v.is_over ? "The finished Painting and the scores; Replay from the start is beside them." : "Replay: its latest move.";
      up(T.gameLoaded, v, `${what}: ${v.seats.map((s) => s.name).join(", ")}, ${v.record.moves.length} moves. ${where}`);
      up(T.setShared, { kind: opened.kind, number: opened.number, day: opened.day });
      saves.save(v, { fresh: true });
      saves.refreshList();
      if (!v.is_over) replay.open({ at: v.record.moves.length }); // a shared game opens at its end
      return true;
    } catch (error) {
      if (lost(error)) return false;
      const why = `The game link was refused, so nothing changed: ${reason(error)}`;
      up(T.setNotices, [...get().notices, why]);
      up(T.refused, why);
      return false;
    }
  }

  /** The fragment changed (a link pasted into this tab's address bar). */
  function changed() {
    const payload = pending();
    if (payload !== null && get().engine.status === "ready") open(payload);
  }

  return { pending, announce, open, changed };
}
