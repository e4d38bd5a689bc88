"""Blocking and dodging: the difficulty arithmetic, what a defense costs, and its explanation.

Seed 000/001, "Blocking" and "Dodging" (Prowess / Agility + 2d6, +3 with expertise, against
8 + the attack's rank; an extreme success revises the order of play); seed 004, "Blocking" and
"Dodging" (a defender keeps defending until their next action, +1 difficulty for every attack
after the first).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from bpb_widgets.bpb.fighting import Fighting
from bpb_widgets.bpb.order import revised
from bpb_widgets.bpb.rules.defense import block, defense_difficulty, dodge
from bpb_widgets.bpb.rules.probability import Odds, odds
from bpb_widgets.bpb.rules.ranks import check_rank
from bpb_widgets.bpb.rules.tasks import Task
from bpb_widgets.engine.command import command
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError

DefenseKind = Literal["block", "dodge"]
#: How a defense is paid for: the defender's own turn, a continued defense, or a forced action.
Mode = Literal["turn", "continued", "forced"]


@dataclass(frozen=True, slots=True)
class Defense:
    """One kind of defense as the seeds describe it."""

    attribute: str
    section: str
    skill: str
    verb: str

    def annotation(self, attacker: str) -> str:
        """How the transcript annotates a turn given to this defense (seed 000's examples)."""
        return self.verb.format(attacker=attacker)


DEFENSES: dict[str, Defense] = {
    "block": Defense("prowess", "Blocking", "block", "blocks attack by {attacker}"),
    "dodge": Defense("agility", "Dodging", "dodge", "dodges an attack by {attacker}"),
}


@dataclass(frozen=True, slots=True)
class DefensePreview:
    """Everything about a block or dodge that is known before the dice are rolled."""

    kind: DefenseKind
    defender: str
    attacker: str
    rank: int
    attribute_name: str
    attribute: int
    #: +3 with block/dodge expertise (seed 000).
    bonus: int
    #: +1 for every attack after the first in a continued defense (seed 004).
    continued: int
    mode: Mode
    #: The round whose turn a forced action gives up, or None.
    forced_round: int | None
    consequence: str
    #: Whether three or more over the difficulty would be an extreme success.
    can_be_extreme: bool

    @property
    def difficulty(self) -> int:
        return defense_difficulty(self.rank, attack=self.continued + 1)

    @property
    def odds(self) -> Odds:
        """The exact chances of success and extreme success (seed 004, "Rolling Dice")."""
        return odds(
            self.attribute, self.difficulty, bonus=self.bonus, expertise=self.can_be_extreme
        )

    def roll(self, dice: tuple[int, ...]) -> Task:
        """The defense roll with these dice (seed 004, "Blocking", "Dodging")."""
        roll = block if self.kind == "block" else dodge
        return roll(
            self.attribute,
            self.rank,
            attack=self.continued + 1,
            bonus=self.bonus,
            expertise=self.can_be_extreme,
            dice=dice,
        )

    @property
    def forced(self) -> bool:
        return self.mode == "forced"

    @property
    def section(self) -> str:
        return DEFENSES[self.kind].section

    def arithmetic(self, task: Task) -> str:
        """``Prowess 6 + 2d6 (6+6) + 3 expertise = 21 vs 8 + rank 5 = 13``."""
        left = f"{self.attribute_name} {self.attribute} + 2d6 ({task.dice[0]}+{task.dice[1]})"
        if self.bonus:
            left += f" + {self.bonus} expertise"
        right = f"8 + rank {self.rank}"
        if self.continued:
            right += f" + {self.continued} continued defense"
        return f"{left} = {task.total} vs {right} = {task.difficulty}"


@dataclass(frozen=True, slots=True)
class DefenseResult:
    """A rolled block or dodge: the preview, the roll, and whether it revised the order."""

    preview: DefensePreview
    task: Task
    revised: bool
    text: str

    @property
    def total(self) -> int:
        return self.task.total

    @property
    def difficulty(self) -> int:
        return self.task.difficulty

    @property
    def success(self) -> bool:
        return self.task.success

    @property
    def extreme(self) -> bool:
        return self.task.extreme

    @property
    def dice(self) -> tuple[int, ...]:
        return self.task.dice


def explain(preview: DefensePreview, task: Task, revision: str | None) -> str:
    """The log line: arithmetic, outcome, any change to the order of play, the rule."""
    if task.extreme:
        outcome = "extreme success"
    elif task.success:
        outcome = "success"
        if task.margin >= 3 and not preview.can_be_extreme:
            outcome += f" ({task.margin} over, but an extreme success needs expertise)"
    else:
        outcome = "failure"
    if revision:
        outcome += f"; {revision}"
    return f"{preview.kind.title()}: {preview.arithmetic(task)}: {outcome} ({preview.section})"


class Defending(Fighting):
    """The block and dodge commands, against the hit waiting to land or any attack named."""

    def defense_preview(
        self,
        kind: DefenseKind,
        defender: str,
        *,
        attacker: str | None = None,
        rank: int | None = None,
    ) -> DefensePreview:
        """What a block or dodge would need and cost, before rolling (refused as the roll would
        be). Without ``attacker`` and ``rank`` it answers the hit waiting for ``defender``."""
        if kind not in DEFENSES:
            raise RuleError(f"A defense is a block or a dodge, not {kind!r}.")
        rule = DEFENSES[kind]
        defender = self._known(defender)
        self._need_started(f"{kind}")
        pending = self._pending
        if attacker is None or rank is None:
            if pending is None or pending.target != defender:
                raise RuleError(
                    f"No hit on {defender} is waiting: name the attacker and the attack's rank."
                )
            attacker = pending.attacker if attacker is None else attacker
            rank = pending.rank if rank is None else rank
        attacker = self._known(attacker)
        if defender == attacker:
            raise RuleError(f"{defender} cannot {kind} their own attack.")
        if not self._aware[defender]:
            raise RuleError(f"{defender} is not aware of the fight and cannot {kind}.")
        if self._endurance[defender].out:
            raise RuleError(f"{defender} is out of the fight and cannot {kind}.")
        rank = check_rank(rank, "The attack's rank")
        sheet = self._sheets[defender]
        stance = self._defending.get(defender)
        forced_round = None
        continued = 0
        mode: Mode
        if defender in (self._current, self._suspended):
            mode, consequence = "turn", f"uses {possessive(defender)} task action this turn"
        elif stance and stance[0] == kind:
            mode = "continued"
            if self.rules.continued_defense_penalty:
                continued = stance[1]
            consequence = (
                f"continues {possessive(defender)} {kind} (attack {stance[1] + 1} since "
                f"{possessive(defender)} last action, +{continued} difficulty)"
            )
        else:
            mode = "forced"
            forced_round = self._check_force(defender)
            consequence = f"forced action: uses {possessive(defender)} turn in round {forced_round}"
        expert = sheet.has_expertise(rule.skill)
        return DefensePreview(
            kind=kind,
            defender=defender,
            attacker=attacker,
            rank=rank,
            attribute_name=rule.attribute.title(),
            attribute=sheet.rank(rule.attribute),
            bonus=self.rules.expertise_bonus if expert else 0,
            continued=continued,
            mode=mode,
            forced_round=forced_round,
            consequence=consequence,
            can_be_extreme=expert or not self.rules.extreme_needs_expertise,
        )

    @command
    def block(
        self,
        defender: str,
        *,
        attacker: str | None = None,
        rank: int | None = None,
        dice: Sequence[int] | None = None,
        reaction_dice: Sequence[int] | None = None,
    ) -> DefenseResult:
        """``defender`` blocks an attack of ``rank``: Prowess + 2d6 (+3 with block expertise)
        against 8 + rank (seed 000, "Blocking"); ``dice`` are physical dice. Against the hit
        waiting for ``defender`` (``attack``), attacker and rank come from it, a success negates
        it and a failure lets it land (``reaction_dice`` for a slam or stagger roll)."""
        return self._defend("block", defender, attacker, rank, dice, reaction_dice)

    @command
    def dodge(
        self,
        defender: str,
        *,
        attacker: str | None = None,
        rank: int | None = None,
        dice: Sequence[int] | None = None,
        reaction_dice: Sequence[int] | None = None,
    ) -> DefenseResult:
        """``defender`` dodges an attack of ``rank``: Agility + 2d6 (+3 with dodge expertise)
        against 8 + rank (seed 000, "Dodging"); otherwise as ``block``."""
        return self._defend("dodge", defender, attacker, rank, dice, reaction_dice)

    def _defend(
        self,
        kind: DefenseKind,
        defender: str,
        attacker: str | None,
        rank: int | None,
        dice: object,
        reaction: object,
    ) -> DefenseResult:
        preview = self.defense_preview(kind, defender, attacker=attacker, rank=rank)
        rolled = self._dice(dice)
        task = preview.roll(rolled)
        defender, attacker = preview.defender, preview.attacker
        if preview.forced_round is not None:
            self._sacrifice(defender, DEFENSES[kind].annotation(attacker), preview.forced_round)
        count = self._defending[defender][1] + 1 if preview.mode == "continued" else 1
        self._journal.set(self._defending, defender, (kind, count))
        revision = moved = None
        if task.extreme and attacker in self._slots:
            planned = revised(self._slots, self._revisions)
            moved = revised(planned, [(attacker, defender)]) != planned
            revision = f"{attacker} {'now' if moved else 'already'} acts after {defender}"
            if moved:
                self._journal.attr(
                    self, "_revisions", (*self._revisions, (attacker, defender, revision))
                )
        text = explain(preview, task, revision)
        self._event(
            kind,
            text,
            defender,
            {
                "attacker": attacker,
                "rank": preview.rank,
                "dice": list(rolled),
                "total": task.total,
                "difficulty": task.difficulty,
                "success": task.success,
                "extreme": task.extreme,
                "mode": preview.mode,
            },
        )
        pending = self._pending
        if pending is not None and (pending.target, pending.attacker) == (defender, attacker):
            self._resolve_defense(defender, task.success, reaction)
        return DefenseResult(preview, task, bool(moved), text)
