"""The d10-ap rules' own part of a GM screen, drawn by the renderer beside it (``d10.js``):
surprise checks and action-point dice."""

from bpb_widgets.d10_ap.panels.d10 import D10Part

PARTS = (D10Part,)
