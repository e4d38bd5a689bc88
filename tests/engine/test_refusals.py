"""Bad input: a RuleError a GM understands, and the encounter exactly as before."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bpb_widgets import Encounter, RuleError
from bpb_widgets.engine import OtherRuleSet
from bpb_widgets.engine.encounter import OtherSystemsCommand
from tests.engine.helpers import seed_cast, snapshot, started

Refusal = tuple[str, Callable[[Encounter], object], str]

DURING_THE_FIGHT: list[Refusal] = [
    ("unknown name", lambda e: e.take_delayed("Nobody"), "no combatant called Nobody"),
    ("blank name", lambda e: e.force("  ", "dives"), "needs a name"),
    ("name not text", lambda e: e.force(7, "dives"), "force: name= takes text, not 7"),
    ("duplicate", lambda e: e.add("blueshift"), "already a combatant called blueshift"),
    ("rank 15", lambda e: e.add("Titan", brawn=15), "Brawn 15 is impossible"),
    ("rank 0", lambda e: e.add("Wisp", agility=0), "Agility 0 is impossible"),
    ("negative", lambda e: e.add("Wisp", agility=-2), "impossible"),
    ("rank as text", lambda e: e.add("Wisp", agility="5"), "whole-number rank"),
    ("rank as bool", lambda e: e.add("Wisp", agility=True), "whole-number rank"),
    ("unknown attribute", lambda e: e.add("Wisp", strength=4), "Unknown attribute 'strength'"),
    ("super-speed 15", lambda e: e.add("Zip", super_speed=15), "Super-speed 15 is impossible"),
    ("expertise as text", lambda e: e.add("Wisp", expertise="block"), "list of names such as"),
    ("aware as text", lambda e: e.add("Wisp", aware="yes"), "True or False"),
    ("the environment", lambda e: e.add("Environment"), "not a combatant"),
    ("long name", lambda e: e.add("x" * 500), "at most 120"),
    (
        "second force",
        lambda e: (e.force("Monolith", "ducks"), e.force("Monolith", "ducks")),
        "once",
    ),
    ("attack forced", lambda e: e.force("Monolith", "punches Ganyeka"), "construed as an attack"),
    ("empty action", lambda e: e.force("Monolith", ""), "Say what the forced action is"),
    ("dice 0", lambda e: e.dodge("Monolith", attacker="Ganyeka", rank=3, dice=(0, 4)), "1 to 6"),
    ("dice text", lambda e: e.dodge("Monolith", attacker="Ganyeka", rank=3, dice="66"), "numbers"),
    ("three dice", lambda e: e.dodge("Monolith", attacker="Ganyeka", rank=3, dice=(1, 2, 3)), "2"),
    (
        "float die",
        lambda e: e.dodge("Monolith", attacker="Ganyeka", rank=3, dice=(1.0, 2)),
        "list of whole numbers",
    ),
    (
        "bad kind",
        lambda e: e.defense_preview("parry", "Monolith", attacker="Ganyeka", rank=3),
        "block or a dodge",
    ),
    ("aware twice", lambda e: e.becomes_aware("Monolith"), "already aware"),
    ("not holding", lambda e: e.take_delayed("Ganyeka"), "not holding"),
    ("blank note", lambda e: e.environment(" "), "Say what the environment does"),
    ("long note", lambda e: e.environment("x" * 301), "300 characters"),
    ("set order", lambda e: e.set_order(["Blueshift"]), "leaves out"),
    ("undo 0", lambda e: e.undo(0), "1 or more"),
    ("undo too far", lambda e: e.undo(999), "Only"),
    ("redo nothing", lambda e: e.redo(), "Nothing to redo"),
    ("undo to nowhere", lambda e: e.undo_to(10_000), "no log entry"),
    ("transcript rounds", lambda e: e.transcript(["one"]), "whole numbers"),
    (
        "late 2nd force",
        lambda e: (e.force("Ganyeka", "ducks"), e.dodge("Ganyeka", attacker="Monolith", rank=3)),
        "once",
    ),
]


@pytest.mark.parametrize(
    ("what", "act", "message"), DURING_THE_FIGHT, ids=[r[0] for r in DURING_THE_FIGHT]
)
def test_refused_during_the_fight_and_nothing_changes(
    what: str, act: Callable[[Encounter], object], message: str
) -> None:
    enc = started()
    before = snapshot(enc)
    history = len(enc.history)
    with pytest.raises(RuleError, match=message):
        act(enc)
    if len(enc.history) > history:  # a two-step refusal: the first step was fine, undo it
        enc.undo(len(enc.history) - history)
        enc._history.redo_records.clear()
    assert snapshot(enc) == before


BEFORE_THE_START: list[Refusal] = [
    ("end turn", lambda e: e.end_turn(), "has not started"),
    ("delay", lambda e: e.delay(), "has not started"),
    ("force", lambda e: e.force("Monolith", "ducks"), "has not started"),
    ("block", lambda e: e.block("Monolith", attacker="Ganyeka", rank=3), "has not started"),
    ("environment", lambda e: e.environment("rain"), "has not started"),
    ("roll dice for a stranger", lambda e: e.roll_order(dice={"Nobody": (1, 1)}), "Nobody"),
    ("roll dice not a mapping", lambda e: e.roll_order(dice=[(1, 1)]), "a mapping of text"),
    ("order not a list", lambda e: e.set_order("Blueshift"), "names= takes a list of text"),
    ("aware after unknown", lambda e: e.becomes_aware("Monolith", after="Nobody"), "Nobody"),
    (
        "aware after self",
        lambda e: e.becomes_aware("Monolith", after="Monolith"),
        "cannot act after",
    ),
]


@pytest.mark.parametrize(
    ("what", "act", "message"), BEFORE_THE_START, ids=[r[0] for r in BEFORE_THE_START]
)
def test_refused_before_the_start_and_nothing_changes(
    what: str, act: Callable[[Encounter], object], message: str
) -> None:
    enc = seed_cast(Encounter(seed=3), monolith_aware=False)
    before = snapshot(enc)
    with pytest.raises(RuleError, match=message):
        act(enc)
    assert snapshot(enc) == before


def test_rule_errors_are_value_errors_and_bad_rule_sets_are_refused() -> None:
    assert issubclass(RuleError, ValueError)
    with pytest.raises(RuleError, match="Unknown rule set 'dnd'"):
        Encounter(rules="dnd")
    with pytest.raises(RuleError, match="Unknown rule option 'speed'"):
        Encounter(options={"speed": True})
    with pytest.raises(RuleError, match="takes a bool"):
        Encounter(options={"preempt_limit": "yes"})
    with pytest.raises(RuleError, match="whole number"):
        Encounter(seed="seven")  # type: ignore[arg-type]


def test_the_engine_imports_no_jupyter_package() -> None:
    """design.md: rules and engine never import Jupyter packages."""
    import subprocess
    import sys

    code = (
        "import sys, bpb_widgets, bpb_widgets.engine, bpb_widgets.bpb.rules, "
        "bpb_widgets.blackout, bpb_widgets.d10_ap;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'ipywidgets', 'anywidget', 'IPython', 'traitlets', 'jupyter_client'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def own(system: type[Encounter], name: str) -> bool:
    """Whether ``system`` has ``name`` of its own (a command, a query or a hook)."""
    found = (vars(cls)[name] for cls in system.__mro__ if name in vars(cls))
    return not isinstance(next(found, None), OtherSystemsCommand | None)


def test_another_systems_command_is_refused_with_its_system_and_hidden_from_completion() -> None:
    """Each system's class refuses the commands of the others (an ``OtherRuleSet``, so
    ``hasattr`` answers False; named after the first system, in the registry's order, that has
    it) and leaves them out of ``dir``, the names tab completion offers."""
    systems = list(dict.fromkeys(Encounter._registry.values()))
    for system in systems:
        enc = Encounter(rules=system.rule_sets[0].name)
        owners: dict[str, str] = {}
        for other in systems:
            if not isinstance(enc, other):
                for name in other.commands():
                    owners.setdefault(name, other.title)
        refused = {name: title for name, title in owners.items() if not own(system, name)}
        assert refused, system
        for name, title in refused.items():
            with pytest.raises(OtherRuleSet, match=f"^{name} belongs to the {title} rules"):
                getattr(enc, name)
            assert not hasattr(enc, name) and name not in dir(enc)
        assert set(system.commands()) <= set(dir(enc))


def test_no_system_class_looks_attributes_up_by_getattr() -> None:
    """An ``__getattr__`` anywhere in a system's classes makes CPython 3.11 look up every
    attribute of the engine the slow way (docs/performance.md, "End turn against v0.1")."""
    for system in Encounter._registry.values():
        assert not any("__getattr__" in vars(cls) for cls in system.__mro__), system
