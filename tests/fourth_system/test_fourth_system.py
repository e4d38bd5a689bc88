"""A fourth game system defined in this folder alone (``system.py``: a sheet, one command, its
declaration; ``panels.py`` and ``pebbles.js``: its GM screen part and renderer): the encounter
finds it by its rule set's name, the widgets show its part, a file saves and loads it, and a GM
plays it by clicks in JupyterLab, with no file outside this folder naming it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from bpb_widgets import Encounter, RuleError
from bpb_widgets.engine.game_system import GameSystem, declared
from bpb_widgets.widgets import AttackPanel, DefensePanel, DiceRoller, GMScreen
from tests.engine.test_hooks import HOOKS, overridden
from tests.fourth_system.system import SYSTEM, Pebbles
from tests.ui.lab import Notebook

HERE = Path(__file__).parent
ROOT = HERE.parents[1]


def fight() -> Pebbles:
    enc = Encounter(rules="pebbles", seed=3)
    assert isinstance(enc, Pebbles)
    enc.add("Ann", side="heroes")
    enc.add("Bo", pebbles=1, side="villains")
    enc.roll_order()
    enc.start()
    return enc


def test_the_encounter_finds_the_system_by_its_rule_set() -> None:
    enc = fight()
    assert GameSystem.of(enc) is SYSTEM and SYSTEM in declared()
    assert Encounter.find_rule_set("pebbles").name == "pebbles"
    assert enc.current == "Ann" and enc.vitals("Bo").label == "Pebbles"
    with pytest.raises(RuleError, match="no stones"):
        enc.add("Cy", stones=2)


def test_its_commands_and_the_others_refuse_each_other() -> None:
    """A system defined after the others refuses their commands, and they refuse its own."""
    with pytest.raises(RuleError, match="attack belongs to the Bulletproof Blues rules"):
        fight().attack("Ann", "Bo", 3)
    with pytest.raises(RuleError, match="throw belongs to the Pebbles rules"):
        Encounter(rules="bpb2e").throw("Ann", "Bo")


def test_it_fills_only_declared_hooks() -> None:
    assert overridden(Pebbles) <= set(HOOKS)
    assert {"_enrol", "_declare_order", "_place_aware", "_down", "_fit"} <= overridden(Pebbles)


def test_the_gm_screen_shows_its_part_and_sends_its_renderer() -> None:
    screen = GMScreen(fight())
    assert screen.layout_panels == ["strip", "roster", "pebbles", "log", "files", "players"]
    assert screen.renderers == {"pebbles": (HERE / "pebbles.js").read_text()}
    assert AttackPanel(screen.encounter).layout_panels == ["pebbles"]
    with pytest.raises(RuleError, match="DiceRoller shows dice, which the pebbles rules do"):
        DiceRoller(screen.encounter)
    with pytest.raises(RuleError, match="DefensePanel shows block and dodge"):
        DefensePanel(screen.encounter)


def test_its_command_runs_from_the_panel_is_undone_saved_and_loaded(tmp_path: Path) -> None:
    screen = GMScreen(fight())
    enc = screen.encounter
    screen._on_message(screen, {"panel": "pebbles", "cmd": "throw", "target": "Bo", "roll": 5}, [])
    assert enc.pebbles_left("Bo") == 0 and enc.turn_state("Bo").out
    assert "a hit (Bo has 0 left)" in screen.panels["pebbles"]["result"]["lines"][0]
    enc.end_turn()
    assert enc.current == "Ann" and enc.round == 2  # Bo, out, has no turn
    screen._on_message(screen, {"panel": "pebbles", "cmd": "throw", "target": "Ann"}, [])
    assert "someone else" in screen.panels["pebbles"]["error"]
    loaded = Encounter.load(enc.save(tmp_path / "pebbles.json"))
    assert isinstance(loaded, Pebbles) and loaded.pebbles_left("Bo") == 0
    assert loaded.transcript() == enc.transcript()
    loaded.undo(2)  # the end of the turn, then the throw
    assert loaded.pebbles_left("Bo") == 1 and not loaded.turn_state("Bo").out


def test_no_file_outside_this_folder_names_it() -> None:
    tracked = subprocess.run(
        ["git", "grep", "-il", "pebbles", "--", ".", f":!{HERE.relative_to(ROOT)}", ":!docs"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert tracked.stdout == "", tracked.stdout


PLAY = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
from tests.fourth_system.system import Pebbles
from bpb_widgets import Encounter, GMScreen
pebbles = Encounter(rules="pebbles", seed=3)
pebbles.add("Ann", side="heroes"); pebbles.add("Bo", pebbles=1, side="villains")
GMScreen(pebbles)
"""


@pytest.mark.ui
def test_a_gm_plays_it_by_clicks_in_jupyterlab(notebook: Notebook) -> None:
    out = notebook.run_cell(PLAY)
    panel = out.get_by_role("region", name="Throw a pebble")
    expect(panel).to_contain_text("Start the fight to throw.")
    out.get_by_role("button", name="Roll order").click()
    out.get_by_role("button", name="Start").click()
    expect(panel).to_contain_text("Ann throws: a d6 of 4 or more hits.")
    panel.get_by_label("Target").select_option("Bo")
    panel.get_by_label("Physical d6").fill("6")
    panel.get_by_role("button", name="Throw").click()
    expect(panel).to_contain_text("Ann throws a pebble at Bo: 6, a hit (Bo has 0 left).")
    assert notebook.wait_kernel("print(pebbles.pebbles_left('Bo'))", "0") == "0"
    expect(out.get_by_role("region", name="Encounter log")).to_contain_text("a hit")
    assert not notebook.console_errors
    notebook.screenshot(out, "fourth-system-pebbles")
