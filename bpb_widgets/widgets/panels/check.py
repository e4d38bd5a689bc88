"""The course's check: a question a learner answers before the notebook reveals it (one of some
choices, or a number), or a small task done on a fight and checked against the engine. Every
answer is told right or wrong and why, a wrong one with a hint; a learner who is stuck may see
the answer, or watch the task done (``js/panels/check.js``).

The questions are plain values (``Choice``, ``Number``, ``Task``): ``judge`` says what an answer
is worth, with no widget involved; ``CheckPart`` shows one and takes the learner's answers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bpb_widgets.engine import Encounter
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._commands import panel_command
from bpb_widgets.widgets._host import Board, Delta, Panel
from bpb_widgets.widgets.panels.state import CheckState


@dataclass(frozen=True, slots=True)
class Verdict:
    """What an answer is worth: ``right`` or not, and ``why``; a wrong one comes with a
    ``hint``."""

    right: bool
    why: str
    hint: str = ""

    def to_dict(self) -> dict[str, object]:
        return {"right": self.right, "why": self.why, "hint": self.hint}


def _text(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RuleError(f"A check needs {what} as text.")
    return value.strip()


@dataclass(frozen=True)
class Choice:
    """Which of ``choices`` is right (``answer``, one of them). ``why`` says why it is, ``wrong``
    why each other choice is not; ``hint`` helps after a wrong one."""

    prompt: str
    choices: Sequence[str]
    answer: str
    why: str
    hint: str
    wrong: Mapping[str, str] = field(default_factory=dict)
    kind: ClassVar[str] = "choice"

    def __post_init__(self) -> None:
        _text(self.prompt, "a question")
        choices = tuple(_text(c, "each choice") for c in self.choices)
        if len(choices) < 2 or len(set(choices)) != len(choices):
            raise RuleError("A choice needs two or more different choices.")
        if self.answer not in choices:
            raise RuleError(f"The answer {self.answer!r} is not one of the choices.")
        unknown = set(self.wrong) - set(choices)
        if unknown or self.answer in self.wrong:
            raise RuleError(
                f"`wrong` names {sorted(unknown) or self.answer!r}: not a wrong choice."
            )
        unsaid = [c for c in choices if c != self.answer and c not in self.wrong]
        if unsaid:
            raise RuleError(f"Say why each wrong choice is wrong (`wrong`): {unsaid!r}.")
        object.__setattr__(self, "choices", choices)

    def judge(self, choice: int) -> Verdict:
        """The verdict on choice number ``choice`` (from 0)."""
        if not 0 <= choice < len(self.choices):
            raise RuleError(f"There are {len(self.choices)} choices; not {choice + 1}.")
        picked = self.choices[choice]
        if picked == self.answer:
            return Verdict(True, self.why)
        return Verdict(False, self.wrong[picked], self.hint)

    def solution(self) -> str:
        return f"{self.answer}. {self.why}"

    def state(self) -> dict[str, Any]:
        return {"choices": list(self.choices)}


@dataclass(frozen=True)
class Number:
    """A number to predict: ``answer``, within ``tolerance``; ``unit`` is shown after the box.
    ``wrong`` may say why a tempting wrong number is wrong."""

    prompt: str
    answer: float
    why: str
    hint: str
    unit: str = ""
    tolerance: float = 0
    wrong: Mapping[float, str] = field(default_factory=dict)
    kind: ClassVar[str] = "number"

    def __post_init__(self) -> None:
        _text(self.prompt, "a question")
        for number in (self.answer, self.tolerance, *self.wrong):
            if isinstance(number, bool) or not isinstance(number, (int, float)):
                raise RuleError(f"A number check needs numbers; not {number!r}.")
        if not math.isfinite(self.answer) or self.tolerance < 0:
            raise RuleError("A number check needs a finite answer and a tolerance of 0 or more.")

    def judge(self, number: float) -> Verdict:
        if abs(number - self.answer) <= self.tolerance:
            return Verdict(True, self.why)
        shown = f"{number:g}{self.unit and ' ' + self.unit}"
        for tempting, why_not in self.wrong.items():
            if abs(number - tempting) <= self.tolerance:
                return Verdict(False, f"Not {shown}: {why_not}", self.hint)
        direction = "too high" if number > self.answer else "too low"
        return Verdict(False, f"Not {shown}: that is {direction}.", self.hint)

    def solution(self) -> str:
        return f"{self.answer:g}{self.unit and ' ' + self.unit}. {self.why}"

    def state(self) -> dict[str, Any]:
        return {"unit": self.unit}


@dataclass(frozen=True)
class Task:
    """Something to do on ``encounter`` (with the widgets beside it, or in a cell). ``missing``
    reads the encounter and says what is still missing (None: done); ``why`` says what was done
    right; ``solve`` does it (from where the task began), to show a learner who is stuck, and
    ``how`` says the steps."""

    prompt: str
    encounter: Encounter[Any]
    missing: Callable[[Encounter[Any]], str | None]
    solve: Callable[[Encounter[Any]], object]
    why: str
    hint: str
    how: str
    kind: ClassVar[str] = "task"
    #: How many commands the encounter had run when the task was set.
    begun: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        _text(self.prompt, "a task")
        if not isinstance(self.encounter, Encounter):
            raise RuleError("A task is done on an encounter.")
        object.__setattr__(self, "begun", self.encounter.undoable)

    def judge(self) -> Verdict:
        """Whether the task is done, as the encounter now stands."""
        missing = self.missing(self.encounter)
        if missing is None:
            return Verdict(True, self.why)
        return Verdict(False, missing, self.hint)

    def show(self) -> None:
        """Do the task, from where it began: what was done since is undone first."""
        done_since = self.encounter.undoable - self.begun
        if done_since > 0:
            self.encounter.undo(done_since)
        self.solve(self.encounter)

    def solution(self) -> str:
        return f"{self.how} {self.why}"

    def state(self) -> dict[str, Any]:
        return {}


Question = Choice | Number | Task


class CheckPart(Panel):
    """One question or task: the learner answers (or checks the task), and is told right or wrong,
    why, and a hint after a wrong one; ``show`` reveals the answer (or does the task)."""

    key = "check"
    state_type = CheckState
    title = "Check"

    def __init__(self, host: Board[Any], question: Question) -> None:
        super().__init__(host)
        self.question = question

    def refresh(self, delta: Delta | None) -> None:
        q = self.question
        self.put("kind", q.kind)
        self.put("title", "Your turn" if q.kind == "task" else "Predict")
        self.put("prompt", q.prompt)
        for name, value in q.state().items():
            self.put(name, value)
        self.put("tries", 0)
        self.put("answered", None)
        self.put("verdict", {})
        self.put("solution", "")

    def _told(self, verdict: Verdict, answered: object) -> None:
        self.put("tries", self.state["tries"] + 1)
        self.put("answered", answered)
        self.put("verdict", verdict.to_dict())

    @panel_command
    def answer(self, choice: int | None = None, number: float | None = None) -> None:
        """The learner's answer: choice number ``choice`` (from 0), or a ``number``."""
        q = self.question
        if isinstance(q, Choice) and choice is not None and number is None:
            self._told(q.judge(choice), choice)
        elif isinstance(q, Number) and number is not None and choice is None:
            self._told(q.judge(number), number)
        else:
            raise RuleError(
                "Check the task when it is done." if isinstance(q, Task) else "Answer it first."
            )

    @panel_command
    def check(self) -> None:
        """Check the task against the encounter as it stands."""
        if not isinstance(self.question, Task):
            raise RuleError("This is a question: answer it.")
        self._told(self.question.judge(), None)

    @panel_command
    def show(self) -> None:
        """Show the answer; a task is done before the learner's eyes (and checked)."""
        q = self.question
        if isinstance(q, Task):
            q.show()
            self._told(q.judge(), None)
        self.put("solution", q.solution())
