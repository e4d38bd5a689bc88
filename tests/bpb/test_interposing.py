"""Taking a hit for someone else is a forced action of the one who takes it (seed 000, "Forcing
An Action": "A forced action can also be used to take a defensive action on someone else's
behalf, such as diving in front of an attack to protect an innocent bystander"; rule option
``interposing_forced``)."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from tests.engine.helpers import HENCHMEN

WEAPON = [{"name": "Sinister weapon", "rank": 6}]


def cast(seed: int = 1, **options: object) -> Encounter:
    """Seed 000's cast, tough enough to take a hit, in the order of the examples."""
    enc = Encounter(seed=seed, options=options or None)
    enc.add("Blueshift", perception=4, agility=5, endurance=9, expertise={"dodge"})
    enc.add("Ganyeka", perception=4, agility=4, brawn=5, endurance=8, attacks=WEAPON)
    enc.add("Monolith", perception=2, prowess=6, brawn=9, endurance=9, protection=4)
    enc.add(HENCHMEN, group=True)
    enc.set_order(["Blueshift", "Ganyeka", "Monolith", HENCHMEN])
    enc.start()
    return enc


def test_blueshift_leaps_between_ganyeka_and_monolith() -> None:
    """Seed 000, "Forcing An Action": "Ganyeka then pulls out a sinister-looking weapon, aims it
    at Monolith, and fires. Blueshift forces her next action to leap between Ganyeka and
    Monolith, taking the full brunt of Ganyeka's attack. ... On the seventh round, Blueshift
    loses her turn because she forced it in the previous round." Played with the attack itself
    from round 6 (the listing is the seed's, rounds 6 to 8)."""
    enc = cast()
    for _ in range(4 * 5):
        enc.end_turn()
    assert (enc.round, enc.current) == (6, "Blueshift")
    enc.end_turn()
    enc.attack("Ganyeka", "Monolith", power="Sinister weapon", dice=(6, 5))
    assert enc.interposers() == ["Blueshift", HENCHMEN]
    assert enc.interpose_preview("Blueshift") == "forced action: uses Blueshift's turn in round 7"
    harm = enc.take_hit("Monolith", instead="Blueshift")
    assert (harm.target, enc.endurance("Blueshift").current) == ("Blueshift", 3)
    assert enc.endurance("Monolith").current == 9
    assert enc.log[-2].text == (
        "Blueshift forces an action (takes Ganyeka's hit for Monolith), giving up the turn in "
        "round 7 (Forcing An Action)"
    )
    for _ in range(3 + 3 + 4):
        enc.end_turn()
    assert enc.round == 9
    assert enc.transcript(range(6, 9)).splitlines() == [
        "Round 6",
        "Blueshift's turn",
        "Ganyeka's turn",
        "Blueshift's turn (forced from round 7)",
        "Monolith's turn",
        "Ganyeka's henchmen's turn",
        "Round 7",
        "Ganyeka's turn",
        "Monolith's turn",
        "Ganyeka's henchmen's turn",
        "Round 8",
        "Blueshift's turn",
        "Ganyeka's turn",
        "Monolith's turn",
        "Ganyeka's henchmen's turn",
    ]


def test_one_whose_turn_is_still_to_come_gives_up_this_rounds_turn() -> None:
    """Seed 000: "they sacrifice their next available turn, whether that action would be in the
    current round or on the next round": Monolith, not yet acted, loses round 1's turn."""
    enc = cast()
    enc.end_turn()
    enc.attack("Ganyeka", "Blueshift", power="Sinister weapon", dice=(6, 5))
    assert enc.interpose_preview("Monolith") == "forced action: uses Monolith's turn in round 1"
    enc.take_hit(instead="Monolith")
    enc.end_turn()
    assert enc.current == HENCHMEN
    assert (
        enc.transcript(1).splitlines()[3] == "Monolith's turn (takes Ganyeka's hit for Blueshift)"
    )


def test_one_holding_a_delayed_turn_spends_it() -> None:
    """Seed 000: the "next available turn" of one who delayed is the turn they hold."""
    enc = cast()
    enc.delay()  # Blueshift holds her turn
    enc.attack("Ganyeka", "Monolith", power="Sinister weapon", dice=(6, 5))
    assert enc.interpose_preview("Blueshift") == "forced action: uses Blueshift's turn in round 1"
    enc.take_hit(instead="Blueshift")
    assert not enc.turn_state("Blueshift").delaying
    assert "Blueshift's turn (delayed; takes Ganyeka's hit for Monolith)" in enc.transcript(1)
    for _ in range(3):
        enc.end_turn()
    assert (enc.round, enc.current) == (2, "Blueshift")  # no held turn at the end of round 1


def test_the_pre_empted_one_gives_up_the_turn_the_delayed_turn_pre_empted() -> None:
    """Pre-empted by a delayed turn, Monolith has not had the opportunity to take his turn."""
    enc = cast()
    enc.end_turn()
    enc.delay()  # Ganyeka
    enc.take_delayed("Ganyeka")  # pre-empting Monolith
    enc.attack("Ganyeka", "Blueshift", power="Sinister weapon", dice=(6, 5))
    enc.take_hit(instead="Monolith")
    enc.end_turn()
    assert enc.current == HENCHMEN
    assert "Monolith's turn (takes Ganyeka's hit for Blueshift)" in enc.transcript(1)


def test_once_per_round_and_never_the_attacker_nor_the_target() -> None:
    """Seed 000: "A character may only force an action once per round"; the attacker cannot dive
    in front of their own attack, and the one hit takes it themselves."""
    enc = cast()
    enc.end_turn()
    enc.attack("Ganyeka", "Monolith", power="Sinister weapon", dice=(6, 5))
    enc.force("Blueshift", "raises a shield")
    assert enc.interposers() == [HENCHMEN]
    with pytest.raises(RuleError, match="already forced an action in round 1"):
        enc.take_hit(instead="Blueshift")
    with pytest.raises(RuleError, match="already forced an action in round 1"):
        enc.interpose_preview("Blueshift")
    with pytest.raises(RuleError, match="cannot dive in front of their own attack"):
        enc.take_hit(instead="Ganyeka")
    with pytest.raises(RuleError, match="Monolith is the one hit"):
        enc.take_hit(instead="Monolith")


def test_the_unaware_and_the_fallen_cannot_interpose() -> None:
    enc = cast()
    enc.add("Bystander", aware=False)
    enc.defeat(HENCHMEN)
    enc.end_turn()
    enc.attack("Ganyeka", "Monolith", power="Sinister weapon", dice=(6, 5))
    with pytest.raises(RuleError, match="Bystander is not aware of the fight"):
        enc.take_hit(instead="Bystander")
    with pytest.raises(RuleError, match="out of the fight and cannot force"):
        enc.take_hit(instead=HENCHMEN)
    assert enc.interposers() == ["Blueshift"]


def test_a_refused_interposing_changes_nothing_and_undo_gives_the_turn_back() -> None:
    enc = cast()
    enc.end_turn()
    enc.attack("Ganyeka", "Monolith", power="Sinister weapon", dice=(6, 5))
    before = (enc.transcript(), enc.turn_state("Blueshift"), enc.endurance("Blueshift"))
    with pytest.raises(RuleError):
        enc.take_hit(instead="Ganyeka")
    assert (enc.transcript(), enc.turn_state("Blueshift"), enc.endurance("Blueshift")) == before
    enc.take_hit(instead="Blueshift")
    enc.undo()
    assert (enc.transcript(), enc.turn_state("Blueshift"), enc.endurance("Blueshift")) == before
    assert enc.pending_attack is not None


def test_the_earlier_reading_is_a_rule_option() -> None:
    """``interposing_forced=False`` (fights saved before format 3): taking a hit for someone
    costs nothing."""
    enc = cast(interposing_forced=False)
    enc.end_turn()
    enc.attack("Ganyeka", "Monolith", power="Sinister weapon", dice=(6, 5))
    assert enc.interpose_preview("Blueshift") == (
        "takes the hit in Monolith's place (no forced action)"
    )
    enc.take_hit(instead="Blueshift")
    assert not enc.turn_state("Blueshift").forced_this_round
