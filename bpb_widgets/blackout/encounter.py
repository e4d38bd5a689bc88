"""``Blackout``: the encounter class of the "blackout" rule set: initiative steps, action points,
surprise, attack and damage tests, out of the fight, healing and falling (seed 002, "Combat
Basics").

The arithmetic is :mod:`bpb_widgets.blackout.rules`; the sheet, the rule set, the conditions and
the previews have their own modules (``sheet``, ``rule_sets``, ``conditions``, ``previews``); this
class keeps each combatant's step, action-point budget and hit points, through the undo journal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar

from bpb_widgets.blackout import rules as blackout
from bpb_widgets.blackout.conditions import (
    DEAD,
    OUT_OF_THE_FIGHT,
    OUT_RULE,
    PRONE,
    SLOWED,
    STABILISED,
    SURPRISED,
    Effect,
    kept,
    under,
)
from bpb_widgets.blackout.pool import (
    SuccessDie,
    check_pool,
    check_successes,
    pool_odds,
)
from bpb_widgets.blackout.previews import (
    BlackoutStatus,
    DamagePreview,
    Hit,
    InitiativePreview,
    TestPreview,
)
from bpb_widgets.blackout.rule_sets import BLACKOUT, BlackoutRules
from bpb_widgets.blackout.rules import SEED
from bpb_widgets.blackout.sheet import SHEET_FIELDS, BlackoutCombatant, make_sheet
from bpb_widgets.engine import rule_texts
from bpb_widgets.engine.checks import (
    check_choice,
    check_flag,
    check_note,
    check_sheet_fields,
    check_whole,
    noted,
)
from bpb_widgets.engine.command import command
from bpb_widgets.engine.conditions import Condition, ConditionKind, check_condition_name
from bpb_widgets.engine.encounter import Controls, HandAction, SheetField, Vitals
from bpb_widgets.engine.initiative import InitiativeEncounter, InitiativeTurn
from bpb_widgets.engine.rule_set import RuleSet
from bpb_widgets.engine.rule_texts import RuleText
from bpb_widgets.engine.storage import Record
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError

#: Where a movement action leaves the mover, and the rule that slows them there (seed 002,
#: "Movement", "Climbing", "Swimming"); "clear" ends being slowed.
TERRAIN: Mapping[str, str | None] = MappingProxyType(
    {"clear": None, "difficult": "Movement", "climbing": "Climbing", "swimming": "Swimming"}
)


class Blackout(InitiativeEncounter[BlackoutCombatant]):
    """A blackout fight: initiative steps 1-18 from 1-3 d6 (lowest first), enemies on fixed steps,
    action points, attack and damage tests, out of the fight (seed 002, "Combat Basics")."""

    rule_sets: ClassVar[tuple[RuleSet, ...]] = (BLACKOUT,)
    title: ClassVar[str] = "blackout"
    #: The action types ``act`` takes (seed 002, "Action Points and Actions").
    actions: ClassVar[tuple[str, ...]] = tuple(blackout.ACTION_TYPES)
    #: Where a movement action may end (``act(terrain=...)``).
    terrain: ClassVar[tuple[str, ...]] = tuple(TERRAIN)
    #: The fewest dice an attack test rolls (seed 002, "Attacking").
    min_attack_dice: ClassVar[int] = blackout.MIN_ATTACK_DICE
    panels: ClassVar[tuple[str, ...]] = ("strip", "roster", "combat", "initiative", "log", "files")
    rule_texts: ClassVar[Mapping[str, RuleText]] = rule_texts.load("bpb_widgets.blackout")
    hand_actions: ClassVar[tuple[HandAction, ...]] = (
        HandAction("Damage", "damage", "amount"),
        HandAction("Heal", "heal_hp", "amount"),
    )
    controls: ClassVar[Controls] = Controls(
        roll_order="Roll initiative",
        roll_order_help=(
            "3 initiative dice for every PC without a step; lower steps act first (seed 002)"
        ),
        delay_to_step=True,
        first_step=blackout.FIRST_STEP,
        last_step=blackout.LAST_STEP,
    )
    #: The fewest and most initiative dice a player character may roll.
    initiative_dice: ClassVar[tuple[int, int]] = (blackout.MIN_DICE, blackout.MAX_DICE)
    rules: BlackoutRules

    def _setup(self) -> None:
        super()._setup()
        self._budget: dict[str, blackout.APBudget] = {}
        #: Hit points and damage resistance (temporary hit points) of each combatant.
        self._hp: dict[str, tuple[int, int]] = {}
        self._dead: dict[str, bool] = {}
        #: A delay this round: name -> (round, step).
        self._delayed: dict[str, tuple[int, int]] = {}
        #: An attack test that hit, waiting for its damage test.
        self._hit: Hit | None = None
        #: After the current combatant's last attack test this turn: (attacker, whether a one-two
        #: attack may follow), or None when their last attack missed.
        self._one_two: tuple[str, bool] | None = None
        #: Who must test Endurance [Vitality] before their turn can go on (Out of the Fight).
        self._vitality_due: str | None = None

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
        check_sheet_fields(sheet, SHEET_FIELDS, "blackout", SEED)
        return make_sheet(name, **sheet)

    def _dismiss(self, name: str) -> None:
        """A combatant whose hit waits for its damage test, or who must test Vitality, cannot
        leave until that is done; their AP, hit points and delay go with them."""
        self._need_settled(name)
        super()._dismiss(name)
        for table in (self._budget, self._hp, self._dead, self._delayed):
            self._journal.pop(table, name)
        if self._one_two is not None and self._one_two[0] == name:
            self._journal.attr(self, "_one_two", None)

    def _need_settled(self, name: str) -> None:
        """Refuse while ``name``'s hit waits for its damage test, or they must test Vitality."""
        hit = self._hit
        if hit is not None and name in (hit.attacker, hit.target):
            raise RuleError(f"First make the damage test of {hit.attacker}'s hit.")
        if self._vitality_due == name:
            raise RuleError(f"First test {possessive(name)} Endurance [Vitality].")

    def _check_edit(self, before: BlackoutCombatant, after: BlackoutCombatant) -> None:
        """Not while their hit or Vitality test waits; once the fight has started, a player
        character stays one and an enemy keeps the step and AP the GM fixed (seed 002,
        "Initiative": the order of play and each turn's AP come from them)."""
        self._need_settled(before.name)
        fixed = (before.pc, before.step, before.ap) != (after.pc, after.step, after.ap)
        if fixed and self.started:
            raise RuleError(
                f"{possessive(before.name)} initiative is set for the fight (step and action "
                f"points, Initiative, {SEED}): it is edited before the start only."
            )

    def _edited(self, before: BlackoutCombatant, after: BlackoutCombatant) -> None:
        """Hit points and damage resistance keep the damage taken; stamina moves with its
        maximum; before the start an enemy's fixed step and AP are their initiative (a player
        character rolls)."""
        name, j = after.name, self._journal
        if (before.hp, before.dr) != (after.hp, after.dr):
            hp, dr = self._hp[name]
            now = (hp + after.hp - before.hp, min(max(0, dr + after.dr - before.dr), after.dr))
            self._event(
                "edit",
                f"{possessive(name)} hit points {hp}/{before.hp} -> {now[0]}/{after.hp}, damage "
                f"resistance {dr} -> {now[1]}: the damage taken stays (Damage, {SEED})",
                name,
            )
            self._set_hp(name, *now)
        if (before.pc, before.step, before.ap) != (after.pc, after.step, after.ap):
            j.pop(self._initiative, name)
            j.pop(self._budget, name)
            if not after.pc:
                self._enrol_enemy(after)
        elif after.stamina != before.stamina and name in self._budget:
            budget = self._budget[name]
            stamina = min(max(0, budget.stamina + after.stamina - before.stamina), after.stamina)
            j.set(self._budget, name, replace(budget, stamina=stamina, max_stamina=after.stamina))

    def _enrol(self, sheet: BlackoutCombatant) -> None:
        self._journal.set(self._hp, sheet.name, (sheet.hp, sheet.dr))
        if not sheet.pc:
            self._enrol_enemy(sheet)
        super()._enrol(sheet)

    def _enrol_enemy(self, sheet: BlackoutCombatant) -> None:
        """An enemy's initiative is the step and AP the GM fixed (seed 002, "Initiative")."""
        assert sheet.step is not None and sheet.ap is not None
        j = self._journal
        j.set(self._initiative, sheet.name, blackout.enemy_initiative(sheet.step, sheet.ap))
        j.set(self._budget, sheet.name, blackout.APBudget(sheet.ap, sheet.stamina))

    def _needs_roll(self, sheet: BlackoutCombatant) -> bool:
        return sheet.pc and super()._needs_roll(sheet)

    def _roll_one(self, name: str, dice: object, rolled: object) -> int:
        """A player character rolls ``dice`` (1-3, default 3) d6, ``rolled`` the physical dice:
        their sum is the step (lower first), one action point each (seed 002, "Initiative")."""
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
        due = None
        if budget.paused:  # the delayed turn goes on: not a second turn
            self._event(
                "resume",
                f"{name} goes on with the delayed turn: {budget.left} of {budget.ap} AP left"
                f"{', the free action used' * (budget.free_actions > 0)}"
                f"{', the movement used' * budget.moved}; delaying is not a second turn "
                f"(Initiative, {SEED})",
                name,
            )
        elif self._out(name) and not under(self._conditions.get(name, ()), Effect.NO_BLEEDING):
            due = name
            self._event(
                "vitality due",
                f"{name} is out of the fight: test Endurance [Vitality] "
                f"at the start of the turn (Out of the Fight, {SEED})",
                name,
            )
        if due != self._vitality_due:
            self._journal.attr(self, "_vitality_due", due)
        if self.rules.surprise_effect == "no actions" and self._surprised(name):
            self._event(
                "surprised",
                f"{name} is surprised: no action, movement or reaction until this turn ends "
                f"(Surprise Attacks, {SEED}; rule option surprise_effect='no actions')",
                name,
            )

    def _turn_ended(self, name: str) -> None:
        budget = self._budget[name]
        if budget.in_turn:
            self._journal.set(self._budget, name, budget.end_turn())
        if self._one_two is not None:
            self._journal.attr(self, "_one_two", None)

    def _new_round(self) -> None:
        for name, budget in list(self._budget.items()):
            self._journal.set(self._budget, name, budget.new_round())

    def _fit(self, name: str) -> bool:
        """Not dead: out of the fight still takes turns, to test Vitality (seed 002)."""
        return name not in self._dead

    def _down(self, name: str) -> bool:
        return self._hp[name][0] <= 0

    def _unresolved(self) -> str | None:
        hit = self._hit
        if hit is not None:
            return (
                f"First make the damage test of {hit.attacker}'s hit on {hit.target} "
                f"(damage_test; Damage, {SEED})."
            )
        due = self._vitality_due
        if due is not None and due == self._current:
            return (
                f"{due} is out of the fight: first the Endurance [Vitality] test at the start of "
                f"the turn (vitality_test; Out of the Fight, {SEED})."
            )
        return None

    def turn_state(self, name: str) -> InitiativeTurn:
        """As every initiative system's, delaying while the turn is paused, delayed to a later
        step (seed 002, "Initiative")."""
        state = super().turn_state(name)
        budget = self._budget.get(state.name)
        return replace(state, delaying=budget is not None and budget.paused)

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
        """Action points ``name`` can still spend this turn (or when their delayed turn goes on);
        None outside their turn."""
        budget = self._budget.get(self._known(name))
        return budget.left if budget and (budget.in_turn or budget.paused) else None

    def initiative_of(self, name: str) -> blackout.Initiative | None:
        """``name``'s initiative: the step rolled (or an enemy's fixed step) and the action
        points each turn brings, kept from round to round; None before it is rolled. A delay
        this round does not change it (``turn_state`` shows the step delayed to)."""
        return self._initiative.get(self._known(name))

    def hit_points(self, name: str) -> tuple[int, int]:
        """``name``'s hit points and damage resistance (temporary hit points)."""
        return self._hp[self._known(name)]

    def stamina(self, name: str) -> int:
        """``name``'s stamina now (seed 002, "Action Points and Actions")."""
        name = self._known(name)
        budget = self._budget.get(name)
        return self._sheets[name].stamina if budget is None else budget.stamina

    @classmethod
    def sheet_fields(cls) -> tuple[SheetField, ...]:
        """A blackout sheet (seed 002): player character or enemy (an enemy's fixed step and
        action points), hit points, damage resistance, armor value, evasion and its cap,
        stamina."""
        return (
            *super().sheet_fields(),
            SheetField("pc", "Player character (rolls initiative)", "flag", True),
            SheetField(
                "step", "Step (enemies)", "rank", None, blackout.FIRST_STEP, blackout.LAST_STEP
            ),
            SheetField(
                "ap",
                "Action points (enemies)",
                "rank",
                None,
                blackout.ENEMY_MIN_AP,
                blackout.MAX_ENEMY_AP,
            ),
            SheetField("hp", "Hit points", "rank", 10, 1, blackout.MAX_HP),
            SheetField("dr", "Damage resistance", "rank", 0, 0, blackout.MAX_HP),
            SheetField("armor", "Armor value", "rank", 0, 0, blackout.MAX_ARMOR),
            SheetField("evasion", "Evasion rank", "rank", 0, 0, blackout.MAX_EVASION),
            SheetField("evasion_cap", "Evasion cap", "rank", None, 0, blackout.MAX_EVASION),
            SheetField("stamina", "Stamina", "rank", 0, 0, blackout.MAX_STAMINA),
        )

    def vitals(self, name: str) -> Vitals:
        """Hit points against the sheet's, then damage resistance (temporary hit points),
        stamina and, in their turn, action points left (seed 002, "Damage", "Action Points
        and Actions")."""
        status = self.status(name)
        extra = [("damage resistance", status.dr), ("stamina", status.stamina)]
        if status.ap is not None:
            extra.append(("AP", status.ap))
        return Vitals("HP", status.hp, status.max_hp, extra=tuple(extra))

    def status(self, name: str) -> BlackoutStatus:
        """Everything ``name`` has now: hit points, damage resistance, stamina, action points,
        out of the fight, stabilised, dead, and the names of their conditions."""
        name = self._known(name)
        sheet, budget = self._sheets[name], self._budget.get(name)
        hp, dr = self._hp[name]
        return BlackoutStatus(
            name,
            hp,
            sheet.hp,
            dr,
            sheet.dr,
            self.stamina(name),
            sheet.stamina,
            self.ap(name),
            None if budget is None else budget.ap,
            hp <= 0,
            self.has_condition(name, STABILISED.name),
            name in self._dead,
            tuple(c.name for c in self.conditions(name)),
        )

    @property
    def pending_hit(self) -> Hit | None:
        """An attack test that hit, waiting for its damage test."""
        return self._hit

    @property
    def one_two(self) -> str | None:
        """Who may make a one-two attack now (their attack just hit an enemy on their own
        turn), or None (seed 002, "One-Two Attacks")."""
        chance = self._one_two
        return chance[0] if chance and chance[1] and chance[0] == self._current else None

    @property
    def vitality_due(self) -> str | None:
        """Who must test Endurance [Vitality] before their turn can go on, or None (seed 002,
        "Out of the Fight")."""
        return self._vitality_due

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

    def attack_preview(
        self, attacker: str, target: str, pool: int, *, friend: bool = False
    ) -> TestPreview:
        """The chance that ``attacker``'s attack test of ``pool`` dice (at least 4 are rolled)
        hits ``target``: successes against their passive evasion (seed 002, "Attacking",
        "Evasion")."""
        attacker, target = self._known(attacker), self._known(target)
        if attacker == target:
            raise RuleError(f"{attacker} cannot attack themselves.")
        size = blackout.attack_pool(pool)
        difficulty = self._evasion(target, check_flag(friend, "friend"))
        return TestPreview(size, difficulty, pool_odds(size, die=self._pool_die()))

    def _pool_die(self) -> SuccessDie:
        """How a die of a pool scores, by the rule options ``pool_die`` and ``pool_success_on``."""
        return SuccessDie(self.rules.pool_die, self.rules.pool_success_on)

    def _evasion(self, target: str, friend: bool) -> int:
        sheet, hp = self._sheets[target], self._hp[target][0]
        return blackout.passive_evasion(
            sheet.evasion, cap=sheet.evasion_cap, friend=friend, out_of_fight=hp <= 0
        )

    def damage_preview(self, pool: int) -> DamagePreview:
        """What a damage test of ``pool`` dice would leave the waiting hit's target with: 5 points
        a success against armor, damage resistance first (seed 002, "Damage")."""
        hit = self._hit
        if hit is None:
            raise RuleError("No attack test has hit: nothing to roll damage for.")
        size = check_pool(pool, "Damage dice", low=1)
        armor = self._sheets[hit.target].armor
        hp, dr = self._hp[hit.target]
        after: dict[int, Fraction] = {}
        for count, p in pool_odds(size, die=self._pool_die()).items():
            left = blackout.apply_damage(blackout.damage(count, armor).direct, hp=hp, dr=dr).hp
            after[left] = after.get(left, Fraction(0)) + p
        return DamagePreview(hit.target, size, armor, dr, hp, dict(sorted(after.items())))

    # ------------------------------------------------------------------ conditions

    def _condition(self, name: str, kind: ConditionKind[Effect]) -> Condition | None:
        return kind.on(self._conditions.get(name, ()))

    def _give(
        self,
        name: str,
        kind: ConditionKind[Effect],
        rule: str | None = None,
        note: str | None = None,
    ) -> None:
        """Give ``name`` the condition ``kind`` until removed (by its own rule, or ``rule``)."""
        self._give_condition(name, kind.give(self._turns, rule=rule, note=note))

    def _surprised(self, name: str) -> bool:
        """Under a surprise attack's effect (seed 002, "Surprise Attacks")."""
        return under(self._conditions.get(name, ()), Effect.SURPRISED)

    def _set_hp(self, name: str, hp: int, dr: int) -> None:
        """Set ``name``'s hit points and damage resistance; going to 0 or less puts them out of
        the fight and prone, and back to 1 or more lifts both (seed 002, "Out of the Fight")."""
        before = self._hp[name][0]
        self._journal.set(self._hp, name, (hp, dr))
        if before > 0 >= hp:
            self._give(name, OUT_OF_THE_FIGHT)
            if not self.has_condition(name, PRONE.name):
                self._give(name, PRONE)
            slowed = self._condition(name, SLOWED)
            if slowed is not None and slowed.rule.startswith("Climbing"):
                self._event(
                    "falls",
                    f"{name} was climbing: knocked out of the fight, they fall (Climbing, "
                    f"{SEED}); record the height with fall()",
                    name,
                )
        elif before <= 0 < hp:
            why = f"back to {hp} HP ({OUT_RULE})"
            self._lift_condition(name, OUT_OF_THE_FIGHT.name, why)
            self._lift_condition(name, STABILISED.name, why)
            prone = self._condition(name, PRONE)
            if prone is not None and prone.rule == OUT_RULE:
                self._lift_condition(name, PRONE.name, why)
            if self._vitality_due == name:
                self._journal.attr(self, "_vitality_due", None)

    def _refuse_kept(self, condition: object) -> None:
        what = check_condition_name(condition)
        if kept(what):
            raise RuleError(
                f"{what!r} follows hit points and tests, not the GM's hand: damage, heal or test "
                f"Vitality instead (Out of the Fight, Non-Lethal Attacks, {SEED})."
            )

    @command
    def add_condition(
        self,
        name: str,
        condition: str,
        *,
        ends: str | None = None,
        of: str | None = None,
        note: str = "",
        rounds: int | None = None,
    ) -> Condition:
        """As every system's ``add_condition`` ("prone", "slowed", "surprised" ...), except the
        conditions that follow hit points and tests ("out of the fight", "stabilised", "dead")."""
        self._refuse_kept(condition)
        return super().add_condition(name, condition, ends=ends, of=of, note=note, rounds=rounds)

    @command
    def remove_condition(self, name: str, condition: str) -> None:
        """As every system's ``remove_condition`` (a prone character stands up, a slowed one
        leaves the terrain), except "out of the fight", "stabilised" and "dead"."""
        self._refuse_kept(condition)
        super().remove_condition(name, condition)

    # ------------------------------------------------------------------ delaying

    @command
    def delay(self, to: int | None = None) -> None:
        """The current combatant delays to a later step of their choosing, once a round, not to
        change it again (seed 002, "Initiative"). The step counts from their own initiative step
        (the dice rolled at the start), whatever they delayed to in earlier rounds, and delaying
        is not a second turn: what they spent stays spent when the turn goes on."""
        name = self._need_current()
        self._need_resolved()
        if to is None:
            raise RuleError(
                f"In blackout a turn is delayed to a later step: delay(to=step) ({SEED})."
            )
        step = self._initiative[name].step
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
        self._journal.set(self._budget, name, self._budget[name].pause())
        if self._one_two is not None:
            self._journal.attr(self, "_one_two", None)
        self._unlist_turn(name)
        self._reslot(skip_current=True)
        self._advance()

    @command
    def take_delayed(self, name: str) -> None:
        """Refused: in blackout a delayed turn comes at the step chosen when delaying."""
        raise RuleError("In blackout a delayed turn comes at the step chosen when delaying.")

    # ------------------------------------------------------------------ actions

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
        terrain: str | None = None,
    ) -> int:
        """``name`` takes an action: "free" (one a turn; a second costs 1 AP once a round),
        "movement" (1-2 AP, one a turn), "standard" (1-3 AP) on their turn, or a "reaction" (no
        AP, one a round) outside it; ``take_time`` commits 1 AP more, ``stamina`` is spent too
        (seed 002, "Action Points and Actions", "Taking Your Time"). A movement action may say
        where it ends (``terrain``): "difficult", "climbing" or "swimming" slow the mover,
        "clear" ends it (seed 002, "Movement", "Climbing", "Swimming"). Returns the AP left."""
        name = self._known(name)
        text = check_note(note) if note else ""
        if terrain is not None:
            if kind != "movement":
                raise RuleError("Only a movement action says where it ends (terrain=).")
            terrain = check_choice(terrain, TERRAIN, "terrain")
        self._spend(name, kind, ap, take_time=take_time, stamina=stamina)
        left = self._budget[name].left
        what = f": {text}" if text else ""
        self._event(
            "action",
            f"{name} takes a {kind} action{what}; {left} AP left "
            f"(Action Points and Actions, {SEED})",
            name,
            {"kind": kind, "left": left},
        )
        if terrain is not None:
            rule = TERRAIN[terrain]
            if rule is None:
                self._lift_condition(name, SLOWED.name, f"out on clear terrain (Movement, {SEED})")
            else:
                where = "in difficult terrain" if terrain == "difficult" else terrain
                self._give(name, SLOWED, f"{rule}, {SEED}", where)
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
        check_flag(take_time, "take_time")
        effect = self.rules.surprise_effect
        if self._surprised(name) and (
            effect == "no actions" or (effect == "no reactions" and kind == "reaction")
        ):
            what = "action, movement or reaction" if effect == "no actions" else "reaction"
            raise RuleError(
                f"{name} is surprised: no {what} until the end of their first turn (Surprise "
                f"Attacks, {SEED}; rule option surprise_effect={effect!r})."
            )
        self._journal.set(
            self._budget, name, budget.act(kind, ap, take_time=take_time, stamina=stamina)
        )

    @staticmethod
    def check_sneak(attackers: Sequence[int]) -> None:
        """Refuse the attackers' Dexterity [Sneak] successes as ``surprise`` would, whoever the
        defenders (a form's check of that field alone; seed 002, "Surprise Attacks")."""
        blackout.surprise(attackers, {"": 0})

    @staticmethod
    def check_fall(
        feet: float, *, successes: int | None = None, rolled: Sequence[int] | None = None
    ) -> None:
        """Refuse a fall as ``fall`` would, with nobody falling (a form's check of its fields;
        seed 002, "Falling")."""
        blackout.fall(feet, successes=successes, rolled=rolled)

    @command
    def surprise(self, attackers: Sequence[int], defenders: Mapping[str, int]) -> tuple[str, ...]:
        """A surprise attack: each attacker's Dexterity [Sneak] successes, each defender's Insight
        [Perception] successes; defenders below the attackers' average are surprised until the end
        of their next turn, with the effect of the rule option ``surprise_effect`` (seed 002,
        "Surprise Attacks"). Returns who is surprised."""
        if not isinstance(defenders, Mapping):
            raise RuleError("Give the defenders' successes as {name: successes}.")
        if len(defenders) > blackout.MAX_GROUP:
            raise RuleError(f"A group test has at most {blackout.MAX_GROUP} members.")
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
        effect = {
            "no actions": "no action, movement or reaction",
            "no reactions": "no reaction",
            "none": "the GM rules what it does",
        }[self.rules.surprise_effect]
        for name in result.surprised:
            self._give_condition(
                name,
                SURPRISED.give(self._turns, "end", name, note=effect),
            )
        return result.surprised

    def _successes(
        self, successes: object, pool: object, dice: object, what: str, *, least: int = 0
    ) -> tuple[int, str]:
        """A test's successes: given by the GM, or rolled as a pool (rule option); every number
        is checked against its bounds before a die is rolled."""
        if (successes is None) == (pool is None):
            raise RuleError(f"Give the {what} successes, or a pool of dice to roll (not both).")
        if successes is not None:
            if dice is not None:
                raise RuleError("Physical dice (dice=) go with a pool (pool=), not successes.")
            count = check_successes(successes, f"{what} successes")
            return count, f"{count} success{'es' * (count != 1)}"
        size = max(least, check_pool(pool, f"{what} dice", low=1))
        die = self._pool_die()
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
        AP, or the round's ``reaction``. A ``one_two`` attack follows, at no AP, an attack that
        hit an enemy on the attacker's own turn, once per hit: it does not generate further
        attacks (seed 002, "One-Two Attacks"); taking your time on it commits 1 AP. A hit waits
        for ``damage_test``."""
        attacker, target = self._known(attacker), self._known(target)
        if self._hit is not None:
            raise RuleError(f"First make the damage test of {self._hit.attacker}'s hit.")
        if attacker == target:
            raise RuleError(f"{attacker} cannot attack themselves.")
        take_time, one_two, reaction, friend = (
            check_flag(v, w)
            for v, w in (
                (take_time, "take_time"),
                (one_two, "one_two"),
                (reaction, "reaction"),
                (friend, "friend"),
            )
        )
        if one_two:
            after = self._one_two if self._one_two and self._one_two[0] == attacker else None
            blackout.check_one_two(
                hit=after is not None and attacker == self._current,
                reaction=reaction,
                follow_up=after is not None and not after[1],
            )
            if take_time:
                budget = self._budget[attacker]
                self._journal.set(self._budget, attacker, budget.commit(blackout.TAKE_TIME_AP))
        elif reaction:
            self._spend(attacker, "reaction", None, take_time=take_time)
        else:
            self._spend(attacker, "standard", ap, take_time=take_time)
        evasion = self._evasion(target, friend)
        count, shown = self._successes(
            successes, pool, dice, "Attack", least=blackout.MIN_ATTACK_DICE
        )
        result = blackout.outcome(count, evasion)
        word = "critical hit" if result.critical_success else "hit" if result.success else "miss"
        then = "; damage test next" if result.success else ""
        follow = ""
        if result.success and not reaction:
            if one_two:
                follow = "; a one-two attack generates no further attack"
            elif friend:
                follow = "; a hit on a friend allows no one-two attack"
        self._event(
            "attack",
            f"{attacker} attacks {target}{' (one-two)' * one_two}: {shown} vs passive evasion "
            f"{evasion}: {word}{then}{follow} (Attacking, Evasion, {SEED})",
            attacker,
            {"target": target, "successes": count, "hit": result.success},
        )
        if result.success:
            self._journal.attr(
                self, "_hit", Hit(attacker, target, result.critical_success, one_two)
            )
        if not reaction:  # only the attacker's own turn's attacks lead to a one-two attack
            self._journal.attr(
                self,
                "_one_two",
                (attacker, not one_two) if result.success and not friend else None,
            )
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
        target's Endurance [Vitality] successes (``vitality``) against 1 + 1 per 5 points of
        damage received (rule option ``non_lethal_damage``: the direct damage by default) (seed
        002, "Damage", "Non-Lethal Attacks", "Out of the Fight"). Returns the hit points lost."""
        hit = self._hit
        if hit is None:
            raise RuleError("No attack test has hit: nothing to roll damage for.")
        non_lethal, ranged = check_flag(non_lethal, "non_lethal"), check_flag(ranged, "ranged")
        count, shown = self._successes(successes, pool, dice, "Damage")
        target, sheet = hit.target, self._sheets[hit.target]
        dealt = blackout.damage(count, sheet.armor)
        hp, dr = self._hp[target]
        harm = blackout.apply_damage(dealt.direct, hp=hp, dr=dr)
        test: blackout.NonLethal | None = None
        received = dealt.direct if self.rules.non_lethal_damage == "direct" else harm.lost
        if harm.out_of_fight and not harm.doubled and non_lethal:
            if vitality is None:
                raise RuleError(
                    f"The non-lethal attack takes {target} out of the fight: give their "
                    "Endurance [Vitality] successes (vitality=)."
                )
            test = blackout.non_lethal(
                check_successes(vitality, "Vitality successes"), received=received, ranged=ranged
            )
        elif vitality is not None:
            raise RuleError(
                "The Endurance [Vitality] test follows a non-lethal attack that "
                "takes the target out of the fight."
            )
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
        if test is None:
            self._set_hp(target, harm.hp, harm.dr)
            return harm.lost
        counted = "direct damage" if self.rules.non_lethal_damage == "direct" else "HP lost"
        self._event(
            "non-lethal",
            f"{target} tests Endurance [Vitality]: {vitality} vs {test.outcome.difficulty} "
            f"(1 + 1 per 5 of the {received} {counted}): {test.result} (Non-Lethal Attacks, "
            f"{SEED})",
            target,
        )
        self._set_hp(target, 1 if test.result == "conscious" else harm.hp, harm.dr)
        rule = f"Non-Lethal Attacks, {SEED}"
        if test.result == "unconscious":
            self._give(target, STABILISED, rule, "knocked unconscious or safely incapacitated")
        elif test.result == "killed":
            self._changing_fitness(target, lambda: self._journal.set(self._dead, target, True))
            self._give(target, DEAD, note="the ranged attempt to incapacitate killed them")
        return harm.lost

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
        """Out of the fight, at the start of each turn, before anything else: Endurance
        [Vitality]. No successes, 2 x D3 damage; 1-2, D3; 3-4, stabilised; 5, back to 1 HP and in
        the fight (seed 002, "Out of the Fight"). Until it is made the turn cannot end."""
        name = self._known(name)
        if name != self._current:
            raise RuleError(f"{name} tests Endurance [Vitality] at the start of their own turn.")
        if self._vitality_due != name:
            if not self._out(name):
                raise RuleError(f"{name} is not out of the fight: no Vitality test to make.")
            if self.has_condition(name, STABILISED.name):
                raise RuleError(f"{name} is stabilised: no more bleeding tests.")
            raise RuleError(f"{name} has made this turn's Endurance [Vitality] test.")
        if d3 is not None:
            check_whole(d3, "D3", low=1, high=3)
        count, shown = self._successes(successes, pool, dice, "Endurance [Vitality]")
        hp, dr = self._hp[name]
        result = blackout.bleed(
            count, hp=hp, d3=d3, rng=None if d3 is not None else self._history.random()
        )
        if d3 is None and result.d3 is not None:
            self._history.record_roll((result.d3,))
        self._journal.attr(self, "_vitality_due", None)
        self._event(
            "vitality",
            f"{name} tests Endurance [Vitality]: {shown}: {result.result}"
            + (f", bleeds {result.damage} HP" if result.damage else "")
            + f" -> {result.hp} HP (Out of the Fight, {SEED})",
            name,
        )
        self._set_hp(name, result.hp, dr)
        if result.result == "stabilised":
            self._give(name, STABILISED)
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
        """A Heal HP action: adjacent, Intelligence [Medicine], 2 HP a success up to the maximum;
        back at 1 HP or more the target is in the fight again (seed 002, "Healing", "Out of the
        Fight"). Returns the target's hit points."""
        healer, target = self._known(healer), self._known(target)
        if target in self._dead:
            raise RuleError(f"{target} is dead: no healing brings them back.")
        self._spend(healer, "standard", ap, take_time=False)
        count, shown = self._successes(successes, pool, dice, "Intelligence [Medicine]")
        hp, dr = self._hp[target]
        healed = blackout.heal(count, hp=hp, max_hp=self._sheets[target].hp)
        self._event(
            "heal",
            f"{healer} heals {target}: {shown} x 2 HP: {hp} -> {healed} HP (Healing, {SEED})",
            healer,
        )
        self._set_hp(target, healed, dr)
        return healed

    @command
    def damage(self, name: str, amount: int, *, note: str = "") -> int:
        """``name`` takes ``amount`` direct damage by the GM's hand (a fire, a trap, an attack
        played on paper): damage resistance absorbs it first, then hit points, doubled once out
        of the fight (seed 002, "Damage", "Out of the Fight"). Returns the hit points lost."""
        name, amount, why = self._by_hand(name, amount, "Damage", note)
        hp, dr = self._hp[name]
        harm = blackout.apply_damage(amount, hp=hp, dr=dr)
        self._event(
            "damage",
            f"{name} takes {amount} direct damage{why}, by the GM's "
            f"hand: DR absorbs {harm.absorbed}, loses {harm.lost} HP"
            f"{' (doubled: out of the fight)' * harm.doubled} -> {harm.hp} HP (Damage, {SEED})",
            name,
            {"lost": harm.lost, "hp": harm.hp},
        )
        self._set_hp(name, harm.hp, harm.dr)
        return harm.lost

    @command
    def heal_hp(self, name: str, amount: int, *, note: str = "") -> int:
        """``name`` gets ``amount`` hit points back by the GM's hand (first aid after the fight,
        a stim the GM allows), up to the sheet's; back at 1 or more they are in the fight again
        (seed 002, "Healing", "Out of the Fight"). ``heal`` is the Heal HP action. Returns their
        hit points."""
        name, amount, why = self._by_hand(name, amount, "Hit points back", note)
        hp, dr = self._hp[name]
        top = self._sheets[name].hp
        if hp >= top:
            raise RuleError(f"{name} has all {top} hit points.")
        healed = min(top, hp + amount)
        self._event(
            "heal",
            f"{name} gets {healed - hp} HP back{why}, by the GM's hand: "
            f"{hp} -> {healed} HP (Healing, {SEED})",
            name,
        )
        self._set_hp(name, healed, dr)
        return healed

    def _by_hand(self, name: str, amount: int, what: str, note: str) -> tuple[str, int, str]:
        """A change of hit points by the GM's hand: who (not the dead), how many, the note."""
        name = self._known(name)
        amount = check_whole(amount, what, low=1, high=blackout.MAX_HP)
        why = noted(note)
        if name in self._dead:
            raise RuleError(f"{name} is dead: their hit points no longer change.")
        return name, amount, why

    @command
    def fall(
        self,
        name: str,
        feet: float,
        *,
        successes: int | None = None,
        rolled: Sequence[int] | None = None,
    ) -> int:
        """``name`` falls ``feet`` (at most 1,000): from 10 ft, D3 direct damage per 5 ft and
        prone; an Endurance [Fortitude] test (1 + 1 per 10 ft, ``successes``) halves it and
        avoids prone (seed 002, "Falling"). Returns the hit points lost."""
        name = self._known(name)
        seeded = rolled is None
        result = blackout.fall(
            feet, successes=successes, rolled=rolled, rng=self._history.random() if seeded else None
        )
        if seeded and result.rolled:
            self._history.record_roll(tuple(result.rolled))
        dice = result.rolled
        hp, dr = self._hp[name]
        harm = blackout.apply_damage(result.damage, hp=hp, dr=dr)
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
        slowed = self._condition(name, SLOWED)
        if dice and slowed is not None and slowed.rule.startswith("Climbing"):
            self._lift_condition(name, SLOWED.name, f"fell from the climb (Falling, {SEED})")
        if result.prone and not self.has_condition(name, PRONE.name):
            self._give(name, PRONE, f"Falling, {SEED}")
        self._set_hp(name, harm.hp, harm.dr)
        return harm.lost
