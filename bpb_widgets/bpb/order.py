"""Bulletproof Blues order-of-play helpers: ranking combatants, revising the order, telling a
defensive action from an attack (seeds 000 and 004, "Order Of Play", "Forcing An Action")."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import groupby, pairwise

from bpb_widgets.bpb.sheet import Combatant

#: Verbs that open an action the GM could construe as an attack, which may not be forced
#: (seed 000, "Forcing An Action").
ATTACK_VERBS = frozenset(
    {"attack", "shoot", "fire", "punch", "hit", "strike", "kick", "stab", "slash", "blast"}
    | {"throw", "grab", "grapple", "trip", "slam", "ram", "tackle", "charge"}
)
#: How the transcript annotates a turn lost to a stagger (seed 004, "Staggering").
STAGGERED = "staggered"
_TIE_BREAKS = ("Perception", "Agility", "Willpower")


def is_attack(action: str) -> bool:
    """Whether ``action`` ("punches Ganyeka", "throws a car") opens with an attacking verb."""
    words = action.casefold().split()
    verb = words[0] if words else ""
    return any(form in ATTACK_VERBS for form in (verb, verb.removesuffix("s"), verb[:-2]))


def revised(order: Sequence[str], moves: Iterable[tuple[str, ...]]) -> list[str]:
    """``order`` after each (attacker, defender, ...) move: an attacker who acts before the
    defender moves to right after them; one already after them stays where they are, so an
    extreme block or dodge never helps the attacker (seed 000, "Blocking", "Dodging": "the
    character whose attack was blocked acts after the character who successfully blocked")."""
    result = list(order)
    for attacker, defender, *_ in moves:
        before = attacker in result and defender in result
        if before and result.index(attacker) < result.index(defender):
            result.remove(attacker)
            result.insert(result.index(defender) + 1, attacker)
    return result


def rank_by_precedence(
    sheets: Sequence[Combatant],
    totals: Mapping[str, int],
    random_source: Callable[[], random.Random],
) -> tuple[list[str], list[str]]:
    """Order ``sheets`` by roll total (if any), then Perception, Agility, Willpower, then a coin
    (seeds 000 and 004, "Order Of Play"). Returns the order and why each tie went as it did.
    """

    def key(sheet: Combatant) -> tuple[int, ...]:
        return (totals.get(sheet.name, 0), *sheet.precedence)

    ordered = sorted(sheets, key=key, reverse=True)
    order: list[Combatant] = []
    for _, group in groupby(ordered, key=key):
        tied = list(group)
        if len(tied) > 1:
            rng = random_source()
            tied.sort(key=lambda _: rng.random())
        order.extend(tied)
    reasons = [_why(a, b, key(a), key(b), bool(totals)) for a, b in pairwise(order)]
    return [s.name for s in order], [r for r in reasons if r]


def _why(a: Combatant, b: Combatant, ka: tuple[int, ...], kb: tuple[int, ...], rolled: bool) -> str:
    if rolled and ka[0] != kb[0]:
        return ""
    tied = [f"tied at {ka[0]}"] if rolled else []
    for label, x, y in zip(_TIE_BREAKS, ka[1:], kb[1:], strict=True):
        if x != y:
            if not rolled and label == "Perception":
                return ""
            return f"{a.name} before {b.name}: " + ", ".join([*tied, f"higher {label}"])
        tied.append(f"same {label}")
    return f"{a.name} before {b.name}: " + ", ".join([*tied, "coin toss"])
