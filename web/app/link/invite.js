// A friend game's link read before the engine has loaded (docs/friends.md), for the
// invited friend's first screen (friends/invite.js): only what the record lists; the engine
// judges the link when it opens it (friend_open).

/**
 * What a friend game's link says before the engine has loaded, for the invited friend's
 * first screen: `text` is the link text (link/codec.js `unpack`),
 * `savedOf(game id)` this device's save of the same game, if any (friends/store.js). Only what the record lists: its seats, which
 * of them have joined (a commitment), the moves made. Whose seat is this device's is the
 * engine's to decide (friend_open): known here when the device has the game (its saved seat)
 * or when exactly one person's seat has not joined yet; else null. Null for any other link.
 *   {from: "Ann" | null, seats: [{name, colors, controller, joined}], yours: 1 | null,
 *    open: 2 (persons' seats not joined), moves: 0, watching: false}
 */
export function inviteOf(text, savedOf = () => null) {
  let data;
  try { data = JSON.parse(text); } catch { return null; }
  const rec = data?.rec;
  if (data?.k !== "friend" || !Array.isArray(rec?.seats) || !Array.isArray(rec.commits)) return null;
  const seats = rec.seats.map((seat, i) => ({ name: String(seat?.name ?? `Seat ${i + 1}`),
    colors: Array.isArray(seat?.colors) ? seat.colors.map(String) : [],
    controller: String(seat?.controller ?? ""), joined: rec.commits[i] != null }));
  const people = seats.map((seat, i) => i).filter((i) => seats[i].controller === "human");
  const joined = people.filter((i) => seats[i].joined);
  const waiting = people.filter((i) => !seats[i].joined);
  const moves = Array.isArray(rec.moves) ? rec.moves.length : 0;
  const saved = typeof rec.game === "string" ? savedOf(rec.game) : null;
  const mine = Number.isInteger(saved?.seat) ? saved.seat : null;
  return { from: !saved && !moves && joined.length === 1 ? seats[joined[0]].name : null, seats, moves,
    yours: mine ?? (!saved && waiting.length === 1 ? waiting[0] : null), open: waiting.length,
    watching: saved ? saved.seat === null : !waiting.length };
}
