"""The log (``log``): sent incrementally in a window; each entry knows its command, so undoing back
to it can be previewed; undo_to, redo and redo_all; earlier entries on demand."""

from __future__ import annotations

import json
from typing import Any

from widget_kit import Wire, battle, crowd, fight, plain, send, to

from bpb_widgets import Encounter
from bpb_widgets.widgets import EncounterLog, GMScreen
from bpb_widgets.widgets.panels.log import WINDOW


def state(widget: Any) -> dict[str, Any]:
    value: dict[str, Any] = widget.panels["log"]
    return value


def texts(widget: Any) -> list[str]:
    return [e["text"] for e in state(widget)["entries"]]


def test_entries_follow_the_log_incrementally(wire: Wire) -> None:
    enc = fight()
    log = EncounterLog(enc)
    enc.start()
    wire.clear()
    enc.end_turn()
    [patch] = wire.patches()
    [splice] = [edit for edit in patch["panels"]["log"] if edit["field"] == "entries"]
    start, items = splice["splice"]
    assert start == len(enc.log) - len(items) > 0
    assert [item["text"] for item in items] == [e.text for e in enc.log[start:]]
    assert texts(log) == [e.text for e in enc.log]


def test_each_entry_knows_its_command_so_an_undo_back_to_it_can_be_previewed() -> None:
    enc = fight()
    log = EncounterLog(enc)
    enc.start()
    enc.end_turn()
    entries = state(log)["entries"]
    assert [e["command"] for e in entries] == [e.command for e in enc.log]
    assert [(e["round"], e["kind"]) for e in entries] == [(e.round, e.kind) for e in enc.log]
    assert state(log)["commands"] == len(enc.history) == 6
    # undoing back to Ganyeka's turn takes back the commands from its own on: one
    turn = texts(log).index("Ganyeka's turn")
    assert state(log)["commands"] - entries[turn]["command"] == 1


def test_undo_shrinks_the_log_and_choosing_an_entry_undoes_back_to_it() -> None:
    enc = fight()
    log = EncounterLog(enc)
    enc.start()
    enc.end_turn()
    enc.end_turn()
    turn = next(i for i, e in enumerate(enc.log) if e.text == "Ganyeka's turn")
    send(log, {"cmd": "undo_to", "index": turn})
    assert state(log)["error"] == ""
    assert enc.current == "Blueshift"
    assert texts(log) == [e.text for e in enc.log]
    assert (state(log)["redo"], state(log)["can_undo"]) == (2, True)
    send(log, {"cmd": "redo"})
    assert enc.current == "Ganyeka"
    assert texts(log)[-1] == "Ganyeka's turn"
    assert state(log)["redo"] == 1


def test_redo_all_redoes_every_undone_command_at_once(wire: Wire) -> None:
    enc = fight()
    log = EncounterLog(enc)
    enc.start()
    for _ in range(5):
        enc.end_turn()
    done = [e.text for e in enc.log]
    send(log, {"cmd": "undo_to", "index": 4})
    assert state(log)["redo"] == 6 and enc.round == 0
    wire.clear()
    send(log, {"cmd": "redo_all"})
    assert [e.text for e in enc.log] == done == texts(log)
    assert state(log)["redo"] == 0
    assert len(wire.patches()) == 1  # the six redos in one refresh
    send(log, {"cmd": "redo_all"})
    assert "redo" in state(log)["error"].lower()


def test_an_entry_that_is_not_there_is_refused() -> None:
    enc = fight()
    log = EncounterLog(enc)
    before = enc.to_json()
    for index in (99, -1, "3", None, 2.0, True):
        send(log, {"cmd": "undo_to", "index": index})
        assert state(log)["error"], index
    assert enc.to_json() == before


def test_a_long_log_sends_its_last_entries_and_earlier_ones_on_demand() -> None:
    enc = crowd(20, 2_000)
    log = EncounterLog(enc)
    assert state(log)["first"] == len(enc.log) - WINDOW
    assert texts(log) == [e.text for e in enc.log[-WINDOW:]]
    twice_as_long = EncounterLog(crowd(20, 4_000))
    size = len(json.dumps(plain(log.get_state()["panels"])))
    assert len(json.dumps(plain(twice_as_long.get_state()["panels"]))) < 1.02 * size
    send(log, {"cmd": "earlier"})
    assert state(log)["first"] == len(enc.log) - 2 * WINDOW
    assert texts(log) == [e.text for e in enc.log[state(log)["first"] :]]
    enc.end_turn()
    assert texts(log) == [e.text for e in enc.log[state(log)["first"] :]]


def test_a_long_fight_loaded_from_its_file_shows_its_log_as_the_fight_it_was() -> None:
    """A loaded fight's older log blocks are read as the GM goes back (``snapshot.Rows``): the
    window, earlier entries and an undo chosen there are those of the fight it was saved from."""
    saved = crowd(20, 3_000)
    enc = Encounter.from_json(saved.to_json())
    log = EncounterLog(enc)
    assert enc._history.log._waiting  # the blocks before the window not read
    assert texts(log) == [e.text for e in saved.log[-WINDOW:]]
    while state(log)["first"] > 0:
        send(log, {"cmd": "earlier"})
    assert texts(log) == [e.text for e in saved.log] and not enc._history.log._waiting
    turn = 1_500
    send(log, {"cmd": "undo_to", "index": turn})
    saved.undo_to(turn)
    assert state(log)["error"] == "" and enc.to_json() == saved.to_json()


def test_earlier_stops_at_the_first_entry() -> None:
    enc = fight()
    log = EncounterLog(enc)
    send(log, {"cmd": "earlier"})
    assert state(log)["first"] == 0 and texts(log) == [e.text for e in enc.log]


def test_choosing_an_entry_uses_its_index_in_the_whole_log() -> None:
    enc = crowd(20, 2_000)
    log = EncounterLog(enc)
    turn = state(log)["first"] + texts(log).index(enc.log[-3].text)
    send(log, {"cmd": "undo_to", "index": turn})
    assert state(log)["error"] == ""
    assert len(enc.log) == turn
    assert texts(log) == [e.text for e in enc.log[state(log)["first"] :]]


def test_undo_back_before_the_window_sends_a_new_window() -> None:
    enc = crowd(20, 2_000)
    log = EncounterLog(enc)
    enc.undo(300)
    assert state(log)["first"] == len(enc.log) - WINDOW
    assert texts(log) == [e.text for e in enc.log[-WINDOW:]]


def test_undo_to_and_redo_all_through_the_screen_move_every_part() -> None:
    enc = battle()
    screen = GMScreen(enc, folder="/nonexistent-folder")
    to(screen, "strip", "start")
    to(screen, "attack", "roll", dice=[3, 3])
    to(screen, "attack", "answer", how="take")
    assert screen.panels["roster"]["cards"]["Thug"]["vitals"]["value"] == 0
    attack = next(i for i, e in enumerate(enc.log) if e.kind == "attack")
    to(screen, "log", "undo_to", index=attack)
    assert screen.panels["log"]["error"] == ""
    assert enc.endurance("Thug").current == 5 and enc.pending_hits == ()
    assert screen.panels["roster"]["cards"]["Thug"]["vitals"]["value"] == 5
    assert screen.panels["attack"]["pending"] == [] and screen.panels["attack"]["result"] == {}
    assert screen.panels["strip"]["can_redo"] is True
    to(screen, "log", "redo_all")
    assert enc.endurance("Thug").current == 0
    assert screen.panels["roster"]["cards"]["Thug"]["vitals"]["value"] == 0
    assert texts(screen)[-1] == enc.log[-1].text


def test_an_entry_names_the_rules_it_cites_and_their_texts_are_sent_once(wire: Wire) -> None:
    enc = fight()
    log = EncounterLog(enc)
    enc.start()
    enc.block("Monolith", attacker="Ganyeka", rank=5, dice=(6, 6))
    entries = state(log)["entries"]
    block = next(e for e in entries if e["text"].startswith("Block:"))
    assert block["rules"] == ["Blocking"]
    assert "rules" not in entries[-1] or entries[-1]["rules"]  # an uncited line names none
    assert not any("rules" in e for e in entries if e["kind"] == "turn")
    blocking = state(log)["rule_texts"]["Blocking"]
    assert blocking["source"] == 'seed 000, "Blocking"; seed 004, "Blocking"'
    assert "8 +\n" not in blocking["text"] and "Prowess + 2d6" in blocking["text"]
    assert blocking["ruling"] is False
    wire.clear()
    enc.undo()
    enc.block("Monolith", attacker="Ganyeka", rank=5, dice=(6, 6))
    sent = [e for p in wire.patches() for e in p["panels"]["log"] if e["field"] == "rule_texts"]
    assert not sent  # Blocking's text was sent already


def test_the_engine_s_own_ruling_opens_as_one() -> None:
    enc = fight()
    log = EncounterLog(enc)
    enc.start()
    enc.attack("Blueshift", "Ganyeka's henchmen", 6, dice=(6, 6))
    enc.take_hit()
    out = state(log)["entries"][-1]
    assert out["text"].endswith("(bpb_widgets' ruling: Endurance 0)")
    assert out["rules"] == ["Endurance 0"]
    assert state(log)["rule_texts"]["Endurance 0"]["ruling"] is True
