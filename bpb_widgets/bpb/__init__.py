"""Bulletproof Blues 2e: its pure rules (``bpb_widgets.bpb.rules``, also ``bpb_widgets.rules``), its
character sheet, its rule sets and its encounter class."""

from bpb_widgets.bpb.base import Attack, BulletproofBluesTurn
from bpb_widgets.bpb.defending import DefenseKind, DefensePreview, DefenseResult
from bpb_widgets.bpb.encounter import BulletproofBlues
from bpb_widgets.bpb.fighting import Explosion, Harm
from bpb_widgets.bpb.grabs import Grab
from bpb_widgets.bpb.rule_sets import BPB2012, BPB2014, BulletproofBluesRules
from bpb_widgets.bpb.rules.probability import Odds
from bpb_widgets.bpb.sheet import ATTACK_KINDS, ATTRIBUTES, AttackKind, Combatant, Power
from bpb_widgets.bpb.task_rolls import TaskChoices, TaskSetup

__all__ = [
    "ATTACK_KINDS",
    "ATTRIBUTES",
    "BPB2012",
    "BPB2014",
    "Attack",
    "AttackKind",
    "BulletproofBlues",
    "BulletproofBluesRules",
    "BulletproofBluesTurn",
    "Combatant",
    "DefenseKind",
    "DefensePreview",
    "DefenseResult",
    "Explosion",
    "Grab",
    "Harm",
    "Odds",
    "Power",
    "TaskChoices",
    "TaskSetup",
]
