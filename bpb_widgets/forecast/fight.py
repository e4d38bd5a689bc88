"""What every rule set's simulated fight shares (each system's forecast model,
``bpb_widgets/<system>/forecast.py``): the sides of a fork, the view of who stands with or against
whom, knocking someone out of the fight and adding a finished fight to the tally. Each model keeps
its own rules and turns.

A forecast model is a module with ``fork(encounter, tactics)`` (:data:`ForkFunction`): the fight's
state read once, refused with a ``RuleError`` where the model cannot play it; the fork
(:class:`Fork`) makes one simulated fight at a time (``fight(...).run()``). A system names its
model in its declaration (``GameSystem(forecast=...)``), which is how the runner finds it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from bpb_widgets.errors import RuleError
from bpb_widgets.forecast.tactics import Tactics, tactic_name
from bpb_widgets.forecast.tally import Tally


class IllegalChoice(RuleError):
    """A tactic answered something the rules do not allow."""


class Sided(Protocol):
    """What the shared fight reads of a combatant: its side."""

    @property
    def side(self) -> str: ...


class SidedFork:
    """The sides of a fork and who still stands in it; mixed into each model's fork dataclass,
    which holds ``fighters`` and ``down``."""

    fighters: Mapping[str, Sided]
    down: frozenset[str]

    @property
    def sides(self) -> list[str]:
        return list(dict.fromkeys(f.side for f in self.fighters.values()))

    def standing(self) -> list[str]:
        return [n for n in self.fighters if n not in self.down]


class Playable(Protocol):
    """One simulated fight, played to its end (its result added to the tally) by ``run``."""

    def run(self) -> None: ...


class Forked(Sided, Protocol):
    """What the forecast's result reads of a combatant in a fork."""

    @property
    def name(self) -> str: ...

    @property
    def endurance_rank(self) -> int: ...


class Fork(Protocol):
    """A fight's state, read once from the live encounter, that simulated fights start from."""

    #: What the figures of what is left count ("Endurance", "HP").
    measure: ClassVar[str]

    @property
    def fighters(self) -> Mapping[str, Forked]: ...

    @property
    def sides(self) -> list[str]: ...

    def standing(self) -> list[str]: ...

    def fight(
        self, tactics: Mapping[str, Tactics], rng: random.Random, max_rounds: int, tally: Tally
    ) -> Playable:
        """One simulated fight on this fork."""
        ...


#: A forecast model's ``fork(encounter, tactics)``: the encounter's state for the simulations,
#: each combatant playing ``tactics[name]``.
ForkFunction = Callable[[Any, Mapping[str, Tactics]], Fork]


F = TypeVar("F", bound=Sided)


class Fight(Generic[F]):
    """One simulated fight: the state every rule set's fight keeps, the read-only view of sides
    the tactics see, knocking out and the tally. Subclasses set ``slots`` (the order of play)
    and play the turns."""

    slots: Iterable[str]

    def __init__(
        self,
        fighters: Mapping[str, F],
        down: Iterable[str],
        round: int,
        tactics: Mapping[str, Tactics],
        rng: random.Random,
        max_rounds: int,
        tally: Tally,
    ) -> None:
        self.fighters = fighters
        self.tactics = tactics
        self.rng = rng
        self.max_rounds = max_rounds
        self.tally = tally
        self._round = round
        self.down = set(down)
        self._standing_order: list[str] | None = None
        #: Each side's foes still standing, in the order of play (kept with ``_standing_order``).
        self._foes: dict[str, list[str]] = {}
        self.first_out = ""
        self.winner: str | None = None
        self.over = False

    # ------------------------------------------------------------------ the view for tactics

    @property
    def round(self) -> int:
        return self._round

    def side_of(self, name: str) -> str:
        return self.fighters[name].side

    def foes(self, name: str) -> list[str]:
        return self._foes_of(self.fighters[name].side).copy()

    def allies(self, name: str) -> list[str]:
        side = self.fighters[name].side
        return [n for n in self._standing() if n != name and self.fighters[n].side == side]

    # ------------------------------------------------------------------ shared arithmetic

    def _standing(self) -> list[str]:
        """Everyone still in the fight, in the order of play (the unaware after), kept until
        someone drops or the order changes."""
        if self._standing_order is None:
            placed = [n for n in self.slots if n in self.fighters]
            everyone = placed + [n for n in self.fighters if n not in placed]
            self._standing_order = [n for n in everyone if n not in self.down]
        return self._standing_order

    def _foes_of(self, side: str) -> list[str]:
        """Everyone still in the fight not on ``side``, in the order of play: worked out once
        per side until the order changes (those who drop leave it; the list is not to be
        changed otherwise)."""
        found = self._foes.get(side)
        if found is None:
            standing = self._standing()
            found = self._foes[side] = [n for n in standing if self.fighters[n].side != side]
        return found

    def _order_changed(self) -> None:
        """The order of play changed (``slots``): the kept lists are worked out again."""
        self._standing_order = None
        self._foes.clear()

    def _not_a_foe(self, tactic: object, name: str, target: object) -> IllegalChoice:
        """Why a target tactic's answer, neither None nor a foe of ``name``'s still in the
        fight (``_foes_of``), stops the forecast."""
        if not isinstance(target, str) or target not in self.fighters:
            return self._ask(tactic, name, target, "name a foe in the fight, or None.")
        why = "out of the fight" if target in self.down else "not a foe"
        return self._ask(tactic, name, target, f"{target} is {why}.")

    def _ask(self, tactic: object, name: str, answer: object, why: str) -> IllegalChoice:
        return IllegalChoice(
            f"Tactic {tactic_name(tactic)} for {name} in round {self._round} answered "
            f"{answer!r}: {why}"
        )

    def _knock_out(self, name: str) -> None:
        """``name`` is out of the fight; the fight ends when one side (or none) is left."""
        self.down.add(name)
        standing_order = self._standing_order
        if standing_order is not None and name in standing_order:  # the kept lists lose them
            standing_order.remove(name)
            for foes in self._foes.values():
                if name in foes:
                    foes.remove(name)
        if not self.first_out:
            self.first_out = name
        standing = {self.fighters[n].side for n in self.fighters if n not in self.down}
        if len(standing) <= 1:
            self.over = True
            self.winner = next(iter(standing), None)

    def _left(self) -> Iterable[tuple[str, int]]:
        """Each combatant and what is left of them (the fork's ``measure``), at least 0."""
        raise NotImplementedError

    def _tally(self, first: int) -> None:
        """Add the finished fight, begun in round ``first``, to the tally."""
        tally = self.tally
        tally.fights += 1
        if self.winner is None:
            tally.draws += 1
        else:
            tally.wins[self.winner] += 1
        tally.rounds[self._round - first + 1] += 1
        tally.first_out[self.first_out] += 1
        out, left = tally.out, tally.left
        for name in self.down:
            out[name] += 1
        for name, amount in self._left():
            left[name] += amount
