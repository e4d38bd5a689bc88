"""The roster during a fight, as the GM screen changes it: sides, removing, marking defeated,
awareness lost, hiding from the players; each undoable, saved and replayed, and each saying why
someone gets no turn."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from tests.engine.helpers import HENCHMEN, snapshot, started


def test_sides_are_listed_in_joining_order() -> None:
    enc = Encounter(seed=1)
    enc.add("Blueshift", side="heroes")
    enc.add("Ganyeka", side="villains")
    enc.add("Monolith", side="heroes")
    enc.add("Bystander")
    assert enc.sides == ["heroes", "villains", ""]
    assert enc.side_of("monolith") == "heroes"
    with pytest.raises(RuleError, match="side"):
        enc.add("Odd", side=["x"])


def test_removing_the_current_combatant_passes_the_turn() -> None:
    enc = started()
    enc.remove("Blueshift")
    assert enc.current == "Ganyeka" and "Blueshift" not in enc.names
    assert enc.order == ["Ganyeka", "Monolith", HENCHMEN]
    enc.add("Blueshift", agility=5)  # the name is free again
    enc.undo(2)
    assert enc.current == "Blueshift" and enc.order[0] == "Blueshift"
    assert snapshot(Encounter.from_json(enc.to_json())) == snapshot(enc)


@pytest.mark.parametrize("rules", ["blackout", "d10-ap"])
def test_who_leaves_an_initiative_fight_is_gone_from_the_next_rounds(rules: str) -> None:
    """Under initiative rules the order is ranked again each round: the one removed must not
    come back from their old roll (and their AP, hit points and surprise go with them)."""
    enc = Encounter(seed=1, rules=rules)
    for name in ("Ash", "Bo", "Cy"):
        enc.add(name)
    enc.roll_order()
    enc.start()
    enc.remove("Bo")
    for _ in range(5):
        enc.end_turn()
    assert enc.round == 3 and "Bo" not in enc.order
    enc.add("Bo")  # the name is free, with no leftover initiative or AP
    assert enc.turn_state("Bo").initiative is None and enc.ap("Bo") is None
    assert snapshot(Encounter.from_json(enc.to_json())) == snapshot(enc)


def test_a_combatant_with_a_hit_waiting_cannot_leave() -> None:
    enc = started()
    enc.attack("Blueshift", "Ganyeka", 5, dice=(6, 6))
    before = snapshot(enc)
    with pytest.raises(RuleError, match="First resolve"):
        enc.remove("Ganyeka")
    assert snapshot(enc) == before


def test_defeated_is_out_of_the_fight_until_restored() -> None:
    enc = started()
    enc.block("Monolith", attacker="Ganyeka", rank=5, dice=(1, 1))  # Monolith defends (forced)
    enc.defeat("Monolith")
    state = enc.turn_state("Monolith")
    assert state.defeated and state.out and state.skipped == "defeated"
    assert state.defending is None  # a defense ends with the ability to act
    enc.defeat("Blueshift")  # defeated on their own turn: it ends
    assert enc.current == "Ganyeka"
    for _ in range(2):
        enc.end_turn()
    assert (enc.round, enc.current) == (2, "Ganyeka")
    enc.restore("Blueshift")
    with pytest.raises(RuleError, match="not marked defeated"):
        enc.restore("Ganyeka")
    for _ in range(2):
        enc.end_turn()
    assert (enc.round, enc.current) == (3, "Blueshift")


def test_why_someone_gets_no_turn() -> None:
    enc = started()
    enc.force("Ganyeka", "dives for cover")
    assert enc.turn_state("Ganyeka").skipped == "gave up this round's turn (dives for cover)"
    enc.becomes_unaware("Monolith")
    assert enc.turn_state("Monolith").skipped == "not aware of the fight yet"
    assert "Monolith" not in enc.order  # no place until aware again: then after the aware
    enc.becomes_aware("Monolith")
    assert enc.order[-1] == "Monolith"
    assert enc.turn_state("Blueshift").skipped is None


def test_losing_awareness_on_ones_turn_ends_it() -> None:
    enc = started()
    enc.end_turn()
    enc.becomes_unaware("Ganyeka")
    assert enc.current == "Monolith"
    with pytest.raises(RuleError, match="already unaware"):
        enc.becomes_unaware("Ganyeka")


def test_hidden_from_the_players_is_saved_and_undone() -> None:
    enc = Encounter(seed=1)
    enc.add("Hero")
    enc.add("Sniper", hidden=True, side="villains")
    assert enc.hidden("Sniper") and enc.turn_state("Sniper").hidden
    enc.reveal("Sniper")
    assert not enc.hidden("Sniper")
    enc.hide("Hero")
    with pytest.raises(RuleError, match="already hidden"):
        enc.hide("Hero")
    loaded = Encounter.from_json(enc.to_json())
    assert loaded.hidden("Hero") and not loaded.hidden("Sniper")
    enc.undo(2)
    assert enc.hidden("Sniper") and not enc.hidden("Hero")
    with pytest.raises(RuleError, match="hidden="):
        enc.add("Odd", hidden="yes")


def test_vitals_show_endurance_stunning_apart_and_plot_points() -> None:
    enc = Encounter(seed=1)
    enc.add("Hero", endurance=6, protection=2, player=True)
    enc.add("Thug", brawn=3)
    enc.start()
    enc.attack("Hero", "Thug", 3, hand_to_hand=True, dice=(6, 6))
    enc.undo()
    vitals = enc.vitals("Hero")
    assert (vitals.label, vitals.value, vitals.maximum) == ("Endurance", 6, 6)
    assert vitals.extra == (("protection", 2), ("plot points", 1))
    enc.end_turn()
    enc.attack("Thug", "Hero", 3, hand_to_hand=True, dice=(6, 6))  # Brawn 3 unarmed: stunning
    enc.take_hit()
    hurt = enc.vitals("Hero")
    assert (hurt.value, hurt.apart, hurt.apart_label) == (5, 1, "stunning")


def test_removed_during_their_turn_and_added_back_acts_next_round() -> None:
    """A GM removes whoever acts by mistake and adds them back in the same round: their turn
    this round is taken (one turn a round, seed 000 "Order Of Play"), even when nobody else
    is left to act then; they act again next round."""
    enc = Encounter(seed=3)
    enc.add("Ann", aware=True)
    enc.add("Bo", aware=False)
    enc.start()
    assert enc.current == "Ann"
    enc.remove("Ann")
    assert enc.current is None
    enc.add("Ann")
    assert enc.round == 2 and enc.current == "Ann"
    turns = [line for line in enc.transcript().splitlines() if line.endswith("turn")]
    assert turns == ["Ann's turn", "Ann's turn"]
    assert enc.transcript().index("Round 2") < enc.transcript().rindex("Ann's turn")
