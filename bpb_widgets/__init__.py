"""bpb_widgets: run and teach Bulletproof Blues 2e combat in JupyterLab.

>>> from bpb_widgets import Encounter, GMScreen, RuleError, rules
"""

from bpb_widgets import rules
from bpb_widgets.engine import Combatant, Encounter, EncounterFileError, Event
from bpb_widgets.errors import RuleError

__version__ = "0.1.0"
#: The widgets load Jupyter packages: imported on first use, so the engine and rules stay usable
#: from a plain script.
_WIDGETS = ("DefensePanel", "DiceRoller", "EncounterLog", "GMScreen", "TurnOrderStrip")


def __getattr__(name: str) -> object:
    if name in _WIDGETS:
        from bpb_widgets import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module 'bpb_widgets' has no attribute {name!r}")


__all__ = [
    "Combatant",
    "DefensePanel",
    "DiceRoller",
    "Encounter",
    "EncounterFileError",
    "EncounterLog",
    "Event",
    "GMScreen",
    "RuleError",
    "TurnOrderStrip",
    "rules",
]
