"""Damage, protection, penetrating, exploding and hand-to-hand (seed 004, "Damage", "Exploding",
"Penetrating", "Protection")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bpb_widgets import rules
from bpb_widgets.errors import RuleError


def test_protection_subtracts() -> None:
    assert rules.damage(4, 2) == 2
    assert rules.damage(4, 5) == 0


def test_layers_do_not_stack() -> None:
    # Invulnerability 6, Force Field 5, armored vest 2: only the 6 counts.
    assert rules.protection([6, 5, 2]) == 6
    assert rules.protection([]) == 0


def test_penetrating_ignores_half_in_defenders_favour() -> None:
    assert rules.penetrated_protection(6) == 3
    assert rules.penetrated_protection(5) == 3  # 2.5 ignored, rounded in the defender's favour
    assert rules.damage(8, 5, penetrating=True) == 5
    assert rules.damage(8, 5) == 3


@given(st.integers(0, 30), st.integers(0, 30))
def test_penetrating_never_worse_for_attacker(dr: int, pv: int) -> None:
    assert rules.damage(dr, pv) <= rules.damage(dr, pv, penetrating=True) <= dr


def test_frag_grenade() -> None:
    # DR 5 out to 25 feet (half its 50-foot radius), DR 3 from there to 50 feet.
    assert rules.explosion_dr(5, distance=0, radius=50) == 5
    assert rules.explosion_dr(5, distance=25, radius=50) == 5
    assert rules.explosion_dr(5, distance=25.5, radius=50) == 3
    assert rules.explosion_dr(5, distance=50, radius=50) == 3
    assert rules.explosion_dr(5, distance=51, radius=50) == 0


def test_explosion_roll_is_difficulty_nine_without_extreme() -> None:
    result = rules.explosion_attack(3, dice=(6, 6))
    assert (result.difficulty, result.success, result.extreme) == (9, True, False)
    assert rules.extreme_effects(exploding=True) == ()


def test_knife_uses_the_greater_of_dr_and_brawn() -> None:
    assert rules.hand_to_hand(3, weapon_dr=2) == rules.Strike(3, False)
    assert rules.hand_to_hand(2, weapon_dr=4).dr == 4


def test_unarmed_human_level_is_stunning() -> None:
    assert rules.hand_to_hand(3) == (3, True)
    assert rules.hand_to_hand(4) == (4, False)


def test_stunning_damage_kept_apart_and_recovered() -> None:
    hero = rules.Endurance(8).hurt(3, stunning=True).hurt(2)
    assert (hero.current, hero.stun, hero.recent) == (3, 3, 2)
    rested = hero.rest()
    assert (rested.current, rested.stun, rested.lasting) == (7, 0, 1)


def test_recovery_half_rounded_up_then_daily() -> None:
    hurt = rules.Endurance(10).hurt(5)
    rested = hurt.rest()
    assert rested.current == 8  # 3 of 5 back
    assert rested.heal(1).current == 9
    assert rested.heal(6, care=False).current == 8
    assert rested.heal(14, care=False).current == 10


def test_endurance_stops_at_zero() -> None:
    down = rules.Endurance(4).hurt(9)
    assert (down.current, down.out) == (0, True)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: rules.damage(-1, 2), "Damage rating cannot be less than 0"),
        (lambda: rules.damage(3, -2), "Protection value cannot be less than 0"),
        (lambda: rules.protection([3, "2"]), "Protection value must be a whole number"),
        (lambda: rules.explosion_dr(5, distance=-1, radius=50), "0 or more feet"),
        (lambda: rules.explosion_dr(5, distance=1, radius=0), "more than 0 feet"),
        (lambda: rules.hand_to_hand(-3), "Brawn -3 is impossible"),
        (lambda: rules.Endurance(5, stun=6), "cannot have lost more"),
        (lambda: rules.Endurance(5).hurt(-1), "Damage cannot be less than 0"),
    ],
)
def test_bad_input_refused(call, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        call()
