"""Hostile front-end messages (hypothesis): nothing raises out of a widget's message handler, a
refused message changes nothing in the encounter and always shows an error, and whatever the widget
then holds can be sent (no lone surrogate reaches a trait). Trait updates (the ipywidgets "update"
path, ``set_state``) are refused: the front end writes no trait, and the widget keeps working."""

from __future__ import annotations

import json
from typing import Any

import pytest
import traitlets
from hypothesis import given, settings
from hypothesis import strategies as st
from system_kit import blackout_fight, d10_fight
from widget_kit import fight

from bpb_widgets import Encounter
from bpb_widgets.widgets import (
    BlackoutRoller,
    D10Roller,
    DefensePanel,
    DiceRoller,
    EncounterLog,
    TaskRoller,
    TurnOrderStrip,
)
from bpb_widgets.widgets._base import EncounterWidget

WIDGETS: list[type[EncounterWidget]] = [TurnOrderStrip, EncounterLog, TaskRoller, DefensePanel]
NAMES = ["Blueshift", "Ganyeka", "Monolith", "Ganyeka's henchmen"]
#: Every key any widget's commands read, so fuzzed messages reach the argument checks.
KEYS = [
    "cmd", "name", "names", "index", "dice", "attacker", "defender", "rank", "combatant",
    "attribute", "bonus", "difficulty", "opposed", "opposed_attribute", "expertise", "attack",
    "defense", "to", "count", "roll", "ap", "action",
]  # fmt: skip
SYSTEM_WIDGETS: list[type[EncounterWidget]] = [TurnOrderStrip, EncounterLog, DiceRoller]
ALL_COMMANDS = sorted(
    {cmd for cls in [*WIDGETS, BlackoutRoller, D10Roller] for cmd in cls.commands}
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text(max_size=30)
    | st.text(min_size=5_000, max_size=20_000)
    | st.sampled_from([*NAMES, "", "prowess", "agility", "-1", "\u202eRTL", "<b>x</b>"])
    | st.sampled_from(["\ud800", "Blueshift\udc80", "Environment\u200b", "Mono\u0308lith"])
    | st.sampled_from([10**30, -(10**30), 2**63, -1, 0, 99])
)
junk = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
commands = st.sampled_from([*ALL_COMMANDS, "__init__", "_update", "close", "send", "END_TURN"])
messages = (
    junk
    | st.lists(junk, max_size=3)
    | st.fixed_dictionaries({"cmd": commands}, optional={key: junk for key in KEYS if key != "cmd"})
    | st.dictionaries(st.sampled_from(KEYS), junk)
)


def started() -> Encounter:
    enc = fight()
    enc.start()
    enc.end_turn()
    return enc


def deliver(widget: EncounterWidget, msg: object) -> None:
    """Call the handler itself: ipywidgets would log and swallow what escapes it; then check that
    everything the widget holds can be sent as UTF-8 JSON."""
    widget._on_message(widget, msg, [])
    json.dumps(widget.get_state(), ensure_ascii=False).encode("utf-8")


def state(enc: Encounter) -> tuple[Any, ...]:
    return enc.to_json(), [e.to_dict() for e in enc.log], enc.round, enc.current


@settings(max_examples=150, deadline=None)
@given(cls=st.sampled_from(WIDGETS), msg=messages)
def test_no_message_raises_and_a_refused_one_changes_nothing(
    cls: type[EncounterWidget], msg: object
) -> None:
    enc = started()
    widget = cls(enc)
    before = state(enc)
    deliver(widget, msg)
    if widget.error:
        assert state(enc) == before
    cmd = msg.get("cmd") if isinstance(msg, dict) else None
    if not isinstance(cmd, str) or cmd not in widget.commands:
        assert widget.error.startswith("Unknown command")
        assert state(enc) == before


def started_system(rules: str) -> Encounter:
    enc = blackout_fight() if rules == "blackout" else d10_fight()
    enc.roll_order()
    enc.start()
    return enc


@settings(max_examples=150, deadline=None)
@given(
    rules=st.sampled_from(["blackout", "d10-ap"]),
    cls=st.sampled_from(SYSTEM_WIDGETS),
    msg=messages,
)
def test_the_other_rule_sets_widgets_never_raise_and_refusals_change_nothing(
    rules: str, cls: type[EncounterWidget], msg: object
) -> None:
    enc = started_system(rules)
    widget = cls(enc)
    before = state(enc)
    deliver(widget, msg)
    if widget.error:
        assert state(enc) == before


def needs(cls: type[EncounterWidget], cmd: str) -> list[str]:
    """The keys command ``cmd`` of ``cls`` cannot do without."""
    required = {
        "take_delayed": ["name"],
        "set_order": ["names"],
        "undo_to": ["index"],
        "block": ["attacker", "defender", "rank"],
        "dodge": ["attacker", "defender", "rank"],
    }
    if cmd == "preview":
        return ["attacker", "defender", "rank"] if cls is DefensePanel else ["difficulty"]
    if cmd == "roll":
        return ["difficulty"]
    return required.get(cmd, [])


wrong_types = st.none() | st.booleans() | st.floats() | st.lists(st.integers(), max_size=2)


@settings(max_examples=100, deadline=None)
@given(data=st.data(), cls=st.sampled_from(WIDGETS))
def test_a_command_missing_an_argument_or_given_the_wrong_type_is_refused(
    data: st.DataObject, cls: type[EncounterWidget]
) -> None:
    candidates = [cmd for cmd in cls.commands if needs(cls, cmd)]
    cmd = data.draw(st.sampled_from(candidates))
    key = data.draw(st.sampled_from(needs(cls, cmd)))
    msg: dict[str, Any] = {
        "cmd": cmd,
        **{"attacker": "Ganyeka", "defender": "Monolith", "rank": 5, "difficulty": 8},
    }
    if data.draw(st.booleans()):
        msg[key] = data.draw(wrong_types)
    else:
        msg.pop(key, None)
    enc = started()
    widget = cls(enc)
    before = state(enc)
    deliver(widget, msg)
    assert widget.error
    assert state(enc) == before


def test_errors_quote_huge_values_briefly() -> None:
    enc = started()
    strip = TurnOrderStrip(enc)
    deliver(strip, {"cmd": "take_delayed", "name": ["x" * 100_000]})
    assert 0 < len(strip.error) < 300
    deliver(strip, {"cmd": "y" * 100_000})
    assert 0 < len(strip.error) < 300


# -- trait updates: the ipywidgets "update" path ---------------------------------------------

ALL_WIDGETS: list[type[EncounterWidget]] = [*WIDGETS, BlackoutRoller, D10Roller]
TRAITS = sorted({key for cls in ALL_WIDGETS for key in cls.class_trait_names(sync=True)})
updates = (
    st.dictionaries(st.sampled_from(TRAITS) | st.text(max_size=8), junk, max_size=4)
    | st.fixed_dictionaries({}, optional={key: junk for key in TRAITS})
    | junk
)


def on_its_encounter(cls: type[EncounterWidget]) -> EncounterWidget:
    if cls is BlackoutRoller:
        return cls(started_system("blackout"))
    if cls is D10Roller:
        return cls(started_system("d10-ap"))
    return cls(started())


def front_end_update(widget: EncounterWidget, state: object) -> None:
    """An "update" message as ipywidgets receives it from the front end."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


@settings(max_examples=100, deadline=None)
@given(cls=st.sampled_from(ALL_WIDGETS), update=updates)
def test_the_front_end_sets_no_trait_and_the_widget_keeps_working(
    cls: type[EncounterWidget], update: object
) -> None:
    widget = on_its_encounter(cls)
    before, fight = widget.get_state(), state(widget.encounter)
    front_end_update(widget, update)
    widget.set_state(update)
    assert widget.get_state() == before
    assert state(widget.encounter) == fight
    deliver(widget, {"cmd": "undo"})  # still works: commands run, traits follow
    assert widget.error == "" and widget.encounter.can_redo
    if isinstance(widget, TurnOrderStrip):
        assert widget.can_redo


@pytest.mark.parametrize(
    ("cls", "update"),
    [
        (D10Roller, {"selection": {"combatant": []}}),
        (DefensePanel, {"selection": {"defender": 5}}),
        (TaskRoller, {"selection": {"combatant": "Blueshift"}, "preview": None}),
        (TurnOrderStrip, {"states": {"Blueshift": []}, "order": 5, "round": "x"}),
        (EncounterLog, {"first": -5, "entries": "x"}),
        (BlackoutRoller, {"layout": "IPY_MODEL_nope", "_esm": "alert(1)"}),
    ],
)
def test_reported_trait_updates_are_refused(cls: type[EncounterWidget], update: object) -> None:
    widget = on_its_encounter(cls)
    before = widget.get_state()
    front_end_update(widget, update)
    assert widget.get_state() == before
    deliver(widget, {"cmd": "undo"})
    assert widget.error == ""


@pytest.mark.parametrize(
    ("cls", "selection"),
    [
        (D10Roller, {"combatant": []}),
        (DefensePanel, {"defender": 5}),
        (DefensePanel, {"attacker": "Ganyeka", "defender": "Monolith", "rank": "5"}),
        (BlackoutRoller, {"combatant": "Kara", "count": None}),
        (TaskRoller, {"combatant": "Blueshift"}),
    ],
)
def test_a_selection_of_the_wrong_shape_cannot_be_set(
    cls: type[EncounterWidget], selection: dict[str, Any]
) -> None:
    widget = on_its_encounter(cls)
    with pytest.raises(traitlets.TraitError):
        widget.selection = selection  # type: ignore[attr-defined]


def test_a_broken_name_is_refused_and_the_refusal_can_be_sent() -> None:
    enc = started()
    strip = TurnOrderStrip(enc)
    before = state(enc)
    for name in ("\ud800", "Blueshift\udc80", "Environment\u200b"):
        deliver(strip, {"cmd": "take_delayed", "name": name})
        assert strip.error and state(enc) == before
    panel = DefensePanel(enc)
    deliver(panel, {"cmd": "choose", "attacker": "\ud800", "defender": "Monolith", "rank": 3})
    assert panel.error and panel.selection == {}
