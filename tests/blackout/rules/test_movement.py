"""Blackout movement, falling and range bands (seed 002, "Movement", "Vaulting", "Climbing",
"Jumping", "Swimming", "Falling", "Optional Rule: Theatre of the Mind")."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bpb_widgets.blackout import rules as blackout
from bpb_widgets.blackout.rules import Swimmer
from bpb_widgets.errors import RuleError


def test_vaulting() -> None:
    assert blackout.vault(1, 1) == "clear"
    assert blackout.vault(2, 3) == "difficult"
    assert blackout.vault(1, 3) == "prone"
    with pytest.raises(RuleError, match="climb this one"):
        blackout.vault(3, height_ft=6)
    with pytest.raises(RuleError, match="Vaulting difficulty cannot be more than 3"):
        blackout.vault(3, 4)


def test_climbing_difficulties() -> None:
    assert [blackout.climb_difficulty(s) for s in blackout.CLIMB_SURFACES] == [0, 1, 2, 3]
    assert blackout.climb_difficulty("rough vertical", aid=True) == 1
    assert blackout.climb_difficulty("ladder", aid=True) == 0
    assert blackout.climb_difficulty(5, aid=True) == 4
    with pytest.raises(RuleError, match="Unknown climbing surface 'glass'"):
        blackout.climb_difficulty("glass")


def test_jumping() -> None:
    assert blackout.jump_distance(2, walking_speed=30, run_up=15) == 20
    assert blackout.jump_distance(2, walking_speed=30, run_up=10) == 10
    assert blackout.jump_distance(6, walking_speed=25, run_up=20) == 25
    assert blackout.jump_down_lands(2, height_ft=10)
    assert not blackout.jump_down_lands(1, height_ft=10)
    assert blackout.JUMP_MOVEMENT_FT == 15


def test_swimming() -> None:
    assert blackout.swim_difficulty("calm") == 0
    assert blackout.swim_difficulty("fast river") == 2
    assert blackout.swim_difficulty("rapids") == 3
    swimmer = Swimmer().test(False)
    assert not swimmer.under
    assert not swimmer.test(True).test(False).under
    under = swimmer.test(False)
    assert under.under and under.test(False).under and not under.test(True).under
    assert [blackout.drowning_difficulty(s) for s in (30, 59, 60, 150)] == [1, 1, 2, 5]
    with pytest.raises(RuleError, match="after 30 seconds"):
        blackout.drowning_difficulty(10)


def test_falling() -> None:
    short = blackout.fall(9)
    assert (short.damage, short.prone, short.difficulty) == (0, False, None)
    hard = blackout.fall(20, rolled=(3, 2, 1, 3))
    assert (hard.damage, hard.prone, hard.difficulty) == (9, True, 3)
    landed = blackout.fall(20, rolled=(3, 2, 1, 3), successes=3)
    assert (landed.damage, landed.prone) == (4, False)
    assert blackout.fall(15, rolled=(2, 2, 2), successes=1).damage == 6
    seeded = blackout.fall(12, rng=random.Random(1))
    assert len(seeded.rolled) == 2 and seeded.difficulty == 2


def test_bad_falls_refused() -> None:
    with pytest.raises(RuleError, match="exactly 4"):
        blackout.fall(20, rolled=(1, 2))
    with pytest.raises(RuleError, match="d3 shows 1 to 3"):
        blackout.fall(10, rolled=(4, 1))
    with pytest.raises(RuleError, match="under 10 ft"):
        blackout.fall(5, successes=1)


@given(st.integers(10, 100), st.integers(0, 10), st.randoms(use_true_random=False))
def test_a_fall_is_one_d3_per_five_feet(feet: int, successes: int, rng: random.Random) -> None:
    result = blackout.fall(feet, successes=successes, rng=rng)
    assert len(result.rolled) == feet // 5 and all(1 <= d <= 3 for d in result.rolled)
    passed = successes >= 1 + feet // 10
    assert result.damage == (sum(result.rolled) // 2 if passed else sum(result.rolled))
    assert result.prone != passed


@pytest.mark.parametrize(
    ("feet", "band"),
    [
        (0, "close"),
        (15, "close"),
        (16, "short"),
        (45, "short"),
        (46, "mid"),
        (89, "mid"),
        (90, "long"),
        (500, "long"),
    ],
)
def test_range_bands(feet: float, band: str) -> None:
    assert blackout.range_band(feet) == band


def test_walk_one_band_run_two() -> None:
    assert blackout.move_band("long", closer=True) == "mid"
    assert blackout.move_band("long", closer=True, run=True) == "short"
    assert blackout.move_band("short", closer=True, run=True) == "close"
    assert blackout.move_band("mid", closer=False, run=True) == "long"
    with pytest.raises(RuleError, match="Unknown range band 'far'"):
        blackout.move_band("far", closer=True)
