"""The core names no game system: what differs between systems is what each class declares
(``controls``, ``started_order``, its hooks), never a system's name in ``engine/``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import bpb_widgets
from bpb_widgets import D10AP, Blackout, BulletproofBlues, Encounter, RuleError

ENGINE = Path(bpb_widgets.__file__).parent / "engine"


def system_words() -> set[str]:
    """Every registered system's title, class name and rule set names."""
    words: set[str] = set()
    for system in set(Encounter._registry.values()):
        words |= {system.title, system.__name__, *(r.name for r in system.rule_sets)}
    return words


def code_words(tree: ast.AST) -> list[str]:
    """The names and strings of a module's code, its docstrings (examples, prose) apart."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    words = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                words.append(node.value)
        elif isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
    return words


@pytest.mark.parametrize("module", sorted(ENGINE.glob("*.py")), ids=lambda path: path.name)
def test_the_core_names_no_system(module: Path) -> None:
    named = system_words()
    found = {
        word
        for text in code_words(ast.parse(module.read_text(encoding="utf-8")))
        for word in named
        if word in text
    }
    assert not found, f"{module.name} names {sorted(found)}"


def test_a_delay_to_a_step_names_the_systems_that_declare_one() -> None:
    assert Blackout.controls.delay_to_step
    assert not BulletproofBlues.controls.delay_to_step and not D10AP.controls.delay_to_step
    enc = Encounter(seed=1)
    enc.add("Blueshift", perception=4)
    enc.start()
    with pytest.raises(RuleError, match=r"^Under bpb2e a delayed turn is held.* blackout's\)\.$"):
        enc.delay(to=3)


@pytest.mark.parametrize(
    ("system", "says"), [(BulletproofBlues, "forcing and extreme"), (Blackout, "initiative")]
)
def test_a_setup_refused_after_the_start_says_how_the_system_orders_play(
    system: type[Encounter], says: str
) -> None:
    enc = system(seed=1)
    assert says in enc.started_order
    enc.add("Blueshift")
    if system is Blackout:
        enc.roll_order()
    enc.start()
    with pytest.raises(RuleError, match=re.escape(f"before round 1. {enc.started_order}")):
        enc.start()
