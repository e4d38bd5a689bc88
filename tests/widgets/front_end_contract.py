"""The contract between each part's Python side and its renderer, checked rather than copied:
every command a renderer sends names a command its part declares, with arguments that command
takes (``command_problems``), and every field a part puts in its state has the type its state's
``TypedDict`` declares (``state_problems``).

A renderer sends only through ``command(model, "name", {key: value, ...})`` (``js/lib/sync.js``):
the name a string literal and the arguments an object literal of named keys, so that reading the
source tells what it sends. A computed name, a spread or any other ``send`` is itself a problem.
"""

from __future__ import annotations

import functools
import json
import re
import types
import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Never, Union, get_args, get_origin, is_typeddict

from bpb_widgets.engine.game_system import declared
from bpb_widgets.widgets._host import Board, Panel, parts_of
from bpb_widgets.widgets.screens import Check, ForecastPanel, GMScreen, PlayerView

ROOT = Path(__file__).resolve().parents[2]
#: Modules in a panels folder that are not renderers (as ``js/build.mjs`` has it).
NOT_RENDERERS = {"types.js"}


def renderers(root: Path = ROOT) -> dict[str, Path]:
    """Each renderer by its panel's key, found as ``js/build.mjs`` finds them: ``js/panels/`` and
    the ``panels/`` folder of each game system."""
    folders = [root / "js" / "panels"]
    folders += sorted(p.parent / "panels" for p in (root / "bpb_widgets").glob("*/system.py"))
    return {
        file.stem: file
        for folder in folders
        for file in sorted(folder.glob("*.js"))
        if file.name not in NOT_RENDERERS
    }


def panels() -> dict[str, type[Panel]]:
    """Every panel the package declares whose renderer is in the bundle, by key."""
    found: list[type[Panel]] = [
        *GMScreen.part_types,
        *ForecastPanel.part_types,
        *PlayerView.part_types,
        *typing.get_args(Check.__orig_bases__[0]),  # type: ignore[attr-defined]
    ]
    found += [cls for system in declared() for cls in parts_of(system)]
    return {cls.key: cls for cls in found if cls.renderer_source() is None}


# -- reading a renderer ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Sent:
    """One command a renderer sends: its name and argument names (None where the source does
    not say them: a ``problem`` says why), and the line it is on."""

    line: int
    name: str | None
    arguments: tuple[str, ...] | None
    problem: str = ""


_REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}


def _masked(source: str) -> str:
    """``source`` with comments blanked and the insides of strings, template literals and
    regular expressions replaced by spaces (the quotes kept): brackets and commas in them no
    longer count, and every offset stays where it was."""
    out = list(source)
    i, n = 0, len(source)

    def blank(start: int, end: int) -> None:
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    last = ""  # the last character that is not white space, outside strings and comments
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2) + 2
            blank(i, end)
            i = end
        elif c in "'\"":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            blank(i + 1, j)
            i, last = j + 1, c
        elif c == "`":
            i, last = _template(source, i, blank), "`"
        elif c == "/" and last in _REGEX_BEFORE:
            j, in_class = i + 1, False
            while in_class or source[j] != "/":
                in_class = (in_class or source[j] == "[") and source[j] != "]"
                j += 2 if source[j] == "\\" else 1
            blank(i + 1, j)
            i, last = j + 1, "/"
        else:
            if not c.isspace():
                last = c if not (c.isalnum() or c in "_$") else "a"
            i += 1
    return "".join(out)


def _template(source: str, i: int, blank: Any) -> int:
    """Blank a template literal's text (its ``${...}`` kept, masked in turn); its end."""
    j = i + 1
    while source[j] != "`":
        if source[j] == "\\":
            blank(j, j + 2)
            j += 2
        elif source.startswith("${", j):
            depth, k = 1, j + 2
            while depth:
                if source[k] == "`":
                    k = _template(source, k, blank)
                    continue
                depth += {"{": 1, "}": -1}.get(source[k], 0)
                k += 1
            masked = _masked(source[j + 2 : k - 1])
            for offset, ch in enumerate(masked):
                if ch == " " and source[j + 2 + offset] != " ":
                    blank(j + 2 + offset, j + 3 + offset)
            j = k
        else:
            blank(j, j + 1)
            j += 1
    return j + 1


def _split(masked: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans of ``masked[start:end]`` between its top-level commas."""
    spans, depth, begin = [], 0, start
    for k in range(start, end):
        c = masked[k]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            spans.append((begin, k))
            begin = k + 1
    spans.append((begin, end))
    return [(a, b) for a, b in spans if masked[a:b].strip()]


def _closing(masked: str, start: int) -> int:
    """The offset of the bracket closing the one at ``start``."""
    depth = 0
    for k in range(start, len(masked)):
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(masked[k], 0)
        if depth == 0:
            return k
    raise ValueError("unbalanced brackets")


_KEY = re.compile(r"""^\s*(["']?)([A-Za-z_$][\w$]*)\1\s*(?::|$)""", re.S)
_NAME = re.compile(r"""^\s*(["'])([A-Za-z_]\w*)\1\s*$""")


def sent(source: str) -> list[Sent]:
    """Every command ``source`` sends, and every other way it sends (a problem each)."""
    masked = _masked(source)
    found: list[Sent] = []
    for call in re.finditer(r"(?<![\w$.])(command|\w+\.send|send)\s*\(", masked):
        line = masked.count("\n", 0, call.start()) + 1
        if call.group(1) != "command":
            found.append(Sent(line, None, None, f"sends with {call.group(1)}(), not command()"))
            continue
        open_at = call.end() - 1
        spans = _split(masked, open_at + 1, _closing(masked, open_at))
        found.append(_command(source, masked, spans, line))
    return found


def _command(source: str, masked: str, spans: list[tuple[int, int]], line: int) -> Sent:
    name = _NAME.match(source[spans[1][0] : spans[1][1]]) if len(spans) > 1 else None
    if name is None:
        return Sent(line, None, None, "the command's name is not a string literal")
    if len(spans) == 2:
        return Sent(line, name.group(2), ())
    a, b = spans[2]
    text = masked[a:b].strip()
    if len(spans) > 3 or not (text.startswith("{") and text.endswith("}")):
        return Sent(line, name.group(2), None, "the arguments are not an object literal")
    first = a + masked[a:b].index("{")
    keys = []
    for x, y in _split(masked, first + 1, _closing(masked, first)):
        key = _KEY.match(source[x:y])
        if key is None:
            what = source[x:y].strip()
            return Sent(line, name.group(2), None, f"an argument the source does not name: {what}")
        keys.append(key.group(2))
    return Sent(line, name.group(2), tuple(keys))


# -- checking the commands ------------------------------------------------------------------------


def command_problems(
    found: Mapping[str, Path],
    declared_by: Mapping[str, type[Panel]],
    python_only: Mapping[tuple[str, str], str],
) -> list[str]:
    """What is wrong between the renderers ``found`` and the panels ``declared_by`` key: a
    command sent that its part does not declare, an argument it does not take or a required one
    left out, a send the source does not spell out, and a declared command no renderer sends
    (unless ``python_only`` says why)."""
    problems = [f"{key}: no Python part" for key in sorted(set(found) - set(declared_by))]
    problems += [f"{key}: no renderer" for key in sorted(set(declared_by) - set(found))]
    for key in sorted(set(found) & set(declared_by)):
        commands = declared_by[key].commands
        where = found[key].relative_to(ROOT) if found[key].is_relative_to(ROOT) else found[key]
        used: set[str] = set()
        for call in sent(found[key].read_text(encoding="utf-8")):
            at = f"{where}:{call.line}"
            if call.problem:
                problems.append(f"{at}: {call.problem}")
            if call.name is None:
                continue
            declared_command = commands.get(call.name)
            if declared_command is None:
                problems.append(f"{at}: sends {call.name!r}, which {key} does not declare")
                continue
            used.add(call.name)
            if call.arguments is None:
                continue
            takes = {p.name for p in declared_command.parameters}
            needed = {p.name for p in declared_command.parameters if not p.optional}
            problems += [
                f"{at}: {call.name} takes no argument {arg!r}"
                for arg in call.arguments
                if arg not in takes
            ]
            problems += [
                f"{at}: {call.name} needs {arg!r}" for arg in sorted(needed - set(call.arguments))
            ]
        problems += [
            f"{where}: never sends {key}'s command {name!r}"
            for name in sorted(set(commands) - used)
            if (key, name) not in python_only
        ]
    for key, name in python_only:
        if key not in declared_by or name not in declared_by[key].commands:
            problems.append(f"{key}.{name} is listed as Python-only, but is gone")
        elif key in found and any(c.name == name for c in sent(found[key].read_text("utf-8"))):
            problems.append(f"{key}.{name} is listed as Python-only, but is sent")
    return problems


# -- checking a state against its declaration ----------------------------------------------------


@functools.cache
def _hints(typed_dict: type) -> dict[str, Any]:
    return typing.get_type_hints(typed_dict)


def declared_problems(widget: Board[Any]) -> list[str]:
    """Where a part of ``widget`` has a state, as the front end receives it (through JSON), that
    is not what its ``state_type`` declares."""
    return [
        problem
        for key, state in widget.panels.items()
        for problem in state_problems(
            json.loads(json.dumps(state)), widget.part(key).state_type, key
        )
    ]


def state_problems(value: object, hint: object, path: str = "") -> Iterator[str]:
    """Where ``value`` is not of the type ``hint`` declares (a ``TypedDict``: every required
    key present, no key it does not declare, each value of its declared type)."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any or hint is object:
        return
    if hint is Never:
        yield f"{path}: {value!r} where nothing may be"
        return
    if is_typeddict(hint):
        if not isinstance(value, dict):
            yield f"{path}: {value!r} is not a {hint.__name__}"  # type: ignore[attr-defined]
            return
        hints = _hints(hint)
        required: frozenset[str] = hint.__required_keys__  # type: ignore[attr-defined]
        yield from (f"{path}/{k}: missing" for k in sorted(required - set(value)))
        for k, item in value.items():
            if k not in hints:
                yield f"{path}/{k}: not declared in {hint.__name__}"  # type: ignore[attr-defined]
            else:
                yield from state_problems(item, hints[k], f"{path}/{k}")
    elif origin in (Union, types.UnionType):
        options = [list(state_problems(value, option, path)) for option in args]
        if all(options):
            # an optional value that is there: what is wrong with it, else none fits
            given = [found for a, found in zip(args, options, strict=True) if a is not type(None)]
            yield from given[0] if len(given) == 1 else [f"{path}: {value!r} is none of {hint}"]
    elif origin is Literal:
        if not any(value == a and type(value) is type(a) for a in args):
            yield f"{path}: {value!r} is not one of {args}"
    elif origin is list:
        if not isinstance(value, list):
            yield f"{path}: {value!r} is not a list"
        else:
            for i, item in enumerate(value):
                yield from state_problems(item, args[0], f"{path}/{i}")
    elif origin is tuple:
        if not isinstance(value, (list, tuple)) or len(value) != len(args):
            yield f"{path}: {value!r} is not a list of {len(args)}"
        else:
            for i, (item, arg) in enumerate(zip(value, args, strict=True)):
                yield from state_problems(item, arg, f"{path}/{i}")
    elif origin is dict:
        if not isinstance(value, dict):
            yield f"{path}: {value!r} is not a mapping"
        else:
            for k, item in value.items():
                yield from state_problems(k, args[0], f"{path}/<key>")
                yield from state_problems(item, args[1], f"{path}/{k}")
    elif hint is None or hint is type(None):
        if value is not None:
            yield f"{path}: {value!r} is not null"
    elif hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            yield f"{path}: {value!r} is not a number"
    elif hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            yield f"{path}: {value!r} is not a whole number"
    elif isinstance(hint, type):
        if not isinstance(value, hint):
            yield f"{path}: {value!r} is not a {hint.__name__}"
    else:
        raise TypeError(f"{path}: no check for {hint!r}")
