"""``Blackout``: the encounter class of the "blackout" rule set: initiative steps, action points,
surprise, attack and damage tests, out of the fight, healing and falling (seed 002, "Combat
Basics").

The arithmetic is :mod:`bpb_widgets.blackout.rules`; this class keeps each combatant's step,
action-point budget and hit points, through the undo journal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from bpb_widgets.blackout import rules as blackout
from bpb_widgets.blackout.pool import SuccessDie, check_successes
from bpb_widgets.engine.checks import check_flag, check_name, check_note, check_side, check_whole
from bpb_widgets.engine.command import command
from bpb_widgets.engine.encounter import Controls
from bpb_widgets.engine.initiative import InitiativeEncounter
from bpb_widgets.engine.rule_set import RuleSet
from bpb_widgets.engine.storage import Record
from bpb_widgets.errors import RuleError

SEED = "seed 002"


@dataclass(frozen=True, slots=True)
class BlackoutCombatant:
    """A combatant under the blackout rules: a player character rolls 1-3 initiative dice; an
    enemy has a fixed ``step`` and ``ap`` (at least 3). Hit points, damage resistance (temporary
    hit points), armor value, evasion rank (and its encumbrance cap) and stamina."""

    name: str
    pc: bool = True
    step: int | None = None
    ap: int | None = None
    hp: int = 10
    dr: int = 0
    armor: int = 0
    evasion: int = 0
    evasion_cap: int | None = None
    stamina: int = 0
    group: bool = False
    aware: bool = True
    #: Which side they fight on ("heroes", "villains", any name).
    side: str = ""

    def summary(self) -> str:
        who = "player character" if self.pc else f"enemy, step {self.step}, {self.ap} AP"
        cap = f" (cap {self.evasion_cap})" if self.evasion_cap is not None else ""
        return (
            f"{who}; HP {self.hp}, DR {self.dr}, armor {self.armor}, evasion {self.evasion}"
            f"{cap}, stamina {self.stamina}"
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "pc": self.pc,
            "step": self.step,
            "ap": self.ap,
            "hp": self.hp,
            "dr": self.dr,
            "armor": self.armor,
            "evasion": self.evasion,
            "evasion_cap": self.evasion_cap,
            "stamina": self.stamina,
            "group": self.group,
            "aware": self.aware,
            "side": self.side,
        }


def make_sheet(
    name: object,
    *,
    pc: object = True,
    step: object = None,
    ap: object = None,
    hp: object = 10,
    dr: object = 0,
    armor: object = 0,
    evasion: object = 0,
    evasion_cap: object = None,
    stamina: object = 0,
    group: object = False,
    aware: object = True,
    side: object = "",
) -> BlackoutCombatant:
    """A checked blackout sheet; an enemy needs its fixed step and at least 3 AP (seed 002,
    "Initiative")."""
    name = check_name(name)
    pc, group, aware = (
        check_flag(v, w) for v, w in ((pc, "pc"), (group, "group"), (aware, "aware"))
    )
    if pc and (step is not None or ap is not None):
        raise RuleError(
            f"{name} is a player character: their step and action points come from "
            "roll_initiative (1-3 dice), not from the GM."
        )
    if not pc:
        if step is None:
            raise RuleError(f"Enemies have a fixed initiative step set by the GM: give {name} one.")
        fixed = blackout.enemy_initiative(step, blackout.ENEMY_MIN_AP if ap is None else ap)
        step, ap = fixed.step, fixed.ap
    return BlackoutCombatant(
        name,
        pc,
        step,  # type: ignore[arg-type]
        ap,  # type: ignore[arg-type]
        check_whole(hp, f"{name}'s hit points", low=1),
        check_whole(dr, f"{name}'s damage resistance"),
        check_whole(armor, f"{name}'s armor value"),
        check_whole(evasion, f"{name}'s evasion rank"),
        None if evasion_cap is None else check_whole(evasion_cap, f"{name}'s evasion cap"),
        check_whole(stamina, f"{name}'s stamina"),
        group,
        aware,
        check_side(side),
    )


@dataclass(frozen=True, slots=True)
class Hit:
    """An attack test that hit, waiting for its damage test."""

    attacker: str
    target: str
    critical: bool
    one_two: bool


@dataclass(frozen=True)
class BlackoutRules(RuleSet):
    """The blackout rule set; its options say how a test's pool of dice scores successes (seed
    002 counts successes but never says how a die scores one): a d``pool_die`` succeeds on
    ``pool_success_on`` or more."""

    pool_die: int = 6
    pool_success_on: int = 5

    def check(self) -> None:
        if not 2 <= self.pool_die <= 100 or not 1 <= self.pool_success_on <= self.pool_die:
            raise RuleError("A pool die has 2 to 100 sides and succeeds on one of its faces.")


BLACKOUT = BlackoutRules("blackout", "Blackout, Combat Basics (seed 002)")


@dataclass(frozen=True, slots=True)
class InitiativePreview:
    """The chances of each initiative step before the dice (seed 002, "Initiative")."""

    dice: int
    #: Step -> exact chance.
    steps: Mapping[int, Fraction]
    #: The lowest enemy step, or None without enemies.
    first_enemy: int | None
    #: The chance of acting before every enemy (a PC goes first on a shared step).
    before_enemies: Fraction
    mean: Fraction


class Blackout(InitiativeEncounter[BlackoutCombatant]):
    """A blackout fight: initiative steps 1-18 from 1-3 d6 (lowest first), enemies on fixed steps,
    action points, attack and damage tests, out of the fight (seed 002, "Combat Basics")."""

    rule_sets: ClassVar[tuple[RuleSet, ...]] = (BLACKOUT,)
    title: ClassVar[str] = "blackout"
    roller: ClassVar[str] = "initiative-dice"
    controls: ClassVar[Controls] = Controls(
        roll_order="Roll initiative",
        roll_order_help=(
            "3 initiative dice for every PC without a step; lower steps act first (seed 002)"
        ),
        delay_to_step=True,
    )
    #: The fewest and most initiative dice a player character may roll.
    initiative_dice: ClassVar[tuple[int, int]] = (blackout.MIN_DICE, blackout.MAX_DICE)
    rules: BlackoutRules

    def _setup(self) -> None:
        super()._setup()
        self._budget: dict[str, blackout.APBudget] = {}
        #: Hit points and damage resistance (temporary hit points) of each combatant.
        self._hp: dict[str, tuple[int, int]] = {}
        self._stable: dict[str, bool] = {}
        self._dead: dict[str, bool] = {}
        #: A delay this round: name -> (round, step).
        self._delayed: dict[str, tuple[int, int]] = {}
        #: An attack test that hit, waiting for its damage test.
        self._hit: Hit | None = None
        #: The turn (count of turns begun) of each attacker's last hit, for one-two attacks.
        self._hits: dict[str, int] = {}

    @classmethod
    def upgrade_record(cls, version: int, record: Record) -> Record:
        """Version 1 spelled ``armour=``."""
        if version == 1 and "armour" in record["args"]:
            args = dict(record["args"])
            args["armor"] = args.pop("armour")
            return {**record, "args": args}
        return record

    # ------------------------------------------------------------------ hooks

    def make_sheet(self, name: object, **sheet: Any) -> BlackoutCombatant:
        """Blackout (seed 002): ``pc=False`` with ``step`` and ``ap`` for an enemy, ``hp``,
        ``dr``, ``armor``, ``evasion``, ``evasion_cap``, ``stamina``."""
        return make_sheet(name, **sheet)

    def _enrol(self, sheet: BlackoutCombatant) -> None:
        j = self._journal
        j.set(self._hp, sheet.name, (sheet.hp, sheet.dr))
        if not sheet.pc:
            assert sheet.step is not None and sheet.ap is not None
            j.set(self._initiative, sheet.name, blackout.enemy_initiative(sheet.step, sheet.ap))
            j.set(self._budget, sheet.name, blackout.APBudget(sheet.ap, sheet.stamina))
        super()._enrol(sheet)

    def _needs_roll(self, sheet: BlackoutCombatant) -> bool:
        return sheet.pc and super()._needs_roll(sheet)

    def _roll_one(self, name: str, dice: object, rolled: object) -> int:
        sheet = self._sheets[name]
        if not sheet.pc:
            raise RuleError(f"{name} is an enemy: the GM fixed their step at {sheet.step}.")
        if dice is None:  # as many as the physical dice typed, or all three
            dice = len(rolled) if isinstance(rolled, (list, tuple)) else blackout.MAX_DICE
        count = check_whole(dice, "Initiative dice", low=blackout.MIN_DICE, high=blackout.MAX_DICE)
        faces = self._dice(rolled, count=count, sides=6)
        result = blackout.initiative(count, rolled=faces)
        self._journal.set(self._initiative, name, result)
        self._journal.set(self._budget, name, blackout.APBudget(result.ap, sheet.stamina))
        shown = " + ".join(map(str, faces))
        self._event(
            "initiative",
            f"{name} rolls {count} initiative {'die' if count == 1 else 'dice'}"
            f": {shown} = step {result.step}, {result.ap} action point"
            f"{'s' * (result.ap != 1)} a turn (Initiative, {SEED})",
            name,
            {"dice": list(faces), "step": result.step, "ap": result.ap},
        )
        return result.step

    def _ranked(self) -> list[str]:
        delays = {n: step for n, (r, step) in self._delayed.items() if r == self._round}
        ties = [n for n in self._tie_order if n in self._initiative]
        return list(blackout.turn_order(self._initiative, delays=delays, tie_order=ties))

    def _turn_label(self, name: str) -> str:
        step = self._delayed_to(name)
        return "" if step is None else f" (delayed to step {step})"

    def _turn_started(self, name: str) -> None:
        budget = self._budget[name]
        self._journal.set(self._budget, name, budget.start_turn())
        hp, _ = self._hp[name]
        if hp <= 0 and not self._stable.get(name):
            self._event(
                "vitality due",
                f"{name} is out of the fight: test Endurance [Vitality] "
                f"at the start of the turn (Out of the Fight, {SEED})",
                name,
            )

    def _turn_ended(self, name: str) -> None:
        budget = self._budget[name]
        if budget.in_turn:
            self._journal.set(self._budget, name, budget.end_turn())

    def _new_round(self) -> None:
        for name, budget in list(self._budget.items()):
            self._journal.set(self._budget, name, budget.new_round())

    def _fit(self, name: str) -> bool:
        """Not dead: out of the fight still takes turns, to test Vitality (seed 002)."""
        return name not in self._dead

    def _down(self, name: str) -> bool:
        return self._hp[name][0] <= 0

    def _delayed_to(self, name: str) -> int | None:
        when, step = self._delayed.get(name, (0, 0))
        return step if when == self._round and self.started else None

    def _initiative_value(self, name: str) -> int | None:
        entry = self._initiative.get(name)
        if entry is None:
            return None
        return self._delayed_to(name) or entry.step

    def _ap_max(self, name: str) -> int | None:
        budget = self._budget.get(name)
        return budget.ap if budget else None

    # ------------------------------------------------------------------ reading the fight

    def ap(self, name: str) -> int | None:
        """Action points ``name`` can still spend this turn; None outside their turn."""
        budget = self._budget.get(self._known(name))
        return budget.left if budget and budget.in_turn else None

    def hit_points(self, name: str) -> tuple[int, int]:
        """``name``'s hit points and damage resistance (temporary hit points)."""
        return self._hp[self._known(name)]

    @property
    def pending_hit(self) -> Hit | None:
        """An attack test that hit, waiting for its damage test."""
        return self._hit

    def initiative_preview(self, dice: int) -> InitiativePreview:
        """The exact chance of each step with ``dice`` initiative dice, and of acting before
        every enemy (a PC goes first on a shared step) (seed 002, "Initiative")."""
        count = check_whole(dice, "Initiative dice", low=blackout.MIN_DICE, high=blackout.MAX_DICE)
        odds = blackout.step_odds(count)
        enemies = [s.step for s in self._sheets.values() if s.step is not None]
        first = min(enemies, default=None)
        before = sum(
            (p for step, p in odds.items() if first is not None and step <= first), Fraction(0)
        )
        mean = sum((step * p for step, p in odds.items()), Fraction(0))
        return InitiativePreview(count, odds, first, before, mean)

    # ------------------------------------------------------------------ delaying

    @command
    def delay(self, to: int | None = None) -> None:
        """The current combatant delays to a later step of their choosing, once a round, not to
        change it again (seed 002, "Initiative")."""
        name = self._need_current()
        self._need_resolved()
        if to is None:
            raise RuleError(
                f"In blackout a turn is delayed to a later step: delay(to=step) ({SEED})."
            )
        step = self._delayed.get(name, (0, self._initiative[name].step))[1]
        delayed = self._delayed.get(name, (0, 0))[0] == self._round
        to = blackout.delay(step, to, delayed=delayed)
        self._journal.set(self._delayed, name, (self._round, to))
        self._event(
            "delay",
            f"{name} delays from step {step} to step {to}, once this round, "
            f"not to change again (Initiative, {SEED})",
            name,
            {"step": to},
        )
        self._turn_ended(name)
        self._unlist_turn(name)
        self._reslot(skip_current=True)
        self._advance()

    @command
    def take_delayed(self, name: str) -> None:
        """Refused: in blackout a delayed turn comes at the step chosen when delaying."""
        raise RuleError("In blackout a delayed turn comes at the step chosen when delaying.")

    @command
    def act(
        self,
        name: str,
        kind: str,
        ap: int | None = None,
        *,
        take_time: bool = False,
        stamina: int = 0,
        note: str = "",
    ) -> int:
        """``name`` takes an action: "free" (one a turn; a second costs 1 AP once a round),
        "movement" (1-2 AP, one a turn), "standard" (1-3 AP) on their turn, or a "reaction" (no
        AP, one a round) outside it; ``take_time`` commits 1 AP more, ``stamina`` is spent too
        (seed 002, "Action Points and Actions", "Taking Your Time"). Returns the AP left."""
        name = self._known(name)
        self._spend(name, kind, ap, take_time=take_time, stamina=stamina)
        left = self._budget[name].left
        what = f": {check_note(note)}" if note else ""
        self._event(
            "action",
            f"{name} takes a {kind} action{what}; {left} AP left "
            f"(Action Points and Actions, {SEED})",
            name,
            {"kind": kind, "left": left},
        )
        return left

    def _spend(
        self, name: str, kind: str, ap: int | None, *, take_time: bool, stamina: int = 0
    ) -> None:
        self._need_started("act")
        budget = self._budget.get(name)
        if budget is None:
            raise RuleError(f"{name} has no action points yet: roll initiative first.")
        if self._hp[name][0] <= 0:
            raise RuleError(
                f"{name} is out of the fight and cannot act or move; at the start of "
                f"each turn they test Endurance [Vitality] (Out of the Fight, {SEED})."
            )
        if kind != "reaction" and name != self._current:
            raise RuleError(f"It is {self._current or 'nobody'}'s turn: {name} can only react.")
        if not isinstance(take_time, bool):
            raise RuleError("take_time= takes True or False.")
        self._journal.set(
            self._budget, name, budget.act(kind, ap, take_time=take_time, stamina=stamina)
        )

    @command
    def surprise(self, attackers: Sequence[int], defenders: Mapping[str, int]) -> tuple[str, ...]:
        """A surprise attack: each attacker's Dexterity [Sneak] successes, each defender's Insight
        [Perception] successes; defenders below the attackers' average are surprised (seed 002,
        "Surprise Attacks"). Returns who is surprised."""
        if not isinstance(defenders, Mapping):
            raise RuleError("Give the defenders' successes as {name: successes}.")
        checked = {self._known(n): s for n, s in defenders.items()}
        result = blackout.surprise(
            list(attackers) if isinstance(attackers, Sequence) else [], checked
        )
        names = ", ".join(result.surprised) or "nobody"
        self._event(
            "surprise",
            f"Surprise attack: the attackers average {float(result.average):g}"
            f" Dexterity [Sneak] successes; surprised: {names} (Surprise Attacks, {SEED})",
            data={"surprised": list(result.surprised)},
        )
        return result.surprised

    def _successes(
        self, successes: object, pool: object, dice: object, what: str, *, least: int = 0
    ) -> tuple[int, str]:
        """A test's successes: given by the GM, or rolled as a pool (rule option)."""
        if (successes is None) == (pool is None):
            raise RuleError(f"Give the {what} successes, or a pool of dice to roll (not both).")
        if successes is not None:
            count = check_successes(successes, f"{what} successes")
            return count, f"{count} success{'es' * (count != 1)}"
        size = max(least, check_whole(pool, f"{what} dice", low=1))
        die = SuccessDie(self.rules.pool_die, self.rules.pool_success_on)
        rolled = self._dice(dice, count=size, sides=die.sides)
        count = blackout.roll_pool(size, dice=rolled, die=die).successes
        faces = " ".join(map(str, rolled))
        return count, (
            f"{size}d{die.sides} ({faces}), {die.success_on}+ succeeds: {count} "
            f"success{'es' * (count != 1)}"
        )

    @command
    def attack_test(
        self,
        attacker: str,
        target: str,
        successes: int | None = None,
        *,
        pool: int | None = None,
        dice: Sequence[int] | None = None,
        ap: int = 1,
        take_time: bool = False,
        one_two: bool = False,
        reaction: bool = False,
        friend: bool = False,
    ) -> blackout.Outcome:
        """An attack test against the target's passive evasion (evasion rank + 1, at least 1,
        capped by encumbrance; 1 for a friend not dodging or a target out of the fight), at
        least 4 dice when rolled (seed 002, "Attacking", "Evasion"). A standard action of ``ap``
        AP, or the round's ``reaction``; a ``one_two`` attack follows a hit this turn at no AP
        (seed 002, "One-Two Attacks"). A hit waits for ``damage_test``."""
        attacker, target = self._known(attacker), self._known(target)
        if self._hit is not None:
            raise RuleError(f"First make the damage test of {self._hit.attacker}'s hit.")
        if attacker == target:
            raise RuleError(f"{attacker} cannot attack themselves.")
        if one_two:
            blackout.check_one_two(hit=self._hits.get(attacker) == self._turns, reaction=reaction)
        if reaction:
            self._spend(attacker, "reaction", None, take_time=False)
        elif not one_two:
            self._spend(attacker, "standard", ap, take_time=take_time)
        elif attacker != self._current:
            raise RuleError("One-two attacks are made on your own turn.")
        sheet, hp = self._sheets[target], self._hp[target][0]
        evasion = blackout.passive_evasion(
            sheet.evasion, cap=sheet.evasion_cap, friend=friend, out_of_fight=hp <= 0
        )
        count, shown = self._successes(
            successes, pool, dice, "Attack", least=blackout.MIN_ATTACK_DICE
        )
        result = blackout.outcome(count, evasion)
        word = "critical hit" if result.critical_success else "hit" if result.success else "miss"
        then = "; damage test next" if result.success else ""
        self._event(
            "attack",
            f"{attacker} attacks {target}: {shown} vs passive evasion "
            f"{evasion}: {word}{then} (Attacking, Evasion, {SEED})",
            attacker,
            {"target": target, "successes": count, "hit": result.success},
        )
        if result.success:
            self._journal.attr(
                self, "_hit", Hit(attacker, target, result.critical_success, bool(one_two))
            )
            if not one_two:  # a one-two attack generates no further attack
                self._journal.set(self._hits, attacker, self._turns)
        return result

    @command
    def damage_test(
        self,
        successes: int | None = None,
        *,
        pool: int | None = None,
        dice: Sequence[int] | None = None,
        non_lethal: bool = False,
        ranged: bool = False,
        vitality: int | None = None,
    ) -> int:
        """The damage test of the waiting hit: 5 points a success against the armor value; the
        rest is direct damage, to damage resistance first, then hit points (doubled once out of
        the fight). A ``non_lethal`` attack that takes the target out of the fight asks for the
        target's Endurance [Vitality] successes (``vitality``) against 1 + 1 per 5 points (seed
        002, "Damage", "Non-Lethal Attacks", "Out of the Fight"). Returns the hit points lost."""
        hit = self._hit
        if hit is None:
            raise RuleError("No attack test has hit: nothing to roll damage for.")
        count, shown = self._successes(successes, pool, dice, "Damage")
        target, sheet = hit.target, self._sheets[hit.target]
        dealt = blackout.damage(count, sheet.armor)
        harm = self._harm(target, dealt.direct)
        self._journal.attr(self, "_hit", None)
        self._event(
            "damage",
            f"Damage test: {shown} x 5 = {dealt.points} vs armor "
            f"{sheet.armor}: {dealt.direct} direct damage; DR absorbs {harm.absorbed}, "
            f"{target} loses {harm.lost} HP{' (doubled: out of the fight)' * harm.doubled}"
            f" -> {harm.hp} HP (Damage, {SEED})",
            hit.attacker,
            {"target": target, "lost": harm.lost, "hp": harm.hp},
        )
        if harm.out_of_fight and not harm.doubled:
            self._taken_out(target, harm, non_lethal, ranged, vitality)
        elif vitality is not None:
            raise RuleError(
                "The Endurance [Vitality] test follows a non-lethal attack that "
                "takes the target out of the fight."
            )
        return harm.lost

    def _harm(self, name: str, direct: int) -> blackout.Harm:
        hp, dr = self._hp[name]
        harm = blackout.apply_damage(direct, hp=hp, dr=dr)
        self._journal.set(self._hp, name, (harm.hp, harm.dr))
        return harm

    def _taken_out(
        self,
        name: str,
        harm: blackout.Harm,
        non_lethal: bool,
        ranged: bool,
        vitality: object,
    ) -> None:
        if not non_lethal:
            if vitality is not None:
                raise RuleError("Only a non-lethal attack asks for an Endurance [Vitality] test.")
            self._event(
                "out",
                f"{name} is out of the fight: cannot act or move, passive evasion "
                f"1, unabsorbed damage doubled (Out of the Fight, {SEED})",
                name,
            )
            return
        if vitality is None:
            raise RuleError(
                f"The non-lethal attack takes {name} out of the fight: give their "
                "Endurance [Vitality] successes (vitality=)."
            )
        test = blackout.non_lethal(
            check_successes(vitality, "Vitality successes"), received=harm.lost, ranged=bool(ranged)
        )
        if test.result == "conscious":
            self._journal.set(self._hp, name, (1, self._hp[name][1]))
        elif test.result == "killed":
            self._changing_fitness(name, lambda: self._journal.set(self._dead, name, True))
        self._event(
            "non-lethal",
            f"{name} tests Endurance [Vitality]: {vitality} vs "
            f"{test.outcome.difficulty}: {test.result} (Non-Lethal Attacks, {SEED})",
            name,
        )

    @command
    def vitality_test(
        self,
        name: str,
        successes: int | None = None,
        *,
        pool: int | None = None,
        dice: Sequence[int] | None = None,
        d3: int | None = None,
    ) -> str:
        """Out of the fight, at the start of each turn: Endurance [Vitality]. No successes, 2 x
        D3 damage; 1-2, D3; 3-4, stabilised; 5, back to 1 HP and in the fight (seed 002, "Out of
        the Fight")."""
        name = self._known(name)
        if name != self._current:
            raise RuleError(f"{name} tests Endurance [Vitality] at the start of their own turn.")
        if self._stable.get(name):
            raise RuleError(f"{name} is stabilised: no more bleeding tests.")
        count, shown = self._successes(successes, pool, dice, "Endurance [Vitality]")
        hp, dr = self._hp[name]
        result = blackout.bleed(
            count, hp=hp, d3=d3, rng=None if d3 is not None else self._history.random()
        )
        if d3 is None and result.d3 is not None:
            self._history.record_roll((result.d3,))
        self._journal.set(self._hp, name, (result.hp, dr))
        if result.result == "stabilised":
            self._journal.set(self._stable, name, True)
        self._event(
            "vitality",
            f"{name} tests Endurance [Vitality]: {shown}: {result.result}"
            + (f", bleeds {result.damage} HP" if result.damage else "")
            + f" -> {result.hp} HP (Out of the Fight, {SEED})",
            name,
        )
        return result.result

    @command
    def heal(
        self,
        healer: str,
        target: str,
        successes: int | None = None,
        *,
        pool: int | None = None,
        dice: Sequence[int] | None = None,
        ap: int = 1,
    ) -> int:
        """A Heal HP action: adjacent, Intelligence [Medicine], 2 HP a success up to the maximum
        (seed 002, "Healing"). Returns the target's hit points."""
        healer, target = self._known(healer), self._known(target)
        self._spend(healer, "standard", ap, take_time=False)
        count, shown = self._successes(successes, pool, dice, "Intelligence [Medicine]")
        hp, dr = self._hp[target]
        healed = blackout.heal(count, hp=hp, max_hp=self._sheets[target].hp)
        self._journal.set(self._hp, target, (healed, dr))
        if healed > 0:
            self._journal.pop(self._stable, target)
        self._event(
            "heal",
            f"{healer} heals {target}: {shown} x 2 HP: {hp} -> {healed} HP (Healing, {SEED})",
            healer,
        )
        return healed

    @command
    def fall(
        self,
        name: str,
        feet: float,
        *,
        successes: int | None = None,
        rolled: Sequence[int] | None = None,
    ) -> int:
        """``name`` falls ``feet``: from 10 ft, D3 direct damage per 5 ft and prone; an Endurance
        [Fortitude] test (1 + 1 per 10 ft, ``successes``) halves it and avoids prone (seed 002,
        "Falling"). Returns the hit points lost."""
        name = self._known(name)
        seeded = rolled is None
        result = blackout.fall(
            feet, successes=successes, rolled=rolled, rng=self._history.random() if seeded else None
        )
        if seeded and result.rolled:
            self._history.record_roll(tuple(result.rolled))
        dice = result.rolled
        harm = self._harm(name, result.damage)
        test = (
            ""
            if result.difficulty is None or successes is None
            else (
                f"; Endurance [Fortitude] {successes} vs {result.difficulty}: "
                + ("halved, not prone" if result.halved else "failed")
            )
        )
        self._event(
            "fall",
            f"{name} falls {result.feet:g} ft: D3 x {len(dice)} "
            f"({' '.join(map(str, dice)) or 'none'}){test}: {result.damage} direct damage,"
            f" {harm.lost} HP lost{', prone' if result.prone else ''} (Falling, {SEED})",
            name,
        )
        return harm.lost
