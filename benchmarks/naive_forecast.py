"""The forecast's floor: a fight before round 1 played naively, by the forecast's rules and its
default tactics, in plain Python with ``random`` (no tactics functions, no exact chances, no
tally; the order revised by extreme defenses left out). ``benchmarks/forecast.py`` times a
simulated turn of it against the forecast's; ``tests/test_benchmarks.py`` keeps it honest: on
the seed fight its heroes win inside the forecast's 95 % interval.

The rules (seed 000 / 004, the 2014 rule set): the order by Perception + 2d6 + Super-speed; an
attack of Agility (Prowess hand to hand) + 2d6 against 8 + the target's same attribute; 3 over
with expertise is overwhelming (+3 ranks); a block (Prowess) or dodge (Agility) + 2d6, +3 with
expertise, against 8 + the rank, +1 per attack after the first while it continues; the first
gives up the next available turn (forcing); a plot point makes a defense succeed when the hit
would take the defender out; damage is DR less protection (half of it, penetrating).
"""

from __future__ import annotations

import random

from bpb_widgets.bpb.forecast import BpbFork, Fighter
from bpb_widgets.forecast.tactics import Weapon

#: The 36 equally likely totals of 2d6, and how many of them come to each total or more.
TOTALS = [a + b for a in range(1, 7) for b in range(1, 7)]
AT_LEAST = [sum(1 for total in TOTALS if total >= need) for need in range(13)]


def ways(need: int) -> int:
    """How many of the 36 rolls of 2d6 come to ``need`` or more."""
    return 36 if need <= 2 else 0 if need > 12 else AT_LEAST[need]


def aim(mine: Fighter, them: Fighter) -> tuple[Weapon, int, int, int]:
    """The attack of best expected damage at ``them`` (the first among equals): it, the roll it
    needs, the damage it does and the protection it meets."""
    best: tuple[Weapon, int, int, int] | None = None
    for weapon in mine.weapons:
        using = "prowess" if weapon.hand_to_hand else "agility"
        pv = them.protection
        if weapon.kind == "penetrating":
            pv -= pv // 2
        need = 8 + them.attribute(using) - mine.attribute(using)
        dealt = max(0, weapon.dr - pv)
        if best is None or ways(need) * dealt > ways(best[1]) * best[2]:
            best = (weapon, need, dealt, pv)
    assert best is not None
    return best


def naive_fights(
    start: BpbFork, side: str, n: int, seed: int, max_rounds: int = 20
) -> tuple[int, int]:
    """``n`` fights from ``start``: how many ``side`` won, and the turns taken."""
    rng, fighters = random.Random(seed), start.fighters
    aims: dict[tuple[str, str], tuple[Weapon, int, int, int]] = {}
    wins = turns = 0

    def d6s() -> int:
        return TOTALS[int(rng.random() * 36)]

    for _ in range(n):
        left, plot = dict(start.endurance), dict(start.plot)
        lost: set[tuple[str, int]] = set()
        forced: dict[str, int] = {}
        defending: dict[str, tuple[str, int]] = {}
        rolled = {
            f.name: (f.perception + d6s() + f.super_speed, *f.precedence, rng.random())
            for f in fighters.values()
        }
        order = sorted(rolled, key=rolled.__getitem__, reverse=True)
        standing = {
            side: sum(1 for f in fighters.values() if f.side == side) for side in start.sides
        }
        for round_ in range(1, max_rounds + 1):
            acted = set()
            for pos, me in enumerate(order):
                if not left[me] or (me, round_) in lost:
                    continue
                turns += 1
                acted.add(me)
                defending.pop(me, None)
                mine = fighters[me]
                foes = [f for f in order if left[f] and fighters[f].side != mine.side]
                target = min(foes, key=left.__getitem__)
                them = fighters[target]

                if (me, target) not in aims:  # sheets do not change: worked out once
                    aims[me, target] = aim(mine, them)
                weapon, need, dealt, pv = aims[me, target]
                roll, rank = d6s(), weapon.rank
                if roll < need:
                    continue
                if weapon.expert and roll - need >= 3:  # overwhelming
                    rank, dealt = rank + 3, max(0, weapon.dr + 3 - pv)
                stance = defending.get(target)
                if stance is not None or forced.get(target) != round_:
                    kinds = (stance[0],) if stance else ("block", "dodge")
                    penalty = stance[1] if stance else 0
                    options = {
                        k: 8
                        + rank
                        + penalty
                        - them.attribute("prowess" if k == "block" else "agility")
                        - (3 if k in them.expertise else 0)
                        for k in kinds
                    }
                    kind = max(options, key=lambda k: (ways(options[k]), k == "block"))
                    odds, dropping = ways(options[kind]), dealt >= left[target]
                    if odds and (stance or dropping or odds > 18):
                        if stance is None:  # forcing: the next available turn is given up
                            forced[target] = round_
                            later = target not in acted and order.index(target) > pos
                            given = round_ if later and (target, round_) not in lost else round_ + 1
                            while (target, given) in lost:
                                given += 1
                            lost.add((target, given))
                        defending[target] = (kind, (stance[1] if stance else 0) + 1)
                        spent = odds < 36 and plot[target] > 0 and dropping
                        plot[target] -= spent
                        if spent or d6s() >= options[kind]:
                            continue
                left[target] = max(0, left[target] - dealt)
                if not left[target]:
                    defending.pop(target, None)
                    standing[them.side] -= 1
                    if sum(1 for count in standing.values() if count) < 2:
                        break
            if sum(1 for count in standing.values() if count) < 2:
                wins += standing[side] > 0
                break
    return wins, turns
