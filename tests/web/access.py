"""Measuring helpers for the accessibility tests (test_access*.py).

- `png_pixels`: decode a Playwright PNG screenshot (RGB or RGBA, 8 bit) without Pillow.
- `linear`, `luminance`, `contrast`: linear light, WCAG relative luminance and contrast ratio.
- `css_color`: parse the browser's computed "rgb(...)" colours.
- `layout_shift_script`: an init script that records Layout Instability API entries.
- `viewport_crops`: the pixels of several boxes of one screenshot of the viewport.
- `axe_scan`: run axe-core (build_scripts/node_modules/axe-core) in an isolated world of
  the page, so the production CSP and Trusted Types neither block nor see it.
"""

from __future__ import annotations

import base64
import json
import re
import struct
import zlib
from pathlib import Path

from playwright.sync_api import Page

REPO = Path(__file__).resolve().parents[2]
AXE = REPO / "build_scripts" / "node_modules" / "axe-core" / "axe.min.js"
ARTIFACTS = REPO / "test-artifacts"
ARTIFACTS.mkdir(exist_ok=True)
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

Pixels = list[list[tuple[int, int, int]]]


def png_pixels(data: bytes) -> Pixels:
    """Rows of (r, g, b) from an 8-bit RGB/RGBA, non-interlaced PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), f"unsupported PNG: {depth} bit, type {color}"
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytearray] = []
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line
    return [[(r[x], r[x + 1], r[x + 2]) for x in range(0, stride, channels)] for r in rows]


def linear(v: float) -> float:
    """An sRGB channel (0-255) as linear light (0-1)."""
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG relative luminance of an sRGB colour (0-255 channels)."""
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG contrast ratio of two colours, >= 1."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def css_color(text: str) -> tuple[int, int, int]:
    """(r, g, b) of a computed colour such as "rgb(18, 18, 18)" or "rgba(...)"."""
    numbers = re.findall(r"[\d.]+", text)
    assert len(numbers) >= 3, f"not a colour: {text!r}"
    return tuple(round(float(n)) for n in numbers[:3])  # type: ignore[return-value]


LAYOUT_SHIFT_SCRIPT = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__shifts.push({ value: e.value, input: e.hadRecentInput, t: e.startTime,
      sources: (e.sources || []).map((s) => (s.node && s.node.nodeType === 1
        ? s.node.tagName + "#" + s.node.id + "." + s.node.className
        : String(s.node && s.node.nodeName))) });
  }
}).observe({ type: "layout-shift", buffered: true });
"""


def layout_shift(page: Page, since: float = 0.0) -> tuple[float, list]:
    """Layout shift without recent input since `since` (performance.now() ms): (sum, entries)."""
    entries = page.evaluate("() => window.__shifts || []")
    counted = [e for e in entries if not e["input"] and e["t"] >= since]
    return sum(e["value"] for e in counted), counted


def now_ms(page: Page) -> float:
    """performance.now() in the page."""
    return page.evaluate("() => performance.now()")


def axe_scan(page: Page, rules: tuple[str, ...] = ()) -> dict:
    """Run axe-core (WCAG 2.1 A and AA) on the page, and the named `rules` too (axe's
    experimental ones, such as "label-content-name-mismatch", run only when named);
    returns {violations, incomplete}."""
    client = page.context.new_cdp_session(page)
    try:
        frame = client.send("Page.getFrameTree")["frameTree"]["frame"]["id"]
        world = client.send("Page.createIsolatedWorld", {"frameId": frame, "worldName": "axe",
                                                        "grantUniveralAccess": True})
        context = world["executionContextId"]
        loaded = client.send("Runtime.evaluate",
                             {"expression": AXE.read_text(), "contextId": context})
        assert "exceptionDetails" not in loaded, loaded
        options = json.dumps({"runOnly": {"type": "tag", "values": WCAG_TAGS},
                              "rules": {rule: {"enabled": True} for rule in rules},
                              "resultTypes": ["violations", "incomplete"]})
        run = (f"axe.run(document, {options})"
               ".then((r) => JSON.stringify({violations: r.violations, incomplete: r.incomplete}))")
        result = client.send("Runtime.evaluate", {"expression": run, "contextId": context,
                                                  "awaitPromise": True, "returnByValue": True})
        assert "exceptionDetails" not in result, result
        return json.loads(result["result"]["value"])
    finally:
        client.detach()


VIEWPORT_CROPS = """async ([png, boxes]) => {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }),
    { colorSpaceConversion: "none", premultiplyAlpha: "none" });
  const g = new OffscreenCanvas(image.width, image.height).getContext("2d");
  g.drawImage(image, 0, 0);
  return boxes.map(([x0, y0, x1, y1]) => {  // each box's RGBA as one base64 string
    const rgba = g.getImageData(x0, y0, x1 - x0, y1 - y0).data;
    let text = "";
    for (let i = 0; i < rgba.length; i += 0x8000) {
      text += String.fromCharCode(...rgba.subarray(i, i + 0x8000));
    }
    return btoa(text);
  });
}"""


def viewport_crops(page: Page, boxes: list[list[int]]) -> list[list[tuple[int, int, int]]]:
    """The (r, g, b) pixels (row after row, in one list) of each box [left, top, right,
    bottom) (whole CSS pixels, device scale 1) of one screenshot of the viewport. The page's
    own image decoder reads the PNG (opaque, without colour chunks: its bytes exactly), as
    decoding a whole viewport in Python takes seconds."""
    if not boxes:
        return []
    png = base64.b64encode(page.screenshot()).decode()
    crops = page.evaluate(VIEWPORT_CROPS, [png, boxes])
    pixels = []
    for text in crops:
        rgba = base64.b64decode(text)
        pixels.append(list(zip(rgba[0::4], rgba[1::4], rgba[2::4], strict=True)))
    return pixels


def describe(violations: list) -> str:
    """A readable list of axe violations for an assertion message."""
    lines = []
    for v in violations:
        for node in v["nodes"][:4]:
            lines.append(f"{v['id']}: {node['target']} {node.get('failureSummary', '')[:200]}")
    return "\n".join(lines)
