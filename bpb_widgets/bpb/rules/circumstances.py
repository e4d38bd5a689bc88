"""Circumstances that favour the attacker or the defender (seed 004, "Opposed Tasks": tables
"Attribute bonuses" and "Difficulty modifiers"), as data a UI can list."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

from bpb_widgets.engine.checks import check_choice, check_whole
from bpb_widgets.errors import RuleError

#: Each range band beyond a weapon's or power's own gives the defender +3 (seed 004, "Range Bands").
RANGE_BAND_MODIFIER = 3


@dataclass(frozen=True, slots=True)
class Circumstance:
    """One named circumstance: its key, its bonus and the seed's wording."""

    key: str
    value: int
    text: str
    #: Adds to the other modifiers instead of competing with them (only the held item does).
    cumulative: bool = False
    section: str = "Opposed Tasks"


def _table(*rows: Circumstance) -> Mapping[str, Circumstance]:
    return MappingProxyType({row.key: row for row in rows})


#: Circumstances favouring the attacker: an attribute bonus, or "attack bonus" (the defender's
#: state).
ATTACK_BONUSES: Mapping[str, Circumstance] = _table(
    Circumstance("walking", 0, "Defender is walking (base movement speed)"),
    Circumstance("cant_see", 3, "Defender can't see the attacker"),
    Circumstance("restrained", 3, "Defender is restrained (held in a grapple, for example)"),
    Circumstance("surprised", 3, "Defender is surprised"),
    Circumstance("blind", 6, "Defender is completely blind"),
    Circumstance("helpless", 6, "Defender is unconscious or helpless"),
)

#: Circumstances favouring the defender: a difficulty modifier, or "defense bonus" (mostly the
#: attacker's state; ``defender_sprinting`` and ``interposing`` describe the defender).
DIFFICULTY_MODIFIERS: Mapping[str, Circumstance] = _table(
    Circumstance("walking", 0, "Attacker is walking (base movement speed)"),
    Circumstance("cant_see", 3, "Attacker can't see the defender"),
    Circumstance("restrained", 3, "Attacker is restrained (held in a grapple, for example)"),
    Circumstance("running", 3, "Attacker is running (base move x2)"),
    Circumstance("defender_sprinting", 3, "Defender is sprinting (base move x6)"),
    Circumstance("held_item", 3, "Attacking a held item", cumulative=True),
    Circumstance("blind", 6, "Attacker is completely blind"),
    Circumstance("sprinting", 6, "Attacker is sprinting (base move x6)"),
    Circumstance(
        "interposing",
        3,
        "Defender is using a grappled character as a living shield",
        section="Grappling",
    ),
)


class Modifiers(NamedTuple):
    """The attack bonus added to the roll and the difficulty modifier added to the difficulty
    (seed 004, "Opposed Tasks")."""

    attack_bonus: int
    difficulty_modifier: int


def _look_up(
    keys: Iterable[str], table: Mapping[str, Circumstance], side: str
) -> dict[str, Circumstance]:
    """The named rows of ``table``, each once; a bare string or unknown name is refused."""
    if isinstance(keys, str):
        raise RuleError(f"List the {side} circumstances, such as [{keys!r}], not a bare string.")
    return {key: table[check_choice(key, table, f"{side} circumstance")] for key in keys}


def _combine(rows: Collection[Circumstance]) -> int:
    largest = max((row.value for row in rows if not row.cumulative), default=0)
    return largest + sum(row.value for row in rows if row.cumulative)


def modifiers(
    attack: Iterable[str] = (),
    defense: Iterable[str] = (),
    *,
    held_item: bool = False,
    range_bands: int = 0,
) -> Modifiers:
    """The attack bonus and difficulty modifier for the named circumstances (seed 004, "Opposed
    Tasks"): only the largest of each applies, except attacking a held item (+3), which stacks.

    ``attack`` names keys of :data:`ATTACK_BONUSES`, ``defense`` keys of
    :data:`DIFFICULTY_MODIFIERS`. ``range_bands`` counts range bands beyond the weapon's own, +3
    each (seed 004, "Range Bands"); it is a defense bonus like the others, so it competes with them
    for the largest.
    """
    bonuses = _look_up(attack, ATTACK_BONUSES, "attack")
    defenses = _look_up(defense, DIFFICULTY_MODIFIERS, "defense")
    if held_item:
        defenses["held_item"] = DIFFICULTY_MODIFIERS["held_item"]
    bands = check_whole(range_bands, "Range bands beyond the weapon's", low=0)
    if bands:
        defenses["range"] = Circumstance("range", RANGE_BAND_MODIFIER * bands, "Beyond range")
    return Modifiers(_combine(bonuses.values()), _combine(defenses.values()))
