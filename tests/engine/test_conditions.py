"""Conditions with when they end: at the start or end of a named combatant's turn, counted from
when they were given (never on the wrong combatant's turn), undoable, saved and replayed."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from tests.engine.helpers import HENCHMEN, snapshot, started


def names(enc: Encounter, who: str) -> list[str]:
    return [c.name for c in enc.conditions(who)]


def test_until_the_end_of_a_named_combatants_next_turn() -> None:
    enc = started()  # Blueshift, Ganyeka, Monolith, henchmen; Blueshift to act
    enc.add_condition("Ganyeka", "stunned", ends="end", of="Blueshift")
    assert enc.conditions("Ganyeka")[0].until == "until the end of Blueshift's next turn"
    enc.end_turn()  # Blueshift's turn was under way when it was given: it goes on
    assert names(enc, "Ganyeka") == ["stunned"]
    for _ in range(4):  # Ganyeka, Monolith, henchmen, then Blueshift's next turn
        enc.end_turn()
    assert (enc.round, enc.current) == (2, "Ganyeka")
    assert names(enc, "Ganyeka") == []
    assert "Ganyeka is no longer stunned" in enc.log[-2].text


def test_until_the_start_of_ones_own_next_turn() -> None:
    enc = started()
    enc.end_turn()  # Ganyeka to act
    enc.add_condition("Ganyeka", "prone", ends="start")
    for _ in range(3):  # Monolith, the henchmen, Blueshift in round 2: it holds
        enc.end_turn()
    assert enc.current == "Blueshift" and names(enc, "Ganyeka") == ["prone"]
    enc.end_turn()  # Ganyeka's next turn begins
    assert enc.current == "Ganyeka" and names(enc, "Ganyeka") == []


def test_a_condition_until_removed_and_its_refusals() -> None:
    enc = started()
    enc.add_condition(HENCHMEN, "on fire", note="the oil drum")
    for _ in range(8):
        enc.end_turn()
    assert names(enc, HENCHMEN) == ["on fire"]
    assert enc.turn_state(HENCHMEN).conditions[0].note == "the oil drum"
    before = snapshot(enc)
    for act in (
        lambda: enc.remove_condition(HENCHMEN, "prone"),
        lambda: enc.add_condition("Nobody", "prone"),
        lambda: enc.add_condition("Ganyeka", ""),
        lambda: enc.add_condition("Ganyeka", "prone", ends="later"),
        lambda: enc.add_condition("Ganyeka", "prone", of="Blueshift"),
        lambda: enc.add_condition("Ganyeka", "prone", ends="end", of="Nobody"),
    ):
        with pytest.raises(RuleError):
            act()
        assert snapshot(enc) == before
    enc.remove_condition(HENCHMEN, "On Fire")
    assert names(enc, HENCHMEN) == []


def test_conditions_undo_save_and_replay() -> None:
    enc = started()
    enc.add_condition("Monolith", "blinded", ends="end", of="Monolith")
    enc.end_turn()
    enc.end_turn()
    enc.end_turn()  # Monolith's turn ends: blinded ends
    assert names(enc, "Monolith") == []
    enc.undo()
    assert names(enc, "Monolith") == ["blinded"]
    loaded = Encounter.from_json(enc.to_json())
    assert snapshot(loaded) == snapshot(enc)
    enc.redo()
    assert names(enc, "Monolith") == []


def test_for_a_number_of_rounds_to_the_end_of_the_last() -> None:
    """ "Stunned for 2 rounds" given in round 3 holds through round 4 and is gone once round 5
    begins, whoever acts when (the round it was given is the first)."""
    enc = started()
    for _ in range(8):
        enc.end_turn()
    assert (enc.round, enc.current) == (3, "Blueshift")
    enc.add_condition("Ganyeka", "stunned", rounds=2)
    assert enc.conditions("Ganyeka")[0].until == "for 2 rounds, to the end of round 4"
    assert (
        enc.log[-1].text
        == "Ganyeka is stunned (set by the GM), for 2 rounds, to the end of round 4"
    )
    for _ in range(7):  # round 3 and round 4 up to its last turn
        enc.end_turn()
        assert names(enc, "Ganyeka") == ["stunned"]
    enc.environment("the crane topples")
    enc.end_turn()  # round 4's last turn: the environment acts, then the condition ends
    assert (enc.round, names(enc, "Ganyeka")) == (5, [])
    assert [e.text for e in enc.log[-4:-1]] == [
        "The environment acts last: the crane topples (Order Of Play)",
        "Ganyeka is no longer stunned: it lasted for 2 rounds, to the end of round 4",
        "Round 5 begins",
    ]


def test_rounds_do_not_care_for_delays_forced_turns_or_undo() -> None:
    """A delay kept into the next round and a turn given up to a forced action move turns, not
    rounds; undo and redo of the round's end bring the condition back and take it away again."""
    enc = started()
    enc.add_condition("Ganyeka", "blinded", rounds=2)
    enc.delay()  # Blueshift holds her turn
    enc.end_turn()  # Ganyeka
    enc.force("Ganyeka", "raises a shield")  # during Monolith's turn: round 2's turn given up
    enc.end_turn()  # Monolith
    enc.end_turn()  # the henchmen; the held turn comes at the end of the round
    assert enc.current == "Blueshift"
    enc.delay()  # ... kept into round 2
    assert enc.round == 2 and names(enc, "Ganyeka") == ["blinded"]
    enc.take_delayed("Blueshift")
    for _ in range(3):  # the delayed turn, Blueshift's own, Monolith (Ganyeka's is lost)
        enc.end_turn()
    assert (enc.round, enc.current, names(enc, "Ganyeka")) == (2, HENCHMEN, ["blinded"])
    enc.end_turn()
    assert (enc.round, names(enc, "Ganyeka")) == (3, [])
    enc.undo()
    assert (enc.round, names(enc, "Ganyeka")) == (2, ["blinded"])
    enc.redo()
    assert names(enc, "Ganyeka") == []
    assert snapshot(Encounter.from_json(enc.to_json())) == snapshot(enc)


def test_rounds_refusals() -> None:
    enc = started()
    before = snapshot(enc)
    for act, message in (
        (lambda: enc.add_condition("Ganyeka", "stunned", rounds=0), "rounds"),
        (lambda: enc.add_condition("Ganyeka", "stunned", rounds=101), "rounds"),
        (lambda: enc.add_condition("Ganyeka", "stunned", rounds=2, ends="end"), "not both"),
    ):
        with pytest.raises(RuleError, match=message):
            act()
        assert snapshot(enc) == before


def test_given_before_the_fight_round_1_is_the_first() -> None:
    enc = Encounter(seed=1, rules="blackout")
    enc.add("Rex")
    enc.add_condition("Rex", "slowed", rounds=1)
    assert enc.conditions("Rex")[0].until == "for 1 round, to the end of round 1"
