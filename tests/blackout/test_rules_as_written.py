"""Blackout as seed 002 writes it, where a GM found the encounter disagreeing (issue 12, points
12-16, and the bounds of issue 4): delays count from the rolled step and are not a second turn,
one-two attacks do not chain, hit points, stamina and conditions are readable state, surprise
has an effect, the Vitality test out of the fight is required, non-lethal damage received, and
every number a GM types has a bound."""

from __future__ import annotations

import time

import pytest

from bpb_widgets import Encounter, RuleError
from bpb_widgets.blackout import rules as blackout
from bpb_widgets.blackout.encounter import Blackout
from tests.engine.helpers import snapshot


def crew(seed: int = 3, **options: object) -> Blackout:
    """Kara (step 4, 3 AP), Sol (step 7, 2 AP) and a Mech (step 9, 4 AP), round 1 begun."""
    enc = Encounter(seed=seed, rules="blackout", options=options or None)
    assert isinstance(enc, Blackout)
    enc.add("Kara", hp=10, dr=2, armor=1, evasion=1, stamina=3)
    enc.add("Sol", hp=8, evasion=0)
    enc.add("Mech", pc=False, step=9, ap=4, hp=20, armor=2, evasion=1)
    enc.roll_initiative("Kara", 3, rolled=(1, 1, 2))
    enc.roll_initiative("Sol", 2, rolled=(3, 4))
    enc.start()
    assert enc.order == ["Kara", "Sol", "Mech"]
    return enc


def to_turn_of(enc: Blackout, name: str) -> None:
    while enc.current != name:
        enc.end_turn()


def last(enc: Blackout, kind: str) -> str:
    """The text of the latest log event of ``kind``."""
    return next(e.text for e in reversed(enc.log) if e.kind == kind)


# ---------------------------------------------------------------- 12: delays and the rolled step


def test_a_delay_in_a_later_round_counts_from_the_rolled_step() -> None:
    """Seed 002, "Initiative": a delay is "once per round", from the step of the dice rolled at
    the start; round 1's delay to 12 does not make round 2's delay to 8 "not later"."""
    enc = crew()
    enc.delay(to=12)
    to_turn_of(enc, "Kara")
    enc.end_turn()  # round 1 over
    assert (enc.round, enc.current, enc.turn_state("Kara").initiative) == (2, "Kara", 4)
    enc.delay(to=8)
    assert "Kara delays from step 4 to step 8" in last(enc, "delay")
    assert enc.order == ["Sol", "Kara", "Mech"]
    with pytest.raises(RuleError, match="choose a step after 4"):
        crew().delay(to=3)


def test_a_second_delay_in_a_round_is_refused_even_after_a_delay_in_the_round_before() -> None:
    enc = crew()
    enc.delay(to=6)
    to_turn_of(enc, "Kara")
    with pytest.raises(RuleError, match="once per round"):
        enc.delay(to=8)
    enc.end_turn()
    to_turn_of(enc, "Kara")
    enc.delay(to=5)  # a new round, a new delay
    assert enc.turn_state("Kara").delayed_to == 5


# ---------------------------------------------------------------- 13: delaying is one turn


def test_delaying_is_not_a_second_turn() -> None:
    """AP spent before a delay stay spent: Kara spends her 3 AP, delays to 12, and at step 12
    has nothing left to spend."""
    enc = crew()
    enc.act("Kara", "standard", 3)
    enc.delay(to=12)
    state = enc.turn_state("Kara")
    assert (state.delaying, state.ap, state.ap_max) == (True, 0, 3)
    to_turn_of(enc, "Kara")
    assert enc.ap("Kara") == 0
    assert "goes on with the delayed turn: 0 of 3 AP left" in enc.log[-1].text
    with pytest.raises(RuleError, match="only 0 remain"):
        enc.act("Kara", "standard", 1)
    enc.end_turn()
    assert enc.round == 2 and enc.ap("Kara") == 3  # the next round's turn is full again


def test_the_free_action_and_movement_limits_carry_over_a_delay() -> None:
    enc = crew()
    enc.act("Kara", "free")
    enc.act("Kara", "movement", 1)
    enc.delay(to=12)
    to_turn_of(enc, "Kara")
    with pytest.raises(RuleError, match="Only one movement action per turn"):
        enc.act("Kara", "movement", 1)
    assert enc.act("Kara", "free") == 1  # the second free action costs 1 AP
    assert "the free action used, the movement used" in last(enc, "resume")


def test_a_delayed_combatant_may_react_before_the_turn_goes_on() -> None:
    enc = crew()
    enc.delay(to=12)
    to_turn_of(enc, "Mech")
    enc.attack_test("Kara", "Mech", 1, reaction=True)  # outside her turn: the round's reaction
    assert enc.ap("Kara") == 3


# ---------------------------------------------------------------- 14: one-two attacks


def test_a_one_two_attack_does_not_generate_further_attacks() -> None:
    """Seed 002, "One-Two Attacks": a hit allows one more attack at no AP, and a one-two attack
    that hits allows none."""
    enc = crew()
    enc.attack_test("Kara", "Mech", 2)
    enc.damage_test(0)
    enc.attack_test("Kara", "Mech", 2, one_two=True)
    enc.damage_test(0)
    assert enc.ap("Kara") == 2
    with pytest.raises(RuleError, match="does not generate further attacks"):
        enc.attack_test("Kara", "Mech", 2, one_two=True)


def test_one_hit_allows_one_one_two_attack() -> None:
    enc = crew()
    enc.attack_test("Kara", "Mech", 2)
    enc.damage_test(0)
    enc.attack_test("Kara", "Mech", 0, one_two=True)  # misses
    with pytest.raises(RuleError, match="only an attack that hit"):
        enc.attack_test("Kara", "Mech", 2, one_two=True)
    enc.attack_test("Kara", "Mech", 0)  # a standard attack that misses ends any chance too
    with pytest.raises(RuleError, match="only an attack that hit"):
        enc.attack_test("Kara", "Mech", 2, one_two=True)


def test_a_one_two_attack_follows_a_hit_on_an_enemy_on_the_same_turn() -> None:
    enc = crew()
    enc.attack_test("Kara", "Sol", 1, friend=True)  # hitting a friend is no one-two hit
    enc.damage_test(0)
    assert "a hit on a friend allows no one-two attack" in enc.log[-2].text
    with pytest.raises(RuleError, match="only an attack that hit an enemy"):
        enc.attack_test("Kara", "Mech", 2, one_two=True)
    enc.attack_test("Kara", "Mech", 2)
    enc.damage_test(0)
    enc.delay(to=12)  # the turn is interrupted: the one-two chance is gone
    to_turn_of(enc, "Kara")
    with pytest.raises(RuleError, match="only an attack that hit"):
        enc.attack_test("Kara", "Mech", 2, one_two=True)


def test_taking_your_time_on_a_one_two_attack_commits_one_ap() -> None:
    enc = crew()
    enc.attack_test("Kara", "Mech", 2, ap=2)
    enc.damage_test(0)
    enc.attack_test("Kara", "Mech", 2, one_two=True, take_time=True)
    assert enc.ap("Kara") == 0


def test_a_reaction_cannot_take_your_time() -> None:
    enc = crew()
    with pytest.raises(RuleError, match="cannot take your time"):
        enc.attack_test("Mech", "Kara", 2, reaction=True, take_time=True)


# ---------------------------------------------------------------- 15: readable state, conditions


def test_hit_points_damage_resistance_stamina_and_conditions_are_readable() -> None:
    enc = crew()
    status = enc.status("Kara")
    assert (status.hp, status.max_hp, status.dr, status.stamina, status.max_stamina) == (
        10,
        10,
        2,
        3,
        3,
    )
    assert (status.ap, status.ap_per_turn, status.out, status.conditions) == (3, 3, False, ())
    enc.act("Kara", "standard", 1, stamina=2)
    assert enc.stamina("Kara") == 1 and enc.status("Kara").ap == 2
    enc.end_turn()
    enc.attack_test("Sol", "Kara", 2)
    enc.damage_test(1)  # 5 - armor 1 = 4: DR 2 absorbs 2
    assert enc.hit_points("Kara") == (8, 0) and enc.status("Kara").dr == 0


def test_falling_knocks_prone_and_going_out_of_the_fight_is_a_condition() -> None:
    enc = crew()
    enc.fall("Sol", 10, rolled=(1, 1))
    assert enc.has_condition("Sol", "prone")
    assert enc.conditions("Sol")[0].rule == "Falling, seed 002"
    enc.attack_test("Kara", "Sol", 1)
    enc.damage_test(2)  # 10 direct: 6 -> -4
    assert enc.status("Sol").conditions == ("prone", "out of the fight")
    assert enc.turn_state("Sol").out
    enc.end_turn()
    enc.vitality_test("Sol", 3)  # stabilised
    assert enc.status("Sol").stabilised and enc.has_condition("Sol", "stabilised")
    enc.end_turn()
    enc.end_turn()
    enc.heal("Kara", "Sol", 3)  # -4 + 6 = 2 HP: back in the fight
    assert enc.status("Sol").conditions == ("prone",)  # the fall's prone stays
    assert not enc.turn_state("Sol").out


def test_out_of_the_fight_is_prone_until_healed() -> None:
    enc = crew()
    enc.attack_test("Kara", "Sol", 1)
    enc.damage_test(2)
    assert enc.status("Sol").conditions == ("out of the fight", "prone")
    enc.end_turn()
    enc.vitality_test("Sol", 5)  # a critical success: 1 HP and back in the fight
    assert enc.status("Sol").conditions == () and enc.hit_points("Sol")[0] == 1


def test_difficult_terrain_climbing_and_swimming_slow_the_mover() -> None:
    enc = crew()
    enc.act("Kara", "movement", 1, terrain="climbing")
    assert enc.conditions("Kara")[0].describe().startswith("slowed (Climbing, seed 002), climbing")
    with pytest.raises(RuleError, match="Only a movement action"):
        enc.act("Kara", "standard", 1, terrain="clear")
    with pytest.raises(RuleError, match="Unknown terrain"):
        enc.act("Kara", "movement", 1, terrain="lava")
    enc.end_turn()
    enc.attack_test("Sol", "Kara", 2)
    enc.damage_test(3)  # out of the fight while climbing
    assert "Kara was climbing: knocked out of the fight, they fall" in enc.log[-1].text
    enc.fall("Kara", 15, rolled=(1, 1, 1))
    assert not enc.has_condition("Kara", "slowed")


def test_clear_terrain_ends_being_slowed() -> None:
    enc = crew()
    enc.act("Kara", "movement", 1, terrain="difficult")
    assert enc.has_condition("Kara", "slowed")
    enc.end_turn()
    to_turn_of(enc, "Kara")
    enc.act("Kara", "movement", 1, terrain="clear")
    assert not enc.has_condition("Kara", "slowed")


def test_the_conditions_that_follow_hit_points_are_not_set_by_hand() -> None:
    enc = crew()
    before = snapshot(enc)
    for act in (
        lambda: enc.add_condition("Sol", "out of the fight"),
        lambda: enc.add_condition("Sol", "Stabilised"),
        lambda: enc.remove_condition("Sol", "dead"),
    ):
        with pytest.raises(RuleError, match="follows hit points and tests"):
            act()
    assert snapshot(enc) == before
    enc.add_condition("Sol", "prone")  # the GM still rules prone, slowed, surprised ...
    enc.remove_condition("Sol", "prone")
    assert not enc.has_condition("Sol", "prone")


def test_a_surprised_combatant_takes_no_action_until_their_first_turn_ends() -> None:
    """Seed 002, "Surprise Attacks" names being surprised; the default rule option gives it the
    effect GMs expect: no action, movement or reaction until the end of the first turn."""
    enc = Encounter(seed=3, rules="blackout")
    enc.add("Kara")
    enc.add("Mech", pc=False, step=9)
    assert enc.surprise([3], {"Kara": 1}) == ("Kara",)
    assert enc.conditions("Kara")[0].until == "until the end of Kara's next turn"
    enc.roll_initiative("Kara", 1, rolled=(2,))
    enc.start()
    assert "Kara is surprised: no action, movement or reaction" in enc.log[-1].text
    before = snapshot(enc)
    for act in (
        lambda: enc.act("Kara", "free"),
        lambda: enc.act("Kara", "movement", 1),
        lambda: enc.attack_test("Kara", "Mech", 3),
    ):
        with pytest.raises(RuleError, match="Kara is surprised"):
            act()
    assert snapshot(enc) == before
    enc.end_turn()  # her first turn is over: no longer surprised
    assert not enc.has_condition("Kara", "surprised")
    enc.attack_test("Kara", "Mech", 3, reaction=True)


@pytest.mark.parametrize(("effect", "reacts"), [("no reactions", False), ("none", True)])
def test_the_surprise_effect_is_a_rule_option(effect: str, reacts: bool) -> None:
    enc = Encounter(seed=3, rules="blackout", options={"surprise_effect": effect})
    enc.add("Kara")
    enc.add("Mech", pc=False, step=1)
    enc.surprise([3], {"Kara": 1})
    enc.roll_initiative("Kara", 1, rolled=(2,))
    enc.start()  # the Mech first
    if reacts:
        enc.attack_test("Kara", "Mech", 0, reaction=True)
    else:
        with pytest.raises(RuleError, match="Kara is surprised: no reaction"):
            enc.attack_test("Kara", "Mech", 0, reaction=True)
    enc.end_turn()
    assert enc.act("Kara", "free") == 1  # on her turn she acts


def test_an_unknown_surprise_effect_is_refused() -> None:
    with pytest.raises(RuleError, match="surprise_effect is one of"):
        Encounter(rules="blackout", options={"surprise_effect": "stunned"})
    with pytest.raises(RuleError, match="non_lethal_damage is one of"):
        Encounter(rules="blackout", options={"non_lethal_damage": "half"})


def test_the_vitality_test_is_required_before_an_out_of_the_fight_turn_can_end() -> None:
    enc = crew()
    enc.attack_test("Kara", "Sol", 1)
    enc.damage_test(2)
    enc.end_turn()
    assert enc.current == "Sol"
    before = snapshot(enc)
    for act in (enc.end_turn, lambda: enc.delay(to=12)):
        with pytest.raises(RuleError, match="first the Endurance \\[Vitality\\] test"):
            act()
    assert snapshot(enc) == before
    enc.vitality_test("Sol", 1, d3=2)
    with pytest.raises(RuleError, match="has made this turn's Endurance \\[Vitality\\] test"):
        enc.vitality_test("Sol", 1, d3=2)
    enc.end_turn()
    assert enc.current == "Mech"
    with pytest.raises(RuleError, match="at the start of their own turn"):
        enc.vitality_test("Sol", 3)


def test_the_damage_test_of_a_hit_comes_before_the_turn_ends() -> None:
    enc = crew()
    enc.attack_test("Kara", "Mech", 2)
    with pytest.raises(RuleError, match="First make the damage test of Kara's hit on Mech"):
        enc.end_turn()
    enc.damage_test(1)
    enc.end_turn()


def test_a_non_lethal_knockout_does_not_bleed() -> None:
    """Seed 002, "Non-Lethal Attacks": a failed test is "knocked unconscious or safely
    incapacitated": stabilised, with no Vitality test at the start of each turn."""
    enc = crew()
    enc.attack_test("Kara", "Sol", 1)
    enc.damage_test(2, non_lethal=True, vitality=0)  # 10 direct: difficulty 3
    assert enc.status("Sol").stabilised and enc.turn_state("Sol").out
    enc.end_turn()
    enc.end_turn()  # Sol's turn needs no Vitality test
    assert enc.current == "Mech"


def test_a_ranged_non_lethal_failure_kills() -> None:
    enc = crew()
    enc.attack_test("Kara", "Sol", 1)
    enc.damage_test(2, non_lethal=True, ranged=True, vitality=0)
    status = enc.status("Sol")
    assert status.dead and "dead" in status.conditions
    enc.end_turn()
    assert enc.current == "Mech"  # the dead take no turns
    with pytest.raises(RuleError, match="Sol is dead"):
        enc.heal("Mech", "Sol", 3)


# ---------------------------------------------------------------- 16: non-lethal damage received


def test_non_lethal_damage_received_counts_what_damage_resistance_absorbed() -> None:
    """Direct damage is what "can either reduce the target's hit points or their damage
    resistance" (seed 002, "Damage"): the default counts it all. Kara: 15 - armor 1 = 14
    direct, DR absorbs 2, 12 HP lost; difficulty 1 + 14 // 5 = 3."""
    enc = crew()
    enc.end_turn()
    enc.attack_test("Sol", "Kara", 2)
    enc.damage_test(3, non_lethal=True, vitality=2)
    assert "vs 3 (1 + 1 per 5 of the 14 direct damage): unconscious" in last(enc, "non-lethal")
    other = crew(non_lethal_damage="hit points")
    other.end_turn()
    other.attack_test("Sol", "Kara", 2)
    other.damage_test(3, non_lethal=True, vitality=2)  # 12 HP lost: 1 + 2 = 3 as well
    assert "vs 3 (1 + 1 per 5 of the 12 HP lost)" in last(other, "non-lethal")
    fresh = crew()
    fresh.end_turn()
    fresh.attack_test("Sol", "Kara", 2)
    assert fresh.damage_test(3, non_lethal=True, vitality=3) == 12
    assert fresh.hit_points("Kara") == (1, 0)  # conscious at 1 HP


def test_the_two_readings_of_damage_received_give_different_difficulties() -> None:
    # 11 direct against DR 2: 9 HP lost. Direct: 1 + 2 = 3; HP lost: 1 + 1 = 2.
    for option, difficulty, result in (
        ("direct", 3, "unconscious"),
        ("hit points", 2, "conscious"),
    ):
        enc = Encounter(seed=1, rules="blackout", options={"non_lethal_damage": option})
        enc.add("Kara", hp=9, dr=2, armor=4)
        enc.add("Mech", pc=False, step=1)
        enc.roll_initiative("Kara", 1, rolled=(5,))
        enc.start()
        enc.attack_test("Mech", "Kara", 1)
        enc.damage_test(3, non_lethal=True, vitality=2)  # 15 - 4 = 11 direct
        test = last(enc, "non-lethal")
        assert f"vs {difficulty} " in test and result in test


# ---------------------------------------------------------------- bounds


@pytest.mark.parametrize(
    ("act", "message"),
    [
        (lambda e: e.fall("Sol", 10**9), "A fall is at most 1000 ft"),
        (lambda e: e.fall("Sol", 1005), "at most 1000 ft"),
        (lambda e: e.attack_test("Kara", "Mech", pool=10**9), "Attack dice cannot be more than 50"),
        (lambda e: e.attack_test("Kara", "Mech", 10**9), "Attack successes cannot be more than"),
        (lambda e: e.heal("Kara", "Sol", pool=10**9), "Medicine\\] dice cannot be more than 50"),
        (lambda e: e.heal("Kara", "Sol", 51), "cannot be more than 50"),
        (lambda e: e.surprise([1] * 101, {"Sol": 1}), "at most 100 members"),
        (lambda e: e.surprise([10**9], {"Sol": 1}), "Sneak\\] successes cannot be more"),
        (lambda e: e.surprise([1], {"Sol": 10**9}), "Perception\\] successes cannot be more"),
        (lambda e: e.add("X", hp=10**9), "hit points cannot be more than 999"),
        (lambda e: e.add("X", dr=1000), "damage resistance cannot be more than 999"),
        (lambda e: e.add("X", armor=251), "armor value cannot be more than 250"),
        (lambda e: e.add("X", evasion=50), "evasion rank cannot be more than 49"),
        (lambda e: e.add("X", evasion_cap=10**6), "evasion cap cannot be more than 49"),
        (lambda e: e.add("X", stamina=100), "stamina cannot be more than 99"),
        (lambda e: e.add("X", pc=False, step=5, ap=10**6), "at most 10 action points"),
        (lambda e: e.add("X", perception=3), "A blackout sheet has no 'perception'; its fields"),
        (lambda e: e.act("Kara", "standard", 1, stamina=10**9), "only 3 is left"),
        (lambda e: e.attack_test("Kara", "Mech", 2, dice=(6, 6)), "go with a pool"),
    ],
)
def test_numbers_beyond_the_rules_are_refused_before_any_work(act: object, message: str) -> None:
    enc = crew()
    before = snapshot(enc)
    began = time.perf_counter()
    with pytest.raises(RuleError, match=message):
        act(enc)  # type: ignore[operator]
    assert time.perf_counter() - began < 0.5
    assert snapshot(enc) == before


def test_a_damage_test_pool_is_bounded_too() -> None:
    enc = crew()
    enc.attack_test("Kara", "Mech", 2)
    with pytest.raises(RuleError, match="Damage dice cannot be more than 50"):
        enc.damage_test(pool=10**9)
    assert enc.damage_test(pool=blackout.MAX_POOL) >= 0


def test_the_largest_values_allowed_still_work() -> None:
    enc = Encounter(seed=2, rules="blackout")
    enc.add("Tank", hp=blackout.MAX_HP, dr=blackout.MAX_HP, armor=blackout.MAX_ARMOR, stamina=99)
    enc.add("Boss", pc=False, step=18, ap=blackout.MAX_ENEMY_AP, evasion=blackout.MAX_EVASION)
    enc.roll_initiative("Tank", 3)
    enc.start()
    assert enc.fall("Tank", blackout.MAX_FALL_FT) >= 0
    assert len(last(enc, "fall")) > 400  # 200 D3 listed
    enc.attack_test("Boss", "Tank", blackout.MAX_SUCCESSES, reaction=True)
    assert enc.pending_hit is not None
