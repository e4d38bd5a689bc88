"""The "d10-ap" rule set (seed 003, "Surprise, Rounds, & Turns"): its pure rules, its sheet,
rule set, previews and encounter class."""

from bpb_widgets.d10_ap.encounter import D10AP
from bpb_widgets.d10_ap.previews import APPreview, SurprisePreview
from bpb_widgets.d10_ap.rule_sets import D10_AP, D10Rules
from bpb_widgets.d10_ap.sheet import D10Combatant

__all__ = ["D10AP", "D10_AP", "APPreview", "D10Combatant", "D10Rules", "SurprisePreview"]
