"""Endurance lost and recovered: normal and stunning damage kept apart (seed 004, "Stunning",
"Protection", "Recovery"; "Rally" under "Plot Points")."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bpb_widgets.bpb.rules.ranks import check_rank
from bpb_widgets.engine.checks import check_whole
from bpb_widgets.errors import RuleError

#: Days of rest per Endurance point regained with care or extended rest, and without (seed 004,
#: "Recovery": one a day, or one a week).
DAYS_PER_POINT = {True: 1, False: 7}


@dataclass(frozen=True, slots=True)
class Endurance:
    """A character's Endurance and three kinds of loss (seed 004, "Stunning", "Recovery").

    ``stun`` is stunning damage (all back after the fight), ``recent`` normal damage since the last
    rest (half back after a rest) and ``lasting`` normal damage that only heals day by day.
    """

    rank: int
    stun: int = 0
    recent: int = 0
    lasting: int = 0

    def __post_init__(self) -> None:
        check_rank(self.rank, "Endurance")
        for name in ("stun", "recent", "lasting"):
            check_whole(getattr(self, name), f"Endurance lost ({name})", low=0)
        if self.stun + self.recent + self.lasting > self.rank:
            raise RuleError(
                f"A character with Endurance {self.rank} cannot have lost more than that."
            )

    @property
    def current(self) -> int:
        return self.rank - self.stun - self.recent - self.lasting

    @property
    def normal(self) -> int:
        """Normal damage not yet healed: recent and lasting."""
        return self.recent + self.lasting

    @property
    def out(self) -> bool:
        """At 0 Endurance the character is out of the fight."""
        return self.current == 0

    def hurt(self, amount: int, *, stunning: bool = False) -> Endurance:
        """After ``amount`` damage, already reduced by protection (seed 004, "Protection");
        Endurance stops at 0."""
        taken = min(check_whole(amount, "Damage", low=0), self.current)
        if stunning:
            return replace(self, stun=self.stun + taken)
        return replace(self, recent=self.recent + taken)

    def rest(self) -> Endurance:
        """After about half an hour's rest (or a rally): all stunning damage and half the recent
        damage, rounded up in the character's favour, come back (seed 004, "Recovery",
        "Stunning")."""
        healed = -(-self.recent // 2)
        return replace(self, stun=0, recent=0, lasting=self.lasting + self.recent - healed)

    def heal(self, days: int, *, care: bool = True) -> Endurance:
        """After ``days`` of extended rest or medical care (one point a day) or without (one point
        a week) (seed 004, "Recovery"); recent damage not yet rested heals after the lasting
        damage."""
        points = check_whole(days, "Days of healing", low=0) // DAYS_PER_POINT[bool(care)]
        return self.healed(points)

    def with_rank(self, rank: int) -> Endurance:
        """The same losses against another Endurance rank (a sheet corrected), trimmed to it
        (stunning first, then recent, then lasting) when they would exceed it."""
        over = max(0, self.stun + self.recent + self.lasting - check_rank(rank, "Endurance"))
        stun = self.stun - min(over, self.stun)
        over -= self.stun - stun
        recent = self.recent - min(over, self.recent)
        over -= self.recent - recent
        return Endurance(rank, stun, recent, self.lasting - over)

    def healed(self, points: int) -> Endurance:
        """``points`` of normal damage back (lasting damage first, then recent), never more than
        was lost."""
        points = check_whole(points, "Endurance healed", low=0)
        lasting = max(0, self.lasting - points)
        recent = max(0, self.recent - max(0, points - self.lasting))
        return replace(self, lasting=lasting, recent=recent)

    def recovered(self, points: int | None = None) -> Endurance:
        """``points`` of stunning damage back (all of it by default), never more than was lost
        (seed 004, "Stunning": "it all comes back after the fight is over")."""
        back = self.stun if points is None else check_whole(points, "Stunning damage back", low=0)
        return replace(self, stun=max(0, self.stun - back))
