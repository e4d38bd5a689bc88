"""Forecast figures (issue 16): fights per second on one core and on every core for the seeds'
Blueshift / Ganyeka / Monolith / henchmen fight, the time for n=10,000 (goal: under 5 s on a
2-core machine), the cost of a simulated turn against the live engine's ``end_turn``, and the
forecast's memory at n=100,000 against n=1,000 (goal: flat). Issue 38: a simulated turn against
the naive simulation's (``naive_forecast.py``, goal: at most 1.5x), and fights per second in
Pyodide (the JupyterLite demo's Python, run by Node from the built site) against CPython's (goal:
at most 1.5x slower).
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import statistics
import subprocess
import time
import tracemalloc
from pathlib import Path
from typing import Any

from benchmarks.naive_forecast import naive_fights
from benchmarks.stats import interval_rows
from bpb_widgets import Encounter
from bpb_widgets.bpb.forecast import fork
from bpb_widgets.forecast import Forecast

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
#: What Pyodide runs (and CPython, for the same figure): one core, the seed fight.
RATE = f"""
import time
from bpb_widgets import Encounter
from bpb_widgets.forecast import Forecast
enc = Encounter(seed=7)
enc.add_party({SEED_FIGHT!r})
Forecast(enc, n=250, seed=0, workers=1)
rates = []
for seed in range(5):
    began = time.perf_counter()
    done = Forecast(enc, n=2000, seed=seed, workers=1)
    rates.append(done.fights / (time.perf_counter() - began))
print(" ".join(map(str, rates)))
"""


def in_pyodide() -> list[float] | None:
    """Fights per second (one core, five runs) in the demo's Pyodide, or None without the built
    site (``make lite``) or Node."""
    node = shutil.which("node")
    if node is None or not (SITE / "static" / "pyodide").is_dir():
        return None
    done = subprocess.run(
        [node, str(ROOT / "benchmarks" / "pyodide_forecast.mjs"), str(SITE), RATE],
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
    )
    return [float(rate) for rate in done.stdout.split()[-5:]]


def in_cpython() -> list[float]:
    """The same five runs here."""
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
    here, there = in_cpython(), in_pyodide()
    if there is None:
        return [*rows, ("fights per second in Pyodide: no build/lite (make lite) or Node", 0, "")]
    return [
        *rows,
        ("fights per second, CPython (one core, median of 5)", statistics.median(here), "/s"),
        (
            "fights per second, Pyodide under Node (the demo's runtime)",
            statistics.median(there),
            "/s",
        ),
        (
            "  ratio CPython / Pyodide (goal <= 1.5)",
            statistics.median(here) / statistics.median(there),
            "x",
        ),
        *interval_rows(here, there),
    ]
