"""Forecast figures (issue 16): fights per second on one core and on every core for the seeds'
Blueshift / Ganyeka / Monolith / henchmen fight, the time for n=10,000 (goal: under 5 s on a
2-core machine), the cost of a simulated turn against the live engine's ``end_turn``, and the
forecast's memory at n=100,000 against n=1,000 (goal: flat). Issue 38: a simulated turn against
the naive simulation's (``naive_forecast.py``, goal: at most 1.5x), and fights per second in
Pyodide (the JupyterLite demo's Python, run in headless Chromium from the built site) against
CPython's (goal: at most 1.5x slower).
"""

from __future__ import annotations

import contextlib
import io
import os
import statistics
import time
import tracemalloc
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchmarks.kits import use_browser_kits
from benchmarks.naive_forecast import naive_fights
from benchmarks.stats import interval_rows
from bpb_widgets import Encounter
from bpb_widgets.bpb.forecast import fork
from bpb_widgets.forecast import Forecast

if TYPE_CHECKING:
    from playwright.sync_api import Browser

Figure = tuple[str, float, str]

#: Blueshift, Monolith, Ganyeka and his henchmen (seed 000's examples), with sides and attacks
#: of our own choosing (the seed gives only their order of play); the forecast tests use it too.
SEED_FIGHT: list[dict[str, Any]] = [
    {
        "name": "Blueshift",
        "perception": 4,
        "agility": 5,
        "endurance": 6,
        "expertise": ["dodge", "blast"],
        "side": "heroes",
        "player": True,
        "attacks": [{"name": "Blast", "rank": 6}],
    },
    {
        "name": "Monolith",
        "prowess": 6,
        "brawn": 9,
        "endurance": 9,
        "protection": 3,
        "expertise": ["block"],
        "side": "heroes",
        "player": True,
        "attacks": [{"name": "Punch", "rank": 9, "hand_to_hand": True}],
    },
    {
        "name": "Ganyeka",
        "perception": 4,
        "prowess": 4,
        "brawn": 5,
        "agility": 5,
        "endurance": 8,
        "protection": 2,
        "side": "villains",
        "attacks": [{"name": "Disruptor", "rank": 8, "kind": "penetrating"}],
    },
    {
        "name": "Ganyeka's henchmen",
        "agility": 4,
        "prowess": 3,
        "endurance": 6,
        "group": True,
        "side": "villains",
        "attacks": [{"name": "Rifles", "rank": 6}],
    },
]


def seed_fight() -> Encounter:
    enc = Encounter(seed=7)
    enc.add_party(SEED_FIGHT)
    return enc


def timed(n: int, workers: int) -> tuple[float, Forecast]:
    start = time.perf_counter()
    result = Forecast(seed_fight(), n=n, seed=1, workers=workers)
    return time.perf_counter() - start, result


def end_turn_us(calls: int = 2_000) -> float:
    """The live engine's ``end_turn`` on the same fight, in microseconds."""
    enc = seed_fight()
    enc.start()
    start = time.perf_counter()
    for _ in range(calls):
        enc.end_turn()
    return (time.perf_counter() - start) / calls * 1e6


def peak_kib(n: int, workers: int) -> float:
    """The forecasting process's peak of traced memory while ``workers`` processes run ``n``
    fights (the workers' memory is per chunk, the same at any ``n``)."""
    enc = seed_fight()
    tracemalloc.start()
    Forecast(enc, n=n, seed=1, workers=workers)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024


def against_naive(n: int = 2_000, pairs: int = 7) -> tuple[list[float], list[float]]:
    """Microseconds a simulated turn, the forecast's and the naive simulation's, on one core,
    ``pairs`` times each, alternating."""
    enc = seed_fight()
    start = fork(enc)
    ours, naive = [], []
    for pair in range(pairs):
        began = time.perf_counter()
        result = Forecast(enc, n=n, seed=pair, workers=1)
        ours.append((time.perf_counter() - began) / result.tally.turns * 1e6)
        began = time.perf_counter()
        _, turns = naive_fights(start, "heroes", n, pair)
        naive.append((time.perf_counter() - began) / turns * 1e6)
    return ours, naive


ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "lite"
#: Seconds of forecasts a runtime plays before it is timed: Chromium compiles Pyodide's
#: WebAssembly in full only once it has run a while (the first 2,000 fights of a fresh page ran
#: at 10,000-18,000 a second, those after half a second at 24,000; CPython is warm at once).
WARM_UP_S = 2.0
#: Runs of each, alternating, for the ratio's interval.
PYODIDE_RUNS = 3
#: What Pyodide runs (and CPython, for the same figures): one core, the seed fight. It prints the
#: first forecast's rate (a fresh page's: Pyodide still compiling), then five warm ones.
RATE = f"""
import time
from bpb_widgets import Encounter
from bpb_widgets.forecast import Forecast
enc = Encounter(seed=7)
enc.add_party({SEED_FIGHT!r})
def rate(seed):
    began = time.perf_counter()
    done = Forecast(enc, n=2000, seed=seed, workers=1)
    return done.fights / (time.perf_counter() - began)
rates = [rate(99)]
began = time.perf_counter()
while time.perf_counter() - began < {WARM_UP_S}:
    Forecast(enc, n=250, seed=0, workers=1)
rates += [rate(seed) for seed in range(5)]
print(" ".join(map(str, rates)))
"""
#: In a page of the built site: load the site's own Pyodide and wheels (as JupyterLite's kernel
#: does), run ``code`` and resolve with what it printed.
IN_PAGE = r"""async ([code, wheels]) => {
    const runtime = `${location.origin}/static/pyodide/`;
    const { loadPyodide } = await import(`${runtime}pyodide.mjs`);
    const pyodide = await loadPyodide({ indexURL: runtime });
    await pyodide.loadPackage("micropip");
    const printed = [];
    pyodide.setStdout({ batched: (line) => printed.push(line) });
    const install = `await micropip.install(${JSON.stringify(wheels)}, deps=False)`;
    await pyodide.runPythonAsync(`import micropip\n${install}`);
    await pyodide.runPythonAsync(code);
    return printed.join("\n");
}"""


def in_site_pyodide(browser: Browser, code: str) -> str:
    """What ``code`` prints in the demo's Pyodide in ``browser``: a page of the built site (served
    as any static host would) loads the site's own Pyodide and wheels, as its kernel does."""
    use_browser_kits()
    from host_kit import static_server

    wheels = sorted(path.name for path in (SITE / "pypi").glob("*.whl"))
    blank = "<!doctype html><title>bpb_widgets in Pyodide</title>"
    with static_server(SITE) as url:
        page = browser.new_page()
        try:
            page.route(
                f"{url}/run.html",
                lambda route: route.fulfill(body=blank, content_type="text/html"),
            )
            page.goto(f"{url}/run.html")
            printed: str = page.evaluate(IN_PAGE, [code, [f"{url}/pypi/{name}" for name in wheels]])
        finally:
            page.close()
    return printed


def in_pyodide() -> list[float] | None:
    """What ``RATE`` prints in the demo's Pyodide, in the browser its learners run it in
    (headless Chromium), or None without the built site (``make lite``) or Chromium."""
    use_browser_kits()
    from lab import CHROMIUM, launch
    from playwright.sync_api import sync_playwright

    if not (SITE / "static" / "pyodide").is_dir() or not Path(CHROMIUM).exists():
        return None
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            printed = in_site_pyodide(browser, RATE)
        finally:
            browser.close()
    return [float(rate) for rate in printed.split()[-6:]]


def in_cpython() -> list[float]:
    """The same figures here."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(RATE, {})
    return [float(rate) for rate in printed.getvalue().split()]


def run() -> list[Figure]:
    cores = os.cpu_count() or 1
    one_time, one = timed(4_000, 1)
    all_time, every = timed(10_000, cores)
    one_rate, all_rate = one.fights / one_time, every.fights / all_time
    per_turn = one_time / one.tally.turns * 1e6
    live = end_turn_us()
    peak_kib(1_000, cores)  # warm up: the first pool imports and caches what it needs
    small, large = peak_kib(1_000, cores), peak_kib(100_000, cores)
    ours, naive = against_naive()
    rows = [
        ("fights per second, one core (n=4,000)", one_rate, "/s"),
        (f"fights per second, {cores} cores (n=10,000)", all_rate, "/s"),
        (f"  ratio {cores} cores / one core", all_rate / one_rate, "x"),
        (f"forecast of n=10,000 on {cores} cores (goal < 5 s on 2 cores)", all_time, "s"),
        ("simulated turn (attack, answer, damage)", per_turn, "us"),
        ("live end_turn on the same fight", live, "us"),
        ("  ratio simulated turn / live end_turn", per_turn / live, "x"),
        ("peak memory, n=1,000", small, "KiB"),
        ("peak memory, n=100,000", large, "KiB"),
        ("  ratio n=100,000 / n=1,000 (goal: flat, about 1)", large / small, "x"),
        ("simulated turn, the forecast (one core, median of 7)", statistics.median(ours), "us"),
        ("simulated turn, the naive simulation (alternating)", statistics.median(naive), "us"),
        (
            "  ratio forecast / naive (goal <= 1.5)",
            statistics.median(ours) / statistics.median(naive),
            "x",
        ),
        *interval_rows(ours, naive),
    ]
    here, there = [], []  # alternating runs, each a fresh page: the first rate, then warm ones
    for _ in range(PYODIDE_RUNS):
        here.append(in_cpython())
        ran = in_pyodide()
        if ran is None:
            return [*rows, ("fights per second in Pyodide: no build/lite or Chromium", 0, "")]
        there.append(ran)
    warm_here = [rate for run in here for rate in run[1:]]
    warm_there = [rate for run in there for rate in run[1:]]
    first_here = statistics.median(run[0] for run in here)
    first_there = statistics.median(run[0] for run in there)
    return [
        *rows,
        ("fights per second, CPython (one core, warm, median)", statistics.median(warm_here), "/s"),
        (
            "fights per second, Pyodide in Chromium (the demo's runtime, warm)",
            statistics.median(warm_there),
            "/s",
        ),
        (
            "  ratio CPython / Pyodide (goal <= 1.5)",
            statistics.median(warm_here) / statistics.median(warm_there),
            "x",
        ),
        *interval_rows(warm_here, warm_there),
        ("  the first 2,000 fights of a fresh page, Pyodide", first_there, "/s"),
        ("    ratio CPython's first / Pyodide's first", first_here / first_there, "x"),
    ]
