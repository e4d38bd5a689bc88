"""Blackout attacks, damage, out of the fight and healing (seed 002, "Attacking", "Cover",
"One-Two Attacks", "Evasion", "Hitting a Friend", "Damage", "Non-Lethal Attacks", "Out of the
Fight", "Healing")."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bpb_widgets.blackout import rules as blackout
from bpb_widgets.errors import RuleError


def test_passive_evasion_is_rank_plus_one_at_least_one() -> None:
    assert blackout.passive_evasion(0) == 1
    assert blackout.passive_evasion(3) == 4
    assert blackout.passive_evasion(3, cap=2) == 2
    assert blackout.passive_evasion(3, cap=0) == 1
    assert blackout.passive_evasion(5, friend=True) == 1
    assert blackout.passive_evasion(5, out_of_fight=True) == 1
    with pytest.raises(RuleError, match="Evasion rank cannot be less than 0"):
        blackout.passive_evasion(-1)


def test_an_attack_hits_when_it_matches_or_beats_passive_evasion() -> None:
    assert blackout.attack(4, 4).success
    assert not blackout.attack(3, 4).success
    assert blackout.attack(6, 4).critical_success
    with pytest.raises(RuleError, match="Passive evasion cannot be less than 1"):
        blackout.attack(2, 0)


def test_the_attacker_rolls_at_least_four_dice() -> None:
    assert [blackout.attack_pool(n) for n in (0, 2, 4, 6)] == [4, 4, 4, 6]


@pytest.mark.parametrize(
    ("crossed", "cover"), [(0, "none"), (1, "partial"), (2, "full"), (5, "full")]
)
def test_cover(crossed: int, cover: str) -> None:
    assert blackout.cover(crossed) == cover


def test_one_two_attacks() -> None:
    blackout.check_one_two(hit=True)
    with pytest.raises(RuleError, match="only an attack that hit"):
        blackout.check_one_two(hit=False)
    with pytest.raises(RuleError, match="reactions"):
        blackout.check_one_two(hit=True, reaction=True)
    with pytest.raises(RuleError, match="further attacks"):
        blackout.check_one_two(hit=True, follow_up=True)


@pytest.mark.parametrize(
    ("base", "carried", "capacity", "level"),
    [(0, 100, 100, 0), (0, 101, 100, 1), (1, 149, 100, 2), (1, 150, 100, 3), (0, 200, 100, 2)],
)
def test_encumbrance_from_weight(base: int, carried: float, capacity: float, level: int) -> None:
    assert blackout.encumbrance(base, carried=carried, capacity=capacity) == level


def test_more_than_twice_the_capacity_cannot_be_carried() -> None:
    with pytest.raises(RuleError, match="more than twice"):
        blackout.encumbrance(0, carried=200.5, capacity=100)
    with pytest.raises(RuleError, match="Weight carried must be a weight"):
        blackout.encumbrance(0, carried=-1, capacity=100)


def test_damage_five_points_per_success_against_armor() -> None:
    hit = blackout.damage(3, 6)
    assert (hit.points, hit.direct) == (15, 9)
    assert blackout.damage(1, 8).direct == 0
    with pytest.raises(RuleError, match="Armor value cannot be less than 0"):
        blackout.damage(1, -1)


def test_direct_damage_goes_to_damage_resistance_then_hit_points() -> None:
    harm = blackout.apply_damage(9, hp=12, dr=4)
    assert (harm.hp, harm.dr, harm.absorbed, harm.lost, harm.doubled) == (7, 0, 4, 5, False)
    assert not harm.out_of_fight
    harm = blackout.apply_damage(3, hp=2, dr=5)
    assert (harm.hp, harm.dr) == (2, 2)
    assert blackout.apply_damage(5, hp=3).out_of_fight


def test_out_of_the_fight_unabsorbed_damage_is_doubled() -> None:
    harm = blackout.apply_damage(5, hp=0, dr=2)
    assert (harm.hp, harm.dr, harm.lost, harm.doubled) == (-6, 0, 6, True)


@given(st.integers(0, 40), st.integers(-20, 30), st.integers(0, 20))
def test_damage_is_absorbed_then_lost(direct: int, hp: int, dr: int) -> None:
    harm = blackout.apply_damage(direct, hp=hp, dr=dr)
    assert harm.absorbed + harm.lost // (2 if harm.doubled else 1) == direct
    assert harm.dr == dr - harm.absorbed >= 0 and harm.hp == hp - harm.lost
    assert harm.doubled == (hp <= 0)


@pytest.mark.parametrize(
    ("received", "ranged", "successes", "result"),
    [
        (4, False, 1, "conscious"),
        (5, False, 1, "unconscious"),
        (10, False, 3, "conscious"),
        (10, True, 3, "unconscious"),
        (10, True, 2, "killed"),
    ],
)
def test_non_lethal(received: int, ranged: bool, successes: int, result: str) -> None:
    assert blackout.non_lethal(successes, received=received, ranged=ranged).result == result


def test_non_lethal_difficulty() -> None:
    assert [blackout.non_lethal_difficulty(n) for n in (0, 4, 5, 9, 10, 15)] == [1, 1, 2, 2, 3, 4]


def test_bleeding_out() -> None:
    assert blackout.bleed(0, hp=0, d3=3).hp == -6
    assert blackout.bleed(2, hp=-1, d3=2).hp == -3
    stable = blackout.bleed(4, hp=-3)
    assert (stable.result, stable.hp, stable.damage) == ("stabilised", -3, 0)
    assert blackout.bleed(5, hp=-7).hp == 1
    seeded = blackout.bleed(1, hp=0, rng=random.Random(2))
    assert seeded.d3 in (1, 2, 3) and seeded.hp == -seeded.d3


def test_bad_bleeding_refused() -> None:
    with pytest.raises(RuleError, match="Only a character out of the fight"):
        blackout.bleed(1, hp=3, d3=1)
    with pytest.raises(RuleError, match="no D3 to roll"):
        blackout.bleed(3, hp=0, d3=1)
    with pytest.raises(RuleError, match="D3 cannot be more than 3"):
        blackout.bleed(1, hp=0, d3=4)


def test_healing_two_hp_per_success_up_to_the_maximum() -> None:
    assert blackout.heal(2, hp=3, max_hp=10) == 7
    assert blackout.heal(5, hp=3, max_hp=10) == 10
    assert blackout.heal(1, hp=-2, max_hp=10) == 0
    with pytest.raises(RuleError, match="Hit points cannot be more than 10"):
        blackout.heal(1, hp=11, max_hp=10)


def test_regaining_consciousness_after_the_fight() -> None:
    assert blackout.revived(medicine=3)
    assert blackout.revived(medicine=1, vitality=3)
    assert not blackout.revived(medicine=2, vitality=2)
    with pytest.raises(RuleError, match="Medicine or the Vitality"):
        blackout.revived()
