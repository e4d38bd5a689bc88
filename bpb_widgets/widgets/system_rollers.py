"""The dice rollers of the initiative systems: blackout's initiative dice (seed 002) and d10-ap's
surprise checks and action-point dice (seed 003), each with its exact odds charted first.

Every figure comes from the encounter's previews, and every roll runs the encounter's command, so
it is logged, explained and undoable like any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import traitlets

from bpb_widgets.blackout import Blackout
from bpb_widgets.d10_ap import D10AP
from bpb_widgets.engine import Encounter
from bpb_widgets.engine.dice import Dice
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._base import STATIC, Delta, Selection
from bpb_widgets.widgets._commands import command
from bpb_widgets.widgets._odds import exact
from bpb_widgets.widgets.dice_roller import DiceRoller


def _bars(distribution: Mapping[int, Fraction]) -> list[list[int | float]]:
    return [[value, float(p)] for value, p in sorted(distribution.items())]


class _Explained:
    """The log entries one command adds, joined: what the result panel says."""

    def __init__(self, encounter: Encounter[Any]) -> None:
        self._log = encounter.log
        self._start = len(self._log)

    @property
    def text(self) -> str:
        return "\n".join(event.text for event in self._log[self._start :])


class BlackoutRoller(DiceRoller[Blackout], kind="initiative-dice"):
    """Blackout initiative (seed 002, "Initiative"): a PC chooses 1-3 d6; their sum is the step
    (lower acts first), each die one action point. Shows the exact chance of each step, shading
    the steps that act before every enemy, then rolls (seeded) or takes the physical dice."""

    _esm = STATIC / "blackout_roller.js"
    encounter_type = Blackout

    choices = traitlets.Dict({"dice": list(Blackout.initiative_dice)}).tag(sync=True)
    selection = Selection(combatant=traitlets.Unicode(allow_none=True), count=traitlets.Int()).tag(
        sync=True
    )

    def _sheet(self, name: str) -> dict[str, Any]:
        sheet = self.encounter.combatant(name)
        return {"pc": sheet.pc, "step": None if sheet.pc else sheet.step}

    def _update(self, delta: Delta | None) -> None:
        super()._update(delta)
        if delta is None or delta.roster:
            if self.selection.get("combatant", None) not in (None, *self.sheets):
                self.selection = {}  # whoever was chosen is no longer in the fight
            self.preview = self._steps(self.selection.get("count", Blackout.initiative_dice[1]))

    @command
    def choose(self, combatant: str | None = None, count: int | None = None) -> None:
        """Who rolls, and how many dice: preview the steps."""
        count = Blackout.initiative_dice[1] if count is None else count
        if combatant is not None:
            combatant = self.encounter.combatant(combatant).name
        preview = self._steps(count)
        self.selection = {"combatant": combatant, "count": count}
        self.preview = preview

    @command
    def roll(self, dice: Dice | None = None) -> None:
        """Roll the chosen combatant's initiative (``dice``: physical dice)."""
        name = self.selection.get("combatant")
        if name is None:
            raise RuleError("Choose who rolls initiative.")
        explained = _Explained(self.encounter)
        step = self.encounter.roll_initiative(name, dice=self.selection["count"], rolled=dice)
        self._show("result", {"text": explained.text, "step": step})

    def _steps(self, count: int) -> dict[str, Any]:
        """The step distribution of ``count`` dice, and the chance to act before every enemy."""
        preview = self.encounter.initiative_preview(count)
        return {
            "count": preview.dice,
            "distribution": _bars(preview.steps),
            "first_enemy": preview.first_enemy,
            "before": exact(preview.before_enemies),
            "mean": float(preview.mean),
        }


class D10Roller(DiceRoller[D10AP], kind="d10"):
    """d10-ap (seed 003): a surprise check for the chosen combatant (d10 against AwarB and their
    traits: the chance of surprise and of each AP penalty) and the AP dice of whoever's turn it is
    (the distribution of their AP, less any surprise penalty), each charted before the roll."""

    _esm = STATIC / "d10_roller.js"
    encounter_type = D10AP

    current = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    selection = Selection(combatant=traitlets.Unicode()).tag(sync=True)

    def _sheet(self, name: str) -> dict[str, Any]:
        sheet = self.encounter.combatant(name)
        return {"agb": sheet.agb, "awarb": sheet.awarb, "traits": sorted(sheet.traits)}

    def _update(self, delta: Delta | None) -> None:
        super()._update(delta)
        self.current = self.encounter.current
        if self.selection and self.selection["combatant"] not in self.sheets:
            self.selection = {}  # whoever was chosen is no longer in the fight
        self.preview = self._odds()

    @command
    def choose(self, combatant: str) -> None:
        """Whose surprise check to preview."""
        combatant = self.encounter.combatant(combatant).name
        self.selection = {"combatant": combatant}
        self.preview = self._odds()

    @command
    def surprise_check(self, combatant: str, roll: int | None = None) -> None:
        """``combatant`` makes a surprise check (``roll``: a physical d10)."""
        self.choose(combatant)
        explained = _Explained(self.encounter)
        check = self.encounter.surprise_check(combatant, roll=roll)
        self._show("result", {"text": explained.text, "success": not check.surprised})

    @command
    def roll_ap(self, dice: Dice | None = None) -> None:
        """Roll the AP dice of whoever's turn it is (``dice``: physical dice)."""
        current = self.encounter.current
        if current is None:
            raise RuleError("AP dice are rolled at the start of a turn: it is nobody's turn.")
        explained = _Explained(self.encounter)
        ap = self.encounter.roll_ap(current, dice=dice)
        self._show("result", {"text": explained.text, "success": ap > 0})

    def _odds(self) -> dict[str, Any]:
        enc = self.encounter
        chosen = self.selection.get("combatant")
        if chosen not in self.sheets:
            chosen = next(iter(self.sheets), None)
        preview: dict[str, Any] = {"surprise": None, "ap": None}
        if chosen is not None:
            surprise = enc.surprise_preview(chosen)
            preview["surprise"] = {
                "combatant": surprise.name,
                "awareness": surprise.awareness,
                "modifier": surprise.modifier,
                "surprised": exact(surprise.surprised),
                "distribution": _bars(surprise.penalties),
            }
        current = enc.current
        if current is not None and enc.ap(current) is None:
            ap = enc.ap_preview(current)
            preview["ap"] = {
                "combatant": ap.name,
                "agb": ap.agb,
                "penalty": ap.penalty,
                "distribution": _bars(ap.ap),
            }
        return preview
