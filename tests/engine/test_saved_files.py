"""Fights saved by bpb_widgets 0.1 (file format version 1, tests/data/saved_0.1/) still load:
the same round, turn, order, transcript and log, with the undone commands ready to redo; option
and argument names of 0.1 (``continued_defence_penalty``, ``armour=``) are read as today's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bpb_widgets import Encounter

SAVED = Path(__file__).parents[1] / "data" / "saved_0.1"
EXPECTED: dict[str, dict[str, Any]] = {
    name: value
    for name, value in json.loads((SAVED / "expected.json").read_text("utf-8")).items()
    if name.endswith(".json")
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_fight_saved_by_0_1_loads_as_it_was(name: str) -> None:
    expected = EXPECTED[name]
    enc = Encounter.load(SAVED / name)
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
    assert data["version"] == 2
    assert "armour" not in enc.to_json()
    again = Encounter.from_json(enc.to_json())
    assert again.transcript() == enc.transcript() and again.history == enc.history
