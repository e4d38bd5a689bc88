"""Block or dodge an attack with the arithmetic, odds and cost shown first (seed 000,
"Blocking", "Dodging") (``defense.js``)."""

from __future__ import annotations

from typing import Any, get_args

from bpb_widgets.bpb import BulletproofBlues, DefenseKind
from bpb_widgets.bpb.panels.payloads import DEFAULT_RANK, defense_payload, ranks
from bpb_widgets.bpb.panels.state import DefenseState
from bpb_widgets.engine.dice import Dice
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._commands import panel_command
from bpb_widgets.widgets._host import Delta, Part

KINDS: tuple[DefenseKind, ...] = get_args(DefenseKind)


class DefensePart(Part[BulletproofBlues]):
    """Attacker, attack rank and defender; Block or Dodge. Before the roll, for both defenses: the
    difficulty arithmetic (expertise, +1 per attack after the first), the exact odds and the
    consequence ("uses Monolith's turn in round 2"); after it, the explained result and any change
    to the order of play."""

    key = "defense"
    state_type = DefenseState
    title = "Block or dodge"
    role = "defense"
    encounter_type = BulletproofBlues

    def refresh(self, delta: Delta | None) -> None:
        enc = self.encounter
        if delta is None:
            self.put("ranks", ranks())
            self.put("selection", {})
            self.put("preview", {})
            self.put("result", {})
        else:
            self.follow_result()
            self.forget_the_gone()
        if delta is None or delta.roster:
            self.put("names", enc.names)
        self.put("current", enc.current)
        self._follow_hit()
        if self.state["selection"]:
            self.put("preview", self._preview())

    def _follow_hit(self) -> None:
        """The hit waiting for an answer fills the selection (its attacker, rank and target);
        once answered, the selection stays as a free-standing defense."""
        hit = self.encounter.pending_attack
        selection = self.state["selection"]
        if hit is not None:
            waiting = {"attacker": hit.attacker, "defender": hit.target, "rank": hit.rank}
            if selection != {**waiting, "hit": True}:
                self.put("selection", {**waiting, "hit": True})
        elif selection.get("hit"):
            self.put("selection", {**selection, "hit": False})

    @panel_command
    def choose(
        self, attacker: str | None = None, defender: str | None = None, rank: int | None = None
    ) -> None:
        """Preview both defenses of ``defender`` against ``attacker``'s attack of ``rank`` (the
        hit waiting, while one waits). The front end sends only what the GM changed, the rest
        staying as chosen (at first: whoever acts now against the next in the roster, at the
        typed rank's start), so a change never carries back another control's older value. An
        attacker chosen in the defender's place leaves the defender to the next in the roster."""
        enc = self.encounter
        chosen = self.state["selection"]
        if attacker is None:
            attacker = chosen.get("attacker") or enc.current
        attacker = self._name(attacker, "the attacker")
        if defender is None and chosen.get("defender") not in (None, attacker):
            defender = chosen["defender"]
        if defender is None:
            defender = next((name for name in enc.names if name != attacker), None)
        defender = self._name(defender, "who defends")
        rank = chosen.get("rank", DEFAULT_RANK) if rank is None else rank
        hit = enc.pending_attack
        waiting = hit is not None and (hit.attacker, hit.target, hit.rank) == (
            attacker,
            defender,
            rank,
        )
        self.put(
            "selection", {"attacker": attacker, "defender": defender, "rank": rank, "hit": waiting}
        )
        self.put("preview", self._preview())

    def _name(self, name: str | None, who: str) -> str:
        """The roster's spelling of ``name``, a combatant of the fight (None: ``who`` is to be
        chosen first)."""
        if name is None:
            raise RuleError(f"Choose {who} first.")
        return self.encounter.combatant(name).name

    @panel_command
    def block(self, dice: Dice | None = None) -> None:
        """The chosen defender blocks (``dice``: physical dice)."""
        self._defend("block", dice)

    @panel_command
    def dodge(self, dice: Dice | None = None) -> None:
        """The chosen defender dodges (``dice``: physical dice)."""
        self._defend("dodge", dice)

    def _defend(self, kind: DefenseKind, dice: Dice | None) -> None:
        enc = self.encounter
        s = self.state["selection"]
        if not s:
            raise RuleError("Choose the attacker, the attack's rank and who defends first.")
        roll = enc.block if kind == "block" else enc.dodge
        result = self.record(lambda: roll(s["defender"], **self._against(s), dice=dice))
        self.put_items(
            "result",
            {
                "kind": kind,
                "success": result.success,
                "extreme": result.extreme,
                "revision": enc.revisions[-1][2] if result.revised else None,
            },
        )

    @staticmethod
    def _against(s: dict[str, Any]) -> dict[str, Any]:
        """The attack a defense is against: the hit waiting (nothing to name) or the chosen one."""
        return {} if s.get("hit") else {"attacker": s["attacker"], "rank": s["rank"]}

    def _preview(self) -> dict[str, Any]:
        s = self.state["selection"]
        previews: dict[str, Any] = {}
        for kind in KINDS:
            try:
                previews[kind] = defense_payload(
                    self.encounter.defense_preview(kind, s["defender"], **self._against(s))
                )
            except RuleError as exc:
                previews[kind] = {"refused": str(exc)}
        return previews
