"""Bulletproof Blues fights, simulated: a fork of an encounter's state and one fight played on
it to the end, both rule sets (2014 and 2012) by their options.

The fork (:class:`BpbFork`) reads the live encounter once through its public queries (sheets,
Endurance, plot points, the order of play, who has acted, turns given up, defenses continuing,
order revisions waiting, hits waiting for an answer) and keeps only that: never the undo journal
nor the log. Each simulated fight (:class:`BpbFight`) copies the few dicts it changes. What the
sheets fix (each attack's roll needed and hit, the blocks and dodges allowed in each stance, the
answers of attack tactics marked ``sheets_only``) is worked out once per fork, when a fight
first needs it, for all its fights (issue 38).

The rules simulated, each as the engine runs it: attacks (seed 004, "Attack", "Opposed Tasks":
Agility, or Prowess hand to hand, + 2d6 against 8 + the target's same attribute; an explosion
against 9), extreme successes with expertise (overwhelming +3 ranks, slamming, staggering),
forced actions (seed 000, "Forcing An Action": once per round, the next available turn given
up), blocking and dodging (seed 000/004: +3 with expertise in 2014; +1 per attack after the first
while a defense continues; an extreme success revises the order of play in 2014), damage against
protection (seed 004, "Damage", "Protection", "Penetrating", "Stunning"), out of the fight at
Endurance 0, plot points for automatic successes (seed 004, "Automatic Success").

Not simulated (the forecast knows no positions nor intentions): delaying, grabs and grapples,
diving for cover, movement and range bands, conditions other than turns lost; the unaware stay
unaware and the environment does nothing. docs/forecast.md says so to the GM.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from bpb_widgets.bpb.encounter import BulletproofBlues
from bpb_widgets.bpb.order import revised
from bpb_widgets.bpb.rule_sets import BulletproofBluesRules
from bpb_widgets.bpb.rules.combat import EXPLOSION_DIFFICULTY, hand_to_hand, penetrated_protection
from bpb_widgets.bpb.rules.effects import OVERWHELMING_RANKS, extreme_effects
from bpb_widgets.bpb.rules.tasks import EXTREME_MARGIN
from bpb_widgets.bpb.sheet import Combatant
from bpb_widgets.errors import RuleError
from bpb_widgets.forecast.chances import CHANCES, ways_at_least
from bpb_widgets.forecast.fight import Fight, SidedFork
from bpb_widgets.forecast.fight import IllegalChoice as IllegalChoice  # importable here, as before
from bpb_widgets.forecast.tactics import (
    AttackTactic,
    DefenseChoice,
    Hit,
    Roll,
    Tactics,
    Weapon,
    reads_sheets_only,
)
from bpb_widgets.forecast.tally import Tally

#: The 36 equally likely totals of 2d6.
TOTALS = tuple(a + b for a in range(1, 7) for b in range(1, 7))
#: What each defense rolls, and the expertise that helps it (seed 000, "Blocking", "Dodging").
DEFENSE_ATTRIBUTE: dict[DefenseChoice, str] = {"block": "prowess", "dodge": "agility"}


@dataclass(frozen=True, slots=True)
class Fighter:
    """What the simulation reads of one combatant's sheet."""

    name: str
    side: str
    agility: int
    prowess: int
    brawn: int
    willpower: int
    perception: int
    super_speed: int
    protection: int
    endurance_rank: int
    expertise: frozenset[str]
    weapons: tuple[Weapon, ...]
    #: Aware of the fight (the unaware get no turn, seed 000 "Order Of Play").
    aware: bool

    def attribute(self, name: str) -> int:
        value: int = getattr(self, name)
        return value

    @property
    def precedence(self) -> tuple[int, int, int]:
        return (self.perception, self.agility, self.willpower)


@dataclass(frozen=True, slots=True)
class Aim:
    """One attacker's attack at one target, worked out once per fork (sheets do not change
    during a fight): the total of 2d6 it needs, how many of the 36 rolls reach it, that chance
    as a plot point's question puts it, and the hit it makes without an extreme effect. (A
    class with slots, not a named tuple: CPython 3.11 reads a slot fast, a named tuple's field
    the slow way, and every simulated turn reads these.)"""

    weapon: Weapon
    need: int
    ways: int
    roll: Roll
    hit: Hit


@dataclass(frozen=True, slots=True)
class Defenses:
    """The blocks and dodges allowed against a hit of one rank and kind, in one stance: each
    one's total of 2d6 needed, its ways of 36 and whether an extreme success is possible; and
    their exact chances, as the tactics see them. Shared by the fights of a fork: read only."""

    options: dict[DefenseChoice, tuple[int, int, bool]]
    chances: dict[DefenseChoice, Fraction]


#: No block or dodge allowed.
NO_DEFENSE = Defenses({}, {})


def weapons_of(sheet: Combatant, rules: BulletproofBluesRules) -> tuple[Weapon, ...]:
    """The attacks a combatant can make, resolved as the engine's ``attack`` resolves them; with
    none on the sheet, unarmed: rank and DR equal to Brawn, stunning at human-level Brawn (seed
    004, "Damage"; the reading the forecast takes)."""
    found = []
    for power in sheet.attacks:
        dr = power.rank if power.dr is None else power.dr
        stunning = power.kind == "stunning"
        if power.hand_to_hand:
            strike = hand_to_hand(sheet.brawn, weapon_dr=power.dr)
            dr, stunning = strike.dr, stunning or strike.stunning
        expert = power.name.casefold() in sheet.expertise or not rules.extreme_needs_expertise
        found.append(
            Weapon(power.name, power.rank, dr, power.kind, power.hand_to_hand, stunning, expert)
        )
    if not found:
        strike = hand_to_hand(sheet.brawn)
        expert = "unarmed" in sheet.expertise or not rules.extreme_needs_expertise
        found.append(
            Weapon("Unarmed", sheet.brawn, strike.dr, "normal", True, strike.stunning, expert)
        )
    return tuple(found)


@dataclass(frozen=True)
class BpbFork(SidedFork):
    """A Bulletproof Blues fight's state, read once from the live encounter."""

    #: What the figures of what is left count.
    measure: ClassVar[str] = "Endurance"

    rules: BulletproofBluesRules
    fighters: Mapping[str, Fighter]
    #: The round the forecast starts in (1 before the fight starts).
    round: int
    slots: tuple[str, ...]
    #: Roll (2014) or rank (2012) the order of play in each fight: not started, no order set.
    roll_order: bool
    #: Where this round's turns resume in ``slots``: the current turn's place.
    position: int
    #: Who has taken their turn this round already (their action included).
    acted: frozenset[str]
    #: Delayed turns held, taken at the end of the round.
    holding: tuple[str, ...]
    endurance: Mapping[str, int]
    plot: Mapping[str, int]
    lost: frozenset[tuple[str, int]]
    forced: Mapping[str, int]
    defending: Mapping[str, tuple[DefenseChoice, int]]
    revisions: tuple[tuple[str, str], ...]
    #: Hits waiting for their targets' answer.
    pending: tuple[Hit, ...]
    #: Out of the fight or defeated: never act, never count.
    down: frozenset[str]
    #: What the order of play's roll adds to 2d6 for each aware combatant (Perception and
    #: Super-speed) and their ties' precedence.
    rolling_order: tuple[tuple[str, int, tuple[int, int, int]], ...]
    #: What never changes within a fork, worked out as the fights first need it: expected
    #: damage and aims by (attacker, target, weapon); the aims of attack tactics that read only
    #: the sheets, by (tactic, attacker, target); the defenses by (defender, rank, kind of the
    #: hit, the defense continuing).
    expected: dict[tuple[str, str, str], Fraction] = field(default_factory=dict, compare=False)
    aims: dict[tuple[str, str, str], Aim] = field(default_factory=dict, compare=False)
    chosen: dict[tuple[AttackTactic, str, str], Aim] = field(default_factory=dict, compare=False)
    defenses: dict[tuple[str, int, str, tuple[DefenseChoice, int] | None], Defenses] = field(
        default_factory=dict, compare=False
    )

    def fight(
        self, tactics: Mapping[str, Tactics], rng: random.Random, max_rounds: int, tally: Tally
    ) -> BpbFight:
        """One simulated fight on this fork (``run()`` plays it)."""
        return BpbFight(self, tactics, rng, max_rounds, tally)


def fork(enc: BulletproofBlues, tactics: Mapping[str, Tactics] | None = None) -> BpbFork:
    """Read ``enc``'s state for the simulations (the live fight is only read); ``tactics``, each
    combatant's, are checked against these rules: a blackout dice pool is refused."""
    if enc.pending_hits and not enc.started:
        raise RuleError("Resolve the hit waiting for an answer first.")
    pools = sorted(name for name, chosen in (tactics or {}).items() if chosen.pools)
    if pools:
        raise RuleError(
            f"Tactics for {', '.join(pools)} set attack_dice or damage_dice: those are the "
            "blackout rules' pools; a Bulletproof Blues attack comes from the sheet."
        )
    rules = enc.rules
    fighters: dict[str, Fighter] = {}
    endurance, plot, forced = {}, {}, {}
    defending: dict[str, tuple[DefenseChoice, int]] = {}
    lost: set[tuple[str, int]] = set()
    acted, holding, down = set(), [], set()
    for name in enc.names:
        sheet = enc.combatant(name)
        state = enc.turn_state(name)
        fighters[name] = Fighter(
            name,
            sheet.side,
            sheet.agility,
            sheet.prowess,
            sheet.brawn,
            sheet.willpower,
            sheet.perception,
            sheet.super_speed,
            sheet.protection,
            sheet.endurance,
            sheet.expertise,
            weapons_of(sheet, rules),
            state.aware,
        )
        endurance[name] = enc.endurance(name).current
        plot[name] = enc.plot_points(name)
        if state.out or state.defeated:
            down.add(name)
        if state.acted:
            acted.add(name)
        if state.delaying:
            holding.append(name)
        if state.forced_this_round:
            forced[name] = enc.round
        if state.defending in ("block", "dodge"):
            defending[name] = ("block" if state.defending == "block" else "dodge", state.defended)
        lost.update((name, r) for r, _ in state.lost)
    current = enc.current
    if current is not None and _current_has_attacked(enc, current):
        acted.add(current)
    pending = tuple(
        Hit(
            a.attacker,
            a.target,
            a.power,
            a.rank,
            a.dr,
            a.kind,
            a.effect,
            _damage(a.kind, a.dr, fighters[a.target].protection),
        )
        for a in enc.pending_hits
    )
    # no order set before the start (a short log: the fight's log is read only then)
    roll_order = not enc.started and not any(e.kind == "order" for e in enc.log)
    return BpbFork(
        rules,
        fighters,
        max(enc.round, 1),
        tuple(enc.order),
        roll_order,
        enc.order.index(current) if current in enc.order else 0,
        frozenset(acted),
        tuple(holding),
        endurance,
        plot,
        frozenset(lost),
        forced,
        defending,
        tuple((a, d) for a, d, _ in enc.revisions),
        pending,
        frozenset(down),
        tuple(
            (f.name, f.perception + f.super_speed, f.precedence)
            for f in fighters.values()
            if f.aware
        ),
    )


def _current_has_attacked(enc: BulletproofBlues, current: str) -> bool:
    """Whether the combatant whose turn it is has made their attack already this turn."""
    for event in reversed(enc.log):
        if event.kind == "turn":
            return False
        if event.kind == "attack" and event.actor == current:
            return True
    return False


def _damage(kind: str, dr: int, pv: int) -> int:
    """Endurance a hit takes after protection (seed 004, "Protection", "Penetrating")."""
    if kind == "non-endurance":
        return 0
    left = penetrated_protection(pv) if kind == "penetrating" else pv
    return max(0, dr - left)


class BpbFight(Fight[Fighter]):
    """One simulated fight on a fork; also the read-only view tactics see (``FightView``)."""

    def __init__(
        self,
        start: BpbFork,
        tactics: Mapping[str, Tactics],
        rng: random.Random,
        max_rounds: int,
        tally: Tally,
    ) -> None:
        super().__init__(start.fighters, start.down, start.round, tactics, rng, max_rounds, tally)
        self.start = start
        self._rules = start.rules
        self.slots: list[str] = list(start.slots)
        self.acted = set(start.acted) | set(start.holding)
        self.left = dict(start.endurance)
        #: Endurance left (``view.endurance(name)``): the dict's own lookup, no Python call,
        #: since the default tactics ask it of every foe on every turn.
        self.endurance: Callable[[str], int] = self.left.__getitem__
        self.plot = dict(start.plot)
        self.lost = set(start.lost)
        self.forced = dict(start.forced)
        self.defending = dict(start.defending)
        self.revisions = list(start.revisions)
        self.pos = -1
        #: The hit being answered and the defenses offered against it, while its target's
        #: ``defend`` tactic runs: what the view's ``defenses`` gives without working them out
        #: again (the fight does not change while a tactic runs).
        self._offered: tuple[Hit, Defenses] | None = None

    # ------------------------------------------------------------------ the view for tactics

    @property
    def rules(self) -> BulletproofBluesRules:
        return self._rules

    def endurance_rank(self, name: str) -> int:
        return self.fighters[name].endurance_rank

    def plot_points(self, name: str) -> int:
        return self.plot[name]

    def weapons(self, name: str) -> tuple[Weapon, ...]:
        return self.fighters[name].weapons

    def hit_chance(self, attacker: str, target: str, weapon: str) -> Fraction:
        return self._aim(attacker, target, self._weapon(attacker, weapon)).roll.chance

    def expected_damage(self, attacker: str, target: str, weapon: str) -> Fraction:
        key = (attacker, target, weapon)
        known = self.start.expected.get(key)
        if known is None:  # sheets do not change during a fight: worked out once per fork
            aim = self._aim(attacker, target, self._weapon(attacker, weapon))
            known = self.start.expected[key] = aim.roll.chance * aim.hit.damage
        return known

    def defenses(self, name: str, hit: Hit) -> dict[DefenseChoice, Fraction]:
        offered = self._offered
        if offered is None or offered[0] is not hit or hit.target != name:
            return self._defenses(name, hit).chances.copy()
        return offered[1].chances.copy()

    def continuing(self, name: str) -> DefenseChoice | None:
        stance = self.defending.get(name)
        return stance[0] if stance else None

    # ------------------------------------------------------------------ the arithmetic

    def _weapon(self, name: str, weapon: str) -> Weapon:
        wanted = weapon.casefold() if isinstance(weapon, str) else None
        for w in self.fighters[name].weapons:
            if w.name.casefold() == wanted:
                return w
        raise KeyError(weapon)

    def _to_hit(self, attacker: str, target: str, weapon: Weapon) -> tuple[int, int]:
        me = self.fighters[attacker]
        if weapon.kind == "exploding":
            return me.agility, EXPLOSION_DIFFICULTY
        using = "prowess" if weapon.hand_to_hand else "agility"
        return me.attribute(using), 8 + self.fighters[target].attribute(using)

    def _aim(self, attacker: str, target: str, weapon: Weapon) -> Aim:
        """``attacker``'s ``weapon`` at ``target``: worked out once per fork."""
        key = (attacker, target, weapon.name)
        known = self.start.aims.get(key)
        if known is None:
            attribute, difficulty = self._to_hit(attacker, target, weapon)
            need = difficulty - attribute
            ways = ways_at_least(need)
            roll = Roll("attack", CHANCES[ways], None)
            dealt = _damage(weapon.kind, weapon.dr, self.fighters[target].protection)
            rank, dr = weapon.rank, weapon.dr
            hit = Hit(attacker, target, weapon.name, rank, dr, weapon.kind, None, dealt)
            known = self.start.aims[key] = Aim(weapon, need, ways, roll, hit)
        return known

    def _defenses(self, name: str, hit: Hit) -> Defenses:
        """The defenses ``name`` may answer ``hit`` with now (seed 000, "Blocking", "Dodging",
        "Forcing An Action")."""
        if name in self.down or hit.kind == "non-endurance":
            return NO_DEFENSE
        stance = self.defending.get(name)
        if stance is None and self.forced.get(name) == self._round:
            return NO_DEFENSE
        key = (name, hit.rank, hit.kind, stance)
        known = self.start.defenses.get(key)
        if known is None:  # the same in every fight of the fork: worked out once
            known = self.start.defenses[key] = self._work_out_defenses(name, hit, stance)
        return known

    def _work_out_defenses(
        self, name: str, hit: Hit, stance: tuple[DefenseChoice, int] | None
    ) -> Defenses:
        """The defenses against ``hit`` in ``stance`` (a defense continuing, or None): blocking
        or dodging when aware, the one continuing (+1 per attack after the first) when a defense
        continues; explosions only where the rule set lets them be blocked."""
        rules, me = self._rules, self.fighters[name]
        if not me.aware or (hit.kind == "exploding" and not rules.explosions_blockable):
            return NO_DEFENSE
        if stance is None:
            kinds: tuple[DefenseChoice, ...] = ("block", "dodge")
            attack = 1
        else:
            kinds, attack = (stance[0],), stance[1] + 1
        penalty = attack - 1 if rules.continued_defense_penalty else 0
        options: dict[DefenseChoice, tuple[int, int, bool]] = {}
        chances: dict[DefenseChoice, Fraction] = {}
        for kind in kinds:
            expertise = kind in me.expertise
            bonus = rules.expertise_bonus if expertise else 0
            need = 8 + hit.rank + penalty - me.attribute(DEFENSE_ATTRIBUTE[kind]) - bonus
            extreme = expertise or not rules.extreme_needs_expertise
            ways = ways_at_least(need)
            options[kind] = (need, ways, extreme)
            chances[kind] = CHANCES[ways]
        return Defenses(options, chances)

    def _roll(self) -> int:
        return TOTALS[int(self.rng.random() * 36)]

    def _spend(self, name: str, roll: Roll) -> bool:
        """Whether ``name`` spends a plot point on ``roll`` (the caller has checked they have one
        and that the roll can fail)."""
        tactic = self.tactics[name].plot_point
        answer = tactic(self, name, roll)
        if not isinstance(answer, bool):
            raise self._ask(tactic, name, answer, "spend a plot point: True or False.")
        if answer:
            self.plot[name] -= 1
            self.tally.plot_points += 1
        return answer

    # ------------------------------------------------------------------ the fight

    def run(self) -> None:
        """Play the fight to its end and add it to the tally."""
        if self.start.roll_order:
            self._roll_order()
            self._order_changed()
        for hit in self.start.pending:
            if self._finished():
                break
            self._answer(hit)
        first = self._round
        if not self._finished():
            self._rounds(first)
        self._tally(first)

    def _rounds(self, first: int) -> None:
        """Turns in the order of play, round after round, until the fight is over or the round
        limit comes: this round's from where the fork stands, the turns held (delayed) at the end
        of it; the order revised between rounds."""
        resume = self.start.position
        fighters, down, lost = self.fighters, self.down, self.lost
        while True:
            slots, acted, round_ = self.slots, self.acted, self._round
            for i in range(resume, len(slots)):
                name = slots[i]
                if name in acted or name in down or not fighters[name].aware:
                    continue
                if (name, round_) in lost:
                    continue
                self.pos = i
                if self._turn(name):
                    return
            if round_ == first:
                for name in self.start.holding:
                    if name not in down:
                        self.pos = len(slots)
                        if self._turn(name):
                            return
            if self.revisions:
                self.slots = revised(slots, self.revisions)
                self.revisions = []
                self._order_changed()
            if round_ - first + 1 >= self.max_rounds:
                return
            self._round += 1
            self.acted = set()
            resume = 0

    def _finished(self) -> bool:
        return self.over

    def _roll_order(self) -> None:
        """Before the first round with no order set: the rule set's order of play (2014: a
        Perception roll with Super-speed; 2012: Perception, Agility, Willpower), ties by the next
        attribute, then a coin (seed 000 / 004, "Order Of Play")."""
        rolled, coin = self._rules.perception_roll, self.rng.random
        keys = {
            name: ((bonus + self._roll()) if rolled else 0, *precedence, coin())
            for name, bonus, precedence in self.start.rolling_order
        }
        self.slots = sorted(keys, key=keys.__getitem__, reverse=True)

    def _turn(self, name: str) -> bool:
        """``name`` takes their turn: an attack at the foe and with the attack their tactics
        choose, or none; whether the fight is over after it."""
        tally = self.tally
        tally.turns += 1
        self.acted.add(name)
        self.defending.pop(name, None)  # a defense lasts until the defender's next action
        tactics = self.tactics[name]
        target = tactics.target(self, name)
        if target is None:
            return False
        side = self.fighters[name].side
        foes = self._foes.get(side) or self._foes_of(side)  # the kept list, without a call
        if not isinstance(target, str) or target not in foes:
            raise self._not_a_foe(tactics.target, name, target)
        attack = tactics.attack
        aim = self.start.chosen.get((attack, name, target)) or self._chosen(attack, name, target)
        # the attack roll (seed 004, "Attack"); a plot point makes it an automatic success
        tally.attacks += 1
        roll = self._roll()
        automatic = (
            aim.ways < 36
            and tactics.asks_about_attacks
            and self.plot[name] > 0
            and self._spend(name, aim.roll)
        )
        if automatic or roll >= aim.need:
            tally.hits += 1
            extreme = roll - aim.need >= EXTREME_MARGIN
            self._answer(self._extreme(name, aim) if extreme and aim.weapon.expert else aim.hit)
        return self.over

    def _chosen(self, tactic: AttackTactic, name: str, target: str) -> Aim:
        """The attack ``tactic`` chooses for ``name`` at ``target``, checked; kept for the fork
        (``start.chosen``) when the tactic reads only the sheets."""
        chosen = tactic(self, name, target)
        try:
            weapon = self._weapon(name, chosen)
        except KeyError:
            listed = ", ".join(w.name for w in self.fighters[name].weapons)
            raise self._ask(tactic, name, chosen, f"{name}'s attacks are {listed}.") from None
        aim = self._aim(name, target, weapon)
        if reads_sheets_only(tactic):
            self.start.chosen[tactic, name, target] = aim
        return aim

    def _extreme(self, name: str, aim: Aim) -> Hit:
        """An extreme success with expertise (seed 004, "Extreme Success"): the hit with the
        effect the tactics choose (never for an explosion)."""
        weapon, hit = aim.weapon, aim.hit
        if weapon.kind == "exploding":
            return hit
        tactic = self.tactics[name].effect
        effect = tactic(self, name, hit.target)
        allowed = extreme_effects(endurance=weapon.kind != "non-endurance")
        if effect is not None and effect not in allowed:
            raise self._ask(
                tactic, name, effect, f"an extreme success may be {', '.join(allowed)} or None."
            )
        if effect is None:
            return hit
        rank, dr = hit.rank, hit.dr
        if effect == "overwhelming":
            rank, dr = rank + OVERWHELMING_RANKS, dr + OVERWHELMING_RANKS
        dealt = _damage(weapon.kind, dr, self.fighters[hit.target].protection)
        return hit._replace(rank=rank, dr=dr, effect=effect, damage=dealt)

    def _answer(self, hit: Hit) -> None:
        """The target answers the hit: a block or dodge, else it lands."""
        target = hit.target
        offered = self._defenses(target, hit)
        options = offered.options
        if options:
            tactics = self.tactics[target]
            self._offered = (hit, offered)
            choice = tactics.defend(self, target, hit, tactics.threshold)
            self._offered = None
            if choice is not None:
                if choice not in options:
                    allowed = " or ".join(options)
                    raise self._ask(
                        tactics.defend, target, choice, f"{target} may {allowed}, or None."
                    )
                if self._defend(hit, choice, options[choice]):
                    return
        self._land(hit)

    def _defend(self, hit: Hit, kind: DefenseChoice, option: tuple[int, int, bool]) -> bool:
        target = hit.target
        stance = self.defending.get(target)
        if stance is None:
            self._force(target)
            stance = (kind, 0)
        self.defending[target] = (kind, stance[1] + 1)
        need, ways, extreme_possible = option
        tally = self.tally
        tally.defenses += 1
        roll = self._roll()
        automatic = (
            ways < 36
            and self.plot[target] > 0
            and self._spend(target, Roll(kind, CHANCES[ways], hit))
        )
        if not (automatic or roll >= need):
            return False
        tally.defended += 1
        if extreme_possible and roll - need >= EXTREME_MARGIN and self._rules.extreme_revises_order:
            self.revisions.append((hit.attacker, target))
        return True

    def _next_turn(self, name: str) -> int:
        """The round of ``name``'s next available turn (seed 000, "Forcing An Action")."""
        to_come = name in self.slots and self.slots.index(name) > self.pos
        if to_come and name not in self.acted and (name, self._round) not in self.lost:
            return self._round
        given = self._round + 1
        while (name, given) in self.lost:
            given += 1
        return given

    def _force(self, name: str) -> None:
        self.forced[name] = self._round
        self.lost.add((name, self._next_turn(name)))

    def _land(self, hit: Hit) -> None:
        tally = self.tally
        tally.landed += 1
        target = hit.target
        me = self.fighters[target]
        taken = hit.damage
        if hit.effect == "slamming":  # a Brawn roll against 8 + rank; a miss lands at half of it
            missed = 8 + hit.rank - me.brawn - self._roll()
            if missed > 0:
                taken += max(0, missed // 2 - me.protection)
        if taken > 0:  # Endurance lost; out of the fight at 0
            left = self.left[target] = max(0, self.left[target] - taken)
            if left == 0:
                self.defending.pop(target, None)
                self._knock_out(target)
        staggering = hit.effect == "staggering" and target not in self.down
        if staggering and me.willpower + self._roll() < 8 + hit.rank:
            self.lost.add((target, self._next_turn(target)))

    def _left(self) -> Iterable[tuple[str, int]]:
        return self.left.items()
