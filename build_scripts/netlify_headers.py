"""The `[[headers]]` rules of netlify.toml, matched the way Netlify matches them.

serve.py sends these headers so that local tests see what production sees, and build.py
checks the rules against every file it writes.

A rule's `for` path is split on "/"; a segment that is exactly `*` matches anything
(slashes included, and nothing at all), `*` inside a segment matches anything too, and
`:name` matches one segment. Matching ignores case and a trailing slash.

Netlify's documentation does not promise what happens when two rules that match one path
both set the same header (override or comma-join), so `headers_for` joins them, the
stricter reading for a Content-Security-Policy, and `conflicts` reports them so the build
can refuse them.

>>> rules = parse_rules({"headers": [{"for": "/*.js", "values": {"Cache-Control": "no-cache"}}]})
>>> headers_for(rules, "/app/main.js")
{'Cache-Control': 'no-cache'}
>>> headers_for(rules, "/pyodide/pyodide.mjs")
{}
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NETLIFY_TOML = REPO / "netlify.toml"


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


def headers_for(rules: list[Rule], url_path: str) -> dict[str, str]:
    """The headers that every matching rule sets, duplicates comma-joined."""
    headers: dict[str, str] = {}
    for rule in matching(rules, url_path):
        for name, value in rule.values.items():
            key = next((k for k in headers if k.lower() == name.lower()), name)
            headers[key] = f"{headers[key]}, {value}" if key in headers else value
    return headers


def conflicts(rules: list[Rule], url_path: str) -> list[str]:
    """Header names set by more than one rule that matches the URL path."""
    seen: dict[str, str] = {}
    clashes = []
    for rule in matching(rules, url_path):
        for name in rule.values:
            if name.lower() in seen:
                clashes.append(f"{name} ({seen[name.lower()]} and {rule.pattern})")
            seen[name.lower()] = rule.pattern
    return clashes
