"""The `[[headers]]` rules of netlify.toml, matched the way Netlify matches them.

serve.py sends these headers so that local tests see what production sees, and build.py
checks the rules against every file it writes.

A rule's `for` path is split on "/"; a segment that is exactly `*` matches anything
(slashes included, and nothing at all), `*` inside a segment matches anything too, and
`:name` matches one segment. Matching ignores case and a trailing slash.

Netlify's documentation does not promise what happens when two rules that match one path
both set the same header (override or comma-join), so `conflicts` reports them and the
build refuses them, with one exception that means the same under both readings: a later
Content-Security-Policy that *refines* an earlier one (the same policy with directives
added, e.g. `frame-ancestors`). Overridden, the later policy is sent; joined, both are
enforced, and the later one is at least as strict on every directive the earlier one
has, so the result is again the later policy. `headers_for` sends the later one.

>>> rules = parse_rules({"headers": [{"for": "/*.js", "values": {"Cache-Control": "no-cache"}}]})
>>> headers_for(rules, "/app/main.js")
{'Cache-Control': 'no-cache'}
>>> headers_for(rules, "/pyodide/pyodide.mjs")
{}

It is also the single source of those rules: `header_blocks()` below, with the one
Content-Security-Policy (`CSP`), is written into netlify.toml by
`python3 build_scripts/netlify_headers.py --write` (everything after `GENERATED_MARK`);
`--check` fails when netlify.toml differs from it, and so does the test of the local
server (tests/web/test_headers.py).
"""

from __future__ import annotations

import base64
import hashlib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NETLIFY_TOML = REPO / "netlify.toml"
GENERATED_MARK = "# ---- [[headers]]: by build_scripts/netlify_headers.py --write; edit them there"

RUNNER = REPO / "web" / "botrunner" / "runner.js"
RUNNER_DIGEST = base64.b64encode(hashlib.sha256(RUNNER.read_bytes()).digest()).decode()
RUNNER_HASH = f"'sha256-{RUNNER_DIGEST}'"  # the one inline script the policy allows

# The policy of every response (documents, workers and the rest). Pyodide needs only
# 'wasm-unsafe-eval'; no inline script but the Lab runner's, no eval. Trusted Types are
# required for script sinks: the page has none (no innerHTML; web/app/trusted.js vets the
# worker and service-worker URLs), so any injected sink is refused.
#
# It is the Bot Lab's policy: the Lab's sandbox (docs/bots.md, "Safety") is an
# opaque-origin blob: document with botrunner/runner.js inline, whose worker (a blob: URL)
# imports Pyodide from blob: URLs, and a blob: document or worker takes the policy of the
# page that makes it. So blob: and the runner's hash in script-src, and blob: in child-src,
# which frames and workers fall back to. Every other document sends it again refined by
# STRICT (below); only the Lab's pages (lab.html, also as the game page's bot host) do not.
# The two inline styles: the stylesheet the build inlines in the pages, and the embed's
# preview rules of it (bundle.py), allowed by their hashes, computed when the policy is
# written (esbuild minifies web/style.css), so a change to style.css, or to the words of
# the embed's preview (critical_css.py), needs `--write` (the build refuses a stale policy
# and says so).
STYLE_SRC = "'self' {inline_style} {preview_style}"
CSP = (
    ("default-src", "'self'"),
    ("script-src", f"'self' 'wasm-unsafe-eval' blob: {RUNNER_HASH}"),
    ("child-src", "'self' blob:"),
    ("connect-src", "'self'"),
    ("img-src", "'self' data: blob:"),
    ("style-src", STYLE_SRC),
    ("font-src", "'self'"),
    ("manifest-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'none'"),
    ("form-action", "'none'"),
    ("require-trusted-types-for", "'script'"),
    ("trusted-types", "destijl default"),  # default: only in the worker (app/trusted.js)
)
# The game's and the embed's policy: CSP with these directives added. Each takes precedence
# over the one it refines (script-src-elem over script-src for every script that is loaded
# or inline; worker-src and frame-src over child-src), so no blob: script, worker or frame
# and no inline script (the runner's hash included) - the same whether Netlify sends this
# refined policy alone or both (both are enforced, and this one is the stricter).
STRICT = (
    ("script-src-elem", "'self'"),
    ("worker-src", "'self'"),
    ("frame-src", "'self'"),
)
# Powerful features the game never uses, off for the page and anything it frames; it
# matters most for the embed, which runs inside other people's pages.
PERMISSIONS_OFF = (
    "accelerometer", "autoplay", "camera", "display-capture",
    "encrypted-media", "geolocation", "gyroscope", "hid", "idle-detection", "magnetometer",
    "microphone", "midi", "payment", "publickey-credentials-get", "screen-wake-lock",
    "serial", "usb", "xr-spatial-tracking",
)


def csp_text(frame_ancestors: str | None = None, *, strict: bool = False) -> str:
    """The Content-Security-Policy header value: `strict` adds STRICT (every response but
    the Lab's pages), a document adds its `frame-ancestors`."""
    import bundle  # esbuild: only when the policy is written, not to read netlify.toml

    extra = (*(STRICT if strict else ()),
             *((("frame-ancestors", frame_ancestors),) if frame_ancestors else ()))
    values = {"inline_style": bundle.inline_style_hash(),
              "preview_style": bundle.preview_style_hash()}
    return "; ".join(f"{name} {value.format(**values)}" for name, value in (*CSP, *extra))


def permissions_text() -> str:
    """The Permissions-Policy header value: every feature of PERMISSIONS_OFF disabled."""
    return ", ".join(f"{feature}=()" for feature in PERMISSIONS_OFF)


NO_CACHE = {"Cache-Control": "no-cache"}


def header_blocks() -> tuple[tuple[str, str, dict[str, str]], ...]:
    """(comment, path pattern, headers) in file order. No two blocks that match one path
    may set the same header (build.py checks it): Netlify does not promise to merge them.
    The one exception is a Content-Security-Policy that refines the one of `/*` (above)."""
    # The full site's documents: framed only by the site itself (X-Frame-Options for
    # browsers without frame-ancestors). The embed's: by any site. Both with the strict policy.
    not_framed = {**NO_CACHE, "X-Frame-Options": "SAMEORIGIN",
                  "Content-Security-Policy": csp_text(frame_ancestors="'self'", strict=True)}
    framed_by_any = {**NO_CACHE,
                     "Content-Security-Policy": csp_text(frame_ancestors="*", strict=True)}
    # The Bot Lab's page: framed by any site (embed.html?lab=1), and its own policy, CSP.
    lab_page = {**NO_CACHE, "Content-Security-Policy": csp_text(frame_ancestors="*")}
    # Scripts (the workers among them: worker.js, sw.js) and SVG images (a document when
    # opened on their own): the strict policy too.
    strict_files = {**NO_CACHE, "Content-Security-Policy": csp_text(strict=True)}
    return (
        ("Every response, documents at any path included (/index, 404s, ...): the policy\n"
         "the Bot Lab's sandbox needs (blob: and its runner's hash). Every document below but\n"
         "the Lab's sends it again refined: the strict directives and frame-ancestors added,\n"
         "which win whether Netlify overrides or joins the two.",
         "/*", {
             "X-Content-Type-Options": "nosniff",
             "Referrer-Policy": "strict-origin-when-cross-origin",
             "Content-Security-Policy": csp_text(),
             "Cross-Origin-Opener-Policy": "same-origin",
             "Permissions-Policy": permissions_text(),
         }),
        ("The full site's documents: revalidated, framed only by the site itself.\n"
         "Netlify serves index.html as /index too.", "/", not_framed),
        ("", "/index", not_framed),
        ("", "/index.html", not_framed),
        ("The embed may be framed by any site (frame-ancestors *, no X-Frame-Options).\n"
         "Netlify also serves embed.html as /embed.", "/embed", framed_by_any),
        ("", "/embed.html", framed_by_any),
        ("The Bot Lab: framed by any site too, as embed.html?lab=1 (docs/bots.md), and the\n"
         "only documents without the strict directives: the Lab makes the bot sandbox, for\n"
         "itself and, as lab.html?host=bots, for the game's My bot.", "/lab", lab_page),
        ("", "/lab.html", lab_page),
        ("Un-hashed modules (worker.js and sw.js included): always revalidated; the strict\n"
         "policy for the workers.", "/*.js", strict_files),
        ("", "/style.css", NO_CACHE),
        ("", "/*.svg", strict_files),
        ("", "/*.ico", NO_CACHE),
        ("", "/*.webmanifest",
         {**NO_CACHE, "Content-Type": "application/manifest+json"}),
        ("Fingerprinted by build.py (the content hash is in the path): cached for a year,\n"
         "and only for this site's own pages.",
         "/assets/*", {"Cache-Control": "public, max-age=31536000, immutable",
                       "Cross-Origin-Resource-Policy": "same-origin"}),
        ("MIME types Pyodide depends on: a wasm served otherwise makes loadPyodide hang.",
         "/*.wasm", {"Content-Type": "application/wasm"}),
        ("", "/*.mjs", {"Content-Type": "text/javascript; charset=utf-8"}),
    )


def render_blocks() -> str:
    """The [[headers]] part of netlify.toml, from header_blocks() (ends with a newline)."""
    out = [GENERATED_MARK]
    for comment, pattern, values in header_blocks():
        out.append("")
        out += [f"# {line}" for line in comment.splitlines()]
        out += ["[[headers]]", f'  for = "{pattern}"', "  [headers.values]"]
        out += [f'    {name} = "{value}"' for name, value in values.items()]
    return "\n".join(out) + "\n"


def generated_toml(text: str) -> str:
    """netlify.toml's text with everything from GENERATED_MARK on written afresh."""
    head = text.split(GENERATED_MARK)[0].rstrip("\n")
    return f"{head}\n\n{render_blocks()}"


@dataclass(frozen=True)
class Rule:
    """One `[[headers]]` block: the path pattern and the headers it sets."""

    pattern: str  # "/*.js"
    regex: re.Pattern[str]
    values: dict[str, str]  # {"Cache-Control": "no-cache"}


def _segment_regex(segment: str) -> str:
    if segment.startswith(":"):
        return "[^/]+"
    if segment == "*":
        return "?.*"
    return ".*".join(re.escape(part) for part in segment.split("*"))


def pattern_regex(pattern: str) -> re.Pattern[str]:
    """Compile a Netlify `for` path into a regular expression over URL paths."""
    segments = [s.rstrip() for s in pattern.split("/") if s.strip()]
    body = "/".join(_segment_regex(s) for s in segments)
    return re.compile(f"^/{body}/?$", re.IGNORECASE)


def parse_rules(config: dict) -> list[Rule]:
    """The header rules of a parsed netlify.toml, in file order."""
    rules = []
    for block in config.get("headers", []):
        values = {name: " ".join(str(v).split()) for name, v in block["values"].items()}
        rules.append(Rule(block["for"], pattern_regex(block["for"]), values))
    return rules


def load_rules(path: Path = NETLIFY_TOML) -> list[Rule]:
    """Read and parse the header rules of a netlify.toml file."""
    with path.open("rb") as f:
        return parse_rules(tomllib.load(f))


def matching(rules: list[Rule], url_path: str) -> list[Rule]:
    """The rules whose pattern matches a URL path such as "/app/main.js"."""
    return [rule for rule in rules if rule.regex.match(url_path)]


def refines(earlier: str, later: str, name: str) -> bool:
    """Does `later` refine `earlier` (a policy with directives added), so that sending
    either the later one or both means the later one?"""
    return name.lower() == "content-security-policy" and later.startswith(f"{earlier}; ")


def headers_for(rules: list[Rule], url_path: str) -> dict[str, str]:
    """The headers that every matching rule sets: a refined policy replaces the one it
    refines; other duplicates are comma-joined (the build refuses them)."""
    headers: dict[str, str] = {}
    for rule in matching(rules, url_path):
        for name, value in rule.values.items():
            key = next((k for k in headers if k.lower() == name.lower()), name)
            if key not in headers or refines(headers[key], value, name):
                headers[key] = value
            else:
                headers[key] = f"{headers[key]}, {value}"
    return headers


def conflicts(rules: list[Rule], url_path: str) -> list[str]:
    """Header names set by more than one rule that matches the URL path (a policy refined
    by a later rule excepted)."""
    seen: dict[str, tuple[str, str]] = {}
    clashes = []
    for rule in matching(rules, url_path):
        for name, value in rule.values.items():
            earlier = seen.get(name.lower())
            if earlier and not refines(earlier[1], value, name):
                clashes.append(f"{name} ({earlier[0]} and {rule.pattern})")
            seen[name.lower()] = (rule.pattern, value)
    return clashes


def main(argv: list[str] | None = None) -> int:
    """`--write` regenerates netlify.toml's [[headers]]; `--check` fails if it is stale."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(description="netlify.toml's [[headers]] from one source")
    parser.add_argument("--write", action="store_true", help="rewrite netlify.toml")
    parser.add_argument("--check", action="store_true", help="exit 1 if netlify.toml is stale")
    parser.add_argument("--toml", type=Path, default=NETLIFY_TOML)
    args = parser.parse_args(argv)
    text = args.toml.read_text()
    fresh = generated_toml(text)
    if args.write and fresh != text:
        args.toml.write_text(fresh)
        print(f"wrote {args.toml}")
    elif args.check and fresh != text:
        print(f"{args.toml} is stale: run python3 build_scripts/netlify_headers.py --write",
              file=sys.stderr)
        return 1
    elif not args.write and not args.check:
        sys.stdout.write(render_blocks())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
