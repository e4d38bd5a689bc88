"""TurnOrderStrip: the round and the order of play as chips, with the buttons that run a turn."""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._base import STATIC, Delta, EncounterWidget, Message, shown, where


class TurnOrderStrip(EncounterWidget):
    """Whose turn it is, who has acted, delayed, lost a turn to a forced action or is unaware.

    Buttons: Roll order and Start (before the fight), End turn, Delay, Take delayed turn (per
    holder), Undo, Redo; chips can be dragged (or moved with Alt+arrow keys) to declare the order.
    """

    _esm = STATIC / "turn_order_strip.js"

    round = traitlets.Int(0).tag(sync=True)
    current = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    order = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: name -> turn state record (see ``_record``); edited in place and sent as patches.
    states = traitlets.Dict().tag(sync=True)
    environment = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: Order changes from extreme blocks and dodges, explained.
    revisions = traitlets.List(traitlets.Unicode()).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_redo = traitlets.Bool(False).tag(sync=True)

    commands: ClassVar[tuple[str, ...]] = (
        "roll_order",
        "start",
        "end_turn",
        "delay",
        "take_delayed",
        "undo",
        "redo",
        "set_order",
    )

    def __repr__(self) -> str:
        enc = self.encounter
        return f"TurnOrderStrip({where(enc)}, {len(enc.names)} combatants)"

    def _cmd_roll_order(self, _msg: Message) -> None:
        self.encounter.roll_order()

    def _cmd_start(self, _msg: Message) -> None:
        self.encounter.start()

    def _cmd_set_order(self, msg: Message) -> None:
        names = msg.get("names")
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise RuleError(f"set_order needs a list of names; got {shown(names)}.")
        self.encounter.set_order(names)

    def _update(self, delta: Delta | None) -> None:
        enc = self.encounter
        self.round = enc.round
        self.current = enc.current
        if delta is None or delta.order or delta.roster:
            self.order = list(enc.order)
        self.environment = list(enc.environment_notes)
        self.revisions = [text for _attacker, _defender, text in enc.revisions]
        self.can_undo, self.can_redo = enc.can_undo, enc.can_redo
        if delta is None:
            self.states = {name: self._record(name, None) for name in enc.names}
        else:
            records: dict[str, Any] = {}
            if delta.roster:
                records = dict.fromkeys(set(self.states) - set(enc.names))
            names = enc.names if delta.roster else delta.touched
            records.update((n, self._record(n, self.states.get(n))) for n in names)
            self._patch_dict("states", records)

    def _record(self, name: str, old: dict[str, Any] | None) -> dict[str, Any]:
        """What a chip shows. ``acted`` is the round the combatant last acted in, so starting a new
        round changes no record: the front end compares it with ``round``."""
        enc = self.encounter
        turn = enc.turn_state(name)
        acted = old["acted"] if old else 0
        if turn.acted:
            acted = enc.round
        elif acted == enc.round:
            acted = 0
        return {
            "group": enc.combatant(name).group,
            "aware": turn.aware,
            "acted": acted,
            "delaying": turn.delaying,
            "lost": [[lost_round, reason] for lost_round, reason in turn.lost],
            "defending": turn.defending,
            "defended": turn.defended,
        }
