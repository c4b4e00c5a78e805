// The link of a friend game: the engine's link text (kind "friend", docs/links.md) packed
// into the URL fragment `#g=PAYLOAD` by the site's one link module (link/codec.js); this
// file keeps only the friend-specific parts (the length limits, the URL). Opening any
// game link is control/links.js's: a friend game's record goes to friends/control.js.

export { pack } from "../link/codec.js";

/** The longest link a messenger or mail client keeps intact, per number of seats. */
export function linkLimit(players) {
  return 2000 * (players - 1); // 2 seats 2,000 ... 5 seats 8,000 (docs/friends.md)
}
/** The page's address with `payload` in its fragment. */
export function linkUrl(location, payload) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = `g=${payload}`;
  return url.href;
}

