"""The ``@command`` decorator: a method that changes an encounter, all or nothing.

A command validates completely before it changes anything; the encounter records it for undo,
replay (save/load) and observers (``Encounter._run``).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
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


@functools.cache
def commands_of(cls: type) -> dict[str, Callable[..., Any]]:
    """Every command method of ``cls`` by name, unwrapped: what a saved file may replay."""
    return {
        name: getattr(cls, name).__wrapped__
        for name in dir(cls)
        if getattr(getattr(cls, name), "is_command", False)
    }


@functools.cache
def signature_of(method: Callable[..., Any]) -> inspect.Signature:
    """A command's signature, looked up once (every command call and saved record binds to it)."""
    return inspect.signature(method)
