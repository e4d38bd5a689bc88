"""GMScreen: every widget on one encounter, laid out for running a fight."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import ipywidgets

from bpb_widgets.engine import Encounter
from bpb_widgets.widgets._base import EncounterWidget, where
from bpb_widgets.widgets.defense_panel import DefensePanel
from bpb_widgets.widgets.dice_roller import DiceRoller
from bpb_widgets.widgets.encounter_log import EncounterLog
from bpb_widgets.widgets.turn_order_strip import TurnOrderStrip

W = TypeVar("W", bound=EncounterWidget)

#: Bulletproof Blues: the defence panel and the dice roller side by side, the log below.
AREAS = '"strip strip" "defense dice" "log log"'
#: The other initiative systems have no block/dodge: the dice roller and the log side by side.
SYSTEM_AREAS = '"strip strip" "dice log"'


class GMScreen(ipywidgets.GridBox):
    """The turn-order strip on top, the defence panel (Bulletproof Blues only) and dice roller side
    by side, the log below (beside the dice roller under blackout and d10-ap).

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
        bpb = encounter.rules.system == "bpb2e"
        parts: list[ipywidgets.Widget] = []
        try:
            self.turn_order = _part(parts, TurnOrderStrip, encounter, "strip")
            self.defense_panel = _part(parts, DefensePanel, encounter, "defense") if bpb else None
            self.dice_roller = _part(parts, DiceRoller, encounter, "dice")
            self.encounter_log = _part(parts, EncounterLog, encounter, "log")
        except Exception:
            for part in parts:
                part.close()
            raise
        layout = {
            "grid_template_areas": AREAS if bpb else SYSTEM_AREAS,
            "grid_template_columns": "minmax(0, 1fr) minmax(0, 1fr)",
            "grid_gap": "8px",
            "width": "100%",
        }
        super().__init__(
            children=parts,
            layout=layout,
            **kwargs,
        )

    #: The block/dodge panel, or None under a rule set without one.
    defense_panel: DefensePanel | None

    def __repr__(self) -> str:
        enc = self.encounter
        return f"GMScreen({where(enc)}, {len(enc.names)} combatants, {len(enc.log)} log entries)"

    def close(self) -> None:
        """Close every part, then the layout."""
        for child in self.children:
            child.close()
        super().close()


def _part(parts: list[ipywidgets.Widget], kind: type[W], encounter: Encounter, area: str) -> W:
    """Build one part in its grid area and keep it, so a later failure can close it."""
    part = kind(encounter, layout={"grid_area": area})
    parts.append(part)
    return part
