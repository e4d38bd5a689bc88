"""GMScreen: every widget on one encounter, laid out for running a fight."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets

from bpb_widgets.engine import Encounter
from bpb_widgets.widgets._base import EncounterWidget, where
from bpb_widgets.widgets.defense_panel import DefensePanel
from bpb_widgets.widgets.dice_roller import DiceRoller
from bpb_widgets.widgets.encounter_log import EncounterLog
from bpb_widgets.widgets.turn_order_strip import TurnOrderStrip

#: The widget of each panel an encounter class may name in its ``panels``.
PANELS: dict[str, type[EncounterWidget[Any]]] = {
    "strip": TurnOrderStrip,
    "defense": DefensePanel,
    "dice": DiceRoller,
    "log": EncounterLog,
}


def areas(panels: tuple[str, ...]) -> str:
    """The grid: the first panel across the top, the others two a row (the last alone across)."""
    top, *rest = panels
    rows = [f"{top} {top}"]
    for i in range(0, len(rest), 2):
        pair = rest[i : i + 2]
        rows.append(" ".join(pair if len(pair) == 2 else pair * 2))
    return " ".join(f'"{row}"' for row in rows)


class GMScreen(ipywidgets.GridBox):
    """The panels the encounter's class names (``panels``): the turn-order strip on top, then two
    a row: under Bulletproof Blues the defense panel and dice roller side by side and the log
    below; under blackout and d10-ap the dice roller and the log.

    Each part is the same widget you can show alone, so they stay in sync with each other, with
    other widgets on the encounter and with commands run from Python.

    ``autosave="fight.json"`` sets ``encounter.autosave``: every accepted command, undo and redo
    rewrites that file atomically, so after a kernel crash ``Encounter.load("fight.json",
    autosave=True)`` brings the fight back exactly, undo history included. A file holding another
    fight, or anything that is not a fight, is refused (``EncounterFileError``), never overwritten.
    """

    def __init__(
        self, encounter: Encounter[Any], *, autosave: str | Path | None = None, **kwargs: Any
    ) -> None:
        if autosave is not None:
            encounter.autosave = autosave
        self.encounter = encounter
        self.parts: dict[str, EncounterWidget[Any]] = {}
        try:
            for name in encounter.panels:
                self.parts[name] = PANELS[name](encounter, layout={"grid_area": name})
        except Exception:
            for part in self.parts.values():
                part.close()
            raise
        layout = {
            "grid_template_areas": areas(encounter.panels),
            "grid_template_columns": "minmax(0, 1fr) minmax(0, 1fr)",
            "grid_gap": "8px",
            "width": "100%",
        }
        super().__init__(children=list(self.parts.values()), layout=layout, **kwargs)

    @property
    def turn_order(self) -> TurnOrderStrip:
        """The turn-order strip."""
        part = self.parts["strip"]
        assert isinstance(part, TurnOrderStrip)
        return part

    @property
    def defense_panel(self) -> DefensePanel | None:
        """The block/dodge panel, or None under a rule set without one."""
        part = self.parts.get("defense")
        assert part is None or isinstance(part, DefensePanel)
        return part

    @property
    def dice_roller(self) -> DiceRoller[Any]:
        part = self.parts["dice"]
        assert isinstance(part, DiceRoller)
        return part

    @property
    def encounter_log(self) -> EncounterLog:
        part = self.parts["log"]
        assert isinstance(part, EncounterLog)
        return part

    def __repr__(self) -> str:
        enc = self.encounter
        return f"GMScreen({where(enc)}, {len(enc.names)} combatants, {len(enc.log)} log entries)"

    def close(self) -> None:
        """Close every part, then the layout."""
        for child in self.children:
            child.close()
        super().close()
