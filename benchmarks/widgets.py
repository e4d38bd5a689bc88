"""Widget figures, each with its baseline measured in the same run.

Kernel side: bytes per End turn and bytes of the first sync (big encounter vs small), the time to
build the widgets, their memory (tracemalloc) next to the engine's own, and the time the kernel
takes to handle the Attack's hit against a Label's change, warm and cold. Browser side, in one
real JupyterLab page: click-to-repaint latency of End turn against a bare anywidget button that
updates an ipywidgets Label (goal: ratio <= 1.2) and on a 500-combatant, 20,000-turn strip against a
5-combatant one; what a frame of the page costs (after a one-character edit of a cell's prompt)
with that big strip shown against not displayed; Attack to its result and the target's answers
on the GM screen against the same bare button (goal: ratio <= 1.3), and the page's own work for
the hit's patch against End turn's, replayed in a view with a stand-in model (no kernel, no frame
clock); one typical round of seed 000's fight played by clicks (actions and wall time);
run-cell-to-chips render time of that big strip (goal < 100 ms) and GM screen against small ones
(the GM screen's first screen: every chip and the roster's first cards; its other cards come in
idle slices, timed apart until all 500 are painted);
medians of interleaved runs, each round's clicks in a random order; the two click goals' ratios
with their bootstrap intervals.

The browser figures start a real JupyterLab with the system Chromium (as the ui tests do); they are
left out, with a note on stderr, where Chromium or Playwright is missing.
"""

from __future__ import annotations

import inspect
import json
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import ipywidgets

from benchmarks.engine import fight
from benchmarks.kits import use_browser_kits
from benchmarks.stats import interval_rows
from bpb_widgets import Encounter
from bpb_widgets.widgets import GMScreen, TurnOrderStrip
from bpb_widgets.widgets._host import STATIC

if TYPE_CHECKING:
    from playwright.sync_api import Locator

Figure = tuple[str, float, str]
#: The same fight, defined in the kernel of the browser benchmark.
FIGHT = inspect.getsource(fight)
CAST = str(Path(__file__).resolve().parents[1] / "bpb_widgets" / "bpb" / "data" / "characters.json")
#: The stand-in anywidget model of the JS tests.
FAKES = Path(__file__).resolve().parents[1] / "js" / "tests" / "fakes.js"
ROUNDS = 3
#: Rounds of measured clicks, each kind once a round in a random order. A click's time spreads
#: over 10-40 ms (where the page's main thread and the frame stand when the answer arrives), so
#: with 40 rounds the ratio of two medians moved by ±0.12 from run to run (performance.md).
CLICK_ROUNDS = 120
#: Measurements of the page's own work: views rendered, frames after an edit, patches replayed.
REPEATS = 40
#: Milliseconds a page is left alone before each measured click, and up to one frame more at
#: random: 150 ms is nine frames of 60 Hz, so with no jitter every click of a run would land at
#: one phase of the frame clock and the run's medians would depend on that phase.
SETTLE_MS, FRAME_MS = 150, 1000 / 60
#: Renders of each kind, run cell to painted, interleaved (the screen's ratio has its interval).
RENDERS = 9
#: Commands timed for the kernel's handling, and the pause before each one when cold.
HANDLINGS, PAUSE = 60, 0.1
BIG, BIG_TURNS = 500, 20_000


def cast() -> Encounter:
    """Seed 000's four (the sample characters), started: Blueshift, Ganyeka, Monolith and
    Ganyeka's henchmen."""
    from pathlib import Path

    from bpb_widgets import Encounter

    sheets = Path(CAST).read_text(encoding="utf-8")
    enc = Encounter(seed=3)
    enc.add_party(enc.sheets_from_json(sheets))
    enc.set_order(["Blueshift", "Ganyeka", "Monolith", "Ganyeka's henchmen"])
    enc.start()
    return enc


CAST_SOURCE = inspect.getsource(cast)

SETUP = f"""
import anywidget, ipywidgets
from bpb_widgets import Encounter
from bpb_widgets.widgets import GMScreen, TurnOrderStrip

class Bare(anywidget.AnyWidget):
    _esm = '''export default {{ render({{ model, el }}) {{
        const b = document.createElement("button");
        b.className = "bare-button"; b.textContent = "Bare";
        b.onclick = () => model.send({{ cmd: "click" }});
        el.append(b);
    }} }}'''

{FIGHT}
CAST = {CAST!r}
{CAST_SOURCE}
bare, label = Bare(), ipywidgets.Label("0", layout={{"min_width": "4em"}})
bare.on_msg(lambda _w, _msg, _b: setattr(label, "value", str(int(label.value) + 1)))
small, big = fight(5), fight({BIG}, {BIG_TURNS})
ipywidgets.VBox([
    ipywidgets.Box([TurnOrderStrip(small)], _dom_classes=["bench-small"]),
    ipywidgets.Box([TurnOrderStrip(big)], _dom_classes=["bench-big"]),
    ipywidgets.Box([GMScreen(cast())], _dom_classes=["bench-attack"]),
    ipywidgets.HBox([bare, label]),
])
"""
#: The screens the typical rounds are played on, shown once the clicks are measured (so the clicks
#: are measured on a page holding only what they need).
ROUND_SCREENS = f"""
ipywidgets.VBox([
    ipywidgets.Box([GMScreen(cast())], _dom_classes=[f"bench-round-{{i}}"]) for i in range({ROUNDS})
])
"""

#: Click ``button`` and resolve with ``[painted, changed]``: the milliseconds until the first
#: change inside ``target`` has been painted (the next frame's callbacks), and until that change.
CLICK_TO_PAINT = """([button, target]) => new Promise((resolve) => {
    const start = performance.now();
    const observer = new MutationObserver(() => {
        observer.disconnect();
        const changed = performance.now() - start;
        requestAnimationFrame(() => resolve([performance.now() - start, changed]));
    });
    const all = {subtree: true, childList: true, characterData: true, attributes: true};
    observer.observe(target, all);
    button.click();
})"""

#: Show the 500-combatant strip (``shown``) or take it out of the layout, then change one
#: character of the first cell's prompt (as JupyterLab does when a cell runs) and resolve with the
#: milliseconds the frame that draws it spends after its animation callbacks: style, layout, paint
#: and compositing, what every frame of the page pays for what it holds.
EDIT_FRAME = """(shown) => new Promise((resolve) => {
    document.querySelector(".bench-big").style.display = shown ? "" : "none";
    requestAnimationFrame(() => setTimeout(() => {
        const prompt = document.querySelector(".jp-Cell .jp-InputPrompt");
        const text = prompt.textContent;
        prompt.textContent = text.endsWith(" ") ? text.trimEnd() : `${text} `;
        requestAnimationFrame(() => {
            const start = performance.now();
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now() - start);
            channel.port2.postMessage(null);
        });
    }, 50));
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

#: Import the built front end (once a page: a module imported from a new URL stays in the page
#: for good, and 40 of them slowed the big strip's renders measured after them from 91 to 107 ms
#: in a page of the bench's first cells), render a view of a strip's ``state`` in the page (a
#: stand-in model, no kernel) and force style and layout: the milliseconds the view itself costs.
RENDER_VIEW = """async ([esm, state]) => {
    window.__bpbBundle ??= import(
        URL.createObjectURL(new Blob([esm], {type: "text/javascript"}))
    );
    const widget = (await window.__bpbBundle).default;
    const model = {get: (key) => state[key], on() {}, off() {}, send() {}};
    const el = document.createElement("div");
    document.querySelector(".jp-OutputArea-output").append(el);
    const start = performance.now();
    const cleanup = widget.render({model, el});
    el.getBoundingClientRect();
    const elapsed = performance.now() - start;
    if (typeof cleanup === "function") cleanup();
    el.remove();
    return elapsed;
}"""

#: Render a GM screen view of ``state`` in the page with the JS tests' stand-in model
#: (``js/tests/fakes.js``, no kernel), then play each ``[forward, back]`` pair of the kernel's
#: patch messages ``n`` times: the milliseconds of script (the patch applied and the panels
#: redrawn) and of style and layout (forced) that each forward patch costs the page, with no
#: frame clock or round trip in them.
REPLAY_PATCHES = """async ([esm, fakes, state, pairs, n]) => {
    const load = async (source) =>
        import(URL.createObjectURL(new Blob([source], {type: "text/javascript"})));
    const widget = (await load(esm)).default;
    const model = (await load(fakes)).fakeModel(state);
    const el = document.createElement("div");
    document.querySelector(".jp-OutputArea-output").append(el);
    const stopModel = widget.initialize({model});
    const stopView = widget.render({model, el});
    const settle = async () => { for (let i = 0; i < 3; i++) await null; };
    const times = pairs.map(() => [[], []]);
    for (let round = 0; round < n; round++) {
        for (const [i, [forward, back]] of pairs.entries()) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            el.getBoundingClientRect();
            const start = performance.now();
            model.emit("msg:custom", forward, []);
            await settle();
            const drawn = performance.now();
            el.getBoundingClientRect();
            document.body.offsetHeight;
            times[i][0].push(drawn - start);
            times[i][1].push(performance.now() - drawn);
            model.emit("msg:custom", back, []);
            await settle();
        }
    }
    stopView?.();
    stopModel?.();
    el.remove();
    return times;
}"""


#: The hit the Attack figures measure (seed 000's Blueshift, Sonic punch at Monolith, dice 4 4),
#: and its undo, as the front end sends them.
HIT = {"panel": "attack", "cmd": "roll", "dice": [4, 4]}
UNDO = {"panel": "strip", "cmd": "undo"}


def attack_screen() -> tuple[GMScreen, list[dict[str, object]]]:
    """A GM screen on seed 000's fight with Blueshift's Sonic punch at Monolith set up, and the
    list its messages to the front end go to."""
    screen = GMScreen(cast())
    sent: list[dict[str, object]] = []
    screen.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    attack = {"panel": "attack", "cmd": "choose", "attacker": "Blueshift", "target": "Monolith"}
    screen._on_message(None, {**attack, "power": "Sonic punch"}, None)
    return screen, sent


def attack_patches() -> tuple[dict[str, object], list[list[dict[str, object]]]]:
    """A GM screen's state with the attack set up (``attack_screen``), and the kernel's patch
    messages, as ``[forward, back]`` pairs: End turn and its undo; the hit and its undo."""
    screen, sent = attack_screen()
    state = synced(screen)
    pairs = []
    for command in ({"panel": "strip", "cmd": "end_turn"}, HIT):
        sent.clear()
        screen._on_message(None, command, None)
        forward = sent[-1]
        sent.clear()
        screen._on_message(None, UNDO, None)
        pairs.append([forward, sent[-1]])
    screen.close()
    return state, pairs


def handling_ms(handle: Callable[[], object], undo: Callable[[], object], pause: float) -> float:
    """Median milliseconds of ``handle()`` (then ``undo()``, not timed), each ``pause`` seconds
    after the last: with a pause the caches have gone cold, as between two clicks at the table."""
    times = []
    for _ in range(HANDLINGS):
        time.sleep(pause)
        start = time.perf_counter()
        handle()
        times.append(time.perf_counter() - start)
        undo()
    return statistics.median(times) * 1e3


def handler_figures() -> list[Figure]:
    """The kernel's handling of the Attack's hit (the roll, every part's refresh, the patch)
    against an ipywidgets Label's change (what the bare button's click does in the kernel)."""
    screen, _ = attack_screen()

    def hit() -> None:
        screen._on_message(None, HIT, None)

    def undo() -> None:
        screen._on_message(None, UNDO, None)

    label = ipywidgets.Label("0")

    def count() -> None:
        label.value = str(int(label.value) + 1)

    warm, cold = handling_ms(hit, undo, 0), handling_ms(hit, undo, PAUSE)
    bare = handling_ms(count, lambda: None, PAUSE)
    screen.close()
    label.close()
    return [
        ("the Attack's hit handled in the kernel, warm (back to back)", warm, "ms"),
        (f"  the same {PAUSE * 1e3:.0f} ms after the last (cold, as at the table)", cold, "ms"),
        (f"an ipywidgets Label's change, {PAUSE * 1e3:.0f} ms after the last", bare, "ms"),
        ("  ratio hit / Label (both cold)", cold / bare, "x"),
    ]


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
    """Bytes of a GM screen's first sync: every panel's state, without the (constant) ESM and
    CSS."""
    return float(len(json.dumps(state_of(GMScreen, enc), separators=(",", ":"))))


def state_of(make: Callable[[Encounter], ipywidgets.Widget], enc: Encounter) -> dict[str, object]:
    """A widget's synced state, as its first sync sends it (without the ESM and CSS)."""
    widget = make(enc)
    state = synced(widget)
    widget.close()
    return state


def synced(widget: ipywidgets.Widget) -> dict[str, object]:
    """A widget's synced state now, without the (constant) ESM and CSS."""
    return {k: v for k, v in widget.get_state().items() if k not in ("_esm", "_css")}


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
        *handler_figures(),
    ]


def browser_figures() -> list[Figure]:
    """Latency and render times measured in one real JupyterLab page."""
    use_browser_kits()
    from lab import AS_SHIPPED, CHROMIUM, LabServer, launch, open_notebook
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        print(f"widgets: {CHROMIUM} missing, browser figures skipped", file=sys.stderr)
        return []
    small_state, big_state = (
        state_of(TurnOrderStrip, fight(n, turns)) for n, turns in ((5, 0), (BIG, BIG_TURNS))
    )
    runs: defaultdict[str, list[float]] = defaultdict(list)
    jitter = random.Random(0)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = LabServer(Path(tmp) / "root", Path(tmp) / "home", AS_SHIPPED)
        browser = launch(playwright)
        try:
            book = open_notebook(server, browser, "bench.ipynb")
            out = book.run_cell(SETUP, wait_for=".bare-button")
            page = book.page

            def named(box: str, name: str) -> Locator:
                return out.locator(box).get_by_role("button", name=name, exact=True)

            def painted(name: str, button: Locator, target: Locator) -> None:
                """Click to paint, from a quiet page: the work a previous click left (a big
                strip's repaint, the log's scroll) must not be counted against this one.
                Records the click to the page's first change as ``<name> change``, and from
                that change to the next frame's callbacks as ``<name> after change``."""
                page.wait_for_timeout(SETTLE_MS + jitter.uniform(0, FRAME_MS))
                handles = [button.element_handle(), target.element_handle()]
                total, changed = page.evaluate(CLICK_TO_PAINT, handles)
                runs[name].append(total)
                runs[f"{name} change"].append(changed)
                runs[f"{name} after change"].append(total - changed)

            boxes = (".bench-small", ".bench-big")
            chips = {box: out.locator(f"{box} .bpb-chips") for box in boxes}
            clicks = {
                "small": (named(".bench-small", "End turn"), chips[".bench-small"]),
                "big": (named(".bench-big", "End turn"), chips[".bench-big"]),
                "bare": (out.locator(".bare-button"), out.locator(".widget-label")),
            }
            attack = out.locator(".bench-attack").get_by_role("region", name="Attack", exact=True)
            attack.get_by_role("combobox", name="Target").select_option("Monolith")
            attack.get_by_role("combobox", name="Attack", exact=True).select_option("Sonic punch")
            dice = attack.get_by_role("textbox", name="Physical dice")
            answers = attack.get_by_role("region", name="The hit waiting for an answer")
            strip = out.locator(".bench-attack").get_by_role("region", name="Order of play")
            undo = strip.get_by_role("button", name="Undo", exact=True)

            def hit() -> None:
                dice.fill("4 4")  # a hit, not an extreme success: the answers are offered
                painted("attack", named(".bench-attack", "Attack"), attack)
                answers.wait_for()
                undo.click()
                answers.wait_for(state="hidden")

            measures: dict[str, Callable[[], None]] = {
                name: partial(painted, name, button, target)
                for name, (button, target) in clicks.items()
            }
            measures["attack"] = hit
            # each round in a new order: in a fixed one the bare button always followed the big
            # strip's End turn and read 13-16 ms against 18-22 ms shuffled (performance.md)
            for _ in range(CLICK_ROUNDS):
                for name in jitter.sample(sorted(measures), len(measures)):
                    measures[name]()
            for _ in range(REPEATS):
                for shown in jitter.sample([True, False], 2):
                    name = "edit big" if shown else "edit without"
                    runs[name].append(page.evaluate(EDIT_FRAME, shown))
            page.evaluate('() => { document.querySelector(".bench-big").style.display = ""; }')
            screens = book.run_cell(ROUND_SCREENS, wait_for=f".bench-round-{ROUNDS - 1} .bpb-chip")
            for number in range(ROUNDS):
                start = time.perf_counter()
                actions = typical_round(screens.locator(f".bench-round-{number}"))
                runs["round"].append((time.perf_counter() - start) * 1e3)
            chip = ".bpb-chip[data-name]"
            renders = {
                "bare render": ["Bare()", ".bare-button", 1],
                "strip small": ["TurnOrderStrip(small)", chip, 5],
                "strip big": ["TurnOrderStrip(big)", chip, BIG],
                "screen small": ["GMScreen(small)", chip, 5],
                "screen big": ["GMScreen(big)", chip, BIG],
                "screen big cards": ["GMScreen(big)", ".bpb-combatant[data-name]", BIG],
            }
            esm = (STATIC / "widgets.js").read_text()
            views = {"view small": small_state, "view big": big_state}
            for _ in range(REPEATS):
                for name, state in views.items():
                    runs[name].append(page.evaluate(RENDER_VIEW, [esm, state]))
            state, pairs = attack_patches()
            (end_script, end_layout), (hit_script, hit_layout) = page.evaluate(
                REPLAY_PATCHES, [esm, FAKES.read_text(), state, pairs, REPEATS]
            )
            runs.update(
                {
                    "end script": end_script,
                    "end layout": end_layout,
                    "hit script": hit_script,
                    "hit layout": hit_layout,
                }
            )
            for _ in range(RENDERS):
                for name, args in renders.items():
                    total, view = page.evaluate(RUN_TO_PAINT, args)
                    runs[name].append(total)
                    runs[f"{name} view"].append(view)
        finally:
            browser.close()
            server.stop()
    m = {name: statistics.median(values) for name, values in runs.items()}
    big = f"{BIG} combatants, {BIG_TURNS:,} turns"
    return [
        ("End turn click to repaint, 5 combatants (median)", m["small"], "ms"),
        ("bare anywidget button to Label repaint (median)", m["bare"], "ms"),
        ("  ratio End turn / bare button (goal <= 1.2)", m["small"] / m["bare"], "x"),
        *interval_rows(runs["small"], runs["bare"]),
        (f"End turn click to repaint, {big}", m["big"], "ms"),
        ("  ratio big / 5 combatants (goal about 1x)", m["big"] / m["small"], "x"),
        (f"a frame after a one-character edit elsewhere, {big} shown", m["edit big"], "ms"),
        ("  the same frame with that strip not displayed", m["edit without"], "ms"),
        ("  ratio shown / not displayed (goal about 1x)", m["edit big"] / m["edit without"], "x"),
        ("Attack click to the result and answers painted (GM screen)", m["attack"], "ms"),
        ("  ratio Attack / bare button (goal <= 1.3)", m["attack"] / m["bare"], "x"),
        *interval_rows(runs["attack"], runs["bare"]),
        ("  Attack: click to the page's first change", m["attack change"], "ms"),
        ("  bare button: click to the Label's change", m["bare change"], "ms"),
        ("  Attack: from that change to the next frame", m["attack after change"], "ms"),
        ("  bare button: from that change to the next frame", m["bare after change"], "ms"),
        (
            "the page's work for End turn's patch (replayed, no kernel): script",
            m["end script"],
            "ms",
        ),
        ("  style + layout", m["end layout"], "ms"),
        (
            "the page's work for the hit's patch (replayed, no kernel): script",
            m["hit script"],
            "ms",
        ),
        ("  style + layout", m["hit layout"], "ms"),
        (
            "  ratio hit / End turn (script + style + layout)",
            (m["hit script"] + m["hit layout"]) / (m["end script"] + m["end layout"]),
            "x",
        ),
        ("one typical round by clicks: actions (attack, block, End turns)", float(actions), ""),
        ("one typical round by clicks: wall time (median of 3)", m["round"], "ms"),
        ("  ratio round / (actions x bare button)", m["round"] / (actions * m["bare"]), "x"),
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
        (f"render a GM screen, {big}: its first screen (every chip)", m["screen big"], "ms"),
        ("  ratio big / small (goal <= 2)", m["screen big"] / m["screen small"], "x"),
        *interval_rows(runs["screen big"], runs["screen small"]),
        (f"  all {BIG} cards of the roster painted (idle slices)", m["screen big cards"], "ms"),
    ]


def typical_round(screen: Locator) -> int:
    """Round 1 of seed 000's fight by clicks, as a GM plays it: Blueshift punches Ganyeka, who
    blocks (spending his turn); End turn for the rest. Returns the number of actions (choices,
    typed dice and clicks), each waited for on the page."""
    from playwright.sync_api import expect

    attack = screen.get_by_role("region", name="Attack", exact=True)
    strip = screen.get_by_role("region", name="Order of play")
    actions = 0

    def act(step: Callable[[], object]) -> None:
        nonlocal actions
        step()
        actions += 1

    dice = attack.get_by_role("textbox", name="Physical dice")
    act(lambda: attack.get_by_role("combobox", name="Target").select_option("Ganyeka"))
    act(lambda: dice.fill("4 4"))
    act(lambda: attack.get_by_role("button", name="Attack", exact=True).click())
    answers = attack.get_by_role("region", name="The hit waiting for an answer")
    act(lambda: dice.fill("5 5"))
    act(lambda: answers.get_by_role("button", name="Block", exact=True).click())
    expect(answers).to_be_hidden()
    end_turn = strip.get_by_role("button", name="End turn", exact=True)
    heading = strip.locator(".bpb-round")
    while not heading.inner_text().startswith("Round 2"):
        shown = heading.inner_text()
        act(end_turn.click)
        expect(heading).not_to_have_text(shown)
        if actions > 20:
            raise RuntimeError("the typical round did not end after 20 actions")
    return actions


def run() -> list[Figure]:
    figures = kernel_figures()
    try:
        figures += browser_figures()
    except ImportError as error:
        print(f"widgets: {error}; browser figures skipped", file=sys.stderr)
    return figures
