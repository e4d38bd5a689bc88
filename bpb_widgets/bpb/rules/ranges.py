"""Range bands: attacking beyond a weapon's effective range (seed 004, "Range Bands")."""

from __future__ import annotations

from bpb_widgets.bpb.rules.benchmarks import Benchmarks, default_benchmarks
from bpb_widgets.bpb.rules.circumstances import RANGE_BAND_MODIFIER
from bpb_widgets.engine.checks import check_whole


def range_band(feet: float, *, table: Benchmarks | None = None) -> int:
    """The range band of a distance: the lowest rank whose Affects distance reaches it (400 ft is
    band 3, 1,600 ft band 4; seed 004, "Range Bands")."""
    return (table or default_benchmarks()).band(feet)


def bands_beyond(weapon_rank: int, feet: float, *, table: Benchmarks | None = None) -> int:
    """How many range bands ``feet`` lies beyond the effective range of a rank ``weapon_rank``
    weapon or power, 0 within range (seed 004, "Range Bands")."""
    check_whole(weapon_rank, "Weapon or power rank", low=0)
    return max(0, range_band(feet, table=table) - weapon_rank)


def range_modifier(weapon_rank: int, feet: float, *, table: Benchmarks | None = None) -> int:
    """The defense bonus for attacking at ``feet``: +3 per range band beyond the weapon's (seed 004,
    "Range Bands"). Whether such an attack is possible at all is the GM's call."""
    return RANGE_BAND_MODIFIER * bands_beyond(weapon_rank, feet, table=table)
