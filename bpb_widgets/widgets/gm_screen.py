"""GMScreen: every widget on one encounter, laid out for running a fight."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets

from bpb_widgets.engine import Encounter
from bpb_widgets.widgets._base import where
from bpb_widgets.widgets.defense_panel import DefensePanel
from bpb_widgets.widgets.dice_roller import DiceRoller
from bpb_widgets.widgets.encounter_log import EncounterLog
from bpb_widgets.widgets.turn_order_strip import TurnOrderStrip

AREAS = '"strip strip" "defense dice" "log log"'


class GMScreen(ipywidgets.GridBox):
    """The turn-order strip on top, the defence panel and dice roller side by side, the log below.

    Each part is the same widget you can show alone, so they stay in sync with each other, with
    other widgets on the encounter and with commands run from Python.

    ``autosave="fight.json"`` sets ``encounter.autosave``: every accepted command, undo and redo
    rewrites that file atomically, so after a kernel crash ``Encounter.load("fight.json",
    autosave=True)`` brings the fight back exactly, undo history included. A file holding another
    fight, or anything that is not a fight, is refused (``EncounterFileError``), never overwritten.
    """

    def __init__(
        self, encounter: Encounter, *, autosave: str | Path | None = None, **kwargs: Any
    ) -> None:
        if autosave is not None:
            encounter.autosave = autosave
        self.encounter = encounter
        self.turn_order = TurnOrderStrip(encounter, layout={"grid_area": "strip"})
        self.defense_panel = DefensePanel(encounter, layout={"grid_area": "defense"})
        self.dice_roller = DiceRoller(encounter, layout={"grid_area": "dice"})
        self.encounter_log = EncounterLog(encounter, layout={"grid_area": "log"})
        layout = {
            "grid_template_areas": AREAS,
            "grid_template_columns": "minmax(0, 1fr) minmax(0, 1fr)",
            "grid_gap": "8px",
            "width": "100%",
        }
        super().__init__(
            children=[self.turn_order, self.defense_panel, self.dice_roller, self.encounter_log],
            layout=layout,
            **kwargs,
        )

    def __repr__(self) -> str:
        enc = self.encounter
        return f"GMScreen({where(enc)}, {len(enc.names)} combatants, {len(enc.log)} log entries)"

    def close(self) -> None:
        """Close every part, then the layout."""
        for child in self.children:
            child.close()
        super().close()
