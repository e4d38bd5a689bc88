"""The d10-ap rules (seed 003) as a game system of the toolkit: its encounter class and its GM
screen part (surprise checks and action-point dice). They have no attack or damage rules, so
there is no fight to forecast. Its sample characters: seed 003's Evan and two foes."""

from bpb_widgets.d10_ap.encounter import D10AP
from bpb_widgets.engine.game_system import GameSystem

SYSTEM = GameSystem(
    D10AP,
    panels="bpb_widgets.d10_ap.panels",
    no_forecast=(
        "The d10-ap rules (Surprise, Rounds & Turns) say who acts when and with how many "
        "action points, but have no attack or damage rules: there is no fight to simulate. "
        "Run the fight with the Bulletproof Blues rules to forecast it."
    ),
    samples="data/characters.json",
)
