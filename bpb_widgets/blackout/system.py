"""The blackout rules (seed 002) as a game system of the toolkit: its encounter class, its GM
screen parts (actions, attacks, damage, tests, surprise and falls; initiative dice), its
forecast model and its sample characters (Kara, Vex and a security mech)."""

from bpb_widgets.blackout.encounter import Blackout
from bpb_widgets.engine.game_system import GameSystem

SYSTEM = GameSystem(
    Blackout,
    panels="bpb_widgets.blackout.panels",
    forecast="bpb_widgets.blackout.forecast",
    samples="data/characters.json",
)
