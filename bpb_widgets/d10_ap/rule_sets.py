"""The d10-ap rule set and its option (docs/rules.md; seed 003, "Surprise, Rounds, & Turns")."""

from __future__ import annotations

from dataclasses import dataclass

from bpb_widgets.engine.rule_set import RuleSet
from bpb_widgets.errors import RuleError

#: How two surprise penalties on the same turn combine (seed 003 is silent): "largest" (the
#: worse surprise counts) or "sum" (each check takes its own AP).
SURPRISE_SAME_TURN = ("largest", "sum")


@dataclass(frozen=True)
class D10Rules(RuleSet):
    """The d10-ap rule set and its option (docs/rules.md): ``surprise_same_turn``, how two surprise
    penalties on the same turn combine, one of :data:`SURPRISE_SAME_TURN`."""

    surprise_same_turn: str = "largest"

    def check(self) -> None:
        if self.surprise_same_turn not in SURPRISE_SAME_TURN:
            raise RuleError(
                f"surprise_same_turn is one of {', '.join(map(repr, SURPRISE_SAME_TURN))}."
            )


D10_AP = D10Rules("d10-ap", "Surprise, Rounds, & Turns house rule (seed 003)")
