"""The ``@command`` decorator: a method that changes an encounter, all or nothing.

A command validates completely before it changes anything; the encounter records it for undo,
replay (save/load) and observers (``Encounter._run``).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

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
    method: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> dict[str, Any]:
    """The call as JSON-ready keyword arguments, as it is saved and replayed."""
    if not args and not kwargs:
        return {}
    signature = signature_of(method)
    bound = signature.bind(None, *args, **kwargs)
    result: dict[str, Any] = {}
    for key, value in list(bound.arguments.items())[1:]:
        if signature.parameters[key].kind is signature.parameters[key].VAR_KEYWORD:
            result.update(value)  # add(name, **sheet) is saved as plain keywords
        else:
            result[key] = value
    return {k: _jsonable(v) for k, v in result.items()}


def _jsonable(value: object) -> object:
    if isinstance(value, (set, frozenset)):
        return sorted(map(_jsonable, value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value
