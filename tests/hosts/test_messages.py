"""Front-end messages are normalised in one place: JavaScript's null (None in Python), undefined
(a key left out) and Pyodide's ``jsnull`` (JupyterLite) all mean "absent"."""

from __future__ import annotations

from typing import Any

import pytest

from bpb_widgets import Encounter, GMScreen
from bpb_widgets.widgets._commands import absent, normalise


class JsNull:
    """Pyodide's ``jsnull`` is the one instance of a class of this name (``pyodide.ffi``; the
    JupyterLite test checks the name in a real Pyodide)."""

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "jsnull"


jsnull = JsNull()


def test_null_undefined_and_jsnull_are_absent() -> None:
    assert absent(None) and absent(jsnull)
    assert not absent(0) and not absent("") and not absent(False) and not absent([])


def test_normalise_reaches_every_level() -> None:
    message = {"cmd": "choose", "opposed": jsnull, "targets": ["a", jsnull], "form": {"x": jsnull}}
    assert normalise(message) == {
        "cmd": "choose",
        "opposed": None,
        "targets": ["a", None],
        "form": {"x": None},
    }


@pytest.fixture
def screen() -> GMScreen:
    enc = Encounter(seed=7)
    enc.add("Blueshift", perception=4, agility=5, prowess=4)
    enc.add("Ganyeka", perception=4, agility=4, prowess=5)
    enc.start()
    return GMScreen(enc)


def send(screen: GMScreen, message: dict[str, Any]) -> None:
    screen._on_message(screen, message, [])


@pytest.mark.parametrize("null", [None, jsnull, "undefined"], ids=["null", "jsnull", "undefined"])
def test_the_dice_roller_takes_every_kind_of_null_as_absent(screen: GMScreen, null: object) -> None:
    """The issue's case: the task roller's selection with no opposing combatant."""
    selection: dict[str, Any] = {
        "combatant": "Blueshift",
        "attribute": "agility",
        "bonus": 0,
        "difficulty": 10,
        "expertise": False,
        "attack": [],
        "defense": [],
    }
    if null != "undefined":  # undefined: JSON leaves the key out
        selection |= {"opposed": null, "opposed_attribute": null}
    send(screen, {"panel": "task", "cmd": "choose", **selection})
    assert screen.panels["task"]["error"] == ""
    roll: dict[str, Any] = {} if null == "undefined" else {"dice": null}
    send(screen, {"panel": "task", "cmd": "roll", **roll})
    assert screen.panels["task"]["error"] == ""
    assert screen.panels["task"]["result"]["lines"]


def test_a_null_where_a_value_is_needed_is_refused_as_missing(screen: GMScreen) -> None:
    send(screen, {"panel": "strip", "cmd": "take_delayed", "name": jsnull})
    assert screen.panels["strip"]["error"] == "This command needs 'name'; it was missing."
