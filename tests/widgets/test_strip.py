"""The order of play (``strip``): commands in, the engine's order, round and turn states out,
under every system."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from system_kit import blackout_fight, d10_fight
from widget_kit import fight, send

from bpb_widgets import Encounter
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets import TurnOrderStrip
from bpb_widgets.widgets.panels.strip import CHIP_DEFAULTS

BLUESHIFT, GANYEKA, MONOLITH, HENCHMEN = "Blueshift", "Ganyeka", "Monolith", "Ganyeka's henchmen"


def started() -> tuple[Encounter, TurnOrderStrip]:
    enc = fight()
    strip = TurnOrderStrip(enc)
    send(strip, {"cmd": "start"})
    return enc, strip


def view(strip: TurnOrderStrip) -> dict[str, Any]:
    state: dict[str, Any] = strip.panels["strip"]
    return state


def chip(strip: TurnOrderStrip, name: str) -> dict[str, Any]:
    """A chip's record as the front end reads it: a key left out is at its default."""
    return {**CHIP_DEFAULTS, **view(strip)["states"][name]}


def acted(strip: TurnOrderStrip, name: str) -> bool:
    """What the chip shows: ``acted`` is the round of the combatant's last turn."""
    return bool(chip(strip, name)["acted"] == view(strip)["round"])


def test_the_strip_shows_the_order_the_round_and_whose_turn_it_is() -> None:
    enc, strip = started()
    s = view(strip)
    assert s["order"] == enc.order == [BLUESHIFT, GANYEKA, MONOLITH, HENCHMEN]
    assert (s["round"], s["current"]) == (1, BLUESHIFT)
    assert s["states"][HENCHMEN]["group"] is True
    # what a chip takes for granted is left out: nobody has acted, all are aware, no side...
    assert s["states"][BLUESHIFT] == {}
    assert not any(acted(strip, name) for name in s["order"])
    assert (s["can_undo"], s["can_redo"]) == (True, False)
    assert s["controls"]["roll_order"] == "Roll order"
    assert s["controls"]["delay_to_step"] is False and s["controls"]["ap_dice"] is False


def test_end_turn_marks_who_acted_in_this_round_only() -> None:
    enc, strip = started()
    for _ in range(4):
        send(strip, {"cmd": "end_turn"})
    assert enc.round == view(strip)["round"] == 2
    assert view(strip)["current"] == BLUESHIFT
    assert not any(acted(strip, name) for name in view(strip)["order"])
    send(strip, {"cmd": "end_turn"})
    assert [acted(strip, name) for name in view(strip)["order"]] == [True, False, False, False]


def test_delay_and_take_delayed() -> None:
    enc, strip = started()
    send(strip, {"cmd": "delay"})
    assert view(strip)["error"] == ""
    assert view(strip)["states"][BLUESHIFT] == {"delaying": True}
    assert enc.turn_state(BLUESHIFT).delaying is True
    assert view(strip)["current"] == GANYEKA
    send(strip, {"cmd": "take_delayed", "name": BLUESHIFT})
    assert view(strip)["error"] == ""
    assert enc.current == view(strip)["current"] == BLUESHIFT
    assert chip(strip, BLUESHIFT)["delaying"] is False
    assert "delaying" not in view(strip)["states"][BLUESHIFT]  # a new record replaces the old


def test_a_forced_action_shows_on_the_chip_and_a_second_is_refused() -> None:
    enc, strip = started()
    enc.block(MONOLITH, attacker=GANYEKA, rank=5, dice=(3, 3))
    monolith = view(strip)["states"][MONOLITH]
    assert monolith["lost"] == [[1, "blocks attack by Ganyeka"]]
    assert monolith["defending"] == "block" and enc.turn_state(MONOLITH).forced_this_round
    before = (len(enc.log), copy.deepcopy(view(strip)))
    with pytest.raises(RuleError, match="once per round"):
        enc.dodge(MONOLITH, attacker=GANYEKA, rank=5, dice=(3, 3))
    assert (len(enc.log), view(strip)) == before
    send(strip, {"cmd": "end_turn"})
    send(strip, {"cmd": "end_turn"})
    assert view(strip)["current"] == HENCHMEN  # Monolith's turn went to the block
    assert view(strip)["states"][MONOLITH]["skipped"] == "gave up this round's turn"


def test_undo_and_redo_from_the_strip() -> None:
    enc, strip = started()
    send(strip, {"cmd": "end_turn"})
    send(strip, {"cmd": "undo"})
    assert enc.current == view(strip)["current"] == BLUESHIFT
    assert not acted(strip, BLUESHIFT)
    assert view(strip)["can_redo"] is True
    send(strip, {"cmd": "redo"})
    assert view(strip)["current"] == GANYEKA
    assert acted(strip, BLUESHIFT)
    assert view(strip)["can_redo"] is False
    send(strip, {"cmd": "redo"})
    assert "redo" in view(strip)["error"].lower()


def test_rolling_the_order_before_the_start() -> None:
    enc = fight()
    strip = TurnOrderStrip(enc)
    send(strip, {"cmd": "roll_order"})
    assert view(strip)["error"] == ""
    assert view(strip)["order"] == enc.order
    assert enc.log[-1].kind != "add"


def test_declaring_the_order_before_the_start() -> None:
    enc = fight()
    strip = TurnOrderStrip(enc)
    send(strip, {"cmd": "set_order", "names": [MONOLITH, BLUESHIFT, GANYEKA, HENCHMEN]})
    assert view(strip)["error"] == ""
    assert enc.order == view(strip)["order"] == [MONOLITH, BLUESHIFT, GANYEKA, HENCHMEN]
    send(strip, {"cmd": "set_order", "names": [MONOLITH]})
    assert "leaves out" in view(strip)["error"]
    assert view(strip)["order"][0] == MONOLITH and len(enc.order) == 4


def test_an_order_declared_during_the_fight_waits_for_the_next_round() -> None:
    """Once a turn of the round has ended (declared before, it would apply to this round: the
    strip's draft says "Apply now" while ``order_from`` is this round)."""
    enc, strip = started()
    assert view(strip)["order_from"] == enc.round == 1
    send(strip, {"cmd": "end_turn"})
    assert view(strip)["order_from"] == 2
    send(strip, {"cmd": "set_order", "names": [MONOLITH, BLUESHIFT, GANYEKA, HENCHMEN]})
    assert view(strip)["error"] == ""
    assert view(strip)["order"] == [BLUESHIFT, GANYEKA, MONOLITH, HENCHMEN]
    assert view(strip)["changes"] == list(enc.order_changes) != []
    for _ in range(3):
        send(strip, {"cmd": "end_turn"})
    assert view(strip)["order"] == [MONOLITH, BLUESHIFT, GANYEKA, HENCHMEN] == enc.order
    assert view(strip)["changes"] == []


def test_newcomers_join_the_strip_and_leave_it_on_undo() -> None:
    enc, strip = started()
    enc.add("Black Steel", agility=6, aware=False)
    black_steel = view(strip)["states"]["Black Steel"]
    assert black_steel["aware"] is False and black_steel["skipped"] == "not aware of the fight yet"
    enc.undo()
    assert "Black Steel" not in view(strip)["states"]
    assert view(strip)["order"] == enc.order


def test_an_extreme_defense_shows_the_revised_order() -> None:
    enc, strip = started()
    enc.block(MONOLITH, attacker=GANYEKA, rank=5, dice=(6, 6))
    assert view(strip)["changes"] == ["Ganyeka now acts after Monolith"]
    enc.undo()
    assert view(strip)["changes"] == []


def test_the_environment_s_note_shows_until_the_round_ends() -> None:
    enc, strip = started()
    enc.environment("the crate falls")
    assert view(strip)["environment"] == ["the crate falls"]
    for _ in range(4):
        enc.end_turn()
    assert view(strip)["environment"] == []


# -- blackout: steps, AP, delaying to a step ----------------------------------------------------


def test_blackout_chips_show_steps_ap_and_a_delay() -> None:
    enc = blackout_fight()
    strip = TurnOrderStrip(enc)
    assert view(strip)["controls"]["delay_to_step"] and not view(strip)["controls"]["ap_dice"]
    assert view(strip)["states"]["Kara"]["initiative"] is None
    assert view(strip)["states"]["Mech"]["initiative"] == 9
    enc.roll_initiative("Kara", dice=2, rolled=(1, 2))
    enc.roll_initiative("Vex", dice=3, rolled=(5, 5, 5))
    send(strip, {"cmd": "start"})
    assert view(strip)["error"] == ""
    assert view(strip)["current"] == "Kara"
    kara = view(strip)["states"]["Kara"]
    assert (kara["initiative"], kara["ap"], kara["ap_max"], kara["delayed_to"]) == (3, 2, 2, None)
    send(strip, {"cmd": "delay", "to": 12})
    assert view(strip)["error"] == ""
    assert view(strip)["current"] == "Mech"
    assert view(strip)["order"] == ["Mech", "Kara", "Vex"]
    kara = view(strip)["states"]["Kara"]
    assert (kara["initiative"], kara["delayed_to"]) == (12, 12)
    assert view(strip)["states"]["Mech"]["ap"] == 4
    enc.act("Mech", "standard", 2)
    mech = view(strip)["states"]["Mech"]
    assert (mech["ap"], mech["ap_max"]) == (2, 4)


def test_a_new_blackout_round_clears_the_delay_and_undo_brings_it_back() -> None:
    enc = blackout_fight()
    strip = TurnOrderStrip(enc)
    enc.roll_initiative("Kara", dice=2, rolled=(1, 2))
    enc.roll_initiative("Vex", dice=3, rolled=(4, 4, 4))
    enc.start()
    send(strip, {"cmd": "delay", "to": 12})
    for _ in range(3):
        send(strip, {"cmd": "end_turn"})
    assert view(strip)["round"] == 2
    kara = view(strip)["states"]["Kara"]
    assert (kara["initiative"], kara["delayed_to"]) == (3, None)
    for _ in range(3):
        send(strip, {"cmd": "undo"})
    assert view(strip)["round"] == 1
    assert view(strip)["states"]["Kara"]["delayed_to"] == 12
    assert view(strip) == TurnOrderStrip(enc).panels["strip"]  # as a fresh view sees it


def test_blackout_delay_refusals_show_and_change_nothing() -> None:
    enc = blackout_fight()
    strip = TurnOrderStrip(enc)
    enc.roll_initiative("Kara", dice=2, rolled=(1, 2))
    enc.roll_order()
    enc.start()
    for msg, reason in [
        ({"cmd": "delay"}, "delay(to=step)"),
        ({"cmd": "delay", "to": "12"}, "whole number"),
        ({"cmd": "delay", "to": 2}, "step"),
        ({"cmd": "take_delayed", "name": "Kara"}, "at the step chosen"),
        ({"cmd": "roll_ap"}, "roll no action-point dice"),
        ({"cmd": "spend_ap"}, "roll no action-point dice"),
    ]:
        before = enc.to_json()
        send(strip, msg)
        assert reason in view(strip)["error"], msg
        assert enc.to_json() == before


# -- d10-ap: totals, AP dice ---------------------------------------------------------------------


def test_d10_chips_show_the_total_and_pips_after_rolling_ap() -> None:
    enc = d10_fight()
    strip = TurnOrderStrip(enc)
    assert view(strip)["controls"]["ap_dice"] is True
    send(strip, {"cmd": "roll_order"})
    send(strip, {"cmd": "start"})
    current = view(strip)["current"]
    assert current is not None and current == enc.current
    chip = view(strip)["states"][current]
    assert chip["initiative"] == enc.turn_state(current).initiative
    assert (chip["ap"], chip["ap_max"]) == (None, None)
    send(strip, {"cmd": "roll_ap", "dice": [4, 7, 8][: enc.combatant(current).agb]})
    assert view(strip)["error"] == ""
    rolled = enc.ap(current)
    assert rolled is not None and rolled > 1
    chip = view(strip)["states"][current]
    assert (chip["ap"], chip["ap_max"]) == (rolled, rolled)
    send(strip, {"cmd": "spend_ap", "ap": 1, "action": "draws a bolter"})
    chip = view(strip)["states"][current]
    assert (chip["ap"], chip["ap_max"]) == (rolled - 1, rolled)
    assert enc.log[-1].text.startswith(f"{current} spends 1 AP on draws a bolter")


def test_spending_every_ap_ends_the_turn_and_overspending_is_refused() -> None:
    enc = d10_fight()
    enc.set_order(["Evan", "Orc"])
    strip = TurnOrderStrip(enc)
    send(strip, {"cmd": "spend_ap"})
    assert "nobody's turn" in view(strip)["error"]
    enc.roll_initiative("Evan", roll=9)
    enc.roll_initiative("Orc", roll=1)
    enc.start()
    send(strip, {"cmd": "roll_ap", "dice": [4, 7, 8]})
    assert view(strip)["states"]["Evan"]["ap"] == 3
    send(strip, {"cmd": "spend_ap", "ap": 4})
    assert view(strip)["error"] == "Evan has 3 AP left, not 4."
    assert enc.ap("Evan") == 3
    send(strip, {"cmd": "roll_ap"})
    assert "already rolled" in view(strip)["error"]
    send(strip, {"cmd": "spend_ap", "ap": 3})
    assert view(strip)["current"] == "Orc" == enc.current
    evan = view(strip)["states"]["Evan"]
    assert (evan["ap"], evan["ap_max"]) == (None, None)


def test_a_moment_shows_the_fight_as_it_stood_and_later_commands_leave_it_so() -> None:
    """What a notebook telling a fight step by step shows under each step."""
    enc = fight()
    enc.start()
    then = TurnOrderStrip.moment(enc)
    enc.end_turn()
    enc.end_turn()
    assert then.encounter is not enc
    assert (then.encounter.current, enc.current) == ("Blueshift", "Monolith")
    assert then.encounter.log[-1].text == "Blueshift's turn"
    assert then.encounter.transcript() == "Round 1\nBlueshift's turn"
