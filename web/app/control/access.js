// Keyboard, touch and screen-reader play (ACCESS): the Place button, the Painting explorer's
// cursor, two-finger zoom, and announcing a turned card. No rule is decided here.

import { firstCell, humanTurn, shownView } from "../queries.js";
import * as T from "../transitions.js";

/** @param deps the store's `get`/`up`, and `games` (`place`). */
export function createAccess({ get, up, games }) {

  /** The Place button: place the held card where it is shown. */
  function placeHeld() {
    const s = get();
    if (s.hover && s.held !== null) games.place(s.hover[0], s.hover[1]);
  }

  /** Move the explorer's cursor by (dx, dy) cells; `home` goes to the first cell. */
  function explore(dx, dy, home) {
    const s = get();
    const v = shownView(s);
    if (!v) return;
    const cell = home || !s.cursor ? firstCell(v) : [s.cursor[0] + dx, s.cursor[1] + dy];
    if (s.cursor && !home && !dx && !dy) return; // focus came back: stay where we were
    up(T.setCursor, cell);
  }

  /** Turn the held card and say so. */
  function rotate(step) {
    const s = get();
    if (!humanTurn(s) || s.held === null) return;
    const next = up(T.rotate, step);
    if (next !== s) up(T.announce, `Card ${next.held} turned to ${next.rotation}°.`);
  }

  return { placeHeld, explore, rotate };
}
