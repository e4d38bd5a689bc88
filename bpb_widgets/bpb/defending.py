"""Blocking and dodging: the difficulty arithmetic, what a defense costs, and its explanation.

Seed 000/001, "Blocking" and "Dodging" (Prowess / Agility + 2d6, +3 with expertise, against
8 + the attack's rank; an extreme success revises the order of play; only attacks that inflict
Endurance damage, unless the defender uses the same power); seed 004, "Blocking" and "Dodging"
(the 2012 text: a defender keeps defending until their next action, +1 difficulty for every
attack after the first; no expertise bonus, no revision of the order). The rule set says which.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from bpb_widgets.bpb.base import Attack, by_plot_point
from bpb_widgets.bpb.fighting import Fighting
from bpb_widgets.bpb.order import revised
from bpb_widgets.bpb.rule_sets import BulletproofBluesRules
from bpb_widgets.bpb.rules.defense import block, defense_bonus, defense_difficulty, dodge
from bpb_widgets.bpb.rules.probability import Odds, odds
from bpb_widgets.bpb.rules.ranks import check_rank
from bpb_widgets.bpb.rules.tasks import Task, task
from bpb_widgets.bpb.sheet import Combatant, Power, check_power_name
from bpb_widgets.engine.checks import check_flag
from bpb_widgets.engine.command import command
from bpb_widgets.engine.rule_texts import ruling
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError

#: Only diving escapes an explosion: seed 004's "Diving For Cover" names a thrown car or bus, not
#: explosions, so refusing every block and dodge of one is the engine's ruling (rule option
#: ``explosions_blockable``).
EXPLOSIONS = ruling("Explosions")
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


DEFENSES: dict[DefenseKind, Defense] = {
    "block": Defense("prowess", "Blocking", "block", "blocks attack by {attacker}"),
    "dodge": Defense("agility", "Dodging", "dodge", "dodges an attack by {attacker}"),
}


def check_defense(kind: object) -> DefenseKind:
    """ "block" or "dodge"."""
    for known in DEFENSES:
        if kind == known:
            return known
    raise RuleError(f"A defense is a block or a dodge, not {kind!r}.")


@dataclass(frozen=True, slots=True)
class DefensePreview:
    """Everything about a block or dodge that is known before the dice are rolled."""

    kind: DefenseKind
    defender: str
    attacker: str
    rank: int
    attribute_name: str
    #: The rank rolled: Prowess or Agility, or the power used against a non-Endurance attack.
    attribute: int
    #: Block or dodge expertise (or expertise in the power used).
    expertise: bool
    #: Which attack this is since the defense began (1: the first).
    attack: int
    rules: BulletproofBluesRules
    mode: Mode
    #: The round whose turn a forced action gives up, or None.
    forced_round: int | None
    consequence: str
    #: The defender's power used against a non-Endurance attack, or None.
    power: str | None = None
    #: A plot point's automatic success waits for this roll (seed 004, "Automatic Success").
    plot_point: bool = False

    @property
    def bonus(self) -> int:
        """The expertise bonus: the rule set's, on a Prowess or Agility roll (seed 000)."""
        return 0 if self.power else defense_bonus(self.expertise, self.rules)

    @property
    def continued(self) -> int:
        """+1 for every attack after the first in a continued defense (seed 004), if the rule
        set says so."""
        return self.difficulty - 8 - self.rank

    @property
    def can_be_extreme(self) -> bool:
        """Whether three or more over the difficulty would be an extreme success."""
        return self.expertise or not self.rules.extreme_needs_expertise

    @property
    def difficulty(self) -> int:
        return defense_difficulty(self.rank, attack=self.attack, rules=self.rules)

    @property
    def odds(self) -> Odds:
        """The exact chances of success and extreme success (seed 004, "Rolling Dice")."""
        return odds(
            self.attribute,
            self.difficulty,
            bonus=self.bonus,
            expertise=self.can_be_extreme,
            automatic=self.plot_point,
        )

    def roll(self, dice: tuple[int, ...], *, automatic: bool = False) -> Task:
        """The defense roll with these dice (seed 000, "Blocking", "Dodging"); ``automatic``: a
        plot point's automatic success (seed 004, "Automatic Success")."""
        if self.power:  # the same power against a non-Endurance attack: its rank, no bonus
            return task(
                self.attribute,
                self.difficulty,
                expertise=self.can_be_extreme,
                dice=dice,
                automatic=automatic,
            )
        roll = block if self.kind == "block" else dodge
        return roll(
            self.attribute,
            self.rank,
            attack=self.attack,
            expertise=self.expertise,
            rules=self.rules,
            dice=dice,
            automatic=automatic,
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
    outcome += by_plot_point(task)
    if revision:
        outcome += f"; {revision}"
    with_power = f" with {preview.power}" if preview.power else ""
    return (
        f"{preview.kind.title()}{with_power}: {preview.arithmetic(task)}: {outcome} "
        f"({preview.section})"
    )


class Defending(Fighting):
    """The block and dodge commands, against the hit waiting to land or any attack named."""

    def defense_preview(
        self,
        kind: DefenseKind,
        defender: str,
        *,
        attacker: str | None = None,
        rank: int | None = None,
        power: str | None = None,
        similar: bool = False,
    ) -> DefensePreview:
        """What a block or dodge would need and cost, before rolling (refused as the roll would
        be). Without ``attacker`` and ``rank`` it answers the hit waiting for ``defender``.

        Only attacks that inflict Endurance damage may be blocked or dodged, unless the defender
        uses the same ``power`` as the attacker (its rank is rolled), or with the GM's permission
        (``similar=True``) a power of a similar theme (seed 000, "Blocking", "Dodging")."""
        return self._defense_preview(
            kind, defender, None, attacker=attacker, rank=rank, power=power, similar=similar
        )

    def _open_answers(self, hit: Attack) -> list[str]:
        """Block and dodge where ``defense_preview`` allows them (the attack panel's reasons),
        then diving for cover (``Fighting._open_answers``)."""
        same = not hit.endurance and self._sheet(hit.target).power(hit.power) is not None
        power = hit.power if same else None
        allowed: list[str] = []
        for kind in DEFENSES:
            try:
                self._defense_preview(
                    kind, hit.target, hit, attacker=None, rank=None, power=power, similar=False
                )
            except RuleError:
                continue
            allowed.append(kind)
        return [*allowed, *super()._open_answers(hit)]

    def _defense_preview(
        self,
        kind: DefenseKind,
        defender: str,
        waiting: Attack | None,
        *,
        attacker: str | None,
        rank: int | None,
        power: str | None,
        similar: bool,
    ) -> DefensePreview:
        """``defense_preview``, against ``waiting`` (a hit not yet in the list of those waiting)
        or, if None, the hit waiting for ``defender``."""
        kind = check_defense(kind)
        rule = DEFENSES[kind]
        defender = self._known(defender)
        self._need_started(f"{kind}")
        similar = check_flag(similar, "similar")
        hit = None
        if attacker is None or rank is None:
            hit = waiting or self._pending_for(defender)
            if hit is None:
                raise RuleError(
                    f"No hit on {defender} is waiting: name the attacker and the attack's rank."
                )
            attacker = hit.attacker if attacker is None else attacker
            rank = hit.rank if rank is None else rank
        attacker = self._known(attacker)
        if defender == attacker:
            raise RuleError(f"{defender} cannot {kind} their own attack.")
        if not self._aware[defender]:
            raise RuleError(f"{defender} is not aware of the fight and cannot {kind}.")
        if self._endurance[defender].out:
            raise RuleError(f"{defender} is out of the fight and cannot {kind}.")
        rank = check_rank(rank, "The attack's rank")
        sheet = self._sheet(defender)
        used = self._defending_power(kind, sheet, hit, power, similar)
        stance = self._defending.get(defender)
        forced_round = None
        attack = 1
        mode: Mode
        if self._on_own_turn(defender):
            mode, consequence = "turn", f"uses {possessive(defender)} task action this turn"
        elif stance and stance[0] == kind:
            mode = "continued"
            attack = stance[1] + 1
            extra = attack - 1 if self.rules.continued_defense_penalty else 0
            consequence = (
                f"continues {possessive(defender)} {kind} (attack {attack} since "
                f"{possessive(defender)} last action, +{extra} difficulty)"
            )
        else:
            mode = "forced"
            forced_round = self._check_force(defender)
            consequence = f"forced action: uses {possessive(defender)} turn in round {forced_round}"
        if used is None:
            name, value = rule.attribute.title(), sheet.rank(rule.attribute)
            expert = sheet.has_expertise(rule.skill)
        else:
            name, value = used.name, used.rank
            expert = self._covers(sheet, used.skills())
        return DefensePreview(
            kind=kind,
            defender=defender,
            attacker=attacker,
            rank=rank,
            attribute_name=name,
            attribute=value,
            expertise=expert,
            attack=attack,
            rules=self.rules,
            mode=mode,
            forced_round=forced_round,
            consequence=consequence,
            power=None if used is None else used.name,
            plot_point=defender in self._automatic,
        )

    def _defending_power(
        self, kind: str, sheet: Combatant, hit: Attack | None, power: str | None, similar: bool
    ) -> Power | None:
        """The power a defender uses against a non-Endurance attack (seed 000: "if the defender
        has the same power as the attacker, they may use that power to attempt to block"), or
        None for a Prowess or Agility roll; explosions only by the rule set's leave."""
        if hit is not None and hit.kind == "exploding" and not self.rules.explosions_blockable:
            raise RuleError(
                f"An explosion cannot be {kind.rstrip('e')}ed: the only way to avoid it is not to "
                f"be under it when it lands. Dive for cover, or take the hit ({EXPLOSIONS})."
            )
        if hit is None or hit.endurance:
            if power is not None:
                raise RuleError(
                    f"{hit.power if hit else 'This attack'} inflicts Endurance damage: "
                    f"{kind} with {'Prowess' if kind == 'block' else 'Agility'}, not a power."
                )
            return None
        if power is None:
            raise RuleError(
                f"{hit.power} does not inflict Endurance damage: only someone with the same power "
                f"may {kind} it, using that power (Blocking, Dodging)."
            )
        own = sheet.power(check_power_name(power))
        if own is None:
            raise RuleError(f"{sheet.name} has no power called {power}.")
        if own.name.casefold() != hit.power.casefold() and not similar:
            raise RuleError(
                f"{own.name} is not {hit.power}: a power of a similar theme may {kind} it only "
                "with the GM's permission (similar=True) (Blocking, Dodging)."
            )
        return own

    @command
    def block(
        self,
        defender: str,
        *,
        attacker: str | None = None,
        rank: int | None = None,
        power: str | None = None,
        similar: bool = False,
        dice: Sequence[int] | None = None,
        reaction_dice: Sequence[int] | None = None,
        powers_dice: Sequence[int] | None = None,
        plot_point: bool = False,
    ) -> DefenseResult:
        """``defender`` blocks an attack of ``rank``: Prowess + 2d6 (+3 with block expertise,
        2014) against 8 + rank (seed 000, "Blocking"); ``dice`` are physical dice. Against the
        hit waiting for ``defender``, attacker and rank come from it, a success negates it and a
        failure lets it land (``reaction_dice`` for a slam or stagger roll, ``powers_dice`` for
        keeping powers on when staggered). ``power`` blocks a non-Endurance attack with the same
        power (``similar=True``: a similar one, with the GM's permission). ``plot_point=True``
        spends a plot point on an automatic success (seed 004, "Automatic Success")."""
        return self._defend(
            "block",
            defender,
            attacker,
            rank,
            power,
            similar,
            dice,
            (reaction_dice, powers_dice),
            plot_point,
        )

    @command
    def dodge(
        self,
        defender: str,
        *,
        attacker: str | None = None,
        rank: int | None = None,
        power: str | None = None,
        similar: bool = False,
        dice: Sequence[int] | None = None,
        reaction_dice: Sequence[int] | None = None,
        powers_dice: Sequence[int] | None = None,
        plot_point: bool = False,
    ) -> DefenseResult:
        """``defender`` dodges an attack of ``rank``: Agility + 2d6 (+3 with dodge expertise,
        2014) against 8 + rank (seed 000, "Dodging"); otherwise as ``block``."""
        return self._defend(
            "dodge",
            defender,
            attacker,
            rank,
            power,
            similar,
            dice,
            (reaction_dice, powers_dice),
            plot_point,
        )

    def _defend(
        self,
        kind: DefenseKind,
        defender: str,
        attacker: str | None,
        rank: int | None,
        power: str | None,
        similar: bool,
        dice: object,
        reactions: tuple[object, object],
        plot_point: bool,
    ) -> DefenseResult:
        preview = self.defense_preview(
            kind, defender, attacker=attacker, rank=rank, power=power, similar=similar
        )
        automatic = self._automatic_roll(preview.defender, plot_point)
        rolled = self._dice(dice)
        task = preview.roll(rolled, automatic=automatic)
        defender, attacker = preview.defender, preview.attacker
        if preview.forced_round is not None:
            self._sacrifice(defender, DEFENSES[kind].annotation(attacker), preview.forced_round)
        self._journal.set(self._defending, defender, (kind, preview.attack))
        revision = moved = None
        if task.extreme and self.rules.extreme_revises_order and attacker in self._slots:
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
        pending = self._pending_for(defender)
        if pending is not None and pending.attacker == attacker:
            self._resolve_defense(pending, task.success, *reactions)
        return DefenseResult(preview, task, bool(moved), text)
