"""bpb_widgets: run and teach tabletop-RPG combat in JupyterLab.

>>> from bpb_widgets import Encounter, GMScreen, RuleError, rules

``Encounter(rules=...)`` finds the game system that runs a rule set by its name: Bulletproof Blues
2e ("bpb2e", "bpb2e-wiki"), "blackout" and "d10-ap"; each lives in its own package
(``bpb_widgets.bpb``, ``bpb_widgets.blackout``, ``bpb_widgets.d10_ap``) on the shared core
(``bpb_widgets.engine``), and declares what it adds in that package's ``system.py``, found here
by ``discover`` (docs/architecture.md). ``rules`` is the pure Bulletproof Blues rules library.
"""

from bpb_widgets.blackout import Blackout
from bpb_widgets.bpb import BulletproofBlues, Combatant
from bpb_widgets.bpb import rules as rules
from bpb_widgets.d10_ap import D10AP
from bpb_widgets.engine import Encounter, EncounterFileError, Event, RuleSet
from bpb_widgets.engine.game_system import GameSystem, discover
from bpb_widgets.errors import RuleError

discover()

__version__ = "0.3.0.dev0"
#: The widgets load Jupyter packages: imported on first use, so the engine and rules stay usable
#: from a plain script.
_WIDGETS = (
    "AttackPanel",
    "Check",
    "DefensePanel",
    "DiceRoller",
    "EncounterLog",
    "FightFiles",
    "ForecastPanel",
    "GMScreen",
    "PlayerView",
    "Roster",
    "TurnOrderStrip",
)


def __getattr__(name: str) -> object:
    if name in _WIDGETS:
        from bpb_widgets import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module 'bpb_widgets' has no attribute {name!r}")


def find_rule_set(name: str) -> RuleSet:
    """The rule set called ``name`` ("bpb2e", "bpb2e-wiki", "blackout", "d10-ap")."""
    return Encounter.find_rule_set(name)


__all__ = [
    "D10AP",
    "AttackPanel",
    "Blackout",
    "BulletproofBlues",
    "Check",
    "Combatant",
    "DefensePanel",
    "DiceRoller",
    "Encounter",
    "EncounterFileError",
    "EncounterLog",
    "Event",
    "FightFiles",
    "ForecastPanel",
    "GMScreen",
    "GameSystem",
    "PlayerView",
    "Roster",
    "RuleError",
    "RuleSet",
    "TurnOrderStrip",
    "find_rule_set",
    "rules",
]
