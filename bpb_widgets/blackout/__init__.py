"""The "blackout" rule set (seed 002, "Combat Basics"): its pure rules (``rules``, ``combat``,
``pool``, ``movement``), its sheet (``sheet``), rule set and options (``rule_sets``), conditions
(``conditions``), previews (``previews``) and encounter class (``encounter``)."""

from bpb_widgets.blackout.encounter import Blackout
from bpb_widgets.blackout.previews import Hit, InitiativePreview
from bpb_widgets.blackout.rule_sets import BLACKOUT, BlackoutRules
from bpb_widgets.blackout.sheet import BlackoutCombatant

__all__ = ["BLACKOUT", "Blackout", "BlackoutCombatant", "BlackoutRules", "Hit", "InitiativePreview"]
