"""Each built-in game system's declaration (``<system>/system.py``) holds together: its encounter
class runs its rule sets, its parts are the keys its class lists and work with it, its forecast
model forks its sample fight (or it says why it has none), and its sample characters join a
fight of its own."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from bpb_widgets.engine.game_system import GameSystem, declared
from bpb_widgets.forecast import Tactics
from bpb_widgets.widgets import GMScreen
from bpb_widgets.widgets._host import parts_of

BUILT_IN = [s for s in declared() if s.package.startswith("bpb_widgets.")]


@pytest.mark.parametrize("system", BUILT_IN, ids=lambda s: s.package)
def test_a_declaration_holds_together(system: GameSystem) -> None:
    for rules in system.encounter.rule_sets:
        enc = Encounter(rules=rules.name, seed=1)
        assert GameSystem.of(enc) is system
        sheets = system.sample_sheets()
        assert sheets and len({s["name"] for s in sheets}) == len(sheets)
        enc.add_party(list(sheets))
        assert enc.names == [s["name"] for s in sheets]
        parts = parts_of(system)
        assert all(part.role and part.accepts(enc) for part in parts), parts
        shared = {kind.key for kind in GMScreen.part_types}
        assert set(enc.panels) <= shared | {part.key for part in parts}
        module = system.forecast_module()
        if module is None:
            assert system.no_forecast
        else:
            fork = module.fork(enc, {name: Tactics() for name in enc.names})
            assert set(fork.fighters) == set(enc.names) and len(fork.sides) == 2


def test_a_system_names_its_forecast_or_why_it_has_none() -> None:
    with pytest.raises(TypeError, match="not both"):
        GameSystem(Encounter, forecast="x", no_forecast="y")
    with pytest.raises(TypeError, match="not both"):
        GameSystem(Encounter)


def test_a_class_of_no_declared_system_is_said() -> None:
    with pytest.raises(LookupError, match="no declared game system"):
        GameSystem.of(Encounter)
    with pytest.raises(RuleError, match="Unknown rule set"):
        Encounter.system_of("no such rules")
