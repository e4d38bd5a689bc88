"""The package's structure, as docs/architecture.md describes it, kept so by its import graph.

- no import cycle anywhere, counting imports under ``TYPE_CHECKING`` and inside functions;
- the core engine imports no game system, and no game system imports another;
- a game system lives in its folder: nothing outside it imports it (but the package's public
  names), and only its GM screen parts and forecast model import the widgets or the forecast;
- no code outside the registry branches on a rule set's name;
- the widgets ask the engine for every figure: they import no system's rules module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import bpb_widgets
from bpb_widgets import Encounter
from bpb_widgets.engine.game_system import declared

PACKAGE = Path(bpb_widgets.__file__).parent
SYSTEMS = tuple(s.package for s in declared() if s.package.startswith("bpb_widgets."))


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(f"{package}.")


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(name: str, path: Path) -> Iterator[str]:
    """Every bpb_widgets module ``name`` imports, wherever the import statement is."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    known = modules()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            # "from pkg import module" imports the module; "from module import name" the module
            targets = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names
            ]
        else:
            continue
        for target in targets:
            if target.startswith("bpb_widgets") and target in known and target != name:
                yield target


def graph() -> dict[str, set[str]]:
    return {name: set(imports(name, path)) for name, path in modules().items()}


def test_no_import_cycle_anywhere() -> None:
    edges = graph()
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(name: str, trail: list[str]) -> None:
        state[name] = 1
        for target in sorted(edges[name]):
            if state.get(target) == 1:
                cycles.append([*trail[trail.index(target) :], target])
            elif target not in state:
                visit(target, [*trail, target])
        state[name] = 2

    for name in sorted(edges):
        if name not in state:
            visit(name, [name])
    assert not cycles, "\n".join(" -> ".join(cycle) for cycle in cycles)


def test_the_core_imports_no_game_system_and_systems_import_no_other() -> None:
    for name, targets in graph().items():
        if _under(name, "bpb_widgets.engine"):
            assert not any(_under(t, s) for t in targets for s in SYSTEMS), name
        for system in SYSTEMS:
            if _under(name, system):
                others = [t for t in targets for s in SYSTEMS if s != system and _under(t, s)]
                assert not others, f"{name} imports {others}"


def test_the_built_in_systems_are_found_in_their_folders() -> None:
    folders = {p.parent.name for p in PACKAGE.glob("*/system.py")}
    assert folders and {s.rpartition(".")[2] for s in SYSTEMS} == folders


def test_a_system_lives_in_its_folder() -> None:
    """Nothing outside a system imports it (the package's ``__init__`` re-exports its public
    names), so no code elsewhere can ask which system a fight follows; inside, only its GM
    screen parts and its forecast model import the widgets' or the forecast's modules."""
    outer = ("bpb_widgets.widgets", "bpb_widgets.forecast", "bpb_widgets.player")
    for name, targets in graph().items():
        home = next((s for s in SYSTEMS if _under(name, s)), None)
        if home is None:
            if name != "bpb_widgets":
                inside = sorted(t for t in targets for s in SYSTEMS if _under(t, s))
                assert not inside, f"{name} imports {inside}"
        elif not (_under(name, f"{home}.panels") or name == f"{home}.forecast"):
            reaching = sorted(t for t in targets for o in outer if _under(t, o))
            assert not reaching, f"{name} imports {reaching}"


def test_no_branch_on_a_rule_set_name() -> None:
    names = set(Encounter._registry)
    branches = []
    for name, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Compare, ast.Match)):
                constants = {
                    c.value
                    for c in ast.walk(node)
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)
                }
                if constants & names:
                    branches.append(f"{name}:{node.lineno}")
    assert not branches


@pytest.mark.parametrize("name", [n for n in modules() if _under(n, "bpb_widgets.widgets")])
def test_widgets_import_no_rules_module(name: str) -> None:
    pure = ("rules", "combat", "pool", "movement")  # the systems' pure rules modules
    rules = [
        t
        for t in imports(name, modules()[name])
        if not _under(t, "bpb_widgets.widgets") and any(p in t.split(".") for p in pure)
    ]
    assert not rules, f"{name} imports {rules}: ask the engine for previews and odds instead"
