"""GMScreen: every widget on one encounter, in sync."""

from __future__ import annotations

from pathlib import Path

import pytest
from widget_kit import fight, send

from bpb_widgets import Encounter, EncounterFileError
from bpb_widgets.widgets import GMScreen


def test_the_parts_share_one_encounter_and_stay_in_sync() -> None:
    enc = fight()
    screen = GMScreen(enc)
    send(screen.turn_order, {"cmd": "start"})
    send(screen.turn_order, {"cmd": "end_turn"})
    assert screen.defense_panel.current == screen.turn_order.current == "Ganyeka"
    assert screen.encounter_log.entries[-1]["text"] == "Ganyeka's turn"
    assert (
        repr(screen)
        == f"GMScreen(round 1, Ganyeka to act, 4 combatants, {len(enc.log)} log entries)"
    )


def test_closing_the_screen_closes_its_parts() -> None:
    enc = fight()
    screen = GMScreen(enc)
    screen.close()
    enc.start()
    assert screen.turn_order.round == 0


def test_autosave_writes_every_command_from_the_screen(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    enc = fight()
    screen = GMScreen(enc, autosave=path)
    assert enc.autosave == path
    send(screen.turn_order, {"cmd": "start"})
    send(screen.turn_order, {"cmd": "end_turn"})
    resumed = Encounter.load(path)
    assert resumed.to_json() == enc.to_json()
    resumed.undo()
    assert resumed.current == "Blueshift"


def test_autosave_never_overwrites_another_fight(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    fight(seed=1).save(path)
    saved = path.read_bytes()
    with pytest.raises(EncounterFileError, match="another saved fight"):
        GMScreen(fight(), autosave=path)
    assert path.read_bytes() == saved
