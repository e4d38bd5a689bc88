"""Engine figures: per-command cost as the roster and the history grow, undo, save + load.

Goals (issue 2): ``end_turn`` flat in roster size and history length (ratio <= 1.5), under
50 us each; save + load of a 20,000-turn encounter under 1 s.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bpb_widgets import Encounter

Figure = tuple[str, float, str]
CALLS = 4_000
REPEATS = 5


def fight(combatants: int, turns: int = 0) -> Encounter:
    """A started encounter of ``combatants`` with ``turns`` turns of history."""
    enc = Encounter(seed=1)
    for i in range(combatants):
        enc.add(f"Fighter {i:03d}", perception=1 + i % 14, agility=1 + i % 7)
    enc.start()
    for _ in range(turns):
        enc.end_turn()
    return enc


def per_call(make: Callable[[], Encounter], act: Callable[[Encounter], object]) -> float:
    """Best mean microseconds per ``act`` over ``REPEATS`` runs of ``CALLS`` calls."""
    best = float("inf")
    for _ in range(REPEATS):
        enc = make()
        start = time.perf_counter()
        for _ in range(CALLS):
            act(enc)
        best = min(best, (time.perf_counter() - start) / CALLS * 1e6)
    return best


def undo_cost() -> float:
    best = float("inf")
    for _ in range(REPEATS):
        enc = fight(10, CALLS)
        start = time.perf_counter()
        for _ in range(CALLS):
            enc.undo()
        best = min(best, (time.perf_counter() - start) / CALLS * 1e6)
    return best


def save_and_load(turns: int = 20_000) -> tuple[float, float, int]:
    enc = fight(10, turns)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fight.json"
        start = time.perf_counter()
        enc.save(path)
        saved = time.perf_counter()
        loaded = Encounter.load(path)
        done = time.perf_counter()
        size = path.stat().st_size
    assert loaded.transcript() == enc.transcript()
    return saved - start, done - saved, size


def run() -> list[Figure]:
    small = per_call(lambda: fight(10), Encounter.end_turn)
    large = per_call(lambda: fight(1_000), Encounter.end_turn)
    fresh = per_call(lambda: fight(10), Encounter.end_turn)
    long = per_call(lambda: fight(10, 20_000), Encounter.end_turn)
    save, load, size = save_and_load()
    return [
        ("end_turn, 10 combatants", small, "us"),
        ("end_turn, 1,000 combatants", large, "us"),
        ("  ratio 1,000 / 10 (goal <= 1.5)", large / small, "x"),
        ("end_turn, fresh encounter", fresh, "us"),
        ("end_turn, after 20,000 turns of history", long, "us"),
        ("  ratio 20,000 turns / fresh (goal <= 1.5)", long / fresh, "x"),
        ("undo of one end_turn", undo_cost(), "us"),
        ("save, 20,000-turn encounter", save * 1e3, "ms"),
        ("load, 20,000-turn encounter", load * 1e3, "ms"),
        ("  save + load (goal < 1000 ms)", (save + load) * 1e3, "ms"),
        ("  file size", size / 1024, "KiB"),
    ]
