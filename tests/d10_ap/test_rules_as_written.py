"""d10-ap as seed 003 writes it, where a GM found the encounter disagreeing (issue 12, points
17-19, and the bounds of issue 4): a surprise before the fight and one during it both apply, a
held turn rolls its AP when it is taken, AgB 0 has 1 AP, and sheets and checks refuse what they
do not hold."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from bpb_widgets.d10_ap import rules as d10
from bpb_widgets.d10_ap.encounter import D10AP
from tests.engine.helpers import snapshot


def stairwell(seed: int = 1, **options: object) -> D10AP:
    """Evan (AgB 3, AwarB 4) and a Thug (AgB 2); the Thug acts first. Not started."""
    enc = Encounter(seed=seed, rules="d10-ap", options=options or None)
    assert isinstance(enc, D10AP)
    enc.add("Evan", agb=3, awarb=4)
    enc.add("Thug", agb=2, awarb=2)
    enc.roll_initiative("Evan", roll=5)
    enc.roll_initiative("Thug", roll=9)
    return enc


def last(enc: D10AP, kind: str) -> str:
    return next(e.text for e in reversed(enc.log) if e.kind == kind)


# ---------------------------------------------------------------- 17: both surprises apply


def test_a_surprise_before_the_fight_and_one_during_it_both_apply() -> None:
    """Seed 003, "Step 1- Determine Surprise": the check before the fight cuts Evan's first turn
    to 1 AP (the seed's example); a check triggered in round 1 applies to round 2."""
    enc = stairwell()
    enc.surprise_check("Evan", roll=6)  # -2 on the first turn
    enc.start()
    enc.surprise_check("Evan", roll=9)  # a device goes off in round 1: -5 in round 2
    assert enc.surprise_penalties("Evan") == ((0, 2), (2, 5))
    assert enc.surprise_penalty("Evan") == 2
    enc.end_turn()
    assert enc.roll_ap("Evan", dice=(4, 7, 8)) == 1  # 3 AP less 2, as the seed gives
    enc.end_turn()
    enc.end_turn()
    assert enc.surprise_penalty("Evan") == 5
    assert enc.roll_ap("Evan", dice=(9, 9, 9)) == 0  # 4 less 5, not below 0
    assert enc.surprise_penalties("Evan") == ()


@pytest.mark.parametrize(("option", "penalty"), [("largest", 3), ("sum", 5)])
def test_two_penalties_on_the_same_turn_combine_by_the_rule_option(
    option: str, penalty: int
) -> None:
    enc = stairwell(surprise_same_turn=option)
    enc.start()
    enc.surprise_check("Evan", roll=6)  # -2 in round 2
    enc.surprise_check("Evan", roll=7)  # -3 in round 2 too
    enc.end_turn()
    enc.roll_ap("Evan", dice=(9, 9, 9))
    enc.end_turn()
    enc.end_turn()
    assert enc.surprise_penalty("Evan") == penalty
    assert enc.roll_ap("Evan", dice=(9, 9, 9)) == max(0, 4 - penalty)
    assert f"({option} of (2, 3))" in last(enc, "ap")
    with pytest.raises(RuleError, match="surprise_same_turn is one of"):
        Encounter(rules="d10-ap", options={"surprise_same_turn": "average"})


def test_a_surprise_before_the_fight_waits_for_a_first_turn_that_comes_later() -> None:
    """ "He/she reduces the number of AP ... during his/her first Turn": Evan, unaware at the
    start, takes his first turn in round 2."""
    enc = Encounter(seed=1, rules="d10-ap")
    enc.add("Evan", agb=3, awarb=4, aware=False)
    enc.add("Thug", agb=2, awarb=2)
    enc.surprise_check("Evan", roll=6)
    enc.roll_order(dice={"Evan": 5, "Thug": 9})
    enc.start()
    enc.end_turn()  # round 1 has no turn for Evan
    assert (enc.round, enc.current) == (2, "Thug")
    enc.becomes_aware("Evan")
    enc.end_turn()
    assert enc.current == "Evan" and enc.surprise_penalty("Evan") == 2
    assert enc.roll_ap("Evan", dice=(9, 9, 9)) == 2


def test_a_surprise_penalty_lapses_with_its_turn() -> None:
    enc = stairwell()
    enc.surprise_check("Evan", roll=6)
    enc.start()
    enc.end_turn()
    enc.end_turn()  # Evan's first turn ends without AP dice: the penalty lapses
    assert "Evan's surprise penalty (-2 AP) lapses: its turn is over" in last(
        enc, "surprise lapses"
    )
    assert enc.surprise_penalties("Evan") == ()
    enc.surprise_check("Evan", roll=8)  # for round 3
    enc.end_turn()
    enc.delay()  # Evan holds his round-2 turn ... into round 3
    enc.end_turn()
    assert enc.surprise_penalties("Evan") == ((3, 4),)


# ---------------------------------------------------------------- 18: held turns roll their AP


def test_a_held_turn_taken_in_the_next_round_rolls_its_ap_then() -> None:
    """Seed 003, "Turns": "At the beginning of his/her Turn the Player rolls AP Dice"."""
    enc = stairwell()
    enc.start()
    enc.end_turn()
    enc.roll_ap("Evan", dice=(1, 1, 1))  # 1 AP
    enc.delay()  # held into round 2, the last turn of round 1
    assert (enc.round, enc.current, enc.ap("Evan")) == (2, "Thug", None)
    assert "the AP rolled in round 1 are gone" in last(enc, "ap lost")
    enc.take_delayed("Evan")  # pre-empting the Thug
    assert enc.roll_ap("Evan", dice=(9, 9, 9)) == 4
    assert enc.turn_state("Evan").ap_max == 4


def test_a_held_turn_reached_in_its_own_place_next_round_rolls_its_ap_too() -> None:
    enc = stairwell()
    enc.start()
    enc.end_turn()
    enc.roll_ap("Evan", dice=(9, 1, 1))
    enc.delay()
    enc.end_turn()  # the Thug in round 2; then Evan, still holding
    assert enc.current == "Evan"
    assert enc.roll_ap("Evan", dice=(9, 9, 1)) == 3


def test_a_held_turn_taken_in_the_same_round_keeps_its_ap() -> None:
    """Delaying is not a second turn: the AP rolled stay with the turn."""
    enc = stairwell()
    enc.start()
    enc.roll_ap("Thug", dice=(9, 9))  # 3 AP
    enc.spend_ap("Thug", 1)
    enc.delay()
    enc.take_delayed("Thug")  # pre-empting Evan
    assert enc.ap("Thug") == 2
    with pytest.raises(RuleError, match="already rolled AP dice this turn"):
        enc.roll_ap("Thug")


# ---------------------------------------------------------------- 19: AgB 0


def test_agb_0_rolls_no_ap_dice_and_has_1_ap() -> None:
    """Seed 003, "Turns": AgB d10s, each 5+ one AP, plus 1: AgB 0 has 1 AP."""
    enc = Encounter(seed=2, rules="d10-ap")
    enc.add("Slug", agb=0, awarb=0)
    enc.roll_initiative("Slug", roll=3)
    enc.start()
    assert enc.roll_ap("Slug") == 1
    assert last(enc, "ap") == "Slug has AgB 0, so no AP dice: 1 = 1 AP (Turns, seed 003)"
    assert dict(enc.ap_preview("Slug").ap) == {1: 1}
    assert Encounter.from_json(enc.to_json()).ap("Slug") == 1


# ---------------------------------------------------------------- what a sheet holds, bounds


@pytest.mark.parametrize(
    ("act", "message"),
    [
        (lambda e: e.add("X", perception=3), "A d10-ap sheet has no 'perception'; its fields"),
        (lambda e: e.add("X", traits=5), "Give traits as a set of names"),
        (lambda e: e.add("X", traits=["paranoid"] * 50), "only 5 surprise traits"),
        (lambda e: e.add("X", agb=11), "agility bonus \\(AgB\\) cannot be more than 10"),
        (lambda e: e.add("X", awarb=10**9), "awareness bonus \\(AwarB\\) cannot be more than 10"),
        (lambda e: e.add("X", initiative_bonus=10**9), "initiative bonus cannot be more than 10"),
        (lambda e: e.add("X", initiative_bonus=-11), "cannot be less than -10"),
        (lambda e: e.surprise_check("Evan", now=5), "now= takes a list of text"),
        (lambda e: e.surprise_check("Evan", now={"telepathy"}), "Unknown surprise trait"),
        (lambda e: e.surprise_check("Evan", roll=11), "A d10 shows 1 to 10"),
    ],
)
def test_what_a_gm_types_is_checked_before_any_work(act: object, message: str) -> None:
    enc = stairwell()
    before = snapshot(enc)
    with pytest.raises(RuleError, match=message):
        act(enc)  # type: ignore[operator]
    assert snapshot(enc) == before


def test_the_pure_rules_bound_the_bonuses() -> None:
    with pytest.raises(RuleError, match="cannot be more than 10"):
        d10.ap_odds(10**6)
    with pytest.raises(RuleError, match="Initiative bonus cannot be more than 10"):
        d10.initiative(3, roll=5, bonus=11)
    assert d10.check_traits(["Paranoid", "motion-detector"]) == {"paranoid", "motion detector"}
