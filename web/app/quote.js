// Short quotes of untrusted text: every message that repeats a bad value (a link
// parameter, a saved value, an imported file's name, an engine error) quotes at most
// QUOTE_MAX characters of it, so a hostile 50 MB value never reaches the page whole.

export const QUOTE_MAX = 80;

/**
 * `text` cut to `max` characters, with "…" and the full length when it was longer.
 *   clip("abc") === "abc";  clip("x".repeat(500)) === "xxx…x… (500 characters)"
 */
export function clip(text, max = QUOTE_MAX) {
  const t = String(text ?? "");
  if (t.length <= max) return t;
  return `${t.slice(0, max)}… (${t.length.toLocaleString("en")} characters)`;
}

/** The most notices shown at once; the rest are merged into one closing line. */
export const NOTICES_MAX = 10;

/** At most NOTICES_MAX notices, each clipped to a readable length, duplicates merged. */
export function capNotices(notices, max = NOTICES_MAX) {
  const unique = [...new Set(notices.map((n) => clip(n, 400)))];
  if (unique.length <= max) return unique;
  const rest = unique.length - (max - 1);
  return [...unique.slice(0, max - 1), `…and ${rest} more notices like these.`];
}
