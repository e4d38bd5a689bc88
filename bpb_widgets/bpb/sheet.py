"""The Bulletproof Blues character sheet: what the order of play, task rolls, defenses and attacks
read (seed 004)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from bpb_widgets.bpb.rules.combat import protection as rules_protection
from bpb_widgets.bpb.rules.ranks import HUMAN_AVERAGE, MAX_RANK, check_rank
from bpb_widgets.engine.checks import check_distance, check_flag, check_name
from bpb_widgets.errors import RuleError

#: The attributes seed 004 names (Rolling Dice, Order Of Play, Blocking, Dodging, Damage...).
ATTRIBUTES = ("agility", "brawn", "endurance", "perception", "prowess", "reason", "willpower")
#: A typical adult's weight (interpretation: the seeds give only Widow's 148 lb).
DEFAULT_WEIGHT_LBS = 150.0


@dataclass(frozen=True, slots=True)
class Combatant:
    """A combatant's sheet: name, the seven attributes (ranks 1-14), Super-speed, expertise.

    ``group`` marks henchmen that share one turn; ``aware`` is whether they know of the fight
    when they join it (seed 000, "Order Of Play": the unaware get no turn).
    """

    name: str
    agility: int = HUMAN_AVERAGE
    brawn: int = HUMAN_AVERAGE
    endurance: int = HUMAN_AVERAGE
    perception: int = HUMAN_AVERAGE
    prowess: int = HUMAN_AVERAGE
    reason: int = HUMAN_AVERAGE
    willpower: int = HUMAN_AVERAGE
    super_speed: int = 0
    expertise: frozenset[str] = field(default_factory=frozenset)
    group: bool = False
    aware: bool = True
    #: Protection value against Endurance damage: the greatest layer (seed 004, "Protection").
    protection: int = 0
    #: A player character: starts each session with one plot point (seed 004, "Plot Points").
    player: bool = False
    #: For throws: the weight looked up on the Lifts column (seed 004, "Throwing").
    weight_lbs: float = DEFAULT_WEIGHT_LBS

    def rank(self, attribute: str) -> int:
        """The rank of ``attribute`` (lower case, e.g. ``"prowess"``)."""
        rank: int = getattr(self, attribute)
        return rank

    def has_expertise(self, skill: str) -> bool:
        return skill in self.expertise

    @property
    def precedence(self) -> tuple[int, int, int]:
        """Perception, Agility, Willpower: who goes first among equals (seed 004, Order Of Play)."""
        return (self.perception, self.agility, self.willpower)

    def to_dict(self) -> dict[str, object]:
        """The sheet as JSON-ready data, as ``Encounter.add`` takes it."""
        data: dict[str, object] = {a: getattr(self, a) for a in ATTRIBUTES}
        data.update(
            super_speed=self.super_speed,
            expertise=sorted(self.expertise),
            group=self.group,
            aware=self.aware,
            protection=self.protection,
            player=self.player,
            weight_lbs=self.weight_lbs,
        )
        return data

    def summary(self) -> str:
        """One line for the log: attributes, Super-speed, expertise."""
        parts = [", ".join(f"{a.title()} {getattr(self, a)}" for a in ATTRIBUTES)]
        if self.super_speed:
            parts.append(f"Super-speed {self.super_speed}")
        if self.protection:
            parts.append(f"protection {self.protection}")
        if self.expertise:
            parts.append("expertise " + ", ".join(sorted(self.expertise)))
        if self.player:
            parts.append("player character")
        return "; ".join(parts)


def make_combatant(
    name: object,
    *,
    super_speed: object = 0,
    expertise: Iterable[str] | None = None,
    group: object = False,
    aware: object = True,
    protection: object = 0,
    player: object = False,
    weight_lbs: object = DEFAULT_WEIGHT_LBS,
    **ranks: object,
) -> Combatant:
    """A validated sheet; unknown attributes and impossible ranks are refused."""
    name = check_name(name)
    unknown = sorted(set(ranks) - set(ATTRIBUTES))
    if unknown:
        raise RuleError(
            f"Unknown attribute {unknown[0]!r} for {name}: Bulletproof Blues uses "
            + ", ".join(a.title() for a in ATTRIBUTES)
            + "."
        )
    checked = {a: check_rank(r, f"{name}'s {a.title()}") for a, r in ranks.items()}

    def rank(attribute: str) -> int:
        return checked.get(attribute, HUMAN_AVERAGE)

    if isinstance(protection, (list, tuple, set, frozenset)):
        protection = rules_protection(protection)  # layers do not stack: the greatest applies
    return Combatant(
        name,
        agility=rank("agility"),
        brawn=rank("brawn"),
        endurance=rank("endurance"),
        perception=rank("perception"),
        prowess=rank("prowess"),
        reason=rank("reason"),
        willpower=rank("willpower"),
        super_speed=check_rank(super_speed, f"{name}'s Super-speed", low=0, high=MAX_RANK),
        expertise=check_expertise(expertise, name),
        group=check_flag(group, "group"),
        aware=check_flag(aware, "aware"),
        protection=check_rank(protection, f"{name}'s protection", low=0),
        player=check_flag(player, "player"),
        weight_lbs=check_distance(weight_lbs, f"{name}'s weight in pounds", positive=True),
    )


def check_expertise(expertise: object, name: str) -> frozenset[str]:
    """Expertise as a set of lower-case skill names, such as ``{"block", "dodge"}``."""
    if expertise is None:
        return frozenset()
    if isinstance(expertise, str) or not isinstance(expertise, Iterable):
        raise RuleError(
            f"{name}'s expertise is a set of skills such as {{'block', 'dodge'}}, "
            f"not {expertise!r}."
        )
    skills = set()
    for skill in expertise:
        if not isinstance(skill, str) or not skill.strip():
            raise RuleError(f"{name}'s expertise must name skills; {skill!r} is not one.")
        skills.add(skill.strip().casefold())
    return frozenset(skills)


def attribute_name(name: object, what: str) -> str:
    """``name`` as one of the seven attributes, lower case, or a RuleError."""
    if not isinstance(name, str) or name.casefold() not in ATTRIBUTES:
        raise RuleError(f"{what}= names an attribute: {', '.join(ATTRIBUTES)}; not {name!r}.")
    return name.casefold()
