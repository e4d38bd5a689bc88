"""The order of play: the round, whose turn it is, every combatant's place as a chip, and the
buttons that run a turn (``js/panels/strip.js``)."""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from bpb_widgets.engine import ActionPointDice, Encounter, TurnState
from bpb_widgets.engine.dice import Dice
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._commands import panel_command
from bpb_widgets.widgets._host import Delta, UndoingPart
from bpb_widgets.widgets.panels.payloads import conditions
from bpb_widgets.widgets.panels.state import StripState

#: Turn state fields a chip does not show, left out of its record: what a roster's card shows
#: (out of the fight or defeated, hidden, a group's members, plot points bought), or drawn from
#: elsewhere (``skipped``, ``acted``). A 500-combatant strip's first sync is 40 % smaller.
NOT_ON_A_CHIP = frozenset(
    {
        "name",
        "current",
        "conditions",
        "last_acted",
        "out",
        "defeated",
        "hidden",
        "members",
        "forced_this_round",
        "automatic_success",
        "boosts",
    }
)
#: What a chip takes for granted, left out of its record when so (the front end reads a missing
#: key as this): a 500-combatant strip's first sync is 21 KB, not 84 KB.
CHIP_DEFAULTS: dict[str, object] = {
    "acted": 0,
    "aware": True,
    "conditions": [],
    "defended": 0,
    "defending": None,
    "delaying": False,
    "group": False,
    "lost": [],
    "side": "",
    "skipped": None,
}
_SHOWN = object()  # no default: always in the record


def skipped(encounter: Encounter[Any], turn: TurnState, acted: bool) -> str | None:
    """Why a combatant gets no turn this round, in words, or None."""
    if turn.out:
        return "out of the fight"
    if not turn.aware:
        return "not aware of the fight yet"
    lost = getattr(turn, "lost", ())
    if any(r == encounter.round for r, _ in lost) and not acted:
        return "gave up this round's turn"
    return None


class StripPart(UndoingPart[Encounter[Any]]):
    """Whose turn it is, who has acted, delayed, lost a turn, is unaware or out of the fight (and
    why they are skipped); Roll order and Start before the fight, End turn, Delay, Take delayed
    turn, Undo and Redo during it; chips dragged (or moved with Alt+arrow keys) declare the order.
    What else it offers follows the encounter's ``controls`` (delaying to a step, AP dice)."""

    key = "strip"
    state_type = StripState
    title = "Order of play"

    def refresh(self, delta: Delta | None) -> None:
        enc = self.encounter
        # a new round (or one undone) changes everyone's "acted", lost turns and skips
        every = delta is None or delta.roster or delta.order or self.state["round"] != enc.round
        if delta is None:
            self.put("controls", asdict(enc.controls))
        self.put("round", enc.round)
        self.put("current", enc.current)
        self.put("turn", f"{possessive(enc.current)} turn" if enc.current else "")
        self.put("order", enc.order)  # initiative rolled before the start reorders too
        self.put("environment", list(enc.environment_notes))
        self.put("changes", list(enc.order_changes))
        self.put("can_undo", enc.can_undo)
        self.put("can_redo", enc.can_redo)
        self.put("order_from", self._order_from())
        if delta is None:
            self.put("states", {name: self._record(name) for name in enc.names})
            return
        records: dict[str, Any] = {}
        if delta.roster:
            records = dict.fromkeys(set(self.state["states"]) - set(enc.names))
        # a new round or a re-slotting can change everyone's place, initiative and AP
        names = enc.names if every else delta.touched & set(enc.names)
        records.update((name, self._record(name)) for name in names)
        self.put_items("states", records)

    def _order_from(self) -> int:
        """The round an order declared now applies from (0: at once, before the fight): the
        system says where its rules let it apply to the round under way."""
        declared = getattr(self.encounter, "declared_order_round", None)
        if declared is not None:
            applies: int = declared()
            return applies
        return self.encounter.round + 1 if self.encounter.started else 0

    def _record(self, name: str) -> dict[str, Any]:
        """What a chip shows: the turn state (each system's own fields but ``NOT_ON_A_CHIP``),
        the side, the group, the round the combatant last acted in (0: not this round), and why
        they are skipped; the keys at their ``CHIP_DEFAULTS`` left out."""
        enc = self.encounter
        turn = enc.turn_state(name)
        record = {
            field.name: getattr(turn, field.name)
            for field in fields(turn)
            if field.name not in NOT_ON_A_CHIP
        }
        sheet = enc.combatant(name)
        record.update(
            acted=turn.last_acted,
            group=sheet.group,
            side=getattr(sheet, "side", ""),
            conditions=conditions(turn),
            skipped=skipped(enc, turn, turn.acted),
            lost=[list(lost) for lost in record.get("lost", ())],
        )
        return {
            key: value for key, value in record.items() if CHIP_DEFAULTS.get(key, _SHOWN) != value
        }

    # -- commands ----------------------------------------------------------------------------

    @panel_command
    def roll_order(self) -> None:
        """Settle the order of play with the rule set's dice."""
        self.encounter.roll_order()

    @panel_command
    def start(self) -> None:
        self.encounter.start()

    @panel_command
    def end_turn(self) -> None:
        self.encounter.end_turn()

    @panel_command
    def delay(self, to: int | None = None) -> None:
        """Delay the current turn (to a step, under initiative steps)."""
        self.encounter.delay(to)

    @panel_command
    def take_delayed(self, name: str) -> None:
        self.encounter.take_delayed(name)

    @panel_command
    def set_order(self, names: list[str]) -> None:
        """Declare the order of play (from the next round, during the fight)."""
        self.encounter.set_order(names)

    @panel_command
    def roll_ap(self, dice: Dice | None = None) -> None:
        """Roll the current combatant's action-point dice."""
        enc, name = self._ap_dice()
        enc.roll_ap(name, dice=dice)

    @panel_command
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
