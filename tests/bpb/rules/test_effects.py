"""Extreme-success effects (seed 004, "Extreme Success", "Overwhelming", "Slamming",
"Staggering")."""

from __future__ import annotations

import pytest

from bpb_widgets import rules
from bpb_widgets.errors import RuleError


def test_overwhelming_adds_three_ranks() -> None:
    assert rules.overwhelm(7) == 10
    assert rules.damage(rules.overwhelm(7), 6) == 4


def test_effects_on_offer() -> None:
    assert rules.extreme_effects() == ("overwhelming", "slamming", "staggering")
    assert rules.extreme_effects(endurance=False) == ("overwhelming",)


def test_slam_shrugged_off() -> None:
    result = rules.slam(5, 6, dice=(5, 4))  # 14 against 8 + 6
    assert (result.slammed, result.feet, result.landing_dr, result.landing_damage) == (
        False,
        0,
        0,
        0,
    )


def test_slam_knocks_back_by_the_miss() -> None:
    result = rules.slam(2, 9, dice=(1, 2), pv=1)  # 5 against 17: missed by 12
    assert result.slammed and result.missed_by == 12
    assert result.roll.difficulty == 17
    assert result.feet == rules.default_benchmarks().row(12).throws_ft
    assert (result.landing_dr, result.landing_damage) == (6, 5)


def test_slam_landing_half_rounded_down() -> None:
    assert rules.landing_dr(5) == 2
    assert rules.landing_dr(4) == 2
    assert rules.slam(3, 4, dice=(3, 3)).landing_dr == 1  # 9 against 12: missed by 3


def test_knockback_uses_throws_column() -> None:
    assert rules.knockback_ft(4) == 50


def test_stagger() -> None:
    staggered = rules.stagger(3, 8, dice=(2, 3))
    assert staggered.staggered and staggered.roll.difficulty == 16
    assert not rules.stagger(4, 8, dice=(6, 6)).staggered


def test_keep_powers_is_challenging() -> None:
    assert rules.keep_powers(4, dice=(4, 4)).success
    assert rules.keep_powers(4, dice=(4, 3)).difficulty == 12
    assert not rules.keep_powers(4, dice=(4, 3)).success


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: rules.slam(3, 0, dice=(1, 1)), "Rank of the slamming attack 0"),
        (lambda: rules.slam(3, 5, dice=(1, 7)), "1 to 6"),
        (lambda: rules.slam(3, 5, pv=-1, dice=(6, 6)), "Protection value"),
        (lambda: rules.stagger(-1, 5), "Willpower -1 is impossible"),
        (lambda: rules.overwhelm(-2), "cannot be less than 0"),
        (lambda: rules.knockback_ft(21), "cannot be more than 20"),
    ],
)
def test_bad_input_refused(call, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        call()
