"""Jupyter widgets on one Encounter: they share its state and send it commands."""

from bpb_widgets.widgets.screens import (
    AttackPanel,
    Check,
    DefensePanel,
    DiceRoller,
    EncounterLog,
    FightFiles,
    ForecastPanel,
    GMScreen,
    PlayerView,
    Roster,
    TurnOrderStrip,
)

__all__ = [
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
]
