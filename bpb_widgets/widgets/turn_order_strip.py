"""TurnOrderStrip: the round and the order of play as chips, with the buttons that run a turn."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import traitlets

from bpb_widgets.engine import ActionPointDice, Encounter
from bpb_widgets.engine.dice import Dice
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._base import STATIC, Delta, EncounterWidget, where
from bpb_widgets.widgets._commands import command


class TurnOrderStrip(EncounterWidget[Encounter[Any]]):
    """Whose turn it is, who has acted, delayed, lost a turn to a forced action or is unaware.

    Buttons: Roll order and Start (before the fight), End turn, Delay, Take delayed turn (per
    holder), Undo, Redo; chips can be dragged (or moved with Alt+arrow keys) to declare the order.

    What else it offers follows the encounter's ``controls``: under initiative steps each chip
    shows its step and action points as pips and Delay asks for the step to delay to; with
    action-point dice, Roll AP and Spend AP run the current turn.
    """

    _esm = STATIC / "turn_order_strip.js"

    #: The encounter class's ``Controls``: which buttons the strip shows.
    controls = traitlets.Dict().tag(sync=True)
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

    def __repr__(self) -> str:
        enc = self.encounter
        return f"TurnOrderStrip({where(enc)}, {len(enc.names)} combatants)"

    @command
    def roll_order(self) -> None:
        """Settle the order of play with the rule set's dice."""
        self.encounter.roll_order()

    @command
    def start(self) -> None:
        self.encounter.start()

    @command
    def end_turn(self) -> None:
        self.encounter.end_turn()

    @command
    def delay(self, to: int | None = None) -> None:
        """Delay the current turn (to a step, under initiative steps)."""
        self.encounter.delay(to)

    @command
    def take_delayed(self, name: str) -> None:
        self.encounter.take_delayed(name)

    @command
    def set_order(self, names: list[str]) -> None:
        self.encounter.set_order(names)

    @command
    def roll_ap(self, dice: Dice | None = None) -> None:
        """Roll the current combatant's action-point dice."""
        enc, name = self._ap_dice()
        enc.roll_ap(name, dice=dice)

    @command
    def spend_ap(self, ap: int = 1, action: str = "") -> None:
        """Spend the current combatant's action points."""
        enc, name = self._ap_dice()
        enc.spend_ap(name, ap, action)

    def _ap_dice(self) -> tuple[ActionPointDice, str]:
        enc = self.encounter
        if not isinstance(enc, ActionPointDice):
            raise RuleError(f"The {enc.rules.name} rules roll no action-point dice.")
        current = enc.current
        if current is None:
            raise RuleError("It is nobody's turn.")
        return enc, current

    def _update(self, delta: Delta | None) -> None:
        enc = self.encounter
        if delta is None:
            self.controls = asdict(enc.controls)
        # a record can depend on the round (forced this round, a delay to a step this round):
        # when the round changes, every record is looked at again (only changed ones are sent)
        new_round = enc.round != self.round
        self.round = enc.round
        self.current = enc.current
        order = enc.order  # initiative rolled before the start reorders it too
        if order != self.order:  # a long list is validated only when it changed
            self.order = order
        self.environment = list(enc.environment_notes)
        self.revisions = [text for _attacker, _defender, text in enc.revisions]
        self.can_undo, self.can_redo = enc.can_undo, enc.can_redo
        if delta is None:
            self.states = {name: self._record(name) for name in enc.names}
        else:
            records: dict[str, Any] = {}
            if delta.roster:
                records = dict.fromkeys(set(self.states) - set(enc.names))
            # a new round or a re-slotting can change everyone's initiative and action points
            everyone = delta.roster or delta.order or new_round
            names = enc.names if everyone else delta.touched
            records.update((n, self._record(n)) for n in names)
            self._patch_dict("states", records)

    def _record(self, name: str) -> dict[str, Any]:
        """What a chip shows: a function of the encounter's state alone. ``acted`` is the round
        the combatant last acted in, so starting a new round changes no record: the front end
        compares it with ``round``."""
        enc = self.encounter
        turn = enc.turn_state(name)
        acted = enc.round if turn.acted else turn.last_acted
        if acted == enc.round and not turn.acted:
            acted = 0
        record = {
            key: value
            for key, value in asdict(turn).items()
            if key not in ("name", "current", "last_acted")
        }
        record.update(group=enc.combatant(name).group, acted=acted)
        record["lost"] = [list(lost) for lost in record.get("lost", ())]
        return record
