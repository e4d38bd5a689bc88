"""The hooks a game system may override are declared (``SystemHooks``, each documented), a system
overrides no other underscored method of the core's, and the core calls every hook it declares."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest

import bpb_widgets
from bpb_widgets import Encounter
from bpb_widgets.engine import encounter
from bpb_widgets.engine.hooks import SystemHooks

HOOKS = [name for name, member in vars(SystemHooks).items() if inspect.isfunction(member)]


def system_classes(cls: type = Encounter) -> Iterator[type]:
    """Every class of the package built on ``Encounter``: the systems, their mixins and bases."""
    for sub in cls.__subclasses__():
        if sub.__module__.startswith(f"{bpb_widgets.__name__}."):
            yield sub
        yield from system_classes(sub)


def overridden(cls: type) -> set[str]:
    """The underscored methods of the core that ``cls`` itself defines again."""
    return {
        name
        for name in vars(cls)
        if name.startswith("_") and not name.startswith("__") and hasattr(Encounter, name)
    }


def test_the_hooks_are_the_ones_the_systems_use() -> None:
    assert len(HOOKS) >= 20 and "_fit" in HOOKS and "make_sheet" in HOOKS
    assert set(HOOKS).isdisjoint(vars(Encounter)), "the core holds the core, the hooks are apart"


@pytest.mark.parametrize("cls", sorted(set(system_classes()), key=str), ids=lambda c: c.__name__)
def test_a_system_overrides_only_declared_hooks(cls: type) -> None:
    undeclared = overridden(cls) - set(HOOKS)
    assert not undeclared, f"{cls.__name__} overrides the core's {sorted(undeclared)}"


def test_every_system_class_is_checked() -> None:
    names = {cls.__name__ for cls in system_classes()}
    assert {"BulletproofBlues", "Blackout", "D10AP", "InitiativeEncounter"} <= names


@pytest.mark.parametrize("hook", HOOKS)
def test_each_hook_says_when_it_is_called_and_its_default(hook: str) -> None:
    doc = inspect.getdoc(getattr(SystemHooks, hook)) or ""
    assert "Default" in doc or "Required" in doc, hook


def called_by_the_core() -> set[str]:
    """The methods the core calls on itself (``self.name(...)``)."""
    tree = ast.parse(Path(encounter.__file__).read_text(encoding="utf-8"))
    return {
        node.func.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "self"
    }


def test_the_core_calls_every_hook() -> None:
    uncalled = set(HOOKS) - called_by_the_core()
    assert not uncalled, f"declared but never called by the core: {sorted(uncalled)}"
