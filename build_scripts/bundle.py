"""Bundle and minify the app for dist/ with esbuild (pinned in build_scripts/package.json).

web/ stays plain ES modules (development, tests, `build.py --no-bundle`); a build turns a
copy of it into what a visitor downloads:
- every page's module script (`<script type="module" src=...>` of the pages at the
  root: index.html and embed.html -> app/main.js, lab.html -> app/lab/lab.js) is bundled,
  one esbuild run per script, with code splitting: the entry, each module it imports with
  `import()` (app.js, preview.js, ...) and the chunks they share, minified, as
  `assets/<name>-<hash>.mjs` (esbuild's content hash: fingerprinted, cached for a year;
  `.mjs`, as Pyodide's modules there, since netlify.toml's no-cache rule for `/*.js`
  would clash with the year of `/assets/*`), with a linked source map beside each
  (DevTools shows the original modules);
- the page then loads the entry's bundle, with a `<link rel="modulepreload">` for every
  bundle it needs at once (the static imports of the entry, and of what pages.py hinted:
  the app for the site, the preview for the embed);
- worker.js is bundled in place (its name stays: engine.js starts it by URL);
- style.css is minified and inlined in a `<style>` in each page that links it, so the
  first paint waits for no stylesheet; its hash is in the Content-Security-Policy's
  `style-src` (netlify_headers.py computes it with `inline_style_hash`). The embed inlines
  only the rules its preview can use (critical_css.py; `preview_style_hash`) and names a
  fingerprinted copy of the whole sheet, `assets/style-<hash>.css`, in a `<meta>` that
  app/main.js reads to load it on Start game;
- the classic script app/sandbox-check.js is minified in place (it must stay a plain
  same-origin file: it runs where modules cannot, in an opaque-origin frame).

Bundles live in assets/, one folder below the root as web/app/ is, so URLs that modules
build from `import.meta.url` (app/site.js) hold in both forms. The plain modules stay in
dist/ too (tests and benchmark pages import them), but no page loads them and the service
worker does not precache them (`Bundled.sources`).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import critical_css

REPO = Path(__file__).resolve().parent.parent
ESBUILD = REPO / "build_scripts" / "node_modules" / ".bin" / "esbuild"
STYLESHEET = "style.css"
WORKER = "worker.js"
CLASSIC_SCRIPTS = ("app/sandbox-check.js",)
OUT_DIR = "assets"
TARGET = "es2022"  # top-level await (main.js); every browser with module workers has it
MODULE_SCRIPT = re.compile(r'<script type="module" src="([^"]+)"')
PRELOAD = re.compile(r'^[ \t]*<link rel="modulepreload" href="([^"]+)">\n', re.MULTILINE)
STYLE_LINK = re.compile(r'<link rel="stylesheet" href="' + re.escape(STYLESHEET) + '">')
INLINE_STYLE = re.compile(r"<style>(.*?)</style>", re.DOTALL)
EMBED_BODY = 'data-mode="embed"'  # the embed's page (pages.py): it inlines its preview's rules
LATER_STYLESHEET = "destijl:stylesheet"  # the <meta> naming the whole sheet (app/main.js)


class BundleError(Exception):
    """esbuild is missing or refused the sources; the message says what to fix."""


@dataclass
class Bundled:
    """What bundling did to a build folder."""

    entries: dict[str, str] = field(default_factory=dict)  # "app/main.js" -> "assets/main-X.mjs"
    outputs: set[str] = field(default_factory=set)  # every file esbuild wrote (maps excluded)
    sources: set[str] = field(default_factory=set)  # plain files now inside a bundle or page


def esbuild(args: list[str], cwd: Path, stdin: str | None = None) -> str:
    """Run the pinned esbuild; its stdout, or BundleError with its message."""
    if not ESBUILD.is_file():
        raise BundleError(f"{ESBUILD} is missing: run `npm ci --prefix build_scripts`")
    done = subprocess.run([str(ESBUILD), *args, "--log-level=error"], cwd=cwd, input=stdin,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BundleError(f"esbuild {' '.join(args[:1])}: {done.stderr.strip()}")
    return done.stdout


@functools.cache
def esbuild_version() -> str:
    """The installed esbuild's version (part of the build version)."""
    return esbuild(["--version"], REPO).strip()


def minify_css(text: str) -> str:
    """The stylesheet minified by esbuild (the same text for the same input and version)."""
    return esbuild(["--loader=css", "--minify"], REPO, stdin=text).strip()


def csp_hash(text: str) -> str:
    """The CSP source expression ('sha256-...') that allows this inline text."""
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


@functools.cache
def minified_stylesheet(web: Path = REPO / "web") -> str:
    """web/style.css minified (one esbuild run for both hashes below)."""
    return minify_css((web / STYLESHEET).read_text())


def inline_style_hash(web: Path = REPO / "web") -> str:
    """The hash of the `<style>` a build inlines from web/style.css (for `style-src`)."""
    return csp_hash(minified_stylesheet(web))


def preview_css(css: str, web: Path = REPO / "web") -> str:
    """The rules of the minified stylesheet `css` the embed's preview can use (critical_css)."""
    return critical_css.preview_rules(css, critical_css.known_words(web))


def preview_style_hash(web: Path = REPO / "web") -> str:
    """The hash of the `<style>` a build inlines in the embed (for `style-src`)."""
    return csp_hash(preview_css(minified_stylesheet(web), web))


def inline_styles(html: str) -> list[str]:
    """The contents of a page's inline `<style>` elements."""
    return INLINE_STYLE.findall(html)


def _run(out: Path, args: list[str]) -> dict:
    """One esbuild run in the build folder `out`; returns its metafile."""
    with tempfile.TemporaryDirectory() as tmp:
        meta = Path(tmp) / "meta.json"
        esbuild([*args, "--bundle", "--format=esm", "--minify", f"--target={TARGET}",
                 "--sourcemap=linked", "--legal-comments=eof", f"--metafile={meta}"], out)
        return json.loads(meta.read_text())


def _bundle_page_script(out: Path, entry: str) -> dict:
    """A page's entry script and what it imports, split into chunks; its metafile."""
    return _run(out, [entry, "--splitting", "--entry-names=[name]-[hash]",
                      "--chunk-names=[name]-[hash]", "--out-extension:.js=.mjs",
                      f"--outdir={OUT_DIR}"])


def _closure(meta: dict, starts: set[str]) -> set[str]:
    """The outputs `starts` need at once: themselves and their static imports, transitively."""
    seen: set[str] = set()
    todo = list(starts)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo += [i["path"] for i in meta["outputs"][name].get("imports", ())
                 if i["kind"] == "import-statement" and not i.get("external")]
    return seen


def _rewrite_page(html: str, entry: str, meta: dict) -> str:
    """A page that loads `entry`'s bundle and preloads what it needs at once."""
    code = {o: v for o, v in meta["outputs"].items() if not o.endswith(".map")}
    home = {src: out for out, v in code.items() for src in v["inputs"]}
    main = next(o for o, v in code.items() if v.get("entryPoint") == entry)
    hinted = {home[h] for h in PRELOAD.findall(html) if h in home}
    needed = sorted(_closure(meta, {main} | hinted) - {main})
    html = PRELOAD.sub("", html)
    links = "".join(f'\n<link rel="modulepreload" href="{o}">' for o in needed)
    return re.sub(r'(<script type="module" src=")' + re.escape(entry) + r'"([^>]*>\s*</script>)',
                  lambda m: f'{m.group(1)}{main}"{m.group(2)}{links}', html)


def bundle(out: Path) -> Bundled:
    """Bundle the pages' scripts and the worker in the build folder `out`, inline the
    stylesheet; return what was made and which plain files the pages no longer load."""
    done = Bundled()
    pages = sorted(out.glob("*.html"))
    texts = {page: page.read_text() for page in pages}
    metas: dict[str, dict] = {}
    for html in texts.values():
        for entry in MODULE_SCRIPT.findall(html):
            if entry not in metas and (out / entry).is_file():
                metas[entry] = _bundle_page_script(out, entry)
    for entry, meta in metas.items():
        code = [o for o in meta["outputs"] if not o.endswith(".map")]
        done.outputs.update(code)
        done.entries[entry] = next(o for o in code if meta["outputs"][o].get("entryPoint") == entry)
        done.sources.update(meta["inputs"])
    css = minify_css((out / STYLESHEET).read_text()) if (out / STYLESHEET).is_file() else None
    for page, html in texts.items():
        for entry in MODULE_SCRIPT.findall(html):
            if entry in metas:
                html = _rewrite_page(html, entry, metas[entry])
        if css is not None and STYLE_LINK.search(html):
            inline = f"<style>{css}</style>"
            if EMBED_BODY in html:  # the preview's rules now, the whole sheet on Start game
                whole = f"assets/style-{hashlib.sha256(css.encode()).hexdigest()[:12]}.css"
                (out / whole).write_text(css)
                done.outputs.add(whole)
                inline = (f"<style>{preview_css(css)}</style>\n"
                          f'<meta name="{LATER_STYLESHEET}" content="{whole}">')
            html = STYLE_LINK.sub(lambda _, text=inline: text, html)
            done.sources.add(STYLESHEET)
        page.write_text(html)
    if (out / WORKER).is_file():
        meta = _run(out, [WORKER, "--allow-overwrite", f"--outfile={WORKER}"])
        done.outputs.add(WORKER)
        done.sources.update(meta["inputs"])
    for script in CLASSIC_SCRIPTS:
        if (out / script).is_file():
            esbuild([script, "--minify", f"--target={TARGET}", "--allow-overwrite",
                     f"--outfile={script}"], out)
    done.sources -= done.outputs | set(CLASSIC_SCRIPTS)
    return done
