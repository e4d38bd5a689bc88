"""Plot points and recovery: gaining and spending plot points (a rally recovers at once), and the
rest after the fight (seed 004, "Plot Points", "Gaining Plot Points", "Spending Plot Points",
"Recovery", "Stunning")."""

from __future__ import annotations

from collections.abc import Iterable

from bpb_widgets.bpb.base import BulletproofBluesBase
from bpb_widgets.bpb.rules.plot_points import GAINS, SPENDS
from bpb_widgets.engine.checks import check_choice
from bpb_widgets.engine.command import command
from bpb_widgets.errors import RuleError


class Recovery(BulletproofBluesBase):
    """Plot points, rallies and rest."""

    @command
    def gain_plot_point(self, name: str, reason: str) -> int:
        """``name`` gains a plot point: a complication, a reward or cooperation (seed 004,
        "Gaining Plot Points"). Returns the new total."""
        name = self._known(name)
        reason = check_choice(reason, GAINS, "reason to gain a plot point")
        total = self._plot[name] + 1
        self._journal.set(self._plot, name, total)
        self._event(
            "plot",
            f"{name} gains a plot point ({reason}): {GAINS[reason]} Now "
            f"{total} (Gaining Plot Points)",
            name,
        )
        return total

    @command
    def spend_plot_point(self, name: str, use: str) -> int:
        """``name`` spends a plot point: automatic success, power boost, power stunt, rally,
        retcon (seed 004, "Spending Plot Points"). A rally recovers at once as after half an
        hour's rest. Returns the points left."""
        name = self._known(name)
        use = check_choice(use, SPENDS, "use of a plot point")
        if not self._plot[name]:
            raise RuleError(f"{name} has no plot points left to spend.")
        left = self._plot[name] - 1
        self._journal.set(self._plot, name, left)
        self._event(
            "plot",
            f"{name} spends a plot point on {use.replace('_', ' ')}: "
            f"{SPENDS[use]} {left} left (Spending Plot Points)",
            name,
        )
        if use == "rally":
            self._rest(name, "rallies")
        return left

    @command
    def recover(self, names: Iterable[str] | None = None) -> None:
        """After the fight and a chance to rest (about half an hour): stunning damage all comes
        back and half the recent Endurance loss (seed 004, "Recovery", "Stunning")."""
        chosen = self.names if names is None else [self._known(n) for n in _names(names)]
        for name in chosen:
            if self._endurance[name].current < self._endurance[name].rank:
                self._rest(name, "rests")

    def _rest(self, name: str, how: str) -> None:
        before = self._endurance[name]
        after = before.rest()
        self._changing_fitness(name, lambda: self._journal.set(self._endurance, name, after))
        self._event(
            "recover",
            f"{name} {how}: stunning damage {before.stun} all back, recent "
            f"damage {before.recent} half back: Endurance {before.current} -> "
            f"{after.current} (Recovery)",
            name,
        )


def _names(names: object) -> list[object]:
    if isinstance(names, str) or not isinstance(names, Iterable):
        raise RuleError("Give the names as a list.")
    return list(names)
