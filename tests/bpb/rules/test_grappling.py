"""Grab, grapple, throw and trip (seed 004, "Grabbing", "Grappling", "Throwing", "Tripping")."""

from __future__ import annotations

import pytest

from bpb_widgets import rules
from bpb_widgets.errors import RuleError


def test_widows_throw() -> None:
    # Ganyeka, Brawn 5, throws Widow, 148 lb (Lifts rank 1): 50 feet, impact DR 4.
    hurl = rules.throw(brawn=5, weight_lbs=148)
    assert (hurl.weight_rank, hurl.rank, hurl.feet, hurl.dr) == (1, 4, 50, 4)
    # Widow's rank 2 Invulnerability leaves 2 Endurance damage; the brick wall's 5 leaves none.
    assert rules.damage(hurl.dr, 2) == 2
    assert rules.damage(hurl.dr, 5) == 0


def test_too_heavy_to_throw() -> None:
    with pytest.raises(RuleError, match="too heavy"):
        rules.throw(brawn=2, weight_lbs=5000)


def test_grab_is_prowess_against_prowess() -> None:
    result = rules.grab(4, 3, dice=(4, 3))
    assert (result.difficulty, result.success) == (11, True)


def test_break_free_uses_the_greater_of_brawn_and_agility() -> None:
    escape = rules.break_free(2, 5, attacker_brawn=6, attacker_agility=3, dice=(5, 4))
    assert (escape.attribute, escape.difficulty, escape.success) == (5, 14, True)


def test_extreme_grab_adds_three_to_break_free() -> None:
    escape = rules.break_free(2, 5, attacker_brawn=6, attacker_agility=3, extreme=True, dice=(5, 4))
    assert (escape.difficulty, escape.success) == (17, False)


def test_squeeze_and_trip() -> None:
    assert rules.squeeze(3, 2) == (3, True)
    assert rules.squeeze(2, 4) == (4, False)
    assert rules.trip(3) == (3, True)
    assert rules.trip(4) == (4, False)


def test_grab_options_listed() -> None:
    assert list(rules.GRAB_OPTIONS) == ["hold", "squeeze", "interpose", "throw", "trip"]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: rules.grab(3, -1), "Defender's attribute -1 is impossible"),
        (lambda: rules.throw(brawn=5, weight_lbs=-148), "Weight in pounds"),
        (lambda: rules.throw(brawn=0, weight_lbs=148), "Brawn 0 is impossible"),
        (lambda: rules.trip(15), "Agility 15 is impossible"),
    ],
)
def test_bad_input_refused(call, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        call()
