"""Blackout combat from the GM screen (``combat``): the attack test's exact odds, the hit, the
damage test's odds of each hit-point total, the HP meter, the Vitality test due, actions."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

import pytest
from widget_kit import to

from bpb_widgets import Encounter
from bpb_widgets.widgets import AttackPanel, GMScreen

#: The default pool die: a d6 that succeeds on 5 or 6.
SUCCESS = Fraction(1, 3)


def at_least(successes: int, pool: int) -> Fraction:
    """The chance that ``pool`` dice roll at least ``successes`` successes (binomial)."""
    return sum(
        (
            comb(pool, k) * SUCCESS**k * (1 - SUCCESS) ** (pool - k)
            for k in range(successes, pool + 1)
        ),
        Fraction(0),
    )


def exact(payload: list[Any]) -> Fraction:
    value = Fraction(payload[0], payload[1])
    assert payload[2] == pytest.approx(float(value))
    return value


def crew() -> Encounter:
    """Kara (step 3, 2 AP) and Vex (step 15) against Mech (step 9; evasion 2, armor 2, DR 3)."""
    enc = Encounter(rules="blackout", seed=5)
    enc.add("Kara", side="crew", hp=12, armor=1)
    enc.add("Vex", side="crew")
    enc.add("Mech", pc=False, step=9, ap=4, side="machines", hp=10, armor=2, evasion=2, dr=3)
    return enc


def started() -> tuple[Encounter, GMScreen]:
    enc = crew()
    screen = GMScreen(enc, folder="/nonexistent-folder")
    to(screen, "initiative", "choose", combatant="Kara", count=2)
    to(screen, "initiative", "roll", dice=[1, 2])
    to(screen, "initiative", "choose", combatant="Vex", count=3)
    to(screen, "initiative", "roll", dice=[5, 5, 5])
    to(screen, "strip", "start")
    assert enc.current == "Kara" and enc.order == ["Kara", "Mech", "Vex"]
    return enc, screen


def combat(screen: GMScreen) -> dict[str, Any]:
    state: dict[str, Any] = screen.panels["combat"]
    return state


def hp(screen: GMScreen, name: str) -> int:
    value: int = screen.panels["roster"]["cards"][name]["vitals"]["value"]
    return value


def test_the_screen_shows_blackout_s_parts() -> None:
    _enc, screen = started()
    assert screen.layout_panels == [
        "strip",
        "roster",
        "combat",
        "initiative",
        "log",
        "files",
        "players",
    ]
    assert combat(screen)["kinds"] == ["free", "movement", "standard", "reaction"]


def test_the_attack_test_defaults_to_the_current_combatant_and_a_foe_with_exact_odds() -> None:
    enc, screen = started()
    s = combat(screen)["selection"]
    assert (s["attacker"], s["target"], s["pool"], s["ap"], s["friend"]) == (
        "Kara",
        "Mech",
        4,
        1,
        False,
    )
    p = combat(screen)["preview"]
    # passive evasion: evasion rank 2 + 1 = 3 successes needed, of 4 dice
    assert (p["pool"], p["difficulty"]) == (4, 3)
    assert exact(p["success"]) == at_least(3, 4) == Fraction(1, 9)
    assert exact(p["success"]) == enc.attack_preview("Kara", "Mech", 4).success
    to(screen, "combat", "choose", attacker="Kara", target="Mech", pool=6)
    assert exact(combat(screen)["preview"]["success"]) == at_least(3, 6)
    assert sum(q for _, q in combat(screen)["preview"]["distribution"]) == pytest.approx(1)


def test_end_turn_then_undo_brings_the_gm_s_choice_back() -> None:
    _enc, screen = started()
    to(screen, "combat", "choose", attacker="Kara", target="Mech", pool=6, take_time=True)
    to(screen, "strip", "end_turn")
    assert combat(screen)["selection"]["attacker"] == "Mech"
    to(screen, "strip", "undo")
    s = combat(screen)["selection"]
    assert (s["attacker"], s["pool"], s["take_time"]) == ("Kara", 6, True)
    assert combat(screen)["preview"]["pool"] == 6


def test_attack_hit_damage_and_the_hp_meter_then_the_vitality_test_due() -> None:
    enc, screen = started()
    assert combat(screen)["ap"] == 2
    to(screen, "combat", "attack", dice=[6, 6, 6, 1])  # 3 successes: a hit
    assert combat(screen)["error"] == ""
    assert combat(screen)["hit"] == {"attacker": "Kara", "target": "Mech", "critical": False}
    assert enc.pending_hit is not None and enc.pending_hit.target == "Mech"
    assert combat(screen)["ap"] == 1 == enc.ap("Kara")
    assert combat(screen)["one_two"] == "Kara"
    assert "\n".join(combat(screen)["result"]["lines"]) == enc.log[-1].text
    # the damage test's odds: 5 points a success less armor 2, DR 3 first, 10 HP
    preview = combat(screen)["damage_preview"]
    assert (preview["target"], preview["armor"], preview["dr"], preview["hp"]) == ("Mech", 2, 3, 10)
    assert exact(preview["out"]) == at_least(3, 4)  # 3 successes: 15 - 2 - 3 = 10 HP lost
    to(screen, "combat", "choose_damage", pool=6)
    assert exact(combat(screen)["damage_preview"]["out"]) == at_least(3, 6) == Fraction(233, 729)
    # two successes: 10 - 2 = 8 direct, DR absorbs 3, Mech loses 5
    to(screen, "combat", "damage", successes=2)
    assert combat(screen)["error"] == ""
    assert enc.hit_points("Mech") == (5, 0)
    assert hp(screen, "Mech") == 5 and screen.panels["roster"]["cards"]["Mech"]["out"] is False
    assert combat(screen)["hit"] is None and combat(screen)["damage_preview"] == {}
    assert "Mech loses 5 HP -> 5 HP" in "\n".join(combat(screen)["result"]["lines"])
    # a one-two attack, at no AP, then a damage test that puts Mech out of the fight
    to(screen, "combat", "attack", successes=3, one_two=True)
    assert combat(screen)["error"] == "" and enc.ap("Kara") == 1
    to(screen, "combat", "damage", successes=3)
    assert hp(screen, "Mech") == enc.hit_points("Mech")[0] == 5 - 13
    assert screen.panels["roster"]["cards"]["Mech"]["out"] is True
    to(screen, "strip", "end_turn")
    assert enc.current == "Mech"
    assert combat(screen)["vitality_due"] == "Mech" == enc.vitality_due
    assert combat(screen)["result"] == {}  # the turn moved on
    to(screen, "strip", "end_turn")
    assert screen.panels["strip"]["error"] and enc.current == "Mech"
    to(screen, "combat", "vitality", successes=5)  # back to 1 HP and in the fight
    assert combat(screen)["error"] == ""
    assert combat(screen)["vitality_due"] is None and hp(screen, "Mech") == 1
    assert screen.panels["roster"]["cards"]["Mech"]["out"] is False


def test_a_miss_leaves_nothing_to_roll_damage_for() -> None:
    enc, screen = started()
    to(screen, "combat", "attack", dice=[1, 2, 3, 4])
    assert combat(screen)["error"] == "" and combat(screen)["hit"] is None
    assert "miss" in "\n".join(combat(screen)["result"]["lines"])
    before = enc.to_json()
    to(screen, "combat", "damage", successes=2)
    assert "nothing to roll damage for" in combat(screen)["error"]
    assert enc.to_json() == before


def test_refusals_change_nothing() -> None:
    enc = crew()
    screen = GMScreen(enc, folder="/nonexistent-folder")
    to(screen, "combat", "attack", successes=2)
    assert combat(screen)["error"] == "Choose who attacks whom first."
    enc.roll_initiative("Kara", dice=2, rolled=(1, 2))
    enc.roll_initiative("Vex", dice=3, rolled=(5, 5, 5))
    enc.start()
    before = enc.to_json()
    for cmd, args, reason in [
        ("vitality", {"successes": 2}, "Nobody has an Endurance [Vitality] test"),
        ("choose", {"attacker": "Kara", "target": "Nobody"}, "Nobody"),
        ("attack", {"successes": 2, "dice": [6, 6, 6, 6]}, "not successes"),
        ("attack", {"successes": -1}, "uccesses"),
        ("act", {"kind": "dance"}, "dance"),
        ("act", {"kind": "standard", "ap": 9}, "more than 3"),
    ]:
        to(screen, "combat", cmd, **args)
        assert reason in combat(screen)["error"], cmd
        assert enc.to_json() == before


def test_an_action_spends_ap_and_shows_its_explanation() -> None:
    enc, screen = started()
    to(screen, "combat", "act", kind="movement", ap=1, terrain="difficult")
    assert combat(screen)["error"] == ""
    assert combat(screen)["ap"] == 1 == enc.ap("Kara")
    assert screen.panels["strip"]["states"]["Kara"]["ap"] == 1
    assert "slowed" in [c["name"] for c in screen.panels["roster"]["cards"]["Kara"]["conditions"]]
    assert "\n".join(combat(screen)["result"]["lines"]).startswith("Kara takes a movement action")


def test_healing_brings_the_meter_back() -> None:
    enc, screen = started()
    to(screen, "combat", "attack", successes=3)
    to(screen, "combat", "damage", successes=2)
    assert hp(screen, "Mech") == 5
    to(screen, "combat", "heal", healer="Kara", target="Mech", successes=2)  # 2 HP a success
    assert combat(screen)["error"] == ""
    assert hp(screen, "Mech") == 9 == enc.hit_points("Mech")[0]


def test_the_attack_panel_of_a_blackout_fight_is_the_combat_part() -> None:
    enc = crew()
    panel = AttackPanel(enc)
    assert panel.layout_panels == ["combat"]
    assert panel.panels["combat"]["selection"] == {}  # nobody's turn yet


def test_a_surprise_attack_from_the_panel() -> None:
    """Seed 002, "Surprise Attacks": "each defender makes an Insight [Perception] test; a
    defender whose successes are below the attackers' average is surprised"; a bad count is
    refused and changes nothing."""
    enc = crew()
    screen = GMScreen(enc, folder="/nonexistent-folder")
    before = enc.to_json()
    for attackers, defenders, reason in [
        (["2"], {"Mech": 1}, "as a list of whole numbers"),
        ([2], {"Mech": -1}, "cannot be less than 0"),
        ([2], {"Nobody": 1}, "no combatant called Nobody"),
        ([2], {"Mech": "one"}, "mapping of text to whole numbers"),
    ]:
        to(screen, "combat", "surprise", attackers=attackers, defenders=defenders)
        assert reason in screen.panels["combat"]["error"]
        assert enc.to_json() == before
    to(screen, "combat", "surprise", attackers=[2, 3], defenders={"Mech": 2, "Vex": 3})
    assert screen.panels["combat"]["error"] == ""
    assert enc.has_condition("Mech", "surprised") and not enc.has_condition("Vex", "surprised")
    lines = screen.panels["combat"]["result"]["lines"]
    assert lines[0].startswith("Surprise attack: the attackers average 2.5")
    cards = screen.panels["roster"]["cards"]
    assert [c["name"] for c in cards["Mech"]["conditions"]] == ["surprised"]


def test_a_fall_from_the_panel() -> None:
    """Seed 002, "Falling": "for every 5 feet fallen, the character takes D3 direct damage" from
    10 ft, and is knocked prone; an Endurance [Fortitude] test halves it. The D3s are typed (or
    rolled); a refusal is shown next to the field it blames and changes nothing; undo takes the
    fall back."""
    enc, screen = started()
    before = enc.to_json()
    for given, blamed in [
        ({"name": "Nobody", "feet": 10}, "name"),
        ({"name": "Kara", "feet": -5}, "feet"),
        ({"name": "Kara", "feet": 20, "successes": -1}, "successes"),
        ({"name": "Kara", "feet": 20, "dice": [4, 1, 1, 1]}, "dice"),
    ]:
        to(screen, "combat", "fall", **given)
        error = combat(screen)["form_error"]
        assert (error["form"], error["field"]) == ("fall", blamed)
        assert error["message"] in combat(screen)["error"]
        assert enc.to_json() == before
    to(screen, "combat", "fall", name="Kara", feet=20, dice=[3, 2, 1, 3])
    assert combat(screen)["form_error"] == {} and combat(screen)["error"] == ""
    assert hp(screen, "Kara") == 12 - 9 and enc.has_condition("Kara", "prone")
    assert combat(screen)["result"]["lines"][0].startswith("Kara falls 20 ft: D3 x 4 (3 2 1 3)")
    to(screen, "strip", "undo")
    assert hp(screen, "Kara") == 12 and not enc.has_condition("Kara", "prone")


def test_a_refused_surprise_attack_blames_its_field() -> None:
    """The Surprise attack form shows its refusal next to the attackers' Sneak successes or
    the defenders' Perception, whichever the rules refuse."""
    _enc, screen = started()
    for attackers, defenders, blamed in [
        ([], {"Mech": 1}, "attackers"),
        ([2], {"Mech": -1}, "defenders"),
        ([2], {"Nobody": 1}, "defenders"),
    ]:
        to(screen, "combat", "surprise", attackers=attackers, defenders=defenders)
        error = combat(screen)["form_error"]
        assert (error["form"], error["field"]) == ("surprise", blamed)
    to(screen, "combat", "surprise", attackers=[2], defenders={"Mech": 3})
    assert combat(screen)["form_error"] == {}
