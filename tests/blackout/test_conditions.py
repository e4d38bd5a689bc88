"""The blackout conditions are declared once (``blackout/conditions.py``): their names stay the
strings saved fights and the front end know; those that follow hit points and tests are refused
to the GM's hand; a surprise's effect is read from the declaration, by the encounter and the
forecast model alike (seed 002, "Surprise Attacks", "Out of the Fight")."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from bpb_widgets.blackout import conditions
from bpb_widgets.blackout.conditions import Effect, under


def test_the_conditions_keep_their_names() -> None:
    assert list(conditions.CONDITIONS) == [
        "prone",
        "slowed",
        "surprised",
        "out of the fight",
        "stabilised",
        "dead",
    ]
    kept = [name for name, kind in conditions.CONDITIONS.items() if kind.kept]
    assert kept == ["out of the fight", "stabilised", "dead"]


def squad() -> Encounter:
    enc = Encounter(seed=3, rules="blackout")
    enc.add("Rex", hp=12)
    enc.add("Ivy", hp=10)
    return enc


@pytest.mark.parametrize("name", ["out of the fight", "Stabilised", "dead"])
def test_the_gm_neither_gives_nor_lifts_a_kept_condition(name: str) -> None:
    enc = squad()
    with pytest.raises(RuleError, match="follows hit points and tests"):
        enc.add_condition("Rex", name)
    with pytest.raises(RuleError, match="follows hit points and tests"):
        enc.remove_condition("Rex", name)


def test_a_surprise_gives_the_declared_condition_and_its_effect() -> None:
    enc = squad()
    enc.surprise([3], {"Ivy": 1, "Rex": 4})
    (surprised,) = enc.conditions("Ivy")
    assert surprised.name == "surprised" and surprised.rule == conditions.SURPRISED.rule
    assert under(enc.conditions("Ivy"), Effect.SURPRISED)
    assert not under(enc.conditions("Rex"), Effect.SURPRISED)
    enc.add_condition("Rex", "surprised")  # by the GM's hand, by its name: the same effect
    assert under(enc.conditions("Rex"), Effect.SURPRISED)
