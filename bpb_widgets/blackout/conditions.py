"""The conditions the blackout rules give (seed 002), declared once: their names as shown and
saved, the rules they cite, the notes they carry, their effects (read by the encounter and the
forecast model), and which follow hit points and tests rather than the GM's hand.

Falling or going out of the fight knocks prone; difficult terrain, climbing and swimming slow; a
surprise attack surprises; the out-of-the-fight rules put a combatant out of the fight, stabilise
them or kill them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum

from bpb_widgets.blackout.rules import SEED
from bpb_widgets.engine.conditions import Condition, ConditionKind, declared


class Effect(Enum):
    """What a blackout condition does that the rules code reads."""

    #: No action, movement or reaction (or no reaction, or what the GM rules, as the rule option
    #: ``surprise_effect`` says) until the end of their next turn ("Surprise Attacks").
    SURPRISED = "surprised"
    #: Out of the fight but bleeding no more: no Endurance [Vitality] test at the start of
    #: their turns ("Out of the Fight").
    NO_BLEEDING = "no bleeding"


#: The rule that puts a combatant out of the fight at 0 hit points, and takes them back.
OUT_RULE = f"Out of the Fight, {SEED}"

#: Knocked prone: going out of the fight, or a fall ("Out of the Fight", "Falling").
PRONE: ConditionKind[Effect] = ConditionKind("prone", OUT_RULE)
#: Slowed in difficult terrain, climbing or swimming until out on clear terrain ("Movement").
SLOWED: ConditionKind[Effect] = ConditionKind("slowed", f"Movement, {SEED}")
#: Surprised by a surprise attack until the end of their next turn ("Surprise Attacks").
SURPRISED: ConditionKind[Effect] = ConditionKind(
    "surprised", f"Surprise Attacks, {SEED}", effects=(Effect.SURPRISED,)
)
#: At 0 hit points or fewer ("Out of the Fight").
OUT_OF_THE_FIGHT: ConditionKind[Effect] = ConditionKind(
    "out of the fight",
    OUT_RULE,
    "cannot act or move, passive evasion 1, unabsorbed damage doubled, Endurance [Vitality] at "
    "the start of each turn",
    kept=True,
)
#: Out of the fight, no longer bleeding (3+ Vitality successes, or knocked out safely).
STABILISED: ConditionKind[Effect] = ConditionKind(
    "stabilised", OUT_RULE, "no more bleeding, still unconscious", (Effect.NO_BLEEDING,), True
)
#: Killed by a ranged attempt to incapacitate ("Non-Lethal Attacks").
DEAD: ConditionKind[Effect] = ConditionKind("dead", f"Non-Lethal Attacks, {SEED}", kept=True)

#: Every condition the blackout rules give, by name.
CONDITIONS: Mapping[str, ConditionKind[Effect]] = declared(
    PRONE, SLOWED, SURPRISED, OUT_OF_THE_FIGHT, STABILISED, DEAD
)


def under(conditions: Iterable[Condition], effect: Effect) -> bool:
    """Whether any of ``conditions`` (one combatant's, the GM's by name too) has ``effect``."""
    return any(
        kind.does(effect)
        for condition in conditions
        if (kind := CONDITIONS.get(condition.name)) is not None
    )


def kept(name: str) -> bool:
    """Whether the condition called ``name`` follows hit points and tests, not the GM's hand."""
    kind = CONDITIONS.get(name)
    return kind is not None and kind.kept
