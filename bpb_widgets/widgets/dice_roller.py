"""DiceRoller: the dice of the encounter's rule set, with their exact odds charted before the roll
and the result explained after. ``DiceRoller(enc)`` gives the roller the encounter's class names
(its ``roller``), found among the subclasses registered here by name."""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

import traitlets

from bpb_widgets.engine import Encounter
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._base import Delta, EncounterWidget

E = TypeVar("E", bound="Encounter[Any]")


class DiceRoller(EncounterWidget[E]):
    """The dice roller of an encounter's rule set: ``TaskRoller`` (Bulletproof Blues task rolls),
    ``BlackoutRoller`` (initiative dice) or ``D10Roller`` (surprise checks, AP dice). Each keeps a
    sheet per combatant, the roll being set up (``selection``, ``preview``) and the last
    ``result``."""

    #: name -> what the front end needs of that combatant; patched when the roster changes.
    sheets = traitlets.Dict().tag(sync=True)
    selection = traitlets.Dict().tag(sync=True)
    #: The roll being set up and its exact odds.
    preview = traitlets.Dict().tag(sync=True)
    #: The last roll, explained (``{"text", ...}``).
    result = traitlets.Dict().tag(sync=True)

    #: The rollers by the name an encounter class gives in its ``roller``.
    _kinds: ClassVar[dict[str, type[DiceRoller[Any]]]] = {}

    def __init_subclass__(cls, kind: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if kind:
            DiceRoller._kinds[kind] = cls

    def __new__(cls, encounter: Encounter[Any], **kwargs: Any) -> Any:
        if cls is DiceRoller:
            found = DiceRoller._kinds.get(encounter.roller)
            if found is None:
                raise RuleError(f"The {encounter.rules.name} rules have no dice roller.")
            cls = found
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
