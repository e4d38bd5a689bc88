"""The command protocol every widget shares: parse, refuse, never raise, repr."""

from __future__ import annotations

import re

import pytest
from IPython.core.formatters import DisplayFormatter
from widget_kit import Wire, fight, send

from bpb_widgets.widgets import DefensePanel, DiceRoller, EncounterLog, GMScreen, TurnOrderStrip

GARBAGE = [
    None,
    "end_turn",
    42,
    [],
    {},
    {"cmd": None},
    {"cmd": 3},
    {"cmd": "__init__"},
    {"cmd": "_update"},
    {"cmd": "take_delayed"},
    {"cmd": "take_delayed", "name": ["x"]},
    {"cmd": "set_order", "names": "Blueshift"},
    {"cmd": "set_order", "names": [1, 2]},
]


@pytest.mark.parametrize("msg", GARBAGE, ids=repr)
def test_garbage_is_refused_with_a_message_and_changes_nothing(msg: object) -> None:
    enc = fight()
    strip = TurnOrderStrip(enc)
    send(strip, msg)
    assert strip.error
    assert len(enc.log) == 4 and enc.round == 0


def test_a_refused_command_shows_the_rule_and_the_next_accepted_one_clears_it(wire: Wire) -> None:
    enc = fight()
    strip = TurnOrderStrip(enc)
    send(strip, {"cmd": "end_turn"})
    assert "start" in strip.error.lower()
    assert enc.round == 0
    send(strip, {"cmd": "start"})
    assert strip.error == ""
    assert (strip.round, strip.current) == (1, "Blueshift")


def test_commands_from_python_reach_every_widget() -> None:
    enc = fight()
    one, two = TurnOrderStrip(enc), TurnOrderStrip(enc)
    enc.start()
    send(one, {"cmd": "end_turn"})
    assert one.current == two.current == "Ganyeka" == enc.current
    enc.end_turn()
    assert one.current == two.current == "Monolith"


def test_a_closed_widget_stops_following_the_encounter(wire: Wire) -> None:
    enc = fight()
    strip = TurnOrderStrip(enc)
    strip.close()
    enc.start()
    assert strip.current is None


@pytest.mark.parametrize("cls", [TurnOrderStrip, DiceRoller, DefensePanel, EncounterLog, GMScreen])
def test_repr_is_a_short_summary_without_memory_addresses(cls: type) -> None:
    enc = fight()
    enc.start()
    widget = cls(enc)
    text = repr(widget)
    assert text == repr(cls(enc))
    data, _metadata = DisplayFormatter().format(widget)  # what the kernel shows and nbval reads
    assert data["text/plain"] == text
    assert text.startswith(cls.__name__ + "(")
    assert not re.search(r"0x[0-9a-f]{6,}", text)
    assert len(text) <= 110


@pytest.mark.parametrize("cls", [TurnOrderStrip, DiceRoller, DefensePanel, EncounterLog])
def test_the_first_sync_is_the_open_message_alone(cls: type, wire: Wire) -> None:
    enc = fight()
    enc.start()
    cls(enc)
    assert wire.messages == []  # no update after the comm's open: the state went with it
