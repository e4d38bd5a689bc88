"""What goes over the wire: small patches of the fields that changed, which a front end applying
them (as ``js/lib/sync.js`` does) turns into exactly the kernel's state; a view opened later gets
the whole state."""

from __future__ import annotations

import json
from typing import Any

import pytest
from system_kit import blackout_fight, d10_fight
from widget_kit import FrontEnd, Wire, battle, crowd, fight, plain, send, to

from bpb_widgets import Encounter
from bpb_widgets.widgets import DefensePanel, EncounterLog, GMScreen, Roster, TurnOrderStrip


def end_turn_bytes(enc: Encounter, wire: Wire) -> int:
    screen = GMScreen(enc, folder="/nonexistent-folder")
    wire.clear()
    to(screen, "strip", "end_turn")
    assert screen.panels["strip"]["error"] == ""
    return wire.bytes


def test_one_end_turn_on_a_500_combatant_fight_sends_a_few_kilobytes(wire: Wire) -> None:
    """The whole screen's patch: a fresh 5-combatant fight's and a 500-combatant fight 1,000
    turns in send about the same (the state of the 500 is hundreds of kilobytes)."""
    small = end_turn_bytes(crowd(5, 2), wire)
    enc = crowd(500, 1_000)
    large = end_turn_bytes(enc, wire)
    assert large <= 4096
    assert large <= small * 1.5
    assert len(json.dumps(plain(GMScreen(enc).panels))) > 100 * large


def test_the_round_s_last_end_turn_sends_little_too(wire: Wire) -> None:
    """A new round flips every chip's ``acted``: the round-coded record changes none of them."""
    enc = crowd(200, 199)  # the next end_turn starts round 2
    strip = TurnOrderStrip(enc)
    wire.clear()
    send(strip, {"cmd": "end_turn"})
    assert enc.round == 2
    assert wire.bytes <= 2048


def test_a_patch_names_only_the_fields_that_changed(wire: Wire) -> None:
    enc = fight()
    enc.start()
    strip = TurnOrderStrip(enc)
    send(strip, {"cmd": "end_turn"})  # the round's opening turn over: an order now waits
    wire.clear()
    send(strip, {"cmd": "end_turn"})
    [patch] = wire.patches()
    edits = {edit["field"]: edit for edit in patch["panels"]["strip"]}
    assert set(edits) == {"current", "turn", "states"}
    assert edits["current"] == {"field": "current", "value": "Monolith"}
    assert edits["turn"] == {"field": "turn", "value": "Monolith's turn"}
    assert set(edits["states"]["set"]) == {"Ganyeka"}  # the chip that changed: acted
    assert edits["states"]["set"]["Ganyeka"]["acted"] == 1


def test_a_refused_command_sends_the_error_alone(wire: Wire) -> None:
    strip = TurnOrderStrip(fight())
    wire.clear()
    send(strip, {"cmd": "end_turn"})
    [patch] = wire.patches()
    assert [edit["field"] for edit in patch["panels"]["strip"]] == ["error"]
    wire.clear()
    send(strip, {"cmd": "end_turn"})  # the same error again: nothing to send
    assert wire.messages == []


def test_a_spend_sends_one_small_patch_of_the_spender(wire: Wire) -> None:
    enc = d10_fight()
    for i in range(40):
        enc.add(f"Cultist {i:02d}", agb=1, awarb=1)
    enc.roll_order()
    enc.start()
    strip = TurnOrderStrip(enc)
    current = enc.current
    assert current is not None
    enc.roll_ap(current, dice=[9] * enc.combatant(current).agb)
    wire.clear()
    send(strip, {"cmd": "spend_ap"})
    [patch] = wire.patches()
    states = [edit for edit in patch["panels"]["strip"] if edit["field"] == "states"]
    assert [list(edit["set"]) for edit in states] == [[current]]
    assert wire.bytes < 1000


def test_an_end_turn_elsewhere_sends_the_defense_panel_little(wire: Wire) -> None:
    enc = fight()
    enc.start()
    widget = DefensePanel(enc)
    send(widget, {"cmd": "choose", "attacker": "Ganyeka", "defender": "Monolith", "rank": 5})
    wire.clear()
    enc.end_turn()
    assert wire.bytes < 1024


def test_a_roster_change_of_one_card_sends_that_card(wire: Wire) -> None:
    enc = crowd(100, 10)
    roster = Roster(enc)
    wire.clear()
    send(roster, {"cmd": "defeat", "name": "Combatant 042"})
    cards = [
        edit["set"]
        for patch in wire.patches()
        for edit in patch["panels"]["roster"]
        if edit["field"] == "cards"
    ]
    assert [list(card) for card in cards] == [["Combatant 042"]]
    assert cards[0]["Combatant 042"]["defeated"] is True


def test_a_view_opened_late_gets_the_whole_current_state(wire: Wire) -> None:
    enc = battle()
    screen = GMScreen(enc, folder="/nonexistent-folder")
    to(screen, "strip", "start")
    to(screen, "attack", "roll", dice=[4, 4])
    to(screen, "attack", "answer", how="cover")
    to(screen, "roster", "add_condition", name="Brute", condition="stunned")
    state = screen.get_state()
    assert plain(state["panels"]) == plain(screen.panels)
    assert [c["name"] for c in state["panels"]["roster"]["cards"]["Thug"]["conditions"]] == [
        "prone"
    ]
    assert [c["name"] for c in state["panels"]["roster"]["cards"]["Brute"]["conditions"]] == [
        "stunned"
    ]
    late = GMScreen(enc, folder="/nonexistent-folder")
    assert plain(late.get_state()["panels"]) == {
        **plain(screen.panels),
        "attack": {**plain(screen.panels["attack"]), "result": {}},
    }


def session(screen: GMScreen, steps: list[tuple[str, str, dict[str, Any]]]) -> None:
    for key, cmd, args in steps:
        to(screen, key, cmd, **args)


BPB_STEPS: list[tuple[str, str, dict[str, Any]]] = [
    ("strip", "start", {}),
    ("attack", "roll", {"dice": [4, 4]}),
    ("attack", "effect", {"effect": "staggering"}),
    ("attack", "answer", {"how": "block", "dice": [1, 1], "reaction_dice": [1, 1]}),
    ("roster", "add", {"name": "Black Steel", "sheet": {"agility": 6, "side": "heroes"}}),
    ("roster", "add", {"name": "Black Steel", "sheet": {}}),
    ("roster", "add_condition", {"name": "Brute", "condition": "blinded", "ends": "end"}),
    ("strip", "end_turn", {}),
    ("attack", "choose", {"attacker": "Brute", "target": "Widow", "rank": 6}),
    ("attack", "roll", {"dice": [6, 5]}),
    ("attack", "answer", {"how": "dodge", "dice": [2, 2]}),
    ("log", "undo", {}),
    ("log", "redo_all", {}),
    ("task", "choose", {"combatant": "Widow", "attribute": "agility", "difficulty": 12}),
    ("task", "roll", {"dice": [3, 4]}),
    ("strip", "end_turn", {}),
    ("roster", "remove", {"name": "Black Steel"}),
    ("log", "undo_to", {"index": 6}),
    ("log", "earlier", {}),
]
BLACKOUT_STEPS: list[tuple[str, str, dict[str, Any]]] = [
    ("initiative", "choose", {"combatant": "Kara", "count": 2}),
    ("initiative", "roll", {"dice": [1, 2]}),
    ("initiative", "choose", {"combatant": "Vex", "count": 3}),
    ("initiative", "roll", {"dice": [5, 5, 5]}),
    ("strip", "start", {}),
    ("combat", "choose", {"attacker": "Kara", "target": "Mech", "pool": 4}),
    ("combat", "attack", {"successes": 3}),
    ("combat", "choose_damage", {"pool": 5}),
    ("combat", "damage", {"successes": 2}),
    ("strip", "end_turn", {}),
    ("log", "undo", {}),
]
D10_STEPS: list[tuple[str, str, dict[str, Any]]] = [
    ("d10", "surprise_check", {"combatant": "Evan", "roll": 6}),
    ("strip", "set_order", {"names": ["Evan", "Orc"]}),
    ("strip", "roll_order", {}),
    ("strip", "start", {}),
    ("d10", "roll_ap", {"dice": [4, 7, 8]}),
    ("strip", "spend_ap", {"ap": 1}),
    ("log", "undo", {}),
    ("roster", "defeat", {"name": "Orc"}),
]


@pytest.mark.parametrize(
    ("make", "steps"),
    [(battle, BPB_STEPS), (blackout_fight, BLACKOUT_STEPS), (d10_fight, D10_STEPS)],
    ids=["bpb", "blackout", "d10-ap"],
)
def test_the_patches_rebuild_the_kernel_s_state_exactly(
    wire: Wire, make: Any, steps: list[tuple[str, str, dict[str, Any]]]
) -> None:
    screen = GMScreen(make(), folder="/nonexistent-folder")
    front = FrontEnd(wire, screen)
    for step in steps:
        session(screen, [step])
        assert front.catch_up() == plain(screen.panels), step
    assert len(wire.patches()) >= len(steps) // 2  # the state moved by patches, not updates
    assert "panels" not in wire.updates()


def test_every_widget_on_the_encounter_stays_in_step(wire: Wire) -> None:
    enc = battle()
    screen = GMScreen(enc, folder="/nonexistent-folder")
    strip, log = TurnOrderStrip(enc), EncounterLog(enc)
    fronts = [FrontEnd(wire, widget) for widget in (screen, strip, log)]
    session(screen, BPB_STEPS[:8])
    enc.end_turn()  # from Python
    send(strip, {"cmd": "undo"})
    for front, widget in zip(fronts, (screen, strip, log), strict=True):
        assert front.catch_up() == plain(widget.panels)
    assert strip.panels["strip"] == screen.panels["strip"]
    assert log.panels["log"] == screen.panels["log"]
