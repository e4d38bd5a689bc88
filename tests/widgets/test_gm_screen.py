"""GMScreen: every widget on one encounter, in sync."""

from __future__ import annotations

from pathlib import Path

import pytest
from system_kit import blackout_fight, d10_fight
from widget_kit import fight, send

from bpb_widgets import Encounter, EncounterFileError
from bpb_widgets.widgets import DefensePanel, DiceRoller, GMScreen, TurnOrderStrip


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


def test_a_second_screen_on_a_file_a_live_screen_autosaves_is_refused(tmp_path: Path) -> None:
    """Running the cell again (issue 17): the old screen's encounter still writes the file, so the
    new one is refused and builds no widget; closed and let go of, the file is free."""
    path = tmp_path / "fight.json"
    enc = fight()
    screen = GMScreen(enc, autosave=path)
    send(screen.turn_order, {"cmd": "start"})
    with pytest.raises(EncounterFileError, match="already autosaved by another encounter"):
        GMScreen(Encounter.load(path), autosave=path)
    send(screen.turn_order, {"cmd": "end_turn"})
    assert Encounter.load(path).current == "Ganyeka"
    screen.close()
    enc.autosave = None
    again = GMScreen(Encounter.load(path), autosave=path)
    send(again.turn_order, {"cmd": "end_turn"})
    assert again.turn_order.error == "" and Encounter.load(path).current == "Monolith"
    again.close()


@pytest.mark.parametrize("rules", ["blackout", "d10-ap"])
def test_the_other_rule_sets_get_strip_dice_roller_and_log_but_no_defense_panel(rules: str) -> None:
    enc = blackout_fight() if rules == "blackout" else d10_fight()
    screen = GMScreen(enc)
    assert screen.defense_panel is None
    assert screen.children == (screen.turn_order, screen.dice_roller, screen.encounter_log)
    assert screen.layout.grid_template_areas == '"strip strip" "dice log"'
    send(screen.turn_order, {"cmd": "roll_order"})
    send(screen.turn_order, {"cmd": "start"})
    assert screen.turn_order.error == ""
    assert screen.dice_roller.encounter is enc
    assert screen.encounter_log.entries[-1]["text"] == f"{enc.current}'s turn"
    screen.close()


def test_a_part_that_fails_closes_the_parts_already_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    enc = fight()
    closed: list[str] = []
    close = TurnOrderStrip.close

    def broken(self: DiceRoller, delta: object) -> None:
        raise AttributeError("a broken sheet")

    def recorded(self: TurnOrderStrip) -> None:
        closed.append(type(self).__name__)
        close(self)

    monkeypatch.setattr(DiceRoller, "_update", broken)
    monkeypatch.setattr(TurnOrderStrip, "close", recorded)
    with pytest.raises(AttributeError, match="a broken sheet"):
        GMScreen(enc)
    assert closed == ["TurnOrderStrip"]


def test_a_widget_whose_constructor_raised_still_closes() -> None:
    half_built = DefensePanel.__new__(DefensePanel, d10_fight())
    with pytest.raises(ValueError, match="DefensePanel is for Bulletproof Blues"):
        half_built.__init__(d10_fight())
    half_built.close()
    half_built.close()
