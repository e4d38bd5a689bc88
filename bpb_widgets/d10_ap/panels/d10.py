"""d10-ap dice (seed 003): a surprise check for the chosen combatant and the AP dice of whoever's
turn it is, each with its exact odds charted before the roll (``d10.js``)."""

from __future__ import annotations

from typing import Any

from bpb_widgets.d10_ap import D10AP
from bpb_widgets.d10_ap.panels.state import D10State
from bpb_widgets.engine.dice import Dice
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._commands import panel_command
from bpb_widgets.widgets._host import Delta, Part
from bpb_widgets.widgets._odds import bars, exact


class D10Part(Part[D10AP]):
    """A surprise check (d10 against AwarB and traits: the chance of surprise and of each AP
    penalty) and the AP dice of the current turn (their distribution, less any surprise penalty)."""

    key = "d10"
    state_type = D10State
    title = "Surprise and AP dice"
    role = "dice"
    encounter_type = D10AP

    def refresh(self, delta: Delta | None) -> None:
        enc = self.encounter
        if delta is None:
            self.put("selection", {})
            self.put("result", {})
        else:
            self.follow_result()
            self.forget_the_gone()
        if delta is None or delta.roster:
            self.put("sheets", {name: self._sheet(name) for name in enc.names})
        self.put("current", enc.current)
        self.put("preview", self._odds())

    def _sheet(self, name: str) -> dict[str, Any]:
        sheet = self.encounter.combatant(name)
        return {"agb": sheet.agb, "awarb": sheet.awarb, "traits": sorted(sheet.traits)}

    @panel_command
    def choose(self, combatant: str) -> None:
        """Whose surprise check to preview."""
        name = self.encounter.combatant(combatant).name
        self.put("selection", {"combatant": name})
        self.put("preview", self._odds())

    @panel_command
    def surprise_check(self, combatant: str, roll: int | None = None) -> None:
        """``combatant`` makes a surprise check (``roll``: a physical d10)."""
        self.choose(combatant)
        check = self.record(lambda: self.encounter.surprise_check(combatant, roll=roll))
        self.put_items("result", {"success": not check.surprised})

    @panel_command
    def roll_ap(self, dice: Dice | None = None) -> None:
        """Roll the AP dice of whoever's turn it is (``dice``: physical dice)."""
        current = self.encounter.current
        if current is None:
            raise RuleError("AP dice are rolled at the start of a turn: it is nobody's turn.")
        ap = self.record(lambda: self.encounter.roll_ap(current, dice=dice))
        self.put_items("result", {"success": ap > 0})

    def _odds(self) -> dict[str, Any]:
        enc = self.encounter
        chosen = self.state["selection"].get("combatant")
        if chosen not in enc.names:
            chosen = next(iter(enc.names), None)
        preview: dict[str, Any] = {"surprise": None, "ap": None}
        if chosen is not None:
            surprise = enc.surprise_preview(chosen)
            preview["surprise"] = {
                "combatant": surprise.name,
                "awareness": surprise.awareness,
                "modifier": surprise.modifier,
                "surprised": exact(surprise.surprised),
                "distribution": bars(surprise.penalties),
            }
        current = enc.current
        if current is not None and enc.ap(current) is None:
            ap = enc.ap_preview(current)
            preview["ap"] = {
                "combatant": ap.name,
                "turn": f"{possessive(ap.name)} turn",
                "agb": ap.agb,
                "penalty": ap.penalty,
                "distribution": bars(ap.ap),
            }
        return preview
