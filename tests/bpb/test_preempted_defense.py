"""A delayed turn pre-empts someone, who is then attacked before their own turn: their block,
dodge or dive for cover is a forced action that gives that turn up (seed 000, "Forcing An
Action", "Delaying A Turn"; rule option ``preempted_defense_forced``)."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from tests.engine.helpers import HENCHMEN, seed_cast


def preempting(**options: object) -> Encounter:
    """The issue's round: order Blueshift, Monolith, Ganyeka, the henchmen; Blueshift delays,
    Monolith ends his turn, and on Ganyeka's turn Blueshift takes the delayed turn and hits
    Ganyeka."""
    enc = seed_cast(Encounter(seed=3, options=options or None))
    enc.set_order(["Blueshift", "Monolith", "Ganyeka", HENCHMEN])
    enc.start()
    enc.delay()
    enc.end_turn()  # Monolith
    assert enc.current == "Ganyeka"
    enc.take_delayed("Blueshift")
    enc.attack("Blueshift", "Ganyeka", 5, dice=(5, 5))
    return enc


def test_the_pre_empted_dodge_is_forced_and_gives_up_the_turn_to_come() -> None:
    """Seed 000, "Forcing An Action": "Sometimes a character might need to take a desperate
    action before they have had the opportunity to take their turn in a round ... This is known
    as forcing the character's action." Pre-empted, Ganyeka has not had that opportunity."""
    enc = preempting()
    preview = enc.defense_preview("dodge", "Ganyeka")
    assert preview.mode == "forced"
    assert preview.consequence == "forced action: uses Ganyeka's turn in round 1"
    assert enc.cover_preview("Ganyeka") == (
        "forced action: uses Ganyeka's turn in round 1; ends prone"
    )
    enc.dodge("Ganyeka", dice=(5, 5))
    assert enc.turn_state("Ganyeka").forced_this_round
    assert enc.turn_state("Ganyeka").skipped == (
        "gave up this round's turn (dodges an attack by Blueshift)"
    )
    enc.end_turn()  # the delayed turn ends; Ganyeka's turn is gone
    assert enc.current == HENCHMEN
    assert enc.transcript(1).splitlines() == [
        "Round 1",
        "Monolith's turn",
        "Blueshift's turn (delayed)",
        "Ganyeka's turn (dodges an attack by Blueshift)",
        f"{HENCHMEN}'s turn",
    ]
    assert enc.log[-2].text == (
        "Ganyeka's turn in round 1 is lost (dodges an attack by Blueshift) (Forcing An Action)"
    )


def test_a_pre_empted_block_and_a_dive_for_cover_are_forced_too() -> None:
    """Seed 000, "Forcing An Action": "sacrifice their next turn in order to block, dodge, dive
    for cover"."""
    enc = preempting()
    enc.block("Ganyeka", dice=(6, 6))
    enc.end_turn()
    assert enc.current == HENCHMEN
    assert "Ganyeka's turn (blocks attack by Blueshift)" in enc.transcript(1)

    enc = preempting()
    enc.dive_for_cover("Ganyeka")
    assert enc.pending_attack is None
    enc.end_turn()
    assert enc.current == HENCHMEN
    assert "Ganyeka's turn (dives for cover)" in enc.transcript(1)


def test_taking_the_hit_keeps_the_pre_empted_turn() -> None:
    """Nothing forced: "After the character has taken their turn, the order of play resumes its
    previous sequence" (seed 000, "Delaying A Turn")."""
    enc = seed_cast(Encounter(seed=3))
    enc.set_order(["Blueshift", "Monolith", "Ganyeka", HENCHMEN])
    enc.start()
    enc.delay()
    enc.end_turn()
    enc.take_delayed("Blueshift")
    enc.attack("Blueshift", "Monolith", 2, dice=(5, 5))  # Monolith has acted: his own next turn
    assert enc.defense_preview("block", "Monolith").consequence == (
        "forced action: uses Monolith's turn in round 2"
    )
    enc.take_hit()
    enc.end_turn()
    assert enc.current == "Ganyeka"  # the pre-empted turn resumes
    assert not enc.turn_state("Ganyeka").forced_this_round


def test_a_second_attack_on_the_pre_empted_continues_the_forced_defense() -> None:
    """Seed 000, "Dodging": "The defender may continue attempting to dodge additional attacks
    until their next action" (no second forced action)."""
    enc = preempting()
    enc.dodge("Ganyeka", dice=(6, 5))
    enc.attack("Blueshift", "Ganyeka", 5, dice=(6, 6))
    preview = enc.defense_preview("dodge", "Ganyeka")
    assert (preview.mode, preview.attack) == ("continued", 2)
    with pytest.raises(RuleError, match="already forced an action in round 1"):
        enc.block("Ganyeka")


def test_a_pre_empted_combatant_who_is_staggered_loses_that_turn() -> None:
    """Seed 004, "Staggering": "losing their next action (their next action on this round if
    they have not yet taken one; otherwise, their next action on the following round)"."""
    enc = Encounter(seed=3)
    enc.add("Black Steel", prowess=6, expertise={"hand-to-hand"})
    enc.add("Blueshift")
    enc.add("Ganyeka", endurance=8)
    enc.add("Monolith")
    enc.add(HENCHMEN, group=True)
    enc.start()
    enc.delay()
    enc.end_turn()  # Blueshift
    enc.take_delayed("Black Steel")  # pre-empting Ganyeka
    enc.attack("Black Steel", "Ganyeka", 3, hand_to_hand=True, effect="staggering", dice=(6, 6))
    enc.take_hit(reaction_dice=(1, 1), powers_dice=(6, 6))
    assert enc.turn_state("Ganyeka").lost == ((1, "staggered"),)
    enc.end_turn()
    assert enc.current == "Monolith"
    assert "Ganyeka's turn (staggered)" in enc.transcript(1)
    assert enc.has_condition("Ganyeka", "staggered")
    for _ in range(4):
        enc.end_turn()
    assert (enc.round, enc.current) == (2, "Ganyeka")  # round 2's turn is his
    assert not enc.has_condition("Ganyeka", "staggered")


def test_the_pre_empted_turn_goes_if_the_delayed_turn_ends_by_leaving() -> None:
    """The holder of the delayed turn leaves the fight during it: the pre-empted turn, given up,
    is not taken back; the next in the order acts."""
    enc = preempting()
    enc.dodge("Ganyeka", dice=(6, 5))
    enc.defeat("Blueshift")
    assert enc.current == HENCHMEN
    assert "Ganyeka's turn (dodges an attack by Blueshift)" in enc.transcript(1)


def test_undo_gives_the_pre_empted_turn_back() -> None:
    enc = preempting()
    before = (enc.transcript(), enc.turn_state("Ganyeka"))
    enc.dodge("Ganyeka", dice=(6, 5))
    enc.end_turn()
    enc.undo(2)
    assert (enc.transcript(), enc.turn_state("Ganyeka")) == before
    enc.redo(2)
    assert enc.current == HENCHMEN
    again = Encounter.from_json(enc.to_json())
    assert again.transcript() == enc.transcript() and again.current == HENCHMEN


def test_the_earlier_reading_is_a_rule_option() -> None:
    """``preempted_defense_forced=False`` (fights saved before format 3): the pre-empted
    combatant defends with their task action and keeps their turn."""
    enc = preempting(preempted_defense_forced=False)
    assert enc.defense_preview("dodge", "Ganyeka").consequence == (
        "uses Ganyeka's task action this turn"
    )
    with pytest.raises(RuleError, match="It is Ganyeka's turn"):
        enc.dive_for_cover("Ganyeka")
    enc.dodge("Ganyeka", dice=(6, 5))
    enc.end_turn()
    assert enc.current == "Ganyeka"


def test_a_delayed_turn_already_begun_is_not_to_come() -> None:
    """Blueshift takes his held turn at the end of round 2 and Ganyeka's own held turn pre-empts
    it: Blueshift had his opportunity (the transcript lists his turn), so diving for cover now
    gives up his next round's turn, not that one again (a third turn line in round 2 before;
    found by the stateful test)."""
    enc = Encounter(seed=0)
    enc.add("Blueshift", perception=4, agility=5)
    enc.add("Ganyeka", perception=3)
    enc.start()
    enc.end_turn()
    enc.end_turn()
    enc.delay()
    enc.delay()
    assert enc.current == "Blueshift"  # his held turn, taken at the end of the round
    enc.take_delayed("Ganyeka")
    enc.dive_for_cover("Blueshift", reached=False)
    enc.end_turn()
    assert enc.transcript(2).splitlines()[1:] == [
        "Blueshift's turn (delayed)",
        "Ganyeka's turn (delayed)",
        "Blueshift's turn (forced from round 3)",
    ]
    assert enc.turn_state("Blueshift").lost == ((3, None),)
    assert enc.current == "Blueshift"  # his delayed turn resumes, then round 3 skips him
    enc.end_turn()
    assert (enc.round, enc.current) == (3, "Ganyeka")
