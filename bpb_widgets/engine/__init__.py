"""The combat engine: an ``Encounter`` of commands, events and state (no Jupyter imports)."""

from bpb_widgets.engine.combatant import ATTRIBUTES, Combatant
from bpb_widgets.engine.defence import DefencePreview, DefenceResult
from bpb_widgets.engine.encounter import Encounter, TurnState
from bpb_widgets.engine.events import Change, Event
from bpb_widgets.engine.storage import EncounterFileError

__all__ = [
    "ATTRIBUTES",
    "Change",
    "Combatant",
    "DefencePreview",
    "DefenceResult",
    "Encounter",
    "EncounterFileError",
    "Event",
    "TurnState",
]
