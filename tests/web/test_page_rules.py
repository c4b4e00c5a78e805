"""The page and the engine agree, in real Chromium: one rule each, the
engine's, shown where the player is.

- A link with autostart=1 whose parameters could not all be used says so on the table
  (a 6-seat link, a control character in a name, a parameter given twice).
- Imported files are read by the engine: a key twice and `1e400` are refused as the CLI
  refuses them, a UTF-8 byte order mark is skipped as the CLI skips it.
- The finished Painting's SVG stays well-formed XML, and its PNG decodes, whatever a name
  holds.
- A deploy's build has no test hooks: `?debug=engine` is an unknown parameter there.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

from player import REPO, engine, my_turn_or_end, open_game
from playwright.sync_api import Page, expect


def finished(seed: int) -> dict:
    out = subprocess.run([sys.executable, "-m", "destijl", "selfplay", "--players", "2",
                          "--seed", str(seed)], capture_output=True, text=True, check=True,
                         cwd=REPO, env={"PYTHONPATH": str(REPO / "pysrc")})
    return json.loads(out.stdout)


def test_an_autostarted_link_says_on_the_table_what_it_could_not_use(page: Page) -> None:
    page.goto("/?seats=human,random,random,random,random,random&names=%01Ann,Bob"
              "&seed=5&seed=6&speed=fast&autostart=1")
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_visible(timeout=90_000)
    toast = page.get_by_role("alert")
    expect(toast).to_contain_text("Not all of the link could be used")
    expect(toast).to_contain_text('The link gives "seed" more than once')
    expect(toast).to_contain_text("seats: 6 seat(s) given, but a game has 2 to 5; using 3.")
    expect(toast).to_contain_text(
        "names: seat 1's name: U+0001 (a control character) is not allowed in a name")
    my_turn_or_end(page)
    names = page.evaluate("""(prefix) => {
      const id = sessionStorage.getItem("destijl.tab.full");
      return JSON.parse(localStorage.getItem(prefix + id)).record.seats.map((s) => s.name);
    }""", "destijl.game.")
    assert len(names) == 3 and names[1] == "Bob" and "\x01" not in "".join(names)


def test_imported_files_are_read_by_the_engines_rules(page: Page, tmp_path: Path) -> None:
    open_game(page)
    record = finished(3)
    text = json.dumps(record)
    files = {
        "twice.json": (text.replace('"seed": 3', '"seed": 3, "seed": 4', 1),
                       "record_text: key 'seed' appears twice in one object"),
        "huge.json": (text.replace('"seed": 3', '"seed": 1e400', 1),
                      "record_text: the number 1e400 is too large"),
    }
    toast = page.get_by_role("alert")
    for name, (body, why) in files.items():
        (tmp_path / name).write_text(body)
        with page.expect_file_chooser() as chooser:
            page.get_by_role("button", name="Import a game record…").click()
        chooser.value.set_files(tmp_path / name)
        expect(toast).to_contain_text(f"{name} could not be read as a De Stijl game: {why}")
        page.get_by_role("button", name="Dismiss").click()
    # the CLI agrees on both, and on the byte order mark
    for name, (_, why) in files.items():
        cli = subprocess.run([sys.executable, "-m", "destijl", "verify", str(tmp_path / name)],
                             capture_output=True, text=True, cwd=REPO,
                             env={"PYTHONPATH": str(REPO / "pysrc")})
        assert cli.returncode == 1 and why.split(": ", 1)[1] in cli.stderr
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + text.encode())
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import a game record…").click()
    chooser.value.set_files(bom)
    expect(page.locator("#live")).to_contain_text("Imported bom.json")
    expect(page.locator("#results")).to_be_visible()

    # The finished Painting as SVG and PNG, with names XML cannot hold.
    view = engine("view", record=record)
    view["seats"][0]["name"] = "\x01Ann\x1b[2J"
    view["seats"][1]["name"] = "B\ud800o\ufffeb"
    checked = page.evaluate("""async (view) => {
      const art = await import("/app/export-art.js");
      const text = art.artSvgText(view, new Date(0));
      const png = await art.artPng(view, new Date(0)); // rejects if the image cannot be decoded
      return { text, png: png.size };
    }""", view)
    ElementTree.fromstring(checked["text"].encode())  # well-formed XML, or ParseError
    assert checked["png"] > 10_000
    assert "\x01" not in checked["text"] and "\x1b" not in checked["text"]
    assert "\ufffdAnn\ufffd[2J" in checked["text"]


def test_a_deploy_build_has_no_debug_hooks(new_site, page: Page) -> None:
    deployed = new_site(test_hooks=False)
    page.goto(deployed.url + "/?debug=engine")
    notice = page.locator(".notice").filter(has_text='"debug"')
    expect(notice).to_contain_text("is not one De Stijl knows; it was ignored")
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    assert page.evaluate("() => typeof window.destijlDebug") == "undefined"
    hooks = (deployed.root / "app" / "test-hooks.js").read_text()
    assert "export const TEST_HOOKS = false;" in hooks
