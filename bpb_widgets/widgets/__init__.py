"""Jupyter widgets on one Encounter: they share its state and send it commands."""

from bpb_widgets.widgets.defense_panel import DefensePanel
from bpb_widgets.widgets.dice_roller import DiceRoller
from bpb_widgets.widgets.encounter_log import EncounterLog
from bpb_widgets.widgets.gm_screen import GMScreen
from bpb_widgets.widgets.system_rollers import BlackoutRoller, D10Roller
from bpb_widgets.widgets.task_roller import TaskRoller
from bpb_widgets.widgets.turn_order_strip import TurnOrderStrip

__all__ = [
    "BlackoutRoller",
    "D10Roller",
    "DefensePanel",
    "DiceRoller",
    "EncounterLog",
    "GMScreen",
    "TaskRoller",
    "TurnOrderStrip",
]
