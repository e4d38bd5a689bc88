"""Bulletproof Blues' own parts of a GM screen, each drawn by the renderer beside it
(``<key>.js``): the attack with its target's answers, block and dodge, the task roller."""

from bpb_widgets.bpb.panels.attack import AttackPart
from bpb_widgets.bpb.panels.defense import DefensePart
from bpb_widgets.bpb.panels.phone import Answers, Attacks
from bpb_widgets.bpb.panels.task import TaskPart

PARTS = (AttackPart, DefensePart, TaskPart)
#: The answers to a hit a player's own page (a phone) offers (``player.actions.HitAnswers``).
HIT_ANSWERS = Answers()
#: The attacks a player's own page offers on their turn (``player.actions.TurnAttacks``).
TURN_ATTACKS = Attacks()
