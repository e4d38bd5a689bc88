"""The conditions the Bulletproof Blues rules give (seed 004), declared once: their names as shown
and saved, the rules they cite, the notes they carry, and what they do to an attack's roll.

A condition the GM gives by name ("stunned", "on fire") has no effect the engine applies.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from bpb_widgets.engine.conditions import ConditionKind, declared


@dataclass(frozen=True, slots=True)
class Circumstance:
    """An effect: a circumstance the condition brings to an attack's roll (seed 004,
    "Circumstances"), where its bearer is the ``whose`` ("target" or "attacker") of the attack:
    the attack bonus (``side`` "attack") or the defense bonus ("defense") ``circumstance``.
    ``says`` is what the attack's preview puts before the circumstance's text ("{name} is held:
    ")."""

    whose: Literal["target", "attacker"]
    side: Literal["attack", "defense"]
    circumstance: str
    says: str = ""


#: Staggered: the next turn is lost (seed 004, "Staggering"; the order of play keeps the lost
#: turn).
STAGGERED: ConditionKind[Circumstance] = ConditionKind("staggered", "Staggering")
#: Activated powers off until the next action, after a failed Willpower roll (Staggering).
POWERS_OFF: ConditionKind[Circumstance] = ConditionKind("powers off", "Staggering")
#: Prone after diving for cover or a trip, until the end of the next turn, whose movement
#: stands them up ("Diving For Cover", "Tripping").
PRONE: ConditionKind[Circumstance] = ConditionKind(
    "prone", "Diving For Cover", "stands up next turn"
)
#: Held in a grapple: no normal movement; attacks on them +3, their own attacks harder
#: ("Grappling", the circumstance "restrained").
HELD: ConditionKind[Circumstance] = ConditionKind(
    "held",
    "Grappling",
    "no normal movement; +3 to hit",
    (
        Circumstance("target", "attack", "restrained", "{name} is held: "),
        Circumstance("attacker", "defense", "restrained", "{name} is held: "),
    ),
)
#: Holding someone in a grapple (the note names whom; "Grappling").
HOLDING: ConditionKind[Circumstance] = ConditionKind("holding", "Grappling")
#: Using the one held as a living shield until the start of the next turn: attacks on them are
#: harder ("Grappling", the circumstance "interposing").
INTERPOSING: ConditionKind[Circumstance] = ConditionKind(
    "interposing", "Grappling", effects=(Circumstance("target", "defense", "interposing"),)
)

#: Every condition the rules give, by name, in the order their effects are listed.
CONDITIONS: Mapping[str, ConditionKind[Circumstance]] = declared(
    STAGGERED, POWERS_OFF, PRONE, HELD, HOLDING, INTERPOSING
)
