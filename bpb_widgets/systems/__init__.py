"""Rule sets: which order-of-play text an encounter follows, and its named rule options.

- ``bpb2e`` (default): the 2014 Order Of Play revision (seeds 000 and 001) with seed 004 for
  task rolls, extreme success and continued defence.
- ``bpb2e-wiki``: the 2012 wiki text (seed 004, "Order Of Play", "Delaying An Action").
- ``blackout``: initiative steps and action points (seed 002, "Combat Basics").
- ``d10-ap``: d10 surprise checks, initiative and action-point dice (seed 003).

Every option is listed with its default and the seed section it interprets in docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace

from bpb_widgets.errors import RuleError


@dataclass(frozen=True)
class RuleSet:
    """A rule set: its name, the seed it follows, and its rule options."""

    name: str
    #: Where the rules come from, for explanations.
    source: str
    #: Which game's turn machinery the encounter runs: "bpb2e", "blackout" or "d10-ap".
    system: str = "bpb2e"
    #: ``roll_order`` makes Perception task rolls (2014, seed 000 "Order Of Play") instead of
    #: ranking Perception > Agility > Willpower > coin with no roll (2012, seed 004).
    perception_roll: bool = True
    #: A delayed turn cannot pre-empt a character with higher Perception/Agility/Willpower
    #: (seed 004, "Delaying An Action"); the 2014 text (seed 000, "Delaying A Turn") has no limit.
    preempt_limit: bool = False
    #: +1 block/dodge difficulty for every attack after the first in one continued defence
    #: (seed 004, "Blocking", "Dodging"; seed 000 is silent).
    continued_defence_penalty: bool = True
    #: An extreme success needs expertise (seed 004, "Extreme Success"; seed 000 is silent).
    extreme_needs_expertise: bool = True
    #: Bonus to block/dodge rolls with block/dodge expertise (seed 000, "Blocking", "Dodging").
    expertise_bonus: int = 3
    #: Blackout tests rolled as a pool (seed 002 counts successes but never says how a die
    #: scores one): a d``pool_die`` succeeds on ``pool_success_on`` or more.
    pool_die: int = 6
    pool_success_on: int = 5

    def options(self) -> dict[str, object]:
        """The rule options (every field but the name and source)."""
        values = asdict(self)
        del values["name"], values["source"], values["system"]
        return values

    def with_options(self, options: Mapping[str, object] | None) -> RuleSet:
        """This rule set with some options changed; unknown options or wrong types are refused."""
        if not options:
            return self
        known = {f.name for f in fields(self)} - {"name", "source", "system"}
        for key, value in options.items():
            if key not in known:
                raise RuleError(
                    f"Unknown rule option {key!r}; the options are {', '.join(sorted(known))}."
                )
            default = getattr(self, key)
            if type(value) is not type(default):
                raise RuleError(
                    f"Rule option {key!r} takes a {type(default).__name__}, not {value!r}."
                )
        changed = replace(self, **options)
        if not 2 <= changed.pool_die <= 100 or not 1 <= changed.pool_success_on <= changed.pool_die:
            raise RuleError("A pool die has 2 to 100 sides and succeeds on one of its faces.")
        return changed


RULE_SETS: dict[str, RuleSet] = {
    "bpb2e": RuleSet("bpb2e", "Bulletproof Blues 2e, 2014 Order Of Play (seeds 000/001)"),
    "bpb2e-wiki": RuleSet(
        "bpb2e-wiki",
        "Bulletproof Blues 2e, 2012 wiki text (seed 004)",
        perception_roll=False,
        preempt_limit=True,
    ),
    "blackout": RuleSet("blackout", "Blackout, Combat Basics (seed 002)", system="blackout"),
    "d10-ap": RuleSet("d10-ap", "Surprise, Rounds, & Turns house rule (seed 003)", system="d10-ap"),
}


def rule_set(rules: str | RuleSet, options: Mapping[str, object] | None = None) -> RuleSet:
    """The rule set called ``rules`` (or ``rules`` itself) with ``options`` applied."""
    if isinstance(rules, RuleSet):
        return rules.with_options(options)
    if not isinstance(rules, str) or rules not in RULE_SETS:
        raise RuleError(f"Unknown rule set {rules!r}; choose one of {', '.join(RULE_SETS)}.")
    return RULE_SETS[rules].with_options(options)
