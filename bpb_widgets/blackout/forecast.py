"""Blackout fights, simulated (seed 002, "Combat Basics"): a fork of an encounter's state and one
fight played on it to the end, as ``bpb_widgets.bpb.forecast`` does for Bulletproof Blues.

The fork (:class:`BlackoutFork`) reads the live encounter once through its public queries (sheets,
hit points and damage resistance, initiative, this round's order, who has acted, the action points
left in the current turn, the hit waiting for its damage test, conditions) and keeps only that:
never the undo journal nor the log. Each simulated fight (:class:`BlackoutFight`) copies the few
dicts it changes.

Every rule is the engine's pure function (``bpb_widgets.blackout``): the order of play
(``turn_order``), initiative dice for a player character who has not rolled (``initiative``),
action points (``APBudget``: each attack a standard action of 1 AP), the attack test's pool
(``attack_pool``: at least 4 dice) against passive evasion (``passive_evasion``, ``attack``),
successes scored by the rule set's pool die (``pool_odds``), the damage test against armor
(``damage``) and damage resistance then hit points (``apply_damage``); out of the fight at 0 HP.
This module only plays the turns. docs/forecast.md says what is not simulated.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from bpb_widgets.blackout import rules as blackout
from bpb_widgets.blackout.conditions import Effect, under
from bpb_widgets.blackout.encounter import Blackout
from bpb_widgets.blackout.pool import SuccessDie, check_pool, pool_odds
from bpb_widgets.blackout.rule_sets import BlackoutRules
from bpb_widgets.forecast.fight import Fight, SidedFork
from bpb_widgets.forecast.fight import IllegalChoice as IllegalChoice  # importable here, as before
from bpb_widgets.forecast.tactics import DefenseChoice, Hit, Tactics, Weapon
from bpb_widgets.forecast.tally import Tally

#: The attack dice of a combatant whose tactics name none: the fewest an attack test rolls (seed
#: 002, "Attacking": "a minimum of 4 dice"). Blackout sheets carry no attacks.
DEFAULT_ATTACK_DICE = blackout.MIN_ATTACK_DICE
#: The damage dice of a combatant whose tactics name none. Seed 002 takes them from the weapon or
#: Strength ("Unarmed Attacks": as many as Strength), neither on a blackout sheet: 2 is the
#: forecast's reading, a modest Strength; give each combatant's with ``Tactics(damage_dice=...)``.
DEFAULT_DAMAGE_DICE = 2
#: The initiative dice a player character who has not rolled rolls in each simulated fight, as
#: the engine's "Roll initiative" does (seed 002, "Initiative").
INITIATIVE_DICE = blackout.MAX_DICE
#: What the single attack of a blackout combatant is called (``view.weapons``).
ATTACK = "Attack"


@dataclass(frozen=True, slots=True)
class Fighter:
    """What the simulation reads of one blackout sheet, with its pools from the tactics."""

    name: str
    side: str
    pc: bool
    #: The sheet's hit points (the figure the forecast's "left" is out of).
    endurance_rank: int
    armor: int
    evasion: int
    evasion_cap: int | None
    aware: bool
    #: The step and AP kept from round to round; None for a player character yet to roll.
    initiative: blackout.Initiative | None
    attack_dice: int
    damage_dice: int

    @property
    def weapon(self) -> Weapon:
        """The one attack: rank = its attack dice as rolled, DR = its damage dice."""
        return Weapon(
            ATTACK,
            blackout.attack_pool(self.attack_dice),
            self.damage_dice,
            "normal",
            False,
            False,
            False,
        )


@dataclass(frozen=True)
class BlackoutFork(SidedFork):
    """A blackout fight's state, read once from the live encounter."""

    #: What the figures of what is left count.
    measure: ClassVar[str] = "HP"

    rules: BlackoutRules
    die: SuccessDie
    fighters: Mapping[str, Fighter]
    #: The round the forecast starts in (1 before the fight starts).
    round: int
    #: This round's order of play (with this round's delays); None: rolled in each fight.
    slots: tuple[str, ...] | None
    #: The order of play of later rounds: initiative kept, ties as the GM settled them this round.
    later: tuple[str, ...] | None
    #: The GM's order for ties, used when each fight rolls the order.
    ties: tuple[str, ...]
    #: The combatant whose turn it is, and the action points left in it.
    current: str | None
    ap_left: int
    acted: frozenset[str]
    hp: Mapping[str, tuple[int, int]]
    #: Out of the fight, dead or defeated: never act, never count.
    down: frozenset[str]
    #: Surprised with the rule option "no actions": their next turn is lost.
    surprised: frozenset[str]
    #: The hit waiting for its damage test: (attacker, target).
    pending: tuple[str, str] | None
    #: Cumulative chances of each success count by pool size, filled as fights ask.
    cumulative: dict[int, tuple[float, ...]] = field(default_factory=dict, compare=False)
    expected: dict[tuple[str, str], Fraction] = field(default_factory=dict, compare=False)

    def successes(self, pool: int) -> tuple[float, ...]:
        """The chance of scoring at most k successes on ``pool`` dice, for k = 0 .. pool - 1."""
        known = self.cumulative.get(pool)
        if known is None:
            odds = pool_odds(pool, die=self.die)
            running, found = Fraction(0), []
            for count in range(pool):
                running += odds.get(count, Fraction(0))
                found.append(float(running))
            known = self.cumulative[pool] = tuple(found)
        return known

    def fight(
        self, tactics: Mapping[str, Tactics], rng: random.Random, max_rounds: int, tally: Tally
    ) -> BlackoutFight:
        """One simulated fight on this fork (``run()`` plays it)."""
        return BlackoutFight(self, tactics, rng, max_rounds, tally)


def _pool(chosen: int | None, default: int, name: str) -> int:
    """A pool the tactics chose (checked against the rules' limit), else the default."""
    return default if chosen is None else check_pool(chosen, f"Tactics {name}=", low=1)


def fork(enc: Blackout, tactics: Mapping[str, Tactics]) -> BlackoutFork:
    """Read ``enc``'s state for the simulations (the live fight is only read); ``tactics`` gives
    each combatant's pools."""
    rules = enc.rules
    fighters: dict[str, Fighter] = {}
    hp: dict[str, tuple[int, int]] = {}
    acted, down, surprised = set(), set(), set()
    for name in enc.names:
        sheet = enc.combatant(name)
        state = enc.turn_state(name)
        chosen = tactics[name]
        fighters[name] = Fighter(
            name,
            sheet.side,
            sheet.pc,
            sheet.hp,
            sheet.armor,
            sheet.evasion,
            sheet.evasion_cap,
            state.aware,
            enc.initiative_of(name),
            _pool(chosen.attack_dice, DEFAULT_ATTACK_DICE, "attack_dice"),
            _pool(chosen.damage_dice, DEFAULT_DAMAGE_DICE, "damage_dice"),
        )
        hp[name] = enc.hit_points(name)
        if hp[name][0] <= 0 or state.defeated or enc.status(name).dead:
            down.add(name)
        if state.acted:
            acted.add(name)
        if rules.surprise_effect == "no actions" and under(enc.conditions(name), Effect.SURPRISED):
            surprised.add(name)
    ranked = {n: f.initiative for n, f in fighters.items() if f.initiative is not None}
    order = tuple(enc.order)
    rolled = enc.started or len(ranked) == len(fighters)
    later = blackout.turn_order(ranked, tie_order=order) if rolled else None
    current = enc.current
    pending = enc.pending_hit
    return BlackoutFork(
        rules,
        SuccessDie(rules.pool_die, rules.pool_success_on),
        fighters,
        max(enc.round, 1),
        (order if enc.started else later) if rolled else None,
        later,
        order,
        current,
        (enc.ap(current) or 0) if current is not None else 0,
        frozenset(acted),
        hp,
        frozenset(down),
        frozenset(surprised),
        None if pending is None else (pending.attacker, pending.target),
    )


class BlackoutFight(Fight[Fighter]):
    """One simulated blackout fight on a fork; also the read-only view tactics see."""

    def __init__(
        self,
        start: BlackoutFork,
        tactics: Mapping[str, Tactics],
        rng: random.Random,
        max_rounds: int,
        tally: Tally,
    ) -> None:
        super().__init__(start.fighters, start.down, start.round, tactics, rng, max_rounds, tally)
        self.start = start
        self.hp = dict(start.hp)
        self.surprised = set(start.surprised)
        self.initiative = {n: f.initiative for n, f in start.fighters.items()}
        self.slots: tuple[str, ...] = start.slots or ()
        self.later: tuple[str, ...] = start.later or ()

    # ------------------------------------------------------------------ the view for tactics

    @property
    def rules(self) -> BlackoutRules:
        return self.start.rules

    def endurance(self, name: str) -> int:
        """Hit points left (damage resistance is not counted)."""
        return self.hp[name][0]

    def endurance_rank(self, name: str) -> int:
        return self.fighters[name].endurance_rank

    def plot_points(self, name: str) -> int:
        return 0

    def weapons(self, name: str) -> tuple[Weapon, ...]:
        return (self.fighters[name].weapon,)

    def hit_chance(self, attacker: str, target: str, weapon: str) -> Fraction:
        """The engine's ``attack_preview`` odds: the attack pool against passive evasion."""
        pool = blackout.attack_pool(self.fighters[attacker].attack_dice)
        difficulty = self._evasion(target)
        odds = pool_odds(pool, die=self.start.die)
        return sum((p for n, p in odds.items() if n >= difficulty), Fraction(0))

    def expected_damage(self, attacker: str, target: str, weapon: str) -> Fraction:
        """The chance to hit times the mean direct damage past the target's armor."""
        key = (attacker, target)
        known = self.start.expected.get(key)
        if known is None:  # sheets and pools do not change during a fight
            armor = self.fighters[target].armor
            odds = pool_odds(self.fighters[attacker].damage_dice, die=self.start.die)
            mean = sum((p * blackout.damage(n, armor).direct for n, p in odds.items()), Fraction(0))
            known = self.start.expected[key] = self.hit_chance(attacker, target, weapon) * mean
        return known

    def defenses(self, name: str, hit: Hit) -> dict[DefenseChoice, Fraction]:
        """None: passive evasion is the only defense simulated (seed 002, "Evasion")."""
        return {}

    def continuing(self, name: str) -> DefenseChoice | None:
        return None

    # ------------------------------------------------------------------ the arithmetic

    def _evasion(self, target: str) -> int:
        me = self.fighters[target]
        return blackout.passive_evasion(
            me.evasion, cap=me.evasion_cap, out_of_fight=self.hp[target][0] <= 0
        )

    def _successes(self, pool: int) -> int:
        """The successes of ``pool`` dice, drawn from the exact odds of the rule set's die."""
        return bisect_right(self.start.successes(pool), self.rng.random())

    # ------------------------------------------------------------------ the fight

    def run(self) -> None:
        """Play the fight to its end and add it to the tally."""
        start = self.start
        if start.slots is None:
            self._roll_order()
        if start.pending is not None:
            self._damage(*start.pending)
        first = self._round
        resume, acted = 0, set(start.acted)
        if start.current is not None and start.current in self.slots:
            resume = self.slots.index(start.current)
            acted.add(start.current)
            if not self._finished() and self._can_act(start.current):
                self._turn(start.current, start.ap_left)
            resume += 1
        while not self._finished():
            for name in self.slots[resume:]:
                if name in acted or not self._can_act(name):
                    continue
                initiative = self.initiative[name]
                if initiative is not None:  # everyone in the order has rolled
                    self._turn(name, initiative.ap)
                if self._finished():
                    break
            if self._finished() or self._round - first + 1 >= self.max_rounds:
                break
            self._round += 1
            self.slots = self.later
            self._order_changed()
            resume, acted = 0, set()
        self._tally(first)

    def _finished(self) -> bool:
        return self.over

    def _can_act(self, name: str) -> bool:
        if name in self.down or not self.fighters[name].aware:
            return False
        if name in self.surprised:  # surprised: no action until the end of this turn
            self.surprised.discard(name)
            return False
        return True

    def _roll_order(self) -> None:
        """Before round 1: each player character yet to roll rolls its initiative dice; the
        order follows the steps, ties as the GM settled them (seed 002, "Initiative")."""
        for name, fighter in self.fighters.items():
            if fighter.initiative is None:
                self.initiative[name] = blackout.initiative(INITIATIVE_DICE, rng=self.rng)
        ranked = {n: i for n, i in self.initiative.items() if i is not None}
        self.slots = blackout.turn_order(ranked, tie_order=self.start.ties)
        self._order_changed()
        self.later = self.slots  # kept from round to round, as the engine keeps them

    def _turn(self, name: str, ap: int) -> None:
        """Spend the turn's action points on attacks, 1 AP each (a standard action, seed 002,
        "Action Points and Actions"), at the foe the tactics choose."""
        self.tally.turns += 1
        budget = blackout.APBudget(ap).start_turn()
        tactic, side = self.tactics[name].target, self.fighters[name].side
        while budget.left >= 1 and not self.over:
            target = tactic(self, name)
            if target is None:
                return
            if not isinstance(target, str) or target not in self._foes_of(side):
                raise self._not_a_foe(tactic, name, target)
            budget = budget.act("standard", 1)
            self._attack(name, target)

    def _attack(self, name: str, target: str) -> None:
        """The attack test: successes against passive evasion; a hit rolls the damage test."""
        tally = self.tally
        tally.attacks += 1
        pool = blackout.attack_pool(self.fighters[name].attack_dice)
        if not blackout.attack(self._successes(pool), self._evasion(target)).success:
            return
        tally.hits += 1
        tally.landed += 1
        self._damage(name, target)

    def _damage(self, attacker: str, target: str) -> None:
        """The damage test: 5 points a success against armor; the direct damage goes to damage
        resistance first, then hit points; out of the fight at 0 (seed 002, "Damage")."""
        dealt = blackout.damage(
            self._successes(self.fighters[attacker].damage_dice), self.fighters[target].armor
        )
        hp, dr = self.hp[target]
        harm = blackout.apply_damage(dealt.direct, hp=hp, dr=dr)
        self.hp[target] = (harm.hp, harm.dr)
        if harm.out_of_fight and target not in self.down:
            self._knock_out(target)

    def _left(self) -> Iterable[tuple[str, int]]:
        return ((name, max(0, hp)) for name, (hp, _) in self.hp.items())
