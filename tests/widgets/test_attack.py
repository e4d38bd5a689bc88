"""An attack from the GM screen (Bulletproof Blues): the selection follows the turn, the exact odds
before the dice, the hit waiting with its target's answers (odds and cost), the answer resolving
it, an extreme success's effect, explosions, attacks that are not Endurance damage."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from widget_kit import battle, plain, send, to

from bpb_widgets import Encounter
from bpb_widgets.widgets import AttackPanel, GMScreen

CAST = Path(__file__).resolve().parents[2] / "bpb_widgets" / "bpb" / "data" / "characters.json"
TWO_D6 = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def chance(attribute: int, difficulty: int) -> Fraction:
    """The chance that ``attribute`` + 2d6 reaches ``difficulty``, counted die by die."""
    return Fraction(sum(attribute + a + b >= difficulty for a, b in TWO_D6), 36)


def exact(payload: list[Any]) -> Fraction:
    """``[numerator, denominator, float]`` as sent, checked for agreement."""
    value = Fraction(payload[0], payload[1])
    assert payload[2] == pytest.approx(float(value))
    return value


def started() -> tuple[Encounter, GMScreen]:
    """Widow's turn in round 1 (then Thug's, then Brute's)."""
    enc = battle()
    screen = GMScreen(enc, folder="/nonexistent-folder")
    to(screen, "strip", "start")
    assert enc.current == "Widow"
    return enc, screen


def attack(screen: GMScreen) -> dict[str, Any]:
    state: dict[str, Any] = screen.panels["attack"]
    return state


def card(screen: GMScreen, name: str) -> dict[str, Any]:
    state: dict[str, Any] = screen.panels["roster"]["cards"][name]
    return state


def endurance(screen: GMScreen, name: str) -> int:
    value: int = card(screen, name)["vitals"]["value"]
    return value


def test_the_selection_defaults_to_the_current_combatant_a_foe_and_their_first_power() -> None:
    enc, screen = started()
    s = attack(screen)["selection"]
    assert (s["attacker"], s["target"], s["power"], s["rank"]) == ("Widow", "Thug", "Blast", None)
    to(screen, "strip", "end_turn")
    s = attack(screen)["selection"]
    # Thug has no power on the sheet: an attack typed in at rank 5; his only foe is Widow
    assert (s["attacker"], s["target"], s["power"], s["rank"]) == ("Thug", "Widow", None, 5)
    assert attack(screen)["preview"]["weapon"] == {
        "name": "attack",
        "rank": 5,
        "kind": "normal",
        "dr": 5,
        "stunning": False,
    }
    assert enc.current == "Thug"


def test_the_default_target_is_a_foe_still_in_the_fight() -> None:
    enc, screen = started()
    enc.attack("Widow", "Thug", power="Blast", dice=(3, 3))
    enc.take_hit("Thug")
    assert enc.turn_state("Thug").out
    enc.end_turn()  # Thug is out: Brute's turn
    enc.end_turn()  # round 2, Widow again
    assert attack(screen)["selection"]["target"] == "Brute"


def test_the_default_target_is_never_someone_out_of_the_fight() -> None:
    """Issue 35: with every foe out, the default is someone else still in the fight, or none
    (the GM chooses), never a foe out of the fight."""
    enc, screen = started()
    enc.attack("Widow", "Thug", power="Blast", dice=(3, 3))
    enc.take_hit("Thug")
    enc.defeat("Brute")
    enc.end_turn()
    while enc.current != "Widow":
        enc.end_turn()  # round 2, Widow again: Thug and Brute out
    assert enc.turn_state("Brute").out
    assert attack(screen)["selection"]["target"] is None


def test_an_answer_can_end_the_turn() -> None:
    """Issue 35: "End the turn with the answer": once no hit waits, the attacker's turn ends,
    a command of its own that Undo takes back first."""
    enc, screen = started()
    to(screen, "attack", "roll", dice=[3, 3])
    to(screen, "attack", "answer", how="take", end_turn=True)
    assert attack(screen)["error"] == ""
    assert enc.current != "Widow" and not enc.pending_hits
    to(screen, "strip", "undo")
    assert enc.current == "Widow" and enc.turn_state("Thug").out


def test_the_preview_odds_are_exact() -> None:
    enc, screen = started()
    p = attack(screen)["preview"]
    assert (p["roll"], p["against"]) == ("Agility 6 + 2d6", "8 + Agility 3")
    assert p["difficulty"] == 11 and p["extreme_total"] == 14
    # Widow's Agility 6 + 2d6 against 8 + Thug's Agility 3; expertise in Blast: extreme at 14
    assert exact(p["success"]) == chance(6, 11) == Fraction(5, 6)
    assert exact(p["extreme"]) == chance(6, 14) == Fraction(5, 12)
    assert exact(p["success"]) == enc.attack_preview("Widow", "Thug", power="Blast").odds.success
    assert p["effects"] == ["overwhelming", "slamming", "staggering"]
    assert sum(q for _, q in p["distribution"]) == pytest.approx(1)


def test_choosing_the_setup_previews_its_odds_without_rolling() -> None:
    enc, screen = started()
    entries = len(enc.log)
    to(
        screen,
        "attack",
        "choose",
        attacker="Widow",
        target="Brute",
        power="Blast",
        attack_bonus=["surprised"],
        defense_bonus=["cant_see"],
    )
    assert attack(screen)["error"] == ""
    p = attack(screen)["preview"]
    assert p["roll"] == "Agility 6 + 2d6 + 3 attack bonus"
    assert p["against"] == "8 + Agility 2 + 3 defense bonus"
    assert exact(p["success"]) == chance(6 + 3, 8 + 2 + 3)
    assert len(enc.log) == entries and attack(screen)["pending"] == []
    # a range beyond the power's bands costs defense
    to(screen, "attack", "choose", attacker="Widow", target="Brute", power="Blast", distance=1e6)
    p = attack(screen)["preview"]
    assert p["automatic"] == ["2 range bands beyond the power's"]
    assert p["against"] == "8 + Agility 2 + 6 defense bonus"
    assert exact(p["success"]) == chance(6, 8 + 2 + 6)


def test_a_hit_waits_with_each_answer_s_odds_and_cost() -> None:
    enc, screen = started()
    to(screen, "attack", "roll", dice=[3, 3])
    assert attack(screen)["error"] == ""
    assert [hit.target for hit in enc.pending_hits] == ["Thug"]
    assert attack(screen)["pending"] == [
        {
            "attacker": "Widow",
            "target": "Thug",
            "power": "Blast",
            "rank": 7,
            "kind": "normal",
            "dr": 7,
            "extreme": False,
            "effect": None,
            "title": "Widow's Blast (rank 7) hits Thug",
        }
    ]
    answers = attack(screen)["answers"]
    assert (answers["target"], answers["attacker"]) == ("Thug", "Widow")
    assert "choose_effect" not in answers
    # block: Prowess 4 against 8 + rank 7; dodge: Agility 3; both use Thug's coming turn
    assert (answers["block"]["attribute_name"], answers["block"]["difficulty"]) == ("Prowess", 15)
    assert exact(answers["block"]["success"]) == chance(4, 15) == Fraction(1, 12)
    assert exact(answers["dodge"]["success"]) == chance(3, 15) == Fraction(1, 36)
    for how in ("block", "dodge"):
        assert answers[how]["consequence"] == "forced action: uses Thug's turn in round 1"
        assert "distribution" not in answers[how]  # a card shows the chance, not a chart
    assert answers["cover"]["consequence"] == (
        "forced action: uses Thug's turn in round 1; ends prone"
    )
    # taking it: DR 7 less protection 2
    assert answers["take"] == {
        "damage": 5,
        "stunning": False,
        "penetrating": False,
        "protection": 2,
        "dr": 7,
        "before": 5,
        "after": 0,
        "out": True,
    }
    assert attack(screen)["result"]["lines"] == [enc.log[-1].text]


def test_an_answer_after_the_defender_has_acted_costs_their_next_round_s_turn() -> None:
    enc, screen = started()
    to(screen, "strip", "end_turn")
    to(screen, "strip", "end_turn")
    assert enc.current == "Brute"
    to(screen, "attack", "choose", attacker="Brute", target="Widow", rank=4)
    to(screen, "attack", "roll", dice=[6, 6])
    answers = attack(screen)["answers"]
    assert answers["dodge"]["consequence"] == "forced action: uses Widow's turn in round 2"
    assert exact(answers["dodge"]["success"]) == chance(6, 8 + 4)


def test_a_successful_block_negates_the_hit_and_costs_the_turn() -> None:
    enc, screen = started()
    to(screen, "attack", "roll", dice=[3, 3])
    to(screen, "attack", "answer", how="block", dice=[6, 5])  # 4 + 11 = 15
    assert attack(screen)["error"] == ""
    assert enc.pending_hits == () and attack(screen)["pending"] == []
    assert attack(screen)["answers"] == {}
    assert enc.endurance("Thug").current == endurance(screen, "Thug") == 5
    assert screen.panels["strip"]["states"]["Thug"]["lost"] == [[1, "blocks attack by Widow"]]
    assert "negated" in attack(screen)["result"]["lines"][-1]
    to(screen, "strip", "end_turn")
    assert enc.current == "Brute"  # Thug's turn went to the block


def test_a_failed_dodge_lets_the_hit_land_and_the_card_s_meter_moves() -> None:
    enc, screen = started()
    to(screen, "attack", "choose", attacker="Widow", target="Brute", rank=3)
    assert attack(screen)["preview"]["weapon"]["dr"] == 3
    to(screen, "attack", "roll", dice=[5, 5])
    assert attack(screen)["answers"]["take"]["after"] == 3
    assert endurance(screen, "Brute") == 6
    to(screen, "attack", "answer", how="dodge", dice=[1, 1])
    assert enc.endurance("Brute").current == endurance(screen, "Brute") == 3
    assert card(screen, "Brute")["vitals"]["maximum"] == 6
    assert card(screen, "Brute")["out"] is False
    lines = attack(screen)["result"]["lines"]
    assert lines[-1] == enc.log[-1].text and "Endurance 6 -> 3" in lines[-1]


def test_taking_the_hit_puts_the_target_out_of_the_fight() -> None:
    enc, screen = started()
    to(screen, "attack", "roll", dice=[3, 3])
    to(screen, "attack", "answer", how="take")
    assert enc.endurance("Thug").current == endurance(screen, "Thug") == 0
    assert card(screen, "Thug")["out"] is True
    assert screen.panels["strip"]["states"]["Thug"]["skipped"] == "out of the fight"


def test_diving_for_cover_avoids_the_hit_and_leaves_the_target_prone() -> None:
    enc, screen = started()
    to(screen, "attack", "roll", dice=[3, 3])
    to(screen, "attack", "answer", how="cover")
    assert enc.pending_hits == () and endurance(screen, "Thug") == 5
    [prone] = card(screen, "Thug")["conditions"]
    assert (prone["name"], prone["until"]) == ("prone", "until the end of Thug's next turn")
    assert enc.has_condition("Thug", "prone")


def test_refusals_show_and_change_nothing() -> None:
    enc = battle()
    screen = GMScreen(enc, folder="/nonexistent-folder")
    to(screen, "attack", "roll")
    assert attack(screen)["error"] == "Choose who attacks whom first."
    to(screen, "strip", "start")
    to(screen, "attack", "answer", how="take")
    assert attack(screen)["error"] == "No hit is waiting for an answer."
    to(screen, "attack", "roll", dice=[3, 3])
    before = (enc.to_json(), plain(screen.panels["roster"]))
    for args, reason in [
        ({"how": "parry"}, "block, dodge, cover or take"),
        ({"how": "block", "dice": [7, 7]}, "7"),
        ({"how": "dodge", "dice": "66"}, "Dice must be a list"),
    ]:
        to(screen, "attack", "answer", **args)
        assert reason in attack(screen)["error"], args
        assert (enc.to_json(), plain(screen.panels["roster"])) == before
        assert len(attack(screen)["pending"]) == 1
    to(screen, "attack", "roll", dice=[3, 3])
    assert "First resolve" in attack(screen)["error"]
    to(screen, "attack", "choose", attacker="Nobody", target="Thug")
    assert "Nobody" in attack(screen)["error"]
    assert attack(screen)["selection"]["attacker"] == "Widow"


def test_an_attack_out_of_turn_previews_the_refusal() -> None:
    enc, screen = started()
    to(screen, "attack", "choose", attacker="Brute", target="Widow", rank=4)
    assert "only on their own turn" in attack(screen)["preview"]["refused"]
    to(screen, "attack", "roll", dice=[6, 6])
    assert "only on their own turn" in attack(screen)["error"]
    assert enc.pending_hits == ()


# -- an extreme success's effect -------------------------------------------------------------


def test_an_extreme_success_asks_for_its_effect_before_the_answer() -> None:
    enc, screen = started()
    to(screen, "attack", "roll", dice=[4, 4])  # 6 + 8 = 14: extreme
    assert attack(screen)["pending"][0]["extreme"] is True
    assert attack(screen)["answers"]["choose_effect"] == ["overwhelming", "slamming", "staggering"]
    to(screen, "attack", "effect", effect="dazzling")
    assert "dazzling" in attack(screen)["error"]
    assert enc.pending_attack is not None and enc.pending_attack.effect is None
    to(screen, "attack", "effect", effect="overwhelming")
    assert attack(screen)["error"] == ""
    # three ranks more: rank and DR 10, so the block needs 8 + 10
    hit = attack(screen)["pending"][0]
    assert (hit["effect"], hit["rank"], hit["dr"]) == ("overwhelming", 10, 10)
    assert enc.pending_attack is not None and enc.pending_attack.rank == 10
    answers = attack(screen)["answers"]
    assert "choose_effect" not in answers
    assert answers["block"]["difficulty"] == 18
    assert exact(answers["block"]["success"]) == chance(4, 18) == 0
    assert answers["take"]["damage"] == 8
    to(screen, "attack", "effect", effect="slamming")
    assert "already overwhelming" in attack(screen)["error"]
    assert attack(screen)["result"]["lines"][-1] == enc.log[-1].text
    assert "overwhelming" in enc.log[-1].text


def test_a_staggering_hit_taken_costs_the_target_their_next_turn() -> None:
    enc, screen = started()
    to(screen, "attack", "choose", attacker="Widow", target="Brute", power="Blast", rank=3)
    to(screen, "attack", "roll", dice=[6, 6])  # 6 + 12 = 18 vs 10: extreme
    to(screen, "attack", "effect", effect="staggering")
    to(screen, "attack", "answer", how="take", reaction_dice=[1, 1])  # Willpower 2 + 2 < 11
    assert attack(screen)["error"] == ""
    assert enc.has_condition("Brute", "staggered")
    assert "staggered" in [c["name"] for c in card(screen, "Brute")["conditions"]]
    assert screen.panels["strip"]["states"]["Brute"]["lost"] == [[1, "staggered"]]


def test_an_extreme_non_endurance_attack_can_only_be_overwhelming() -> None:
    _enc, screen = started()
    to(screen, "attack", "choose", attacker="Widow", target="Thug", power="Mind Control")
    assert attack(screen)["preview"]["effects"] == ["overwhelming"]
    assert attack(screen)["preview"]["expertise"] is False  # no expertise in Mind Control
    assert exact(attack(screen)["preview"]["extreme"]) == 0


# -- explosions ------------------------------------------------------------------------------


def test_an_explosion_catches_several_targets_each_answering_in_turn() -> None:
    enc, screen = started()
    to(
        screen,
        "attack",
        "choose",
        attacker="Widow",
        power="Grenade",
        target="Thug",
        targets=["Thug", "Brute"],
        outer=["Brute"],
    )
    assert attack(screen)["preview"] == {"exploding": True, "difficulty": 9}
    to(screen, "attack", "roll", dice=[2, 1])  # 6 + 3 = 9: hit
    assert attack(screen)["error"] == ""
    pending = attack(screen)["pending"]
    assert [(h["target"], h["dr"], h["kind"], h["extreme"]) for h in pending] == [
        ("Thug", 6, "exploding", False),
        ("Brute", 3, "exploding", False),  # the outer half: half the DR, rounded up
    ]
    answers = attack(screen)["answers"]
    assert answers["target"] == "Thug" and "choose_effect" not in answers
    assert "cannot be blocked" in answers["block"]["refused"]
    assert "cannot be dodged" in answers["dodge"]["refused"]
    assert answers["take"]["damage"] == 4 and answers["take"]["after"] == 1
    to(screen, "attack", "answer", how="block")
    assert "cannot be blocked" in attack(screen)["error"]
    to(screen, "attack", "answer", how="take")
    assert enc.endurance("Thug").current == endurance(screen, "Thug") == 1
    assert attack(screen)["answers"]["target"] == "Brute"
    assert attack(screen)["answers"]["take"]["damage"] == 3
    to(screen, "attack", "answer", how="cover")
    assert enc.pending_hits == () and attack(screen)["pending"] == []
    assert endurance(screen, "Brute") == 6
    assert [c["name"] for c in card(screen, "Brute")["conditions"]] == ["prone"]


def test_an_explosion_that_misses_leaves_nothing_waiting() -> None:
    enc, screen = started()
    to(screen, "attack", "choose", attacker="Widow", power="Grenade", targets=["Thug", "Brute"])
    to(screen, "attack", "roll", dice=[1, 1])  # 6 + 2 < 9
    assert attack(screen)["error"] == "" and attack(screen)["pending"] == []
    assert "miss" in attack(screen)["result"]["lines"][-1]
    assert enc.log[-1].kind == "attack"


# -- attacks that are not Endurance damage ----------------------------------------------------


def test_a_non_endurance_attack_takes_effect_as_the_gm_says() -> None:
    enc, screen = started()
    to(screen, "attack", "choose", attacker="Widow", target="Thug", power="Mind Control")
    to(screen, "attack", "roll", dice=[3, 3])
    answers = attack(screen)["answers"]
    assert answers["take"] == {
        "effect": "Mind Control is not Endurance damage: the GM says what it does"
    }
    assert "same power" in answers["block"]["refused"]  # Thug has no Mind Control
    assert answers["power"] is None
    to(screen, "attack", "answer", how="take")
    assert enc.pending_hits == ()
    assert endurance(screen, "Thug") == 5
    assert "takes effect on Thug" in attack(screen)["result"]["lines"][-1]


def test_a_target_with_the_same_power_blocks_with_it() -> None:
    enc, screen = started()
    enc.add("Psion", side="villains", attacks=[{"name": "Mind Control", "rank": 8}])
    to(screen, "attack", "choose", attacker="Widow", target="Psion", power="Mind Control")
    to(screen, "attack", "roll", dice=[3, 3])
    answers = attack(screen)["answers"]
    assert answers["power"] == "Mind Control"
    assert (answers["block"]["attribute_name"], answers["block"]["attribute"]) == (
        "Mind Control",
        8,
    )
    assert exact(answers["block"]["success"]) == chance(8, 8 + 6)
    to(screen, "attack", "answer", how="block", dice=[3, 3])  # 8 + 6 = 14: success
    assert attack(screen)["error"] == "" and enc.pending_hits == ()
    assert "Mind Control" in enc.log[-2].text


# -- stale state never shows ----------------------------------------------------------------


def test_the_result_clears_when_the_turn_moves_on_or_is_undone() -> None:
    enc, screen = started()
    to(screen, "attack", "roll", dice=[1, 1])  # a miss: nothing waits
    assert attack(screen)["result"]["lines"] == [enc.log[-1].text]
    to(screen, "strip", "end_turn")
    assert attack(screen)["result"] == {}
    to(screen, "strip", "undo")
    assert attack(screen)["result"] == {}  # not brought back by the undo
    to(screen, "attack", "roll", dice=[1, 1])
    assert attack(screen)["result"] != {}
    to(screen, "log", "undo")
    assert attack(screen)["result"] == {}
    assert [e.kind for e in enc.log].count("attack") == 1  # the first roll's only


def test_a_choice_lasts_the_turn_and_the_next_turn_follows_its_combatant() -> None:
    _enc, screen = started()
    to(screen, "attack", "choose", attacker="Widow", target="Brute", power="Blast")
    to(screen, "roster", "add_condition", name="Brute", condition="blinded")
    assert attack(screen)["selection"]["target"] == "Brute"  # a change elsewhere keeps it
    to(screen, "strip", "end_turn")
    assert attack(screen)["selection"]["attacker"] == "Thug"
    # End turn clicked too soon, then Undo: the GM's choice for Widow's turn comes back
    to(screen, "strip", "undo")
    s = attack(screen)["selection"]
    assert (s["attacker"], s["target"]) == ("Widow", "Brute")
    assert attack(screen)["preview"]["against"].startswith("8 + Agility 2")  # Brute's
    to(screen, "strip", "redo")
    assert attack(screen)["selection"]["attacker"] == "Thug"


def test_an_undone_choice_does_not_come_back_without_its_target() -> None:
    enc, screen = started()
    to(screen, "roster", "add", name="Mook", sheet={"agility": 2})
    to(screen, "attack", "choose", attacker="Widow", target="Mook", power="Blast")
    to(screen, "roster", "remove", name="Mook")  # still Widow's turn: the choice goes
    assert attack(screen)["selection"]["target"] == "Thug"
    to(screen, "strip", "end_turn")
    to(screen, "strip", "undo")  # back to Widow's turn, with Mook still gone
    assert "Mook" not in enc.names and enc.current == "Widow"
    s = attack(screen)["selection"]
    assert (s["attacker"], s["target"]) == ("Widow", "Thug")


def test_the_attack_panel_alone_works_as_on_the_screen() -> None:
    enc = battle()
    enc.start()
    panel = AttackPanel(enc)
    assert panel.layout_panels == ["attack"]
    panel_state: dict[str, Any] = panel.panels["attack"]
    assert panel_state["selection"]["attacker"] == "Widow"
    send(panel, {"cmd": "roll", "dice": [3, 3]})
    send(panel, {"cmd": "answer", "how": "take"})
    assert enc.endurance("Thug").current == 0 and panel_state["pending"] == []


def test_the_panel_remembers_each_attacker_s_last_attack_and_target() -> None:
    """Issue 32: "The attack panel remembers the attacker's last attack, rank and hand-to-hand
    choice" (and whom they attacked, while that one is still in the fight)."""
    enc, screen = started()
    to(screen, "attack", "choose", attacker="Widow", target="Brute", power="Mind Control")
    to(screen, "attack", "roll", dice=[1, 1])  # a miss
    to(screen, "strip", "end_turn")
    to(screen, "attack", "choose", attacker="Thug", target="Widow", rank=7, kind="stunning")
    to(screen, "attack", "choose", attacker="Thug", target="Widow", rank=7, hand_to_hand=True)
    to(screen, "attack", "roll", dice=[1, 1])
    for _ in range(2):
        to(screen, "strip", "end_turn")
    assert enc.current == "Widow" and enc.round == 2
    s = attack(screen)["selection"]
    assert (s["attacker"], s["target"], s["power"], s["rank"]) == (
        "Widow",
        "Brute",
        "Mind Control",
        None,
    )
    to(screen, "strip", "end_turn")
    s = attack(screen)["selection"]
    assert (s["attacker"], s["target"], s["power"]) == ("Thug", "Widow", None)
    assert (s["rank"], s["kind"], s["hand_to_hand"]) == (7, None, True)
    assert attack(screen)["preview"]["roll"].startswith("Prowess")  # hand-to-hand
    to(screen, "strip", "end_turn")  # Brute: never attacked, the defaults
    s = attack(screen)["selection"]
    assert (s["attacker"], s["target"], s["power"], s["rank"]) == ("Brute", "Widow", None, 5)


def test_a_remembered_target_out_of_the_fight_gives_way_to_a_foe_standing() -> None:
    enc, screen = started()
    to(screen, "attack", "choose", attacker="Widow", target="Thug", power="Blast")
    to(screen, "attack", "roll", dice=[1, 1])
    enc.defeat("Thug")
    for _ in range(2):
        to(screen, "strip", "end_turn")
    assert enc.current == "Widow"
    assert attack(screen)["selection"]["target"] == "Brute"


def test_grab_grapple_let_go_and_break_free_from_the_attack_panel() -> None:
    """Seed 004, "Grabbing": the grab, the target's attempt to break free, then "hold"; the
    hold shows on both cards; on the held one's turn Break free is offered."""
    enc, screen = started()
    for _ in range(2):
        to(screen, "strip", "end_turn")
    assert enc.current == "Brute"
    to(screen, "attack", "choose", attacker="Brute", target="Widow")
    before = enc.to_json()
    to(screen, "attack", "grab", follow_up="fling", dice=[6, 6, 1, 1])
    assert "fling" in attack(screen)["error"] and enc.to_json() == before
    to(screen, "attack", "grab", follow_up="hold", dice=[6, 5, 1, 1])
    assert attack(screen)["error"] == ""
    assert enc.held_by("Widow") == "Brute" and enc.holding("Brute") == "Widow"
    assert attack(screen)["grapple"] == {"holding": "Widow", "held_by": None}
    assert any("grabs Widow" in line for line in attack(screen)["result"]["lines"])
    conditions = {n: [c["name"] for c in card(screen, n)["conditions"]] for n in ("Widow", "Brute")}
    assert conditions == {"Widow": ["held"], "Brute": ["holding"]}
    to(screen, "strip", "end_turn")
    assert enc.current == "Widow"
    assert attack(screen)["grapple"] == {"holding": None, "held_by": "Brute"}
    to(screen, "attack", "break_free", dice=[1, 1])
    assert enc.held_by("Widow") == "Brute"  # still held
    to(screen, "strip", "end_turn")
    to(screen, "strip", "end_turn")
    assert enc.current == "Brute"
    to(screen, "attack", "grapple", action="squeeze")
    assert attack(screen)["error"] == ""
    assert any("squeeze" in line for line in attack(screen)["result"]["lines"])
    to(screen, "attack", "let_go")
    assert enc.held_by("Widow") is None and attack(screen)["grapple"] == {
        "holding": None,
        "held_by": None,
    }
    to(screen, "attack", "let_go")
    assert attack(screen)["error"] == "Brute is holding nobody."


def test_the_grab_follow_ups_are_the_engine_s() -> None:
    """The panel's words for a grab's follow-ups and a grapple's actions cover exactly what the
    engine takes (seed 004, "Grabbing", "Grappling")."""
    from bpb_widgets.bpb.grabs import GRAPPLE_ACTIONS
    from bpb_widgets.bpb.rules.grappling import GRAB_OPTIONS

    _enc, screen = started()
    assert [key for key, _ in attack(screen)["follow_ups"]] == list(GRAB_OPTIONS)
    assert [key for key, _ in attack(screen)["grapple_actions"]] == list(GRAPPLE_ACTIONS)


def test_someone_takes_the_hit_for_its_target_at_the_cost_of_a_forced_action() -> None:
    """Seed 000, "Forcing An Action": "A forced action can also be used to take a defensive
    action on someone else's behalf, such as diving in front of an attack"; "Blueshift forces
    her next action to leap between Ganyeka and Monolith ... On the seventh round, Blueshift
    loses her turn." The hit offers "Take it for Monolith" to those on his side who may, with
    the cost."""
    enc = Encounter(seed=2)
    enc.add_party(enc.sheets_from_json(CAST.read_text()))
    enc.add("Black Steel", side="heroes", prowess=6)
    enc.set_order(["Blueshift", "Ganyeka", "Monolith", "Ganyeka's henchmen", "Black Steel"])
    screen = GMScreen(enc, folder="/nonexistent-folder")
    enc.start()
    enc.end_turn()  # Blueshift has acted: her next available turn is in round 2
    assert enc.current == "Ganyeka"
    to(screen, "attack", "choose", attacker="Ganyeka", target="Monolith", rank=6)
    to(screen, "attack", "roll", dice=[6, 5])
    offered = attack(screen)["answers"]["interpose"]
    assert offered == [
        {"name": "Blueshift", "cost": "forced action: uses Blueshift's turn in round 2"},
        {"name": "Black Steel", "cost": "forced action: uses Black Steel's turn in round 1"},
    ]
    before = enc.to_json()
    to(screen, "attack", "answer", how="block", instead="Blueshift")
    assert "they do not block it" in attack(screen)["error"] and enc.to_json() == before
    to(screen, "attack", "answer", how="take", instead="Ganyeka")
    assert attack(screen)["error"] and enc.to_json() == before  # the attacker may not
    to(screen, "attack", "answer", how="take", instead="Blueshift")
    assert attack(screen)["error"] == "" and not enc.pending_hits
    assert endurance(screen, "Blueshift") < 5 and endurance(screen, "Monolith") == 8
    while enc.round < 3:
        enc.end_turn()
    assert "Blueshift's turn" not in enc.transcript(2).splitlines()


def test_a_plot_point_turns_a_miss_into_a_hit_at_the_roll() -> None:
    """Seed 004, "Automatic Success": the character "succeeds at the current task roll ... it can
    be an attempt to hit in combat": snake eyes hit with a plot point spent at the roll; the
    target, a player too, buys a dodge's success the same way."""
    enc = Encounter(seed=3)
    enc.add("Widow", player=True, side="heroes", agility=3, attacks=[{"name": "Blast", "rank": 7}])
    enc.add("Thug", player=True, side="villains", agility=6)
    screen = GMScreen(enc, folder="/nonexistent-folder")
    to(screen, "strip", "start")
    assert attack(screen)["plot"] == {"roller": "Widow", "points": 1, "waiting": False}
    to(screen, "attack", "roll", dice=[1, 1], plot_point=True)
    assert attack(screen)["error"] == "" and enc.pending_attack is not None
    assert enc.plot_points("Widow") == 0
    assert "automatic success" in attack(screen)["result"]["lines"][0]
    assert attack(screen)["plot"] == {"roller": "Thug", "points": 1, "waiting": False}
    to(screen, "attack", "answer", how="take", plot_point=True)
    assert "no roll to take" in attack(screen)["error"]
    to(screen, "attack", "answer", how="dodge", dice=[1, 1], plot_point=True)
    assert attack(screen)["error"] == "" and not enc.pending_hits
    assert enc.log[-1].kind == "avoided" and enc.plot_points("Thug") == 0
    assert attack(screen)["plot"] == {}  # Widow has none left


def blamed(screen: GMScreen) -> tuple[str, str]:
    """The form and field the attack panel's last refusal blames (shown next to that field)."""
    error = attack(screen)["form_error"]
    assert error["message"] in attack(screen)["error"]
    return error["form"], error["field"]


def test_a_refused_grab_or_break_free_blames_its_field() -> None:
    """The Grab form's refusals are shown next to Then or the dice box, Break free's next to
    the dice box; a plot point nobody has, next to the plot-point box. Nothing changes."""
    enc, screen = started()
    for _ in range(2):
        to(screen, "strip", "end_turn")
    to(screen, "attack", "choose", attacker="Brute", target="Widow")
    before = enc.to_json()
    to(screen, "attack", "grab", follow_up="fling", dice=[6, 6, 1, 1])
    assert blamed(screen) == ("grab", "follow_up") and enc.to_json() == before
    to(screen, "attack", "grab", follow_up="hold", dice=[6, 9])
    assert blamed(screen) == ("grab", "dice") and enc.to_json() == before
    to(screen, "attack", "grab", follow_up="hold", dice=[6, 5, 1, 7])
    assert blamed(screen) == ("grab", "dice") and enc.to_json() == before
    to(screen, "attack", "grab", follow_up="hold", dice=[6, 5], plot_point=True)
    assert blamed(screen) == ("grab", "plot_point") and enc.to_json() == before
    to(screen, "attack", "grab", follow_up="hold", dice=[6, 5, 1, 1])
    assert attack(screen)["form_error"] == {} and enc.held_by("Widow") == "Brute"
    to(screen, "strip", "end_turn")
    held = enc.to_json()
    to(screen, "attack", "break_free", dice=[0, 1])
    assert blamed(screen) == ("break_free", "dice") and enc.to_json() == held
    to(screen, "attack", "break_free", dice=[1, 1])
    assert attack(screen)["form_error"] == {}


def test_a_refused_roll_or_answer_blames_its_field() -> None:
    """The attack's dice and plot-point box, an answer's, and "Take it for" each show their
    refusal next to their own field (the interposers' group for "Take it for")."""
    enc = Encounter(seed=3)
    enc.add("Widow", side="heroes", agility=3, attacks=[{"name": "Blast", "rank": 7}])
    enc.add("Thug", player=True, side="villains", agility=6)
    enc.add("Goon", side="villains")
    screen = GMScreen(enc, folder="/nonexistent-folder")
    to(screen, "strip", "start")
    before = enc.to_json()
    to(screen, "attack", "roll", dice=[1, 2, 3])
    assert blamed(screen) == ("roll", "dice") and enc.to_json() == before
    to(screen, "attack", "roll", dice=[6, 6], plot_point=True)  # Widow is no player
    assert blamed(screen) == ("roll", "plot_point") and enc.to_json() == before
    to(screen, "attack", "roll", dice=[6, 5])
    assert attack(screen)["form_error"] == {} and enc.pending_attack is not None
    waiting = enc.to_json()
    to(screen, "attack", "answer", how="take", plot_point=True)
    assert blamed(screen) == ("answer", "plot_point") and enc.to_json() == waiting
    to(screen, "attack", "answer", how="dodge", dice=[7, 1])
    assert blamed(screen) == ("answer", "dice") and enc.to_json() == waiting
    to(screen, "attack", "answer", how="take", instead="Widow")  # the attacker may not
    assert blamed(screen) == ("answer", "instead") and enc.to_json() == waiting
    to(screen, "attack", "answer", how="take")
    assert attack(screen)["form_error"] == {} and not enc.pending_hits
