"""Plot points and Endurance by hand: gaining and spending plot points (what they buy takes
effect in play; a rally recovers at once), damage, healing and stunning damage back as the GM
types them, and the rest after the fight (seed 004, "Plot Points", "Gaining Plot Points",
"Spending Plot Points", "Recovery", "Stunning")."""

from __future__ import annotations

from collections.abc import Iterable

from bpb_widgets.bpb.base import Boost
from bpb_widgets.bpb.fighting import Fighting
from bpb_widgets.bpb.rules.plot_points import GAINS, SPENDS
from bpb_widgets.bpb.rules.ranks import MAX_RANK
from bpb_widgets.bpb.sheet import BOOSTABLE, Combatant
from bpb_widgets.engine.checks import check_choice, check_flag, check_note, check_whole, noted
from bpb_widgets.engine.command import command
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError

#: How long a power boost or stunt lasts (seed 004, "Power Boost", "Power Stunt": "usually only
#: last for one round, but they might last as long as a scene if that seems to make sense and
#: the GM agrees").
LASTS = {"round": "to the end of the round", "scene": "for the rest of the fight"}


class Recovery(Fighting):
    """Plot points, Endurance by hand, rallies and rest."""

    @command
    def gain_plot_point(self, name: str, reason: str) -> int:
        """``name`` gains a plot point: a complication, a reward or cooperation (seed 004,
        "Gaining Plot Points"). Returns the new total."""
        name = self._known(name)
        reason = check_choice(reason, GAINS, "reason to gain a plot point")
        total = self._plot[name] + 1
        self._journal.set(self._plot, name, total)
        self._event(
            "plot",
            f"{name} gains a plot point ({reason}): {GAINS[reason]} Now "
            f"{total} (Gaining Plot Points)",
            name,
        )
        return total

    @command
    def spend_plot_point(
        self,
        name: str,
        use: str,
        *,
        boost: str | None = None,
        lasts: str = "round",
        note: str = "",
    ) -> int:
        """``name`` spends a plot point (seed 004, "Spending Plot Points"); returns the points
        left.

        - ``"automatic_success"``: ``name``'s next roll (attack, explosion, block, dodge, task,
          grab, breaking free, a slam or stagger roll) succeeds; with expertise the dice still
          decide an extreme success ("Automatic Success"). ``plot_point=True`` on the roll itself
          spends it there.
        - ``"power_boost"``: ``boost`` names an attribute (not Endurance), ``"protection"``,
          ``"super_speed"`` or a power on the sheet, one rank higher (14 at most) until the end of
          the round, or ``lasts="scene"`` for the rest of the fight if the GM agrees; every roll
          and damage rating uses it. Without ``boost``, the ``note`` says what it adds (a power
          enhancement) ("Power Boost").
        - ``"power_stunt"``, ``"retcon"``, ``"other"``: logged with the ``note`` ("Power Stunt",
          "Retcon").
        - ``"rally"``: recovers at once as after half an hour's rest ("Rally").
        """
        name = self._known(name)
        use = check_choice(use, SPENDS, "use of a plot point")
        lasts = check_choice(lasts, LASTS, "duration of a plot point's effect")
        text = check_note(note, "Plot point notes")
        if lasts != "round" and use not in ("power_boost", "power_stunt"):
            raise RuleError("Only a power boost or a power stunt lasts a round or a scene.")
        if boost is not None and use != "power_boost":
            raise RuleError("boost= names what a power boost raises; this plot point buys none.")
        if use == "automatic_success" and name in self._automatic:
            raise RuleError(f"{name} already has an automatic success waiting for their next roll.")
        raised = None
        if use == "power_boost":
            raised = self._boost(name, boost, lasts, text)
            what = f"{raised.describe()}{f'; {text}' if text and raised.key else ''}."
        elif use in ("power_stunt", "retcon", "other") and text:
            what = f"{text} ({lasts})." if use == "power_stunt" else f"{text}."
        else:
            what = SPENDS[use]
        left = self._spend_plot_point(name, use, what)
        if raised is not None:
            self._journal.set(self._boosts, name, (*self._boosts.get(name, ()), raised))
        elif use == "automatic_success":
            self._journal.set(self._automatic, name, self._round)
        elif use == "rally":
            self._rest(name, "rallies")
        return left

    def _boost(self, name: str, boost: str | None, lasts: str, note: str) -> Boost:
        """The power boost ``name`` buys: ``boost`` one rank higher, rank 14 at most (seed 004,
        "Power Boost"), or the GM's ``note`` (a power enhancement)."""
        ends = None if lasts == "scene" else max(self._round, 1)
        if boost is None:  # narrated: a power enhancement, or as the note says
            return Boost(None, note or "a power enhancement", ends)
        key, label, _ = self._sheets[name].boostable(boost)
        rank = self._sheet(name).rank_of(key)
        if rank >= MAX_RANK:
            raise RuleError(
                f"{possessive(name)} {label} is {rank}: rank {MAX_RANK} is the maximum a power "
                "boost reaches (Power Boost)."
            )
        return Boost(key, label, ends)

    @command
    def rest(self, names: Iterable[str] | None = None) -> None:
        """After the fight and a chance to rest (about half an hour): stunning damage all comes
        back and half the recent Endurance loss (seed 004, "Recovery", "Stunning"). Everyone
        hurt by default, or those ``names``."""
        chosen = self.names if names is None else [self._known(n) for n in _names(names)]
        for name in chosen:
            if self._endurance[name].current < self._endurance[name].rank:
                self._rest(name, "rests")

    @command
    def damage(self, name: str, amount: int, *, stunning: bool = False, note: str = "") -> int:
        """``name`` loses ``amount`` Endurance, as the GM says (a fall, a fire, an attack played
        on paper): straight off Endurance, protection already counted; ``stunning=True`` for
        stunning damage, kept apart (seed 004, "Damage", "Stunning"). At 0 they are out of the
        fight (on their own turn, it ends, once no hit waits). Returns their Endurance."""
        name = self._known(name)
        amount = check_whole(amount, "Damage", low=1)
        stunning = check_flag(stunning, "stunning")
        why = noted(note)
        before = self._endurance[name]
        if before.out:
            raise RuleError(f"{name} is already at Endurance 0.")
        after = before.hurt(amount, stunning=stunning)
        kind = "stunning damage" if stunning else "damage"
        self._endure(
            name,
            after,
            "damage",
            f"{name} takes {amount} {kind}{why}, by the GM's hand: Endurance {before.current} -> "
            f"{after.current} ({'Damage, Stunning' if stunning else 'Damage'})",
            {"damage": amount, "stunning": stunning, "endurance": after.current},
        )
        if after.out and name == self._current and self._unresolved() is None:
            self._leave_turn(name)  # out of the fight on their own turn: it is over
        return after.current

    @command
    def heal(self, name: str, amount: int, *, note: str = "") -> int:
        """``name`` gets ``amount`` normal (not stunning) damage back, as the GM says (medical
        care, a healing power, days of rest: one point a day with care, seed 004 "Recovery"),
        never more than they lost. Returns their Endurance."""
        return self._restore(name, amount, note, stunning=False)

    @command
    def recover(self, name: str, amount: int | None = None, *, note: str = "") -> int:
        """``name`` gets ``amount`` stunning damage back (all of it by default), as the GM says
        (seed 004, "Stunning": "it all comes back after the fight is over, when the character has
        had a chance to rest"). Returns their Endurance. (Before format 3 ``recover(names)`` was
        the rest: such files replay it as ``rest``.)"""
        return self._restore(name, amount, note, stunning=True)

    def _restore(self, name: str, amount: int | None, note: str, *, stunning: bool) -> int:
        """Damage back by the GM's hand: stunning, or normal."""
        name = self._known(name)
        if amount is not None:
            amount = check_whole(amount, "Endurance back", low=1)
        why = noted(note)
        before = self._endurance[name]
        lost, kind = (before.stun, "stunning") if stunning else (before.normal, "normal")
        if not lost:
            raise RuleError(f"{name} has no {kind} damage to get back.")
        points = lost if amount is None else amount
        after = before.recovered(points) if stunning else before.healed(points)
        back = after.current - before.current
        whole = "" if back == points else f" (all {back} there was)"
        self._endure(
            name,
            after,
            "recover",
            f"{name} gets {back} {kind} damage back{why}{whole}, by the GM's hand: Endurance "
            f"{before.current} -> {after.current} ({'Stunning' if stunning else 'Recovery'})",
        )
        return after.current

    def _edited(self, before: Combatant, after: Combatant) -> None:
        """A new Endurance rank keeps the damage taken (within the new rank); power boosts of a
        power no longer on the sheet end."""
        name = after.name
        if after.endurance != before.endurance:
            was, now = self._endurance[name], self._endurance[name].with_rank(after.endurance)
            self._endure(
                name,
                now,
                "edit",
                f"{possessive(name)} Endurance {was.current}/{was.rank} -> {now.current}/"
                f"{now.rank}: the damage taken stays (Damage)",
            )
        boosts = self._boosts.get(name, ())
        kept = tuple(b for b in boosts if b.key is None or b.key in BOOSTABLE or after.power(b.key))
        if kept != boosts:
            self._keep(self._boosts, name, kept)

    def _rest(self, name: str, how: str) -> None:
        before = self._endurance[name]
        after = before.rest()
        self._endure(
            name,
            after,
            "recover",
            f"{name} {how}: stunning damage {before.stun} all back, recent "
            f"damage {before.recent} half back: Endurance {before.current} -> "
            f"{after.current} (Recovery)",
        )


def _names(names: object) -> list[object]:
    if isinstance(names, str) or not isinstance(names, Iterable):
        raise RuleError("Give the names as a list.")
    return list(names)
