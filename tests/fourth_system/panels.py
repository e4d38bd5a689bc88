"""The pebbles rules' one GM screen part: who throws at whom, and the last throw (drawn by
``pebbles.js`` beside this module, which the widget sends to the front end)."""

from __future__ import annotations

from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._commands import panel_command
from bpb_widgets.widgets._host import Delta, Part
from tests.fourth_system.system import Pebbles


class PebblesPart(Part[Pebbles]):
    """Throw a pebble: the current combatant at the chosen target."""

    key = "pebbles"
    title = "Throw a pebble"
    role = "attack"
    encounter_type = Pebbles

    def refresh(self, delta: Delta | None) -> None:
        enc = self.encounter
        if delta is None:
            self.put("result", {})
        else:
            self.follow_result()
        self.put("current", enc.current)
        standing = [n for n in enc.names if not enc.turn_state(n).out]
        self.put("targets", [n for n in standing if n != enc.current])

    @panel_command
    def throw(self, target: str, roll: int | None = None) -> None:
        """The current combatant throws at ``target`` (``roll``: a physical d6)."""
        current = self.encounter.current
        if current is None:
            raise RuleError("Start the fight first: nobody is throwing.")
        hit = self.record(lambda: self.encounter.throw(current, target, roll=roll))
        self.put_items("result", {"success": hit})


PARTS = (PebblesPart,)
