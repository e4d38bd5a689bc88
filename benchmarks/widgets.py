"""Widget figures: bytes per End turn (small vs large encounter), click-to-repaint latency of End
turn against a bare anywidget button that updates an ipywidgets Label (same page, medians of
interleaved runs; goal: ratio <= 1.2), and the time to render a 500-combatant strip.

The browser figures start a real JupyterLab with the system Chromium (as the ui tests do); they are
left out, with a note on stderr, where Chromium or Playwright is missing.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import ipywidgets

from bpb_widgets import Encounter
from bpb_widgets.widgets import GMScreen

Figure = tuple[str, float, str]
CLICKS = 25
END_TURN = ".bpb-strip .bpb-primary"
STRIP_SIZE = 500

SETUP = """
import anywidget, ipywidgets
from bpb_widgets import Encounter
from bpb_widgets.widgets import TurnOrderStrip

class Bare(anywidget.AnyWidget):
    _esm = '''export default { render({ model, el }) {
        const b = document.createElement("button");
        b.className = "bare-button"; b.textContent = "Bare";
        b.onclick = () => model.send({ cmd: "click" });
        el.append(b);
    } }'''

bare, label = Bare(), ipywidgets.Label("0", layout={"min_width": "4em"})
bare.on_msg(lambda _w, _msg, _b: setattr(label, "value", str(int(label.value) + 1)))
enc = Encounter(seed=1)
for i in range(5):
    enc.add(f"Fighter {i}", perception=1 + i)
enc.start()
ipywidgets.VBox([TurnOrderStrip(enc), ipywidgets.HBox([bare, label])])
"""

#: Click ``button`` and resolve after the first change inside ``target`` has been painted.
CLICK_TO_PAINT = """([button, target]) => new Promise((resolve) => {
    const watched = document.querySelector(target);
    const start = performance.now();
    const observer = new MutationObserver(() => {
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - start));
    });
    const all = {subtree: true, childList: true, characterData: true, attributes: true};
    observer.observe(watched, all);
    document.querySelector(button).click();
})"""


def fight(combatants: int, turns: int) -> Encounter:
    """A started encounter of ``combatants`` with ``turns`` turns of history."""
    enc = Encounter(seed=1)
    for i in range(combatants):
        enc.add(f"Fighter {i:03d}", perception=1 + i % 14)
    enc.start()
    for _ in range(turns):
        enc.end_turn()
    return enc


@contextmanager
def wire() -> Iterator[list[int]]:
    """Sizes (compact JSON bytes) of every message any widget sends meanwhile."""
    sizes: list[int] = []
    original = ipywidgets.Widget._send

    def record(self: ipywidgets.Widget, msg: dict, buffers: object = None) -> None:
        sizes.append(len(json.dumps(msg, separators=(",", ":"))))

    ipywidgets.Widget._send = record  # type: ignore[method-assign]
    try:
        yield sizes
    finally:
        ipywidgets.Widget._send = original  # type: ignore[method-assign]


def end_turn_bytes(combatants: int, turns: int) -> float:
    """Bytes a whole GM screen sends for one End turn."""
    with wire() as sizes:
        screen = GMScreen(fight(combatants, turns))
        sizes.clear()
        screen.encounter.end_turn()
    return float(sum(sizes))


def browser_figures() -> list[Figure]:
    """Latency and render time measured in a real JupyterLab page."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "ui"))
    from lab import CHROMIUM, LabServer, launch, open_notebook
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        print(f"widgets: {CHROMIUM} missing, browser figures skipped", file=sys.stderr)
        return []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = LabServer(Path(tmp) / "root", Path(tmp) / "home")
        browser = launch(playwright)
        try:
            book = open_notebook(server, browser, "bench.ipynb")
            book.run_cell(SETUP, wait_for=".bare-button")
            page = book.page
            strip, bare = [], []
            for _ in range(CLICKS):
                strip.append(page.evaluate(CLICK_TO_PAINT, [END_TURN, ".bpb-chips"]))
                bare.append(page.evaluate(CLICK_TO_PAINT, [".bare-button", ".widget-label"]))
            started = time.perf_counter()
            book.run_cell(
                f"big = Encounter(seed=2)\n"
                f"for i in range({STRIP_SIZE}): big.add(f'Fighter {{i}}')\n"
                "TurnOrderStrip(big)",
                wait_for=None,
            )
            page.wait_for_function(
                f"document.querySelectorAll('.bpb-chip[data-name]').length >= {STRIP_SIZE}",
                timeout=60_000,
            )
            render = time.perf_counter() - started
        finally:
            browser.close()
            server.stop()
    median_strip, median_bare = statistics.median(strip), statistics.median(bare)
    return [
        ("End turn click to repaint (median)", median_strip, "ms"),
        ("bare anywidget button to Label repaint (median)", median_bare, "ms"),
        ("End turn / bare button latency ratio", median_strip / median_bare, "x"),
        (f"render a {STRIP_SIZE}-combatant strip (run cell to chips)", render * 1000, "ms"),
    ]


def run() -> list[Figure]:
    figures = [
        ("bytes per End turn, 5 combatants (GM screen)", end_turn_bytes(5, 2), "B"),
        ("bytes per End turn, 200 combatants, 2000 turns", end_turn_bytes(200, 2000), "B"),
    ]
    try:
        figures += browser_figures()
    except ImportError as error:
        print(f"widgets: {error}; browser figures skipped", file=sys.stderr)
    return figures
