"""The blackout rule set and its options (docs/rules.md; seed 002, "Combat Basics")."""

from __future__ import annotations

from dataclasses import dataclass

from bpb_widgets.engine.rule_set import RuleSet
from bpb_widgets.errors import RuleError

#: What being surprised does (seed 002, "Surprise Attacks", which names the condition but not its
#: effect): "no actions" (no action, movement or reaction until the end of the first turn),
#: "no reactions" (only no reaction until then), or "none" (the condition is shown, the GM rules).
SURPRISE_EFFECTS = ("no actions", "no reactions", "none")
#: What "damage they received" counts for a non-lethal attack's Endurance [Vitality] difficulty
#: (seed 002, "Non-Lethal Attacks"): "direct" (what got past the armor, damage resistance
#: included) or "hit points" (only what came off hit points).
NON_LETHAL_DAMAGE = ("direct", "hit points")


@dataclass(frozen=True)
class BlackoutRules(RuleSet):
    """The blackout rule set and its options (docs/rules.md):

    - ``pool_die``, ``pool_success_on``: how a test's pool of dice scores successes (seed 002
      counts successes but never says how a die scores one): a d``pool_die`` succeeds on
      ``pool_success_on`` or more.
    - ``surprise_effect``: what being surprised does, one of :data:`SURPRISE_EFFECTS`.
    - ``non_lethal_damage``: the damage received a non-lethal attack's Vitality test counts, one of
      :data:`NON_LETHAL_DAMAGE`.
    """

    pool_die: int = 6
    pool_success_on: int = 5
    surprise_effect: str = "no actions"
    non_lethal_damage: str = "direct"

    def check(self) -> None:
        if not 2 <= self.pool_die <= 100 or not 1 <= self.pool_success_on <= self.pool_die:
            raise RuleError("A pool die has 2 to 100 sides and succeeds on one of its faces.")
        if self.surprise_effect not in SURPRISE_EFFECTS:
            raise RuleError(f"surprise_effect is one of {', '.join(map(repr, SURPRISE_EFFECTS))}.")
        if self.non_lethal_damage not in NON_LETHAL_DAMAGE:
            raise RuleError(
                f"non_lethal_damage is one of {', '.join(map(repr, NON_LETHAL_DAMAGE))}."
            )


BLACKOUT = BlackoutRules("blackout", "Blackout, Combat Basics (seed 002)")
