"""Every card editable after it is added: ``edit(name, **fields)`` changes a sheet, checked as
``add`` checks it, logged as what changed and undoable; what the fight did to the combatant
stays (every system)."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError


def monolith() -> Encounter:
    enc = Encounter(seed=2)
    enc.add("Monolith", prowess=6, brawn=9, endurance=6, expertise={"block"}, side="heroes")
    enc.add("Ganyeka", prowess=4, agility=4, endurance=8)
    enc.start()
    return enc


def test_an_edit_is_logged_as_what_changed_and_the_rules_use_it() -> None:
    """Seed 004, "Damage": "an unarmed character's damage rating is equal to their rank in
    Brawn": the corrected Brawn is the punch's damage rating."""
    enc = monolith()
    sheet = enc.edit("Monolith", brawn=10, expertise=["block", "hand-to-hand"])
    assert sheet.brawn == 10 and enc.combatant("Monolith") == sheet
    assert enc.log[-1].text == (
        "Monolith's sheet: Brawn 9 -> 10; Expertise block -> block, hand-to-hand (by the GM)"
    )
    hit = enc.attack("Monolith", "Ganyeka", 2, hand_to_hand=True, dice=(4, 4))
    assert hit.dr == 10


def test_attacks_protection_and_side_are_edited_too() -> None:
    enc = monolith()
    enc.edit(
        "Monolith",
        attacks=[{"name": "Thunderclap", "rank": 7, "kind": "stunning"}],
        protection=4,
        side="allies",
    )
    assert enc.log[-1].text == (
        "Monolith's sheet: Protection 0 -> 4; Side heroes -> allies; Attacks none -> "
        "Thunderclap 7 (kind stunning) (by the GM)"
    )
    assert enc.attack_preview("Monolith", "Ganyeka", power="Thunderclap").weapon.stunning
    assert enc.side_of("Monolith") == "allies" and enc.vitals("Monolith").extra[0] == (
        "protection",
        4,
    )


def test_a_new_endurance_rank_keeps_the_damage_taken() -> None:
    enc = monolith()
    enc.damage("Monolith", 2)
    enc.edit("Monolith", endurance=9)
    assert (enc.endurance("Monolith").current, enc.endurance("Monolith").rank) == (7, 9)
    assert enc.log[-1].text == ("Monolith's Endurance 4/6 -> 7/9: the damage taken stays (Damage)")
    enc.edit("Monolith", endurance=2)  # less than the damage taken: out of the fight
    assert enc.endurance("Monolith").current == 0 and enc.turn_state("Monolith").out


def test_edit_then_undo_gives_the_sheet_back() -> None:
    enc = monolith()
    before = (enc.combatant("Monolith"), enc.endurance("Monolith"), enc.history, list(enc.log))
    enc.edit("Monolith", endurance=3, hidden=True)
    assert enc.hidden("Monolith")
    enc.undo()
    assert (
        enc.combatant("Monolith"),
        enc.endurance("Monolith"),
        enc.history,
        list(enc.log),
    ) == before
    assert not enc.hidden("Monolith")
    enc.redo()
    again = Encounter.from_json(enc.to_json())
    assert again.combatant("Monolith").endurance == 3 and again.hidden("Monolith")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"brawn": 15}, "Brawn"),
        ({"strength": 5}, "Unknown attribute 'strength'"),
        ({"name": "Mono"}, "multiple values for argument 'name'"),
        ({"aware": False}, "becomes_unaware"),
        ({"brawn": 9}, "nothing changes"),
        ({"attacks": [{"name": "Punch"}]}, "rank"),
    ],
)
def test_a_bad_edit_is_refused_and_changes_nothing(fields: dict[str, object], message: str) -> None:
    enc = monolith()
    before = enc.to_json()
    with pytest.raises(RuleError, match=message):
        enc.edit("Monolith", **fields)
    assert enc.to_json() == before


def test_not_while_a_hit_rolled_against_the_sheet_waits() -> None:
    enc = monolith()
    enc.attack("Monolith", "Ganyeka", 5, dice=(6, 6))
    with pytest.raises(RuleError, match="First resolve the hit waiting on Ganyeka"):
        enc.edit("Ganyeka", agility=6)
    enc.take_hit()
    enc.edit("Ganyeka", agility=6)


def test_a_power_boost_of_a_power_taken_off_the_sheet_ends() -> None:
    enc = Encounter(seed=1)
    enc.add("Blueshift", player=True, attacks=[{"name": "Blast", "rank": 6}])
    enc.start()
    enc.spend_plot_point("Blueshift", "power_boost", boost="Blast")
    enc.edit("Blueshift", attacks=[{"name": "Ice Blast", "rank": 6}])
    assert enc.boosts("Blueshift") == ()


def test_blackout_hit_points_keep_the_damage_and_an_enemys_step_is_set_before_the_start() -> None:
    """Seed 002, "Initiative": "Enemies ... act on a fixed step"; hit points as the sheet says,
    less the damage taken."""
    enc = Encounter(seed=1, rules="blackout")
    enc.add("Rex", hp=12)
    enc.add("Mech", pc=False, step=8, ap=3, hp=20)
    enc.edit("Mech", step=4)
    assert enc.initiative_of("Mech").step == 4
    enc.roll_initiative("Rex", rolled=(3, 3, 3))
    enc.start()
    lost = enc.fall("Rex", 10, successes=0, rolled=(3, 2))
    enc.edit("Rex", hp=14)
    assert enc.hit_points("Rex") == (14 - lost, 0)
    with pytest.raises(RuleError, match="edited before the start only"):
        enc.edit("Mech", ap=4)


def test_d10_ap_initiative_follows_a_corrected_agb() -> None:
    """Seed 003, "Step 2- Determine Initiative": "d10 + AgB"; the d10 rolled stays."""
    enc = Encounter(seed=1, rules="d10-ap")
    enc.add("Evan", agb=3, awarb=4)
    enc.roll_initiative("Evan", roll=6)
    enc.edit("Evan", agb=4)
    assert enc.log[-1].text == (
        "Evan's initiative is now d10 (6) + AgB 4 = 10 (was 9) (Step 2- Determine Initiative, "
        "seed 003)"
    )
