"""The core engine every game system shares (no Jupyter imports): the roster, the order of play
in motion, commands with undo and redo, the log, the transcript, saving and loading."""

from bpb_widgets.engine.encounter import (
    ActionPointDice,
    Controls,
    Encounter,
    HandAction,
    OtherRuleSet,
    Sheet,
    TurnState,
)
from bpb_widgets.engine.events import Change, Event, Log
from bpb_widgets.engine.initiative import InitiativeEncounter, InitiativeTurn
from bpb_widgets.engine.rule_set import RuleSet
from bpb_widgets.engine.storage import EncounterFileError

__all__ = [
    "ActionPointDice",
    "Change",
    "Controls",
    "Encounter",
    "EncounterFileError",
    "Event",
    "HandAction",
    "InitiativeEncounter",
    "InitiativeTurn",
    "Log",
    "OtherRuleSet",
    "RuleSet",
    "Sheet",
    "TurnState",
]
