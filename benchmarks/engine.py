"""Engine figures: per-command cost as the roster and the history grow, what the garbage collector
is left to track, single End turns over a long fight, undo, save and load, and End turn against
version 0.1's.

Goals (issue 2): ``end_turn`` flat in roster size and history length (ratio <= 1.5), under
50 us each; save + load of a 20,000-turn encounter under 1 s. Issue 38: at most 2 objects left for
the collector per End turn; the mean End turn over turns 20k-30k at most 1.2x the mean over the
first 1,000, none above 5 ms in 40,000; load at most 2x save; End turn at most 1.1x v0.1's.
"""

from __future__ import annotations

import gc
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from benchmarks.stats import interval_rows
from bpb_widgets import Encounter
from bpb_widgets.engine import storage

Figure = tuple[str, float, str]
CALLS = 4_000
REPEATS = 5
ROOT = Path(__file__).resolve().parents[1]
#: Version 0.1: the last commit whose files are format version 1, before one class per game
#: system (6d0dbd2). Its End turn is the pinned baseline, checked out of git into a temporary
#: folder and measured in the same run.
V01 = "146096fea1e90f8c57af293d7312aa3458b53721"
#: Its End turn in instructions (valgrind callgrind, the collector off), for a clone without it.
V01_INSTRUCTIONS = 73_115
#: The long fight: End turns timed one by one, and the stretches whose means are compared.
LONG_TURNS, FIRST, LATE = 40_000, (0, 1_000), (20_000, 30_000)
CURVE = (10_000, 20_000, 30_000, 39_000)
CALLGRIND = ("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null")
#: Subprocesses a version's End turn is measured in, alternating with the other's.
PAIRS = 6


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


def tracked_per_turn(turns: int = 2_000) -> float:
    """Objects the garbage collector tracks after ``turns`` more End turns, per End turn (after
    a full pass each side)."""
    enc = fight(10, 100)
    gc.collect()
    before = len(gc.get_objects())
    for _ in range(turns):
        enc.end_turn()
    gc.collect()
    return (len(gc.get_objects()) - before) / turns


def long_fight() -> tuple[list[float], list[float]]:
    """Each of ``LONG_TURNS`` End turns on one fight, the collector on as at the table: the
    processor time of each (this thread's, so another process taking the core is not counted)
    in microseconds, and the milliseconds of each full pass of the collector meanwhile."""
    enc = fight(10)
    gc.collect()
    passes: list[float] = []
    began = [0.0]

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        elif info["generation"] == 2:
            passes.append((time.perf_counter() - began[0]) * 1e3)

    clock, end_turn, turns = time.thread_time_ns, enc.end_turn, []
    gc.callbacks.append(timed)
    try:
        for _ in range(LONG_TURNS):
            start = clock()
            end_turn()
            turns.append((clock() - start) / 1e3)
    finally:
        gc.callbacks.remove(timed)
    return turns, passes


@dataclass
class Files:
    """Milliseconds of each save and load of a long fight, and the file's size."""

    #: The first save of a fight just loaded (its long lists' blocks kept as the load read them).
    first_saves: list[float]
    #: A save after one more End turn: what autosave, and every later save, costs.
    saves: list[float]
    #: A load of that file (by its snapshot).
    loads: list[float]
    #: A load of the same fight saved without its snapshot (replaying every command).
    replays: list[float]
    size: int
    #: The size of the same fight's file without its snapshot.
    commands_size: int


def save_and_load(turns: int = 20_000, repeats: int = 5) -> Files:
    """``repeats`` rounds, alternating, on a ``turns``-turn fight: load its file, save it (the
    first save), one more End turn, save it again (the file the next round loads); then loads of
    the fight without its snapshot."""
    enc = fight(10, turns)
    first_saves, saves, loads, replays = [], [], [], []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fight.json"
        enc.save(path)
        for _ in range(repeats):
            start = time.perf_counter()
            loaded = Encounter.load(path)
            done = time.perf_counter()
            assert loaded.transcript() == enc.transcript()
            loaded.save(path)
            first = time.perf_counter()
            loaded.end_turn()
            again = time.perf_counter()
            loaded.save(path)
            end = time.perf_counter()
            loads.append((done - start) * 1e3)
            first_saves.append((first - done) * 1e3)
            saves.append((end - again) * 1e3)
            enc = loaded
        size = path.stat().st_size
    history = enc._history
    commands = storage.encode(history.header, history.encoded(len(history.done)), [])
    for _ in range(repeats):
        start = time.perf_counter()
        Encounter.from_json(commands)
        replays.append((time.perf_counter() - start) * 1e3)
    return Files(first_saves, saves, loads, replays, size, len(commands.encode()))


# -- version 0.1 -------------------------------------------------------------------------------

#: What a subprocess runs to time one version's End turn: its package first on the path.
TIMER = """
import gc, sys, time
sys.path.insert(0, sys.argv[1])
from bpb_widgets import Encounter
calls, best = int(sys.argv[2]), float("inf")
gc.disable()
for _ in range({repeats}):
    enc = Encounter(seed=1)
    for i in range(10):
        enc.add(f"Fighter {{i:03d}}", perception=1 + i % 14, agility=1 + i % 7)
    enc.start()
    start = time.perf_counter()
    for _ in range(calls):
        enc.end_turn()
    best = min(best, (time.perf_counter() - start) / max(calls, 1) * 1e6)
print(best)
"""


def checked_out(commit: str, into: Path) -> Path | None:
    """``bpb_widgets/`` of ``commit`` written into ``into``, or None without git or the commit
    (a shallow clone)."""
    try:
        done = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit, "bpb_widgets"],
            capture_output=True,
            check=True,
            timeout=60,
        )
        subprocess.run(["tar", "-x", "-C", str(into)], input=done.stdout, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    return into


def end_turn_us(source: Path, calls: int = CALLS) -> float:
    """The best mean End turn (us, the collector off) of the package in ``source``, measured in
    a subprocess."""
    script = TIMER.format(repeats=REPEATS)
    done = subprocess.run(
        [sys.executable, "-c", script, str(source), str(calls)],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return float(done.stdout.strip())


def instructions(source: Path) -> float | None:
    """Instructions per End turn of the package in ``source`` (valgrind callgrind: 2,000 End
    turns less none, the collector off), or None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    counts = []
    # one hash seed: string hashing varies with it, and so do the instructions (by about 8 %)
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    for calls in (0, 2_000):
        script = TIMER.format(repeats=1).replace("print(best)", "")
        done = subprocess.run(
            [*CALLGRIND, sys.executable, "-c", script, str(source), str(calls)],
            capture_output=True,
            text=True,
            check=False,
            timeout=1200,
            env=env,
        )
        found = re.search(r"Collected : (\d+)", done.stderr)
        if found is None:
            return None
        counts.append(int(found.group(1)))
    return (counts[1] - counts[0]) / 2_000


def against_v01() -> list[Figure]:
    """End turn now against version 0.1's, in alternating subprocesses (and in instructions)."""
    with tempfile.TemporaryDirectory() as folder:
        old = checked_out(V01, Path(folder))
        now_ins = instructions(ROOT)
        if old is None:
            if now_ins is None:
                return [("  v0.1 not in this clone's history, no valgrind: not measured", 0, "")]
            return [
                ("end_turn, instructions (v0.1 recorded: 73,115)", now_ins, ""),
                ("  ratio now / v0.1 recorded (goal <= 1.1)", now_ins / V01_INSTRUCTIONS, "x"),
            ]
        now, then = [], []
        for _ in range(PAIRS):
            then.append(end_turn_us(old))
            now.append(end_turn_us(ROOT))
        rows: list[Figure] = [
            ("end_turn, v0.1 (subprocesses, collector off, median)", statistics.median(then), "us"),
            ("end_turn, now (the same, alternating)", statistics.median(now), "us"),
            (
                "  ratio now / v0.1 (goal <= 1.1)",
                statistics.median(now) / statistics.median(then),
                "x",
            ),
            *interval_rows(now, then),
        ]
        old_ins = instructions(old)
        if now_ins is not None and old_ins is not None:
            rows += [
                ("end_turn, instructions, v0.1 (valgrind callgrind)", old_ins, ""),
                ("end_turn, instructions, now", now_ins, ""),
                ("  ratio now / v0.1 in instructions (goal <= 1.1)", now_ins / old_ins, "x"),
            ]
        return rows


def run() -> list[Figure]:
    small = per_call(lambda: fight(10), Encounter.end_turn)
    middle = per_call(lambda: fight(100), Encounter.end_turn)
    large = per_call(lambda: fight(1_000), Encounter.end_turn)
    fresh = per_call(lambda: fight(10), Encounter.end_turn)
    long = per_call(lambda: fight(10, 20_000), Encounter.end_turn)
    turns, passes = long_fight()
    first, late = turns[slice(*FIRST)], turns[slice(*LATE)]
    ranked = sorted(turns)
    files = save_and_load()
    save, load = statistics.median(files.saves), statistics.median(files.loads)
    return [
        ("end_turn, 10 combatants", small, "us"),
        ("end_turn, 100 combatants", middle, "us"),
        ("end_turn, 1,000 combatants", large, "us"),
        ("  ratio 1,000 / 10 (goal <= 1.5)", large / small, "x"),
        ("end_turn, fresh encounter", fresh, "us"),
        ("end_turn, after 20,000 turns of history", long, "us"),
        ("  ratio 20,000 turns / fresh (goal <= 1.5)", long / fresh, "x"),
        ("objects the collector tracks, per End turn (goal <= 2)", tracked_per_turn(), ""),
        (
            "40,000 End turns one by one (processor time), mean of the first 1,000",
            statistics.fmean(first),
            "us",
        ),
        ("  mean of turns 20,000-30,000", statistics.fmean(late), "us"),
        (
            "  ratio turns 20k-30k / first 1,000 (goal <= 1.2)",
            statistics.fmean(late) / statistics.fmean(first),
            "x",
        ),
        *interval_rows(late, first, statistics.fmean),
        *(
            (
                f"  mean of turns {k:,}-{k + 1_000:,} (the curve)",
                statistics.fmean(turns[k : k + 1_000]),
                "us",
            )
            for k in CURVE
        ),
        ("  p99.9 of the 40,000", ranked[int(len(ranked) * 0.999)], "us"),
        ("  the longest (goal < 5 ms)", ranked[-1] / 1e3, "ms"),
        ("  full passes of the collector meanwhile", len(passes), ""),
        ("  the longest full pass (wall time)", max(passes, default=0.0), "ms"),
        ("undo of one end_turn", undo_cost(), "us"),
        ("save, 20,000-turn encounter, after one more End turn (median of 5)", save, "ms"),
        (
            "  the first save after a load",
            statistics.median(files.first_saves),
            "ms",
        ),
        ("load, 20,000-turn encounter, by its snapshot (median of 5, alternating)", load, "ms"),
        ("  ratio load / save (goal <= 2)", load / save, "x"),
        *interval_rows(files.loads, files.saves),
        ("  ratio load / first save", load / statistics.median(files.first_saves), "x"),
        ("  load per command", load / 20_000 * 1e3, "us"),
        ("  save + load (goal < 1000 ms)", save + load, "ms"),
        ("  file size", files.size / 1024, "KiB"),
        ("  file size without the snapshot", files.commands_size / 1024, "KiB"),
        (
            "load by replaying the commands (a file without its snapshot)",
            statistics.median(files.replays),
            "ms",
        ),
        *against_v01(),
    ]
