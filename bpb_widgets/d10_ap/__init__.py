"""The "d10-ap" rule set (seed 003, "Surprise, Rounds, & Turns"): its pure rules and its encounter
class."""

from bpb_widgets.d10_ap.encounter import (
    D10_AP,
    D10AP,
    APPreview,
    D10Combatant,
    D10Rules,
    SurprisePreview,
)

__all__ = ["D10AP", "D10_AP", "APPreview", "D10Combatant", "D10Rules", "SurprisePreview"]
