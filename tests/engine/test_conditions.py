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
