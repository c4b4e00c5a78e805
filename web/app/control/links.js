// Opening a game link (docs/links.md): `#g=PAYLOAD` in the address, at load or when the
// fragment changes: the invitation shown at once, then the game opened by control/link-open.js
// (the engine checks and replays it, `link_open`; it opens at its end, saved as a game of
// its own; a friend game's link goes on to friends/control.js). A link that is refused is
// named with its reason (the first bad move, for moves) and changes nothing.

import { payloadOf, unpack } from "../link/codec.js";
import { inviteOf } from "../link/invite.js";
import { openLink } from "./link-open.js";

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
      return await openLink({ engine, get, up, table, saves, replay, friends }, payload);
    } finally {
      up((s) => ({ ...s, invite: null }));
    }
  }

  /** The fragment changed (a link pasted into this tab's address bar). */
  function changed() {
    const payload = pending();
    if (payload !== null && get().engine.status === "ready") open(payload);
  }

  return { pending, announce, open, changed };
}
