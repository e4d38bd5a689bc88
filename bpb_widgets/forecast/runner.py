"""Running a forecast: its input checked before any work, the fork taken, the fights run in
chunks (one core, or processes for large ``n``), each chunk tallied as it ends.

Every chunk of :data:`CHUNK` fights has its own random generator, seeded from the forecast's
seed and the chunk's number, so the same seed gives the same forecast on one core or on many.
"""

from __future__ import annotations

import os
import pickle
import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from bpb_widgets.engine.encounter import Encounter
from bpb_widgets.engine.game_system import GameSystem
from bpb_widgets.errors import RuleError
from bpb_widgets.forecast.fight import Fork, ForkFunction
from bpb_widgets.forecast.tactics import DEFAULT, Tactics, TacticsChoice
from bpb_widgets.forecast.tally import Tally

if TYPE_CHECKING:
    from concurrent.futures import Future

#: The most fights one forecast runs (a million takes minutes on a laptop).
MAX_FIGHTS = 1_000_000
#: The longest fight simulated, in rounds; a fight still going then is a draw.
MAX_ROUNDS = 100
DEFAULT_ROUNDS = 20
#: Fights per chunk: the unit of progress, of cancelling, and of work sent to a process.
CHUNK = 250
#: From this many fights on, a forecast uses every core (below, starting processes costs more
#: than it saves).
PARALLEL_FROM = 4_000
#: The most processes one forecast starts.
MAX_WORKERS = 64

Progress = Callable[[int, int], None]


class Cancel(Protocol):
    """Anything with ``is_set()``, such as a ``threading.Event``."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class Plan:
    """A checked forecast, ready to run: the fork of the fight and everything it asks."""

    fork: Fork
    tactics: Mapping[str, Tactics]
    n: int
    seed: int
    max_rounds: int
    workers: int
    rules: str
    #: Where the live fight stood: "before round 1" or "round 2, Ganyeka to act".
    where: str
    #: How the tactics read, for the summary.
    tactics_text: str


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleError(f"{what} is a whole number from {low:,} to {high:,}; not {value!r}.")
    return value


def plan(
    encounter: Encounter[Any],
    n: object = 10_000,
    *,
    seed: object = None,
    tactics: TacticsChoice = None,
    max_rounds: object = DEFAULT_ROUNDS,
    workers: object = None,
) -> Plan:
    """Check a forecast's input and fork the fight; refused with a ``RuleError`` a GM
    understands before any fight is run."""
    if not isinstance(encounter, Encounter):
        raise RuleError(f"Forecast a fight: an Encounter, not {type(encounter).__name__}.")
    fights = _whole(n, "The number of fights to simulate (n)", 1, MAX_FIGHTS)
    rounds = _whole(max_rounds, "The round limit (max_rounds)", 1, MAX_ROUNDS)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    seed = _whole(seed, "The seed", 0, 2**63 - 1)
    cores = os.cpu_count() or 1
    if workers is None:
        workers = cores if fights >= PARALLEL_FROM else 1
    workers = _whole(workers, "The number of worker processes (workers)", 1, MAX_WORKERS)
    fork = _fork_of(encounter)
    chosen = _tactics_by_name(encounter, tactics)
    state = fork(encounter, chosen)
    _check_sides(state)
    text = _describe(tactics)
    where = (
        f"round {encounter.round}, {encounter.current or 'nobody'} to act"
        if encounter.started
        else "before round 1"
    )
    return Plan(state, chosen, fights, seed, rounds, workers, encounter.rules.name, where, text)


def _fork_of(encounter: Encounter[Any]) -> ForkFunction:
    """The forecast model the encounter's game system declares, or a ``RuleError`` saying why
    it has none."""
    system = GameSystem.find(encounter)
    if system is None:
        raise RuleError(
            f"The {encounter.rules.name} rules declare no forecast model (docs/forecast.md)."
        )
    module = system.forecast_module()
    if module is None:
        raise RuleError(system.no_forecast)
    fork: ForkFunction = module.fork
    return fork


def _check_sides(state: Fork) -> None:
    sideless = [f.name for f in state.fighters.values() if not f.side]
    if sideless:
        raise RuleError(
            f"The forecast needs everyone's side: {', '.join(sideless)} "
            f"{'has' if len(sideless) == 1 else 'have'} none (add(..., side='heroes'))."
        )
    if not state.fighters:
        raise RuleError("Add the combatants first: there is no fight to forecast.")
    standing = {state.fighters[n].side for n in state.standing()}
    empty = [side for side in state.sides if side not in standing]
    if len(standing) < 2:
        if empty:
            raise RuleError(
                f"The {', '.join(empty)} side has nobody left in the fight: nothing to forecast."
            )
        raise RuleError(
            f"A forecast needs two sides; everyone here is on the {next(iter(standing))} side."
        )


def _tactics_by_name(encounter: Encounter[Any], tactics: TacticsChoice) -> dict[str, Tactics]:
    """Each combatant's tactics: their own, else their side's, else the default."""
    names, sides = encounter.names, encounter.sides
    if tactics is None:
        return {name: DEFAULT for name in names}
    if isinstance(tactics, Tactics):
        return {name: tactics for name in names}
    if not isinstance(tactics, Mapping):
        raise RuleError(
            "tactics= is one Tactics(...) for everyone, or {side or name: Tactics(...)}; "
            f"not {tactics!r}."
        )
    for key, value in tactics.items():
        if key not in names and key not in sides:
            known = ", ".join([*sides, *names])
            raise RuleError(f"tactics= names {key!r}, neither a side nor a combatant: {known}.")
        if not isinstance(value, Tactics):
            raise RuleError(f"tactics[{key!r}] is a Tactics(...), not {value!r}.")
    return {
        name: tactics.get(name) or tactics.get(side) or DEFAULT
        for name in names
        for side in (encounter.side_of(name),)
    }


def _describe(tactics: TacticsChoice) -> str:
    if tactics is None:
        return "default"
    if isinstance(tactics, Tactics):
        return tactics.describe()
    return "; ".join(f"{key}: {value.describe()}" for key, value in tactics.items())


def run_chunk(plan: Plan, index: int) -> Tally:
    """Fights ``index * CHUNK`` onwards (at most CHUNK of them), tallied."""
    tally = Tally()
    rng = random.Random(f"{plan.seed}:{index}")
    count = min(CHUNK, plan.n - index * CHUNK)
    state, tactics, rounds = plan.fork, plan.tactics, plan.max_rounds
    for _ in range(count):
        state.fight(tactics, rng, rounds, tally).run()
    return tally


#: The plan a worker process runs chunks of, sent once when the process starts.
_WORKER_PLAN: list[Plan] = []


def _adopt(plan: Plan) -> None:
    _WORKER_PLAN[:] = [plan]


def _worker_chunk(index: int) -> Tally:
    return run_chunk(_WORKER_PLAN[0], index)


def chunks(n: int) -> int:
    return -(-n // CHUNK)


def simulate(
    plan: Plan, *, progress: Progress | None = None, cancel: Cancel | None = None
) -> tuple[Tally, int]:
    """Run the plan's fights; returns the tally (of the fights run before any cancel) and the
    number of processes used."""
    workers = min(plan.workers, chunks(plan.n))
    if workers > 1 and not _picklable(plan):
        workers = 1  # a tactic defined in a notebook cell as a lambda cannot go to a process
    total = Tally()
    for part in _in_processes(plan, workers) if workers > 1 else _here(plan):
        total.add(part)
        if progress is not None:
            progress(total.fights, plan.n)
        if cancel is not None and cancel.is_set():
            break
    return total, workers


class Steps:
    """A plan's fights run a chunk at a time on the calling thread, for a host that cannot start
    a thread (Pyodide, in JupyterLite): whoever drives it calls ``step`` until it answers False,
    the event loop between its other work (a Cancel click is heard between two chunks) or a
    caller that waits for the end. A tactic's refusal (a ``RuleError``) ends it; ``tally`` holds
    the fights run."""

    def __init__(
        self, plan: Plan, *, progress: Progress | None = None, cancel: Cancel | None = None
    ) -> None:
        self.plan, self.tally = plan, Tally()
        self.error: RuleError | None = None
        self._progress, self._cancel = progress, cancel
        self._next, self._began = 0, time.perf_counter()
        self.seconds = 0.0

    def step(self) -> bool:
        """Run the next chunk, unless cancelled or done; whether there is more to run."""
        if self.error is not None or self._next == chunks(self.plan.n) or self.cancelled:
            return False
        try:
            self.tally.add(run_chunk(self.plan, self._next))
        except RuleError as error:
            self.error = error
            return False
        finally:
            self.seconds = time.perf_counter() - self._began
        self._next += 1
        if self._progress is not None:
            self._progress(self.tally.fights, self.plan.n)
        return self._next < chunks(self.plan.n) and not self.cancelled

    @property
    def cancelled(self) -> bool:
        return self._cancel is not None and self._cancel.is_set()


def _here(plan: Plan) -> Iterator[Tally]:
    for index in range(chunks(plan.n)):
        yield run_chunk(plan, index)


def _picklable(plan: Plan) -> bool:
    try:
        pickle.dumps(plan)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True


def _in_processes(plan: Plan, workers: int) -> Iterator[Tally]:
    """Chunks run by ``workers`` processes, a few in flight at a time (so the queue of work
    does not grow with ``n`` either), yielded as they finish. A process that dies (killed, out
    of memory) ends the forecast with a ``RuleError`` that says so. (Imported here: a kernel
    without processes, such as Pyodide's in JupyterLite, runs every forecast on one core.)"""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    todo = iter(range(chunks(plan.n)))
    with ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=_adopt, initargs=(plan,)
    ) as pool:
        running: set[Future[Tally]] = set()
        try:
            for index in todo:
                running.add(pool.submit(_worker_chunk, index))
                if len(running) >= 2 * workers:
                    break
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    for index in todo:
                        running.add(pool.submit(_worker_chunk, index))
                        break
                    yield future.result()
        except BrokenProcessPool:
            raise RuleError(
                "A forecast process ended before its fights were done (it was killed, or ran "
                "out of memory): the forecast stopped. Run it again."
            ) from None
        finally:
            for future in running:
                future.cancel()
