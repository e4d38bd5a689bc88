"""The dice rollers of the other initiative systems: blackout's initiative dice (seed 002) and
d10-ap's surprise checks and action-point dice (seed 003), each with its exact odds charted first.

``DiceRoller(enc)`` picks the right one (``TaskRoller`` for Bulletproof Blues); every roll runs
the encounter's command, so it is logged, explained and undoable like any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

import traitlets

from bpb_widgets.errors import RuleError
from bpb_widgets.systems import blackout, d10_ap
from bpb_widgets.widgets._base import STATIC, Delta, Message, dice_arg, int_arg, text_arg
from bpb_widgets.widgets._odds import exact
from bpb_widgets.widgets.dice_roller import DiceRoller


def _bars(distribution: Mapping[int, Fraction]) -> list[list[int | float]]:
    return [[value, float(p)] for value, p in sorted(distribution.items())]


class _Explained:
    """The log entries one command adds, joined: what the result panel says."""

    def __init__(self, roller: DiceRoller) -> None:
        self._log = roller.encounter.log
        self._start = len(self._log)

    @property
    def text(self) -> str:
        return "\n".join(event.text for event in self._log[self._start :])


class BlackoutRoller(DiceRoller):
    """Blackout initiative (seed 002, "Initiative"): a PC chooses 1-3 d6; their sum is the step
    (lower acts first), each die one action point. Shows the exact chance of each step, shading
    the steps that act before every enemy, then rolls (seeded) or takes the physical dice."""

    _esm = STATIC / "blackout_roller.js"
    systems: ClassVar[tuple[str, ...]] = ("blackout",)
    commands: ClassVar[tuple[str, ...]] = ("preview", "roll")

    choices = traitlets.Dict({"dice": [blackout.MIN_DICE, blackout.MAX_DICE]}).tag(sync=True)

    def _sheet(self, name: str) -> dict[str, Any]:
        sheet = self.encounter.combatant(name)
        return {"pc": sheet.pc, "step": None if sheet.pc else sheet.step}

    def _update(self, delta: Delta | None) -> None:
        super()._update(delta)
        if delta is None or delta.roster:
            self.preview = self._steps(self.selection.get("count", blackout.MAX_DICE))

    def _cmd_preview(self, msg: Message) -> None:
        self.selection = self._chosen(msg)
        self.preview = self._steps(self.selection["count"])

    def _cmd_roll(self, msg: Message) -> None:
        self._cmd_preview(msg)
        name = self.selection["combatant"]
        if name is None:
            raise RuleError("Choose who rolls initiative.")
        explained = _Explained(self)
        step = self.encounter.roll_initiative(
            name, dice=self.selection["count"], rolled=dice_arg(msg)
        )
        self.result = {"text": explained.text, "step": step}

    def _chosen(self, msg: Message) -> dict[str, Any]:
        count = int_arg(msg, "count", optional=True)
        return {
            "combatant": text_arg(msg, "combatant", optional=True),
            "count": blackout.MAX_DICE if count is None else count,
        }

    def _steps(self, count: int) -> dict[str, Any]:
        """The step distribution of ``count`` dice, and the chance to act before every enemy
        (a PC goes first on a shared step)."""
        odds = blackout.step_odds(count)
        enemies = [s["step"] for s in self.sheets.values() if s["step"] is not None]
        first = min(enemies, default=None)
        first_steps = (p for step, p in odds.items() if first is not None and step <= first)
        before = sum(first_steps, Fraction(0))
        mean = sum(step * p for step, p in odds.items())
        return {
            "count": count,
            "distribution": _bars(odds),
            "first_enemy": first,
            "before": exact(before),
            "mean": float(mean),
        }


class D10Roller(DiceRoller):
    """d10-ap (seed 003): a surprise check for the chosen combatant (d10 against AwarB and their
    traits: the chance of surprise and of each AP penalty) and the AP dice of whoever's turn it is
    (the distribution of their AP, less any surprise penalty), each charted before the roll."""

    _esm = STATIC / "d10_roller.js"
    systems: ClassVar[tuple[str, ...]] = ("d10-ap",)
    commands: ClassVar[tuple[str, ...]] = ("preview", "surprise_check", "roll_ap")

    current = traitlets.Unicode(None, allow_none=True).tag(sync=True)

    def _sheet(self, name: str) -> dict[str, Any]:
        sheet = self.encounter.combatant(name)
        return {"agb": sheet.agb, "awarb": sheet.awarb, "traits": sorted(sheet.traits)}

    def _update(self, delta: Delta | None) -> None:
        super()._update(delta)
        self.current = self.encounter.current
        self.preview = self._odds()

    def _cmd_preview(self, msg: Message) -> None:
        self.selection = {"combatant": text_arg(msg, "combatant")}
        self.preview = self._odds()

    def _cmd_surprise_check(self, msg: Message) -> None:
        self._cmd_preview(msg)
        explained = _Explained(self)
        check = self.encounter.surprise_check(
            self.selection["combatant"], roll=int_arg(msg, "roll", optional=True)
        )
        self.result = {"text": explained.text, "success": not check.surprised}

    def _cmd_roll_ap(self, msg: Message) -> None:
        current = self.encounter.current
        if current is None:
            raise RuleError("AP dice are rolled at the start of a turn: it is nobody's turn.")
        explained = _Explained(self)
        ap = self.encounter.roll_ap(current, dice=dice_arg(msg))
        self.result = {"text": explained.text, "success": ap > 0}

    def _odds(self) -> dict[str, Any]:
        enc = self.encounter
        chosen = self.selection.get("combatant")
        if chosen not in self.sheets:
            chosen = next(iter(self.sheets), None)
        preview: dict[str, Any] = {"surprise": None, "ap": None}
        if chosen is not None:
            sheet = enc.combatant(chosen)
            odds = d10_ap.surprise_odds(sheet.awarb, traits=sheet.traits)
            preview["surprise"] = {
                "combatant": chosen,
                "awareness": odds.awarb + odds.modifier,
                "modifier": odds.modifier,
                "surprised": exact(odds.surprised),
                "distribution": _bars(odds.penalties),
            }
        current = enc.current
        if current is not None and enc.ap(current) is None:
            agb = enc.combatant(current).agb
            penalty = enc.surprise_penalty(current)
            preview["ap"] = {
                "combatant": current,
                "agb": agb,
                "penalty": penalty,
                "distribution": _bars(d10_ap.ap_odds(agb, penalty=penalty)),
            }
        return preview
