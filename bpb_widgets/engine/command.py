"""The ``@command`` decorator: a method that changes an encounter, all or nothing.

A command validates completely before it changes anything; the encounter records it for undo,
replay (save/load) and observers (``Encounter._run``). A system refines a command by overriding
it, itself a ``@command``, and calling ``super()``: called inside the running command, the
overridden one is a plain call, and the fight records the outer command once.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from bpb_widgets.engine.conform import parameters
from bpb_widgets.errors import ArgumentError

F = TypeVar("F", bound=Callable[..., Any])


def command(method: F) -> F:
    """Run ``method`` as a command of the encounter it is called on."""
    name = method.__name__

    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        return self._run(name, method, args, kwargs)

    run.is_command = True  # type: ignore[attr-defined]
    return run  # type: ignore[return-value]


_COMMANDS: dict[type, dict[str, Callable[..., Any]]] = {}


def commands_of(cls: type) -> dict[str, Callable[..., Any]]:
    """Every command method of ``cls`` by name, unwrapped: what a saved file may replay (looked
    up once per class)."""
    found = _COMMANDS.get(cls)
    if found is None:
        found = _COMMANDS[cls] = {
            name: getattr(cls, name).__wrapped__
            for name in dir(cls)
            if getattr(getattr(cls, name), "is_command", False)
        }
    return found


@functools.cache
def signature_of(method: Callable[..., Any]) -> inspect.Signature:
    """A command's signature, looked up once (every command call and saved record binds to it)."""
    return inspect.signature(method)


def arguments(
    method: Callable[..., Any], args: tuple[Any, ...], kwargs: Mapping[str, Any]
) -> dict[str, Any]:
    """The call as keyword arguments of plain JSON values: what the command runs with, what is
    saved and what is replayed (``conform.py``). Arguments that do not fit the command's
    signature or type hints are an ``ArgumentError`` (a ``RuleError``), and nothing runs."""
    if not args and not kwargs:
        return {}
    spec = parameters(method, True)
    try:
        bound = spec.signature.bind(None, *args, **kwargs)
    except TypeError as error:
        raise ArgumentError(f"{spec.name}: {error}.") from None
    result: dict[str, Any] = {}
    for key, value in list(bound.arguments.items())[1:]:
        if key == spec.var_keyword:  # add(name, **sheet) is saved as plain keywords
            for keyword, item in value.items():
                result[spec.keyword(keyword)] = spec.conform(keyword, item)
        else:
            result[key] = spec.conform(key, value)
    return result
