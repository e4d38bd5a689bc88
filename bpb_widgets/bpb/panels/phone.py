"""Bulletproof Blues for a player's own page (a phone, ``bpb_widgets.player.actions``): the
answers to a hit, exactly as the attack panel offers the GM (its preview of each answer with its
odds and cost, ``AttackPart._answers``), and the attacks on the player's turn with the odds the
attack panel previews (``AttackPart._preview``); the same engine commands its Answer and Attack
buttons run. No rule is copied here."""

from __future__ import annotations

from typing import Any

from bpb_widgets.bpb import BulletproofBlues
from bpb_widgets.bpb.panels.attack import AttackPart
from bpb_widgets.bpb.panels.payloads import plot_offer
from bpb_widgets.engine import Encounter
from bpb_widgets.engine.dice import check_dice
from bpb_widgets.errors import RuleError

#: The answers a phone offers, by the attack panel's key, with their buttons' names.
OFFERED = {"block": "Block", "dodge": "Dodge", "cover": "Dive for cover", "take": "Take the hit"}


def _part(enc: BulletproofBlues, selection: dict[str, Any] | None = None) -> AttackPart:
    """An attack panel with no screen on ``enc`` (its ``selection``: who attacks whom with
    what), whose previews are read."""
    part = AttackPart.__new__(AttackPart)
    part.encounter = enc
    part.state = {"error": "", "selection": selection or {}}
    return part


def _preview(enc: BulletproofBlues) -> dict[str, Any]:
    """The attack panel's answers to the hit waiting, computed by the panel's own code."""
    return _part(enc)._answers()


class Answers:
    """``HitAnswers`` for Bulletproof Blues."""

    def offer(self, enc: Encounter[Any], name: str) -> dict[str, Any] | None:
        assert isinstance(enc, BulletproofBlues)
        hit = enc.pending_attack
        if hit is None or hit.target != name:
            return None
        if hit.roll.extreme and hit.effect is None and hit.kind != "exploding":
            return None  # the attacker's side chooses the extreme success's effect first
        answers = _preview(enc)
        offered = [key for key in OFFERED if "refused" not in answers.get(key, {"refused": ""})]
        return {
            "attacker": hit.attacker,
            "power": hit.power,
            "rank": hit.rank,
            "offered": offered,
            "labels": OFFERED,
            # the plot points they may spend on a block's or dodge's automatic success, as the
            # attack panel offers them to the GM
            "plot": plot_offer(enc, name),
            **{key: answers[key] for key in OFFERED if key in answers},
        }

    def command(
        self,
        enc: Encounter[Any],
        name: str,
        how: str,
        dice: list[int] | None,
        plot_point: bool = False,
    ) -> tuple[str, dict[str, Any]]:
        power = _preview(enc).get("power") if isinstance(enc, BulletproofBlues) else None
        if how in ("block", "dodge"):
            if dice is not None:
                check_dice(dice)  # refused as it is sent, not when the GM confirms it
            args = {"defender": name, "power": power, "dice": dice, "plot_point": plot_point}
            return how, args
        if plot_point:
            raise RuleError(f"A plot point buys a roll's success; there is no roll to {how}.")
        if dice is not None:
            raise RuleError(f"There is no roll to {OFFERED.get(how, how).lower()}.")
        if how == "cover":
            return "dive_for_cover", {"name": name}
        if how == "take":
            return "take_hit", {"target": name}
        raise RuleError(f"A hit is answered by block, dodge, cover or take; not {how!r:.20}.")


class Attacks:
    """``TurnAttacks`` for Bulletproof Blues: the sheet's attacks (an exploding one is the GM's
    to set up: it catches several), each at each target with the odds the attack panel shows the
    GM for that choice (without its chart)."""

    def offer(self, enc: Encounter[Any], name: str, targets: list[str]) -> dict[str, Any] | None:
        assert isinstance(enc, BulletproofBlues)
        attacks = [p for p in enc.combatant(name).attacks if p.kind != "exploding"]
        if not attacks or not targets or enc.pending_attack is not None:
            return None  # nothing to attack with, nobody to attack, or a hit to resolve first
        odds = {
            power.name: {
                target: {
                    key: value
                    for key, value in _part(
                        enc, {"attacker": name, "target": target, "power": power.name}
                    )
                    ._preview()
                    .items()
                    if key != "distribution"
                }
                for target in targets
            }
            for power in attacks
        }
        return {
            "attacks": [power.to_dict() for power in attacks],
            "targets": targets,
            "sides": {target: enc.side_of(target) for target in targets},
            "odds": odds,
        }

    def command(
        self,
        enc: Encounter[Any],
        name: str,
        attack: str,
        target: str,
        dice: list[int] | None,
        plot_point: bool = False,
    ) -> tuple[str, dict[str, Any]]:
        if dice is not None:
            check_dice(dice)
        selection = {"attacker": name, "target": target, "power": attack}
        args = AttackPart._arguments(selection)
        return "attack", {**args, "dice": dice, "plot_point": plot_point}
