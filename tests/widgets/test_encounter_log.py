"""EncounterLog: sent incrementally; choosing an entry undoes back to it."""

from __future__ import annotations

from widget_kit import Wire, fight, send

from bpb_widgets.widgets import EncounterLog


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
