"""The embed's first stylesheet: the rules of style.css its preview can use.

The embed shows a preview (a finished Painting, Start game, the download's size) long
before any game, and most readers of a blog post never press Start game. Inlining the
whole stylesheet there makes its first paint carry some 45 KB of rules for screens it does
not show (Lighthouse's `unused-css-rules`). So embed.html inlines only the rules that can
apply to the preview, in their order, and app/main.js loads the whole stylesheet (a
fingerprinted copy, `assets/style-<hash>.css`) when the reader presses Start game. The
whole sheet comes after the inline one, so the cascade is the whole sheet's.

Which rules: a style rule is kept when one of its selectors names only classes and ids
that occur as words in the preview's sources (web/index.html less its full-site blocks,
and the modules the embed's script imports before Start game); element, attribute and
pseudo-class parts are not checked. @media and @supports keep the rules inside them that
are kept (and go when none is); other at-rules (@keyframes, ...) are dropped: the preview
animates nothing. The sources, not the built page, decide, so the result (and its hash in
the policy) does not change with the build's values. tests/web/test_embed_lazy.py checks
that every element of the preview looks the same with the whole sheet added.

    subset = preview_rules(minified_css, known_words(web))
"""

from __future__ import annotations

import re
from pathlib import Path

import pages

WORD = re.compile(r"[A-Za-z_][\w-]*")
NAME = re.compile(r"[.#](-?[A-Za-z_][\w-]*)")
NEGATION = re.compile(r":not\([^()]*\)")
GROUPING = ("@media", "@supports")
PREVIEW_ENTRIES = ("app/main.js", "app/preview.js")  # the embed's script before Start game


class CssError(Exception):
    """The stylesheet could not be read as rules; the message says where."""


def known_words(web: Path) -> set[str]:
    """Every word of the embed's page (the template less its full-site blocks) and of the
    modules the preview runs."""
    template = web / pages.TEMPLATE
    texts = [pages.blocks_for(template.read_text(), "embed")] if template.is_file() else []
    texts += [(web / m).read_text() for m in pages.module_graph(web, PREVIEW_ENTRIES)]
    return {word for text in texts for word in WORD.findall(text)}


def preview_rules(css: str, known: set[str]) -> str:
    """The rules of (minified) `css` that can apply to the preview, in their order."""
    return "".join(_kept(css, known))


def _kept(css: str, known: set[str]) -> list[str]:
    kept = []
    for prelude, body in _blocks(css):
        if body is None:  # a statement such as @charset: not needed by the preview
            continue
        if prelude.startswith(GROUPING):
            inner = preview_rules(body, known)
            if inner:
                kept.append(f"{prelude}{{{inner}}}")
        elif not prelude.startswith("@") and any(
                _names_known(selector, known) for selector in _split(prelude, ",")):
            kept.append(f"{prelude}{{{body}}}")
    return kept


def _names_known(selector: str, known: set[str]) -> bool:
    """Does every class and id this selector requires occur in the preview's sources?"""
    return all(name in known for name in NAME.findall(NEGATION.sub("", selector)))


def _blocks(css: str) -> list[tuple[str, str | None]]:
    """The top-level (prelude, body) pairs of `css`; body None for a statement."""
    blocks, start, i = [], 0, 0
    while i < len(css):
        char = css[i]
        if char in "\"'":
            i = _after_string(css, i)
            continue
        if char == ";":
            blocks.append((css[start:i].strip(), None))
            start = i + 1
        elif char == "{":
            end = _closing(css, i)
            blocks.append((css[start:i].strip(), css[i + 1:end]))
            start = i = end + 1
            continue
        elif char == "}":
            raise CssError(f"an unmatched '}}' at character {i}")
        i += 1
    if css[start:].strip():
        raise CssError(f"text after the last rule: {css[start:start + 40]!r}")
    return blocks


def _closing(css: str, opening: int) -> int:
    """The index of the '}' that closes the '{' at `opening`."""
    depth, i = 0, opening
    while i < len(css):
        char = css[i]
        if char in "\"'":
            i = _after_string(css, i)
            continue
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth == 0:
            return i
        i += 1
    raise CssError(f"the '{{' at character {opening} is never closed")


def _after_string(css: str, quote_at: int) -> int:
    """The index just after the string that starts at `quote_at`."""
    quote, i = css[quote_at], quote_at + 1
    while i < len(css) and css[i] != quote:
        i += 2 if css[i] == "\\" else 1
    return i + 1


def _split(text: str, separator: str) -> list[str]:
    """`text` split at `separator` outside parentheses (":is(a, b)" stays whole)."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return [*parts, text[start:]]
