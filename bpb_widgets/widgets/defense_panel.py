"""DefensePanel: block or dodge an attack, with the arithmetic, odds and cost shown first."""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._base import (
    STATIC,
    Delta,
    EncounterWidget,
    Message,
    dice_arg,
    int_arg,
    text_arg,
)
from bpb_widgets.widgets._odds import odds_payload

KINDS = ("block", "dodge")


class DefensePanel(EncounterWidget):
    """Attacker, attack rank and defender; Block or Dodge.

    Before the roll it shows, for both defences, the difficulty arithmetic (expertise, +1 per
    attack after the first), the exact odds and the consequence ("uses Monolith's turn in round
    2"); after it, the explained result and any change to the order of play.
    """

    _esm = STATIC / "defense_panel.js"

    names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    current = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    #: The choice being previewed: ``{"attacker", "defender", "rank"}``.
    selection = traitlets.Dict().tag(sync=True)
    #: ``{"block": {...} | {"refused": text}, "dodge": ...}`` for the selection.
    preview = traitlets.Dict().tag(sync=True)
    #: The last roll: ``{"kind", "text", "success", "extreme", "revision"}``.
    result = traitlets.Dict().tag(sync=True)

    commands: ClassVar[tuple[str, ...]] = ("preview", "block", "dodge", "undo", "redo")
    systems: ClassVar[tuple[str, ...]] = ("bpb2e",)

    def __repr__(self) -> str:
        last = self.result.get("text") or "no defence rolled yet"
        return f"DefensePanel({len(self.encounter.names)} combatants; {last[:60]})"

    def _cmd_preview(self, msg: Message) -> None:
        self.selection = _selection(msg)
        self.preview = self._preview()

    def _cmd_block(self, msg: Message) -> None:
        self._defend("block", msg)

    def _cmd_dodge(self, msg: Message) -> None:
        self._defend("dodge", msg)

    def _defend(self, kind: str, msg: Message) -> None:
        selection = _selection(msg)
        dice = dice_arg(msg)
        roll = getattr(self.encounter, kind)
        result = roll(
            selection["defender"], attacker=selection["attacker"], rank=selection["rank"], dice=dice
        )
        self.selection = selection
        self.result = {
            "kind": kind,
            "text": result.text,
            "success": result.success,
            "extreme": result.extreme,
            "revision": self.encounter.revisions[-1][2] if result.revised else None,
        }

    def _update(self, delta: Delta | None) -> None:
        enc = self.encounter
        if delta is None or delta.roster:
            self.names = enc.names
        self.current = enc.current
        if self.selection:
            self.preview = self._preview()

    def _preview(self) -> dict[str, Any]:
        return {kind: self._preview_one(kind) for kind in KINDS}

    def _preview_one(self, kind: str) -> dict[str, Any]:
        s = self.selection
        try:
            p = self.encounter.defence_preview(
                kind, s["defender"], attacker=s["attacker"], rank=s["rank"]
            )
        except RuleError as exc:
            return {"refused": str(exc)}
        return {
            "attribute_name": p.attribute_name,
            "attribute": p.attribute,
            "bonus": p.bonus,
            "rank": p.rank,
            "continued": p.continued,
            "consequence": p.consequence,
            "forced": p.forced,
            **odds_payload(p.odds),
        }


def _selection(msg: Message) -> dict[str, Any]:
    return {
        "attacker": text_arg(msg, "attacker"),
        "defender": text_arg(msg, "defender"),
        "rank": int_arg(msg, "rank"),
    }
