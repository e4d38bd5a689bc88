"""Issue 17, "nothing but RuleError": every argument is made plain at the command boundary, or
refused with an ``ArgumentError`` (a ``RuleError``) that names the command and the argument, and a
refusal changes nothing; text is normalised (names, notes) and nothing invisible gets in."""

from __future__ import annotations

import json
import typing
from collections import deque
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bpb_widgets import Encounter, EncounterFileError, RuleError
from bpb_widgets.engine import storage
from bpb_widgets.engine.command import commands_of
from bpb_widgets.engine.conform import MAX_ITEMS, check_for, parameters, plain
from bpb_widgets.errors import ArgumentError
from tests.engine.helpers import snapshot, started

SYSTEMS = list(dict.fromkeys(Encounter._registry.values()))


def blackout() -> Encounter:
    enc = Encounter(seed=5, rules="blackout")
    enc.add("Rex", hp=6)
    enc.add("Mech", pc=False, step=9, ap=3, hp=8)
    enc.roll_order(dice={"Rex": [1, 2]})
    enc.start()
    return enc


def d10() -> Encounter:
    enc = Encounter(seed=5, rules="d10-ap")
    enc.add("Rex", agb=2, awarb=3)
    enc.add("Ivy", agb=3, awarb=2)
    enc.roll_order()
    enc.start()
    return enc


# -- point 3: accepted arguments are plain values, saved and replayed as the command saw them --


def dice_shapes() -> list[tuple[str, Callable[[], object]]]:
    return [
        ("range", lambda: range(5, 7)),
        ("iterator", lambda: iter([5, 6])),
        ("generator", lambda: (d for d in (5, 6))),
        ("dict keys", lambda: {5: "a", 6: "b"}.keys()),
        ("dict values", lambda: {"a": 5, "b": 6}.values()),
        ("deque", lambda: deque([5, 6])),
        ("tuple", lambda: (5, 6)),
    ]


@pytest.mark.parametrize(("shape", "make"), dice_shapes(), ids=[s for s, _ in dice_shapes()])
def test_any_sequence_of_dice_is_saved_as_a_list_and_undo_keeps_the_file_writable(
    shape: str, make: Callable[[], object]
) -> None:
    enc = started()
    result = enc.block("Monolith", attacker="Ganyeka", rank=3, dice=make())
    assert result.dice == (5, 6)  # an iterator is read once, by the boundary, not twice
    assert enc.history[-1]["args"]["dice"] == [5, 6]
    again = Encounter.from_json(enc.to_json())
    assert snapshot(again) == snapshot(enc)
    enc.undo()
    text = enc.to_json()  # the undone record, plain, stays writable in the redo list
    assert json.loads(text)["undone"][0]["args"]["dice"] == [5, 6]
    enc.redo()
    assert snapshot(enc) == snapshot(again)


def test_sets_are_saved_sorted_and_mappings_as_dicts() -> None:
    enc = Encounter(seed=3)
    enc.add("Wisp", expertise=frozenset({"dodge", "block", "blast"}))
    assert enc.history[-1]["args"]["expertise"] == ["blast", "block", "dodge"]
    enc.add("Ann")
    enc.roll_order(dice={"Wisp": range(1, 3), "Ann": iter([6, 6])})
    assert enc.history[-1]["args"]["dice"] == {"Wisp": [1, 2], "Ann": [6, 6]}
    assert snapshot(Encounter.from_json(enc.to_json())) == snapshot(enc)


def test_a_command_that_changes_its_arguments_cannot_change_what_is_saved() -> None:
    enc = started()
    order: list[str] = []
    enc.rest(names=order)
    assert enc.history[-1]["args"]["names"] == []
    order.append("Blueshift")  # the caller's list is not the record's either
    assert enc.history[-1]["args"]["names"] == []


UNSAVEABLE: list[tuple[str, Callable[[Encounter], object], str]] = [
    ("Fraction rank", lambda e: e.block("Monolith", attacker="Ganyeka", rank=Fraction(3)), "rank="),
    ("float rank", lambda e: e.block("Monolith", attacker="Ganyeka", rank=3.0), "whole number"),
    ("bool rank", lambda e: e.block("Monolith", attacker="Ganyeka", rank=True), "whole number"),
    ("huge rank", lambda e: e.block("Monolith", attacker="Ganyeka", rank=10**30), "at most"),
    (
        "nan die",
        lambda e: e.dodge("Monolith", attacker="Ganyeka", rank=3, dice=[float("nan"), 1]),
        "dice=",
    ),
    (
        "object die",
        lambda e: e.dodge("Monolith", attacker="Ganyeka", rank=3, dice=[object(), 1]),
        "dice=",
    ),
    (
        "too many dice",
        lambda e: e.dodge("Monolith", attacker="Ganyeka", rank=3, dice=iter(range(10**9))),
        f"more than {MAX_ITEMS}",
    ),
    ("bytes name", lambda e: e.force(b"Monolith", "ducks"), "takes text"),
    ("nan weight", lambda e: e.add("Zed", weight_lbs=float("nan")), "not a finite number"),
    ("inf weight", lambda e: e.add("Zed", weight_lbs=float("inf")), "not a finite number"),
    (
        "Fraction weight",
        lambda e: e.add("Zed", weight_lbs=Fraction(1, 3)),
        "Fraction cannot be saved",
    ),
    ("object on a sheet", lambda e: e.add("Zed", expertise=[object()]), "cannot be saved"),
    ("a mapping keyed by numbers", lambda e: e.roll_order(dice={1: [1, 1]}), "mapping of text"),
    ("a raising iterator", lambda e: e.rest(names=(1 / 0 for _ in [1])), "reading it failed"),
    ("deeply nested", lambda e: e.add("Zed", expertise=nested(50)), "nested too deeply"),
    ("missing argument", lambda e: e.grab("Blueshift"), "grab: missing a required argument"),
    ("unknown keyword", lambda e: e.end_turn(hastily=True), "end_turn: got an unexpected keyword"),
]


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(("what", "act", "message"), UNSAVEABLE, ids=[u[0] for u in UNSAVEABLE])
def test_what_cannot_be_saved_is_refused_and_changes_nothing(
    what: str, act: Callable[[Encounter], object], message: str
) -> None:
    enc = started()
    before = snapshot(enc)
    with pytest.raises(ArgumentError, match=message) as refused:
        act(enc)
    assert isinstance(refused.value, RuleError) and isinstance(refused.value, TypeError)
    assert snapshot(enc) == before


# -- point 7: wrong types anywhere are one clear RuleError ------------------------------------

WRONG_TYPES: list[tuple[Callable[[], Encounter], Callable[[Encounter], object], str]] = [
    (started, lambda e: e.grab("Blueshift", "Ganyeka", []), "grab: then= takes text, not []."),
    (started, lambda e: e.gain_plot_point("Blueshift", []), "gain_plot_point: reason= takes text"),
    (started, lambda e: e.spend_plot_point("Blueshift", {}), "spend_plot_point: use= takes text"),
    (started, lambda e: e.defense_preview([], "Monolith"), "defense_preview: kind= takes 'block'"),
    (
        started,
        lambda e: e.task("Blueshift", "agility", difficulty=8, attack_bonus=None),
        "task: attack_bonus= takes a list of text, not None",
    ),
    (
        started,
        lambda e: e.task_preview("Blueshift", "agility", difficulty=[8]),
        "task_preview: difficulty=",
    ),
    (
        started,
        lambda e: e.attack("Blueshift", "Ganyeka", 4, using=[]),
        "attack: using= takes text or None",
    ),
    (started, lambda e: e.combatant(["Blueshift"]), "combatant: name= takes text"),
    (started, lambda e: e.undo_to("0"), "undo_to: event="),
    (blackout, lambda e: e.act("Rex", "free", note=[]), "act: note= takes text"),
    (blackout, lambda e: e.fall("Rex", float("nan")), "fall: feet= takes a number"),
    (blackout, lambda e: e.surprise([1, 2], {"Rex": "2"}), "surprise: defenders="),
    (blackout, lambda e: e.initiative_preview("2"), "initiative_preview: dice="),
    (d10, lambda e: e.spend_ap(e.current, action=[]), "spend_ap: action= takes text"),
    (d10, lambda e: e.surprise_check("Rex", now=None), "surprise_check: now="),
]


@pytest.mark.parametrize(("make", "act", "message"), WRONG_TYPES)
def test_wrong_types_are_a_rule_error_that_names_the_argument(
    make: Callable[[], Encounter], act: Callable[[Encounter], object], message: str
) -> None:
    enc = make()
    before = snapshot(enc)
    with pytest.raises(ArgumentError) as refused:
        act(enc)
    assert str(refused.value).startswith(message)
    assert snapshot(enc) == before


@pytest.mark.parametrize(
    ("rules", "sheet", "message"),
    [
        ("d10-ap", {"strength": 3}, "A d10-ap sheet has no 'strength'"),
        ("d10-ap", {"traits": 1}, "Give traits as a set of names"),
        ("blackout", {"strength": 3}, "A blackout sheet has no 'strength'"),
        ("bpb2e", {"strength": 3}, "Unknown attribute 'strength'"),
    ],
)
def test_a_sheet_field_the_system_does_not_have_is_a_rule_error(
    rules: str, sheet: dict[str, Any], message: str
) -> None:
    """``add(name, **sheet)``: the sheet's fields are the system's, so a field it does not have,
    or a value its sheet cannot take, is refused as an argument is."""
    enc = Encounter(seed=1, rules=rules)
    before = snapshot(enc)
    with pytest.raises(RuleError, match=message):
        enc.add("Rex", **sheet)
    with pytest.raises(RuleError, match=message):
        enc.make_sheet("Rex", **sheet)  # the hook itself, called as a query
    assert snapshot(enc) == before


def test_bad_options_seeds_files_and_folders_are_rule_errors(tmp_path: Path) -> None:
    with pytest.raises(RuleError, match="mapping of option names"):
        Encounter(options="abc")  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="below 2\\*\\*64"):
        Encounter(seed=10**5000)
    with pytest.raises(EncounterFileError, match="Could not write"):
        Encounter(autosave="/proc/fight.json")
    with pytest.raises(EncounterFileError, match="nests lists or mappings too deeply"):
        Encounter.from_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(EncounterFileError, match="no saved encounter") as missing:
        Encounter.load(tmp_path / "nope.json")
    assert isinstance(missing.value, FileNotFoundError)  # what Python code expects, too
    with pytest.raises(EncounterFileError, match="is a folder"):
        Encounter.load(tmp_path)
    with pytest.raises(RuleError, match="file path"):
        Encounter.load(42)  # type: ignore[arg-type]


def test_a_failed_autosave_write_is_a_file_error_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    enc = started()
    enc.autosave = tmp_path / "fight.json"
    before = snapshot(enc)

    def read_only(*_: object, **__: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage.tempfile, "mkstemp", read_only)
    with pytest.raises(EncounterFileError, match="Permission denied"):
        enc.end_turn()
    assert snapshot(enc) == before


def test_a_tampered_argument_in_a_file_is_a_file_error() -> None:
    enc = started()
    data = json.loads(enc.to_json())
    data["commands"].append({"cmd": "grab", "args": {"attacker": "A", "target": "B", "then": []}})
    with pytest.raises(EncounterFileError, match="grab: then= takes text"):
        Encounter.from_json(json.dumps(data))


# -- point 8: text ----------------------------------------------------------------------------

TEXT: list[tuple[str, Callable[[Encounter], object], str]] = [
    ("lone surrogate", lambda e: e.add("\ud800"), "broken character U\\+D800"),
    ("zero-width space", lambda e: e.add("Environment\u200b"), "invisible character U\\+200B"),
    ("direction override", lambda e: e.add("\u202eRex"), "invisible character U\\+202E"),
    ("control character", lambda e: e.add("Rex\x07"), "control character U\\+0007"),
    ("environment spaced", lambda e: e.add("  the   ENVIRONMENT "), "not a combatant"),
    ("surrogate note", lambda e: e.environment("rain \udc80"), "broken character"),
    ("invisible note", lambda e: e.environment("rain\u2060"), "invisible character"),
    ("surrogate condition", lambda e: e.add_condition("Blueshift", "on fire\ud800"), "broken"),
    ("surrogate action", lambda e: e.force("Monolith", "ducks\ud800"), "broken character"),
    (
        "duplicate keys",
        lambda e: e.roll_order(dice={"a": [1, 1], " A ": [2, 2]}),
        "name the same thing",
    ),
]


@pytest.mark.parametrize(("what", "act", "message"), TEXT, ids=[t[0] for t in TEXT])
def test_odd_text_is_refused_and_changes_nothing(
    what: str, act: Callable[[Encounter], object], message: str
) -> None:
    enc = started() if what not in ("duplicate keys",) else Encounter(seed=2)
    if what == "duplicate keys":
        enc.add("A")
    before = snapshot(enc)
    with pytest.raises(RuleError, match=message):
        act(enc)
    assert snapshot(enc) == before
    enc.to_json().encode("utf-8")  # whatever happened, the fight can be written


def test_joiners_and_direction_marks_are_text_but_names_are_compared_without_them() -> None:
    """Emoji sequences and right-to-left names need them; they hide nothing: "Environment" with
    one is still the environment, "Bob" with one is still Bob."""
    enc = Encounter(seed=2)
    hero, hebrew, persian = (
        "\U0001f9b8\u200d\u2640\ufe0f",
        "\u05d0\u05d1\u05d0\u200f & co",
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
    )
    for name in (hero, hebrew, persian, "Bob"):
        enc.add(name)
    assert enc.names == [hero, hebrew, persian, "Bob"]
    assert enc.combatant("Bob\u200d").name == "Bob"
    before = snapshot(enc)
    for name, message in [
        ("Environment\u200d", "not a combatant"),
        ("\u200fthe environment", "not a combatant"),
        ("Bob\u200e", "already a combatant"),
    ]:
        with pytest.raises(RuleError, match=message):
            enc.add(name)
    assert snapshot(enc) == before
    assert Encounter.from_json(enc.to_json()).names == enc.names


def test_names_are_normalised_once_nfc_trimmed_spaces_tidied() -> None:
    enc = Encounter(seed=2)
    enc.add("  Zoe\u0308   Quinn ")  # e + combining diaeresis: NFC makes it one character
    assert enc.names == ["Zo\u00eb Quinn"]
    assert enc.combatant("zo\u00eb quinn").name == "Zo\u00eb Quinn"
    assert enc.combatant("ZOE\u0308  QUINN").name == "Zo\u00eb Quinn"
    with pytest.raises(RuleError, match="already a combatant"):
        enc.add("Zo\u00eb Quinn")
    enc.add("Bo", aware=True)
    enc.start()
    enc.environment("the  crate\tfalls\n")
    assert enc.environment_notes == ("the crate falls",)
    assert Encounter.from_json(enc.to_json()).names == enc.names


# -- every command and query: a check for every hint -------------------------------------------


def test_every_command_of_every_system_has_hints_the_boundary_checks() -> None:
    """A hint the boundary cannot check would let anything through: every parameter of every
    command has one it knows (``**sheet: Any`` is made plain, nothing else is left to Any)."""
    for system in SYSTEMS:
        for name, method in commands_of(system).items():
            spec = parameters(method, True)
            hints = typing.get_type_hints(method)
            for key in list(spec.signature.parameters)[1:]:
                assert key in hints, f"{system.__name__}.{name}: {key} has no type hint"
                assert key in spec.checks, f"{system.__name__}.{name}: {key} is not checked"
                if hints[key] is not Any:
                    assert check_for(hints[key], True) is not plain, f"{name}: {hints[key]}"


def test_plain_keeps_plain_values_as_they_are() -> None:
    value = {"a": [1, 2.5, "x", None, True, {"b": []}]}
    assert plain(value) == value
