"""Blackout initiative dice (seed 002, "Initiative"), with the exact chance of each step charted
before the roll (``initiative.js``)."""

from __future__ import annotations

from typing import Any

from bpb_widgets.blackout import Blackout
from bpb_widgets.blackout.panels.state import InitiativeState
from bpb_widgets.engine.dice import Dice
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._commands import panel_command
from bpb_widgets.widgets._host import Delta, Part
from bpb_widgets.widgets._odds import bars, exact


class InitiativePart(Part[Blackout]):
    """A player character chooses 1-3 d6; their sum is the step (lower acts first), each die one
    action point. Shows the exact chance of each step, shading the steps that act before every
    enemy, then rolls (seeded) or takes the physical dice."""

    key = "initiative"
    state_type = InitiativeState
    title = "Initiative dice"
    role = "dice"
    encounter_type = Blackout

    def refresh(self, delta: Delta | None) -> None:
        enc = self.encounter
        if delta is None:
            self.put("choices", {"dice": list(enc.initiative_dice)})
            self.put("selection", {})
            self.put("result", {})
        else:
            self.follow_result()
            self.forget_the_gone()
        if delta is None or delta.roster:
            self.put("sheets", {name: self._sheet(name) for name in enc.names})
            self.put("preview", self._steps(self.state["selection"].get("count")))

    def _sheet(self, name: str) -> dict[str, Any]:
        sheet = self.encounter.combatant(name)
        return {"pc": sheet.pc, "step": None if sheet.pc else sheet.step}

    @panel_command
    def choose(self, combatant: str | None = None, count: int | None = None) -> None:
        """Who rolls (someone in the fight), and how many dice: preview the steps."""
        if combatant is not None:
            combatant = self.encounter.combatant(combatant).name
        preview = self._steps(count)
        self.put("selection", {"combatant": combatant, "count": preview["count"]})
        self.put("preview", preview)

    @panel_command
    def roll(self, dice: Dice | None = None) -> None:
        """Roll the chosen combatant's initiative (``dice``: physical dice)."""
        name = self.state["selection"].get("combatant")
        if name is None:
            raise RuleError("Choose who rolls initiative.")
        count = self.state["selection"]["count"]
        self.record(lambda: self.encounter.roll_initiative(name, dice=count, rolled=dice))

    def _steps(self, count: int | None) -> dict[str, Any]:
        """The step distribution of ``count`` dice, and the chance to act before every enemy."""
        preview = self.encounter.initiative_preview(
            self.encounter.initiative_dice[1] if count is None else count
        )
        return {
            "count": preview.dice,
            "distribution": bars(preview.steps),
            "first_enemy": preview.first_enemy,
            "before": exact(preview.before_enemies),
            "mean": float(preview.mean),
        }
