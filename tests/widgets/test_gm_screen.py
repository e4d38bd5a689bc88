"""GMScreen: every part of the system on one encounter, in one anywidget, in step; a fight run by
clicks alone; the d10-ap part; results that go stale are never shown."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from system_kit import blackout_fight, d10_fight
from widget_kit import battle, fight, plain, to

from bpb_widgets import Encounter, EncounterFileError
from bpb_widgets.widgets import GMScreen


def screen_of(enc: Encounter) -> GMScreen:
    return GMScreen(enc, folder="/nonexistent-folder")


@pytest.mark.parametrize(
    ("make", "panels"),
    [
        (fight, ["strip", "roster", "attack", "task", "log", "files", "players"]),
        (blackout_fight, ["strip", "roster", "combat", "initiative", "log", "files", "players"]),
        (d10_fight, ["strip", "roster", "d10", "log", "files", "players"]),
    ],
    ids=["bpb", "blackout", "d10-ap"],
)
def test_the_screen_shows_the_parts_its_system_lists(make: Any, panels: list[str]) -> None:
    enc = make()
    screen = screen_of(enc)
    assert screen.layout_panels == panels == [*enc.panels, "players"]  # Players: every screen
    assert list(screen.panels) == panels
    assert all(screen.part(key).encounter is enc for key in panels)
    assert screen.encounter is enc


def test_the_parts_share_one_encounter_and_stay_in_step() -> None:
    enc = fight()
    screen = screen_of(enc)
    to(screen, "strip", "start")
    to(screen, "strip", "end_turn")
    assert enc.current == "Ganyeka"
    for key in ("strip", "roster", "attack"):
        assert screen.panels[key]["current"] == "Ganyeka", key
    assert screen.panels["log"]["entries"][-1]["text"] == "Ganyeka's turn"
    assert screen.panels["attack"]["selection"]["attacker"] == "Ganyeka"
    assert repr(screen) == "GMScreen(bpb2e: round 1, Ganyeka to act, 4 combatants)"


def test_a_round_run_by_clicks_alone() -> None:
    enc = battle()
    screen = screen_of(enc)
    to(screen, "roster", "add", name="Black Steel", sheet={"agility": 6, "side": "heroes"})
    to(screen, "strip", "roll_order", )  # fmt: skip
    to(screen, "strip", "start")
    attackers = []
    for _ in range(len(enc.names)):
        current = enc.current
        assert current is not None
        attackers.append(current)
        assert screen.panels["attack"]["selection"]["attacker"] == current
        to(screen, "attack", "roll", dice=[1, 1])  # every attack misses
        assert screen.panels["attack"]["error"] == ""
        to(screen, "strip", "end_turn")
    assert sorted(attackers) == sorted(enc.names) and enc.round == 2
    assert [e.kind for e in enc.log].count("attack") == 4
    assert all(not state["error"] for state in screen.panels.values())


def test_the_d10_part_checks_surprise_and_rolls_the_current_ap() -> None:
    enc = d10_fight()
    screen = screen_of(enc)
    d10: dict[str, Any] = screen.panels["d10"]
    to(screen, "d10", "choose", combatant="Orc")
    assert d10["preview"]["surprise"]["combatant"] == "Orc"
    to(screen, "d10", "surprise_check", combatant="Evan", roll=6)
    assert d10["error"] == "" and d10["result"]["success"] is False
    assert d10["selection"] == {"combatant": "Evan"}
    assert enc.surprise_penalty("Evan") == 2
    to(screen, "strip", "set_order", names=["Evan", "Orc"])
    enc.roll_initiative("Evan", roll=9)
    enc.roll_initiative("Orc", roll=1)
    to(screen, "strip", "start")
    assert d10["result"] == {}  # the check's result went stale with the turn
    assert d10["preview"]["ap"]["combatant"] == "Evan" and d10["preview"]["ap"]["penalty"] == 2
    to(screen, "d10", "roll_ap", dice=[4, 7, 8])
    assert d10["error"] == "" and enc.ap("Evan") == 1
    assert screen.panels["strip"]["states"]["Evan"]["ap"] == 1
    assert plain(screen.panels["roster"]["cards"]["Evan"]["vitals"]) == plain(
        asdict(enc.vitals("Evan"))
    )
    to(screen, "d10", "roll_ap")
    assert "already rolled" in d10["error"]


def test_a_task_result_is_dropped_when_the_turn_moves_on_or_its_roll_is_undone() -> None:
    enc = fight()
    screen = screen_of(enc)
    to(screen, "strip", "start")
    task: dict[str, Any] = screen.panels["task"]
    to(screen, "task", "choose", combatant="Blueshift", attribute="agility", difficulty=9)
    to(screen, "task", "roll", dice=[3, 4])
    assert task["result"]["total"] == 12
    to(screen, "strip", "end_turn")
    assert task["result"] == {}
    assert task["selection"]["combatant"] == "Blueshift"  # the setup stays
    to(screen, "task", "roll", dice=[3, 4])
    assert task["result"] != {}
    to(screen, "log", "undo")
    assert task["result"] == {} and enc.log[-1].kind != "task"


def test_a_blackout_initiative_result_is_dropped_when_undone() -> None:
    enc = blackout_fight()
    screen = screen_of(enc)
    initiative: dict[str, Any] = screen.panels["initiative"]
    to(screen, "initiative", "choose", combatant="Kara", count=2)
    to(screen, "initiative", "roll", dice=[1, 2])
    assert "= step 3" in initiative["result"]["lines"][-1]
    assert screen.panels["strip"]["states"]["Kara"]["initiative"] == 3
    to(screen, "strip", "undo")
    assert initiative["result"] == {}
    assert screen.panels["strip"]["states"]["Kara"]["initiative"] is None


def test_closing_the_screen_closes_all_of_it() -> None:
    enc = fight()
    screen = screen_of(enc)
    screen.close()
    enc.start()
    assert screen.panels["strip"]["round"] == 0
    assert screen.panels["attack"]["selection"] == {}
    screen.close()


def test_a_second_screen_on_a_file_a_live_screen_autosaves_is_refused(tmp_path: Path) -> None:
    """Running the cell again (issue 17): the old screen's encounter still writes the file, so the
    new one is refused and builds no widget; closed and let go of, the file is free."""
    path = tmp_path / "fight.json"
    enc = fight()
    screen = GMScreen(enc, autosave=path)
    to(screen, "strip", "start")
    with pytest.raises(EncounterFileError, match="already autosaved by another encounter"):
        GMScreen(Encounter.load(path), autosave=path)
    to(screen, "strip", "end_turn")
    assert Encounter.load(path).current == "Ganyeka"
    screen.close()
    enc.autosave = None
    again = GMScreen(Encounter.load(path), autosave=path)
    to(again, "strip", "end_turn")
    assert again.panels["strip"]["error"] == "" and Encounter.load(path).current == "Monolith"
    again.close()
