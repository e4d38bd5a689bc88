"""Bulletproof Blues 2e as a game system of the toolkit: its encounter class (rule sets
"bpb2e" and "bpb2e-wiki", the default), its GM screen parts (the attack with its answers, block
and dodge, the task roller), its forecast model and its sample characters (seed 000's fight:
Blueshift, Monolith, Ganyeka and his henchmen)."""

from bpb_widgets.bpb.encounter import BulletproofBlues
from bpb_widgets.engine.game_system import GameSystem

SYSTEM = GameSystem(
    BulletproofBlues,
    panels="bpb_widgets.bpb.panels",
    forecast="bpb_widgets.bpb.forecast",
    samples="data/characters.json",
)
