"""DefensePanel: block or dodge an attack, with the arithmetic, odds and cost shown first."""

from __future__ import annotations

from typing import Any, get_args

import traitlets

from bpb_widgets.bpb import BulletproofBlues, DefenseKind
from bpb_widgets.engine.dice import Dice
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._base import STATIC, Delta, EncounterWidget, Selection
from bpb_widgets.widgets._commands import command
from bpb_widgets.widgets._odds import odds_payload

KINDS: tuple[DefenseKind, ...] = get_args(DefenseKind)


class DefensePanel(EncounterWidget[BulletproofBlues]):
    """Attacker, attack rank and defender; Block or Dodge.

    Before the roll it shows, for both defenses, the difficulty arithmetic (expertise, +1 per
    attack after the first), the exact odds and the consequence ("uses Monolith's turn in round
    2"); after it, the explained result and any change to the order of play.
    """

    _esm = STATIC / "defense_panel.js"
    encounter_type = BulletproofBlues

    names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    current = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    #: The choice being previewed: ``{"attacker", "defender", "rank"}``.
    selection = Selection(
        attacker=traitlets.Unicode(), defender=traitlets.Unicode(), rank=traitlets.Int()
    ).tag(sync=True)
    #: ``{"block": {...} | {"refused": text}, "dodge": ...}`` for the selection.
    preview = traitlets.Dict().tag(sync=True)
    #: The last roll: ``{"kind", "text", "success", "extreme", "revision"}``.
    result = traitlets.Dict().tag(sync=True)

    def __repr__(self) -> str:
        last = self.result.get("text") or "no defense rolled yet"
        return f"DefensePanel({len(self.encounter.names)} combatants; {last[:60]})"

    @command
    def choose(self, attacker: str, defender: str, rank: int) -> None:
        """Preview both defenses of ``defender`` against ``attacker``'s attack of ``rank``."""
        self.selection = {"attacker": attacker, "defender": defender, "rank": rank}
        self.preview = self._preview()

    @command
    def block(self, attacker: str, defender: str, rank: int, dice: Dice | None = None) -> None:
        """``defender`` blocks (``dice``: physical dice)."""
        self._defend("block", attacker, defender, rank, dice)

    @command
    def dodge(self, attacker: str, defender: str, rank: int, dice: Dice | None = None) -> None:
        """``defender`` dodges (``dice``: physical dice)."""
        self._defend("dodge", attacker, defender, rank, dice)

    def _defend(
        self, kind: DefenseKind, attacker: str, defender: str, rank: int, dice: Dice | None
    ) -> None:
        enc = self.encounter
        roll = enc.block if kind == "block" else enc.dodge
        result = roll(defender, attacker=attacker, rank=rank, dice=dice)
        self.selection = {"attacker": attacker, "defender": defender, "rank": rank}
        self._show(
            "result",
            {
                "kind": kind,
                "text": result.text,
                "success": result.success,
                "extreme": result.extreme,
                "revision": enc.revisions[-1][2] if result.revised else None,
            },
        )

    def _update(self, delta: Delta | None) -> None:
        enc = self.encounter
        if delta is None or delta.roster:
            self.names = enc.names
        self.current = enc.current
        if self.selection:
            self.preview = self._preview()

    def _preview(self) -> dict[str, Any]:
        return {kind: self._preview_one(kind) for kind in KINDS}

    def _preview_one(self, kind: DefenseKind) -> dict[str, Any]:
        s = self.selection
        try:
            p = self.encounter.defense_preview(
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
