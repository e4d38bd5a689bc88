"""What a d10-ap fight shows before the dice: the chances of a surprise check's penalty and of a
turn's action points (seed 003)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class SurprisePreview:
    """A surprise check before the die (seed 003, "Step 1- Determine Surprise")."""

    name: str
    awareness: int
    modifier: int
    surprised: Fraction
    #: AP penalty -> exact chance.
    penalties: Mapping[int, Fraction]


@dataclass(frozen=True, slots=True)
class APPreview:
    """The AP dice of a turn before the roll (seed 003, "Turns")."""

    name: str
    agb: int
    penalty: int
    #: AP -> exact chance.
    ap: Mapping[int, Fraction]
