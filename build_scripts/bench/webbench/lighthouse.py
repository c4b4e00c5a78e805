"""Lighthouse 12.2.3 (build_scripts/node_modules, mobile profile) on a page."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

from chromium import CHROMIUM_ARGS, SYSTEM_CHROMIUM

from .paths import LIGHTHOUSE


def lighthouse(url: str, out: Path) -> dict:
    """Lighthouse (mobile profile) on `url`: category scores and the layout shift."""
    if not LIGHTHOUSE.exists():
        return {"error": "lighthouse is not installed: run `npm ci --prefix build_scripts`"}
    env = {**os.environ, "CHROME_PATH": str(SYSTEM_CHROMIUM) if SYSTEM_CHROMIUM.exists() else ""}
    report = out / f"lighthouse-{re.sub(r'[^a-z]+', '-', url.split('/', 3)[-1] or 'site')}.json"
    command = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={report}", "--quiet",
               "--only-categories=performance,accessibility,best-practices,seo",
               "--chrome-flags=--headless=new " + " ".join(CHROMIUM_ARGS)]
    for _attempt in range(2):  # Lighthouse sometimes loses its own trace (NO_NAVSTART): again
        report.unlink(missing_ok=True)
        result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
        if not result.returncode and report.exists():
            break
    else:
        return {"error": (result.stderr or result.stdout).strip().splitlines()[-1:] or ["failed"]}
    data = json.loads(report.read_text())
    scores = {k: v["score"] for k, v in data["categories"].items()}
    audits = data["audits"]
    failing = sorted(k for k, a in audits.items()
                     if a.get("score") is not None and a["score"] < 0.9
                     and a.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings"))
    return {**scores, "cls": audits["cumulative-layout-shift"]["numericValue"],
            "fcp_ms": audits["first-contentful-paint"]["numericValue"],
            "lcp_ms": audits["largest-contentful-paint"]["numericValue"],
            "tbt_ms": audits["total-blocking-time"]["numericValue"],
            "flagged": failing}
