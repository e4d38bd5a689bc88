"""Hostile front-end messages (hypothesis): nothing raises out of a widget's message handler; a
message is either refused (the error in its part, the encounter unchanged), ignored (no part
named: nothing at all changes) or carried out; the front end's copy of the state stays exact; and
the widget still works afterwards."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from system_kit import blackout_fight, d10_fight
from widget_kit import FrontEnd, Wire, battle, plain

from bpb_widgets import Encounter
from bpb_widgets.widgets import DefensePanel, GMScreen

NAMES = ["Widow", "Thug", "Brute", "Kara", "Vex", "Mech", "Evan", "Orc"]
SCREEN_KEYS = sorted({key for cls in GMScreen.part_types for key in [cls.key]} | {"defense"})
ALL_COMMANDS = sorted(
    {cmd for cls in (*GMScreen.part_types, *DefensePanel.part_types) for cmd in cls.commands}
)
#: Every key a command reads, so fuzzed messages reach the argument checks.
KEYS = sorted(
    {
        parameter.name
        for cls in (*GMScreen.part_types, *DefensePanel.part_types)
        for declared in cls.commands.values()
        for parameter in declared.parameters
    }
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-5, max_value=20)
    | st.sampled_from([10**30, -(10**30), 2**63, 1e308, float("nan"), float("inf")])
    | st.floats(allow_nan=True)
    | st.text(max_size=30)
    | st.sampled_from(["é" * 20_000, "W" * 5_000])
    | st.sampled_from(["x" * 2_000, "Thug" * 300])
    | st.sampled_from(
        [*NAMES, "", "prowess", "block", "take", "end", "../x", "\u202eRTL", "<b>x</b>"]
    )
    | st.sampled_from(["\ud800", "Blueshift\udc80", "Environment\u200b", "Mono\u0308lith"])
    | st.sampled_from([10**30, -(10**30), 2**63, -1, 0, 99])
)
junk = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)
commands = st.sampled_from([*ALL_COMMANDS, "__init__", "refresh", "put", "close", "send", ""])
panels = st.sampled_from([*SCREEN_KEYS, "nowhere", ""]) | st.none() | junk
messages = (
    junk
    | st.fixed_dictionaries(
        {"cmd": commands, "panel": panels},
        optional={key: junk | st.sampled_from(NAMES) for key in KEYS},
    )
    | st.dictionaries(st.sampled_from([*KEYS, "cmd", "panel"]), junk)
)


def bpb() -> Encounter:
    enc = battle()
    enc.start()
    enc.attack("Widow", "Thug", power="Blast", dice=(4, 4))  # an extreme hit waits
    return enc


def blackout() -> Encounter:
    enc = blackout_fight()
    enc.roll_order()
    enc.start()
    return enc


def d10() -> Encounter:
    enc = d10_fight()
    enc.roll_order()
    enc.start()
    return enc


FIGHTS: dict[str, Callable[[], Encounter]] = {"bpb": bpb, "blackout": blackout, "d10-ap": d10}


def deliver(widget: GMScreen, msg: object) -> None:
    """Call the handler itself: ipywidgets would log and swallow what escapes it; then check that
    everything the widget holds can be sent as UTF-8 JSON (no lone surrogate reaches a part)."""
    widget._on_message(widget, msg, [])
    json.dumps(widget.get_state(), ensure_ascii=False).encode("utf-8")


def snapshot(enc: Encounter) -> tuple[Any, ...]:
    return enc.to_json(), [e.to_dict() for e in enc.log], enc.round, enc.current


def errors_of(panels: dict[str, Any]) -> dict[str, str]:
    return {key: state["error"] for key, state in panels.items() if state["error"]}


def errors(widget: GMScreen) -> dict[str, str]:
    return errors_of(widget.panels)


@pytest.fixture(scope="module")
def folder() -> Any:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(system=st.sampled_from(sorted(FIGHTS)), msgs=st.lists(messages, min_size=1, max_size=3))
def test_no_message_raises_a_refusal_changes_nothing_and_the_screen_still_works(
    system: str, msgs: list[object], folder: Path
) -> None:
    enc = FIGHTS[system]()
    screen = GMScreen(enc, folder=folder)
    for msg in msgs:
        before = snapshot(screen.encounter), plain(screen.panels)
        deliver(screen, msg)
        target = msg.get("panel") if isinstance(msg, dict) else None
        if not isinstance(target, str) or target not in screen.layout_panels:
            # no panel of this screen named: ignored
            assert (snapshot(screen.encounter), plain(screen.panels)) == before
            continue
        error = screen.panels[target]["error"]
        others = {k: e for k, e in errors(screen).items() if k != target}
        if snapshot(screen.encounter) == before[0]:  # nothing changed: other errors stand
            assert others == {k: e for k, e in errors_of(before[1]).items() if k != target}
        else:  # a change clears every refusal
            assert others == {}
        assert len(error) <= 400
        cmd = msg.get("cmd") if isinstance(msg, dict) else None
        if cmd not in screen.part(target).commands:
            assert error.startswith("Unknown command")
        if error:
            assert snapshot(screen.encounter) == before[0]
    # the screen still shows the engine's state as a fresh one does, and still runs the fight
    assert from_engine(screen) == from_engine(GMScreen(screen.encounter, folder=folder))
    deliver(screen, {"panel": "roster", "cmd": "add", "name": "Zed", "sheet": {}})
    assert screen.panels["roster"]["error"] == ""
    assert "Zed" in screen.encounter.names and "Zed" in screen.panels["roster"]["cards"]
    deliver(screen, {"panel": "strip", "cmd": "undo"})
    assert "Zed" not in screen.encounter.names and "Zed" not in screen.panels["roster"]["cards"]
    assert from_engine(screen) == from_engine(GMScreen(screen.encounter, folder=folder))


#: The fields each part reads from the encounter alone (not the GM's choices in that view).
ENGINE_FIELDS = {
    "strip": ["round", "current", "order", "states", "changes", "can_undo", "can_redo"],
    "roster": ["names", "sides", "current", "cards"],
    "attack": ["names", "current", "pending", "answers"],
    "combat": ["names", "current", "ap", "one_two", "vitality_due", "hit"],
    "initiative": ["sheets"],
    "d10": ["sheets", "current"],
    "log": ["commands", "can_undo", "redo"],
}


def from_engine(screen: GMScreen) -> dict[str, Any]:
    return plain(
        {
            key: {field: state[field] for field in ENGINE_FIELDS.get(key, [])}
            for key, state in screen.panels.items()
        }
    )


@settings(max_examples=40, deadline=None)
@given(system=st.sampled_from(sorted(FIGHTS)), msgs=st.lists(messages, min_size=1, max_size=4))
def test_the_front_end_s_copy_stays_exact_whatever_arrives(
    system: str, msgs: list[object], folder: Path
) -> None:
    wire = Wire()
    screen = GMScreen(FIGHTS[system](), folder=folder)
    # record only this screen's messages
    screen.comm.publish_msg = lambda msg_type, data=None, *a, **k: (  # type: ignore[method-assign]
        wire.messages.append(data) or wire.routed.append((screen.comm.comm_id, data))
    )
    wire.opened[screen.comm.comm_id] = screen.get_state()
    front = FrontEnd(wire, screen)
    for msg in msgs:
        deliver(screen, msg)
        assert front.catch_up() == plain(screen.panels)


wrong_types = (
    st.none() | st.booleans() | st.floats() | st.lists(st.integers(), min_size=1, max_size=2)
)
#: Commands and the arguments they cannot do without, with good values.
NEEDS: dict[str, dict[str, dict[str, Any]]] = {
    "strip": {"take_delayed": {"name": "Thug"}, "set_order": {"names": ["Thug", "Widow"]}},
    "roster": {
        "remove": {"name": "Brute"},
        "defeat": {"name": "Brute"},
        "aware": {"name": "Brute", "aware": False},
        "hide": {"name": "Brute", "hidden": True},
        "add": {"name": "Black Steel", "sheet": {"agility": 6}},
        "add_condition": {"name": "Brute", "condition": "stunned"},
    },
    "attack": {"effect": {"effect": "overwhelming"}, "answer": {"how": "take"}},
    "log": {"undo_to": {"index": 3}},
    "files": {"save": {"name": "fuzzed"}, "load": {"name": "fuzzed"}, "autosave": {"on": True}},
}


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_a_command_missing_an_argument_or_given_the_wrong_type_is_refused(
    data: st.DataObject, folder: Path
) -> None:
    key = data.draw(st.sampled_from(sorted(NEEDS)))
    cmd = data.draw(st.sampled_from(sorted(NEEDS[key])))
    args = dict(NEEDS[key][cmd])
    name = data.draw(st.sampled_from(sorted(args)))
    if data.draw(st.booleans()):
        flag = isinstance(args[name], bool)
        args[name] = data.draw(
            wrong_types.filter(lambda v: v is not None and not (flag and isinstance(v, bool)))
        )
    else:
        del args[name]
    enc = bpb()
    screen = GMScreen(enc, folder=folder)
    before = snapshot(enc)
    deliver(screen, {"panel": key, "cmd": cmd, **args})
    assert f"needs {name!r}" in screen.panels[key]["error"]
    assert snapshot(enc) == before
