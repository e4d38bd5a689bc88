"""Bulletproof Blues' own parts of a GM screen, each drawn by the renderer beside it
(``<key>.js``): the attack with its target's answers, block and dodge, the task roller."""

from bpb_widgets.bpb.panels.attack import AttackPart
from bpb_widgets.bpb.panels.defense import DefensePart
from bpb_widgets.bpb.panels.task import TaskPart

PARTS = (AttackPart, DefensePart, TaskPart)

# the answers to a hit a player's phone offers (declared as it is imported)
from bpb_widgets.bpb.panels import phone as phone  # noqa: E402
