// A game in a link (docs/links.md): the link text the engine writes (`link_text`), packed
// as deflate-raw (the browser's CompressionStream) and base64url, in the URL fragment
// `#g=PAYLOAD`. Unpacking checks the size and the alphabet and stops inflating at
// MAX_TEXT; what the text says is for the engine to judge (`link_open`).
//
//   const payload = await pack(text);              // "dVHLasMwEPyV..."
//   const text = await unpack(payload);            // throws LinkError("link: ...")
//   payloadOf("#g=dVHL...&x=1")                    // "dVHL..." (null if none)

import { RULES } from "../rules-data.js";

/** The longest payload read, in characters (destijl/link.py, through rules-data.js). */
export const MAX_PAYLOAD = RULES.link.max_payload;
/** The longest link text after inflating, in characters: a deflate bomb stops here. */
export const MAX_TEXT = RULES.link.max_text;

/** A link that cannot be unpacked; the message starts with "link:", as the engine's. */
export class LinkError extends Error {
  constructor(problem) {
    super(`link: ${problem}`);
    this.name = "LinkError";
    this.type = "BadLink";
  }
}

function toBase64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The payload of `text` (UTF-8, deflate-raw, base64url without padding). */
export async function pack(text) {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toBase64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** The link text inside `payload`; throws LinkError naming what is wrong. */
export async function unpack(payload) {
  if (typeof payload !== "string") throw new LinkError("expected text");
  if (payload.length > MAX_PAYLOAD) {
    throw new LinkError(`${payload.length.toLocaleString("en")} characters, more than the ${MAX_PAYLOAD.toLocaleString("en")} a link may have`);
  }
  if (!payload) throw new LinkError("empty: the link holds no game");
  const bad = payload.search(/[^A-Za-z0-9_-]/);
  if (bad >= 0) throw new LinkError(`not base64url: character '${payload[bad]}' at ${bad}`);
  if (payload.length % 4 === 1) throw new LinkError(`not base64url: ${payload.length} characters cannot be whole bytes`);
  const reader = new Blob([fromBase64url(payload)]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_TEXT * 4) {
        reader.cancel().catch(() => {});
        throw new LinkError(`it inflates to more than the ${MAX_TEXT.toLocaleString("en")} characters a link may hold`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof LinkError) throw error;
    throw new LinkError(`not deflate-raw data (${String(error?.message ?? error).slice(0, 80)})`);
  }
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await new Blob(chunks).arrayBuffer());
  } catch {
    throw new LinkError("the inflated link is not UTF-8 text");
  }
  if (text.length > MAX_TEXT) throw new LinkError(`it inflates to more than the ${MAX_TEXT.toLocaleString("en")} characters a link may hold`);
  return text;
}

/** The payload in a URL fragment (`#g=...`, among other `&` parts); null if there is none. */
export function payloadOf(hash) {
  const match = /(?:^#?|&)g=([^&]*)/.exec(hash || "");
  return match ? match[1] : null;
}

/** The full site's address of a game link: `page` (a URL) with `#g=payload`, no query. */
export function linkURL(page, payload) {
  const url = new URL(page);
  url.search = "";
  url.hash = `g=${payload}`;
  return url.href;
}
