"""``Forecast(enc)``: who wins, in how many rounds, who drops first, as a plain Python object
with a readable repr (for scripts, and for nbval to compare)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from bpb_widgets.engine.encounter import Encounter
from bpb_widgets.forecast.chances import wilson
from bpb_widgets.forecast.runner import (
    DEFAULT_ROUNDS,
    Cancel,
    Plan,
    Progress,
    plan,
    simulate,
)
from bpb_widgets.forecast.tactics import TacticsChoice
from bpb_widgets.forecast.tally import Tally

Interval = tuple[float, float]


class Forecast:
    """Simulate the fight from where it stands to its end, ``n`` times, and say how it went.

    ``Forecast(enc, n=10_000, seed=7)`` runs from the encounter's current state (before round 1
    or mid-fight) to the end of each fight: one side left in the fight, or ``max_rounds``
    rounds (a draw). ``tactics`` is one :class:`Tactics` for everyone or ``{side or name:
    Tactics}``. The live fight is only read: the fights run on a fork of its state. ``workers``
    processes share large forecasts (default: every core from 4,000 fights on); ``progress``
    (called with fights done and fights asked) and ``cancel`` (an object with ``is_set()``,
    such as a ``threading.Event``) let a widget show and stop the work.

    Results: ``win[side]`` and ``win_interval[side]`` (95%, Wilson), ``draw``, ``rounds``
    ({rounds: fights}), ``out_first[name]`` (chance to be the first out of the fight),
    ``out[name]`` (chance to end out of the fight), ``left[name]`` (mean Endurance left, hit
    points under blackout), ``hit_rate`` (attacks that landed, past blocks and dodges) with
    ``hit_interval``.
    """

    def __init__(
        self,
        encounter: Encounter[Any],
        n: int = 10_000,
        *,
        seed: int | None = None,
        tactics: TacticsChoice = None,
        max_rounds: int = DEFAULT_ROUNDS,
        workers: int | None = None,
        progress: Progress | None = None,
        cancel: Cancel | None = None,
    ) -> None:
        checked = plan(
            encounter, n, seed=seed, tactics=tactics, max_rounds=max_rounds, workers=workers
        )
        self._run(checked, progress, cancel)

    @classmethod
    def run(
        cls, checked: Plan, *, progress: Progress | None = None, cancel: Cancel | None = None
    ) -> Forecast:
        """Run a plan made by ``plan(enc, ...)`` (a widget makes the plan where the fight lives
        and runs it on another thread)."""
        forecast = cls.__new__(cls)
        forecast._run(checked, progress, cancel)
        return forecast

    @classmethod
    def of(cls, checked: Plan, tally: Tally, workers: int, seconds: float) -> Forecast:
        """The forecast of fights already run and tallied (``runner.Steps``, a chunk at a time)."""
        forecast = cls.__new__(cls)
        forecast._read(checked, tally, workers, seconds)
        return forecast

    def _run(self, checked: Plan, progress: Progress | None, cancel: Cancel | None) -> None:
        began = time.perf_counter()
        tally, workers = simulate(checked, progress=progress, cancel=cancel)
        self._read(checked, tally, workers, time.perf_counter() - began)

    def _read(self, checked: Plan, tally: Tally, workers: int, seconds: float) -> None:
        self.seconds = seconds
        self.plan = checked
        self.workers = workers
        self.tally = tally
        self.n = checked.n
        self.seed = checked.seed
        self.fights = tally.fights
        self.complete = tally.fights == checked.n
        fights = max(1, tally.fights)
        fork = checked.fork
        self.sides = fork.sides
        self.names = list(fork.fighters)
        self.win = {side: tally.wins[side] / fights for side in self.sides}
        self.win_interval: dict[str, Interval] = {
            side: wilson(tally.wins[side], tally.fights) for side in self.sides
        }
        self.draw = tally.draws / fights
        self.draw_interval = wilson(tally.draws, tally.fights)
        self.rounds = dict(sorted(tally.rounds.items()))
        self.out_first = {name: tally.first_out[name] / fights for name in self.names}
        self.nobody_out = tally.first_out[""] / fights
        self.out = {name: tally.out[name] / fights for name in self.names}
        self.left = {name: tally.left[name] / fights for name in self.names}
        self.endurance = {name: fork.fighters[name].endurance_rank for name in self.names}
        self.hit_rate = tally.landed / tally.attacks if tally.attacks else 0.0
        self.hit_interval = wilson(tally.landed, tally.attacks)

    @property
    def first_out(self) -> str | None:
        """Who is most likely to drop first (None when nobody ever did)."""
        best = max(self.names, key=lambda n: self.out_first[n], default=None)
        return best if best is not None and self.out_first[best] > 0 else None

    @property
    def mean_rounds(self) -> float:
        total = sum(self.rounds.values())
        return sum(r * c for r, c in self.rounds.items()) / total if total else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The results as plain JSON values (what the forecast panel shows)."""
        return {
            "fights": self.fights,
            "n": self.n,
            "seed": self.seed,
            "complete": self.complete,
            "rules": self.plan.rules,
            "where": self.plan.where,
            "max_rounds": self.plan.max_rounds,
            "tactics": self.plan.tactics_text,
            "measure": self.plan.fork.measure,
            "sides": [
                {"side": s, "win": self.win[s], "interval": list(self.win_interval[s])}
                for s in self.sides
            ],
            "draw": self.draw,
            "rounds": [[r, c] for r, c in self.rounds.items()],
            "combatants": [
                {
                    "name": n,
                    "side": self.plan.fork.fighters[n].side,
                    "out": self.out[n],
                    "out_first": self.out_first[n],
                    "left": self.left[n],
                    "endurance": self.endurance[n],
                }
                for n in self.names
            ],
            "first_out": self.first_out,
            "hit_rate": self.hit_rate,
            "hit_interval": list(self.hit_interval),
            "seconds": self.seconds,
            "workers": self.workers,
        }

    def __repr__(self) -> str:
        head = (
            f"Forecast of {self.fights:,} fights ({self.plan.rules}, from {self.plan.where}, "
            f"seed {self.seed}, up to {self.plan.max_rounds} rounds, tactics: "
            f"{self.plan.tactics_text})"
        )
        if not self.complete:
            head += f": cancelled after {self.fights:,} of {self.n:,}"
        lines = [head]
        width = max(len(s) for s in [*self.sides, "draw"])
        for side in self.sides:
            low, high = self.win_interval[side]
            lines.append(
                f"  {side:<{width}}  wins {_pct(self.win[side])}  "
                f"(95%: {_pct(low)} to {_pct(high)})"
            )
        lines.append(f"  {'draw':<{width}}       {_pct(self.draw)}")
        lines.append(f"  rounds: {_histogram(self.rounds)}; mean {self.mean_rounds:.1f}")
        name_width = max(len(n) for n in self.names)
        lines.append(
            f"  {'combatant':<{name_width}}  {'out':>6}  {'first out':>9}  "
            f"{self.plan.fork.measure} left (mean)"
        )
        for name in self.names:
            lines.append(
                f"  {name:<{name_width}}  {_pct(self.out[name])}  {_pct(self.out_first[name]):>9}"
                f"  {self.left[name]:.1f} of {self.endurance[name]}"
            )
        first = self.first_out
        lines.append(f"  most likely first out: {first or 'nobody'}")
        low, high = self.hit_interval
        lines.append(
            f"  attacks that landed: {_pct(self.hit_rate)} (95%: {_pct(low)} to {_pct(high)})"
        )
        return "\n".join(lines)


def _pct(value: float) -> str:
    return f"{100 * value:5.1f}%"


def _histogram(rounds: Mapping[int, int]) -> str:
    total = sum(rounds.values()) or 1
    return ", ".join(f"{r}: {100 * c / total:.0f}%" for r, c in rounds.items())
