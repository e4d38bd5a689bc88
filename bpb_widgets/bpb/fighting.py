"""Attacks and what they do to a combatant: to hit (with range and circumstances), the hit
waiting for the target's answer, damage against protection, Endurance and stunning damage,
non-Endurance effects, explosions, and the extreme-success effects with their conditions.

Seed 004: "Attack", "Opposed Tasks" (the circumstance tables), "Range Bands", "Extreme Success"
("Overwhelming", "Slamming", "Staggering"), "Diving For Cover", "Damage", "Exploding",
"Penetrating", "Stunning", "Protection". The arithmetic is ``bpb_widgets.bpb.rules``; this module
applies it to an encounter's combatants.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bpb_widgets.bpb.base import Attack, BulletproofBluesBase, by_plot_point
from bpb_widgets.bpb.conditions import CONDITIONS, HELD, HOLDING, INTERPOSING, POWERS_OFF, PRONE
from bpb_widgets.bpb.conditions import STAGGERED as STAGGERED_CONDITION
from bpb_widgets.bpb.order import STAGGERED
from bpb_widgets.bpb.rules.circumstances import (
    ATTACK_BONUSES,
    DIFFICULTY_MODIFIERS,
    Modifiers,
    modifiers,
)
from bpb_widgets.bpb.rules.combat import (
    EXPLOSION_DIFFICULTY,
    damage,
    hand_to_hand,
    penetrated_protection,
)
from bpb_widgets.bpb.rules.effects import (
    EFFECTS,
    OVERWHELMING_RANKS,
    extreme_effects,
    keep_powers,
    slam,
    stagger,
)
from bpb_widgets.bpb.rules.endurance import Endurance
from bpb_widgets.bpb.rules.probability import Odds, odds
from bpb_widgets.bpb.rules.ranges import bands_beyond
from bpb_widgets.bpb.rules.ranks import check_rank
from bpb_widgets.bpb.rules.tasks import Task, task
from bpb_widgets.bpb.sheet import (
    AttackKind,
    Combatant,
    Power,
    attribute_name,
    check_kind,
    check_power_name,
)
from bpb_widgets.engine.checks import check_distance, check_flag
from bpb_widgets.engine.command import command
from bpb_widgets.engine.rule_texts import ruling
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError

#: Out of the fight at Endurance 0: the seeds leave Endurance 0 unwritten ("Death (XXX working)"),
#: so the engine decides (docs/rules.md, "The rules in brief").
ENDURANCE_0 = ruling("Endurance 0")


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
class Explosion:
    """An exploding attack: one roll at difficulty 9, a hit on everyone it caught (seed 004,
    "Exploding")."""

    roll: Task
    hits: tuple[Attack, ...]

    @property
    def hit(self) -> bool:
        return self.roll.success


@dataclass(frozen=True, slots=True)
class Weapon:
    """The power or weapon of one attack, resolved from the sheet and what the GM typed."""

    name: str
    rank: int
    kind: AttackKind
    hand_to_hand: bool
    dr: int
    stunning: bool
    #: The powers and skills whose expertise allows its extreme success.
    skills: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AttackPreview:
    """An attack before the dice: both sides of the arithmetic and the exact odds (seed 004,
    "Opposed Tasks", "Extreme Success")."""

    attacker: str
    target: str
    weapon: Weapon
    using: str
    attribute: int
    against: str
    defense: int
    modifiers: Modifiers
    #: The circumstances the fight itself brought (a grapple, range bands), explained.
    automatic: tuple[str, ...]
    #: Whether an extreme success is possible (expertise in the power).
    expertise: bool
    #: A plot point's automatic success waits for this roll (seed 004, "Automatic Success").
    plot_point: bool = False

    @property
    def difficulty(self) -> int:
        return 8 + self.defense + self.modifiers.difficulty_modifier

    @property
    def odds(self) -> Odds:
        """The exact chances of hitting and of an extreme success (seed 004, "Rolling Dice")."""
        return odds(
            self.attribute,
            self.difficulty,
            bonus=self.modifiers.attack_bonus,
            expertise=self.expertise,
            automatic=self.plot_point,
        )

    @property
    def effects(self) -> tuple[str, ...]:
        """What an extreme success could do with this attack (seed 004, "Extreme Success")."""
        return extreme_effects(endurance=self.weapon.kind != "non-endurance")

    def check_effect(self, effect: str) -> str:
        return check_effect(effect, self.weapon.kind)

    @property
    def roll_text(self) -> str:
        """``Agility 5 + 2d6 + 3 attack bonus``."""
        text = f"{self.using.title()} {self.attribute} + 2d6"
        if self.modifiers.attack_bonus:
            text += f" + {self.modifiers.attack_bonus} attack bonus"
        return text

    @property
    def against_text(self) -> str:
        """``8 + Agility 4 + 3 defense bonus``."""
        text = f"8 + {self.against.title()} {self.defense}"
        if self.modifiers.difficulty_modifier:
            text += f" + {self.modifiers.difficulty_modifier} defense bonus"
        return text


def check_effect(effect: object, kind: AttackKind) -> str:
    """One of the extreme-success effects this kind of attack allows (seed 004, "Extreme Success",
    "Slamming", "Staggering")."""
    if effect not in EFFECTS or not isinstance(effect, str):
        raise RuleError(f"An extreme success can be {', '.join(EFFECTS)}; not {effect!r}.")
    if effect not in extreme_effects(endurance=kind != "non-endurance"):
        raise RuleError(
            f"Only attacks that inflict Endurance damage can be {effect}; this one is {kind} "
            "(Slamming, Staggering)."
        )
    return effect


def _hit(preview: AttackPreview, roll: Task, effect: str | None, text: str) -> Attack:
    """The attack as rolled: an overwhelming one is three ranks higher (seed 004,
    "Overwhelming")."""
    weapon = preview.weapon
    overwhelming = OVERWHELMING_RANKS if effect == "overwhelming" else 0
    return Attack(
        preview.attacker,
        preview.target,
        weapon.name,
        weapon.rank + overwhelming,
        roll,
        weapon.dr + overwhelming,
        weapon.kind,
        weapon.stunning,
        effect,
        text,
    )


class Fighting(BulletproofBluesBase):
    """Attacks, explosions, hits landing or avoided, diving for cover."""

    # ------------------------------------------------------------------ attacks

    @command
    def attack(
        self,
        attacker: str,
        target: str,
        rank: int | None = None,
        *,
        power: str | None = None,
        kind: str | None = None,
        using: str | None = None,
        against: str | None = None,
        dr: int | None = None,
        hand_to_hand: bool | None = None,
        effect: str | None = None,
        distance: float | None = None,
        attack_bonus: Iterable[str] = (),
        defense_bonus: Iterable[str] = (),
        dice: Sequence[int] | None = None,
        plot_point: bool = False,
    ) -> Attack:
        """``attacker`` attacks ``target`` on their turn with ``power``: one of their sheet's
        attacks (its rank, kind and damage), or one typed in with its ``rank`` and ``kind``
        ("normal", "penetrating", "stunning", "non-endurance"; exploding attacks are
        ``explode``).

        The roll is ``using`` (Prowess hand-to-hand, Agility otherwise) + 2d6 + the largest
        attack bonus against 8 + the target's ``against`` attribute (the same by default) + the
        largest defense bonus (seed 004, "Opposed Tasks"; circumstances by name, e.g.
        ``attack_bonus=["surprised"]``). A grapple adds its own: +3 to hit a held target, +3
        defense against a held attacker or a grappler using the held as a shield ("Grappling").
        ``distance`` in feet adds +3 defense per range band beyond the power's rank ("Range
        Bands"). Expertise in the power allows an extreme success, which brings the chosen
        ``effect`` (slamming and staggering only with Endurance damage). A hit waits for the
        target: ``block``, ``dodge``, ``dive_for_cover`` or ``take_hit``. The damage rating is
        ``dr`` (default: the rank); hand-to-hand it is at least the attacker's Brawn, and unarmed
        at human-level Brawn it is stunning (seed 004, "Damage"). ``plot_point=True`` spends a
        plot point on an automatic success (one already bought applies by itself): a hit, the
        dice deciding only an extreme success (seed 004, "Automatic Success")."""
        preview = self.attack_preview(
            attacker,
            target,
            rank,
            power=power,
            kind=kind,
            using=using,
            against=against,
            dr=dr,
            hand_to_hand=hand_to_hand,
            distance=distance,
            attack_bonus=attack_bonus,
            defense_bonus=defense_bonus,
        )
        if effect is not None:
            preview.check_effect(effect)
        automatic = self._automatic_roll(preview.attacker, plot_point)
        roll = task(
            preview.attribute,
            preview.difficulty,
            bonus=preview.modifiers.attack_bonus,
            expertise=preview.expertise,
            dice=self._dice(dice),
            automatic=automatic,
        )
        applied = effect if roll.extreme else None
        if roll.extreme:
            outcome = f"extreme success, {applied}" if applied else "extreme success"
        else:
            outcome = "hit" if roll.success else "miss"
        outcome += by_plot_point(roll)
        if roll.success:
            outcome += f"; {self._answers(_hit(preview, roll, applied, ''))}"
        why = f" ({'; '.join(preview.automatic)})" if preview.automatic else ""
        shown = preview.roll_text.replace("2d6", f"2d6 ({roll.dice[0]}+{roll.dice[1]})", 1)
        text = (
            f"{preview.attacker} attacks {preview.target} with {self._named(preview.weapon)}: "
            f"{shown} = {roll.total} vs {preview.against_text} = {roll.difficulty}{why}: "
            f"{outcome} (Attack)"
        )
        result = _hit(preview, roll, applied, text)
        self._event(
            "attack",
            text,
            preview.attacker,
            {
                "target": preview.target,
                "dice": list(roll.dice),
                "hit": roll.success,
                "extreme": roll.extreme,
            },
        )
        if roll.success:
            self._journal.attr(self, "_pending", (*self._pending, result))
        return result

    def attack_preview(
        self,
        attacker: str,
        target: str,
        rank: int | None = None,
        *,
        power: str | None = None,
        kind: str | None = None,
        using: str | None = None,
        against: str | None = None,
        dr: int | None = None,
        hand_to_hand: bool | None = None,
        distance: float | None = None,
        attack_bonus: Iterable[str] = (),
        defense_bonus: Iterable[str] = (),
    ) -> AttackPreview:
        """What an attack would roll against, with its exact odds, before the dice (refused as
        the attack would be); see ``attack``."""
        self._need_resolved()
        attacker, target = self._known(attacker), self._known(target)
        self._need_turn(attacker, "attack")
        if attacker == target:
            raise RuleError(f"{attacker} cannot attack themselves.")
        sheet, victim = self._sheet(attacker), self._sheet(target)
        weapon = self._weapon(sheet, power, rank, kind, dr, hand_to_hand)
        if weapon.kind == "exploding":
            raise RuleError(
                f"{weapon.name} explodes: use explode(), one roll against everyone it catches."
            )
        using = attribute_name(using or ("prowess" if weapon.hand_to_hand else "agility"), "using")
        against = attribute_name(against or using, "against")
        bands = self._range_bands(weapon, distance)
        mods, automatic = self._circumstances(attacker, target, attack_bonus, defense_bonus, bands)
        return AttackPreview(
            attacker,
            target,
            weapon,
            using,
            sheet.rank(using),
            against,
            victim.rank(against),
            mods,
            tuple(automatic),
            self._expert(sheet, weapon),
            attacker in self._automatic,
        )

    @command
    def choose_effect(self, effect: str) -> Attack:
        """After an extreme success, the attacker chooses what it does (seed 004, "Extreme
        Success": "the attacker may choose one of three bonus effects"): overwhelming, slamming or
        staggering, before the target answers the hit."""
        hit = self._pending[0] if self._pending else None
        if hit is None or not hit.roll.extreme or hit.kind == "exploding":
            raise RuleError("No extreme success is waiting for its effect.")
        if hit.effect is not None:
            raise RuleError(f"{possessive(hit.attacker)} extreme success is already {hit.effect}.")
        chosen = check_effect(effect, hit.kind)
        overwhelming = OVERWHELMING_RANKS if chosen == "overwhelming" else 0
        changed = replace(
            hit, effect=chosen, rank=hit.rank + overwhelming, dr=hit.dr + overwhelming
        )
        self._journal.attr(self, "_pending", (changed, *self._pending[1:]))
        self._event(
            "effect",
            f"{hit.attacker} makes the extreme success {chosen} (Extreme Success)",
            hit.attacker,
        )
        return changed

    def hit_preview(self, target: str | None = None) -> Harm | None:
        """What the hit waiting for ``target`` (the first, by default) would do if taken: the
        damage against protection and the Endurance left (None for a non-Endurance attack)."""
        pending = self._need_pending(target)
        if not pending.endurance:
            return None
        pv = self._sheet(pending.target).protection
        dealt = damage(pending.dr, pv, penetrating=pending.penetrating)
        before = self._endurance[pending.target]
        after = before.hurt(dealt, stunning=pending.stunning)
        return Harm(pending.target, pending.dr, pv, dealt, pending.stunning, before, after)

    def cover_preview(self, name: str) -> str:
        """What diving for cover would cost ``name`` (refused as the dive would be)."""
        name = self._known(name)
        given_up = self._check_force(name)
        return f"forced action: uses {possessive(name)} turn in round {given_up}; ends prone"

    @command
    def explode(
        self,
        attacker: str,
        targets: Sequence[str],
        rank: int | None = None,
        *,
        power: str | None = None,
        outer: Sequence[str] = (),
        using: str | None = None,
        attack_bonus: Iterable[str] = (),
        dice: Sequence[int] | None = None,
        plot_point: bool = False,
    ) -> Explosion:
        """``attacker`` sets off an exploding attack catching ``targets``: one roll of ``using``
        (Agility by default) + 2d6 against difficulty 9, never an extreme success (it is aimed
        at nobody). On a hit each target takes the full damage rating, or half (rounded up) for
        those in the ``outer`` half of the radius; each may dive for cover (seed 004,
        "Exploding", "Diving For Cover"). ``plot_point=True``: an automatic success, as for
        ``attack``."""
        self._need_resolved()
        attacker = self._known(attacker)
        self._need_turn(attacker, "set off an explosion")
        caught = self._names_once(targets, "targets")
        if not caught:
            raise RuleError("Name who is within the explosion's radius.")
        outside = set(self._names_once(outer, "outer"))
        if not outside <= set(caught):
            raise RuleError("Those in the outer half of the radius must be among the targets.")
        sheet = self._sheet(attacker)
        weapon = self._weapon(
            sheet, power, rank, "exploding" if power is None else None, None, None
        )
        if weapon.kind != "exploding":
            raise RuleError(f"{weapon.name} does not explode: use attack().")
        using = attribute_name(using or "agility", "using")
        mods = modifiers(attack=attack_bonus)
        automatic = self._automatic_roll(attacker, plot_point)
        roll = task(
            sheet.rank(using),
            EXPLOSION_DIFFICULTY,
            bonus=mods.attack_bonus,
            dice=self._dice(dice),
            automatic=automatic,
        )
        bonus = f" + {mods.attack_bonus} attack bonus" if mods.attack_bonus else ""
        hits = tuple(
            Attack(
                attacker,
                name,
                weapon.name,
                weapon.rank,
                roll,
                -(-weapon.dr // 2) if name in outside else weapon.dr,
                "exploding",
                weapon.stunning,
                None,
                "",
            )
            for name in caught
        )
        answers = ""
        if roll.success:  # "each may ..." when everyone caught may answer alike
            each = {self._answers(hit, "each") for hit in hits}
            answers = (
                f"; {each.pop()}"
                if len(each) == 1 and len(hits) > 1
                else "".join(f"; {self._answers(hit)}" for hit in hits)
            )
        text = (
            f"{attacker} sets off {self._named(weapon)} catching {', '.join(caught)}: "
            f"{using.title()} {roll.attribute} + 2d6 ({roll.dice[0]}+{roll.dice[1]}){bonus} = "
            f"{roll.total} vs {EXPLOSION_DIFFICULTY}: {'hit' if roll.success else 'miss'}"
            f"{by_plot_point(roll)}{answers} (Exploding)"
        )
        self._event("attack", text, attacker, {"targets": caught, "hit": roll.success})
        hits = tuple(replace(hit, text=text) for hit in hits) if roll.success else ()
        if roll.success:
            self._journal.attr(self, "_pending", (*self._pending, *hits))
        return Explosion(roll, hits)

    def _weapon(
        self,
        sheet: Combatant,
        power: str | None,
        rank: int | None,
        kind: str | None,
        dr: int | None,
        hand: bool | None,
    ) -> Weapon:
        """The power or weapon of an attack: from the sheet, with what the GM typed over it."""
        listed = sheet.power(check_power_name(power)) if power is not None else None
        if listed is None:
            if rank is None:
                raise RuleError(
                    f"{sheet.name} has no attack called {power}: give its rank."
                    if power
                    else "Give the attack's rank, or name one of the attacker's powers."
                )
            name = check_power_name(power) if power else ("hand-to-hand" if hand else "attack")
            listed = Power(name, check_rank(rank, "The attack's rank"))
        rank = check_rank(listed.rank if rank is None else rank, "The attack's rank")
        chosen = listed.kind if kind is None else check_kind(kind)
        close = listed.hand_to_hand if hand is None else check_flag(hand, "hand_to_hand")
        rating = listed.dr if dr is None else check_rank(dr, "The damage rating", low=0, high=20)
        stunning = chosen == "stunning"
        if close:  # unarmed: DR = Brawn, stunning at human level; a weapon: at least Brawn
            strike = hand_to_hand(sheet.brawn, weapon_dr=rating)
            rating, stunning = strike.dr, stunning or strike.stunning
        return Weapon(
            listed.name,
            rank,
            chosen,
            close,
            rank if rating is None else rating,
            stunning,
            replace(listed, hand_to_hand=close).skills(),
        )

    def _range_bands(self, weapon: Weapon, distance: float | None) -> int:
        if distance is None:
            return 0
        if weapon.hand_to_hand:
            raise RuleError("A hand-to-hand attack has no range to measure.")
        feet = check_distance(distance, "The distance to the target")
        return bands_beyond(weapon.rank, feet)

    def _circumstances(
        self,
        attacker: str,
        target: str,
        attack_bonus: Iterable[str],
        defense_bonus: Iterable[str],
        bands: int,
    ) -> tuple[Modifiers, list[str]]:
        """The named circumstances plus those the fight itself brings: a grapple (seed 004,
        "Grappling") and range bands ("Range Bands"); only the largest of each side applies."""
        if isinstance(attack_bonus, str) or isinstance(defense_bonus, str):
            raise RuleError("List the circumstances, such as ['surprised'], not a bare string.")
        bonus, defense = list(attack_bonus), list(defense_bonus)
        automatic = []
        for kind in CONDITIONS.values():  # what the conditions on either bring (their effects)
            for effect in kind.effects:
                who = target if effect.whose == "target" else attacker
                if self.has_condition(who, kind.name):
                    side, table = (
                        (bonus, ATTACK_BONUSES)
                        if effect.side == "attack"
                        else (defense, DIFFICULTY_MODIFIERS)
                    )
                    side.append(effect.circumstance)
                    says = effect.says.format(name=who)
                    automatic.append(f"{says}{table[effect.circumstance].text}")
        if bands:
            automatic.append(f"{bands} range band{'s' * (bands > 1)} beyond the power's")
        return modifiers(attack=set(bonus), defense=set(defense), range_bands=bands), automatic

    def _expert(self, sheet: Combatant, weapon: Weapon) -> bool:
        """Whether an extreme success is possible: expertise in the power or skill the attack
        uses, unless the rule set lets anyone (seed 004, "Extreme Success")."""
        return self._covers(sheet, weapon.skills) or not self.rules.extreme_needs_expertise

    @staticmethod
    def _named(weapon: Weapon) -> str:
        kind = "" if weapon.kind == "normal" else f" ({weapon.kind})"
        return f"{weapon.name} {weapon.rank}{kind}"

    def _answers(self, hit: Attack, who: str | None = None) -> str:
        """The log's words for the answers the rules leave the target of ``hit``: "Razor may
        block, dodge, dive for cover or take the hit", or for someone unaware of the fight
        "Hooligan can only take the hit". Each answer is refused for the same reasons the
        attack panel shows (``_open_answers``). ``who``: the subject, if not the target."""
        who = hit.target if who is None else who
        last = "take the hit" if hit.endurance else "take it"
        open_ = self._open_answers(hit)
        if not open_:
            return f"{who} can only {last}"
        if not hit.endurance and open_[:2] == ["block", "dodge"]:
            open_ = ["block or dodge with the same power", *open_[2:]]
        elif not hit.endurance:
            open_ = [f"{a} with the same power" if a in ("block", "dodge") else a for a in open_]
        return f"{who} may {', '.join(open_)} or {last}"

    def _open_answers(self, hit: Attack) -> list[str]:
        """Which of block, dodge and dive for cover the rules leave the target of ``hit`` (taking
        it is always left): refused as ``cover_preview`` (and, with ``Defending``,
        ``defense_preview``) would refuse them, e.g. for someone unaware of the fight, who
        cannot force an action (seed 000, "Forcing An Action")."""
        try:
            self.cover_preview(hit.target)
        except RuleError:
            return []
        return ["dive for cover"]

    def _names_once(self, names: object, what: str) -> list[str]:
        if isinstance(names, str) or not isinstance(names, Iterable):
            raise RuleError(f"Give {what} as a list of names.")
        found = [self._known(n) for n in names]
        if len(set(found)) != len(found):
            raise RuleError(f"Someone is listed twice in {what}.")
        return found

    # ------------------------------------------------------------------ answering a hit

    @command
    def take_hit(
        self,
        target: str | None = None,
        *,
        instead: str | None = None,
        reaction_dice: Sequence[int] | None = None,
        powers_dice: Sequence[int] | None = None,
    ) -> Harm | None:
        """The hit waiting for ``target`` (the first waiting, by default) lands: damage against
        protection, then a slam or stagger if the attack brought one; a non-Endurance attack
        takes effect as the GM describes. ``instead`` names someone who takes it in the target's
        place, diving in front of the attack: a forced action of theirs, once per round, giving
        up their next available turn (seed 000, "Forcing An Action"; ``interpose_preview``)."""
        pending = self._need_pending(target)
        if instead is None:
            return self._land(pending, pending.target, reaction_dice, powers_dice)
        victim = self._known(instead)
        given_up = self._interposing(pending, victim)
        if given_up is not None:
            self._sacrifice(victim, _interposes(pending), given_up)
        return self._land(pending, victim, reaction_dice, powers_dice)

    def interpose_preview(self, name: str, target: str | None = None) -> str:
        """What taking the hit waiting for ``target`` (the first, by default) in its target's
        place would cost ``name``: "forced action: uses Blueshift's turn in round 7" (refused,
        with the reason, as ``take_hit(target, instead=name)`` would be)."""
        pending = self._need_pending(target)
        name = self._known(name)
        given_up = self._interposing(pending, name)
        if given_up is None:
            return f"takes the hit in {possessive(pending.target)} place (no forced action)"
        return f"forced action: uses {possessive(name)} turn in round {given_up}"

    def interposers(self, target: str | None = None) -> list[str]:
        """Everyone who may take the hit waiting for ``target`` (the first, by default) in its
        target's place now, in the order of play, then the others in the order they joined."""
        pending = self._need_pending(target)
        able = []
        for name in dict.fromkeys([*self._slots, *self._sheets]):
            try:
                self._interposing(pending, name)
            except RuleError:
                continue
            able.append(name)
        return able

    def _interposing(self, pending: Attack, name: str) -> int | None:
        """The round whose turn ``name`` gives up to take ``pending`` for its target (None: no
        forced action, under ``interposing_forced=False``), refusing who may not: the target, the
        attacker, and anyone who may not force an action now (seed 000, "Forcing An Action")."""
        if not self.rules.interposing_forced:
            return None
        if name == pending.target:
            raise RuleError(
                f"{name} is the one hit: take_hit({name!r}) lets it land; instead= names someone "
                "else who takes it for them."
            )
        if name == pending.attacker:
            raise RuleError(f"{name} cannot dive in front of their own attack.")
        return self._check_force(name)

    @command
    def dive_for_cover(self, name: str, *, reached: bool = True) -> None:
        """``name`` forces an action to dive for cover (seed 004, "Diving For Cover"): they end
        prone at the nearest cover; if it was within a normal move (``reached``) the hit waiting
        for them misses, otherwise there is no benefit and it lands. Prone lasts to the end of
        their next turn, whose movement action stands them up."""
        name = self._known(name)
        reached = check_flag(reached, "reached")
        given_up = self._check_force(name)
        self._sacrifice(name, "dives for cover", given_up)
        self._give_condition(
            name,
            PRONE.give(self._turns, "end", name),
        )
        pending = self._pending_for(name)
        if pending is None:
            return
        if reached:
            self._drop_pending(pending)
            self._event(
                "avoided",
                f"{name} dives clear: {possessive(pending.attacker)} "
                f"{pending.power} misses (Diving For Cover)",
                name,
            )
        else:
            self._event(
                "avoided",
                f"{name} cannot reach cover with a normal move: no benefit (Diving For Cover)",
                name,
            )
            self._land(pending, name, None, None)

    def _resolve_defense(
        self, pending: Attack, success: bool, reaction: object, powers: object
    ) -> None:
        """After a block or dodge against the hit waiting: negated, or the hit lands."""
        if success:
            self._drop_pending(pending)
            self._event(
                "avoided",
                f"{possessive(pending.attacker)} {pending.power} is negated "
                "(a successful block or dodge completely negates the attack)",
                pending.target,
            )
        else:
            self._land(pending, pending.target, reaction, powers)

    def _pending_for(self, name: str) -> Attack | None:
        return next((hit for hit in self._pending if hit.target == name), None)

    def _need_pending(self, target: str | None) -> Attack:
        if not self._pending:
            raise RuleError("No attack is waiting to land.")
        if target is None:
            return self._pending[0]
        name = self._known(target)
        pending = self._pending_for(name)
        if pending is None:
            raise RuleError(f"No hit on {name} is waiting to land.")
        return pending

    def _drop_pending(self, pending: Attack) -> None:
        index = self._pending.index(pending)
        self._journal.attr(self, "_pending", self._pending[:index] + self._pending[index + 1 :])

    def _land(self, pending: Attack, target: str, reaction: object, powers: object) -> Harm | None:
        self._drop_pending(pending)
        cause = f"{possessive(pending.attacker)} {pending.power}"
        if pending.roll.extreme and pending.effect is None and pending.kind != "exploding":
            self._event(
                "effect",
                f"{pending.attacker} chose no bonus effect for the extreme success: the hit lands "
                "as a normal one (Extreme Success: the attacker may choose one of three)",
                pending.attacker,
            )
        if not pending.endurance:
            self._event(
                "effect",
                f"{cause} (rank {pending.rank}) takes effect on {target}: not Endurance damage; "
                "the GM says what it does (Protection: other forms of damage)",
                target,
            )
            return None
        harm = self._harm(target, pending.dr, pending.stunning, pending.penetrating, cause)
        sheet = self._sheet(target)
        if pending.effect == "slamming":
            slammed = slam(
                sheet.brawn,
                pending.rank,
                pv=sheet.protection,
                dice=self._dice(reaction),
                automatic=self._automatic_roll(target, False),
            )
            shown = _roll_text("Brawn", slammed.roll, pending.rank)
            if not slammed.slammed:
                self._event("slam", f"Slam: {shown}: {target} shrugs it off (Slamming)", target)
            else:
                self._event(
                    "slam",
                    f"Slam: {shown}: missed by {slammed.missed_by}, {target} is knocked back "
                    f"{slammed.feet:g} ft (Throws column, rank {slammed.missed_by}) (Slamming)",
                    target,
                    {"feet": slammed.feet},
                )
                self._harm(target, slammed.landing_dr, False, False, "the landing")
        if pending.effect == "staggering" and not harm.after.out:
            self._stagger(target, pending.rank, reaction, powers)
        return harm

    def _stagger(self, target: str, rank: int, reaction: object, powers: object) -> None:
        """A staggering hit: Willpower against 8 + rank; failing, the target loses their next
        action, and activated powers switch off unless a challenging Willpower roll (12) keeps
        them on, until that next action comes (seed 004, "Staggering")."""
        sheet = self._sheet(target)
        staggered = stagger(
            sheet.willpower,
            rank,
            dice=self._dice(reaction),
            automatic=self._automatic_roll(target, False),
        )
        shown = _roll_text("Willpower", staggered.roll, rank)
        if not staggered.staggered:
            self._event("stagger", f"Stagger: {shown}: {target} shrugs it off (Staggering)", target)
            return
        lost = self._next_turn(target)
        spent = self._lose_turn(target, STAGGERED, lost, forced=False)
        self._event(
            "stagger",
            f"Stagger: {shown}: {target} is staggered and loses {spent} (Staggering)",
            target,
            {"round": lost},
        )
        self._give_condition(target, STAGGERED_CONDITION.give(self._turns, "start", target))
        if not sheet.activated and self.rules.keep_powers_needs_activated:
            return  # no power of theirs must be activated: nothing to keep on
        kept = keep_powers(
            sheet.willpower, dice=self._dice(powers), automatic=self._automatic_roll(target, False)
        )
        outcome = (
            "activated powers stay on"
            if kept.success
            else "activated powers switch off until their next action"
        )
        which = ", ".join(sorted(sheet.activated)) or "activated powers"
        self._event(
            "powers",
            f"{target} tries to keep {which} on: Willpower {kept.attribute} + 2d6 "
            f"({kept.dice[0]}+{kept.dice[1]}) = {kept.total} vs 12{by_plot_point(kept)}: "
            f"{outcome} (Staggering)",
            target,
        )
        if not kept.success:
            self._give_condition(target, POWERS_OFF.give(self._turns, "start", target))

    def _harm(self, target: str, dr: int, stunning: bool, penetrating: bool, cause: str) -> Harm:
        """Apply damage rating ``dr`` to ``target`` against their protection (seed 004,
        "Protection", "Penetrating", "Stunning")."""
        pv = self._sheet(target).protection
        dealt = damage(dr, pv, penetrating=penetrating)
        before = self._endurance[target]
        after = before.hurt(dealt, stunning=stunning)
        shield = f"protection {pv}"
        if penetrating and pv:
            shield = f"protection {penetrated_protection(pv)} (half of {pv} ignored, penetrating)"
        kind = "stunning damage" if stunning else "damage"
        rules = "Protection, Stunning" if stunning else "Protection"
        self._endure(
            target,
            after,
            "damage",
            f"{target} takes {dealt} {kind} from {cause}: DR {dr} - {shield} = {dealt}; "
            f"Endurance {before.current} -> {after.current} ({rules})",
            {"damage": dealt, "stunning": stunning, "endurance": after.current},
        )
        return Harm(target, dr, pv, dealt, stunning, before, after)

    def _endure(
        self, name: str, after: Endurance, kind: str, text: str, data: dict[str, Any] | None = None
    ) -> None:
        """``name``'s Endurance becomes ``after``, logged as ``text``: at 0 they are out of the
        fight and the holds they keep end (seed 004, "Damage", "Grappling"); above it again they
        are back, and a fight waiting for someone able to act goes on."""
        before = self._endurance[name]
        members = self._members.get(name)
        if members and after.out and not before.out and self.rules.member_endurance == "each":
            self._event(kind, text, name, data)
            self._member_down(name, members, after)
            return
        self._changing_fitness(name, lambda: self._journal.set(self._endurance, name, after))
        self._event(kind, text, name, data)
        if after.out and not before.out:
            self._event("out", f"{name} is out of the fight at Endurance 0 ({ENDURANCE_0})", name)
            self._release(name, "the grappler is out of the fight")
        elif before.out and not after.out and self.started and self._current is None:
            self._advance()

    def _member_down(self, name: str, members: tuple[int, int], after: Endurance) -> None:
        """The member of group ``name`` in front is at Endurance 0: out of the fight, and the
        next member stands unhurt; the last one down, the group is out (rule option
        ``member_endurance="each"``; the seeds give no rule)."""
        up, total = members
        last = "; the group is out of the fight" if up == 1 else "; the next one stands"
        self._event(
            "members",
            f"One of {name} is out of the fight at Endurance 0: {up - 1} of {total} up{last} "
            f"({ENDURANCE_0}; rule option member_endurance)",
            name,
        )
        if up > 1:
            self._journal.set(self._endurance, name, Endurance(after.rank))
            self._set_members(name, (up - 1, total))
            return
        self._set_members(name, (0, total))
        self._journal.set(self._endurance, name, after)
        self._release(name, "the grappler is out of the fight")

    def _members_back(self, name: str) -> None:
        """Under ``member_endurance="each"`` a member back in the fight stands unhurt."""
        was = self._endurance[name]
        if self.rules.member_endurance == "each" and was.out:
            self._journal.set(self._endurance, name, Endurance(was.rank))
            self._event(
                "recover",
                f"{name}: the member back stands unhurt, Endurance {was.current} -> {was.rank} "
                "(rule option member_endurance)",
                name,
            )

    def _release(self, grappler: str, why: str) -> None:
        """End every hold ``grappler`` keeps (seed 004, "Grappling")."""
        for name, held in list(self._conditions.items()):
            if any(c.name == HELD.name and c.by == grappler for c in held):
                self._lift_condition(name, HELD.name, why)
        self._lift_condition(grappler, HOLDING.name, why)
        self._lift_condition(grappler, INTERPOSING.name, why)


def _interposes(hit: Attack) -> str:
    """The forced action of taking ``hit`` for its target, as the transcript annotates it."""
    return f"takes {possessive(hit.attacker)} hit for {hit.target}"


def _roll_text(attribute: str, roll: Task, rank: int) -> str:
    return (
        f"{attribute} {roll.attribute} + 2d6 ({roll.dice[0]}+{roll.dice[1]}) = {roll.total} vs "
        f"8 + rank {rank} = {roll.difficulty}{by_plot_point(roll)}"
    )
