"""Attacks and what they do to a combatant: to hit, the target's defense, damage against
protection, Endurance and stunning, extreme-success effects, grabs, plot points, recovery.

Seed 004: "Attack", "Opposed Tasks" (the circumstance tables), "Extreme Success" ("Overwhelming",
"Slamming", "Staggering"), "Grabbing" / "Grappling" / "Throwing" / "Tripping", "Diving For
Cover", "Damage", "Protection", "Stunning", "Recovery", "Plot Points". The arithmetic is
``bpb_widgets.bpb.rules``; this module applies it to an encounter's combatants.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bpb_widgets.bpb.base import Attack, BulletproofBluesBase
from bpb_widgets.bpb.order import STAGGERED
from bpb_widgets.bpb.rules.circumstances import modifiers
from bpb_widgets.bpb.rules.combat import damage, hand_to_hand, penetrated_protection
from bpb_widgets.bpb.rules.effects import EFFECTS, OVERWHELMING_RANKS, slam, stagger
from bpb_widgets.bpb.rules.endurance import Endurance
from bpb_widgets.bpb.rules.grappling import GRAB_OPTIONS, break_free, grab, squeeze, throw, trip
from bpb_widgets.bpb.rules.plot_points import GAINS, SPENDS
from bpb_widgets.bpb.rules.ranks import check_rank
from bpb_widgets.bpb.rules.tasks import Task, task
from bpb_widgets.bpb.sheet import Combatant, attribute_name
from bpb_widgets.engine.command import command
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError

#: The expertise a grab's follow-up draws on (seed 004, "Grabbing").
GRAB_EXPERTISE = {"throw": "throwing", "trip": "tripping"}


@dataclass(frozen=True, slots=True)
class Harm:
    """Damage dealt to one combatant (seed 004, "Protection", "Stunning")."""

    target: str
    dr: int
    protection: int
    damage: int
    stunning: bool
    before: Endurance
    after: Endurance

    @property
    def out(self) -> bool:
        return self.after.out and not self.before.out


@dataclass(frozen=True, slots=True)
class Grab:
    """A grab and what followed it (seed 004, "Grabbing")."""

    roll: Task
    break_free: Task | None
    then: str
    harm: Harm | None
    feet: float | None

    @property
    def held(self) -> bool:
        return self.roll.success and self.break_free is not None and not self.break_free.success


class Fighting(BulletproofBluesBase):
    """Attacks, hits landing, grabs, plot points and recovery."""

    # ------------------------------------------------------------------ attacks

    @command
    def attack(
        self,
        attacker: str,
        target: str,
        rank: int,
        *,
        power: str | None = None,
        using: str | None = None,
        against: str | None = None,
        dr: int | None = None,
        hand_to_hand: bool = False,
        stunning: bool = False,
        penetrating: bool = False,
        effect: str | None = None,
        attack_bonus: Iterable[str] = (),
        defense_bonus: Iterable[str] = (),
        dice: Sequence[int] | None = None,
    ) -> Attack:
        """``attacker`` attacks ``target`` with a power or weapon of ``rank`` on their turn.

        The roll is ``using`` (Prowess hand-to-hand, Agility otherwise) + 2d6 + the largest
        attack bonus against 8 + the target's ``against`` attribute (the same by default) + the
        largest defense bonus (seed 004, "Opposed Tasks"; circumstances by name, e.g.
        ``attack_bonus=["surprised"]``). Expertise in ``power`` allows an extreme success, which
        brings the chosen ``effect``. A hit waits for the target: ``block``, ``dodge``,
        ``dive_for_cover`` or ``take_hit``. The damage rating is ``dr`` (default: the rank);
        hand-to-hand it is at least the attacker's Brawn, and unarmed at human level Brawn it is
        stunning (seed 004, "Damage").
        """
        self._need_resolved()
        attacker, target = self._known(attacker), self._known(target)
        self._need_turn(attacker, "attack")
        if attacker == target:
            raise RuleError(f"{attacker} cannot attack themselves.")
        rank = check_rank(rank, "The attack's rank")
        sheet, victim = self._sheets[attacker], self._sheets[target]
        using = attribute_name(using or ("prowess" if hand_to_hand else "agility"), "using")
        against = attribute_name(against or using, "against")
        if effect is not None and effect not in EFFECTS:
            raise RuleError(f"An extreme success can be {', '.join(EFFECTS)}; not {effect!r}.")
        if not isinstance(stunning, bool) or not isinstance(penetrating, bool):
            raise RuleError("stunning= and penetrating= take True or False.")
        strike = _strike(sheet, rank, dr, hand_to_hand)
        mods = modifiers(attack=attack_bonus, defense=defense_bonus)
        power = _power_name(power, hand_to_hand)
        roll = task(
            sheet.rank(using),
            8 + victim.rank(against) + mods.difficulty_modifier,
            bonus=mods.attack_bonus,
            expertise=power.casefold() in sheet.expertise or not self.rules.extreme_needs_expertise,
            dice=self._dice(dice),
        )
        applied = effect if roll.extreme else None
        overwhelming = OVERWHELMING_RANKS if applied == "overwhelming" else 0
        left = f"{using.title()} {roll.attribute} + 2d6 ({roll.dice[0]}+{roll.dice[1]})"
        if mods.attack_bonus:
            left += f" + {mods.attack_bonus} attack bonus"
        right = f"8 + {against.title()} {victim.rank(against)}"
        if mods.difficulty_modifier:
            right += f" + {mods.difficulty_modifier} defense bonus"
        if roll.extreme:
            outcome = f"extreme success, {applied}" if applied else "extreme success"
        else:
            outcome = "hit" if roll.success else "miss"
        if roll.success:
            outcome += f"; {target} may block, dodge, dive for cover or take the hit"
        text = (
            f"{attacker} attacks {target} with {power} {rank}: {left} = {roll.total} vs {right} "
            f"= {roll.difficulty}: {outcome} (Attack)"
        )
        result = Attack(
            attacker,
            target,
            power,
            rank,
            roll,
            strike[0] + overwhelming,
            stunning or strike[1],
            penetrating,
            applied,
            text,
        )
        self._event(
            "attack",
            text,
            attacker,
            {
                "target": target,
                "dice": list(roll.dice),
                "hit": roll.success,
                "extreme": roll.extreme,
            },
        )
        if roll.success:
            self._journal.attr(self, "_pending", result)
        return result

    @command
    def take_hit(
        self, *, instead: str | None = None, reaction_dice: Sequence[int] | None = None
    ) -> Harm:
        """The pending hit lands: damage against protection, then a slam or stagger if the
        attack brought one. ``instead`` names someone who took it in the target's place (a
        forced action on someone else's behalf, seed 000, "Forcing An Action")."""
        pending = self._need_pending()
        target = pending.target if instead is None else self._known(instead)
        return self._land(pending, target, reaction_dice)

    @command
    def dive_for_cover(self, name: str, *, reached: bool = True) -> None:
        """``name`` forces an action to dive for cover (seed 004, "Diving For Cover"): they end
        prone at the nearest cover; if it was within a normal move (``reached``) the pending
        attack on them misses, otherwise there is no benefit and it lands."""
        name = self._known(name)
        if not isinstance(reached, bool):
            raise RuleError("reached= takes True or False.")
        given_up = self._check_force(name)
        self._sacrifice(name, "dives for cover", given_up)
        pending = self._pending
        if pending is None or pending.target != name:
            return
        if reached:
            self._journal.attr(self, "_pending", None)
            self._event(
                "avoided",
                f"{name} dives clear: {possessive(pending.attacker)} "
                f"{pending.power} misses; {name} is prone (Diving For Cover)",
                name,
            )
        else:
            self._event(
                "avoided",
                f"{name} cannot reach cover with a normal move: no benefit (Diving For Cover)",
                name,
            )
            self._land(pending, name, None)

    def _resolve_defense(self, defender: str, success: bool, reaction: object) -> None:
        """After a block or dodge against the pending attack: negated, or the hit lands."""
        pending = self._pending
        if pending is None or pending.target != defender:
            return
        if success:
            self._journal.attr(self, "_pending", None)
            self._event(
                "avoided",
                f"{possessive(pending.attacker)} {pending.power} is negated "
                "(a successful block or dodge completely negates the attack)",
                defender,
            )
        else:
            self._land(pending, defender, reaction)

    def _land(self, pending: Attack, target: str, reaction: object) -> Harm:
        self._journal.attr(self, "_pending", None)
        harm = self._harm(
            target,
            pending.dr,
            pending.stunning,
            pending.penetrating,
            f"{possessive(pending.attacker)} {pending.power}",
        )
        sheet = self._sheets[target]
        if pending.effect == "slamming":
            result = slam(sheet.brawn, pending.rank, pv=sheet.protection, dice=self._dice(reaction))
            shown = _roll_text("Brawn", result.roll, pending.rank)
            if not result.slammed:
                self._event("slam", f"Slam: {shown}: {target} shrugs it off (Slamming)", target)
            else:
                self._event(
                    "slam",
                    f"Slam: {shown}: missed by {result.missed_by}, {target} is knocked back "
                    f"{result.feet:g} ft (Throws column, rank {result.missed_by}) (Slamming)",
                    target,
                    {"feet": result.feet},
                )
                self._harm(target, result.landing_dr, False, False, "the landing")
        if pending.effect == "staggering" and not harm.after.out:
            staggered = stagger(sheet.willpower, pending.rank, dice=self._dice(reaction))
            shown = _roll_text("Willpower", staggered.roll, pending.rank)
            if not staggered.staggered:
                self._event(
                    "stagger", f"Stagger: {shown}: {target} shrugs it off (Staggering)", target
                )
            else:
                lost = self._next_turn(target)
                spent = self._lose_turn(target, STAGGERED, lost, forced=False)
                self._event(
                    "stagger",
                    f"Stagger: {shown}: {target} is staggered and loses {spent}; activated "
                    "powers switch off unless a challenging Willpower roll (12) succeeds "
                    "(Staggering)",
                    target,
                    {"round": lost},
                )
        return harm

    def _harm(self, target: str, dr: int, stunning: bool, penetrating: bool, cause: str) -> Harm:
        """Apply damage rating ``dr`` to ``target`` against their protection (seed 004,
        "Protection", "Penetrating", "Stunning")."""
        pv = self._sheets[target].protection
        dealt = damage(dr, pv, penetrating=penetrating)
        before = self._endurance[target]
        after = before.hurt(dealt, stunning=stunning)
        self._changing_fitness(target, lambda: self._journal.set(self._endurance, target, after))
        shield = f"protection {pv}"
        if penetrating and pv:
            shield = f"protection {penetrated_protection(pv)} (half of {pv} ignored, penetrating)"
        kind = "stunning damage" if stunning else "damage"
        rules = "Protection, Stunning" if stunning else "Protection"
        self._event(
            "damage",
            f"{target} takes {dealt} {kind} from {cause}: DR {dr} - {shield} = {dealt}; "
            f"Endurance {before.current} -> {after.current} ({rules})",
            target,
            {"damage": dealt, "stunning": stunning, "endurance": after.current},
        )
        harm = Harm(target, dr, pv, dealt, stunning, before, after)
        if harm.out:
            self._event("out", f"{target} is out of the fight at Endurance 0 (Damage)", target)
        return harm

    # ------------------------------------------------------------------ grabs

    @command
    def grab(
        self,
        attacker: str,
        target: str,
        then: str,
        *,
        dice: Sequence[int] | None = None,
        reaction_dice: Sequence[int] | None = None,
    ) -> Grab:
        """``attacker`` grabs ``target`` (Prowess against 8 + Prowess), the target tries to break
        free (the greater of Brawn and Agility against 8 + the attacker's, +3 after an extreme
        grab), and a held target is then held, squeezed, used as cover, thrown or tripped
        (seed 004, "Grabbing", "Grappling", "Throwing", "Tripping")."""
        self._need_resolved()
        attacker, target = self._known(attacker), self._known(target)
        self._need_turn(attacker, "grab")
        if attacker == target:
            raise RuleError(f"{attacker} cannot grab themselves.")
        if then not in GRAB_OPTIONS:
            raise RuleError(f"After a grab: {', '.join(GRAB_OPTIONS)}; not {then!r}.")
        me, them = self._sheets[attacker], self._sheets[target]
        flight = throw(brawn=me.brawn, weight_lbs=them.weight_lbs) if then == "throw" else None
        skill = GRAB_EXPERTISE.get(then, "grappling")
        roll = grab(
            me.prowess, them.prowess, expertise=skill in me.expertise, dice=self._dice(dice)
        )
        shown = (
            f"Prowess {me.prowess} + 2d6 ({roll.dice[0]}+{roll.dice[1]}) = {roll.total} vs "
            f"8 + Prowess {them.prowess} = {roll.difficulty}"
        )
        if not roll.success:
            self._event("grab", f"{attacker} grabs at {target}: {shown}: miss (Grabbing)", attacker)
            return Grab(roll, None, then, None, None)
        reaction = break_free(
            them.brawn,
            them.agility,
            attacker_brawn=me.brawn,
            attacker_agility=me.agility,
            extreme=roll.extreme,
            dice=self._dice(reaction_dice),
        )
        freed = "breaks free" if reaction.success else "is held"
        self._event(
            "grab",
            f"{attacker} grabs {target}: {shown}: hit; {target} tries to break free: greater of "
            f"Brawn/Agility {reaction.attribute} + 2d6 ({reaction.dice[0]}+{reaction.dice[1]}) = "
            f"{reaction.total} vs {reaction.difficulty}: {freed} (Grabbing)",
            attacker,
        )
        if reaction.success:
            return Grab(roll, reaction, then, None, None)
        harm, feet = None, None
        if flight is not None:
            feet = flight.feet
            self._event(
                "throw",
                f"{attacker} throws {target} {feet:g} ft: Brawn {me.brawn} - "
                f"Lifts rank {flight.weight_rank} ({them.weight_lbs:g} lb) = Throws rank "
                f"{flight.rank} (Throwing)",
                attacker,
                {"feet": feet},
            )
            harm = self._harm(target, flight.dr, False, False, "the impact")
        elif then in ("trip", "squeeze"):
            strike = trip(me.agility) if then == "trip" else squeeze(me.brawn, me.agility)
            harm = self._harm(target, strike.dr, strike.stunning, False, f"the {then}")
        else:
            self._event(
                then,
                f"{attacker} {'holds' if then == 'hold' else 'interposes'} "
                f"{target}: {GRAB_OPTIONS[then]} (Grappling)",
                attacker,
            )
        return Grab(roll, reaction, then, harm, feet)

    # ------------------------------------------------------------------ plot points, recovery

    @command
    def gain_plot_point(self, name: str, reason: str) -> int:
        """``name`` gains a plot point: a complication, a reward or cooperation (seed 004,
        "Gaining Plot Points"). Returns the new total."""
        name = self._known(name)
        if reason not in GAINS:
            raise RuleError(f"Plot points are gained for: {', '.join(GAINS)}; not {reason!r}.")
        total = self._plot[name] + 1
        self._journal.set(self._plot, name, total)
        self._event(
            "plot",
            f"{name} gains a plot point ({reason}): {GAINS[reason]} Now "
            f"{total} (Gaining Plot Points)",
            name,
        )
        return total

    @command
    def spend_plot_point(self, name: str, use: str) -> int:
        """``name`` spends a plot point: automatic success, power boost, power stunt, rally,
        retcon (seed 004, "Spending Plot Points"). A rally recovers at once as after half an
        hour's rest. Returns the points left."""
        name = self._known(name)
        if use not in SPENDS:
            raise RuleError(f"Plot points are spent on: {', '.join(SPENDS)}; not {use!r}.")
        if not self._plot[name]:
            raise RuleError(f"{name} has no plot points left to spend.")
        left = self._plot[name] - 1
        self._journal.set(self._plot, name, left)
        self._event(
            "plot",
            f"{name} spends a plot point on {use.replace('_', ' ')}: "
            f"{SPENDS[use]} {left} left (Spending Plot Points)",
            name,
        )
        if use == "rally":
            self._rest(name, "rallies")
        return left

    @command
    def recover(self, names: Iterable[str] | None = None) -> None:
        """After the fight and a chance to rest (about half an hour): stunning damage all comes
        back and half the recent Endurance loss (seed 004, "Recovery", "Stunning")."""
        chosen = self.names if names is None else [self._known(n) for n in _names(names)]
        for name in chosen:
            if self._endurance[name].current < self._endurance[name].rank:
                self._rest(name, "rests")

    def _rest(self, name: str, how: str) -> None:
        before = self._endurance[name]
        after = before.rest()
        self._changing_fitness(name, lambda: self._journal.set(self._endurance, name, after))
        self._event(
            "recover",
            f"{name} {how}: stunning damage {before.stun} all back, recent "
            f"damage {before.recent} half back: Endurance {before.current} -> "
            f"{after.current} (Recovery)",
            name,
        )

    # ------------------------------------------------------------------ checks

    def _need_pending(self) -> Attack:
        if self._pending is None:
            raise RuleError("No attack is waiting to land.")
        return self._pending


def _strike(sheet: Combatant, rank: int, dr: Any, hand: bool) -> tuple[int, bool]:
    if dr is not None:
        dr = check_rank(dr, "The damage rating", low=0, high=20)
    if not isinstance(hand, bool):
        raise RuleError("hand_to_hand= takes True or False.")
    if hand:
        strike = hand_to_hand(sheet.brawn, weapon_dr=dr)
        return strike.dr, strike.stunning
    return (rank if dr is None else dr), False


def _power_name(power: object, hand: bool) -> str:
    if power is None:
        return "hand-to-hand" if hand else "attack"
    if not isinstance(power, str) or not power.strip() or len(power) > 60:
        raise RuleError(f"Name the power or weapon in a few words, not {power!r}.")
    return power.strip()


def _names(names: object) -> list[object]:
    if isinstance(names, str) or not isinstance(names, Iterable):
        raise RuleError("Give the names as a list.")
    return list(names)


def _roll_text(attribute: str, roll: Task, rank: int) -> str:
    return (
        f"{attribute} {roll.attribute} + 2d6 ({roll.dice[0]}+{roll.dice[1]}) = {roll.total} vs "
        f"8 + rank {rank} = {roll.difficulty}"
    )
