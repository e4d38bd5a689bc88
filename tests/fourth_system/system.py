"""The "pebbles" rules: each combatant holds some pebbles; on their turn they throw one at
someone, a d6 of 4 or more hits, and the target drops a pebble. Whoever drops their last pebble
is out of the fight. The order of play is the order they join in (or as the GM declares it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from bpb_widgets.engine.checks import check_flag, check_name, check_side, check_whole
from bpb_widgets.engine.command import command
from bpb_widgets.engine.encounter import Encounter, SheetField, Vitals
from bpb_widgets.engine.game_system import GameSystem
from bpb_widgets.engine.rule_set import RuleSet
from bpb_widgets.errors import RuleError

PEBBLES = RuleSet("pebbles", "A tiny test system (tests/fourth_system)")
#: A throw hits on a d6 of this or more.
HITS_ON = 4


@dataclass(frozen=True, slots=True)
class Thrower:
    """A pebbles character sheet: how many pebbles they start with."""

    name: str
    pebbles: int = 3
    group: bool = False
    aware: bool = True
    side: str = ""

    def summary(self) -> str:
        return f"{self.pebbles} pebbles"

    def to_dict(self) -> dict[str, object]:
        return {
            "pebbles": self.pebbles,
            "group": self.group,
            "aware": self.aware,
            "side": self.side,
        }


class Pebbles(Encounter[Thrower]):
    """A fight under the pebbles rules."""

    rule_sets: ClassVar[tuple[RuleSet, ...]] = (PEBBLES,)
    title: ClassVar[str] = "Pebbles"
    panels: ClassVar[tuple[str, ...]] = ("strip", "roster", "pebbles", "log", "files")

    def _setup(self) -> None:
        super()._setup()
        #: Pebbles left, by name.
        self._left: dict[str, int] = {}

    def make_sheet(self, name: object, **sheet: Any) -> Thrower:
        unknown = set(sheet) - {"pebbles", "group", "aware", "side"}
        if unknown:
            raise RuleError(f"A pebbles sheet has no {', '.join(sorted(unknown))}.")
        return Thrower(
            check_name(name),
            check_whole(sheet.get("pebbles", 3), "Pebbles", low=1, high=9),
            check_flag(sheet.get("group", False), "group"),
            check_flag(sheet.get("aware", True), "aware"),
            check_side(sheet.get("side", "")),
        )

    @classmethod
    def sheet_fields(cls) -> tuple[SheetField, ...]:
        return (*super().sheet_fields(), SheetField("pebbles", "Pebbles", "rank", 3, 1, 9))

    def _enrol(self, sheet: Thrower) -> None:
        self._journal.set(self._left, sheet.name, sheet.pebbles)
        if sheet.aware:
            self._slot_insert(len(self._slots), sheet.name)

    def _declare_order(self, order: list[str]) -> None:
        if self.started:
            raise RuleError("The pebbles order is declared before the fight starts.")
        self._set_slots(order)
        self._event("order", f"Order of play: {', '.join(order)}.")

    def _place_aware(self, name: str, after: str | None) -> str:
        if name not in self._slots:
            self._slot_insert(len(self._slots), name)
        return "takes their place in the order of play"

    def _down(self, name: str) -> bool:
        """Out of the fight with no pebbles left."""
        return self._left.get(name, 1) <= 0

    def _fit(self, name: str) -> bool:
        """Takes turns while holding a pebble."""
        return not self._down(name)

    def roll_order(self, dice: Mapping[str, Sequence[int]] | None = None) -> list[str]:
        """No dice: the order they joined in."""
        order = [n for n in self._sheets if self._aware[n]]
        self.set_order(order)
        return order

    def vitals(self, name: str) -> Vitals:
        name = self._known(name)
        return Vitals("Pebbles", self._left[name], self._sheets[name].pebbles)

    def pebbles_left(self, name: str) -> int:
        """How many pebbles ``name`` holds."""
        return self._left[self._known(name)]

    @command
    def throw(self, attacker: str, target: str, roll: int | None = None) -> bool:
        """``attacker`` throws a pebble at ``target`` on their turn: a d6 (``roll``, or rolled) of
        4 or more hits, and the target drops a pebble. Returns whether it hit."""
        attacker, target = self._known(attacker), self._known(target)
        if attacker != self.current:
            raise RuleError(f"{attacker} throws on their own turn.")
        if target == attacker:
            raise RuleError("A pebble is thrown at someone else.")
        (die,) = self._dice(None if roll is None else (roll,), count=1, sides=6)
        hit = die >= HITS_ON
        if hit:
            self._journal.set(self._left, target, self._left[target] - 1)
        self._event(
            "attack",
            f"{attacker} throws a pebble at {target}: {die}, "
            + (f"a hit ({target} has {self._left[target]} left)." if hit else "a miss."),
            attacker,
        )
        return hit


SYSTEM = GameSystem(
    Pebbles, panels="tests.fourth_system.panels", no_forecast="Pebbles fights are not forecast."
)
