"""The contract between the parts and their renderers (``front_end_contract.py``): every command a
renderer sends is one its part declares, with arguments it takes, and every declared command is
sent by the renderer or said here to be Python's only; and the checker fails when one side is
renamed and not the other."""

from __future__ import annotations

from pathlib import Path

import pytest
from front_end_contract import command_problems, panels, renderers, sent

from bpb_widgets.widgets._commands import collect
from bpb_widgets.widgets.panels.log import LogPart
from bpb_widgets.widgets.panels.strip import StripPart

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
