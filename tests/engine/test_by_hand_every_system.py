"""What each system's card changes by hand (``hand_actions``): blackout hit points (seed 002,
"Damage", "Healing", "Out of the Fight") and d10-ap action points (seed 003, "Turns"), and the
declaration every card follows."""

from __future__ import annotations

import inspect

import pytest

from bpb_widgets import Encounter, RuleError


@pytest.mark.parametrize("rules", ["bpb2e", "blackout", "d10-ap"])
def test_every_hand_action_names_a_command_that_takes_it(rules: str) -> None:
    enc = Encounter(rules=rules)
    assert enc.hand_actions
    for action in enc.hand_actions:
        assert action.command in enc.commands(), action
        params = list(inspect.signature(getattr(enc, action.command)).parameters)
        expected = ["names"] if action.takes == "names" else ["name"]
        assert params[: len(expected)] == expected


def blackout_fight() -> Encounter:
    enc = Encounter(seed=1, rules="blackout")
    enc.add("Rex", hp=10, dr=3)
    enc.add("Mech", pc=False, step=9, ap=3, hp=8)
    enc.roll_initiative("Rex", rolled=(2, 2))
    enc.start()
    return enc


def test_blackout_damage_by_hand_goes_through_damage_resistance_first() -> None:
    """Seed 002, "Damage": direct damage "can either reduce the target's hit points or their
    damage resistance" (DR first, as temporary hit points)."""
    enc = blackout_fight()
    assert enc.damage("Rex", 5, note="a gas main") == 2
    assert enc.hit_points("Rex") == (8, 0)
    assert enc.log[-1].text == (
        "Rex takes 5 direct damage (a gas main), by the GM's hand: DR absorbs 3, loses 2 HP -> "
        "8 HP (Damage, seed 002)"
    )
    enc.damage("Rex", 8)
    assert enc.has_condition("Rex", "out of the fight")
    assert enc.damage("Rex", 1) == 2  # "doubled" once out of the fight (Out of the Fight)


def test_blackout_healing_by_hand_up_to_the_sheet_and_back_in_the_fight() -> None:
    """Seed 002, "Healing", "Out of the Fight": back at 1 HP or more, in the fight again."""
    enc = blackout_fight()
    enc.damage("Mech", 9)
    assert enc.has_condition("Mech", "out of the fight")
    assert enc.heal_hp("Mech", 20) == 8
    assert not enc.has_condition("Mech", "out of the fight")
    with pytest.raises(RuleError, match="Mech has all 8 hit points"):
        enc.heal_hp("Mech", 1)


def test_d10_ap_by_hand_in_the_turn_and_none_left_ends_it() -> None:
    """Seed 003, "Turns": the AP of the turn, spent until none are left."""
    enc = Encounter(seed=1, rules="d10-ap")
    enc.add("Evan", agb=3, awarb=4)
    enc.add("Thug", agb=1, awarb=1)
    enc.roll_initiative("Evan", roll=9)
    enc.roll_initiative("Thug", roll=1)
    enc.start()
    with pytest.raises(RuleError, match="after rolling AP dice"):
        enc.adjust_ap("Evan", 1)
    enc.roll_ap("Evan", dice=(5, 1, 1))
    assert enc.ap("Evan") == 2
    assert enc.adjust_ap("Evan", 2, note="a stim") == 4
    with pytest.raises(RuleError, match="not 0"):
        enc.adjust_ap("Evan", 0)
    assert enc.adjust_ap("Evan", -9) == 0
    assert enc.current == "Thug"
    assert enc.log[-2].text == "Evan has no AP left: the turn ends (Turns, seed 003)"
