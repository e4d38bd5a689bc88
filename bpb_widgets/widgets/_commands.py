"""Widget commands, declared: ``@panel_command`` on a method makes it callable from the front end
(unlike the engine's ``@command``, which makes a method a recorded, undoable command), and
its type hints say what each argument must be (the idea of anywidget's ``experimental.command``).

A front-end message ``{"cmd": "take_delayed", "name": "Monolith"}`` calls
``widget.take_delayed(name="Monolith")`` after every argument is checked against its hint. Any
mismatch is a ``RuleError`` that says which argument and what it should have been; the method
never runs. JavaScript's null and undefined, and Pyodide's ``jsnull``, all count as absent.

Every argument is bounded: a text at most ``MAX_TEXT`` characters, unless its hint gives its own
bound (``text: Annotated[str, Longest(1_000_000)]``, a character file's text).
"""

from __future__ import annotations

import inspect
import math
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from bpb_widgets.engine.conform import Mismatch, plain_text, shown
from bpb_widgets.engine.dice import Dice
from bpb_widgets.errors import RuleError

__all__ = ["Command", "Longest", "collect", "normalise", "panel_command", "shown"]

F = TypeVar("F", bound=Callable[..., Any])
_COMMAND = "_bpb_widget_command"
#: The longest list or text a message may carry (a hostile front end must not make the kernel
#: chew megabytes).
MAX_ITEMS = 1000
MAX_TEXT = 1000
#: The most values in one row of a form's list (an attack: name, rank, kind, hand-to-hand ...).
MAX_ROW = 20


@dataclass(frozen=True)
class Longest:
    """A text argument's own bound, where ``MAX_TEXT`` is not it: the most characters it holds
    (``Annotated[str, Longest(1_000_000)]``)."""

    characters: int


def panel_command(method: F) -> F:
    """Make ``method`` a command the front end can send; its type hints check the arguments."""
    setattr(method, _COMMAND, True)
    return method


def absent(value: object) -> bool:
    """JavaScript's null (None here), and Pyodide's ``jsnull``: no value."""
    return value is None or type(value).__name__ == "JsNull"


def normalise(value: object) -> object:
    """A message value with every JavaScript null (and Pyodide ``jsnull``) as None."""
    if absent(value):
        return None
    if isinstance(value, dict):
        return {key: normalise(item) for key, item in value.items()}
    if isinstance(value, list):
        return [normalise(item) for item in value]
    return value


def _text(key: str, value: object, longest: int = MAX_TEXT) -> str:
    """Text, the empty text included: an empty form field reaches the command, whose rules
    refuse it with their own reason (and the roster's form blames the field)."""
    if not isinstance(value, str):
        raise RuleError(f"This command needs {key!r} as text; got {shown(value)}.")
    if len(value) > longest:
        raise RuleError(
            f"This command takes {key!r} of at most {longest:,} characters, not {len(value):,}."
        )
    try:
        return plain_text(value, longest=longest)
    except Mismatch as mismatch:
        raise RuleError(f"This command needs {key!r} as text; {mismatch.why}.") from None


def _whole(key: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"This command needs {key!r} as a whole number; got {shown(value)}.")
    return value


def _flag(key: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise RuleError(f"This command needs {key!r} as true or false; got {shown(value)}.")
    return value


def _texts(key: str, value: object) -> list[str]:
    if (
        not isinstance(value, list)
        or len(value) > MAX_ITEMS
        or not all(isinstance(item, str) for item in value)
    ):
        raise RuleError(f"This command needs {key!r} as a list of names; got {shown(value)}.")
    return [_text(key, item) for item in value]


def _counts(key: str, value: object) -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) > MAX_ITEMS
        or not all(isinstance(item, int) and not isinstance(item, bool) for item in value)
    ):
        raise RuleError(
            f"This command needs {key!r} as a list of whole numbers; got {shown(value)}."
        )
    return value


def _dice(key: str, value: object) -> Dice:
    if (
        not isinstance(value, list)
        or len(value) > MAX_ITEMS
        or not all(isinstance(item, int) and not isinstance(item, bool) for item in value)
    ):
        raise RuleError(f"Dice must be a list of numbers such as [3, 5]; got {shown(value)}.")
    return tuple(value)


def _number(key: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise RuleError(f"This command needs {key!r} as a number; got {shown(value)}.")
    return float(value)


def _fields(key: str, value: object) -> dict[str, object]:
    """A form's fields: text keys, plain values (text, numbers, true/false, lists of text, and
    lists of rows of plain values, such as a sheet's attacks)."""

    def scalar(item: object) -> bool:
        return item is None or isinstance(item, (str, int, float, bool))

    def row(item: object) -> bool:
        return (
            isinstance(item, dict)
            and len(item) <= MAX_ROW
            and all(isinstance(k, str) and scalar(v) for k, v in item.items())
        )

    def plain(item: object) -> bool:
        if isinstance(item, list):
            return len(item) <= MAX_ITEMS and all(isinstance(i, (str, int)) or row(i) for i in item)
        return scalar(item)

    if (
        not isinstance(value, dict)
        or len(value) > MAX_ITEMS
        or not all(isinstance(k, str) and plain(v) for k, v in value.items())
    ):
        raise RuleError(f"This command needs {key!r} as a form's fields; got {shown(value)}.")
    return value


#: How each hint checks a message value.
CHECKS: dict[object, Callable[[str, object], object]] = {
    str: _text,
    int: _whole,
    bool: _flag,
    float: _number,
    list[str]: _texts,
    list[int]: _counts,
    Dice: _dice,
    dict[str, object]: _fields,
}


@dataclass(frozen=True)
class Parameter:
    """One argument of a command: its name, how to check it, and whether it may be left out."""

    name: str
    check: Callable[[str, object], object]
    optional: bool
    default: object


@dataclass(frozen=True)
class Command:
    """A declared widget command and its checked parameters."""

    name: str
    method: Callable[..., Any]
    parameters: tuple[Parameter, ...]

    def arguments(self, msg: dict[str, Any]) -> dict[str, object]:
        """The message's arguments, checked; absent optional ones take their default."""
        known = {p.name for p in self.parameters}
        unknown = sorted(set(msg) - known - {"cmd"})
        if unknown:
            takes = ", ".join(sorted(known)) or "nothing"
            raise RuleError(f"{self.name} takes {takes}; not {shown(unknown[0])}.")
        checked: dict[str, object] = {}
        for parameter in self.parameters:
            value = msg.get(parameter.name)
            if value is None:
                if not parameter.optional:
                    raise RuleError(f"This command needs {parameter.name!r}; it was missing.")
                checked[parameter.name] = parameter.default
            else:
                checked[parameter.name] = parameter.check(parameter.name, value)
        return checked


def collect(cls: type) -> dict[str, Command]:
    """Every ``@panel_command`` method of ``cls`` (and its bases), with its parameters read from its
    type hints."""
    found: dict[str, Command] = {}
    for base in reversed(cls.__mro__):
        for name, member in vars(base).items():
            if getattr(member, _COMMAND, False):
                found[name] = _declare(name, member)
    return found


def _declare(name: str, method: Callable[..., Any]) -> Command:
    hints = typing.get_type_hints(method, include_extras=True)
    parameters = []
    for parameter in list(inspect.signature(method).parameters.values())[1:]:
        hint = hints[parameter.name]
        optional = parameter.default is not inspect.Parameter.empty
        if get_origin(hint) in (Union, types.UnionType):
            options = [a for a in get_args(hint) if a is not type(None)]
            optional = optional or len(options) < len(get_args(hint))
            (hint,) = options
        default = None if parameter.default is inspect.Parameter.empty else parameter.default
        parameters.append(Parameter(parameter.name, _check_for(name, hint), optional, default))
    return Command(name, method, tuple(parameters))


def _check_for(name: str, hint: object) -> Callable[[str, object], object]:
    """How a message value is checked against ``hint`` (a text with its own bound included)."""
    if get_origin(hint) is Annotated:
        base, *extras = get_args(hint)
        bounds = [extra for extra in extras if isinstance(extra, Longest)]
        if base is str and len(bounds) == 1:
            longest = bounds[0].characters
            return lambda key, value: _text(key, value, longest)
        hint = base
    if hint not in CHECKS:
        raise TypeError(f"{name}: no check for an argument of type {hint!r}")
    return CHECKS[hint]
