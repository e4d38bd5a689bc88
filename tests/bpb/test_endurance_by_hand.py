"""Endurance by hand: damage, healing and stunning damage back as the GM types them, and the rest
after the fight (seed 004, "Damage", "Stunning", "Recovery")."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError


def fight() -> Encounter:
    enc = Encounter(seed=6)
    enc.add("Blueshift", agility=5, endurance=6, protection=3)
    enc.add("Ganyeka", brawn=5, prowess=5, endurance=8)
    enc.start()
    return enc


def test_damage_by_hand_comes_straight_off_endurance() -> None:
    """Seed 004, "Protection": "any remaining damage is subtracted from target's appropriate
    attribute (typically Endurance)": the GM types what remains, protection already counted."""
    enc = fight()
    assert enc.damage("Blueshift", 2, note="a falling sign") == 4
    assert enc.log[-1].text == (
        "Blueshift takes 2 damage (a falling sign), by the GM's hand: Endurance 6 -> 4 (Damage)"
    )
    assert enc.damage("Blueshift", 1, stunning=True) == 3
    assert (enc.endurance("Blueshift").stun, enc.vitals("Blueshift").apart) == (1, 1)


def test_at_0_they_are_out_and_their_hold_ends() -> None:
    """Seed 004, "Damage"; "Grappling": a hold lasts while the grappler can keep it."""
    enc = fight()
    enc.end_turn()
    enc.grab("Ganyeka", "Blueshift", "hold", dice=(6, 6), reaction_dice=(1, 1))
    assert enc.held_by("Blueshift") == "Ganyeka"
    enc.damage("Ganyeka", 20)
    assert enc.turn_state("Ganyeka").out and enc.held_by("Blueshift") is None
    assert enc.current == "Blueshift"  # his turn ended with him
    with pytest.raises(RuleError, match="already at Endurance 0"):
        enc.damage("Ganyeka", 1)


def test_healing_gives_normal_damage_back_and_brings_one_back_into_the_fight() -> None:
    """Seed 004, "Recovery": "With this rest or medical care, the character will regain one
    Endurance per day" (the GM says how much)."""
    enc = fight()
    enc.damage("Ganyeka", 8)
    enc.end_turn()
    assert enc.current == "Blueshift" and enc.round == 2  # Ganyeka is out: no turn
    assert enc.heal("Ganyeka", 3) == 3
    enc.end_turn()
    assert enc.current == "Ganyeka"
    assert enc.heal("Ganyeka", 9) == 8
    assert enc.log[-1].text == (
        "Ganyeka gets 5 normal damage back (all 5 there was), by the GM's hand: Endurance 3 -> 8 "
        "(Recovery)"
    )
    with pytest.raises(RuleError, match="Ganyeka has no normal damage to get back"):
        enc.heal("Ganyeka", 1)


def test_healing_the_only_one_who_could_act_sets_the_fight_going() -> None:
    enc = Encounter(seed=1)
    enc.add("Blueshift", endurance=3)
    enc.start()
    enc.damage("Blueshift", 3)
    assert enc.current is None
    enc.heal("Blueshift", 1)
    assert enc.current == "Blueshift"


def test_stunning_damage_comes_back_by_hand_all_or_some() -> None:
    """Seed 004, "Stunning": "Damage from a stunning attack is temporary. Record it separately;
    it all comes back after the fight is over"."""
    enc = fight()
    enc.damage("Blueshift", 3, stunning=True)
    enc.damage("Blueshift", 1)
    assert enc.recover("Blueshift", 1) == 3
    assert enc.recover("Blueshift") == 5  # the rest of the stunning damage; the normal stays
    with pytest.raises(RuleError, match="no stunning damage to get back"):
        enc.recover("Blueshift")


def test_the_rest_after_the_fight_gives_half_the_recent_loss_back() -> None:
    """Seed 004, "Recovery": "After a chance to rest and recuperate (maybe half an hour), an
    injured character recovers half the endurance they have recently lost" (rounded up, in the
    character's favour); stunning damage all comes back."""
    enc = fight()
    enc.damage("Ganyeka", 5)
    enc.damage("Ganyeka", 2, stunning=True)
    enc.rest()
    assert enc.endurance("Ganyeka").current == 8 - 5 + 3
    enc.rest(["Ganyeka"])  # what was not healed by the rest heals day by day
    assert enc.endurance("Ganyeka").current == 6


@pytest.mark.parametrize(
    ("act", "message"),
    [
        (lambda e: e.damage("Blueshift", 0), "Damage"),
        (lambda e: e.damage("Blueshift", -2), "Damage"),
        (lambda e: e.heal("Blueshift", 1), "no normal damage"),
        (lambda e: e.recover("Blueshift", 0), "Endurance back"),
        (lambda e: e.damage("Nobody", 1), "no combatant called Nobody"),
        (lambda e: e.damage("Blueshift", 1, stunning="yes"), "stunning"),
    ],
)
def test_bad_amounts_are_refused_and_change_nothing(act, message: str) -> None:  # type: ignore[no-untyped-def]
    enc = fight()
    before = enc.to_json()
    with pytest.raises(RuleError, match=message):
        act(enc)
    assert enc.to_json() == before


def test_undo_gives_the_endurance_back() -> None:
    enc = fight()
    enc.damage("Blueshift", 6)
    enc.undo()
    assert enc.endurance("Blueshift").current == 6 and not enc.turn_state("Blueshift").out
