"""Build the static site: `python3 build_scripts/build.py` turns web/ into dist/.

What lands in dist/ (docs/deploy.md explains the caching that goes with it):
- web/ as it is: HTML, CSS and the un-hashed ES modules (served with no-cache), except
  that `index.html` and `embed.html` are both made from web/index.html (pages.py), the
  embed with its preview Paintings played by the engine at build time;
- then bundled (bundle.py, unless `--no-bundle`): each page loads one minified bundle of
  its script (and the chunks it needs) from `assets/`, with style.css inlined;
  worker.js is bundled in place; the plain modules stay, unused by the pages and not
  precached (tests and benchmark pages import them);
- `assets/`: everything fingerprinted (content hash in the name, cached for a year):
  - `<name>-<hash>.mjs` (and `.mjs.map`): the app's bundles (bundle.py);
  - `python-<hash>.zip.gz`: the trimmed standard library with the engine package inside
    (build_scripts/pystdlib.py), compiled to bytecode inside the pinned Pyodide
    (precompile.py) and gzipped; inflated, Pyodide's `stdLibURL`: nothing to unpack;
  - `pyodide-<version>-<hash>/`: the three Pyodide files the game needs (pyodide.mjs,
    pyodide.asm.mjs, pyodide.asm.wasm), from the npm package pinned in
    build_scripts/package.json;
  - `icon-192-<hash>.png`, `icon-512-<hash>.png`, `maskable-512-<hash>.png`;
- `favicon.svg`, `favicon.ico`, `manifest.webmanifest`;
- `build-info.js`: the build version and the hashed paths, imported by worker.js;
- `vendor/codemirror.js`: the Bot Lab's editor, CodeMirror 6 with its Python language,
  bundled by esbuild from build_scripts/lab_editor.mjs (both pinned in package.json);
- `vendor/bots.js`: for the Bot Lab, the example bots' sources (pysrc/destijl/bots/examples)
  and the bot levels (destijl.bots.levels);
- `app/rules-data.js`: what the page must know about the game before one exists, written
  from the engine's `destijl.facts.describe()` (rules_data.py);
- `app/palette.js`: the colours of web/style.css's light theme, for the exported picture
  (palette.py);
- `app/openings/N.json`: per player count, the deals (and their first views) the page shows
  at once when a game starts before the engine has loaded (openings_data.py);
- `sw.js`: web/sw.js with its precache list and the build version written in.

The build version is a hash of everything else, so any change to any file gives a new
service worker cache. The output directory is replaced in one step at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import bundle
import icons
import netlify_headers
import openings_data
import pages
import palette
import pystdlib
import rules_data

REPO = Path(__file__).resolve().parent.parent
WEB = REPO / "web"
ENGINE = REPO / "pysrc" / "destijl"
DIST = REPO / "dist"
PYODIDE_PKG = REPO / "build_scripts" / "node_modules" / "pyodide"
PINNED = REPO / "build_scripts" / "package.json"

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PRECOMPILE = (REPO / "build_scripts" / "precompile.mjs", REPO / "build_scripts" / "precompile.py")
GENERATED = ("build-info.js", "manifest.webmanifest", "favicon.svg", "favicon.ico", "assets",
             "vendor", rules_data.NAME, palette.NAME, openings_data.FOLDER)
EDITOR_ENTRY = REPO / "build_scripts" / "lab_editor.mjs"
EDITOR_OUT = "vendor/codemirror.js"
EXAMPLES_OUT = "vendor/bots.js"
ASSETS = "assets/"  # fingerprinted files only
PRECACHE_SLOT = re.compile(r"/\* @precache \*/.*?/\* @end \*/", re.DOTALL)


class BuildError(Exception):
    """The build cannot go on; the message says what to fix."""


def digest(data: bytes, length: int = 12) -> str:
    """A short hex content hash."""
    return hashlib.sha256(data).hexdigest()[:length]


def pack_python(src: Path = ENGINE, pkg: Path = PYODIDE_PKG) -> bytes:
    """What worker.js downloads and gives loadPyodide as `stdLibURL`, once inflated: the
    trimmed standard library and the engine package, compiled to bytecode inside the pinned
    Pyodide (precompile.py), one gzip stream (reproducible)."""
    if not (src / "__init__.py").is_file():
        raise BuildError(f"{src} is not a Python package (no __init__.py)")
    version = pyodide_version(pkg)
    try:
        sources = pystdlib.pack_python(pkg / "python_stdlib.zip", engine=src)
    except pystdlib.StdlibError as error:
        raise BuildError(str(error)) from error
    return gzip.compress(compile_python(sources, pkg, version), compresslevel=9, mtime=0)


def compile_python(sources: bytes, pkg: Path, version: str) -> bytes:
    """The zip of sources as a zip of bytecode (build_scripts/precompile.mjs under Node),
    cached in the temp folder per input (Pyodide takes a few seconds to start)."""
    key = hashlib.sha256(sources + version.encode())
    for script in PRECOMPILE:
        key.update(script.read_bytes())
    cache = Path(tempfile.gettempdir()) / f"destijl-bytecode-{key.hexdigest()[:16]}.zip"
    if cache.is_file():
        return cache.read_bytes()
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not on PATH: the build compiles Python inside Pyodide under Node")
    with tempfile.TemporaryDirectory() as work:
        source, made = Path(work) / "python.zip", Path(work) / "bytecode.zip"
        source.write_bytes(sources)
        run = subprocess.run([node, str(PRECOMPILE[0]), str(pkg), str(source), str(made)],
                             capture_output=True, text=True, timeout=300)
        if run.returncode != 0 or not made.is_file():
            raise BuildError(f"compiling Python inside Pyodide failed: {run.stderr[-1500:]}")
        data = made.read_bytes()
    with contextlib.suppress(OSError):  # whole or not at all: another build may read it
        part = cache.with_suffix(f".{os.getpid()}.part")
        part.write_bytes(data)
        part.replace(cache)
    return data


def pyodide_version(pkg: Path = PYODIDE_PKG) -> str:
    """The installed Pyodide version, checked against the pin in package.json."""
    if not (pkg / "package.json").is_file():
        raise BuildError(f"{pkg} is missing: run `npm ci --prefix build_scripts` (make build does)")
    installed = json.loads((pkg / "package.json").read_text())["version"]
    pinned = json.loads(PINNED.read_text())["dependencies"]["pyodide"]
    if installed != pinned:
        raise BuildError(f"node_modules has pyodide {installed}, package.json pins {pinned}: "
                         "run `npm ci --prefix build_scripts`")
    return installed


def copy_pyodide(out: Path, pkg: Path = PYODIDE_PKG) -> tuple[str, dict, int]:
    """Copy the runtime files into a content-hashed folder.

    Returns the folder (relative to out, ending in "/"), the inline lock file that spares
    loadPyodide a fetch of pyodide-lock.json, and the bytes of the files worker.js
    downloads and counts (pyodide.asm.wasm and pyodide.asm.mjs; pyodide.mjs is imported).
    """
    version = pyodide_version(pkg)
    contents = {name: (pkg / name).read_bytes() for name in PYODIDE_FILES}
    folder = f"{ASSETS}pyodide-{version}-{digest(b''.join(contents.values()), 10)}/"
    (out / folder).mkdir(parents=True)
    for name, data in contents.items():
        (out / folder / name).write_bytes(data)
    info = json.loads((pkg / "pyodide-lock.json").read_text())["info"]
    fetched = sum(len(data) for name, data in contents.items() if name != "pyodide.mjs")
    return folder, {"info": info, "packages": {}}, fetched


def bundle_editor(out: Path) -> None:
    """The Bot Lab's editor as one self-hosted ES module (esbuild, reproducible)."""
    target = out / EDITOR_OUT
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        bundle.esbuild([str(EDITOR_ENTRY), "--bundle", "--format=esm", "--minify",
                        f"--target={bundle.TARGET}", "--legal-comments=eof",
                        f"--outfile={target}"], EDITOR_ENTRY.parent)
    except bundle.BundleError as error:
        raise BuildError(f"esbuild could not bundle the editor: {error}") from error


def write_examples(out: Path, engine: Path = ENGINE) -> None:
    """For the Lab, an ES module: `EXAMPLES = {name: source}` of the example bots and
    `LEVELS = [{name, label, rating, description}]` (destijl.bots.levels, through describe())."""
    folder = engine / "bots" / "examples"
    examples = {p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py"))
                if not p.stem.startswith("_")}
    levels = rules_data.describe(engine)["levels"]
    (out / EXAMPLES_OUT).write_text(
        "// Generated by build_scripts/build.py from pysrc/destijl (bots/examples, bots/levels).\n"
        f"export const EXAMPLES = {json.dumps(examples, indent=2)};\n"
        f"export const LEVELS = {json.dumps(levels, indent=2)};\n")


def write_icons(out: Path) -> list[dict]:
    """Write the PNG icons and favicons; return the manifest's `icons` entries."""
    entries = []
    for name, size, inset, purpose in (
        ("icon-192", 192, 0.0, "any"),
        ("icon-512", 512, 0.0, "any"),
        ("maskable-512", 512, 0.1, "maskable"),
    ):
        data = icons.png(size, inset)
        path = f"{ASSETS}{name}-{digest(data, 10)}.png"
        (out / path).write_bytes(data)
        entries.append({"src": path, "sizes": f"{size}x{size}", "type": "image/png",
                        "purpose": purpose})
    (out / "favicon.svg").write_text(icons.svg())
    (out / "favicon.ico").write_bytes(icons.ico(32))
    return entries


def theme_color(html: str, default: str = "#ffffff") -> str:
    """The page's <meta name="theme-color">, so the installed app matches the page."""
    match = re.search(r'<meta\s+name="theme-color"\s+content="(#[0-9a-fA-F]{3,8})"', html)
    return match.group(1) if match else default


def manifest(icon_entries: list[dict], theme: str = "#ffffff") -> dict:
    """The web app manifest that makes the game installable."""
    return {
        "id": "./",
        "name": "De Stijl",
        "short_name": "De Stijl",
        "description": "The card-laying art game: paint a Mondrian with red, yellow and blue.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": theme,
        "theme_color": theme,
        "icons": icon_entries,
    }


def site_files(out: Path) -> list[str]:
    """Every file under out, as sorted URL paths relative to the site root."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def check_headers(out: Path, toml: Path = netlify_headers.NETLIFY_TOML) -> None:
    """Refuse header rules that clash, documents or scripts left without a policy, and an
    inline stylesheet the page's policy does not allow (a stale netlify.toml)."""
    rules = netlify_headers.load_rules(toml)
    problems = []
    for name in site_files(out):
        url = "/" + name
        problems += [f"{url}: {c} both set" for c in netlify_headers.conflicts(rules, url)]
        headers = {k.lower(): v for k, v in netlify_headers.headers_for(rules, url).items()}
        if name.endswith((".html", ".js")) and "content-security-policy" not in headers:
            problems.append(f"{url}: no Content-Security-Policy rule in netlify.toml")
        if name.endswith(".html"):
            policy = headers.get("content-security-policy", "")
            problems += [
                f"{url}: its inline <style> ({bundle.csp_hash(css)}) is not in the policy's "
                "style-src: run python3 build_scripts/netlify_headers.py --write"
                for css in bundle.inline_styles((out / name).read_text())
                if bundle.csp_hash(css) not in policy]
    if problems:
        raise BuildError("netlify.toml header rules:\n  " + "\n  ".join(problems))


TEST_HOOKS = "app/test-hooks.js"
TEST_HOOKS_OFF = "export const TEST_HOOKS = false;"


def enable_test_hooks(out: Path) -> None:
    """Turn the browser tests' hooks on in a build (`?debug=engine`); never for a deploy."""
    path = out / TEST_HOOKS
    text = path.read_text() if path.is_file() else ""
    if TEST_HOOKS_OFF not in text:
        raise BuildError(f"web/{TEST_HOOKS} lacks `{TEST_HOOKS_OFF}`")
    path.write_text(text.replace(TEST_HOOKS_OFF, "export const TEST_HOOKS = true;"))


def build(web: Path = WEB, engine: Path = ENGINE, out: Path = DIST, stamp: str = "",
          test_hooks: bool = False, bundled: bool = True) -> str:
    """Build the site into `out` (replaced whole) and return the build version; with
    `test_hooks`, a build for the browser tests (`?debug=engine` works); without
    `bundled`, the pages load the plain modules (for debugging)."""
    if not (web / "sw.js").is_file():
        raise BuildError(f"{web}/sw.js is missing")
    clashes = [name for name in GENERATED if (web / name).exists()]
    if clashes:
        raise BuildError(f"web/ must not contain build outputs: {', '.join(clashes)}")
    tmp = out.with_name(f".{out.name}.tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(web, tmp, ignore=shutil.ignore_patterns(".*", "__pycache__", "sw.js"))
    try:
        if test_hooks:
            enable_test_hooks(tmp)
        version = _fill(tmp, web, engine, stamp, bundled)
        check_headers(tmp)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    old = out.with_name(f".{out.name}.old-{os.getpid()}")
    if out.exists():
        out.rename(old)
    tmp.rename(out)
    shutil.rmtree(old, ignore_errors=True)
    return version


def _fill(out: Path, web: Path, engine: Path, stamp: str, bundled: bool = True) -> str:
    """Add the generated files to a copy of web/, bundle it (if `bundled`) and return the
    build version."""
    pyodide_dir, lock_file, runtime_bytes = copy_pyodide(out)
    bundle_editor(out)
    write_examples(out, engine)
    archive = pack_python(engine)
    python_path = f"{ASSETS}python-{digest(archive)}.zip.gz"
    (out / python_path).write_bytes(archive)
    rules_data.write(out, engine)  # before the pages: their module graph imports it
    shutil.copyfile(engine / "puzzles" / "data" / "puzzles.json", out / "puzzles.json")
    palette.write(out, web)  # the colours of style.css for the exported picture
    openings_data.write(out, engine)  # first views the page shows before Python loads
    write_pages(out, web, engine, archive, [out / pyodide_dir, out / python_path])
    entries = write_icons(out)
    index = (out / "index.html").read_text() if (out / "index.html").is_file() else ""
    app = manifest(entries, theme_color(index))
    (out / "manifest.webmanifest").write_text(json.dumps(app, indent=2) + "\n")

    template = (web / "sw.js").read_text()
    hashed = hashlib.sha256(template.encode() + stamp.encode())
    if bundled:  # the bundles are made from the files hashed below, by this esbuild
        hashed.update(f"esbuild {bundle.esbuild_version()}".encode())
    for name in site_files(out):
        hashed.update(name.encode() + b"\0" + (out / name).read_bytes())
    version = hashed.hexdigest()[:12]

    info = {
        "version": version,
        "pyodideVersion": pyodide_version(),
        "pyodide": pyodide_dir,
        "python": python_path,
        "engine": python_path,  # the zip that carries the engine (tests block it)
        "runtimeBytes": runtime_bytes + len(archive),
        "lockFile": lock_file,
    }
    (out / "build-info.js").write_text(
        "// Generated by build_scripts/build.py: the build version and the hashed paths.\n"
        f"export const BUILD = {json.dumps(info, indent=2)};\n"
    )
    sources: set[str] = set()
    if bundled:
        try:
            # build-info.js is inside the bundles, and precached all the same: the service
            # worker checks its version (sw.js)
            sources = bundle.bundle(out).sources - {"build-info.js"}
        except bundle.BundleError as error:
            raise BuildError(str(error)) from error
    files = [f for f in site_files(out) if f not in sources and not f.endswith(".map")]
    precache = {
        "version": version,
        "files": [f for f in files if not f.startswith(ASSETS)],
        "immutable": [f for f in files if f.startswith(ASSETS)],
    }
    if not PRECACHE_SLOT.search(template):
        raise BuildError("web/sw.js lacks the /* @precache */ ... /* @end */ slot")
    filled = PRECACHE_SLOT.sub(lambda _: json.dumps(precache, indent=2), template, count=1)
    (out / "sw.js").write_text(filled)
    for page in ("index.html", "embed.html"):
        html = (out / page).read_text() if (out / page).is_file() else ""
        if html and "manifest.webmanifest" not in html:
            print(f"note: {page} does not link manifest.webmanifest", file=sys.stderr)
    return version


def write_pages(out: Path, web: Path, engine: Path, archive: bytes, loaded: list[Path]) -> None:
    """index.html and embed.html from web/index.html; `loaded`: what Start game downloads."""
    try:
        paintings = pages.previews(engine, archive)
    except Exception as error:  # the page still works: it shows its static picture
        print(f"note: no preview Paintings for embed.html ({error})", file=sys.stderr)
        paintings = []
    values = {"download_mb": pages.megabytes(pages.wire_bytes(loaded)),
              "download_plain_mb": pages.megabytes(pages.plain_bytes(loaded)),
              "preview_data": pages.preview_json(paintings)}
    try:
        pages.write(out, web, {"full": values, "embed": values})
    except pages.PageError as error:
        raise BuildError(str(error)) from error


def main(argv: list[str] | None = None) -> int:
    """Command line: build, print a one-line summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--web", type=Path, default=WEB, help="front-end sources (web/)")
    parser.add_argument("--engine", type=Path, default=ENGINE, help="engine package dir")
    parser.add_argument("--out", type=Path, default=DIST, help="output directory (dist/)")
    parser.add_argument("--stamp", default="", help="extra text mixed into the build version")
    parser.add_argument("--test-hooks", action="store_true",
                        help="a build for the browser tests: ?debug=engine works (never deploy it)")
    parser.add_argument("--no-bundle", action="store_true",
                        help="pages load the plain modules of web/ (debugging; docs/web.md)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        version = build(args.web, args.engine, args.out.resolve(), args.stamp, args.test_hooks,
                        not args.no_bundle)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
    print(f"built {args.out} version {version}: {size / 1e6:.1f} MB "
          f"in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
