"""The blackout character sheet (seed 002, "Initiative", "Damage", "Evasion"): a player character
rolls initiative, an enemy has a fixed step and action points; hit points, damage resistance,
armor, evasion and stamina."""

from __future__ import annotations

from dataclasses import dataclass

from bpb_widgets.blackout import rules as blackout
from bpb_widgets.engine.checks import check_flag, check_name, check_side, check_whole
from bpb_widgets.errors import RuleError


@dataclass(frozen=True, slots=True)
class BlackoutCombatant:
    """A combatant under the blackout rules: a player character rolls 1-3 initiative dice; an
    enemy has a fixed ``step`` and ``ap`` (at least 3). Hit points, damage resistance (temporary
    hit points), armor value, evasion rank (and its encumbrance cap) and stamina."""

    name: str
    pc: bool = True
    step: int | None = None
    ap: int | None = None
    hp: int = 10
    dr: int = 0
    armor: int = 0
    evasion: int = 0
    evasion_cap: int | None = None
    stamina: int = 0
    group: bool = False
    aware: bool = True
    #: Which side they fight on ("heroes", "villains", any name).
    side: str = ""

    def summary(self) -> str:
        who = "player character" if self.pc else f"enemy, step {self.step}, {self.ap} AP"
        cap = f" (cap {self.evasion_cap})" if self.evasion_cap is not None else ""
        return (
            f"{who}; HP {self.hp}, DR {self.dr}, armor {self.armor}, evasion {self.evasion}"
            f"{cap}, stamina {self.stamina}"
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "pc": self.pc,
            "step": self.step,
            "ap": self.ap,
            "hp": self.hp,
            "dr": self.dr,
            "armor": self.armor,
            "evasion": self.evasion,
            "evasion_cap": self.evasion_cap,
            "stamina": self.stamina,
            "group": self.group,
            "aware": self.aware,
            "side": self.side,
        }


def make_sheet(
    name: object,
    *,
    pc: object = True,
    step: object = None,
    ap: object = None,
    hp: object = 10,
    dr: object = 0,
    armor: object = 0,
    evasion: object = 0,
    evasion_cap: object = None,
    stamina: object = 0,
    group: object = False,
    aware: object = True,
    side: object = "",
) -> BlackoutCombatant:
    """A checked blackout sheet; an enemy needs its fixed step and at least 3 AP (seed 002,
    "Initiative")."""
    name = check_name(name)
    pc, group, aware = (
        check_flag(v, w) for v, w in ((pc, "pc"), (group, "group"), (aware, "aware"))
    )
    if pc and (step is not None or ap is not None):
        raise RuleError(
            f"{name} is a player character: their step and action points come from "
            "roll_initiative (1-3 dice), not from the GM."
        )
    if not pc:
        if step is None:
            raise RuleError(f"Enemies have a fixed initiative step set by the GM: give {name} one.")
        fixed = blackout.enemy_initiative(step, blackout.ENEMY_MIN_AP if ap is None else ap)
        step, ap = fixed.step, fixed.ap
    cap = blackout.MAX_EVASION
    return BlackoutCombatant(
        name,
        pc,
        step,  # type: ignore[arg-type]
        ap,  # type: ignore[arg-type]
        check_whole(hp, f"{name}'s hit points", low=1, high=blackout.MAX_HP),
        check_whole(dr, f"{name}'s damage resistance", high=blackout.MAX_HP),
        check_whole(armor, f"{name}'s armor value", high=blackout.MAX_ARMOR),
        check_whole(evasion, f"{name}'s evasion rank", high=cap),
        None
        if evasion_cap is None
        else check_whole(evasion_cap, f"{name}'s evasion cap", high=cap),
        check_whole(stamina, f"{name}'s stamina", high=blackout.MAX_STAMINA),
        group,
        aware,
        check_side(side),
    )


#: What a blackout sheet holds besides the name (``add(name, ...)``).
SHEET_FIELDS = tuple(f for f in BlackoutCombatant.__dataclass_fields__ if f != "name")
