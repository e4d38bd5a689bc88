"""TurnOrderStrip under blackout and d10-ap: steps, totals and AP pips out; delays and AP in."""

from __future__ import annotations

from system_kit import blackout_fight, d10_fight
from widget_kit import Wire, send

from bpb_widgets.widgets import TurnOrderStrip


def test_blackout_chips_show_steps_ap_and_a_delay() -> None:
    enc = blackout_fight()
    strip = TurnOrderStrip(enc)
    assert strip.controls["delay_to_step"] and not strip.controls["ap_dice"]
    assert strip.states["Kara"]["initiative"] is None
    assert strip.states["Mech"]["initiative"] == 9
    enc.roll_initiative("Kara", dice=2, rolled=(1, 2))
    enc.roll_initiative("Vex", dice=3, rolled=(5, 5, 5))
    send(strip, {"cmd": "start"})
    assert strip.error == ""
    assert strip.current == "Kara"
    kara = strip.states["Kara"]
    assert (kara["initiative"], kara["ap"], kara["ap_max"], kara["delayed_to"]) == (3, 2, 2, None)
    send(strip, {"cmd": "delay", "to": 12})
    assert strip.error == ""
    assert strip.current == "Mech"
    assert strip.order == ["Mech", "Kara", "Vex"]
    assert (strip.states["Kara"]["initiative"], strip.states["Kara"]["delayed_to"]) == (12, 12)
    assert strip.states["Mech"]["ap"] == 4
    enc.act("Mech", "standard", 2)
    assert (strip.states["Mech"]["ap"], strip.states["Mech"]["ap_max"]) == (2, 4)


def test_a_new_blackout_round_clears_the_delay_and_undo_brings_it_back() -> None:
    enc = blackout_fight()
    strip = TurnOrderStrip(enc)
    enc.roll_initiative("Kara", dice=2, rolled=(1, 2))
    enc.roll_initiative("Vex", dice=3, rolled=(4, 4, 4))
    enc.start()
    send(strip, {"cmd": "delay", "to": 12})
    for _ in range(3):
        send(strip, {"cmd": "end_turn"})
    assert strip.round == 2
    assert (strip.states["Kara"]["initiative"], strip.states["Kara"]["delayed_to"]) == (3, None)
    send(strip, {"cmd": "undo"})
    send(strip, {"cmd": "undo"})
    send(strip, {"cmd": "undo"})
    assert strip.round == 1
    assert strip.states["Kara"]["delayed_to"] == 12
    assert strip.states == TurnOrderStrip(enc).states


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
    ]:
        before = enc.to_json()
        send(strip, msg)
        assert reason in strip.error
        assert enc.to_json() == before
    send(strip, {"cmd": "delay", "to": 12})
    send(strip, {"cmd": "roll_ap"})
    assert "roll no action-point dice" in strip.error


def test_d10_chips_show_the_total_and_pips_after_rolling_ap() -> None:
    enc = d10_fight()
    strip = TurnOrderStrip(enc)
    send(strip, {"cmd": "roll_order"})
    send(strip, {"cmd": "start"})
    current = strip.current
    assert current is not None
    assert strip.states[current]["initiative"] == enc.turn_state(current).initiative
    assert (strip.states[current]["ap"], strip.states[current]["ap_max"]) == (None, None)
    send(strip, {"cmd": "roll_ap", "dice": [4, 7, 8][: enc.combatant(current).agb]})
    assert strip.error == ""
    rolled = enc.ap(current)
    assert rolled is not None and rolled > 1
    assert (strip.states[current]["ap"], strip.states[current]["ap_max"]) == (rolled, rolled)
    send(strip, {"cmd": "spend_ap", "ap": 1, "action": "draws a bolter"})
    assert (strip.states[current]["ap"], strip.states[current]["ap_max"]) == (rolled - 1, rolled)
    assert enc.log[-1].text.startswith(f"{current} spends 1 AP on draws a bolter")


def test_spending_every_ap_ends_the_turn_and_overspending_is_refused() -> None:
    enc = d10_fight()
    enc.set_order(["Evan", "Orc"])
    strip = TurnOrderStrip(enc)
    send(strip, {"cmd": "spend_ap"})
    assert "nobody's turn" in strip.error
    enc.roll_initiative("Evan", roll=9)
    enc.roll_initiative("Orc", roll=1)
    enc.start()
    send(strip, {"cmd": "roll_ap", "dice": [4, 7, 8]})
    assert strip.states["Evan"]["ap"] == 3
    send(strip, {"cmd": "spend_ap", "ap": 4})
    assert strip.error == "Evan has 3 AP left, not 4."
    send(strip, {"cmd": "roll_ap"})
    assert "already rolled" in strip.error
    send(strip, {"cmd": "spend_ap", "ap": 3})
    assert strip.current == "Orc"
    assert (strip.states["Evan"]["ap"], strip.states["Evan"]["ap_max"]) == (None, None)


def test_a_spend_sends_one_small_patch_of_the_spender(wire: Wire) -> None:
    enc = d10_fight()
    for i in range(40):
        enc.add(f"Cultist {i:02d}", agb=1, awarb=1)
    enc.roll_order()
    enc.start()
    strip = TurnOrderStrip(enc)
    enc.roll_ap(enc.current, dice=[9] * enc.combatant(enc.current).agb)
    wire.clear()
    send(strip, {"cmd": "spend_ap"})
    patches = [m["traits"] for m in wire.custom() if m.get("type") == "patch"]
    assert [list(p["states"]["set"]) for p in patches] == [[enc.current]]
    assert wire.bytes < 1000
