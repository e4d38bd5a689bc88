"""Order of play: awareness order, Perception rolls, the 2012 ranking, unaware combatants,
groups and the environment (seed 000/001 "Order Of Play"; seed 004 "Order Of Play")."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from tests.engine.helpers import HENCHMEN, seed_cast, started


def test_roll_order_is_perception_plus_2d6_plus_super_speed_highest_first() -> None:
    enc = Encounter(seed=1)
    enc.add("Slow", perception=6)
    enc.add("Speedster", perception=2, super_speed=4)
    order = enc.roll_order(dice={"Slow": (1, 2), "Speedster": (3, 3)})
    assert order == ["Speedster", "Slow"]  # 2 + 6 + 4 = 12 against 6 + 3 = 9
    texts = [e.text for e in enc.log if e.kind == "perception"]
    assert texts == [
        "Perception roll for Slow: Perception 6 + 2d6 (1+2) = 9 (Order Of Play)",
        "Perception roll for Speedster: Perception 2 + 2d6 (3+3) + 4 Super-speed = 12 "
        "(Order Of Play)",
    ]


@pytest.mark.parametrize(
    ("a", "b", "why"),
    [
        ({"perception": 5}, {"perception": 4}, "tied at 9, higher Perception"),
        (
            {"perception": 4, "agility": 6},
            {"perception": 4, "agility": 5},
            "tied at 9, same Perception, higher Agility",
        ),
        (
            {"willpower": 4},
            {"willpower": 3},
            "tied at 9, same Perception, same Agility, higher Willpower",
        ),
    ],
)
def test_roll_ties_break_on_perception_agility_willpower(a: dict, b: dict, why: str) -> None:
    enc = Encounter(seed=1)
    enc.add("B", **b)
    enc.add("A", **a)
    dice = {n: (9 - s.get("perception", 2) - 1, 1) for n, s in (("A", a), ("B", b))}
    assert enc.roll_order(dice=dice) == ["A", "B"]
    assert f"A before B: {why}" in enc.log[-1].text


def test_complete_ties_are_settled_by_the_seeded_coin() -> None:
    firsts = set()
    for seed in range(40):
        enc = Encounter(seed=seed)
        enc.add("Twin A")
        enc.add("Twin B")
        firsts.add(enc.roll_order(dice={"Twin A": (3, 3), "Twin B": (2, 4)})[0])
        assert "coin toss" in enc.log[-1].text
    assert firsts == {"Twin A", "Twin B"}
    again = [Encounter(seed=s) for s in (7, 7)]
    for enc in again:
        enc.add("Twin A")
        enc.add("Twin B")
    assert again[0].roll_order(dice={"Twin A": (3, 3), "Twin B": (2, 4)}) == again[1].roll_order(
        dice={"Twin A": (3, 3), "Twin B": (2, 4)}
    )


def test_seeded_rolls_are_stored_in_the_events_and_repeat_with_the_seed() -> None:
    def rolled(seed: int) -> list[list[int]]:
        enc = seed_cast(Encounter(seed=seed))
        enc.roll_order()
        return [e.data["dice"] for e in enc.log if e.kind == "perception"]

    assert rolled(11) == rolled(11)
    assert len(rolled(11)) == 4
    assert all(1 <= d <= 6 for pair in rolled(11) for d in pair)


def test_2012_rules_rank_perception_agility_willpower_without_dice() -> None:
    enc = Encounter(seed=2, rules="bpb2e-wiki")
    enc.add("Low", perception=2, agility=9)
    enc.add("High", perception=5)
    enc.add("Agile", perception=2, agility=10)
    assert enc.roll_order() == ["High", "Agile", "Low"]
    assert "Agile before Low: same Perception, higher Agility" in enc.log[-1].text
    with pytest.raises(RuleError, match="uses no dice"):
        enc.roll_order(dice={"Low": (1, 1)})


def test_declared_order_must_name_every_aware_combatant_once() -> None:
    enc = seed_cast(Encounter(seed=1), monolith_aware=False)
    with pytest.raises(RuleError, match="leaves out Ganyeka"):
        enc.set_order(["Blueshift", HENCHMEN])
    with pytest.raises(RuleError, match="listed twice"):
        enc.set_order(["Blueshift", "Ganyeka", "Blueshift", HENCHMEN])
    with pytest.raises(RuleError, match="no combatant called Nobody"):
        enc.set_order(["Blueshift", "Ganyeka", HENCHMEN, "Nobody"])
    enc.set_order(["Ganyeka", "Blueshift", HENCHMEN])  # Monolith, unaware, may be left out
    assert enc.order == ["Ganyeka", "Blueshift", HENCHMEN]


def test_without_a_declared_order_they_act_in_the_order_they_joined() -> None:
    enc = seed_cast(Encounter(seed=1))
    enc.start()
    assert enc.order == ["Blueshift", "Ganyeka", "Monolith", HENCHMEN]
    assert enc.current == "Blueshift"


def test_the_gm_declares_the_order_during_the_fight_from_the_next_round() -> None:
    """Seed 000, "Delaying A Turn" example: "On the second round, Monolith runs around the corner
    ... The GM declares that the order of play is Blueshift, then Ganyeka, then Monolith, then
    Ganyeka's henchmen." Declared during a round, it takes effect from the next; turns delayed
    or forced stay owed."""
    enc = started()  # Blueshift, Ganyeka, Monolith, henchmen
    enc.delay()  # Blueshift holds her turn
    enc.force("Monolith", "dives for cover")  # gives up his round 1 turn
    enc.set_order([HENCHMEN, "Monolith", "Ganyeka", "Blueshift"])
    assert enc.order == ["Blueshift", "Ganyeka", "Monolith", HENCHMEN]  # this round unchanged
    assert enc.order_changes == (
        "the order the GM declared: Ganyeka's henchmen, Monolith, Ganyeka, Blueshift",
    )
    assert "from round 2" in enc.log[-1].text
    assert enc.turn_state("Blueshift").delaying
    enc.end_turn()  # Ganyeka; Monolith's turn is lost to the dive
    assert enc.current == HENCHMEN
    enc.end_turn()  # the held turn comes at the end of the round
    assert enc.current == "Blueshift"
    enc.end_turn()
    assert enc.round == 2 and enc.order == [HENCHMEN, "Monolith", "Ganyeka", "Blueshift"]
    assert enc.current == HENCHMEN and enc.order_changes == ()
    enc.undo(4)
    assert enc.order == ["Blueshift", "Ganyeka", "Monolith", HENCHMEN] and not enc.order_changes
    with pytest.raises(RuleError, match="leaves out"):
        enc.set_order(["Ganyeka", "Blueshift"])


def test_the_order_is_settled_by_dice_only_before_the_fight() -> None:
    enc = started()
    with pytest.raises(RuleError, match="before round 1"):
        enc.roll_order()
    with pytest.raises(RuleError, match="before round 1"):
        enc.start()


def test_the_unaware_get_no_turn_until_they_become_aware() -> None:
    """Seed 000: the hero on the rooftop acts alone until the hooligans notice."""
    enc = Encounter(seed=1)
    enc.add("Black Steel", perception=5)
    enc.add("Hooligans", group=True, aware=False)
    enc.start()
    for _ in range(3):
        assert enc.current == "Black Steel"
        enc.end_turn()
    assert enc.round == 4
    assert enc.turn_state("Hooligans").aware is False
    enc.becomes_aware("Hooligans")
    enc.end_turn()
    assert (enc.round, enc.current) == (4, "Hooligans")
    assert enc.transcript(4) == "Round 4\nBlack Steel's turn\nHooligans' turn"


def test_nobody_aware_means_nobody_can_start() -> None:
    enc = Encounter(seed=1)
    enc.add("Sleeper", aware=False)
    with pytest.raises(RuleError, match="Nobody is aware"):
        enc.start()


def test_becoming_aware_before_the_current_slot_acts_from_the_next_round() -> None:
    enc = started()
    enc.end_turn()
    enc.end_turn()  # Monolith to act
    enc.add("Late", aware=False)
    enc.becomes_aware("Late", after="Blueshift")
    assert enc.order == ["Blueshift", "Late", "Ganyeka", "Monolith", HENCHMEN]
    assert enc.current == "Monolith"
    enc.end_turn()
    enc.end_turn()
    assert (enc.round, enc.current) == (2, "Blueshift")
    enc.end_turn()
    assert enc.current == "Late"


def test_an_aware_newcomer_acts_at_the_end_of_the_order() -> None:
    enc = started()
    enc.add("Reinforcement")
    assert enc.order[-1] == "Reinforcement"
    for _ in range(4):
        enc.end_turn()
    assert enc.current == "Reinforcement"


def test_a_group_takes_one_turn() -> None:
    enc = started()
    assert enc.combatant(HENCHMEN).group
    for _ in range(4):
        enc.end_turn()
    assert enc.transcript(1).count("henchmen's turn") == 1


def test_the_environment_always_goes_last() -> None:
    enc = started()
    enc.environment("the crate falls")
    enc.end_turn()
    enc.environment("the runaway car rolls on")
    for _ in range(3):
        enc.end_turn()
    assert enc.transcript(1).splitlines()[-1] == (
        "Environment's turn (the crate falls; the runaway car rolls on)"
    )
    kinds = [e.kind for e in enc.log if e.round == 1]
    assert kinds[-1] == "environment"
    assert enc.environment_notes == ()
    assert "Environment" not in enc.transcript(2)


def test_a_round_without_environment_notes_lists_no_environment_turn() -> None:
    enc = started()
    for _ in range(4):
        enc.end_turn()
    assert "Environment" not in enc.transcript()


def test_nobody_acts_twice_in_a_round_over_many_rounds() -> None:
    enc = started(seed=9)
    for _ in range(40):
        enc.end_turn()
    for r in range(1, 10):
        lines = enc.transcript(r).splitlines()[1:]
        assert len(lines) == len(set(lines)) == 4


def test_a_name_ending_in_s_takes_the_apostrophe_alone() -> None:
    enc = Encounter(seed=1)
    enc.add("Hooligans", group=True)
    enc.add("Black Steel")
    enc.start()
    enc.end_turn()
    assert enc.transcript(1).splitlines() == ["Round 1", "Hooligans' turn", "Black Steel's turn"]
    assert enc.log[-1].text == "Black Steel's turn"


def test_the_unaware_act_after_the_aware_in_the_order_they_become_aware() -> None:
    """Seed 000, "Order Of Play": "Only after the hooligans become aware of the hero do they get
    the opportunity to act. At that point, the order of action in each round is the hero first,
    and then the hooligans"; "If the combatants become aware of their adversaries in a set order,
    then that is the order in which they act". Added before the hero, they still act after."""
    enc = Encounter(seed=1)
    enc.add("Thug1", aware=False)
    enc.add("Thug2", aware=False)
    enc.add("Hero", perception=5)
    enc.start()
    assert enc.order == ["Hero"]
    enc.becomes_aware("Thug2")
    enc.becomes_aware("Thug1")
    assert enc.order == ["Hero", "Thug2", "Thug1"]
    enc.end_turn()
    enc.end_turn()
    assert enc.transcript(1) == "Round 1\nHero's turn\nThug2's turn\nThug1's turn"


def test_before_the_start_too_the_unaware_wait_for_their_place() -> None:
    enc = Encounter(seed=1)
    enc.add("Thug", aware=False)
    enc.add("Hero")
    enc.becomes_aware("Thug")
    enc.start()
    assert enc.order == ["Hero", "Thug"]


def test_the_gm_may_place_an_unaware_combatant_in_the_declared_order() -> None:
    enc = Encounter(seed=1)
    enc.add("Hero")
    enc.add("Sentry", aware=False)
    enc.set_order(["Sentry", "Hero"])  # the GM places the sentry first
    enc.start()
    assert enc.current == "Hero"
    enc.becomes_aware("Sentry")
    enc.end_turn()
    assert enc.order == ["Sentry", "Hero"] and enc.current == "Sentry"  # round 2


def test_the_perception_roll_is_for_the_aware_only() -> None:
    enc = Encounter(seed=1)
    enc.add("Hero", perception=3)
    enc.add("Thug", perception=6, aware=False)
    assert enc.roll_order(dice={"Hero": (1, 1)}) == ["Hero"]
    with pytest.raises(RuleError, match="not aware"):
        enc.undo()
        enc.roll_order(dice={"Thug": (6, 6)})
