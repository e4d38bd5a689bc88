"""Conditions: what holds a combatant for a while (staggered, prone, held, stunned ...), and when
it ends: at the start or the end of a named combatant's turn, after a number of rounds, or when
something removes it.

A system declares the conditions its rules give once, in ``bpb_widgets/<system>/conditions.py``:
each a ``ConditionKind`` (its name as shown, saved and sent to the front end, the rule it cites,
its effects as data the rules code reads). The GM may give any other condition by name.

The classic tracker bug is ending a condition on the wrong combatant's turn. Here a condition
names whose turn ends it (``of``) and counts from the moment it was given: "until the end of
Blueshift's next turn" given during Blueshift's own turn ends when her *next* turn ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Generic, Literal, TypeVar

from bpb_widgets.engine.checks import check_name, check_whole, tidy_text
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError

When = Literal["start", "end"]
WHEN: tuple[When, ...] = ("start", "end")
#: The longest condition name a GM may type.
MAX_CONDITION = 40
#: The most rounds a condition given for a number of rounds lasts.
MAX_ROUNDS = 100
#: A system's effects of conditions (its own enum).
F = TypeVar("F")


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition on a combatant.

    ``ends`` is None (until removed) or "start"/"end" of a turn of ``of``, the first such turn to
    begin after turn number ``after`` (the count of turns begun when the condition was given).
    ``rounds`` (with ``ends`` None): it lasts that many rounds, the round it was given in the
    first, and ends with round ``through`` ("stunned for 2 rounds" in round 3 is gone once round
    5 begins). ``rule`` names the rule that gave it; ``by`` who imposes it (a grappler); ``note``
    says more.
    """

    name: str
    ends: When | None = None
    of: str | None = None
    after: int = 0
    rule: str = ""
    note: str = ""
    by: str | None = None
    rounds: int = 0
    through: int = 0

    @property
    def until(self) -> str:
        """When it ends, in words: "until the end of Blueshift's next turn", "for 2 rounds, to
        the end of round 4"; one imposed by someone (a hold) lasts "until Ann lets go" (or is
        out of the fight, or it is broken)."""
        if self.rounds:
            many = f"{self.rounds} round{'s' * (self.rounds > 1)}"
            return f"for {many}, to the end of round {self.through}"
        if self.ends is None:
            return f"until {self.by} lets go" if self.by else "until removed"
        return f"until the {self.ends} of {possessive(self.of or '')} next turn"

    def ends_at(self, when: When, whose: str, turn: int) -> bool:
        """Whether it ends at the ``when`` of ``whose`` turn number ``turn``."""
        return self.ends == when and self.of == whose and turn > self.after

    def describe(self) -> str:
        """One line: "staggered (Staggering), until the start of Ganyeka's next turn"."""
        by = f" by {self.by}" if self.by else ""
        rule = f" ({self.rule})" if self.rule else ""
        note = f", {self.note}" if self.note else ""
        return f"{self.name}{by}{rule}{note}, {self.until}"


def check_condition_name(name: object) -> str:
    """A condition's name: a few words, lower case."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_CONDITION:
        raise RuleError(
            f"Name the condition in a few words (at most {MAX_CONDITION} characters), not {name!r}."
        )
    return tidy_text(name, "A condition's name").casefold()


def check_rounds(rounds: object, ends: object) -> int:
    """How many rounds a condition lasts (1 to ``MAX_ROUNDS``; 0: not counted in rounds); not
    with an end at a turn."""
    if rounds is None:
        return 0
    if ends is not None:
        raise RuleError(
            "A condition lasts a number of rounds or to a turn's start or end, not both."
        )
    return check_whole(rounds, "A condition's rounds", low=1, high=MAX_ROUNDS)


def check_when(ends: object, of: object) -> tuple[When | None, str | None]:
    """``ends`` ("start", "end" or None) and the name ``of`` whose turn (checked as a name)."""
    if ends is None:
        if of is not None:
            raise RuleError("Say whether the condition ends at the start or the end of the turn.")
        return None, None
    for when in WHEN:
        if ends == when:
            return when, None if of is None else check_name(of)
    raise RuleError(f"A condition ends at the 'start' or the 'end' of a turn, not {ends!r}.")


@dataclass(frozen=True, slots=True)
class ConditionKind(Generic[F]):
    """A condition a system's rules give, declared once: ``name`` as shown, saved and sent to the
    front end ("prone"), the ``rule`` it cites, the ``note`` it carries (what it does, in
    words), its ``effects`` (the system's own enum, read by its rules code), and whether it is
    ``kept`` by the rules (it follows hit points and tests: the GM neither gives nor lifts it)."""

    name: str
    rule: str
    note: str = ""
    effects: tuple[F, ...] = ()
    kept: bool = False

    def __str__(self) -> str:
        return self.name

    def does(self, effect: F) -> bool:
        """Whether this condition has ``effect``."""
        return effect in self.effects

    def on(self, conditions: Iterable[Condition]) -> Condition | None:
        """This condition among ``conditions`` (a combatant's), or None."""
        return next((c for c in conditions if c.name == self.name), None)

    def give(
        self,
        after: int,
        ends: When | None = None,
        of: str | None = None,
        *,
        rule: str | None = None,
        note: str | None = None,
        by: str | None = None,
    ) -> Condition:
        """This condition as given now (``after``: the turns begun so far), until removed or to
        the ``ends`` of ``of``'s next turn; ``rule`` and ``note`` where this giving cites its
        own (a fall, not going out of the fight, knocks prone)."""
        return Condition(
            self.name,
            ends,
            of,
            after,
            self.rule if rule is None else rule,
            self.note if note is None else note,
            by,
        )


def declared(*kinds: ConditionKind[F]) -> Mapping[str, ConditionKind[F]]:
    """A system's conditions by name, each declared once."""
    found: dict[str, ConditionKind[F]] = {}
    for kind in kinds:
        if kind.name in found:
            raise TypeError(f"The condition {kind.name!r} is declared twice.")
        found[kind.name] = kind
    return MappingProxyType(found)
