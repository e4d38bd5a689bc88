"""The encounter: commands that run a Bulletproof Blues 2e fight, round by round.

Every public method that changes the fight is a command: it validates completely, then records
events in the log and changes the state through the undo journal. A refused command raises
``RuleError`` and changes nothing. Rules: seeds 000/001 "Order Of Play", "Delaying A Turn",
"Forcing An Action", "Blocking", "Dodging"; seed 004 for task rolls and extreme success.
"""

from __future__ import annotations

import functools
import logging
import random
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bpb_widgets.engine.combatant import Combatant, check_name, make_combatant
from bpb_widgets.engine.command import command, commands_of
from bpb_widgets.engine.defence import (
    DEFENCES,
    DefenceKind,
    DefencePreview,
    DefenceResult,
    explain,
)
from bpb_widgets.engine.events import Change, Event
from bpb_widgets.engine.fighting import Attack, Fighting
from bpb_widgets.engine.journal import Journal
from bpb_widgets.engine.order import (
    STAGGERED,
    is_attack,
    possessive,
    rank_by_precedence,
    revised,
)
from bpb_widgets.engine.task_rolls import TaskRolls
from bpb_widgets.engine.transcript import render
from bpb_widgets.errors import RuleError
from bpb_widgets.rules.dice import Dice, check_dice, roll
from bpb_widgets.rules.endurance import Endurance
from bpb_widgets.rules.plot_points import SESSION_START
from bpb_widgets.rules.ranks import check_rank
from bpb_widgets.systems import RuleSet, rule_set

log = logging.getLogger("bpb_widgets")
MAX_NOTE = 300
#: With nobody able to act for this many rounds in a row, the order of play waits for the GM.
IDLE_ROUNDS = 3


@dataclass(frozen=True, slots=True)
class TurnState:
    """Where a combatant stands in the current round (what the turn-order strip shows)."""

    name: str
    aware: bool
    current: bool
    #: Has taken their turn this round.
    acted: bool
    #: Holds a delayed turn (Delaying A Turn).
    delaying: bool
    #: Turns given up to forced actions: (round, annotation or None).
    lost: tuple[tuple[int, str | None], ...]
    forced_this_round: bool
    #: "block" or "dodge" while a defence continues, with the attacks defended so far.
    defending: str | None
    defended: int
    #: At 0 Endurance: out of the fight, no turns (seed 004, "Damage").
    out: bool


@dataclass(slots=True)
class _Done:
    """An accepted command: how to replay it and how to reverse it."""

    record: dict[str, Any]
    entries: list[tuple[Any, ...]]
    log_start: int
    rng_state: object | None
    touched: frozenset[str]
    order: bool
    roster: bool


class Encounter(Fighting, TaskRolls):
    """A fight: combatants, the order of play, the log, undo/redo, save/load.

    >>> enc = Encounter(seed=7)
    >>> enc.add("Blueshift", perception=4, agility=5, expertise={"dodge"})
    >>> enc.add("Ganyeka", perception=3)
    >>> enc.start(); enc.current
    'Blueshift'
    """

    def __init__(
        self,
        seed: int | None = None,
        rules: str | RuleSet = "bpb2e",
        options: Mapping[str, object] | None = None,
    ) -> None:
        self.rules: RuleSet = rule_set(rules, options)
        if seed is None:
            seed = secrets.randbelow(2**32)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RuleError(f"The seed is a whole number, not {seed!r}.")
        self.seed: int = seed
        self._rng = random.Random(seed)
        self._journal = Journal()
        self._observers: list[Callable[[Change], None]] = []
        self._history: list[_Done] = []
        self._redo: list[dict[str, Any]] = []
        self._running: str | None = None
        self._rng_state: object | None = None
        self._rolls: list[list[int]] = []
        self._order_changed = False
        self._roster_changed = False
        # the fight
        self._sheets: dict[str, Combatant] = {}
        #: Names by their case-folded form: "blueshift" finds Blueshift.
        self._folded: dict[str, str] = {}
        self._slots: list[str] = []
        self._round = 0
        self._pos = 0
        self._current: str | None = None
        self._suspended: str | None = None
        self._able = 0
        self._aware: dict[str, bool] = {}
        self._acted: dict[str, int] = {}
        self._holding: dict[str, int] = {}
        self._lost: dict[tuple[str, int], str | None] = {}
        self._forced: dict[str, int] = {}
        self._defending: dict[str, tuple[str, int]] = {}
        self._revisions: tuple[tuple[str, str, str], ...] = ()
        self._notes: tuple[str, ...] = ()
        self._lines: list[tuple[int, str | None]] = []
        self._log: list[Event] = []
        # what happens to each combatant (seed 004, "Damage", "Plot Points")
        self._endurance: dict[str, Endurance] = {}
        self._plot: dict[str, int] = {}
        self._pending: Attack | None = None

    # ------------------------------------------------------------------ reading the fight

    @property
    def round(self) -> int:
        """The current round (0 before the fight starts)."""
        return self._round

    @property
    def current(self) -> str | None:
        """Whose turn it is, or None before the start (or while nobody can act)."""
        return self._current

    @property
    def order(self) -> list[str]:
        """This round's order of play: everyone with a place, aware or not."""
        return list(self._slots)

    @property
    def names(self) -> list[str]:
        """Every combatant, in the order they joined."""
        return list(self._sheets)

    @property
    def log(self) -> Sequence[Event]:
        """Every event so far, each explained with its arithmetic and rule."""
        return tuple(self._log)

    @property
    def history(self) -> list[dict[str, Any]]:
        """The accepted commands, oldest first, as they are saved."""
        return [done.record for done in self._history]

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def started(self) -> bool:
        return self._round > 0

    @property
    def revisions(self) -> tuple[tuple[str, str, str], ...]:
        """Order changes waiting for the next round: (attacker, defender, explanation)."""
        return self._revisions

    @property
    def environment_notes(self) -> tuple[str, ...]:
        """What the environment will do at the end of this round."""
        return self._notes

    def combatant(self, name: str) -> Combatant:
        """The sheet of ``name``."""
        return self._sheets[self._known(name)]

    def turn_state(self, name: str) -> TurnState:
        """Where ``name`` stands in this round."""
        name = self._known(name)
        stance = self._defending.get(name)
        lost = tuple(
            (r, self._lost[(name, r)])
            for r in (self._round, self._round + 1)
            if (name, r) in self._lost
        )
        return TurnState(
            name=name,
            aware=self._aware[name],
            current=name == self._current,
            acted=self._acted.get(name) == self._round and self.started,
            delaying=name in self._holding,
            lost=lost,
            forced_this_round=self._forced.get(name) == self._round and self.started,
            defending=stance[0] if stance else None,
            defended=stance[1] if stance else 0,
            out=self._endurance[name].out,
        )

    def transcript(self, rounds: int | Iterable[int] | None = None) -> str:
        """The round listings in the seeds' own format (seed 000's examples).

        ``rounds`` limits it to one round or several; a turn forced from the next round is
        listed where it was taken, a delayed turn where it was taken, "(delayed)".
        """
        return render(self._lines, rounds)

    def subscribe(self, observer: Callable[[Change], None]) -> Callable[[], None]:
        """Call ``observer(change)`` after every accepted command, undo and redo."""
        self._observers.append(observer)
        return lambda: self._observers.remove(observer) if observer in self._observers else None

    def __repr__(self) -> str:
        where = f"round {self._round}, {self._current}'s turn" if self.started else "not started"
        return f"<Encounter {self.rules.name}: {len(self._sheets)} combatants, {where}>"

    # ------------------------------------------------------------------ setting up

    @command
    def add(
        self,
        name: str,
        *,
        super_speed: int = 0,
        expertise: Iterable[str] | None = None,
        group: bool = False,
        aware: bool = True,
        **ranks: int,
    ) -> Combatant:
        """Add a combatant: attributes as ranks 1-14 (default 2, human average), Super-speed,
        expertise such as ``{"block", "dodge"}``, ``group=True`` for henchmen sharing one turn,
        ``aware=False`` for someone who gets no turn until ``becomes_aware``.

        Before the start they take the next place in the order of play (the order the GM sees
        them become aware); during the fight an aware newcomer acts at the end of the order.
        """
        sheet = make_combatant(
            name, super_speed=super_speed, expertise=expertise, group=group, aware=aware, **ranks
        )
        if sheet.name.casefold() in self._folded:
            raise RuleError(f"There is already a combatant called {sheet.name}.")
        j = self._journal
        j.set(self._sheets, sheet.name, sheet)
        j.set(self._folded, sheet.name.casefold(), sheet.name)
        j.set(self._aware, sheet.name, sheet.aware)
        j.set(self._endurance, sheet.name, Endurance(sheet.endurance))
        j.set(self._plot, sheet.name, SESSION_START if sheet.player else 0)
        self._roster_changed = True
        if sheet.aware or not self.started:
            self._slot_insert(len(self._slots), sheet.name)
        how = "" if sheet.aware else "; not yet aware of the fight, so no turn yet (Order Of Play)"
        what = "group (one turn for all)" if sheet.group else "combatant"
        self._event("add", f"{sheet.name} joins as a {what}: {sheet.summary()}{how}", sheet.name)
        if self.started and self._current is None:
            self._advance()
        return sheet

    @command
    def set_order(self, names: Sequence[str]) -> None:
        """Declare the order of play: the order in which the combatants became aware of each
        other (seed 000, "Order Of Play"). Every aware combatant must be named once; unaware
        ones may be left out (they get a place when they become aware). Before the start only.
        """
        self._before_start("declare the order of play")
        if isinstance(names, str) or not isinstance(names, Sequence):
            raise RuleError("Give the order of play as a list of names, first to act first.")
        order = [self._known(n) for n in names]
        seen: set[str] = set()
        for name in order:
            if name in seen:
                raise RuleError(f"{name} is listed twice; everyone acts once a round.")
            seen.add(name)
        missing = [n for n in self._sheets if self._aware[n] and n not in seen]
        if missing:
            raise RuleError(f"The order of play leaves out {', '.join(missing)}.")
        self._set_slots(order)
        self._event(
            "order",
            f"The GM declares the order of play: {', '.join(order)} (Order Of Play)",
            data={"order": order},
        )

    @command
    def roll_order(self, dice: Mapping[str, Sequence[int]] | None = None) -> list[str]:
        """Determine the order of play when everyone becomes aware at once.

        ``bpb2e``: each combatant makes a Perception task roll, 2d6 + Perception + Super-speed
        rank, highest first; ties go to higher Perception, then Agility, then Willpower, then a
        seeded coin (seed 000, "Order Of Play"). ``dice={"Blueshift": (3, 4)}`` enters physical
        dice for some or all. ``bpb2e-wiki``: no roll, Perception > Agility > Willpower > coin
        (seed 004, "Order Of Play").
        """
        self._before_start("roll for the order of play")
        if not self._sheets:
            raise RuleError("Add the combatants before rolling for the order of play.")
        typed = self._typed_dice(dice)
        sheets = list(self._sheets.values())
        if not self.rules.perception_roll:
            if typed:
                raise RuleError(
                    "The 2012 order of play uses no dice: it ranks Perception, "
                    "Agility, then Willpower (Order Of Play)."
                )
            order, ties = rank_by_precedence(sheets, {}, self._random)
            how = "by Perception, then Agility, then Willpower"
        else:
            totals: dict[str, int] = {}
            for sheet in sheets:
                rolled = self._dice(typed.get(sheet.name))
                totals[sheet.name] = sheet.perception + sum(rolled) + sheet.super_speed
                speed = f" + {sheet.super_speed} Super-speed" if sheet.super_speed else ""
                self._event(
                    "perception",
                    f"Perception roll for {sheet.name}: Perception {sheet.perception} + 2d6 "
                    f"({rolled[0]}+{rolled[1]}){speed} = {totals[sheet.name]} (Order Of Play)",
                    sheet.name,
                    {"dice": list(rolled), "total": totals[sheet.name]},
                )
            order, ties = rank_by_precedence(sheets, totals, self._random)
            how = "highest Perception roll first"
        self._set_slots(order)
        explained = f"; {'; '.join(ties)}" if ties else ""
        self._event(
            "order",
            f"Order of play, {how}: {', '.join(order)}{explained} (Order Of Play)",
            data={"order": order},
        )
        return order

    @command
    def start(self) -> None:
        """Begin round 1 with the first aware combatant in the order of play."""
        self._before_start("start the fight")
        if not self._able:
            raise RuleError("Nobody is aware of the fight yet, so nobody can act (Order Of Play).")
        self._journal.attr(self, "_round", 1)
        self._journal.append(self._lines, (1, None))
        self._event("round", f"Round 1 begins; order of play: {', '.join(self._slots)}")
        self._journal.attr(self, "_pos", 0)
        self._advance()

    @command
    def becomes_aware(self, name: str, after: str | None = None) -> None:
        """``name`` becomes aware of the fight and gets turns from now on, in their place in the
        order of play, or right after ``after`` (seed 000, "Order Of Play": Monolith joining).
        """
        name = self._known(name)
        if self._aware[name]:
            raise RuleError(f"{name} is already aware of the fight.")
        if after is not None:
            after = self._known(after)
            if after == name or after not in self._slots:
                raise RuleError(
                    f"{name} cannot act after {after}: {after} has no place in the order."
                )
        if name in self._slots and after is not None:
            self._slot_delete(self._slots.index(name))
        if name not in self._slots:
            index = len(self._slots) if after is None else self._slots.index(after) + 1
            self._slot_insert(index, name)
        self._changing_fitness(name, lambda: self._journal.set(self._aware, name, True))
        where = f"acts after {after}" if after else "takes their place in the order of play"
        self._event("aware", f"{name} becomes aware of the fight and {where} (Order Of Play)", name)
        if self.started and self._current is None:
            self._advance()

    # ------------------------------------------------------------------ turns

    @command
    def end_turn(self) -> None:
        """The current turn is over; the next combatant acts. After the last turn of a round
        the environment acts, then the next round begins (seed 000, "Order Of Play")."""
        name = self._need_current()
        self._resolve_first()
        j = self._journal
        j.set(self._acted, name, self._round)
        suspended = self._suspended
        if suspended is not None:
            j.attr(self, "_suspended", None)
            if self._can_act(suspended):
                j.attr(self, "_current", suspended)
                return
        j.attr(self, "_pos", self._pos + 1)
        self._advance()

    @command
    def delay(self) -> None:
        """The current combatant delays their turn, to take it later this round or in a later
        round, pre-empting someone (seed 000, "Delaying A Turn"). The order does not change."""
        name = self._need_current()
        self._resolve_first()
        if self._suspended is not None:
            raise RuleError(f"{name} is already taking a delayed turn; end it instead.")
        j = self._journal
        self._unlist_turn(name)
        j.set(self._holding, name, self._round)
        self._event(
            "delay", f"{name} delays (Delaying A Turn); the order of play is unchanged", name
        )
        j.attr(self, "_pos", self._pos + 1)
        self._advance()

    @command
    def take_delayed(self, name: str) -> None:
        """``name`` takes their delayed turn now, pre-empting whoever is about to act
        (seed 000, "Delaying A Turn"; with the 2012 limit, not someone with higher
        Perception/Agility/Willpower, seed 004, "Delaying An Action")."""
        name = self._known(name)
        if name not in self._holding:
            raise RuleError(f"{name} is not holding a delayed turn.")
        self._resolve_first()
        if self._suspended is not None:
            raise RuleError(
                f"{self._current} is taking a delayed turn; {name} can pre-empt the next one."
            )
        target = self._current
        if target is not None and self.rules.preempt_limit:
            mine, theirs = self._sheets[name].precedence, self._sheets[target].precedence
            if theirs > mine:
                raise RuleError(
                    f"{name} cannot pre-empt {target}: under the 2012 rules a delayed action "
                    f"cannot pre-empt someone with higher Perception/Agility/Willpower "
                    f"({'/'.join(map(str, theirs))} against {'/'.join(map(str, mine))}) "
                    "(Delaying An Action)."
                )
        j = self._journal
        j.pop(self._holding, name)
        line = (self._round, f"{possessive(name)} turn (delayed)")
        if target is not None and self._lines[-1] == (self._round, f"{possessive(target)} turn"):
            j.insert(self._lines, len(self._lines) - 1, line)
        else:
            j.append(self._lines, line)
        j.attr(self, "_suspended", target)
        j.attr(self, "_current", name)
        before = f", pre-empting {target}" if target else ""
        self._event("delayed", f"{name} takes the delayed turn{before} (Delaying A Turn)", name)

    @command
    def force(self, name: str, action: str) -> int:
        """``name`` forces an action: a purely defensive ``action`` ("dives for cover") taken
        now, sacrificing their next available turn, this round or next. Once per round, never
        an attack (seed 000, "Forcing An Action"). Returns the round whose turn is given up.
        """
        name = self._known(name)
        if not isinstance(action, str) or not action.strip():
            raise RuleError("Say what the forced action is, such as 'dives for cover'.")
        action = " ".join(action.split())
        if len(action) > MAX_NOTE:
            raise RuleError(f"Describe the forced action in at most {MAX_NOTE} characters.")
        if is_attack(action):
            raise RuleError(
                f"A forced action must be purely defensive; '{action}' could be construed as an "
                "attack (Forcing An Action)."
            )
        given_up = self._check_force(name)
        self._sacrifice(name, action, given_up)
        return given_up

    @command
    def environment(self, note: str) -> None:
        """Record what the environment does this round (what falls, what free-rolling vehicle
        moves); it happens after every character's turn (seed 000, "Order Of Play")."""
        self._need_started("record what the environment does")
        if not isinstance(note, str) or not note.strip():
            raise RuleError("Say what the environment does, such as 'the crate falls'.")
        note = " ".join(note.split())
        if len(note) > MAX_NOTE:
            raise RuleError(f"Keep environment notes to {MAX_NOTE} characters.")
        self._journal.attr(self, "_notes", (*self._notes, note))
        self._event(
            "environment",
            f"At the end of round {self._round} the environment acts: "
            f"{note} (Order Of Play: the environment always goes last)",
        )

    # ------------------------------------------------------------------ defence

    def defence_preview(
        self,
        kind: DefenceKind,
        defender: str,
        *,
        attacker: str | None = None,
        rank: int | None = None,
    ) -> DefencePreview:
        """What a block or dodge would need and cost, before rolling (refused as the roll would
        be). Without ``attacker`` and ``rank`` it answers the hit waiting for ``defender``."""
        if kind not in DEFENCES:
            raise RuleError(f"A defence is a block or a dodge, not {kind!r}.")
        rule = DEFENCES[kind]
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
        if defender in (self._current, self._suspended):
            mode, consequence = "turn", f"uses {possessive(defender)} task action this turn"
        elif stance and stance[0] == kind:
            mode = "continued"
            if self.rules.continued_defence_penalty:
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
        return DefencePreview(
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
    ) -> DefenceResult:
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
    ) -> DefenceResult:
        """``defender`` dodges an attack of ``rank``: Agility + 2d6 (+3 with dodge expertise)
        against 8 + rank (seed 000, "Dodging"); otherwise as ``block``."""
        return self._defend("dodge", defender, attacker, rank, dice, reaction_dice)

    def _defend(
        self,
        kind: DefenceKind,
        defender: str,
        attacker: str | None,
        rank: int | None,
        dice: object,
        reaction: object,
    ) -> DefenceResult:
        preview = self.defence_preview(kind, defender, attacker=attacker, rank=rank)
        rolled = self._dice(dice)
        task = preview.roll(rolled)
        defender, attacker = preview.defender, preview.attacker
        if preview.forced_round is not None:
            self._sacrifice(defender, DEFENCES[kind].annotation(attacker), preview.forced_round)
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
            self._resolve_defence(defender, task.success, reaction)
        return DefenceResult(preview, task, bool(moved), text)

    # ------------------------------------------------------------------ undo, redo

    def undo(self, steps: int = 1) -> None:
        """Undo the last ``steps`` commands exactly (dice included: undo never re-rolls)."""
        steps = self._steps(steps, len(self._history), "undo")
        undone = self._history[-steps:]
        del self._history[-steps:]
        for done in reversed(undone):
            Journal.reverse(done.entries)
            del self._log[done.log_start :]
            if done.rng_state is not None:
                self._rng.setstate(done.rng_state)  # type: ignore[arg-type]
            self._redo.append(done.record)
        self._notify("undo", undone)

    def redo(self, steps: int = 1) -> None:
        """Redo the last ``steps`` undone commands."""
        steps = self._steps(steps, len(self._redo), "redo")
        first = len(self._history)
        for _ in range(steps):
            self._replay(self._redo[-1], redoing=True)
            self._redo.pop()
        self._notify("redo", self._history[first:])

    def undo_to(self, event: Event | int) -> None:
        """Undo back to just before the command that caused ``event`` (or log index)."""
        index = event.index if isinstance(event, Event) else event
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._log):
            raise RuleError(f"There is no log entry {index!r} to undo back to.")
        self.undo(len(self._history) - self._log[index].command)

    # ------------------------------------------------------------------ saving

    def to_json(self) -> str:
        """The encounter as versioned JSON: seed, rules and every command (and undone ones)."""
        from bpb_widgets.engine.storage import dumps

        return dumps(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> Encounter:
        """Rebuild an encounter from ``to_json`` output by replaying its commands."""
        from bpb_widgets.engine.storage import loads

        return loads(cls, text)

    def save(self, path: str | Path) -> Path:
        """Write the encounter to ``path`` atomically (a temporary file, then a rename)."""
        from bpb_widgets.engine.storage import save

        return save(self, Path(path))

    @classmethod
    def load(cls, path: str | Path) -> Encounter:
        """Read an encounter saved with ``save``."""
        from bpb_widgets.engine.storage import load

        return load(cls, Path(path))

    # ------------------------------------------------------------------ the machinery

    def _run(self, name: str, method: Callable[..., Any], args: tuple, kwargs: dict) -> Any:
        if self._running is not None:
            raise RuntimeError(f"{name} called inside {self._running}")
        record: dict[str, Any] = {"cmd": name, "args": _arguments(method, args, kwargs)}
        return self._execute(record, method, args, kwargs, redoing=False)

    def _execute(
        self,
        record: dict[str, Any],
        method: Callable[..., Any],
        args: tuple,
        kwargs: dict,
        *,
        redoing: bool,
        expected_rolls: list[list[int]] | None = None,
    ) -> Any:
        journal = self._journal
        mark, log_start, before = journal.mark(), len(self._log), self._current
        self._running, self._rng_state, self._rolls = record["cmd"], None, []
        self._order_changed = self._roster_changed = False
        journal.touched.clear()
        try:
            result = method(self, *args, **kwargs)
            if expected_rolls is not None and self._rolls != expected_rolls:
                raise RuleError(
                    f"The dice recorded for {record['cmd']} do not match this encounter's seed."
                )
        except BaseException:
            journal.rollback(mark)
            del self._log[log_start:]
            if self._rng_state is not None:
                self._rng.setstate(self._rng_state)  # type: ignore[arg-type]
            raise
        finally:
            self._running = None
        if self._rolls:
            record = {**record, "rolls": self._rolls}
        touched = journal.touched | {n for n in (before, self._current) if n}
        self._history.append(
            _Done(
                record,
                journal.take(mark),
                log_start,
                self._rng_state,
                frozenset(touched),
                self._order_changed,
                self._roster_changed,
            )
        )
        if not redoing:
            self._redo.clear()
            self._notify(record["cmd"], self._history[-1:])
        return result

    def _replay(self, record: Mapping[str, Any], *, redoing: bool = False) -> Any:
        """Run a saved or undone command again; its dice must come out as recorded."""
        method = COMMANDS[record["cmd"]]
        args = dict(record["args"])
        ranks = args.pop("ranks", {})
        return self._execute(
            dict(record),
            method,
            (),
            {**args, **ranks},
            redoing=redoing,
            expected_rolls=record.get("rolls", []),
        )

    def _notify(self, name: str, done: list[_Done]) -> None:
        if not self._observers or not done:
            return
        change = Change(
            command=name,
            log_start=min(d.log_start for d in done),
            touched=frozenset().union(*(d.touched for d in done)),
            order=any(d.order for d in done),
            roster=any(d.roster for d in done),
        )
        for observer in list(self._observers):
            try:
                observer(change)
            except Exception:
                log.exception("an encounter observer failed on %s", name)

    def _event(
        self, kind: str, text: str, actor: str | None = None, data: dict[str, Any] | None = None
    ) -> None:
        self._log.append(
            Event(len(self._log), len(self._history), self._round, kind, text, actor, data or {})
        )

    def _dice(self, dice: object) -> Dice:
        """Physical dice if given, else a seeded 2d6 roll (recorded for replay checks)."""
        if dice is not None:
            return check_dice(dice)
        rolled = roll(self._random())
        self._rolls.append(list(rolled))
        return rolled

    def _random(self) -> random.Random:
        """The seeded random source, its state kept so that undo restores it."""
        if self._rng_state is None:
            self._rng_state = self._rng.getstate()
        return self._rng

    def _typed_dice(self, dice: Mapping[str, Sequence[int]] | None) -> dict[str, Dice]:
        if dice is None:
            return {}
        if not isinstance(dice, Mapping):
            raise RuleError("Give physical dice as {name: (die, die)}, e.g. {'Blueshift': (3, 4)}.")
        return {self._known(n): check_dice(d) for n, d in dice.items()}

    def _known(self, name: object) -> str:
        if isinstance(name, str):
            if name in self._sheets:
                return name
            known = self._folded.get(name.strip().casefold())
            if known is not None:
                return known
        check_name(name)
        raise RuleError(f"There is no combatant called {name}.")

    def _need_started(self, what: str) -> None:
        if not self.started:
            raise RuleError(f"The fight has not started yet: start it before you {what}.")

    def _before_start(self, what: str) -> None:
        if self.started:
            raise RuleError(
                f"The fight has started: you can only {what} before round 1. The order of play "
                "now changes by delaying, forcing and extreme blocks and dodges (Order Of Play)."
            )

    def _need_current(self) -> str:
        self._need_started("end or delay a turn")
        if self._current is None:
            raise RuleError("Nobody can act right now: nobody aware has a turn left.")
        return self._current

    @staticmethod
    def _steps(steps: object, available: int, what: str) -> int:
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
            raise RuleError(f"{what.title()} takes a number of steps of 1 or more, not {steps!r}.")
        if steps > available:
            raise RuleError(
                f"Nothing to {what}."
                if not available
                else f"Only {available} step(s) to {what}, not {steps}."
            )
        return steps

    # order of play

    def _set_slots(self, order: list[str]) -> None:
        self._journal.attr(self, "_slots", list(order))
        self._journal.attr(self, "_able", sum(self._can_act(n) for n in order))
        self._order_changed = True

    def _can_act(self, name: str) -> bool:
        """Aware of the fight and not out of it: able to take turns."""
        return self._aware[name] and not self._endurance[name].out

    def _changing_fitness(self, name: str, change: Callable[[], object]) -> None:
        """Apply ``change`` (awareness, Endurance) and keep the count of who can act right."""
        before = self._can_act(name)
        change()
        after = self._can_act(name)
        if before != after and name in self._slots:
            self._journal.attr(self, "_able", self._able + (1 if after else -1))

    def _slot_insert(self, index: int, name: str) -> None:
        self._journal.insert(self._slots, index, name)
        if self.started and index <= self._pos and self._current is not None:
            self._journal.attr(self, "_pos", self._pos + 1)
        if self._can_act(name):
            self._journal.attr(self, "_able", self._able + 1)
        self._order_changed = True

    def _slot_delete(self, index: int) -> None:
        name = self._journal.delete(self._slots, index)
        if self.started and index < self._pos:
            self._journal.attr(self, "_pos", self._pos - 1)
        if self._can_act(name):
            self._journal.attr(self, "_able", self._able - 1)
        self._order_changed = True

    def _advance(self) -> None:
        """Give the turn to the next combatant in the order of play who can take one, ending
        rounds (the environment last) as the order runs out."""
        j, pos, idle = self._journal, self._pos, 0
        while self._able:
            if pos >= len(self._slots):
                if idle == IDLE_ROUNDS:
                    break
                self._end_round()
                pos, idle = 0, idle + 1
                continue
            name = self._slots[pos]
            if self._can_act(name) and self._acted.get(name) != self._round:
                if (name, self._round) not in self._lost:
                    j.attr(self, "_pos", pos)
                    self._begin_turn(name)
                    return
                self._skip_lost(name)
            pos += 1
        j.attr(self, "_pos", pos)
        j.attr(self, "_current", None)

    def _begin_turn(self, name: str) -> None:
        j = self._journal
        j.attr(self, "_current", name)
        held = j.pop(self._holding, name)
        if j.pop(self._defending, name):
            self._event(
                "defence",
                f"{possessive(name)} defence ends: their next action has come (Blocking, Dodging)",
                name,
            )
        j.append(self._lines, (self._round, f"{possessive(name)} turn"))
        late = f" (still holding the turn delayed in round {held})" if held else ""
        self._event("turn", f"{possessive(name)} turn{late}", name)

    def _skip_lost(self, name: str) -> None:
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

    def _unlist_turn(self, name: str) -> None:
        line = (self._round, f"{possessive(name)} turn")
        for index in range(len(self._lines) - 1, -1, -1):
            if self._lines[index] == line:
                self._journal.delete(self._lines, index)
                return

    def _end_round(self) -> None:
        j = self._journal
        if self._notes:
            notes = "; ".join(self._notes)
            j.append(self._lines, (self._round, f"Environment's turn ({notes})"))
            self._event("environment", f"The environment acts last: {notes} (Order Of Play)")
            j.attr(self, "_notes", ())
        if self._revisions:
            j.attr(self, "_slots", revised(self._slots, self._revisions))
            self._order_changed = True
            for attacker, _, text in self._revisions:
                self._event("revised", f"Order of play revised: {text}", attacker)
            self._event(
                "order",
                f"Order of play from round {self._round + 1}: "
                f"{', '.join(self._slots)} (Blocking, Dodging)",
            )
            j.attr(self, "_revisions", ())
        j.attr(self, "_round", self._round + 1)
        j.attr(self, "_pos", 0)
        j.append(self._lines, (self._round, None))
        self._event("round", f"Round {self._round} begins")

    # forcing

    def _check_force(self, name: str) -> int:
        """The round whose turn forcing an action now would give up (refusing if not allowed)."""
        self._need_started("force an action")
        if not self._aware[name]:
            raise RuleError(f"{name} is not aware of the fight and cannot force an action.")
        if self._endurance[name].out:
            raise RuleError(f"{name} is out of the fight and cannot force an action.")
        if name in (self._current, self._suspended):
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

    def _next_turn(self, name: str) -> int:
        """The round of ``name``'s next available turn: a held delayed turn or this round's turn
        still to come, else the next round's not already given up (Forcing An Action)."""
        if name in self._holding:
            return self._round
        to_come = name in self._slots and self._slots.index(name) > self._pos
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
        if j.pop(self._holding, name) is not None:
            j.set(self._acted, name, self._round)
            j.append(self._lines, (self._round, f"{possessive(name)} turn (delayed; {annotation})"))
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


def _arguments(method: Callable[..., Any], args: tuple, kwargs: dict) -> dict[str, Any]:
    """The call as JSON-ready keyword arguments, as it is saved and replayed."""
    if not args and not kwargs:
        return {}
    bound = _signature(method).bind(None, *args, **kwargs)
    return {k: _jsonable(v) for k, v in list(bound.arguments.items())[1:]}


@functools.cache
def _signature(method: Callable[..., Any]) -> Any:
    import inspect

    return inspect.signature(method)


def _jsonable(value: object) -> object:
    if isinstance(value, (set, frozenset)):
        return sorted(map(_jsonable, value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


COMMANDS: dict[str, Callable[..., Any]] = commands_of(Encounter)
