"""What every Bulletproof Blues command shares: the state a fight keeps beyond the core
(Endurance, plot points, the hit waiting to land, turns given up, defenses that continue, order
revisions) and the core's hooks (seeds 000/001 "Order Of Play", "Forcing An Action", "Blocking",
"Dodging"; seed 004 "Damage", "Plot Points", "Staggering").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bpb_widgets.bpb.conditions import HELD
from bpb_widgets.bpb.order import STAGGERED, revised
from bpb_widgets.bpb.rule_sets import BulletproofBluesRules
from bpb_widgets.bpb.rules.endurance import Endurance
from bpb_widgets.bpb.rules.plot_points import SESSION_START, SPENDS
from bpb_widgets.bpb.rules.ranks import HUMAN_AVERAGE, MAX_RANK, MIN_RANK
from bpb_widgets.bpb.rules.tasks import Task
from bpb_widgets.bpb.sheet import (
    ATTACK_KINDS,
    BOOSTABLE,
    AttackKind,
    Combatant,
    make_combatant,
)
from bpb_widgets.engine.checks import check_flag
from bpb_widgets.engine.encounter import Encounter, SheetField, TurnState, Vitals
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError


@dataclass(frozen=True, slots=True)
class Boost:
    """A power boost bought with a plot point: an attribute or power one rank higher (seed 004,
    "Power Boost"), or, with no ``key``, what the GM narrates (a power enhancement)."""

    #: The attribute ("brawn"), "protection", "super_speed" or power ("Blast") raised, or None.
    key: str | None
    #: What the card shows: "Brawn", "Blast", or the GM's note.
    label: str
    #: The round it ends with, or None: it lasts the scene (the whole fight).
    round: int | None

    @property
    def until(self) -> str:
        return "for the scene" if self.round is None else f"to the end of round {self.round}"

    def describe(self) -> str:
        """ "Brawn +1 (power boost, to the end of round 3)"."""
        raised = f"{self.label} +1" if self.key else self.label
        return f"{raised} (power boost, {self.until})"


@dataclass(frozen=True, slots=True)
class BulletproofBluesTurn(TurnState):
    """A Bulletproof Blues combatant's place in the round."""

    #: Turns given up to forced actions or staggers: (round, annotation or None).
    lost: tuple[tuple[int, str | None], ...] = ()
    forced_this_round: bool = False
    #: "block" or "dodge" while a defense continues, with the attacks defended so far.
    defending: str | None = None
    defended: int = 0
    #: A plot point's automatic success waits for their next roll (seed 004, "Automatic
    #: Success").
    automatic_success: bool = False
    #: Power boosts in force (seed 004, "Power Boost").
    boosts: tuple[Boost, ...] = ()


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack roll and, if it hit, what the hit will do once the target has answered it."""

    attacker: str
    target: str
    power: str
    rank: int
    roll: Task
    #: Damage rating of the hit, with +3 if overwhelming (half in an explosion's outer ring).
    dr: int
    kind: AttackKind
    #: Stunning damage: a stunning attack, or unarmed at human-level Brawn (seed 004, "Damage").
    stunning: bool
    #: The extreme-success effect in force: "overwhelming", "slamming", "staggering" or None.
    effect: str | None
    text: str

    @property
    def hit(self) -> bool:
        return self.roll.success

    @property
    def penetrating(self) -> bool:
        return self.kind == "penetrating"

    @property
    def endurance(self) -> bool:
        """Whether the hit inflicts Endurance damage (what may be blocked or dodged)."""
        return self.kind != "non-endurance"


def by_plot_point(roll: Task) -> str:
    """What the log adds to a roll a plot point won (seed 004, "Automatic Success")."""
    return " (automatic success: a plot point)" if roll.automatic else ""


class BulletproofBluesBase(Encounter[Combatant]):
    """The state and hooks of a Bulletproof Blues encounter; the commands are in the mixins that
    ``BulletproofBlues`` combines."""

    rules: BulletproofBluesRules

    def _setup(self) -> None:
        #: Endurance of each combatant (seed 004, "Damage", "Stunning").
        self._endurance: dict[str, Endurance] = {}
        #: Plot points of each player (seed 004, "Plot Points").
        self._plot: dict[str, int] = {}
        #: Hits waiting for their targets to block, dodge, dive for cover or take them (one, or
        #: everyone an explosion caught), first to answer first.
        self._pending: tuple[Attack, ...] = ()
        #: Turns given up: (name, round) -> annotation ("blocks attack by Ganyeka"), or None for a
        #: turn forced from the next round (listed where it was taken).
        self._lost: dict[tuple[str, int], str | None] = {}
        #: The round each combatant last forced an action in.
        self._forced: dict[str, int] = {}
        #: Defenses that continue until the defender's next action: name -> (kind, attacks).
        self._defending: dict[str, tuple[str, int]] = {}
        #: Order changes waiting for the next round: (attacker, defender, explanation).
        self._revisions: tuple[tuple[str, str, str], ...] = ()
        #: The order of play the GM declared during the fight, from the next round.
        self._declared: tuple[str, ...] = ()
        #: Who has a plot point's automatic success waiting for their next roll -> the round it
        #: was bought in (seed 004, "Automatic Success").
        self._automatic: dict[str, int] = {}
        #: Power boosts in force (seed 004, "Power Boost").
        self._boosts: dict[str, tuple[Boost, ...]] = {}

    # ------------------------------------------------------------------ reading the fight

    @property
    def revisions(self) -> tuple[tuple[str, str, str], ...]:
        """Order changes waiting for the next round: (attacker, defender, explanation)."""
        return self._revisions

    @property
    def order_changes(self) -> tuple[str, ...]:
        declared = (
            (f"the order the GM declared: {', '.join(self._declared)}",) if self._declared else ()
        )
        return (*declared, *(text for _, _, text in self._revisions))

    @property
    def pending_attack(self) -> Attack | None:
        """The first hit waiting for its target to block, dodge, dive for cover or take it."""
        return self._pending[0] if self._pending else None

    @property
    def pending_hits(self) -> tuple[Attack, ...]:
        """Every hit waiting to be answered (an explosion catches several)."""
        return self._pending

    def held_by(self, name: str) -> str | None:
        """Who holds ``name`` in a grapple, or None (seed 004, "Grappling")."""
        held = HELD.on(self._conditions.get(self._known(name), ()))
        return None if held is None else held.by

    def endurance(self, name: str) -> Endurance:
        """``name``'s Endurance: rank, stunning and normal damage, current value."""
        return self._endurance[self._known(name)]

    def plot_points(self, name: str) -> int:
        """``name``'s plot points (players start each session with one)."""
        return self._plot[self._known(name)]

    def boosts(self, name: str) -> tuple[Boost, ...]:
        """``name``'s power boosts in force (seed 004, "Power Boost")."""
        return self._boosts.get(self._known(name), ())

    def may_force(self, name: str) -> str | None:
        """Whether ``name`` may force an action now (seed 000, "Forcing An Action"): None, or
        the reason it is refused ("Blueshift has already forced an action in round 6 ...")."""
        name = self._known(name)
        try:
            self._check_force(name)
        except RuleError as refused:
            return str(refused)
        return None

    def boost_choices(self, name: str) -> tuple[str, ...]:
        """What a power boost of ``name``'s could raise now (``spend_plot_point(name,
        "power_boost", boost=...)``): the attributes but Endurance, protection and Super-speed
        when they have them, and their powers, each below rank 14 (seed 004, "Power Boost")."""
        sheet = self._sheet(self._known(name))
        keys = [*BOOSTABLE, *(p.name for p in sheet.attacks)]
        return tuple(k for k in keys if 0 < sheet.rank_of(k) < MAX_RANK)

    def automatic_success_waiting(self, name: str) -> bool:
        """Whether a plot point's automatic success waits for ``name``'s next roll (seed 004,
        "Automatic Success")."""
        return self._known(name) in self._automatic

    def turn_state(self, name: str) -> BulletproofBluesTurn:
        name = self._known(name)
        stance = self._defending.get(name)
        lost = tuple(
            (r, self._lost[(name, r)])
            for r in (self._round, self._round + 1)
            if (name, r) in self._lost
        )
        return BulletproofBluesTurn(
            **self._turn_fields(name),
            lost=lost,
            forced_this_round=self._forced.get(name) == self._round and self.started,
            defending=stance[0] if stance else None,
            defended=stance[1] if stance else 0,
            automatic_success=name in self._automatic,
            boosts=self._boosts.get(name, ()),
        )

    def _covers(self, sheet: Combatant, skills: tuple[str, ...]) -> bool:
        """Whether ``sheet``'s expertise covers a power or attack that uses ``skills`` (its name
        first): any of them, spelt as the GM likes (seed 004, "Extreme Success": "expertise in
        the power or skill"), or its name alone under ``expertise_covers_skill=False``."""
        if self.rules.expertise_covers_skill:
            return sheet.expert_in(skills)
        return skills[0].casefold() in sheet.expertise

    def _sheet(self, name: str) -> Combatant:
        """``name``'s sheet as the rules read it now: with their power boosts (seed 004, "Power
        Boost": "the rolls and damage of that round use it")."""
        sheet = self._sheets[name]
        for boost in self._boosts.get(name, ()):
            if boost.key is not None:
                sheet = sheet.raised(boost.key)
        return sheet

    def _automatic_roll(self, name: str | None, plot_point: object) -> bool:
        """Whether ``name``'s roll now is a plot point's automatic success (seed 004, "Automatic
        Success": "their character succeeds at the current task roll"): one bought before and
        waiting, or one bought now (``plot_point=True``); this roll uses it up."""
        spend = check_flag(plot_point, "plot_point")
        if name is None:
            if spend:
                raise RuleError("An automatic success is someone's: choose who rolls.")
            return False
        if self._journal.pop(self._automatic, name) is not None:
            self._event(
                "plot",
                f"{possessive(name)} automatic success applies to this roll (Automatic Success)",
                name,
            )
            return True
        if spend:
            self._spend_plot_point(name, "automatic_success", "")
        return spend

    def _spend_plot_point(self, name: str, use: str, what: str) -> int:
        """Pay one of ``name``'s plot points for ``use``, logged with ``what`` it bought; returns
        the points left (seed 004, "Spending Plot Points")."""
        if not self._plot[name]:
            raise RuleError(f"{name} has no plot points left to spend.")
        left = self._plot[name] - 1
        self._journal.set(self._plot, name, left)
        # each use has a section of its own under "Spending Plot Points" (but "other")
        section = "" if use == "other" else f", {use.replace('_', ' ').title()}"
        self._event(
            "plot",
            f"{name} spends a plot point on {use.replace('_', ' ')}: {what or SPENDS[use]} "
            f"{left} left (Spending Plot Points{section})",
            name,
        )
        return left

    # ------------------------------------------------------------------ hooks of the core

    @classmethod
    def sheet_fields(cls) -> tuple[SheetField, ...]:
        """The seven attributes (ranks 1-14), Super-speed, protection, expertise, the attacks
        (powers and weapons: name, rank, kind, hand-to-hand, the power or skill it uses; seed
        004, "Attack", "Extreme Success") and whether a player runs them (seed 004)."""
        ranks = tuple(
            SheetField(a, a.title(), "rank", HUMAN_AVERAGE, MIN_RANK, MAX_RANK)
            for a in (
                "perception",
                "agility",
                "prowess",
                "brawn",
                "endurance",
                "willpower",
                "reason",
            )
        )
        return (
            *super().sheet_fields(),
            *ranks,
            SheetField("super_speed", "Super-speed", "rank", 0, 0, MAX_RANK),
            SheetField("protection", "Protection (greatest layer)", "rank", 0, 0, MAX_RANK),
            SheetField("expertise", "Expertise (block, dodge, powers)", "words", []),
            SheetField("activated", "Activated powers (Force Field, Growth)", "words", []),
            SheetField("attacks", "Attacks", "attacks", [], MIN_RANK, MAX_RANK, ATTACK_KINDS),
            SheetField("player", "Player character (plot points)", "flag", False),
        )

    def make_sheet(self, name: object, **sheet: Any) -> Combatant:
        """Bulletproof Blues: attributes as ranks 1-14 (default 2, human average),
        ``super_speed``, ``expertise`` such as ``{"block", "dodge"}``, ``protection``,
        ``player=True`` for a player character (plot points), ``weight_lbs``."""
        return make_combatant(name, **sheet)

    def _enrol(self, sheet: Combatant) -> None:
        """An aware newcomer takes the next place in the order of play (the order the GM sees
        them become aware); an unaware one has no place until they become aware, when they go
        after everyone already aware (seed 000, "Order Of Play": "the hero first, and then the
        hooligans")."""
        j = self._journal
        j.set(self._endurance, sheet.name, Endurance(sheet.endurance))
        j.set(self._plot, sheet.name, SESSION_START if sheet.player else 0)
        if sheet.aware:
            self._slot_insert(len(self._slots), sheet.name)

    def _turn_started(self, name: str) -> None:
        if self._defending and self._journal.pop(self._defending, name):
            self._event(
                "defense",
                f"{possessive(name)} defense ends: their next action has come (Blocking, Dodging)",
                name,
            )

    def _turn_lost(self, name: str) -> bool:
        if (name, self._round) not in self._lost:
            return False
        annotation = self._lost[(name, self._round)]
        if annotation is not None:
            self._journal.append(
                self._lines, (self._round, f"{possessive(name)} turn ({annotation})")
            )
        rule = "Staggering" if annotation == STAGGERED else "Forcing An Action"
        self._event(
            "lost",
            f"{possessive(name)} turn in round {self._round} is lost ({annotation or 'forced'}) "
            f"({rule})",
            name,
        )
        return True

    def _round_ended(self) -> None:
        """Power boosts of the round end (seed 004, "Power Boost": "usually only last for one
        round"); the order the GM declared during the fight takes effect from the next round;
        extreme blocks and dodges revise it (seed 000, "Order Of Play", "Blocking", "Dodging")."""
        for name, boosts in list(self._boosts.items()):
            kept = tuple(b for b in boosts if b.round != self._round)
            if len(kept) == len(boosts):
                continue
            self._keep(self._boosts, name, kept)
            for boost in boosts:
                if boost.round == self._round:
                    self._event(
                        "boost",
                        f"{possessive(name)} power boost ({boost.label}) ends with round "
                        f"{self._round} (Power Boost)",
                        name,
                    )
        if self._declared:
            later = [n for n in self._slots if n not in self._declared]  # aware since
            self._set_slots([*self._declared, *later])
            self._event(
                "order",
                f"The order of play the GM declared takes effect: {', '.join(self._slots)} "
                "(Order Of Play)",
            )
            self._journal.attr(self, "_declared", ())
        if not self._revisions:
            return
        self._set_slots(revised(self._slots, self._revisions))
        for attacker, _, text in self._revisions:
            self._event("revised", f"Order of play revised: {text}", attacker)
        self._event(
            "order",
            f"Order of play from round {self._round + 1}: "
            f"{', '.join(self._slots)} (Blocking, Dodging)",
        )
        self._journal.attr(self, "_revisions", ())

    def _fit(self, name: str) -> bool:
        """Not out of the fight (Endurance 0, seed 004 "Damage")."""
        return not self._endurance[name].out

    def _down(self, name: str) -> bool:
        return self._endurance[name].out

    def _turn_given_up(self, name: str) -> str | None:
        if (name, self._round) in self._lost and self._acted.get(name) != self._round:
            return f"gave up this round's turn ({self._lost[(name, self._round)] or 'forced'})"
        return None

    def _stopped(self, name: str) -> None:
        """A defense lasts until the defender's next action (seed 004, "Blocking", "Dodging"):
        one who can no longer act keeps none."""
        if self._journal.pop(self._defending, name):
            self._event("defense", f"{possessive(name)} defense ends: they can no longer act", name)

    def _dismiss(self, name: str) -> None:
        """A combatant with a hit waiting, theirs or on them, cannot leave until it is
        resolved; their Endurance, plot points and turns given up go with them."""
        self._need_no_hit(name)
        j = self._journal
        for table in (
            self._endurance,
            self._plot,
            self._forced,
            self._defending,
            self._automatic,
            self._boosts,
        ):
            j.pop(table, name)
        for key in [key for key in self._lost if key[0] == name]:
            j.pop(self._lost, key)
        kept = tuple(r for r in self._revisions if name not in r[:2])
        if kept != self._revisions:
            j.attr(self, "_revisions", kept)
        if name in self._declared:
            j.attr(self, "_declared", tuple(n for n in self._declared if n != name))

    def _need_no_hit(self, name: str) -> None:
        """Refuse while a hit of ``name``'s, or on them, waits to be answered."""
        if any(name in (hit.attacker, hit.target) for hit in self._pending):
            raise RuleError(f"First resolve the hit waiting on {name}: {self._unresolved()}")

    def _check_edit(self, before: Combatant, after: Combatant) -> None:
        """A hit waiting, theirs or on them, was rolled against the sheet as it was: resolve it
        first."""
        self._need_no_hit(before.name)

    def vitals(self, name: str) -> Vitals:
        """Endurance, stunning damage apart; protection; plot points for players (seed 004,
        "Damage", "Stunning", "Protection", "Plot Points")."""
        name = self._known(name)
        endurance, sheet = self._endurance[name], self._sheet(name)
        extra: list[tuple[str, int]] = []
        if sheet.protection:
            extra.append(("protection", sheet.protection))
        if sheet.player:
            extra.append(("plot points", self._plot[name]))
        return Vitals(
            "Endurance", endurance.current, endurance.rank, endurance.stun, "stunning", tuple(extra)
        )

    def _unresolved(self) -> str | None:
        if not self._pending:
            return None
        first = self._pending[0]
        return (
            f"First resolve {possessive(first.attacker)} hit on {first.target}: block, "
            "dodge, dive for cover or take the hit."
        )

    def _late_delays(self) -> bool:
        return self.rules.delay_later_in_round

    def _check_preempt(self, name: str, target: str) -> None:
        """The 2012 limit (seed 004, "Delaying An Action"): not before someone with higher
        Perception/Agility/Willpower."""
        if not self.rules.preempt_limit:
            return
        mine, theirs = self._sheet(name).precedence, self._sheet(target).precedence
        if theirs > mine:
            raise RuleError(
                f"{name} cannot pre-empt {target}: under the 2012 rules a delayed action "
                f"cannot pre-empt someone with higher Perception/Agility/Willpower "
                f"({'/'.join(map(str, theirs))} against {'/'.join(map(str, mine))}) "
                "(Delaying An Action)."
            )

    def _need_turn(self, name: str, what: str) -> None:
        """Refuse ``what`` unless it is ``name``'s turn (seed 004, "Task Action")."""
        self._need_started(what)
        if name != self._current:
            raise RuleError(
                f"It is {self._current or 'nobody'}'s turn: {name} can {what} only on their own "
                "turn (Task Action)."
            )

    # ------------------------------------------------------------------ giving up turns

    def _check_force(self, name: str) -> int:
        """The round whose turn forcing an action now would give up (refusing if not allowed)."""
        self._need_started("force an action")
        if not self._aware[name]:
            raise RuleError(f"{name} is not aware of the fight and cannot force an action.")
        if self._out(name):
            raise RuleError(f"{name} is out of the fight and cannot force an action.")
        if self._on_own_turn(name):
            raise RuleError(
                f"It is {possessive(name)} turn: a defensive action now is their task action, "
                "not a forced one."
            )
        if self._forced.get(name) == self._round:
            raise RuleError(
                f"{name} has already forced an action in round {self._round}; a character may "
                "only force an action once per round (Forcing An Action)."
            )
        return self._next_turn(name)

    def _on_own_turn(self, name: str) -> bool:
        """Whether a defense by ``name`` now is their task action: their turn is under way. A
        turn a delayed turn pre-empted is still to come (seed 000, "Forcing An Action": "before
        they have had the opportunity to take their turn"): defending before it is forced and
        gives it up, unless the rule option ``preempted_defense_forced`` is off."""
        return name == self._current or (
            name == self._suspended and not self.rules.preempted_defense_forced
        )

    def _next_turn(self, name: str) -> int:
        """The round of ``name``'s next available turn: a held delayed turn or this round's turn
        still to come, else the next round's not already given up (Forcing An Action)."""
        if name in self._holding:
            return self._round
        # a pre-empted turn is still to come, but not a delayed turn already begun (it was the
        # opportunity to act: its line is in the transcript)
        preempted = name == self._suspended and self._suspended_taking is None
        to_come = (preempted and self.rules.preempted_defense_forced) or (
            name in self._slots and self._slots.index(name) > self._pos
        )
        if (
            to_come
            and self._acted.get(name) != self._round
            and (name, self._round) not in self._lost
        ):
            return self._round
        given = self._round + 1
        while (name, given) in self._lost:
            given += 1
        return given

    def _sacrifice(self, name: str, action: str, given_up: int) -> None:
        """Spend ``name``'s next available turn (round ``given_up``) on a forced ``action``."""
        self._journal.set(self._forced, name, self._round)
        spent = self._lose_turn(name, action, given_up, forced=True)
        self._event(
            "force",
            f"{name} forces an action ({action}), giving up {spent} (Forcing An Action)",
            name,
            {"action": action, "round": given_up},
        )

    def _lose_turn(self, name: str, annotation: str, given_up: int, *, forced: bool) -> str:
        """Take away ``name``'s next available turn (round ``given_up``), to a forced action or a
        stagger, and say which turn it was. The transcript lists a lost turn in its place, except
        a turn forced from the next round, listed where it is taken (seed 000's examples)."""
        j = self._journal
        held = j.pop(self._holding, name)
        if held is not None:
            j.pop(self._kept, name)
            when = "delayed"
            if held == self._round:
                j.set(self._acted, name, self._round)
            else:  # a turn kept from an earlier round: this round's own still comes
                when = f"delayed from round {held}"
            j.append(self._lines, (self._round, f"{possessive(name)} turn ({when}; {annotation})"))
            return "the delayed turn"
        if forced and given_up > self._round:
            j.set(self._lost, (name, given_up), None)
            j.append(
                self._lines,
                (self._round, f"{possessive(name)} turn (forced from round {given_up})"),
            )
        else:
            j.set(self._lost, (name, given_up), annotation)
        return f"the turn in round {given_up}"
