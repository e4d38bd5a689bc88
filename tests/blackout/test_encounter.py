"""The blackout rule set in an encounter (seed 002, "Combat Basics"): initiative steps, ties,
delaying to a step, action points, surprise, attack and damage tests, out of the fight."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from tests.engine.helpers import snapshot


def squad(seed: int = 3) -> Encounter:
    enc = Encounter(seed=seed, rules="blackout")
    enc.add("Rex", hp=12, evasion=2, armor=1, stamina=2)
    enc.add("Ivy", hp=10, evasion=1)
    enc.add("Mech", pc=False, step=9, ap=4, hp=20, armor=2, evasion=1)
    return enc


def test_initiative_dice_sum_to_the_step_one_ap_each() -> None:
    """Seed 002, "Initiative": three dice rolling 2, 5 and 6 act on step 13 with 3 AP."""
    enc = squad()
    assert enc.roll_initiative("Rex", 3, rolled=(2, 5, 6)) == 13
    assert enc.log[-1].text == (
        "Rex rolls 3 initiative dice: 2 + 5 + 6 = step 13, 3 action points a turn "
        "(Initiative, seed 002)"
    )
    assert enc.roll_initiative("Ivy", 1, rolled=(4,)) == 4
    enc.start()
    assert enc.order == ["Ivy", "Mech", "Rex"]  # lower steps first
    assert (enc.turn_state("Ivy").ap, enc.turn_state("Rex").initiative) == (1, 13)


def test_physical_dice_say_how_many_dice_were_chosen() -> None:
    enc = squad()
    assert enc.roll_order(dice={"Rex": (6,), "Ivy": (1, 2)}) == ["Ivy", "Rex", "Mech"]
    assert enc.turn_state("Ivy").initiative == 3 and enc._budget["Ivy"].ap == 2
    with pytest.raises(RuleError, match="Initiative dice"):
        enc.roll_initiative("Rex", rolled=(1, 1, 1, 1))


def test_enemies_have_a_fixed_step_and_at_least_3_ap() -> None:
    enc = squad()
    with pytest.raises(RuleError, match="at least 3 action points"):
        enc.add("Drone", pc=False, step=5, ap=2)
    with pytest.raises(RuleError, match="fixed initiative step"):
        enc.add("Drone", pc=False)
    with pytest.raises(RuleError, match="come from roll_initiative"):
        enc.add("Hero", step=4)
    with pytest.raises(RuleError, match="the GM fixed their step at 9"):
        enc.roll_initiative("Mech")
    assert enc.combatant("Mech").ap == 4


def test_a_pc_acts_before_an_enemy_on_the_same_step_and_the_gm_orders_pcs() -> None:
    enc = squad()
    enc.roll_initiative("Rex", 3, rolled=(3, 3, 3))
    enc.roll_initiative("Ivy", 3, rolled=(4, 4, 1))
    assert enc.roll_order() == ["Rex", "Ivy", "Mech"]  # PCs before the enemy at step 9
    enc.set_order(["Ivy", "Rex"])  # the players decide between them
    enc.start()
    assert enc.order == ["Ivy", "Rex", "Mech"]


def test_nobody_starts_without_initiative() -> None:
    enc = squad()
    with pytest.raises(RuleError, match="Roll initiative first for Rex, Ivy"):
        enc.start()


def started(seed: int = 3) -> Encounter:
    enc = squad(seed)
    enc.roll_initiative("Rex", 3, rolled=(2, 5, 6))
    enc.roll_initiative("Ivy", 2, rolled=(1, 2))
    enc.start()
    return enc


def test_a_turn_is_delayed_once_a_round_to_a_later_step() -> None:
    enc = started()
    enc.end_turn()  # Ivy; the Mech (step 9) is up
    enc.delay(to=15)
    assert enc.current == "Rex" and enc.order == ["Ivy", "Rex", "Mech"]
    enc.end_turn()
    assert enc.current == "Mech" and enc.turn_state("Mech").initiative == 15
    with pytest.raises(RuleError, match="once per round"):
        enc.delay(to=17)
    enc.end_turn()
    assert enc.round == 2 and enc.order == ["Ivy", "Mech", "Rex"]  # back to step 9
    assert enc.transcript(1).splitlines()[-1] == "Mech's turn (delayed to step 15)"


def test_delaying_backwards_or_without_a_step_is_refused() -> None:
    enc = started()
    with pytest.raises(RuleError, match="later step"):
        enc.delay(to=2)
    with pytest.raises(RuleError, match="delay\\(to=step\\)"):
        enc.delay()
    with pytest.raises(RuleError, match="step chosen when delaying"):
        enc.take_delayed("Ivy")


def test_action_points_actions_and_overspending() -> None:
    enc = started()  # Ivy: 2 AP
    assert enc.act("Ivy", "free") == 2
    assert enc.act("Ivy", "free") == 1  # a second free action costs 1 AP, once a round
    with pytest.raises(RuleError, match="costs 2 action points, but only 1"):
        enc.act("Ivy", "movement", 2)
    assert enc.act("Ivy", "movement", 1) == 0
    with pytest.raises(RuleError, match="Only one movement action per turn"):
        enc.act("Ivy", "movement", 1)
    with pytest.raises(RuleError, match="can only react"):
        enc.act("Rex", "standard", 1)
    enc.act("Rex", "reaction")
    with pytest.raises(RuleError, match="Only one reaction per round"):
        enc.act("Rex", "reaction")


def test_taking_your_time_costs_one_more_and_stamina_comes_back_each_round() -> None:
    enc = started()
    enc.end_turn()
    enc.end_turn()  # Rex: 3 AP, stamina 2
    assert enc.act("Rex", "standard", 1, take_time=True, stamina=2) == 1
    enc.end_turn()
    assert enc._budget["Rex"].stamina == 1  # +1 for round 2


def test_surprise_by_group_successes() -> None:
    enc = squad()
    surprised = enc.surprise([2, 3, 1], {"Rex": 2, "Ivy": 1, "Mech": 3})
    assert surprised == ("Ivy",)  # the attackers average 2
    assert "average 2 Dexterity [Sneak] successes; surprised: Ivy" in enc.log[-2].text
    assert enc.has_condition("Ivy", "surprised") and not enc.has_condition("Rex", "surprised")


def test_attack_and_damage_tests_through_armor_dr_and_hp() -> None:
    enc = started()
    hit = enc.attack_test("Ivy", "Mech", 2)  # passive evasion 1 + 1 = 2
    assert hit.success and enc.ap("Ivy") == 1
    with pytest.raises(RuleError, match="First make the damage test"):
        enc.attack_test("Ivy", "Mech", 2)
    assert enc.damage_test(3) == 13  # 15 points - armor 2
    assert enc.turn_state("Mech").out is False
    miss = enc.attack_test("Ivy", "Rex", 2)  # Rex: evasion 2 + 1 = 3
    assert not miss.success and "miss" in enc.log[-1].text
    with pytest.raises(RuleError, match="nothing to roll damage for"):
        enc.damage_test(1)


def test_a_friend_not_dodging_has_evasion_1_and_one_two_attacks_follow_a_hit() -> None:
    enc = started()
    enc.end_turn()
    enc.end_turn()  # Rex, 3 AP
    with pytest.raises(RuleError, match="follows only an attack that hit"):
        enc.attack_test("Rex", "Mech", 5, one_two=True)
    enc.attack_test("Rex", "Mech", 2)  # evasion 1 + 1
    enc.damage_test(0)
    enc.attack_test("Rex", "Ivy", 1, friend=True, one_two=True)  # no AP; evasion 1
    assert enc.ap("Rex") == 2


def test_out_of_the_fight_doubles_damage_and_bleeds_each_turn() -> None:
    enc = started()
    enc.attack_test("Ivy", "Rex", 3)
    enc.damage_test(3)  # 15 - armor 1 = 14 > 12 HP
    assert enc.turn_state("Rex").out
    enc.end_turn()
    enc.attack_test("Mech", "Rex", 1)  # out of the fight: evasion 1
    enc.damage_test(1)  # 5 - 1 = 4, doubled
    assert enc._hp["Rex"][0] == -2 - 8
    enc.end_turn()
    assert enc.current == "Rex"  # still takes turns, to test Vitality
    with pytest.raises(RuleError, match="cannot act or move"):
        enc.act("Rex", "movement", 1)
    assert enc.vitality_test("Rex", 1, d3=2) == "failure"
    assert enc._hp["Rex"][0] == -12


def test_a_non_lethal_takedown_tests_vitality() -> None:
    enc = started()
    enc.attack_test("Ivy", "Rex", 3)
    with pytest.raises(RuleError, match="give their Endurance \\[Vitality\\] successes"):
        enc.damage_test(3, non_lethal=True)
    enc.damage_test(3, non_lethal=True, vitality=4)  # 14 damage: difficulty 1 + 2 = 3
    assert enc._hp["Rex"][0] == 1 and not enc.turn_state("Rex").out


def test_healing_2_hp_a_success_and_falling() -> None:
    enc = started()
    enc.attack_test("Ivy", "Mech", 2)
    enc.damage_test(2)
    enc.end_turn()
    assert enc.heal("Mech", "Mech", 2) == 20 - 8 + 4
    assert enc.fall("Ivy", 20, rolled=(1, 2, 3, 1)) == 7
    assert "falls 20 ft" in enc.log[-2].text and enc.has_condition("Ivy", "prone")


def test_pools_are_a_rule_option_with_at_least_4_attack_dice() -> None:
    enc = Encounter(seed=9, rules="blackout", options={"pool_die": 6, "pool_success_on": 4})
    enc.add("Rex")
    enc.add("Mech", pc=False, step=9)
    enc.roll_initiative("Rex", 3, rolled=(1, 1, 1))
    enc.start()
    result = enc.attack_test("Rex", "Mech", pool=2, dice=(4, 5, 1, 6))  # 2 dice, raised to 4
    assert result.successes == 3
    assert "4d6 (4 5 1 6), 4+ succeeds: 3 successes" in enc.log[-1].text


def test_bulletproof_blues_commands_are_refused_under_blackout() -> None:
    enc = started()
    before = snapshot(enc)
    for act in (
        lambda: enc.force("Rex", "dives for cover"),
        lambda: enc.block("Rex", attacker="Mech", rank=3),
        lambda: enc.attack("Ivy", "Mech", 3),
        lambda: enc.task("Ivy", "agility", difficulty=12),
    ):
        with pytest.raises(RuleError, match="belongs to the Bulletproof Blues rules"):
            act()
    assert snapshot(enc) == before


def test_blackout_undoes_and_saves_exactly() -> None:
    enc = started(seed=8)
    enc.attack_test("Ivy", "Mech", pool=4)
    if enc.pending_hit:
        enc.damage_test(pool=3)
    enc.end_turn()
    enc.delay(to=16)
    assert snapshot(Encounter.from_json(enc.to_json())) == snapshot(enc)
    after = snapshot(enc)
    enc.undo(4)
    enc.redo(4)
    assert snapshot(enc) == after


def test_before_the_start_the_order_follows_initiative_so_far() -> None:
    enc = squad()
    assert enc.order == ["Mech", "Rex", "Ivy"]  # the enemy's fixed step; the rest not rolled
    enc.roll_initiative("Ivy", 1, rolled=(2,))
    assert enc.order == ["Ivy", "Mech", "Rex"]


def test_the_turn_state_says_where_a_delay_went() -> None:
    enc = started()
    enc.end_turn()
    enc.delay(to=15)
    state = enc.turn_state("Mech")
    assert (state.delayed_to, state.initiative, state.ap_max) == (15, 15, 4)
    enc.end_turn()
    enc.end_turn()
    assert enc.turn_state("Mech").delayed_to is None
