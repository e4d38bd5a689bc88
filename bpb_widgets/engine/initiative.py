"""Encounters whose order of play comes from rolled initiative: each combatant rolls, the order
follows the rolls every round, and the GM settles ties.

``InitiativeEncounter`` is the core's order of play with those hooks filled in; a system adds how
one combatant rolls (``_roll_one``) and how the rolls rank (``_ranked``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic

from bpb_widgets.engine.command import command
from bpb_widgets.engine.encounter import Encounter, S, TurnState
from bpb_widgets.errors import RuleError


@dataclass(frozen=True, slots=True)
class InitiativeTurn(TurnState):
    """A combatant's place in a round ordered by initiative."""

    #: Initiative as the system ranks it (a step, the step delayed to this round, or a total).
    initiative: int | None = None
    #: The step the combatant delayed to this round (systems that delay to a step), or None.
    delayed_to: int | None = None
    #: Action points to spend now, and the turn's full AP.
    ap: int | None = None
    ap_max: int | None = None


class InitiativeEncounter(Encounter[S], Generic[S]):
    """An encounter ordered by initiative rolls; ties follow the GM's ``set_order``."""

    started_order: ClassVar[str] = (
        "The order of play now follows initiative every round, ties as the GM settles them "
        "(Initiative)."
    )

    def _setup(self) -> None:
        #: Each combatant's initiative (a system's own record of the roll).
        self._initiative: dict[str, Any] = {}
        #: The GM's order for ties.
        self._tie_order: tuple[str, ...] = ()

    # -- what each system says -------------------------------------------------------------

    def _roll_one(self, name: str, dice: object, rolled: object) -> int:
        """Roll ``name``'s initiative (``rolled``: physical dice); record it; return its value."""
        raise NotImplementedError

    def _ranked(self) -> list[str]:
        """Everyone with initiative, in this round's order."""
        raise NotImplementedError

    def _needs_roll(self, sheet: S) -> bool:
        """Whether ``roll_order`` rolls for ``sheet`` (everyone who has not rolled by default)."""
        return sheet.name not in self._initiative

    def ap(self, name: str) -> int | None:
        """Action points ``name`` can still spend this turn, or None when there is nothing to
        spend yet."""
        raise NotImplementedError

    def _ap_max(self, name: str) -> int | None:
        """The turn's full action points, for the AP pips."""
        raise NotImplementedError

    def _initiative_value(self, name: str) -> int | None:
        """What the strip shows as ``name``'s initiative."""
        raise NotImplementedError

    def _delayed_to(self, name: str) -> int | None:
        """The step ``name`` delayed to this round (initiative steps only)."""
        return None

    # -- the core's hooks ------------------------------------------------------------------

    def _initiative_order(self) -> list[str]:
        return self._ranked()

    def _declare_order(self, order: list[str]) -> None:
        """The GM settles ties in this order (seed 002: "the players can decide who goes
        first"; seed 003 is silent)."""
        self._journal.attr(self, "_tie_order", tuple(order))
        if self.started:
            self._reslot()
        self._event(
            "order",
            f"The GM settles ties in this order: {', '.join(order)} (Initiative)",
            data={"order": order},
        )

    def _place_aware(self, name: str, after: str | None) -> str:
        if after is not None:
            raise RuleError("Under these rules the order follows initiative, not the GM's placing.")
        return ""

    def _check_ready(self) -> None:
        missing = [n for n in self._sheets if self._aware[n] and n not in self._initiative]
        if missing:
            raise RuleError(f"Roll initiative first for {', '.join(missing)}.")

    def _dismiss(self, name: str) -> None:
        """A combatant who leaves takes their initiative and their place among the ties."""
        self._journal.pop(self._initiative, name)
        if name in self._tie_order:
            self._journal.attr(self, "_tie_order", tuple(n for n in self._tie_order if n != name))

    def _enrol(self, sheet: S) -> None:
        if self.started:
            self._reslot()

    def turn_state(self, name: str) -> InitiativeTurn:
        name = self._known(name)
        return InitiativeTurn(
            **self._turn_fields(name),
            initiative=self._initiative_value(name),
            delayed_to=self._delayed_to(name),
            ap=self.ap(name),
            ap_max=self._ap_max(name),
        )

    # -- commands -----------------------------------------------------------------------------

    @command
    def roll_order(self, dice: Mapping[str, int | Sequence[int]] | None = None) -> list[str]:
        """Roll initiative for everyone who has not rolled (physical dice by name in ``dice``);
        the order of play follows it."""
        self._before_start("roll for the order of play")
        if not self._sheets:
            raise RuleError("Add the combatants before rolling for the order of play.")
        if dice is not None and not isinstance(dice, Mapping):
            raise RuleError("Give physical dice as {name: dice}.")
        physical = {self._known(n): d for n, d in (dice or {}).items()}
        for name, sheet in self._sheets.items():
            if self._needs_roll(sheet):
                self._roll_one(name, None, physical.get(name))
        order = self._ranked()
        self._event(
            "order",
            f"Order of play by initiative: {', '.join(order)} (Initiative)",
            data={"order": order},
        )
        return order

    @command
    def roll_initiative(
        self,
        name: str,
        dice: int | None = None,
        *,
        rolled: Sequence[int] | None = None,
        roll: int | None = None,
    ) -> int:
        """Roll ``name``'s initiative as the system rolls it (its ``_roll_one`` says how):
        ``dice`` how many dice, ``rolled`` the physical dice, or ``roll`` one physical die, where
        the system takes them. Returns the initiative (a step or a total)."""
        name = self._known(name)
        if name in self._initiative and self.started:
            raise RuleError(f"{name} has already rolled initiative for this fight.")
        value = self._roll_one(name, dice, rolled if roll is None else roll)
        if self.started:
            self._reslot()
        return value
