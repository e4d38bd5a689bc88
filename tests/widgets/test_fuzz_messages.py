"""Hostile front-end messages (hypothesis): nothing raises out of a widget's message handler, a
refused message changes nothing in the encounter and always shows an error."""

from __future__ import annotations

from typing import Any

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
    """Call the handler itself: ipywidgets would log and swallow what escapes it."""
    widget._on_message(widget, msg, [])


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
