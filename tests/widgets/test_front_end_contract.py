"""The contract between the parts and their renderers (``front_end_contract.py``): every command a
renderer sends is one its part declares, with arguments it takes, and every declared command is
sent by the renderer or said here to be Python's only; and the checker fails when one side is
renamed and not the other."""

from __future__ import annotations

import importlib.util
import typing
from pathlib import Path
from typing import Any, TypedDict

import pytest
from front_end_contract import ROOT, command_problems, declared_problems, panels, renderers, sent
from system_kit import blackout_fight, d10_fight
from widget_kit import fight, to

from bpb_widgets.widgets import DefensePanel, GMScreen, PlayerView, TurnOrderStrip
from bpb_widgets.widgets._commands import collect
from bpb_widgets.widgets.panels import state as shared_state
from bpb_widgets.widgets.panels.log import LogPart
from bpb_widgets.widgets.panels.state import StripState
from bpb_widgets.widgets.panels.strip import StripPart

_spec = importlib.util.spec_from_file_location(
    "front_end_types", ROOT / "tools" / "front_end_types.py"
)
assert _spec is not None and _spec.loader is not None
TYPES_TOOL = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(TYPES_TOOL)

#: Commands a part declares that no renderer sends, and why they are kept.
PYTHON_ONLY = {
    ("log", "redo"): "the log's button is Redo all (redo_all); one Redo is the strip's, and a "
    "notebook may still call the log's",
}


def test_every_renderer_sends_only_declared_commands_with_their_arguments() -> None:
    assert command_problems(renderers(), panels(), PYTHON_ONLY) == []


def test_every_part_has_its_renderer_and_the_reverse() -> None:
    assert set(renderers()) == set(panels())
    assert {"strip", "roster", "log", "files", "attack", "combat", "d10", "check"} <= set(panels())


def test_the_front_end_types_are_generated_from_the_declarations_as_they_are() -> None:
    """``js/lib/types.js``'s part states are what ``tools/front_end_types.py`` writes from the
    parts' ``state_type`` declarations now: ``make types`` after changing one."""
    assert TYPES_TOOL.written() == TYPES_TOOL.TYPES.read_text(encoding="utf-8"), "run make types"


def test_every_part_declares_its_state() -> None:
    for key, cls in panels().items():
        assert cls.state_type.__name__.endswith("State"), key
        assert cls.state_type.__module__.endswith("panels.state"), key


# -- the checker itself ---------------------------------------------------------------------------


def test_a_renamed_python_command_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """``end_turn`` renamed ``finish_turn`` in Python, not in strip.js."""
    commands = dict(StripPart.commands)
    commands["finish_turn"] = commands.pop("end_turn")
    monkeypatch.setattr(StripPart, "commands", commands)
    problems = command_problems(renderers(), panels(), PYTHON_ONLY)
    assert any("sends 'end_turn', which strip does not declare" in p for p in problems)
    assert "js/panels/strip.js: never sends strip's command 'finish_turn'" in problems


def test_a_renamed_python_argument_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """``take_delayed(name)`` renamed ``take_delayed(who)`` in Python, not in strip.js."""

    class Renamed(StripPart):
        def take_delayed(self, who: str) -> None:  # type: ignore[override]
            """The same command, its argument renamed."""

    Renamed.take_delayed._bpb_widget_command = True  # type: ignore[attr-defined]
    monkeypatch.setattr(StripPart, "commands", collect(Renamed))
    problems = command_problems(renderers(), panels(), PYTHON_ONLY)
    assert any(p.endswith("take_delayed takes no argument 'name'") for p in problems)
    assert any(p.endswith("take_delayed needs 'who'") for p in problems)


def test_a_renamed_javascript_command_is_reported(tmp_path: Path) -> None:
    """A renderer (a scratch copy of log.js) sends ``undo_back_to`` where Python has
    ``undo_to``, and never Redo all."""
    source = renderers()["log"].read_text(encoding="utf-8")
    renamed = tmp_path / "log.js"
    renamed.write_text(
        source.replace('"undo_to"', '"undo_back_to"').replace('"redo_all"', "`redo_all`")
    )
    problems = command_problems({"log": renamed}, {"log": LogPart}, PYTHON_ONLY)
    assert any("sends 'undo_back_to', which log does not declare" in p for p in problems)
    assert any("the command's name is not a string literal" in p for p in problems)
    assert any("never sends log's command 'undo_to'" in p for p in problems)


def test_a_python_only_command_that_is_sent_or_gone_is_reported() -> None:
    problems = command_problems(renderers(), panels(), {**PYTHON_ONLY, ("log", "undo"): "sent"})
    assert problems == ["log.undo is listed as Python-only, but is sent"]
    gone = {("log", "rewind"): "no such command"}
    assert command_problems(renderers(), panels(), {**PYTHON_ONLY, **gone}) == [
        "log.rewind is listed as Python-only, but is gone"
    ]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('command(model, "undo")', ("undo", ())),
        ('command(model, "add", { name, "sheet": f(a, [b, c]), })', ("add", ("name", "sheet"))),
        ("command(model, 'x', { a: `t ${f({ b: 1, c })}, d` })", ("x", ("a",))),
        ('command(model, "x", { a: s.replace(/[(,]/g, "") })', ("x", ("a",))),
        ('// command(model, "a")\ncommand(model, "kept") /* command(model, "b") */', ("kept", ())),
    ],
)
def test_the_reader_finds_a_command_and_its_argument_names(
    source: str, expected: tuple[str, tuple[str, ...]]
) -> None:
    (call,) = sent(source)
    assert (call.name, call.arguments, call.problem) == (*expected, "")


@pytest.mark.parametrize(
    ("source", "problem"),
    [
        ("command(model, cmd)", "the command's name is not a string literal"),
        ('command(model, "x", args)', "the arguments are not an object literal"),
        ('command(model, "x", { ...rest })', "an argument the source does not name: ...rest"),
        ('model.send({ cmd: "x" })', "sends with model.send(), not command()"),
    ],
)
def test_the_reader_reports_what_it_cannot_read(source: str, problem: str) -> None:
    (call,) = sent(source)
    assert call.problem == problem


# -- the states, as declared ----------------------------------------------------------------------


@pytest.mark.parametrize("make", [fight, blackout_fight, d10_fight], ids=lambda f: f.__name__)
def test_every_state_is_as_declared_through_a_fight_saved_and_loaded(
    make: Any, tmp_path: Path
) -> None:
    """Each system's GM screen (and the block-or-dodge panel, the player view): as first shown,
    after commands, an undo, a save and a load (the other random fights:
    test_traits_follow_the_engine.py)."""
    enc = make()
    screen = GMScreen(enc, folder=tmp_path)
    others = [PlayerView(enc)] + ([DefensePanel(enc)] if "defense" in enc.panels else [])
    assert [p for w in [screen, *others] for p in declared_problems(w)] == []
    to(screen, "strip", "roll_order")
    to(screen, "strip", "start")
    to(screen, "roster", "open_edit", name=enc.names[0])
    to(screen, "strip", "end_turn")
    to(screen, "log", "undo")
    to(screen, "files", "save", name="fight")
    assert [p for w in [screen, *others] for p in declared_problems(w)] == []
    to(screen, "files", "load", name="fight")
    assert screen.panels["files"]["error"] == ""
    assert declared_problems(screen) == []


def test_a_power_boost_on_a_card_is_as_declared(tmp_path: Path) -> None:
    """A plot point spent on a power boost shows in words on the roster's card (the random
    fights found the strip's chip, which carried it once, declared otherwise)."""
    enc = fight()
    enc.add("Hero", brawn=4, player=True)
    screen = GMScreen(enc, folder=tmp_path)
    enc.start()
    enc.spend_plot_point("Hero", "power_boost", boost="brawn")
    assert screen.panels["roster"]["cards"]["Hero"]["plot"]["boosts"][0].startswith("Brawn +1")
    assert declared_problems(screen) == []


def test_a_renamed_state_field_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """``order`` renamed ``turn_order`` in the strip's declaration, not in its refresh: the state
    check fails, and so does the check that the front end's types are current."""
    fields = {k: v for k, v in typing.get_type_hints(StripState).items() if k != "order"}
    renamed = TypedDict("StripState", {**fields, "turn_order": list[str]})  # type: ignore[misc]
    monkeypatch.setattr(StripPart, "state_type", renamed)
    problems = declared_problems(TurnOrderStrip(fight()))
    assert "strip/order: not declared in StripState" in problems
    assert "strip/turn_order: missing" in problems
    monkeypatch.setattr(shared_state, "StripState", renamed)
    written = TYPES_TOOL.written()
    assert "@property {Array<string>} turn_order" in written
    assert written != TYPES_TOOL.TYPES.read_text(encoding="utf-8")
