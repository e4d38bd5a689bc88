"""Fights saved by bpb_widgets 0.1 (file format version 1, tests/data/saved_0.1/) and before
issue 32's rules corrections (format version 2, tests/data/saved_format_2/) still load: the same
round, turn, order, transcript and log, with the undone commands ready to redo; option and
argument names of 0.1 (``continued_defence_penalty``, ``armour=``) are read as today's, and the
rules corrected since are played as they were when the fight was saved."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bpb_widgets import Encounter
from bpb_widgets.engine import storage

DATA = Path(__file__).parents[1] / "data"
SAVED = DATA / "saved_0.1"
FORMAT_2 = DATA / "saved_format_2"
EXPECTED: dict[Path, dict[str, Any]] = {
    folder / name: value
    for folder in (SAVED, FORMAT_2)
    for name, value in json.loads((folder / "expected.json").read_text("utf-8")).items()
    if name.endswith(".json")
}


@pytest.mark.parametrize("path", sorted(EXPECTED), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_an_older_fight_loads_as_it_was(path: Path) -> None:
    expected = EXPECTED[path]
    enc = Encounter.load(path)
    assert enc.rules.name == expected["rules"]
    assert (enc.round, enc.current, enc.order) == (
        expected["round"],
        expected["current"],
        expected["order"],
    )
    assert enc.transcript() == expected["transcript"]
    assert len(enc.log) == expected["log_entries"]
    assert enc.log[-1].text == expected["last_event"]
    if expected["undone"]:
        enc.redo(expected["undone"])
    assert not enc.can_redo


def test_0_1_option_and_argument_names_are_read_as_today() -> None:
    assert (
        Encounter.load(SAVED / "bpb2e.fight.json").rules.options()["continued_defense_penalty"]
        is False
    )
    blackout = Encounter.load(SAVED / "blackout.fight.json")
    assert blackout.combatant("Mech").armor == 4
    assert blackout.rules.options() == {  # options 0.1 did not have take their defaults
        "pool_die": 6,
        "pool_success_on": 4,
        "surprise_effect": "no actions",
        "non_lethal_damage": "direct",
    }


def test_0_1_fights_go_on_holding_delayed_turns_as_0_1_did() -> None:
    """A turn delayed in 0.1 and not taken merged into the holder's next turn; a loaded 0.1 fight
    keeps that reading (``delay_later_in_round=False``) so that it replays as it was played."""
    assert (
        Encounter.load(SAVED / "bpb2e.fight.json").rules.options()["delay_later_in_round"] is False
    )


def test_a_loaded_0_1_fight_saves_in_todays_format() -> None:
    enc = Encounter.load(SAVED / "blackout.fight.json")
    data = json.loads(enc.to_json())
    assert data["version"] == storage.VERSION
    assert "armour" not in enc.to_json()
    again = Encounter.from_json(enc.to_json())
    assert again.transcript() == enc.transcript() and again.history == enc.history


def test_a_fight_saved_before_format_3_is_played_by_the_rules_it_was_saved_under() -> None:
    """The fight of tests/data/saved_format_2/ holds every rule issue 32 corrected, played the
    earlier way: a plot point spent on an automatic success before a miss, a hit taken for
    someone at no cost, a sheet attack's expertise matched by its name only, an order declared at
    the start of round 2 waiting for round 3, a pre-empted dodge taken as a task action, and
    ``recover(names)`` as a rest. It replays to the same Endurance and plot points, and goes on
    under the earlier rules."""
    path = FORMAT_2 / "bpb2e.fight.json"
    enc = Encounter.load(path)
    expected = EXPECTED[path]
    assert {n: enc.endurance(n).current for n in enc.names} == expected["endurance"]
    assert enc.plot_points("Blueshift") == expected["plot_points"]
    assert enc.rules.preempted_defense_forced is False
    again = Encounter.from_json(enc.to_json())  # saved in today's format, it stays as it was
    assert again.rules == enc.rules and again.transcript() == enc.transcript()
