"""Mutated saved files (hypothesis): ``Encounter.from_json`` loads a valid encounter or raises
``EncounterFileError``, never anything else; a loaded encounter saves and reloads the same, and
redoes its undone commands or refuses with a ``RuleError``.

The cases at the end are the engine bugs this found (all three fixed in the engine since)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpb_widgets import BulletproofBlues, Encounter, EncounterFileError, RuleError
from tests.engine.helpers import started

COMMANDS = BulletproofBlues.commands()


def saved_fight() -> str:
    """A fight using most commands, with an undone one (so the file has ``undone`` records)."""
    enc = started()
    enc.delay()
    enc.end_turn()
    enc.take_delayed("Blueshift")
    enc.end_turn()
    enc.block("Monolith", attacker="Ganyeka", rank=5, dice=(6, 6))
    enc.dodge("Blueshift", attacker="Ganyeka", rank=3)
    enc.force("Ganyeka", "dives for cover")
    enc.end_turn()
    enc.undo()
    return enc.to_json()


SAVED = saved_fight()
DATA = json.loads(SAVED)

junk = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from([*COMMANDS, "Blueshift", "Monolith", "dodge", "prowess", 10**20, -1, 0]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


def check(text: str | bytes) -> None:
    """The contract: a valid encounter, or EncounterFileError."""
    try:
        enc = Encounter.from_json(text)
    except EncounterFileError:
        return
    again = Encounter.from_json(enc.to_json())
    assert again.to_json() == enc.to_json()
    while enc.can_redo:
        try:
            enc.redo()
        except RuleError:
            break


@st.composite
def edited(draw: st.DrawFn) -> Any:
    """The saved JSON with one value somewhere in it replaced, removed, or a command duplicated."""
    data: Any = json.loads(SAVED)
    node, key = data, draw(st.sampled_from(list(data)))
    while isinstance(node[key], (dict, list)) and node[key] and draw(st.integers(0, 3)):
        node = node[key]
        key = draw(st.sampled_from(list(node) if isinstance(node, dict) else range(len(node))))
    action = draw(st.sampled_from(["replace", "remove", "duplicate"]))
    if action == "remove":
        del node[key]
    elif action == "duplicate" and isinstance(node, list):
        node.insert(key, node[key])
    else:
        node[key] = draw(junk)
    return data


@settings(max_examples=300, deadline=None)
@given(edited(), st.booleans())
def test_json_edits_of_fields_types_and_commands(data: Any, ascii_only: bool) -> None:
    check(json.dumps(data, ensure_ascii=ascii_only))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(SAVED.encode()) - 1))
def test_truncations(length: int) -> None:
    check(SAVED.encode()[:length])


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, len(SAVED.encode()) - 1), st.integers(1, 255)),
        min_size=1,
        max_size=4,
    )
)
def test_byte_flips(flips: list[tuple[int, int]]) -> None:
    raw = bytearray(SAVED.encode())
    for position, mask in flips:
        raw[position] ^= mask
    check(bytes(raw))


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.sampled_from(DATA["commands"]), max_size=12),
    st.lists(st.sampled_from(DATA["commands"]), max_size=3),
)
def test_commands_shuffled_dropped_or_repeated(commands: list[Any], undone: list[Any]) -> None:
    check(json.dumps({**DATA, "commands": commands, "undone": undone}))


def test_the_unmutated_file_loads_exactly() -> None:
    assert Encounter.from_json(SAVED).to_json() == SAVED


def edit(**fields: Any) -> str:
    return json.dumps({**DATA, **fields})


def test_an_unhashable_rule_set_name_is_a_file_error() -> None:
    check(edit(rules=[]))


def test_an_unhashable_command_name_is_a_file_error() -> None:
    check(edit(undone=[{"cmd": [], "args": {}}]))


def test_an_undone_command_with_unknown_arguments_is_a_file_error() -> None:
    with pytest.raises(EncounterFileError):
        Encounter.from_json(edit(undone=[{"cmd": "end_turn", "args": {"x": 1}}]))
