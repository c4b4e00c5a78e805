// The link of a friend game: the engine's link text (kind "friend", docs/links.md) packed
// into the URL fragment `#g=PAYLOAD`, PAYLOAD = base64url(deflate-raw(text)), no padding.
// Stand-in until the site's one link module (issue 19, web/app) lands: then pack/unpack
// come from it and this file keeps only the friend-specific parts (limits, the URL).

/** The longest link a messenger or mail client keeps intact, per number of seats. */
export function linkLimit(players) {
  return 2000 * (players - 1); // 2 seats 2,000 ... 5 seats 8,000 (docs/friends.md)
}
const MAX_TEXT = 16_000; // characters after inflating: a deflate bomb stops here

async function pump(stream, bytes, limit = Infinity) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`it inflates to more than the ${MAX_TEXT.toLocaleString("en")} characters a link may hold`);
    }
    parts.push(value);
  }
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

/** The payload of `text`: deflate-raw, then base64url without padding. */
export async function pack(text) {
  const bytes = await pump(new CompressionStream("deflate-raw"), new TextEncoder().encode(text));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The text inside a payload; throws an Error saying what is wrong with it. */
export async function unpack(payload) {
  if (!/^[A-Za-z0-9_-]+$/.test(payload)) throw new Error("the link is not base64url text");
  const base64 = payload.replaceAll("-", "+").replaceAll("_", "/") + "===".slice((payload.length + 3) % 4);
  let binary;
  try { binary = atob(base64); } catch { throw new Error("the link is cut short or damaged"); }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await pump(new DecompressionStream("deflate-raw"), bytes, MAX_TEXT * 4));
  } catch (error) {
    throw new Error(error.message.startsWith("it inflates") ? error.message : "the link is not a De Stijl game (its data does not unpack)");
  }
}

/** The payload in a location's fragment (`#g=...`), or null. */
export function payloadOf(hash) {
  const match = /(?:^#|&)g=([^&#]*)/.exec(hash || "");
  return match ? match[1] : null;
}

/** The page's address with `payload` in its fragment. */
export function linkUrl(location, payload) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = `g=${payload}`;
  return url.href;
}
