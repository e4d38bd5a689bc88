"""TurnOrderStrip: messages in, engine state and traits out, and only what changed on the wire."""

from __future__ import annotations

import pytest
from widget_kit import Wire, crowd, fight, send

from bpb_widgets.widgets import EncounterLog, TurnOrderStrip

BLUESHIFT, GANYEKA, MONOLITH, HENCHMEN = "Blueshift", "Ganyeka", "Monolith", "Ganyeka's henchmen"


def started() -> tuple[object, TurnOrderStrip]:
    enc = fight()
    strip = TurnOrderStrip(enc)
    send(strip, {"cmd": "start"})
    return enc, strip


def acted(strip: TurnOrderStrip, name: str) -> bool:
    """What the chip shows: ``acted`` is the round of the combatant's last turn."""
    return strip.states[name]["acted"] == strip.round


def test_the_strip_shows_the_order_the_round_and_whose_turn_it_is() -> None:
    _enc, strip = started()
    assert strip.order == [BLUESHIFT, GANYEKA, MONOLITH, HENCHMEN]
    assert (strip.round, strip.current) == (1, BLUESHIFT)
    assert strip.states[HENCHMEN]["group"] is True
    assert not any(acted(strip, name) for name in strip.order)


def test_end_turn_marks_who_acted_in_this_round_only() -> None:
    enc, strip = started()
    for _ in range(4):
        send(strip, {"cmd": "end_turn"})
    assert enc.round == strip.round == 2
    assert strip.current == BLUESHIFT
    assert not any(acted(strip, name) for name in strip.order)
    send(strip, {"cmd": "end_turn"})
    assert [acted(strip, name) for name in strip.order] == [True, False, False, False]


def test_delay_and_take_delayed() -> None:
    enc, strip = started()
    send(strip, {"cmd": "delay"})
    assert strip.error == ""
    assert strip.states[BLUESHIFT]["delaying"] is True
    assert strip.current == GANYEKA
    send(strip, {"cmd": "take_delayed", "name": BLUESHIFT})
    assert strip.error == ""
    assert enc.current == strip.current == BLUESHIFT
    assert strip.states[BLUESHIFT]["delaying"] is False


def test_a_second_forced_action_in_a_round_is_refused_and_changes_nothing() -> None:
    enc, strip = started()
    enc.force(MONOLITH, "dives for cover")
    assert strip.states[MONOLITH]["lost"]
    before = (len(enc.log), dict(strip.states))
    enc_refusal = None
    try:
        enc.force(MONOLITH, "dives for cover again")
    except ValueError as exc:
        enc_refusal = str(exc)
    assert enc_refusal
    assert (len(enc.log), strip.states) == before


def test_undo_and_redo_from_the_strip() -> None:
    enc, strip = started()
    assert (strip.can_undo, strip.can_redo) == (True, False)
    send(strip, {"cmd": "end_turn"})
    send(strip, {"cmd": "undo"})
    assert enc.current == strip.current == BLUESHIFT
    assert not acted(strip, BLUESHIFT)
    assert strip.can_redo is True
    send(strip, {"cmd": "redo"})
    assert strip.current == GANYEKA
    assert acted(strip, BLUESHIFT)
    assert strip.can_redo is False


def test_rolling_the_order_before_the_start() -> None:
    enc = fight()
    strip = TurnOrderStrip(enc)
    send(strip, {"cmd": "roll_order"})
    assert strip.error == ""
    assert strip.order == enc.order
    assert enc.log[-1].kind != "add"


def test_declaring_the_order_before_the_start() -> None:
    enc = fight()
    strip = TurnOrderStrip(enc)
    send(strip, {"cmd": "set_order", "names": [MONOLITH, BLUESHIFT, GANYEKA, HENCHMEN]})
    assert strip.error == ""
    assert enc.order == strip.order == [MONOLITH, BLUESHIFT, GANYEKA, HENCHMEN]
    send(strip, {"cmd": "set_order", "names": [MONOLITH]})
    assert "leaves out" in strip.error
    assert strip.order[0] == MONOLITH


def test_newcomers_join_the_strip() -> None:
    enc, strip = started()
    enc.add("Black Steel", agility=6, aware=False)
    assert strip.states["Black Steel"]["aware"] is False
    enc.undo()
    assert "Black Steel" not in strip.states


def end_turn_bytes(enc: object, wire: Wire) -> int:
    widgets = [TurnOrderStrip(enc), EncounterLog(enc)]
    wire.clear()
    send(widgets[0], {"cmd": "end_turn"})
    assert widgets[0].error == ""
    return wire.bytes


@pytest.mark.parametrize("turns", [5, 199])
def test_one_end_turn_sends_under_a_kilobyte_even_in_a_long_fight(wire: Wire, turns: int) -> None:
    """200 combatants, 2,000 turns: about what a fresh 5-combatant fight sends (turn 199 ends
    round 10, so every combatant's "acted" flag flips; the round-coded record sends none)."""
    small = end_turn_bytes(crowd(5, 2), wire)
    large = end_turn_bytes(crowd(200, 2000 + turns), wire)
    assert large <= 1024
    assert large <= small * 1.5


def test_an_extreme_defense_shows_the_revised_order() -> None:
    enc, strip = started()
    enc.block("Monolith", attacker="Ganyeka", rank=5, dice=(6, 6))
    assert strip.revisions == ["Ganyeka now acts after Monolith"]
    enc.undo()
    assert strip.revisions == []
