"""The d10-ap rule set (seed 003, "Surprise, Rounds, & Turns"): surprise checks and their
modifiers, d10 initiative, action-point dice, and their exact odds against brute force."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bpb_widgets.d10_ap import rules as d10_ap
from bpb_widgets.d10_ap.rules import Initiative
from bpb_widgets.errors import RuleError


@pytest.mark.parametrize(
    ("roll", "surprised", "penalty"), [(1, False, 0), (4, False, 0), (5, True, 1), (9, True, 5)]
)
def test_roll_at_or_under_awarb_is_not_surprised(roll: int, surprised: bool, penalty: int) -> None:
    check = d10_ap.surprise_check(4, roll=roll)
    assert (check.surprised, check.ap_penalty) == (surprised, penalty)


@pytest.mark.parametrize(
    ("traits", "modifier"),
    [
        (set(), 0),
        ({"paranoid"}, 1),
        ({"auspex"}, 1),
        ({"Motion-Detector"}, 1),
        ({"paranoid", "screamer"}, 2),
        ({"auspex", "screamer"}, 1),
        ({"auspex", "motion detector", "screamer", "paranoid"}, 2),
        ({"unaware of screamer"}, -1),
        ({"paranoid", "auspex", "unaware_of_screamer"}, 1),
    ],
)
def test_trait_modifiers(traits: set[str], modifier: int) -> None:
    assert d10_ap.surprise_modifier(traits) == modifier
    assert d10_ap.surprise_check(4, roll=6, traits=traits).awareness == 4 + modifier


def test_paranoid_evan_loses_one_ap_less() -> None:
    check = d10_ap.surprise_check(4, roll=6, traits={"paranoid"})
    assert check.ap_penalty == 1
    assert d10_ap.surprise_check(4, roll=6, traits={"paranoid", "auspex"}).ap_penalty == 0
    assert d10_ap.surprise_check(4, roll=4, traits={"unaware of screamer"}).ap_penalty == 1


def test_surprise_never_takes_ap_below_zero() -> None:
    assert d10_ap.action_points(1, dice=(3,), penalty=6).ap == 0


def test_a_mid_fight_trigger_applies_to_the_next_round() -> None:
    assert d10_ap.surprise_check(3, roll=7).round == 1
    assert d10_ap.surprise_check(3, roll=7, during_round=4).round == 5


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"awarb": -1}, "Awareness bonus \\(AwarB\\) cannot be less than 0"),
        ({"awarb": 4, "roll": 11}, "d10 shows 1 to 10"),
        ({"awarb": 4, "roll": 0}, "d10 shows 1 to 10"),
        ({"awarb": 4, "traits": {"lucky"}}, "Unknown surprise trait 'lucky'"),
        ({"awarb": 4, "traits": "paranoid"}, "set of names"),
        ({"awarb": 4, "traits": {"screamer", "unaware of screamer"}}, "both rely"),
        ({"awarb": 4, "during_round": 0}, "round of the trigger cannot be less than 1"),
    ],
)
def test_bad_surprise_checks_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        d10_ap.surprise_check(**kwargs)  # type: ignore[arg-type]


def test_seeded_rolls_are_repeatable() -> None:
    assert d10_ap.surprise_check(4, rng=random.Random(3)) == d10_ap.surprise_check(
        4, rng=random.Random(3)
    )
    points = d10_ap.action_points(4, rng=random.Random(3))
    assert len(points.dice) == 4 and points == d10_ap.action_points(4, rng=random.Random(3))


def test_initiative_is_d10_plus_agb_plus_bonuses() -> None:
    result = d10_ap.initiative(3, roll=7, bonus=2)
    assert result.total == 12
    assert d10_ap.initiative(3, roll=2, bonus=-2).total == 3
    with pytest.raises(RuleError, match="Agility bonus \\(AgB\\) cannot be less than 0"):
        d10_ap.initiative(-1, roll=5)


def test_highest_initiative_first() -> None:
    fight = {
        "Evan": Initiative(6, 3),
        "Thug 1": Initiative(8, 2),
        "Thug 2": Initiative(7, 2),
        "Thug 3": Initiative(4, 4),
    }
    assert d10_ap.turn_order(fight) == ("Thug 1", "Evan", "Thug 2", "Thug 3")
    # 9 each: the higher AgB goes first, whatever the GM's tie order.
    assert d10_ap.turn_order(fight, tie_order=["Thug 2"]) == ("Thug 1", "Evan", "Thug 2", "Thug 3")
    tied = {"A": Initiative(5, 2), "B": Initiative(5, 2)}
    assert d10_ap.turn_order(tied) == ("A", "B")
    assert d10_ap.turn_order(tied, tie_order=["B"]) == ("B", "A")
    with pytest.raises(RuleError, match="not in the fight"):
        d10_ap.turn_order(tied, tie_order=["C"])


@pytest.mark.parametrize(
    ("agb", "dice", "ap"), [(0, (), 1), (3, (4, 7, 8), 3), (2, (5, 5), 3), (2, (1, 4), 1)]
)
def test_ap_dice_each_five_plus_gives_one_plus_one(
    agb: int, dice: tuple[int, ...], ap: int
) -> None:
    assert d10_ap.action_points(agb, dice=dice).ap == ap


def test_bad_ap_dice_refused() -> None:
    with pytest.raises(RuleError, match="exactly 3"):
        d10_ap.action_points(3, dice=(4, 7))
    with pytest.raises(RuleError, match="Surprise penalty cannot be less than 0"):
        d10_ap.action_points(3, dice=(4, 7, 8), penalty=-1)


# Exact odds (icepool) against enumeration of every die face.

awarbs = st.integers(0, d10_ap.MAX_BONUS)
trait_sets = st.sets(st.sampled_from(["paranoid", "auspex", "motion detector", "screamer"]))


@given(awarbs, trait_sets, st.booleans())
def test_surprise_odds_match_enumeration(awarb: int, traits: set[str], unaware: bool) -> None:
    if unaware:
        traits = (traits - {"screamer"}) | {"unaware of screamer"}
    checks = [d10_ap.surprise_check(awarb, roll=r, traits=traits) for r in range(1, 11)]
    odds = d10_ap.surprise_odds(awarb, traits=traits)
    assert odds.surprised == Fraction(sum(c.surprised for c in checks), 10)
    penalties = [c.ap_penalty for c in checks]
    assert dict(odds.penalties) == {p: Fraction(penalties.count(p), 10) for p in set(penalties)}


def test_surprise_odds_known_values() -> None:
    assert d10_ap.surprise_odds(4).surprised == Fraction(6, 10)
    assert d10_ap.surprise_odds(4, traits={"paranoid"}).surprised == Fraction(5, 10)
    # AwarB 10 + 1 beats every face but the 10, which always surprises
    assert d10_ap.surprise_odds(10, traits={"paranoid"}).surprised == Fraction(1, 10)


@given(st.integers(0, 3), st.integers(0, 5))
def test_ap_odds_match_enumeration(agb: int, penalty: int) -> None:
    faces = list(product(range(1, 11), repeat=agb))
    aps = [d10_ap.action_points(agb, dice=rolled, penalty=penalty).ap for rolled in faces]
    expected = {n: Fraction(aps.count(n), len(faces)) for n in set(aps)}
    assert dict(d10_ap.ap_odds(agb, penalty=penalty)) == expected


def test_ap_odds_known_values() -> None:
    # Each die is 5+ with chance 3/5: a binomial count of hits, plus 1.
    assert d10_ap.ap_odds(3) == {
        1: Fraction(8, 125),
        2: Fraction(36, 125),
        3: Fraction(54, 125),
        4: Fraction(27, 125),
    }
    assert d10_ap.ap_odds(3, penalty=2)[0] == Fraction(8 + 36, 125)
    assert sum(d10_ap.ap_odds(8).values()) == 1
