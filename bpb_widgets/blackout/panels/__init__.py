"""The blackout rules' own parts of a GM screen, each drawn by the renderer beside it
(``<key>.js``): actions, attacks, damage and tests, surprise and falls; initiative dice."""

from bpb_widgets.blackout.panels.combat import CombatPart
from bpb_widgets.blackout.panels.initiative import InitiativePart

PARTS = (CombatPart, InitiativePart)
