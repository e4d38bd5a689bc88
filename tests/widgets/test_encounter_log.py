"""EncounterLog: sent incrementally; choosing an entry undoes back to it."""

from __future__ import annotations

import json

from widget_kit import Wire, crowd, fight, send

from bpb_widgets.widgets import EncounterLog
from bpb_widgets.widgets.encounter_log import WINDOW


def test_entries_follow_the_log_incrementally(wire: Wire) -> None:
    enc = fight()
    log = EncounterLog(enc)
    enc.start()
    wire.clear()
    enc.end_turn()
    [patch] = wire.custom()
    start, items = patch["traits"]["entries"]["splice"]
    assert start == len(enc.log) - len(items) > 0
    assert [e["text"] for e in log.entries] == [e.text for e in enc.log]


def test_undo_shrinks_the_log_and_choosing_an_entry_undoes_back_to_it() -> None:
    enc = fight()
    log = EncounterLog(enc)
    enc.start()
    enc.end_turn()
    enc.end_turn()
    turn = next(i for i, e in enumerate(enc.log) if e.text == "Ganyeka's turn")
    send(log, {"cmd": "undo_to", "index": turn})
    assert log.error == ""
    assert enc.current == "Blueshift"
    assert [e["text"] for e in log.entries] == [e.text for e in enc.log]
    send(log, {"cmd": "redo"})
    assert enc.current == "Ganyeka"
    assert log.entries[-1]["text"] == "Ganyeka's turn"


def test_an_entry_that_is_not_there_is_refused() -> None:
    log = EncounterLog(fight())
    for index in (99, -1, "3", None):
        send(log, {"cmd": "undo_to", "index": index})
        assert log.error


def texts(log: EncounterLog) -> list[str]:
    return [e["text"] for e in log.entries]


def test_a_long_log_sends_its_last_entries_and_earlier_ones_on_demand() -> None:
    enc = crowd(20, 2_000)
    log = EncounterLog(enc)
    assert log.first == len(enc.log) - WINDOW
    assert texts(log) == [e.text for e in enc.log[-WINDOW:]]
    twice_as_long = EncounterLog(crowd(20, 4_000))
    assert len(json.dumps(twice_as_long.get_state())) < 1.02 * len(json.dumps(log.get_state()))
    send(log, {"cmd": "earlier"})
    assert log.first == len(enc.log) - 2 * WINDOW
    assert texts(log) == [e.text for e in enc.log[log.first :]]
    enc.end_turn()
    assert texts(log) == [e.text for e in enc.log[log.first :]]


def test_choosing_an_entry_uses_its_index_in_the_whole_log() -> None:
    enc = crowd(20, 2_000)
    log = EncounterLog(enc)
    turn = log.first + texts(log).index(enc.log[-3].text)
    send(log, {"cmd": "undo_to", "index": turn})
    assert log.error == ""
    assert len(enc.log) == turn
    assert texts(log) == [e.text for e in enc.log[log.first :]]


def test_undo_back_before_the_window_sends_a_new_window() -> None:
    enc = crowd(20, 2_000)
    log = EncounterLog(enc)
    enc.undo(300)
    assert log.first == len(enc.log) - WINDOW
    assert texts(log) == [e.text for e in enc.log[-WINDOW:]]
