"""Bulletproof Blues' conditions are declared once (``bpb/conditions.py``): their names stay the
strings saved fights and the front end know, and their effects name circumstances the rules
have (seed 004, "Grappling", "Staggering", "Diving For Cover", "Tripping")."""

from __future__ import annotations

from bpb_widgets import Encounter
from bpb_widgets.bpb import conditions
from bpb_widgets.bpb.rules import ATTACK_BONUSES, DIFFICULTY_MODIFIERS


def test_the_conditions_keep_their_names() -> None:
    assert list(conditions.CONDITIONS) == [
        "staggered",
        "powers off",
        "prone",
        "held",
        "holding",
        "interposing",
    ]
    assert all(str(kind) == name for name, kind in conditions.CONDITIONS.items())


def test_each_effect_is_a_circumstance_of_the_rules() -> None:
    tables = {"attack": ATTACK_BONUSES, "defense": DIFFICULTY_MODIFIERS}
    effects = [e for kind in conditions.CONDITIONS.values() for e in kind.effects]
    assert effects and all(e.circumstance in tables[e.side] for e in effects)


def test_a_grapple_gives_the_declared_conditions() -> None:
    enc = Encounter(seed=2)
    enc.add("Ann", perception=5, agility=4, brawn=5)
    enc.add("Cy", perception=2)
    enc.start()
    enc.grab("Ann", "Cy", "hold", dice=(6, 6))
    (held,) = enc.conditions("Cy")
    assert held == conditions.HELD.give(0, by="Ann")
    assert (
        held.describe()
        == "held by Ann (Grappling), no normal movement; +3 to hit, until Ann lets go"
    )
    assert conditions.HOLDING.on(enc.conditions("Ann")) is not None
