"""Task rolls: any Bulletproof Blues task roll, with its exact odds charted before the dice and
explained after (seed 004, "Rolling Dice", "Opposed Tasks") (``task.js``)."""

from __future__ import annotations

from typing import Any

from bpb_widgets.bpb import BulletproofBlues
from bpb_widgets.bpb.panels.payloads import choices, odds_payload, plot_offer
from bpb_widgets.bpb.panels.state import TaskState
from bpb_widgets.engine.dice import Dice
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._commands import panel_command
from bpb_widgets.widgets._host import Delta, Part


class TaskPart(Part[BulletproofBlues]):
    """Choose who rolls (a combatant's attribute, or a plain bonus) against a difficulty or an
    opposing attribute (8 + rank), with expertise and the named circumstances of seed 004's
    "Opposed Tasks"; see the exact odds, then Roll (seeded) or type the physical dice."""

    key = "task"
    state_type = TaskState
    title = "Dice roller"
    role = "dice"
    encounter_type = BulletproofBlues

    def refresh(self, delta: Delta | None) -> None:
        enc = self.encounter
        if delta is None:
            self.put("choices", choices(enc.task_choices))
            self.put("selection", {})
            self.put("preview", {})
            self.put("result", {})
        if delta is None or delta.roster:
            self.put("names", list(enc.names))
        if delta is not None:
            self.follow_result()
            self.forget_the_gone()
        if self.state["selection"]:
            try:
                self.put("preview", self._preview())
            except RuleError:
                self.put("selection", {})
                self.put("preview", {})
        self.put("plot", plot_offer(enc, self.state["selection"].get("combatant")))

    @panel_command
    def choose(
        self,
        combatant: str | None = None,
        attribute: str | None = None,
        bonus: int = 0,
        difficulty: int | None = None,
        opposed: str | None = None,
        opposed_attribute: str | None = None,
        expertise: bool = False,
        attack: list[str] | None = None,
        defense: list[str] | None = None,
    ) -> None:
        """Set up a roll and preview its arithmetic and odds."""
        if combatant and not attribute:
            raise RuleError("Choose which of the combatant's attributes to roll.")
        if opposed is None and difficulty is None:
            raise RuleError("Choose a difficulty, or an opposing combatant and attribute.")
        selection = {
            "combatant": combatant,
            "attribute": attribute,
            "bonus": bonus,
            "difficulty": difficulty,
            "opposed": opposed,
            "opposed_attribute": opposed_attribute,
            "expertise": expertise,
            "attack": attack or [],
            "defense": defense or [],
        }
        preview = self._preview(selection)  # refused: the selection stays as it was
        self.put("selection", selection)
        self.put("preview", preview)
        self.put("plot", plot_offer(self.encounter, combatant))

    @panel_command
    def roll(self, dice: Dice | None = None, plot_point: bool = False) -> None:
        """Make the roll set up by ``choose`` (``dice``: physical dice; ``plot_point``: an
        automatic success bought with the roller's plot point)."""
        if not self.state["selection"]:
            raise RuleError("Choose who rolls and against what first.")
        selection = self._task_args(self.state["selection"])
        rolled = self.record(
            lambda: self.encounter.task(**selection, dice=dice, plot_point=plot_point)
        )
        self.put_items(
            "result",
            {
                "dice": list(rolled.dice),
                "total": rolled.total,
                "difficulty": rolled.difficulty,
                "success": rolled.success,
                "extreme": rolled.extreme,
            },
        )

    @staticmethod
    def _task_args(s: dict[str, Any]) -> dict[str, Any]:
        """A selection as ``Encounter.task`` arguments."""
        return {
            "roller": s["combatant"],
            "attribute": s["attribute"] if s["combatant"] else None,
            "difficulty": None if s["opposed"] else s["difficulty"],
            "opponent": s["opposed"],
            "against": s["opposed_attribute"],
            "bonus": s["bonus"],
            "expertise": s["expertise"],
            "attack_bonus": s["attack"],
            "defense_bonus": s["defense"],
        }

    def _preview(self, selection: dict[str, Any] | None = None) -> dict[str, Any]:
        """The arithmetic of both sides as text, and the odds."""
        setup = self.encounter.task_preview(**self._task_args(selection or self.state["selection"]))
        return {
            "attribute": setup.attribute,
            "bonus": setup.total_bonus,
            "roll": setup.roll_text,
            "against": setup.against_text,
            **odds_payload(setup.odds),
        }
