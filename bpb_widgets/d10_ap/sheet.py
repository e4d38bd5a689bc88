"""The d10-ap character sheet (seed 003): agility and awareness bonuses, traits, an initiative
bonus."""

from __future__ import annotations

from dataclasses import dataclass

from bpb_widgets.d10_ap import rules as d10
from bpb_widgets.engine.checks import check_flag, check_name, check_side, check_whole
from bpb_widgets.errors import RuleError


@dataclass(frozen=True, slots=True)
class D10Combatant:
    """A combatant under the d10-ap house rule: agility bonus (AgB, also the number of AP dice),
    awareness bonus (AwarB), surprise traits and any initiative bonus."""

    name: str
    agb: int = 3
    awarb: int = 3
    traits: frozenset[str] = frozenset()
    initiative_bonus: int = 0
    group: bool = False
    aware: bool = True
    #: Which side they fight on ("heroes", "villains", any name).
    side: str = ""

    def summary(self) -> str:
        traits = f"; {', '.join(sorted(self.traits))}" if self.traits else ""
        bonus = f"; initiative {self.initiative_bonus:+d}" if self.initiative_bonus else ""
        return f"AgB {self.agb}, AwarB {self.awarb}{traits}{bonus}"

    def to_dict(self) -> dict[str, object]:
        return {
            "agb": self.agb,
            "awarb": self.awarb,
            "traits": sorted(self.traits),
            "initiative_bonus": self.initiative_bonus,
            "group": self.group,
            "aware": self.aware,
            "side": self.side,
        }


def make_sheet(
    name: object,
    *,
    agb: object = 3,
    awarb: object = 3,
    traits: object = None,
    initiative_bonus: object = 0,
    group: object = False,
    aware: object = True,
    side: object = "",
) -> D10Combatant:
    """A checked d10-ap sheet; unknown traits are refused (seed 003). AgB 0 rolls no AP dice and
    has 1 AP a turn ("Turns"); bonuses go up to :data:`~bpb_widgets.d10_ap.rules.MAX_BONUS`."""
    name = check_name(name)
    if isinstance(traits, str):
        raise RuleError(f"{name}'s traits are a set such as {{'paranoid'}}, not {traits!r}.")
    chosen = d10.check_traits(() if traits is None else traits)
    d10.surprise_modifier(chosen)  # refuses clashing traits
    return D10Combatant(
        name,
        check_whole(agb, f"{name}'s agility bonus (AgB)", low=0, high=d10.MAX_BONUS),
        check_whole(awarb, f"{name}'s awareness bonus (AwarB)", low=0, high=d10.MAX_BONUS),
        chosen,
        d10.check_initiative_bonus(initiative_bonus, f"{name}'s initiative bonus"),
        check_flag(group, "group"),
        check_flag(aware, "aware"),
        check_side(side),
    )


#: What a d10-ap sheet holds besides the name (``add(name, ...)``).
SHEET_FIELDS = tuple(f for f in D10Combatant.__dataclass_fields__ if f != "name")
