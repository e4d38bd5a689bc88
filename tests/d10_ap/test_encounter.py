"""The d10-ap house rule in an encounter (seed 003, "Surprise, Rounds, & Turns"): surprise
checks, d10 initiative, action-point dice rolled each turn, the Evan example."""

from __future__ import annotations

from typing import Any

import pytest

from bpb_widgets import Encounter, RuleError
from tests.engine.helpers import snapshot


def stairwell(seed: int = 1) -> Encounter:
    enc = Encounter(seed=seed, rules="d10-ap")
    enc.add("Evan", agb=3, awarb=4)
    enc.add("Thug", agb=2, awarb=2, traits={"paranoid"})
    return enc


def test_evan_is_surprised_in_the_stairwell(examples: dict[str, Any]) -> None:
    """Seed 003, "Step 1- Determine Surprise": AgB 3, AwarB 4; AP dice 4, 7 and 8 give 3 AP; a
    surprise check of 6 takes 2; Evan has 1 AP in his first turn."""
    evan = examples["surprise"]
    dice = tuple(evan["ap_dice"])
    enc = Encounter(seed=1, rules="d10-ap")
    enc.add("Evan", agb=evan["agb"], awarb=evan["awarb"])
    result = enc.surprise_check("Evan", roll=evan["surprise_roll"])
    assert result.surprised and result.ap_penalty == evan["ap_lost"]
    enc.roll_initiative("Evan", roll=5)
    enc.start()
    assert enc.roll_ap("Evan", dice=dice) == 1
    assert enc.log[-1].text == (
        "Evan rolls 3 AP dice (4 7 8): 2 of 5+ + 1 - 2 surprise = 1 AP (Turns, seed 003)"
    )


def test_initiative_is_d10_plus_agb_highest_first() -> None:
    enc = stairwell()
    assert enc.roll_initiative("Evan", roll=5) == 8
    assert enc.roll_initiative("Thug", roll=9) == 11
    enc.start()
    assert enc.order == ["Thug", "Evan"] and enc.turn_state("Thug").initiative == 11


def test_traits_change_awareness_and_a_10_always_surprises() -> None:
    enc = stairwell()
    check = enc.surprise_check("Thug", roll=3)  # AwarB 2 + 1 paranoid = 3
    assert not check.surprised
    assert enc.surprise_check("Evan", roll=10).ap_penalty == 6
    with pytest.raises(RuleError):
        enc.add("Scout", traits={"telepathy"})


def test_ap_is_rolled_once_at_the_start_of_ones_turn_and_spent() -> None:
    enc = stairwell()
    enc.roll_order(dice={"Evan": 5, "Thug": 9})
    enc.start()
    with pytest.raises(RuleError, match="at the start of their own turn"):
        enc.roll_ap("Evan")
    with pytest.raises(RuleError, match="after rolling AP dice"):
        enc.spend_ap("Thug")
    assert enc.roll_ap("Thug", dice=(5, 6)) == 3
    with pytest.raises(RuleError, match="already rolled AP dice"):
        enc.roll_ap("Thug")
    with pytest.raises(RuleError, match="has 3 AP left, not 4"):
        enc.spend_ap("Thug", 4)
    assert enc.spend_ap("Thug", 2, "fires a burst") == 1
    enc.spend_ap("Thug", 1, "ducks")
    assert enc.current == "Evan"  # every AP spent: the turn ends (seed 003, "Turns")


def test_no_ap_means_the_turn_ends_at_once() -> None:
    enc = stairwell()
    enc.surprise_check("Thug", roll=10)  # at least -1
    enc.roll_order(dice={"Evan": 1, "Thug": 9})
    enc.start()
    assert enc.roll_ap("Thug", dice=(1, 2)) == 0
    assert enc.current == "Evan"


def test_a_check_during_the_fight_applies_to_the_next_round() -> None:
    enc = stairwell()
    enc.roll_order(dice={"Evan": 5, "Thug": 9})
    enc.start()
    check = enc.surprise_check("Evan", roll=9)  # a secret device goes off in round 1
    assert check.round == 2
    enc.end_turn()
    assert enc.roll_ap("Evan", dice=(9, 9, 9)) == 4  # round 1: no penalty yet
    enc.end_turn()
    enc.end_turn()
    assert enc.roll_ap("Evan", dice=(9, 9, 9)) == 0  # round 2: 4 AP less 5, not below 0
    assert enc.current == "Thug"


def test_bulletproof_and_blackout_commands_are_refused() -> None:
    enc = stairwell()
    before = snapshot(enc)
    for act in (
        lambda: enc.act("Evan", "free"),
        lambda: enc.block("Evan", attacker="Thug", rank=3),
        lambda: enc.roll_initiative("Evan", 3),
    ):
        with pytest.raises(RuleError):
            act()
    assert snapshot(enc) == before


def test_d10_ap_undoes_and_saves_exactly() -> None:
    enc = stairwell(seed=4)
    enc.surprise_check("Evan")
    enc.roll_order()
    enc.start()
    enc.roll_ap(enc.current)
    assert snapshot(Encounter.from_json(enc.to_json())) == snapshot(enc)
    after = snapshot(enc)
    enc.undo(3)
    enc.redo(3)
    assert snapshot(enc) == after


def test_what_holds_for_one_check_only() -> None:
    """Seed 003: someone unaware of a Screamer (or who triggers one) checks at -1 AwarB."""
    enc = stairwell()
    check = enc.surprise_check("Evan", roll=4, now={"unaware of screamer"})
    assert check.surprised and check.ap_penalty == 1
    assert not enc.surprise_check("Evan", roll=4).surprised  # the sheet is unchanged
    # refused at the command boundary (a list of text), or by the rules (a set of traits)
    with pytest.raises(RuleError, match=r"set of traits|now= takes a list of text"):
        enc.surprise_check("Evan", now="paranoid")


def test_the_surprise_penalty_and_the_rolled_ap_are_readable() -> None:
    enc = stairwell()
    enc.surprise_check("Evan", roll=6)
    assert enc.surprise_penalty("Evan") == 2 and enc.surprise_penalty("Thug") == 0
    enc.roll_order(dice={"Evan": 9, "Thug": 1})
    enc.start()
    enc.roll_ap("Evan", dice=(9, 9, 9))
    state = enc.turn_state("Evan")
    assert (state.ap, state.ap_max) == (2, 2)
    assert enc.surprise_penalty("Evan") == 0  # used up by the first roll
    enc.spend_ap("Evan", 2)
    assert enc.turn_state("Evan").ap_max is None
