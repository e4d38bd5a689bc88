"""The "blackout" rule set (seed 002, "Combat Basics"): its pure rules (``rules``, ``combat``,
``pool``, ``movement``) and its encounter class."""

from bpb_widgets.blackout.encounter import (
    BLACKOUT,
    Blackout,
    BlackoutCombatant,
    BlackoutRules,
    Hit,
    InitiativePreview,
)

__all__ = ["BLACKOUT", "Blackout", "BlackoutCombatant", "BlackoutRules", "Hit", "InitiativePreview"]
