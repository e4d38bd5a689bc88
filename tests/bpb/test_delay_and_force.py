"""Delaying a turn and forcing an action (seed 000, "Delaying A Turn", "Forcing An Action";
seed 004, "Delaying An Action" for the 2012 limit on pre-empting)."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from tests.engine.helpers import HENCHMEN, seed_cast, started


def test_a_delayed_turn_pre_empts_and_the_order_resumes() -> None:
    enc = started()
    enc.delay()
    assert enc.turn_state("Blueshift").delaying
    assert enc.current == "Ganyeka"
    enc.take_delayed("Blueshift")
    assert enc.current == "Blueshift"
    enc.end_turn()
    assert enc.current == "Ganyeka"  # the pre-empted turn comes right after
    enc.end_turn()
    assert enc.current == "Monolith"
    assert enc.transcript(1).splitlines()[1:3] == ["Blueshift's turn (delayed)", "Ganyeka's turn"]
    assert enc.order == ["Blueshift", "Ganyeka", "Monolith", HENCHMEN]


def test_a_delayed_turn_comes_after_the_last_turn_of_the_round() -> None:
    """Seed 000, "Delaying A Turn": "with the option of using it later in the round": once
    everyone else has acted, the held turn comes, before the environment; none is lost."""
    enc = started()
    enc.end_turn()
    enc.delay()  # Ganyeka waits and nobody pre-empts
    enc.environment("the crane topples")
    enc.end_turn()  # Monolith
    enc.end_turn()  # the henchmen: the order has run out
    assert (enc.round, enc.current) == (1, "Ganyeka")
    assert "after the last turn of the round" in enc.log[-1].text
    enc.end_turn()
    assert (enc.round, enc.current) == (2, "Blueshift")
    assert enc.transcript(1).splitlines()[-2:] == [
        "Ganyeka's turn (delayed)",
        "Environment's turn (the crane topples)",
    ]


def test_a_delayed_turn_can_be_held_into_the_next_round() -> None:
    """Seed 000, "Delaying A Turn": "or on a successive round". The held turn is the one of the
    round it was delayed in: the next round's own turn still comes (the order of play resumes)."""
    enc = started()
    enc.end_turn()
    enc.delay()  # Ganyeka waits ...
    enc.end_turn()
    enc.end_turn()
    assert (enc.round, enc.current) == (1, "Ganyeka")  # offered at the end of round 1
    enc.delay()  # ... and keeps it into round 2
    assert (enc.round, enc.current) == (2, "Blueshift")
    assert enc.turn_state("Ganyeka").delaying
    enc.take_delayed("Ganyeka")  # ... and pre-empts Blueshift in round 2
    enc.end_turn()
    enc.end_turn()  # Blueshift
    assert enc.current == "Ganyeka"  # round 2's own turn
    assert "also holding" not in enc.log[-1].text
    enc.end_turn()
    assert enc.transcript(2).splitlines() == [
        "Round 2",
        "Ganyeka's turn (delayed from round 1)",
        "Blueshift's turn",
        "Ganyeka's turn",
        "Monolith's turn",
    ]


def test_the_last_turn_of_the_round_delayed_goes_to_the_next_round() -> None:
    """Nobody acts later in the round, so the held turn can only come "on a successive round":
    it is not offered straight back."""
    enc = started()
    enc.end_turn()
    enc.end_turn()
    enc.end_turn()  # the henchmen are last
    enc.delay()
    assert (enc.round, enc.current) == (2, "Blueshift")
    assert "delays the last turn of round 1 into round 2" in enc.log[-3].text
    enc.take_delayed(HENCHMEN)
    assert enc.transcript(2).splitlines()[1] == f"{HENCHMEN}'s turn (delayed from round 1)"


def test_a_turn_carried_into_the_next_round_is_held_alongside_that_rounds_turn() -> None:
    enc = started()
    enc.end_turn()
    enc.delay()  # Ganyeka
    enc.end_turn()
    enc.end_turn()
    enc.delay()  # at the end of round 1: kept into round 2
    enc.end_turn()  # Blueshift, round 2
    assert enc.current == "Ganyeka"
    assert enc.turn_state("Ganyeka").delaying
    assert "also holding the turn delayed in round 1" in enc.log[-1].text
    with pytest.raises(RuleError, match="already holds a delayed turn"):
        enc.delay()
    enc.end_turn()
    enc.end_turn()
    enc.end_turn()  # the henchmen: round 2's order has run out
    assert (enc.round, enc.current) == (2, "Ganyeka")  # the held turn comes now


def test_only_a_holder_takes_a_delayed_turn_and_one_at_a_time() -> None:
    enc = started()
    with pytest.raises(RuleError, match="Ganyeka is not holding a delayed turn"):
        enc.take_delayed("Ganyeka")
    enc.delay()
    enc.delay()  # Ganyeka too
    enc.take_delayed("Blueshift")
    with pytest.raises(RuleError, match="Blueshift is taking a delayed turn"):
        enc.take_delayed("Ganyeka")
    with pytest.raises(RuleError, match="already taking a delayed turn"):
        enc.delay()


def test_the_2012_text_forbids_pre_empting_a_higher_perception() -> None:
    enc = Encounter(seed=1, rules="bpb2e-wiki")
    enc.add("Slow", perception=2)
    enc.add("Sharp", perception=3)
    enc.set_order(["Slow", "Sharp"])
    enc.start()
    enc.delay()
    with pytest.raises(
        RuleError, match=r"higher Perception/Agility/Willpower \(3/2/2 against 2/2/2\)"
    ):
        enc.take_delayed("Slow")
    assert enc.turn_state("Slow").delaying and enc.current == "Sharp"


def test_the_2012_text_lets_evenly_matched_characters_act_simultaneously() -> None:
    enc = Encounter(seed=1, rules="bpb2e-wiki")
    enc.add("A")
    enc.add("B")
    enc.start()
    enc.delay()
    enc.take_delayed("A")  # same Perception/Agility/Willpower as B
    assert enc.current == "A"


def test_the_2014_text_has_no_limit_on_pre_empting() -> None:
    enc = started()
    for _ in range(2):
        enc.end_turn()
    enc.delay()  # Monolith, Perception 2
    enc.end_turn()
    enc.delay()  # offered at the end of round 1, kept into round 2
    enc.take_delayed("Monolith")  # pre-empts Blueshift (Perception 4) in round 2
    assert enc.current == "Monolith"


def test_forcing_before_ones_turn_gives_up_this_rounds_turn() -> None:
    enc = started()
    assert enc.force("Monolith", "dives for cover") == 1
    state = enc.turn_state("Monolith")
    assert state.forced_this_round and state.lost == ((1, "dives for cover"),)
    enc.end_turn()
    enc.end_turn()
    assert enc.current == HENCHMEN  # Monolith's turn is skipped ...
    assert enc.transcript(1).splitlines()[3] == "Monolith's turn (dives for cover)"  # ... listed


def test_forcing_after_ones_turn_gives_up_next_rounds_turn() -> None:
    enc = started()
    enc.end_turn()
    assert enc.force("Blueshift", "raises a force field") == 2
    assert enc.transcript(1).splitlines()[-1] == "Blueshift's turn (forced from round 2)"
    for _ in range(3):
        enc.end_turn()
    assert (enc.round, enc.current) == (2, "Ganyeka")
    assert "Blueshift" not in enc.transcript(2)


def test_a_character_may_only_force_an_action_once_per_round() -> None:
    enc = started()
    enc.force("Monolith", "dives for cover")
    with pytest.raises(RuleError, match="only force an action once per round"):
        enc.force("Monolith", "dives for cover again")
    with pytest.raises(RuleError, match="once per round"):
        enc.block("Monolith", attacker="Ganyeka", rank=4, dice=(1, 1))


def test_forcing_in_consecutive_rounds_gives_up_turns_further_ahead() -> None:
    enc = started()
    enc.end_turn()
    enc.force("Blueshift", "dives for cover")  # gives up round 2
    for _ in range(3):
        enc.end_turn()
    assert enc.round == 2
    assert enc.force("Blueshift", "dives for cover") == 3  # round 2's turn is already gone
    for _ in range(3):
        enc.end_turn()
    assert (enc.round, enc.current) == (3, "Ganyeka")


def test_a_forced_action_is_never_an_attack() -> None:
    enc = started()
    for action in ("attacks Ganyeka", "Shoots the henchmen", "throws a car"):
        with pytest.raises(RuleError, match="could be construed as an attack"):
            enc.force("Monolith", action)
    enc.force("Monolith", "blocks a bullet for the bystander")


def test_the_current_combatant_defends_with_their_task_action_not_a_forced_one() -> None:
    enc = started()
    with pytest.raises(RuleError, match="task action, not a forced one"):
        enc.force("Blueshift", "dives for cover")


def test_forcing_while_holding_a_delayed_turn_spends_the_delayed_turn() -> None:
    enc = started()
    enc.delay()
    assert enc.force("Blueshift", "dives for cover") == 1
    assert not enc.turn_state("Blueshift").delaying
    assert enc.transcript(1).splitlines()[-1] == "Blueshift's turn (delayed; dives for cover)"
    for _ in range(3):
        enc.end_turn()
    assert (enc.round, enc.current) == (2, "Blueshift")


def test_the_unaware_cannot_force() -> None:
    enc = seed_cast(Encounter(seed=1), monolith_aware=False)
    enc.start()
    with pytest.raises(RuleError, match="not aware"):
        enc.force("Monolith", "dives for cover")


@pytest.mark.parametrize("rules", ["bpb2e", "d10-ap"])
def test_a_delayed_turn_pre_empted_at_the_round_end_is_still_a_delayed_turn(rules: str) -> None:
    """Seed 000, "Delaying A Turn": a delayed turn offered "later in the round" can be pre-empted
    by another held turn, and delayed again into the next round. Ivy's turn taken at the end of
    round 1 is the delayed one when it resumes after Rex's: delayed again, it is listed in round 2
    as delayed from round 1, beside her own turn (not "from round None", not a second own turn)."""
    enc = Encounter(seed=9, rules=rules)
    if rules == "d10-ap":
        enc.add("Ivy", agb=3, awarb=2)
        enc.add("Rex", agb=2, awarb=3)
        enc.roll_order(dice={"Ivy": 9, "Rex": 1})
    else:
        enc.add("Ivy", perception=4)
        enc.add("Rex", perception=3)
        enc.set_order(["Ivy", "Rex"])
    enc.start()
    enc.delay()  # Ivy
    enc.delay()  # Rex: nobody is left to act in round 1 but the holders
    assert (enc.round, enc.current) == (1, "Ivy")  # her held turn comes first
    enc.take_delayed("Rex")
    enc.end_turn()
    assert (enc.round, enc.current) == (1, "Ivy")
    enc.delay()  # Ivy keeps the delayed turn into round 2
    assert enc.round == 2
    while enc.round == 2:
        enc.end_turn()
    assert "None" not in enc.transcript()
    assert enc.transcript(2).splitlines()[1:] == [
        "Ivy's turn",
        "Rex's turn",
        "Ivy's turn (delayed from round 1)",
    ]


def test_a_held_turn_waits_while_its_holder_cannot_act() -> None:
    """An unaware (or out) combatant takes no turn, a held one included: it waits."""
    enc = started()
    enc.delay()  # Blueshift
    enc.becomes_unaware("Blueshift")
    with pytest.raises(RuleError, match="cannot take the delayed turn now"):
        enc.take_delayed("Blueshift")
    assert enc.current == "Ganyeka"


def test_a_turn_cut_short_by_losing_track_of_the_fight_is_spent() -> None:
    """Seed 000, "Order Of Play": one turn a round. Ganyeka loses track of the fight on her turn
    and finds it again in the same round: she does not act twice in it."""
    enc = started()
    enc.end_turn()  # Blueshift
    enc.becomes_unaware("Ganyeka")
    assert enc.current == "Monolith"
    enc.becomes_aware("Ganyeka")
    while enc.round == 1:
        enc.end_turn()
    assert enc.transcript(1).splitlines()[1:].count("Ganyeka's turn") == 1
