"""Blackout initiative, order of play, delaying, action points and surprise (seed 002,
"Initiative", "Surprise Attacks", "Action Points and Actions", "Taking Your Time")."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bpb_widgets.blackout import rules as blackout
from bpb_widgets.blackout.rules import APBudget, Initiative
from bpb_widgets.errors import RuleError


def pc(step: int) -> Initiative:
    return Initiative(step, 2)


def enemy(step: int) -> Initiative:
    return blackout.enemy_initiative(step)


@pytest.mark.parametrize(("rolled", "step"), [((1,), 1), ((6, 6), 12), ((6, 6, 6), 18)])
def test_each_die_is_one_action_point(rolled: tuple[int, ...], step: int) -> None:
    result = blackout.initiative(len(rolled), rolled=rolled)
    assert (result.step, result.ap, result.pc, result.rolled) == (step, len(rolled), True, rolled)


def test_seeded_initiative_is_repeatable() -> None:
    first = blackout.initiative(2, rng=random.Random(5))
    assert first == blackout.initiative(2, rng=random.Random(5))
    assert first.step == sum(first.rolled) and len(first.rolled) == 2


@pytest.mark.parametrize(
    ("dice", "rolled", "message"),
    [
        (0, None, "cannot be less than 1"),
        (4, None, "cannot be more than 3"),
        (True, None, "whole number"),
        (2, (3,), "exactly 2"),
        (1, (7,), "1 to 6"),
    ],
)
def test_bad_initiative_refused(dice: object, rolled: object, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        blackout.initiative(dice, rolled=rolled)  # type: ignore[arg-type]


def test_enemies_have_a_fixed_step_and_at_least_three_ap() -> None:
    mech = blackout.enemy_initiative(9, ap=4)
    assert (mech.step, mech.ap, mech.pc, mech.rolled) == (9, 4, False, ())
    assert blackout.enemy_initiative(1).ap == 3
    with pytest.raises(RuleError, match="at least 3 action points, not 2"):
        blackout.enemy_initiative(9, ap=2)
    with pytest.raises(RuleError, match="cannot be more than 18"):
        blackout.enemy_initiative(19)


def test_lower_steps_first_and_characters_win_ties() -> None:
    fight = {"Mech": enemy(9), "Ana": pc(13), "Bo": pc(9), "Drone": enemy(4)}
    assert blackout.turn_order(fight) == ("Drone", "Bo", "Mech", "Ana")


def test_players_choose_between_characters_on_one_step() -> None:
    fight = {"Ana": pc(7), "Mech": enemy(7), "Bo": pc(7), "Cy": pc(7)}
    assert blackout.turn_order(fight) == ("Ana", "Bo", "Cy", "Mech")
    assert blackout.turn_order(fight, tie_order=["Cy", "Ana"]) == ("Cy", "Ana", "Bo", "Mech")
    assert blackout.pc_ties(fight) == (("Ana", "Bo", "Cy"),)
    assert blackout.pc_ties({"Ana": pc(7), "Mech": enemy(7)}) == ()


def test_tie_order_never_puts_an_enemy_before_a_character() -> None:
    fight = {"Ana": pc(7), "Mech": enemy(7)}
    assert blackout.turn_order(fight, tie_order=["Mech", "Ana"]) == ("Ana", "Mech")


def test_delayed_steps_reorder_the_round() -> None:
    fight = {"Ana": pc(3), "Mech": enemy(9), "Bo": pc(12)}
    to = blackout.delay(3, 9)
    assert blackout.turn_order(fight, delays={"Ana": to}) == ("Ana", "Mech", "Bo")
    assert blackout.turn_order(fight, delays={"Ana": 15}) == ("Mech", "Bo", "Ana")
    assert blackout.pc_ties(fight, delays={"Ana": 12}) == (("Ana", "Bo"),)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"delays": {"Zed": 4}}, "'Zed' is not in the fight"),
        ({"delays": {"Ana": 19}}, "Ana's delayed step cannot be more than 18"),
        ({"tie_order": ["Ana", "Ana"]}, "at most once"),
        ({"tie_order": ["Zed"]}, "not in the fight"),
    ],
)
def test_bad_order_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        blackout.turn_order({"Ana": pc(3)}, **kwargs)  # type: ignore[arg-type]


def test_delay_once_per_round_to_a_later_step() -> None:
    assert blackout.delay(4, 18) == 18
    with pytest.raises(RuleError, match="once per round"):
        blackout.delay(4, 10, delayed=True)
    with pytest.raises(RuleError, match="later step"):
        blackout.delay(10, 10)
    with pytest.raises(RuleError, match="later step"):
        blackout.delay(10, 3)
    with pytest.raises(RuleError, match="cannot be more than 18"):
        blackout.delay(18, 19)


steps = st.integers(min_value=1, max_value=18)
rosters = st.dictionaries(
    st.text(alphabet="abcdefgh", min_size=1, max_size=3),
    st.builds(Initiative, steps, st.integers(1, 5), st.booleans()),
    min_size=1,
    max_size=8,
)


@given(rosters)
def test_order_is_by_step_then_characters_first(roster: dict[str, Initiative]) -> None:
    order = blackout.turn_order(roster)
    assert sorted(order) == sorted(roster)
    keys = [(roster[name].step, not roster[name].pc) for name in order]
    assert keys == sorted(keys)
    for group in blackout.pc_ties(roster):
        assert len({roster[name].step for name in group}) == 1
        assert all(roster[name].pc for name in group)


# Action points and actions (seed 002, "Action Points and Actions", "Taking Your Time").


def test_free_actions_one_per_turn_second_for_one_ap_once_per_round() -> None:
    turn = APBudget(3).start_turn().act("free")
    assert turn.left == 3
    turn = turn.act("free")
    assert turn.left == 2 and turn.bought_free
    with pytest.raises(RuleError, match="One free action per turn"):
        turn.act("free")
    next_turn = turn.end_turn().new_round().start_turn().act("free").act("free")
    assert next_turn.left == 2
    without_new_round = turn.end_turn().start_turn().act("free")
    with pytest.raises(RuleError, match="once per round"):
        without_new_round.act("free")


def test_movement_one_per_turn_of_one_or_two_ap() -> None:
    turn = APBudget(3).start_turn().act("movement", 2)
    assert turn.left == 1 and turn.moved
    with pytest.raises(RuleError, match="one movement action per turn"):
        turn.act("movement", 1)
    with pytest.raises(RuleError, match="cannot be more than 2"):
        APBudget(3).start_turn().act("movement", 3)
    assert not turn.end_turn().start_turn().moved


def test_standard_actions_cost_one_to_three_and_overspending_is_refused() -> None:
    turn = APBudget(3).start_turn().act("standard", 1).act("standard", 1)
    assert turn.left == 1
    with pytest.raises(RuleError, match="costs 2 action points, but only 1"):
        turn.act("standard", 2)
    with pytest.raises(RuleError, match="Say how many action points"):
        turn.act("standard")
    with pytest.raises(RuleError, match="cannot be less than 1"):
        turn.act("standard", 0)
    with pytest.raises(RuleError, match="cannot be more than 3"):
        APBudget(5).start_turn().act("standard", 4)


def test_taking_your_time_commits_one_more_ap() -> None:
    turn = APBudget(3).start_turn()
    assert turn.act("standard", 2, take_time=True).left == 0
    assert turn.act("free", take_time=True).left == 2
    with pytest.raises(RuleError, match="costs 4 action points, but only 3"):
        turn.act("standard", 3, take_time=True)


def test_reactions_one_per_round_outside_the_turn_and_free() -> None:
    waiting = APBudget(2).act("reaction")
    assert waiting.reacted and waiting.left == 0
    with pytest.raises(RuleError, match="one reaction per round"):
        waiting.act("reaction")
    assert not waiting.new_round().reacted
    with pytest.raises(RuleError, match="outside your own turn"):
        APBudget(2).start_turn().act("reaction")
    with pytest.raises(RuleError, match="cost no action points"):
        APBudget(2).act("reaction", take_time=True)


def test_actions_only_on_your_turn() -> None:
    with pytest.raises(RuleError, match="on your own turn"):
        APBudget(2).act("standard", 1)
    with pytest.raises(RuleError, match="not this combatant's turn"):
        APBudget(2).end_turn()
    with pytest.raises(RuleError, match="already begun"):
        APBudget(2).start_turn().start_turn()
    with pytest.raises(RuleError, match="Unknown action type 'dash'"):
        APBudget(2).start_turn().act("dash", 1)


def test_unspent_ap_are_lost_and_each_turn_starts_full() -> None:
    budget = APBudget(3).start_turn().act("standard", 1).end_turn()
    assert (budget.left, budget.in_turn) == (0, False)
    assert budget.new_round().start_turn().left == 3


def test_stamina_is_spent_and_recovers_one_per_round() -> None:
    budget = APBudget(3, stamina=2).start_turn().act("standard", 1, stamina=2)
    assert (budget.stamina, budget.max_stamina) == (0, 2)
    with pytest.raises(RuleError, match="needs 1 stamina, but only 0"):
        budget.act("standard", 1, stamina=1)
    budget = budget.end_turn().new_round()
    assert budget.stamina == 1
    assert budget.new_round().new_round().stamina == 2
    with pytest.raises(RuleError, match="Maximum stamina cannot be less than 3"):
        APBudget(3, stamina=3, max_stamina=2)


actions = st.lists(
    st.tuples(
        st.sampled_from(["free", "movement", "standard", "end", "round"]),
        st.integers(0, 4),
        st.booleans(),
    ),
    max_size=25,
)


@given(st.integers(1, 6), actions)
def test_a_turn_never_spends_more_than_its_ap(ap: int, steps: list[tuple[str, int, bool]]) -> None:
    budget = APBudget(ap).start_turn()
    spent = 0
    for kind, cost, take_time in steps:
        if kind == "end":
            budget, spent = budget.end_turn().start_turn(), 0
            continue
        if kind == "round":
            budget, spent = budget.end_turn().new_round().start_turn(), 0
            continue
        try:
            after = budget.act(kind, None if kind == "free" else cost, take_time=take_time)
        except RuleError:
            continue
        spent += budget.left - after.left
        budget = after
        assert 0 <= budget.left == ap - spent
        assert budget.free_actions <= 2


# Surprise attacks (seed 002, "Surprise Attacks").


def test_defenders_below_the_attackers_average_are_surprised() -> None:
    result = blackout.surprise([2, 3, 2], {"Ana": 2, "Bo": 3, "Cy": 0})
    assert result.average == Fraction(7, 3)
    assert result.surprised == ("Ana", "Cy")
    assert blackout.surprise([2, 2], {"Ana": 2}).surprised == ()


@pytest.mark.parametrize(
    ("attackers", "defenders", "message"),
    [
        ([], {"Ana": 1}, "attacking group"),
        ([1], {}, "every defender"),
        ([1, -1], {"Ana": 1}, "Sneak"),
        ([1], {"Ana": 1.5}, "Ana's Insight \\[Perception\\] successes must be a whole number"),
    ],
)
def test_bad_surprise_refused(
    attackers: list[int], defenders: dict[str, int], message: str
) -> None:
    with pytest.raises(RuleError, match=message):
        blackout.surprise(attackers, defenders)


@given(
    st.lists(st.integers(0, 8), min_size=1, max_size=6),
    st.dictionaries(st.text(min_size=1, max_size=4), st.integers(0, 8), min_size=1, max_size=6),
)
def test_surprised_exactly_when_below_average(
    attackers: list[int], defenders: dict[str, int]
) -> None:
    result = blackout.surprise(attackers, defenders)
    for name, successes in defenders.items():
        assert (name in result.surprised) == (successes * len(attackers) < sum(attackers))


# Exact odds of the step (icepool) against brute force.


@given(st.integers(1, 3))
def test_step_odds_match_enumeration(dice: int) -> None:
    faces = list(product(range(1, 7), repeat=dice))
    steps = [blackout.initiative(dice, rolled=rolled).step for rolled in faces]
    expected = {s: Fraction(steps.count(s), len(faces)) for s in set(steps)}
    assert dict(blackout.step_odds(dice)) == expected


def test_step_odds_known_values() -> None:
    assert blackout.step_odds(1) == {n: Fraction(1, 6) for n in range(1, 7)}
    assert blackout.step_odds(3)[13] == Fraction(21, 216)
    assert min(blackout.step_odds(3)) == 3 and max(blackout.step_odds(3)) == 18
    with pytest.raises(RuleError, match="cannot be more than 3"):
        blackout.step_odds(4)


def test_a_delayed_turn_that_never_comes_is_over_at_the_next_round() -> None:
    budget = blackout.APBudget(3).start_turn().act("standard", 1).pause()
    assert (budget.left, budget.paused, budget.in_turn) == (2, True, False)
    assert budget.start_turn().left == 2  # goes on
    after = budget.new_round()
    assert (after.left, after.paused) == (0, False)
    assert after.start_turn().left == 3


def test_the_pure_rules_bound_pools_falls_and_commitments() -> None:
    with pytest.raises(RuleError, match="Dice in the pool cannot be more than 50"):
        blackout.roll_pool(10**9)
    with pytest.raises(RuleError, match="cannot be more than 50"):
        blackout.pool_odds(51)
    with pytest.raises(RuleError, match="at most 1000 ft"):
        blackout.fall(float(10**9))
    with pytest.raises(RuleError, match="at most 10 action points"):
        blackout.enemy_initiative(5, 11)
    budget = blackout.APBudget(2).start_turn()
    assert budget.commit(1).left == 1
    with pytest.raises(RuleError, match="only 2 remain"):
        budget.commit(3)
