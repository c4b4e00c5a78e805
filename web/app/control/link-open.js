// A game link's payload opened (docs/links.md): unpacked, checked and replayed by the
// engine (`link_open`), put on the table at its end as a game of its own, or handed to
// friends/control.js when it is a friend game's link. Used by control/links.js.

import { unpack } from "../link/codec.js";
import * as T from "../transitions.js";
import { lost, reason } from "./narration.js";

/**
 * Open the game in a link's `payload` (the engine's `link_open`); resolves true if it is on
 * the table. A refused link is named with its reason and changes nothing.
 * @param deps `engine`, the store's `get`/`up`, `table`, `saves`, `replay` (a game in
 *   progress opens at its end) and `friends` (`openRecord`: a friend game's link).
 */
export async function openLink({ engine, get, up, table, saves, replay, friends }, payload) {
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
