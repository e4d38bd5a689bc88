"""TaskRoller: any Bulletproof Blues task roll, with its exact odds charted before the dice and
explained after (seed 004, "Rolling Dice", "Opposed Tasks")."""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from bpb_widgets.engine import ATTRIBUTES
from bpb_widgets.errors import RuleError
from bpb_widgets.rules.circumstances import ATTACK_BONUSES, DIFFICULTY_MODIFIERS
from bpb_widgets.rules.probability import odds
from bpb_widgets.rules.tasks import DIFFICULTIES
from bpb_widgets.widgets._base import (
    STATIC,
    Message,
    dice_arg,
    int_arg,
    shown,
    text_arg,
)
from bpb_widgets.widgets._odds import odds_payload
from bpb_widgets.widgets.dice_roller import DiceRoller

#: What the front end offers: attributes, the difficulty ladder and the named circumstances.
CHOICES: dict[str, Any] = {
    "attributes": list(ATTRIBUTES),
    "difficulties": [[d.name, d.value, d.examples] for d in DIFFICULTIES if d.value is not None],
    "attack": [[c.key, c.value, c.text] for c in ATTACK_BONUSES.values()],
    "defense": [[c.key, c.value, c.text] for c in DIFFICULTY_MODIFIERS.values()],
}


class TaskRoller(DiceRoller):
    """Choose who rolls (a combatant's attribute, or a plain bonus) against a difficulty or an
    opposing attribute (8 + rank), with expertise and the named circumstances of seed 004's
    "Opposed Tasks"; see the exact odds, then Roll (seeded) or type the physical dice."""

    _esm = STATIC / "dice_roller.js"
    systems: ClassVar[tuple[str, ...]] = ("bpb2e",)

    choices = traitlets.Dict(CHOICES).tag(sync=True)
    commands: ClassVar[tuple[str, ...]] = ("preview", "roll")

    def _cmd_preview(self, msg: Message) -> None:
        self.selection = self._parse(msg)
        self.preview = self._preview()

    def _cmd_roll(self, msg: Message) -> None:
        self.selection = self._parse(msg)
        self.preview = self._preview()
        rolled = self.encounter.task(**self._task_args(), dice=dice_arg(msg))
        self.result = {
            "text": self.encounter.log[-1].text,
            "dice": list(rolled.dice),
            "total": rolled.total,
            "difficulty": rolled.difficulty,
            "success": rolled.success,
            "extreme": rolled.extreme,
        }

    def _sheet(self, name: str) -> dict[str, Any]:
        sheet = self.encounter.combatant(name)
        return {
            "ranks": {a: sheet.rank(a) for a in ATTRIBUTES},
            "expertise": sorted(sheet.expertise),
        }

    def _parse(self, msg: Message) -> dict[str, Any]:
        """The roll described by a message, checked."""
        chosen = {
            "combatant": text_arg(msg, "combatant", optional=True),
            "attribute": text_arg(msg, "attribute", optional=True),
            "bonus": int_arg(msg, "bonus", optional=True) or 0,
            "difficulty": int_arg(msg, "difficulty", optional=True),
            "opposed": text_arg(msg, "opposed", optional=True),
            "opposed_attribute": text_arg(msg, "opposed_attribute", optional=True),
            "expertise": msg.get("expertise") is True,
            "attack": _keys(msg, "attack"),
            "defense": _keys(msg, "defense"),
        }
        if chosen["combatant"] and not chosen["attribute"]:
            raise RuleError("Choose which of the combatant's attributes to roll.")
        if chosen["opposed"] is None and chosen["difficulty"] is None:
            raise RuleError("Choose a difficulty, or an opposing combatant and attribute.")
        return chosen

    def _task_args(self) -> dict[str, Any]:
        """The selection as ``Encounter.task`` arguments."""
        s = self.selection
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

    def _preview(self) -> dict[str, Any]:
        """The arithmetic of both sides as text, and the odds."""
        setup = self.encounter.task_preview(**self._task_args())
        chances = odds(
            setup.attribute, setup.difficulty, bonus=setup.total_bonus, expertise=setup.expertise
        )
        return {
            "attribute": setup.attribute,
            "bonus": setup.total_bonus,
            "roll": setup.roll_text,
            "against": setup.against_text,
            **odds_payload(chances),
        }


def _keys(msg: Message, key: str) -> list[str]:
    value = msg.get(key) or []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise RuleError(f"{key!r} must be a list of circumstance names; got {shown(value)}.")
    return value
