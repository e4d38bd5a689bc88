"""Widget figures, each with its baseline measured in the same run.

Kernel side: bytes per End turn and bytes of the first sync (big encounter vs small), the time to
build the widgets, and their memory (tracemalloc) next to the engine's own. Browser side, in one
real JupyterLab page: click-to-repaint latency of End turn against a bare anywidget button that
updates an ipywidgets Label (goal: ratio <= 1.2) and on a 500-combatant, 20,000-turn strip against a
5-combatant one, and run-cell-to-chips render time of that big strip (goal < 100 ms) and GM screen
against small ones; medians of interleaved runs.

The browser figures start a real JupyterLab with the system Chromium (as the ui tests do); they are
left out, with a note on stderr, where Chromium or Playwright is missing.
"""

from __future__ import annotations

import inspect
import json
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import ipywidgets

from benchmarks.engine import fight
from bpb_widgets import Encounter
from bpb_widgets.widgets import GMScreen, TurnOrderStrip
from bpb_widgets.widgets._base import STATIC

Figure = tuple[str, float, str]
#: The same fight, defined in the kernel of the browser benchmark.
FIGHT = inspect.getsource(fight)
CLICKS = 25
RENDERS = 5
BIG, BIG_TURNS = 500, 20_000

SETUP = f"""
import anywidget, ipywidgets
from bpb_widgets import Encounter
from bpb_widgets.widgets import GMScreen, TurnOrderStrip
from bpb_widgets.widgets._base import STATIC

class Bare(anywidget.AnyWidget):
    _esm = '''export default {{ render({{ model, el }}) {{
        const b = document.createElement("button");
        b.className = "bare-button"; b.textContent = "Bare";
        b.onclick = () => model.send({{ cmd: "click" }});
        el.append(b);
    }} }}'''

{FIGHT}
bare, label = Bare(), ipywidgets.Label("0", layout={{"min_width": "4em"}})
bare.on_msg(lambda _w, _msg, _b: setattr(label, "value", str(int(label.value) + 1)))
small, big = fight(5), fight({BIG}, {BIG_TURNS})
ipywidgets.VBox([
    ipywidgets.Box([TurnOrderStrip(small)], _dom_classes=["bench-small"]),
    ipywidgets.Box([TurnOrderStrip(big)], _dom_classes=["bench-big"]),
    ipywidgets.HBox([bare, label]),
])
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

#: Append a cell running ``source``, run it and resolve with ``[total, view]``: the milliseconds
#: until ``count`` elements match ``selector`` in its output and are painted, counted from running
#: the cell and from the first node of the output (the front end's own share: loading the widget's
#: code, building and painting the view). Then delete the cell, so the page does not grow.
RUN_TO_PAINT = """async ([source, selector, count]) => {
    const nb = window.jupyterapp.shell.currentWidget.content;
    const cells = nb.model.sharedModel;
    const index = cells.cells.length;
    cells.insertCell(index, {cell_type: "code", source});
    nb.activeCellIndex = index;
    const node = nb.widgets[index].node;
    const output = () => node.querySelector(".jp-OutputArea-output");
    const elapsed = await new Promise((resolve) => {
        const start = performance.now();
        let shown = null;
        const observer = new MutationObserver(() => {
            if (shown === null && output()) shown = performance.now();
            if (node.querySelectorAll(selector).length < count) return;
            observer.disconnect();
            requestAnimationFrame(() => {
                const end = performance.now();
                resolve([end - start, end - shown]);
            });
        });
        observer.observe(node, {subtree: true, childList: true});
        window.jupyterapp.commands.execute("notebook:run-cell");
    });
    cells.deleteCell(index);
    return elapsed;
}"""

#: Import the strip's built front end, render a view of ``state`` in the page (a stand-in model,
#: no kernel) and force style and layout: the milliseconds the view itself costs.
RENDER_VIEW = """async ([esm, state]) => {
    const url = URL.createObjectURL(new Blob([esm], {type: "text/javascript"}));
    const strip = (await import(url)).default;
    const model = {get: (key) => state[key], on() {}, off() {}, send() {}};
    const el = document.createElement("div");
    document.querySelector(".jp-OutputArea-output").append(el);
    const start = performance.now();
    strip.render({model, el});
    el.getBoundingClientRect();
    const elapsed = performance.now() - start;
    el.remove();
    return elapsed;
}"""


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


def end_turn_bytes(enc: Encounter) -> float:
    """Bytes a whole GM screen sends for one End turn."""
    with wire() as sizes:
        screen = GMScreen(enc)
        sizes.clear()
        enc.end_turn()
    screen.close()
    return float(sum(sizes))


def first_sync_bytes(enc: Encounter) -> float:
    """Bytes of a GM screen's first sync: every part's state, without the (constant) ESM and CSS."""
    screen = GMScreen(enc)
    parts = [screen.turn_order, screen.defense_panel, screen.dice_roller, screen.encounter_log]
    states = [{k: v for k, v in p.get_state().items() if k not in ("_esm", "_css")} for p in parts]
    screen.close()
    return float(sum(len(json.dumps(s, separators=(",", ":"))) for s in states))


def strip_state(enc: Encounter) -> dict[str, object]:
    """A strip's synced state, as its first sync sends it (without the ESM and CSS)."""
    strip = TurnOrderStrip(enc)
    state = {k: v for k, v in strip.get_state().items() if k not in ("_esm", "_css")}
    strip.close()
    return state


def build_ms(enc: Encounter, make: Callable[[Encounter], ipywidgets.Widget]) -> float:
    """Best of 5: milliseconds to build a widget on ``enc`` in Python (its first sync's cost)."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        widget = make(enc)
        best = min(best, time.perf_counter() - start)
        widget.close()
    return best * 1e3


def traced(make: Callable[[], object]) -> tuple[object, int]:
    """What ``make()`` returns and the bytes it left allocated (tracemalloc)."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        made = make()
        return made, tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def memory() -> list[Figure]:
    """Kernel memory at 20,000 turns: the engine, the GM screen on it, and growth per End turn."""
    enc, engine = traced(lambda: fight(BIG, BIG_TURNS))
    assert isinstance(enc, Encounter)
    screen, widgets = traced(lambda: GMScreen(enc))
    alone = fight(BIG, BIG_TURNS)
    _, engine_turns = traced(lambda: [alone.end_turn() for _ in range(2_000)])
    _, screen_turns = traced(lambda: [enc.end_turn() for _ in range(2_000)])
    assert isinstance(screen, GMScreen)
    screen.close()
    return [
        (f"engine, {BIG} combatants, {BIG_TURNS:,} turns (tracemalloc)", engine / 2**20, "MiB"),
        ("GM screen on it (widgets' own memory)", widgets / 2**20, "MiB"),
        ("  ratio widgets / engine", widgets / engine, "x"),
        ("2,000 more End turns, engine alone", engine_turns / 2**20, "MiB"),
        ("2,000 more End turns, with a GM screen shown", screen_turns / 2**20, "MiB"),
        ("  ratio with screen / engine alone", screen_turns / engine_turns, "x"),
    ]


def kernel_figures() -> list[Figure]:
    small, medium, big = fight(5, 2), fight(200, 2_000), fight(BIG, BIG_TURNS)
    per_turn = {name: end_turn_bytes(enc) for name, enc in (("s", small), ("m", medium))}
    per_turn["b"] = end_turn_bytes(big)
    first_small, first_big = first_sync_bytes(small), first_sync_bytes(big)
    strip_small, strip_big = build_ms(small, TurnOrderStrip), build_ms(big, TurnOrderStrip)
    screen_small, screen_big = build_ms(small, GMScreen), build_ms(big, GMScreen)
    return [
        ("bytes per End turn, 5 combatants (GM screen)", per_turn["s"], "B"),
        ("bytes per End turn, 200 combatants, 2,000 turns", per_turn["m"], "B"),
        ("  ratio 200 / 5 (goal <= 1 KB and about 1x)", per_turn["m"] / per_turn["s"], "x"),
        (f"bytes per End turn, {BIG} combatants, {BIG_TURNS:,} turns", per_turn["b"], "B"),
        (f"  ratio {BIG} / 5", per_turn["b"] / per_turn["s"], "x"),
        ("first sync of a GM screen, 5 combatants", first_small / 1024, "KiB"),
        (
            f"first sync of a GM screen, {BIG} combatants, {BIG_TURNS:,} turns",
            first_big / 1024,
            "KiB",
        ),
        ("  ratio big / small", first_big / first_small, "x"),
        ("build a strip in Python, 5 combatants", strip_small, "ms"),
        (f"build a strip in Python, {BIG} combatants, {BIG_TURNS:,} turns", strip_big, "ms"),
        ("  ratio big / small", strip_big / strip_small, "x"),
        ("build a GM screen in Python, 5 combatants", screen_small, "ms"),
        (f"build a GM screen in Python, {BIG} combatants, {BIG_TURNS:,} turns", screen_big, "ms"),
        ("  ratio big / small", screen_big / screen_small, "x"),
        *memory(),
    ]


def browser_figures() -> list[Figure]:
    """Latency and render times measured in one real JupyterLab page."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "ui"))
    from lab import CHROMIUM, LabServer, launch, open_notebook
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        print(f"widgets: {CHROMIUM} missing, browser figures skipped", file=sys.stderr)
        return []
    end_turn = "{} .bpb-strip .bpb-primary"
    small_state, big_state = (
        strip_state(fight(n, turns)) for n, turns in ((5, 0), (BIG, BIG_TURNS))
    )
    runs: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = LabServer(Path(tmp) / "root", Path(tmp) / "home")
        browser = launch(playwright)
        try:
            book = open_notebook(server, browser, "bench.ipynb")
            book.run_cell(SETUP, wait_for=".bare-button")
            page = book.page
            clicks = {
                "small": [end_turn.format(".bench-small"), ".bench-small .bpb-chips"],
                "big": [end_turn.format(".bench-big"), ".bench-big .bpb-chips"],
                "bare": [".bare-button", ".widget-label"],
            }
            chips = ".bpb-chip[data-name]"
            renders = {
                "bare render": ["Bare()", ".bare-button", 1],
                "strip small": ["TurnOrderStrip(small)", chips, 5],
                "strip big": ["TurnOrderStrip(big)", chips, BIG],
                "screen small": ["GMScreen(small)", chips, 5],
                "screen big": ["GMScreen(big)", chips, BIG],
            }
            for _ in range(CLICKS):
                for name, args in clicks.items():
                    runs.setdefault(name, []).append(page.evaluate(CLICK_TO_PAINT, args))
            esm = (STATIC / "turn_order_strip.js").read_text()
            views = {"view small": small_state, "view big": big_state}
            for _ in range(CLICKS):
                for name, state in views.items():
                    runs.setdefault(name, []).append(page.evaluate(RENDER_VIEW, [esm, state]))
            for _ in range(RENDERS):
                for name, args in renders.items():
                    total, view = page.evaluate(RUN_TO_PAINT, args)
                    runs.setdefault(name, []).append(total)
                    runs.setdefault(f"{name} view", []).append(view)
        finally:
            browser.close()
            server.stop()
    m = {name: statistics.median(values) for name, values in runs.items()}
    big = f"{BIG} combatants, {BIG_TURNS:,} turns"
    return [
        ("End turn click to repaint, 5 combatants (median)", m["small"], "ms"),
        ("bare anywidget button to Label repaint (median)", m["bare"], "ms"),
        ("  ratio End turn / bare button (goal <= 1.2)", m["small"] / m["bare"], "x"),
        (f"End turn click to repaint, {big}", m["big"], "ms"),
        ("  ratio big / 5 combatants (goal about 1x)", m["big"] / m["small"], "x"),
        ("render a bare anywidget button (run cell to painted)", m["bare render"], "ms"),
        ("  of which the view (first output node to painted)", m["bare render view"], "ms"),
        ("render a 5-combatant strip (run cell to chips)", m["strip small"], "ms"),
        ("  of which the view", m["strip small view"], "ms"),
        (f"render a strip, {big} (goal < 100 ms)", m["strip big"], "ms"),
        ("  of which the view", m["strip big view"], "ms"),
        ("  ratio big strip / bare button", m["strip big"] / m["bare render"], "x"),
        ("  ratio big strip / 5-combatant strip", m["strip big"] / m["strip small"], "x"),
        ("strip view alone, 5 chips (render + style + layout)", m["view small"], "ms"),
        (f"strip view alone, {BIG} chips", m["view big"], "ms"),
        ("  ratio big / small", m["view big"] / m["view small"], "x"),
        ("render a 5-combatant GM screen (run cell to chips)", m["screen small"], "ms"),
        (f"render a GM screen, {big}", m["screen big"], "ms"),
        ("  ratio big / small", m["screen big"] / m["screen small"], "x"),
    ]


def run() -> list[Figure]:
    figures = kernel_figures()
    try:
        figures += browser_figures()
    except ImportError as error:
        print(f"widgets: {error}; browser figures skipped", file=sys.stderr)
    return figures
