"""The Bulletproof Blues character sheet: what the order of play, task rolls, defenses and attacks
read (seed 004)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from bpb_widgets.bpb.rules.combat import protection as rules_protection
from bpb_widgets.bpb.rules.ranks import HUMAN_AVERAGE, MAX_RANK, check_rank
from bpb_widgets.engine.checks import check_distance, check_flag, check_name, check_side
from bpb_widgets.errors import RuleError

#: The attributes seed 004 names (Rolling Dice, Order Of Play, Blocking, Dodging, Damage...).
ATTRIBUTES = ("agility", "brawn", "endurance", "perception", "prowess", "reason", "willpower")
#: A typical adult's weight (interpretation: the seeds give only Widow's 148 lb).
DEFAULT_WEIGHT_LBS = 150.0

#: What an attack does (seed 004, "Damage", "Exploding", "Penetrating", "Stunning", "Protection"):
#: Endurance damage, half the protection ignored, temporary damage, everyone in a radius, or
#: some other effect (Telepathy, Mind Control, drains), which is not Endurance damage.
AttackKind = Literal["normal", "penetrating", "stunning", "exploding", "non-endurance"]
ATTACK_KINDS: tuple[AttackKind, ...] = (
    "normal",
    "penetrating",
    "stunning",
    "exploding",
    "non-endurance",
)
#: What a power boost raises besides a power on the sheet (seed 004, "Power Boost": "one of the
#: character's attributes or powers"): the attributes but Endurance, which damage comes off,
#: and the two powers the sheet holds as ranks.
BOOSTABLE = (*(a for a in ATTRIBUTES if a != "endurance"), "protection", "super_speed")
#: The skills a hand-to-hand attack uses, whatever its name (seed 004, "Damage": "In
#: hand-to-hand combat"; interpretation: melee is the usual other name).
HAND_TO_HAND_SKILLS = ("hand-to-hand", "melee")
#: The longest name of a power or weapon.
MAX_POWER_NAME = 60
#: The most powers or weapons one sheet lists.
MAX_POWERS = 24


@dataclass(frozen=True, slots=True)
class Power:
    """A power or weapon on a combatant's sheet: its name, rank and kind of attack (seed 004,
    "Attack": "the rank of the attacker's power or weapon").

    ``hand_to_hand`` attacks roll Prowess and do at least the attacker's Brawn (seed 004,
    "Damage"); ``dr`` is a damage rating other than the rank (a knife's 2); ``radius`` is an
    explosion's total radius in feet; ``skill`` the power or skill it uses when its name is only
    a label ("Strike" uses "martial arts"), for expertise (seed 004, "Extreme Success").
    """

    name: str
    rank: int
    kind: AttackKind = "normal"
    hand_to_hand: bool = False
    dr: int | None = None
    radius: float | None = None
    skill: str | None = None

    def skills(self) -> tuple[str, ...]:
        """The powers and skills whose expertise covers this attack (seed 004, "Extreme
        Success": "expertise in the power or skill"): its name, the ``skill`` it uses, and for a
        hand-to-hand attack hand-to-hand (or melee) combat."""
        hand = HAND_TO_HAND_SKILLS if self.hand_to_hand else ()
        return (self.name, *((self.skill,) if self.skill else ()), *hand)

    @property
    def endurance(self) -> bool:
        """Whether it inflicts Endurance damage (what may be blocked, dodged, slammed and
        staggered)."""
        return self.kind != "non-endurance"

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"name": self.name, "rank": self.rank, "kind": self.kind}
        if self.hand_to_hand:
            data["hand_to_hand"] = True
        if self.dr is not None:
            data["dr"] = self.dr
        if self.radius is not None:
            data["radius"] = self.radius
        if self.skill is not None:
            data["skill"] = self.skill
        return data


def check_kind(kind: object) -> AttackKind:
    """One of :data:`ATTACK_KINDS`."""
    for known in ATTACK_KINDS:
        if kind == known:
            return known
    raise RuleError(f"An attack's kind is one of {', '.join(ATTACK_KINDS)}; not {kind!r}.")


def check_power_name(name: object) -> str:
    """A power's or weapon's name: a few words."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_POWER_NAME:
        raise RuleError(f"Name the power or weapon in a few words, not {name!r}.")
    return " ".join(name.split())


def make_power(entry: object, owner: str = "") -> Power:
    """A checked :class:`Power` from a sheet entry such as ``{"name": "Blast", "rank": 9,
    "kind": "normal"}`` (also ``hand_to_hand``, ``dr``, ``radius``)."""
    if isinstance(entry, Power):
        return entry
    whose = f"{owner}'s " if owner else ""
    if not isinstance(entry, Mapping):
        raise RuleError(
            f"{whose}attacks are entries such as {{'name': 'Blast', 'rank': 9, 'kind': 'normal'}}, "
            f"not {entry!r}."
        )
    unknown = sorted(set(entry) - {"name", "rank", "kind", "hand_to_hand", "dr", "radius", "skill"})
    if unknown:
        raise RuleError(f"{whose}attack has no field {unknown[0]!r}.")
    name = check_power_name(entry.get("name"))
    kind = check_kind(entry.get("kind", "normal"))
    radius = entry.get("radius")
    if kind == "exploding" and radius is None:
        raise RuleError(f"{whose}{name} explodes: give its radius in feet.")
    dr, skill = entry.get("dr"), entry.get("skill")
    return Power(
        name,
        check_rank(entry.get("rank"), f"{whose}{name}'s rank"),
        kind,
        check_flag(entry.get("hand_to_hand", False), "hand_to_hand"),
        None if dr is None else check_rank(dr, f"{whose}{name}'s damage rating", low=0, high=20),
        None if radius is None else check_distance(radius, f"{name}'s radius", positive=True),
        None if skill is None else check_power_name(skill).casefold(),
    )


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
    #: Which side the combatant fights on ("heroes", "villains", any name).
    side: str = ""
    #: The powers and weapons they attack with.
    attacks: tuple[Power, ...] = ()

    def power(self, name: str) -> Power | None:
        """The power or weapon called ``name`` on this sheet (any case), or None."""
        wanted = name.casefold()
        return next((p for p in self.attacks if p.name.casefold() == wanted), None)

    def rank(self, attribute: str) -> int:
        """The rank of ``attribute`` (lower case, e.g. ``"prowess"``)."""
        rank: int = getattr(self, attribute)
        return rank

    def has_expertise(self, skill: str) -> bool:
        return skill in self.expertise

    def expert_in(self, skills: Iterable[str]) -> bool:
        """Whether this character has expertise in any of ``skills``, spelt as they like
        ("hand to hand" is "Hand-to-Hand")."""
        mine = {fold_skill(skill) for skill in self.expertise}
        return any(fold_skill(skill) in mine for skill in skills)

    def boostable(self, what: str) -> tuple[str, str, int]:
        """What a power boost would raise (seed 004, "Power Boost"): an attribute (not
        Endurance), protection, Super-speed or one of the sheet's attacks, as (key, label, rank);
        refused for anything else or a power they lack."""
        key = what.strip().casefold().replace("-", "_").replace(" ", "_")
        if key in BOOSTABLE:
            label = key.replace("_", "-").capitalize()
        else:
            power = self.power(what)
            if power is None:
                known = ", ".join(
                    [*(b.replace("_", "-") for b in BOOSTABLE), *(p.name for p in self.attacks)]
                )
                raise RuleError(
                    f"A power boost raises an attribute or a power; {self.name} has none called "
                    f"{what!r} ({known})."
                    + (" Endurance is what damage comes off." if key == "endurance" else "")
                )
            key = label = power.name
        rank = self.rank_of(key)
        if not rank:
            raise RuleError(f"{self.name} has no {label} to boost (a new power is a power stunt).")
        return key, label, rank

    def rank_of(self, key: str) -> int:
        """The rank of an attribute, protection or Super-speed (``BOOSTABLE``) or of a power."""
        power = None if key in BOOSTABLE else self.power(key)
        return self.rank(key) if power is None else power.rank

    def raised(self, key: str) -> Combatant:
        """This sheet with ``key`` (as ``boostable`` names it) one rank higher."""
        if key in BOOSTABLE:
            higher: dict[str, Any] = {key: self.rank(key) + 1}
            return replace(self, **higher)
        attacks = tuple(replace(p, rank=p.rank + 1) if p.name == key else p for p in self.attacks)
        return replace(self, attacks=attacks)

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
        if self.side:
            data["side"] = self.side
        if self.attacks:
            data["attacks"] = [power.to_dict() for power in self.attacks]
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
        if self.attacks:
            parts.append(
                "attacks " + ", ".join(f"{p.name} {p.rank} ({p.kind})" for p in self.attacks)
            )
        if self.side:
            parts.append(f"side {self.side}")
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
    side: object = "",
    attacks: object = (),
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
        side=check_side(side),
        attacks=check_powers(attacks, name),
    )


def check_powers(attacks: object, name: str) -> tuple[Power, ...]:
    """The powers and weapons a sheet lists: each checked, each name once."""
    if isinstance(attacks, (str, Mapping)) or not isinstance(attacks, Iterable):
        raise RuleError(f"{name}'s attacks are a list of entries, not {attacks!r}.")
    powers = tuple(make_power(entry, name) for entry in attacks)
    if len(powers) > MAX_POWERS:
        raise RuleError(f"{name} lists {len(powers)} attacks; at most {MAX_POWERS}.")
    seen = set()
    for power in powers:
        if power.name.casefold() in seen:
            raise RuleError(f"{name} lists {power.name} twice.")
        seen.add(power.name.casefold())
    return powers


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


def fold_skill(skill: str) -> str:
    """A skill's name as two spellings of it compare: "Hand to hand" is "hand-to-hand"."""
    return " ".join(skill.casefold().replace("-", " ").replace("_", " ").split())


def attribute_name(name: object, what: str) -> str:
    """``name`` as one of the seven attributes, lower case, or a RuleError."""
    if not isinstance(name, str) or name.casefold() not in ATTRIBUTES:
        raise RuleError(f"{what}= names an attribute: {', '.join(ATTRIBUTES)}; not {name!r}.")
    return name.casefold()
