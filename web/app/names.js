// Seat names: the engine's one rule (pysrc/destijl/names.py), applied on the page from the
// data the build generates from the engine (RULES.names in rules-data.js), so a link, a
// remembered setup or the form is judged as the engine will judge it. Lengths count code
// points (an emoji is one), as Python does.
//
//   checkName("  Ann ") -> {name: "Ann"};  checkName("Ann\u001b") -> {why: "U+001B (a control character) is not allowed in a name"}

import { RULES } from "./rules-data.js";

const within = (code, ranges) => ranges.some(([low, high]) => code >= low && code <= high);

/** `text` without the rule's white space at both ends. */
export function trimName(text, rule = RULES.names) {
  const chars = [...text];
  let start = 0;
  let end = chars.length;
  while (start < end && within(chars[start].codePointAt(0), rule.whitespace)) start += 1;
  while (end > start && within(chars[end - 1].codePointAt(0), rule.whitespace)) end -= 1;
  return chars.slice(start, end).join("");
}

/** {name} (trimmed) if the engine will take `value` as a seat name, else {why} in its words. */
export function checkName(value, rule = RULES.names) {
  if (typeof value !== "string") return { why: `expected 1 to ${rule.max} characters` };
  const name = trimName(value, rule);
  const chars = [...name];
  if (!chars.length || chars.length > rule.max) return { why: `expected 1 to ${rule.max} characters` };
  for (const char of chars) {
    const code = char.codePointAt(0);
    const refused = rule.refused.find((r) => within(code, r.ranges));
    if (refused) return { why: `U+${code.toString(16).toUpperCase().padStart(4, "0")} (${refused.why}) is not allowed in a name` };
  }
  if (chars.every((c) => within(c.codePointAt(0), rule.invisible))) return { why: "a name needs a visible character" };
  return { name };
}
