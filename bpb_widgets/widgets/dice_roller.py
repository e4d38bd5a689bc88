"""DiceRoller: the dice of the encounter's rule set, with their exact odds charted before the roll
and the result explained after. ``DiceRoller(enc)`` gives the roller of ``enc``'s rule set."""

from __future__ import annotations

from typing import Any

import traitlets

from bpb_widgets.engine import Encounter
from bpb_widgets.widgets._base import Delta, EncounterWidget


class DiceRoller(EncounterWidget):
    """The dice roller of an encounter's rule set: :class:`~bpb_widgets.widgets.task_roller.
    TaskRoller` (Bulletproof Blues task rolls), :class:`~bpb_widgets.widgets.system_rollers.
    BlackoutRoller` (initiative dice) or :class:`~bpb_widgets.widgets.system_rollers.D10Roller`
    (surprise checks, AP dice). Each keeps a sheet per combatant, the roll being set up
    (``selection``, ``preview``) and the last ``result``."""

    #: name -> what the front end needs of that combatant; patched when the roster changes.
    sheets = traitlets.Dict().tag(sync=True)
    selection = traitlets.Dict().tag(sync=True)
    #: The roll being set up and its exact odds.
    preview = traitlets.Dict().tag(sync=True)
    #: The last roll, explained (``{"text", ...}``).
    result = traitlets.Dict().tag(sync=True)

    def __new__(cls, encounter: Encounter, **kwargs: Any) -> DiceRoller:
        if cls is DiceRoller:
            from bpb_widgets.widgets import system_rollers, task_roller

            rollers = (
                task_roller.TaskRoller,
                system_rollers.BlackoutRoller,
                system_rollers.D10Roller,
            )
            system = encounter.rules.system
            cls = next(roller for roller in rollers if system in roller.systems)
        return super().__new__(cls, encounter, **kwargs)

    def __repr__(self) -> str:
        last = self.result.get("text") or "nothing rolled yet"
        return f"DiceRoller({len(self.encounter.names)} combatants; {last[:70]})"

    def _update(self, delta: Delta | None) -> None:
        enc = self.encounter
        if delta is None:
            self.sheets = {name: self._sheet(name) for name in enc.names}
        elif delta.roster:
            gone = dict.fromkeys(set(self.sheets) - set(enc.names))
            self._patch_dict("sheets", {**gone, **{n: self._sheet(n) for n in enc.names}})

    def _sheet(self, name: str) -> dict[str, Any]:
        raise NotImplementedError
