"""The core of every encounter: the roster, the order of play in motion, commands and their
history, the log, the transcript, saving and loading.

``Encounter`` runs no game system by itself. Each system subclasses it (``BulletproofBlues``,
``Blackout``, ``D10AP``), lists the rule sets it runs in ``rule_sets``, and overrides the named
hooks below (a sheet, enrolling, the initiative order, a turn started or ended, a new round, a lost
turn, who can act). ``Encounter(rules="blackout")`` finds the class that runs a rule set by its
name, as python-chess finds a variant.

Every public method that changes the fight is a command: it validates completely, then records
events in the log and changes the state through the undo journal. A refused command raises
``RuleError`` and changes nothing. Rules: seeds 000/001 "Order Of Play", "Delaying A Turn".
"""

from __future__ import annotations

import functools
import json
import secrets
import types
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from bpb_widgets.engine import storage
from bpb_widgets.engine.checks import check_name, check_note, fold_name
from bpb_widgets.engine.command import arguments, command, commands_of, signature_of
from bpb_widgets.engine.conditions import Condition, When, check_condition_name, check_when
from bpb_widgets.engine.conform import checked, fresh, shown
from bpb_widgets.engine.dice import Dice
from bpb_widgets.engine.events import Change, Event, Log
from bpb_widgets.engine.history import History
from bpb_widgets.engine.rule_set import RuleSet
from bpb_widgets.engine.storage import EncounterFileError, Record
from bpb_widgets.engine.transcript import Line, possessive, render
from bpb_widgets.errors import ArgumentError, RuleError

#: With nobody able to act for this many rounds in a row, the order of play waits for the GM.
IDLE_ROUNDS = 3
#: Seeds are whole numbers below this (either side of 0).
MAX_SEED = 2**64


class Sheet(Protocol):
    """What every system's character sheet has."""

    @property
    def name(self) -> str: ...
    @property
    def group(self) -> bool: ...
    @property
    def aware(self) -> bool: ...
    def summary(self) -> str: ...
    def to_dict(self) -> dict[str, object]: ...


S = TypeVar("S", bound=Sheet)
E = TypeVar("E", bound="Encounter[Any]")


@runtime_checkable
class ActionPointDice(Protocol):
    """An encounter whose turns roll and spend action-point dice (the "d10-ap" rule set)."""

    @property
    def current(self) -> str | None: ...
    def roll_ap(self, name: str, dice: Sequence[int] | None = None) -> int: ...
    def spend_ap(self, name: str, ap: int = 1, action: str = "") -> int: ...


class OtherRuleSet(RuleError, AttributeError):
    """A command of another game system, asked of this encounter (also an AttributeError, so
    ``hasattr`` answers False)."""


@dataclass(frozen=True, slots=True)
class TurnState:
    """Where a combatant stands in the current round (what the turn-order strip shows); each
    system adds its own fields."""

    name: str
    aware: bool
    current: bool
    #: Has taken their turn this round.
    acted: bool
    #: Holds a delayed turn (Delaying A Turn).
    delaying: bool
    #: Out of the fight.
    out: bool
    #: Conditions on the combatant, each with when it ends.
    conditions: tuple[Condition, ...] = ()
    #: The round they last took their turn in (0: not yet in this fight).
    last_acted: int = 0


@dataclass(frozen=True, slots=True)
class Controls:
    """How the order-of-play strip runs a turn under a system: the widgets read this, never the
    rule set's name."""

    #: The button that settles the order before the start, and what it does.
    roll_order: str = "Roll order"
    roll_order_help: str = ""
    #: Delay asks for the step to delay to (initiative steps) instead of holding the turn.
    delay_to_step: bool = False
    #: Each turn rolls action-point dice and spends them.
    ap_dice: bool = False


class Encounter(Generic[S]):
    """A fight: combatants, the order of play, the log, undo/redo, save/load.

    ``rules`` names the rule set ("bpb2e", "bpb2e-wiki", "blackout", "d10-ap", or a ``RuleSet``)
    and ``Encounter(...)`` returns the class that runs it; ``options`` are its rule options
    (docs/rules.md); ``autosave`` a file kept in step with every command.

    >>> enc = Encounter(seed=7)
    >>> _ = enc.add("Blueshift", perception=4, agility=5, expertise={"dodge"})
    >>> _ = enc.add("Ganyeka", perception=3)
    >>> enc.start()
    >>> enc.current
    'Blueshift'
    """

    #: The rule sets this class runs, its default first.
    rule_sets: ClassVar[tuple[RuleSet, ...]] = ()
    #: The rule set ``Encounter()`` runs when none is named.
    default_rules: ClassVar[str] = "bpb2e"
    #: The game system's name, for messages ("Bulletproof Blues").
    title: ClassVar[str] = ""
    #: The parts of a GM screen for this system, top to bottom (see bpb_widgets.widgets).
    panels: ClassVar[tuple[str, ...]] = ("strip", "dice", "log")
    #: The dice roller of this system (a name the widgets look up).
    roller: ClassVar[str] = ""
    #: How the strip runs a turn.
    controls: ClassVar[Controls] = Controls()

    #: Every rule set's name -> the class that runs it (filled as the systems are defined).
    _registry: ClassVar[dict[str, type[Encounter[Any]]]] = {}

    rules: RuleSet

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _check_queries(cls)
        for rule_set in cls.__dict__.get("rule_sets", ()):
            if rule_set.name in Encounter._registry:
                raise TypeError(f"Two classes run the rule set {rule_set.name!r}.")
            Encounter._registry[rule_set.name] = cls

    def __new__(
        cls, seed: int | None = None, rules: str | RuleSet | None = None, *_: Any, **__: Any
    ) -> Any:
        if cls is Encounter:
            cls = Encounter.system_of(rules if rules is not None else Encounter.default_rules)
        return super().__new__(cls)

    def __init__(
        self,
        seed: int | None = None,
        rules: str | RuleSet | None = None,
        options: Mapping[str, object] | None = None,
        *,
        autosave: str | Path | None = None,
    ) -> None:
        self.rules = self._rule_set(rules, options)
        if seed is None:
            seed = secrets.randbelow(2**32)
        if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) >= MAX_SEED:
            raise RuleError(f"The seed is a whole number below 2**64, not {shown(seed)}.")
        self.seed: int = seed
        self._history = History(seed, self._header())
        self._journal = self._history.journal
        # the roster
        self._sheets: dict[str, S] = {}
        #: Names by their case-folded form: "blueshift" finds Blueshift.
        self._folded: dict[str, str] = {}
        self._aware: dict[str, bool] = {}
        # the order of play in motion
        self._slots: list[str] = []
        self._round = 0
        self._pos = 0
        self._current: str | None = None
        #: Whose turn a delayed turn pre-empted, resumed when the delayed turn ends.
        self._suspended: str | None = None
        #: How many combatants with a place in the order can act.
        self._able = 0
        self._acted: dict[str, int] = {}
        #: Delayed turns held: name -> the round they were delayed in.
        self._holding: dict[str, int] = {}
        self._notes: tuple[str, ...] = ()
        self._lines: list[Line] = []
        #: Turns begun so far, and the number of the turn under way.
        self._turns = 0
        self._turn_began = 0
        self._conditions: dict[str, tuple[Condition, ...]] = {}
        self._setup()
        if autosave is not None:
            self.autosave = autosave

    # ------------------------------------------------------------------ rule sets

    @classmethod
    def system_of(cls, rules: str | RuleSet) -> type[Encounter[Any]]:
        """The class that runs the rule set ``rules`` (a name, or a ``RuleSet``)."""
        if isinstance(rules, RuleSet):
            for system in dict.fromkeys(Encounter._registry.values()):
                if any(type(rules) is type(known) for known in system.rule_sets):
                    return system
            raise RuleError(f"No game system runs rule sets of type {type(rules).__name__}.")
        if not isinstance(rules, str) or rules not in Encounter._registry:
            raise RuleError(
                f"Unknown rule set {rules!r}; choose one of {', '.join(Encounter._registry)}."
            )
        return Encounter._registry[rules]

    @classmethod
    def find_rule_set(cls, name: str) -> RuleSet:
        """The registered rule set called ``name``."""
        system = cls.system_of(name)
        return next(r for r in system.rule_sets if r.name == name)

    def _rule_set(
        self, rules: str | RuleSet | None, options: Mapping[str, object] | None
    ) -> RuleSet:
        chosen = self.rule_sets[0] if rules is None else rules
        if isinstance(chosen, str):
            system = Encounter.system_of(chosen)
            if not isinstance(self, system):
                raise RuleError(f"{chosen} is run by {system.__name__}, not {type(self).__name__}.")
            chosen = Encounter.find_rule_set(chosen)
        elif not isinstance(chosen, RuleSet) or not any(
            type(chosen) is type(known) for known in self.rule_sets
        ):
            raise RuleError(f"{type(self).__name__} does not run the rule set {chosen!r}.")
        return chosen.with_options(options)

    def _header(self) -> dict[str, Any]:
        """What the encounter file says of this fight besides its commands."""
        return {
            "seed": self.seed,
            "rules": self.rules.name,
            "system": type(self).rule_sets[0].name,
            "source": self.rules.source,
            "options": self.rules.options(),
        }

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any:
            """A command of another game system is refused with the reason."""
            if not name.startswith("_"):
                for system in dict.fromkeys(Encounter._registry.values()):
                    if name in commands_of(system) and not isinstance(self, system):
                        raise OtherRuleSet(
                            f"{name} belongs to the {system.title} rules "
                            f"({', '.join(r.name for r in system.rule_sets)}); this encounter "
                            f"follows {self.rules.name} ({self.rules.source})."
                        )
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @classmethod
    def commands(cls) -> dict[str, Callable[..., Any]]:
        """Every command of this class by name: what a saved file may replay."""
        return commands_of(cls)

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
        """This round's order of play: everyone with a place, aware or not. Before the start
        under an initiative system: by initiative so far, then whoever has not rolled yet."""
        ranked = None if self.started else self._initiative_order()
        if ranked is None:
            return list(self._slots)
        return ranked + [n for n in self._sheets if n not in ranked]

    @property
    def names(self) -> list[str]:
        """Every combatant, in the order they joined."""
        return list(self._sheets)

    @property
    def log(self) -> Log:
        """Every event so far, each explained with its arithmetic and rule (a read-only view)."""
        return Log(self._history.log)

    @property
    def started(self) -> bool:
        return self._round > 0

    @property
    def revisions(self) -> tuple[tuple[str, str, str], ...]:
        """Order changes waiting for the next round: (who moves, after whom, explanation)."""
        return ()

    @property
    def environment_notes(self) -> tuple[str, ...]:
        """What the environment will do at the end of this round."""
        return self._notes

    def combatant(self, name: str) -> S:
        """The sheet of ``name``."""
        return self._sheets[self._known(name)]

    def turn_state(self, name: str) -> TurnState:
        """Where ``name`` stands in this round."""
        return TurnState(**self._turn_fields(self._known(name)))

    def _turn_fields(self, name: str) -> dict[str, Any]:
        """The fields of ``name``'s turn state every system shares."""
        return {
            "name": name,
            "aware": self._aware[name],
            "current": name == self._current,
            "acted": self._acted.get(name) == self._round and self.started,
            "last_acted": self._acted.get(name, 0),
            "delaying": name in self._holding,
            "out": self._out(name),
            "conditions": self._conditions.get(name, ()),
        }

    def conditions(self, name: str) -> tuple[Condition, ...]:
        """The conditions on ``name``, each with when it ends."""
        return self._conditions.get(self._known(name), ())

    def has_condition(self, name: str, condition: str) -> bool:
        """Whether ``name`` is under ``condition`` ("prone", "held" ...)."""
        return any(c.name == condition for c in self.conditions(name))

    def transcript(self, rounds: int | Iterable[int] | None = None) -> str:
        """The round listings in the seeds' own format (seed 000's examples).

        ``rounds`` limits it to one round or several; a turn forced from the next round is
        listed where it was taken, a delayed turn where it was taken, "(delayed)".
        """
        return render(self._lines, rounds)

    def __repr__(self) -> str:
        where = f"round {self._round}, {self._current}'s turn" if self.started else "not started"
        return f"<{type(self).__name__} {self.rules.name}: {len(self._sheets)} combatants, {where}>"

    # ------------------------------------------------------------------ setting up

    @command
    def add(self, name: str, **sheet: Any) -> S:
        """Add a combatant; what their sheet holds depends on the rule set (see the system's
        ``make_sheet``). Everywhere: ``group=True`` for henchmen sharing one turn,
        ``aware=False`` for someone who gets no turn until ``becomes_aware``."""
        made = self.make_sheet(name, **sheet)
        folded = fold_name(made.name)
        if folded in self._folded:
            raise RuleError(f"There is already a combatant called {made.name}.")
        j = self._journal
        j.set(self._sheets, made.name, made)
        j.set(self._folded, folded, made.name)
        j.set(self._aware, made.name, made.aware)
        j.changed("roster")
        self._enrol(made)
        how = "" if made.aware else "; not yet aware of the fight, so no turn yet (Order Of Play)"
        what = "group (one turn for all)" if made.group else "combatant"
        self._event("add", f"{made.name} joins as a {what}: {made.summary()}{how}", made.name)
        if self.started and self._current is None:
            self._advance()
        return made

    @command
    def set_order(self, names: Sequence[str]) -> None:
        """Declare the order of play: who acts before whom (each system says when and how)."""
        if isinstance(names, str) or not isinstance(names, Sequence):
            raise RuleError("Give the order of play as a list of names, first to act first.")
        order = [self._known(n) for n in names]
        seen: set[str] = set()
        for name in order:
            if name in seen:
                raise RuleError(f"{name} is listed twice; everyone acts once a round.")
            seen.add(name)
        self._declare_order(order)

    def roll_order(self, dice: Mapping[str, Sequence[int]] | None = None) -> list[str]:
        """Settle the order of play with the system's dice before the start (each system)."""
        raise NotImplementedError

    @command
    def start(self) -> None:
        """Begin round 1 with the first combatant in the order of play who can act."""
        self._before_start("start the fight")
        self._check_ready()
        ranked = self._initiative_order()
        if ranked is not None:
            self._set_slots(ranked)
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
        order of play (or right after ``after``, where the system lets the GM place them)."""
        name = self._known(name)
        if self._aware[name]:
            raise RuleError(f"{name} is already aware of the fight.")
        where = self._place_aware(name, after)
        self._changing_fitness(name, lambda: self._journal.set(self._aware, name, True))
        self._event("aware", f"{name} becomes aware of the fight{where}", name)
        if self.started and self._current is None:
            self._advance()

    # ------------------------------------------------------------------ turns

    @command
    def end_turn(self) -> None:
        """The current turn is over; the next combatant acts. After the last turn of a round
        the environment acts, then the next round begins (seed 000, "Order Of Play")."""
        self._need_current()
        self._need_resolved()
        self._end_current_turn()

    @command
    def delay(self, to: int | None = None) -> None:
        """The current combatant delays their turn, to take it later this round or in a later
        round, pre-empting someone (seed 000, "Delaying A Turn"). The order does not change."""
        name = self._need_current()
        self._need_resolved()
        if self._suspended is not None:
            raise RuleError(f"{name} is already taking a delayed turn; end it instead.")
        if to is not None:
            raise RuleError("Only the blackout rules delay to a step; here a delayed turn is held.")
        self._unlist_turn(name)
        self._journal.set(self._holding, name, self._round)
        self._event(
            "delay", f"{name} delays (Delaying A Turn); the order of play is unchanged", name
        )
        self._journal.attr(self, "_pos", self._pos + 1)
        self._advance()

    @command
    def take_delayed(self, name: str) -> None:
        """``name`` takes their delayed turn now, pre-empting whoever is about to act
        (seed 000, "Delaying A Turn")."""
        name = self._known(name)
        if name not in self._holding:
            raise RuleError(f"{name} is not holding a delayed turn.")
        self._need_resolved()
        if self._suspended is not None:
            raise RuleError(
                f"{self._current} is taking a delayed turn; {name} can pre-empt the next one."
            )
        target = self._current
        if target is not None:
            self._check_preempt(name, target)
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
        self._starting(name)

    @command
    def environment(self, note: str) -> None:
        """Record what the environment does this round (what falls, what free-rolling vehicle
        moves); it happens after every character's turn (seed 000, "Order Of Play")."""
        self._need_started("record what the environment does")
        if not isinstance(note, str) or not note.strip():
            raise RuleError("Say what the environment does, such as 'the crate falls'.")
        note = check_note(note, "Environment notes")
        self._journal.attr(self, "_notes", (*self._notes, note))
        self._event(
            "environment",
            f"At the end of round {self._round} the environment acts: "
            f"{note} (Order Of Play: the environment always goes last)",
        )

    @command
    def add_condition(
        self,
        name: str,
        condition: str,
        *,
        ends: When | None = None,
        of: str | None = None,
        note: str = "",
    ) -> Condition:
        """Put ``name`` under ``condition`` ("stunned", "blinded", "on fire" ...): until removed,
        or until the ``ends="start"`` or ``"end"`` of the next turn of ``of`` (``name`` by
        default). Given during that combatant's own turn, it lasts to their *next* turn."""
        name = self._known(name)
        what = check_condition_name(condition)
        when, whose = check_when(ends, of)
        if when is not None:
            whose = self._known(whose or name)
        text = check_note(note, "Condition notes")
        return self._give_condition(
            name, Condition(what, when, whose, self._turns, "set by the GM", text)
        )

    @command
    def remove_condition(self, name: str, condition: str) -> None:
        """Lift ``condition`` from ``name``."""
        name = self._known(name)
        what = check_condition_name(condition)
        if not self.has_condition(name, what):
            raise RuleError(f"{name} is not {what}.")
        self._lift_condition(name, what, "removed by the GM")

    # ------------------------------------------------------------------ hooks

    def _setup(self) -> None:
        """Declare the state this system keeps beyond the core's (called by ``__init__``)."""

    def make_sheet(self, name: object, **sheet: Any) -> S:
        """A checked character sheet of this system."""
        raise NotImplementedError

    def _enrol(self, sheet: S) -> None:
        """A newcomer's state, and their place in the order of play."""
        raise NotImplementedError

    def _declare_order(self, order: list[str]) -> None:
        """The GM declared ``order`` (checked: known names, each once)."""
        raise NotImplementedError

    def _check_ready(self) -> None:
        """Refuse to start while something the first round needs is missing."""

    def _initiative_order(self) -> list[str] | None:
        """This round's order from initiative, or None where the order of play is declared."""
        return None

    def _place_aware(self, name: str, after: str | None) -> str:
        """Give ``name``, becoming aware, a place in the order; say where (for the log)."""
        raise NotImplementedError

    def _turn_label(self, name: str) -> str:
        """What the transcript adds to ``name``'s turn as it begins (" (delayed to step 12)")."""
        return ""

    def _turn_started(self, name: str) -> None:
        """``name``'s turn has begun."""

    def _turn_ended(self, name: str) -> None:
        """``name``'s turn (or the part of it before a delay) is over."""

    def _round_ended(self) -> None:
        """The environment has acted; the next round is about to begin."""

    def _new_round(self) -> None:
        """A new round has begun."""

    def _turn_lost(self, name: str) -> bool:
        """Whether ``name``'s turn this round was given up (logging why)."""
        return False

    def _can_act(self, name: str) -> bool:
        """Able to take turns: aware of the fight (systems add their own conditions)."""
        return self._aware[name]

    def _out(self, name: str) -> bool:
        """Out of the fight."""
        return False

    def _unresolved(self) -> str | None:
        """What must be resolved before the turn can move on, or None."""
        return None

    def _check_preempt(self, name: str, target: str) -> None:
        """Refuse ``name`` pre-empting ``target`` with a delayed turn, where the rules limit it."""

    # ------------------------------------------------------------------ conditions

    def _give_condition(self, name: str, condition: Condition) -> Condition:
        """Put ``name`` under ``condition`` (replacing one of the same name), logged."""
        kept = tuple(c for c in self._conditions.get(name, ()) if c.name != condition.name)
        self._journal.set(self._conditions, name, (*kept, condition))
        self._event("condition", f"{name} is {condition.describe()}", name)
        return condition

    def _lift_condition(self, name: str, condition: str, why: str) -> None:
        """Take ``condition`` off ``name`` (if on), logged with ``why``."""
        held = self._conditions.get(name, ())
        kept = tuple(c for c in held if c.name != condition)
        if len(kept) == len(held):
            return
        if kept:
            self._journal.set(self._conditions, name, kept)
        else:
            self._journal.pop(self._conditions, name)
        self._event("condition ends", f"{name} is no longer {condition}: {why}", name)

    def _expire(self, when: When, whose: str) -> None:
        """End the conditions that end at the ``when`` of ``whose`` turn now under way."""
        for name, held in list(self._conditions.items()):
            for condition in held:
                if condition.ends_at(when, whose, self._turn_began):
                    self._lift_condition(
                        name, condition.name, f"it lasted {condition.until.removeprefix('until ')}"
                    )

    # ------------------------------------------------------------------ the order of play

    def _starting(self, name: str) -> None:
        """``name``'s turn (or delayed turn) is beginning: count it, end what ends now."""
        self._journal.attr(self, "_turns", self._turns + 1)
        self._journal.attr(self, "_turn_began", self._turns)
        if self._conditions:
            self._expire("start", name)
        self._turn_started(name)

    def _end_current_turn(self) -> None:
        name = self._current
        assert name is not None
        j = self._journal
        if self._conditions:
            self._expire("end", name)
        self._turn_ended(name)
        j.set(self._acted, name, self._round)
        suspended = self._suspended
        if suspended is not None:
            j.attr(self, "_suspended", None)
            if self._can_act(suspended):
                j.attr(self, "_current", suspended)
                return
        j.attr(self, "_pos", self._pos + 1)
        self._advance()

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
            can_act = self._can_act(name) and self._acted.get(name) != self._round
            if can_act and not self._turn_lost(name):
                j.attr(self, "_pos", pos)
                self._begin_turn(name)
                return
            pos += 1
        j.attr(self, "_pos", pos)
        j.attr(self, "_current", None)

    def _begin_turn(self, name: str) -> None:
        j = self._journal
        j.attr(self, "_current", name)
        held = j.pop(self._holding, name)
        note = self._turn_label(name)
        j.append(self._lines, (self._round, f"{possessive(name)} turn{note}"))
        late = f" (still holding the turn delayed in round {held})" if held else ""
        self._event("turn", f"{possessive(name)} turn{note}{late}", name)
        self._starting(name)

    def _end_round(self) -> None:
        j = self._journal
        if self._notes:
            notes = "; ".join(self._notes)
            j.append(self._lines, (self._round, f"Environment's turn ({notes})"))
            self._event("environment", f"The environment acts last: {notes} (Order Of Play)")
            j.attr(self, "_notes", ())
        self._round_ended()
        j.attr(self, "_round", self._round + 1)
        j.attr(self, "_pos", 0)
        ranked = self._initiative_order()
        if ranked is not None:
            self._set_slots(ranked)
        self._new_round()
        j.append(self._lines, (self._round, None))
        self._event("round", f"Round {self._round} begins")

    def _set_slots(self, order: list[str]) -> None:
        self._journal.attr(self, "_slots", list(order))
        self._journal.attr(self, "_able", sum(self._can_act(n) for n in order))
        self._journal.changed("order")

    def _reslot(self, *, skip_current: bool = False) -> None:
        """Re-place everyone still to act this round by initiative, after a change (a delay, a
        newcomer, a new tie order); who has acted keeps their place."""
        order = self._initiative_order()
        assert order is not None
        passed = self._slots[: self._pos + (0 if skip_current else 1)]
        later = (
            order[order.index(self._current) + 1 :]
            if (not skip_current and self._current in order)
            else order
        )
        self._set_slots([*passed, *(n for n in later if n not in passed)])

    def _slot_insert(self, index: int, name: str) -> None:
        self._journal.insert(self._slots, index, name)
        if self.started and index <= self._pos and self._current is not None:
            self._journal.attr(self, "_pos", self._pos + 1)
        if self._can_act(name):
            self._journal.attr(self, "_able", self._able + 1)
        self._journal.changed("order")

    def _slot_delete(self, index: int) -> None:
        name = self._journal.delete(self._slots, index)
        if self.started and index < self._pos:
            self._journal.attr(self, "_pos", self._pos - 1)
        if self._can_act(name):
            self._journal.attr(self, "_able", self._able - 1)
        self._journal.changed("order")

    def _changing_fitness(self, name: str, change: Callable[[], object]) -> None:
        """Apply ``change`` (awareness, Endurance) and keep the count of who can act right."""
        before = self._can_act(name)
        change()
        after = self._can_act(name)
        if before != after and name in self._slots:
            self._journal.attr(self, "_able", self._able + (1 if after else -1))

    def _unlist_turn(self, name: str) -> None:
        """Take ``name``'s turn line of this round out of the transcript (a delay)."""
        line = (self._round, f"{possessive(name)} turn")
        for index in range(len(self._lines) - 1, -1, -1):
            if self._lines[index] == line:
                self._journal.delete(self._lines, index)
                return

    # ------------------------------------------------------------------ checks

    def _known(self, name: object) -> str:
        if isinstance(name, str):
            if name in self._sheets:
                return name
            known = self._folded.get(fold_name(name))
            if known is not None:
                return known
        name = check_name(name)
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

    def _need_resolved(self) -> None:
        problem = self._unresolved()
        if problem is not None:
            raise RuleError(problem)

    def _need_turn(self, name: str, what: str) -> None:
        self._need_started(what)
        if name != self._current:
            raise RuleError(
                f"It is {self._current or 'nobody'}'s turn: {name} can {what} only on their own "
                "turn (Task Action)."
            )

    # ------------------------------------------------------------------ commands and history

    def _run(
        self, name: str, method: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any:
        """Run a command with its arguments made plain: the command sees what is saved and
        replayed (an iterator is read once, a set is a sorted list), a wrong type is refused."""
        plain = arguments(method, args, kwargs)
        record: Record = {"cmd": name, "args": plain}
        return self._history.run(record, self._call, method, fresh(plain) if plain else {})

    def _call(self, method: Callable[..., Any], kwargs: dict[str, Any]) -> Any:
        before = self._current
        result = method(self, **kwargs)
        touched = self._journal.touched
        if before is not None:
            touched.add(before)
        if self._current is not None:
            touched.add(self._current)
        return result

    def _replay(self, record: Mapping[str, Any], *, redoing: bool = False) -> Any:
        """Run a saved or undone command again, its arguments checked as a call's are; its dice
        must come out as recorded."""
        method = self.commands()[record["cmd"]]
        plain = arguments(method, (), record["args"])
        return self._history.run(
            {"cmd": record["cmd"], "args": plain},
            self._call,
            method,
            fresh(plain) if plain else {},
            redoing=redoing,
            expected_rolls=record.get("rolls", []),
        )

    def _event(
        self, kind: str, text: str, actor: str | None = None, data: dict[str, Any] | None = None
    ) -> None:
        self._history.event(self._round, kind, text, actor, data)

    def _dice(self, dice: object, *, count: int = 2, sides: int = 6) -> Dice:
        """Physical dice if given, else a seeded roll (recorded for replay checks)."""
        return self._history.dice(dice, count=count, sides=sides)

    @property
    def history(self) -> list[dict[str, Any]]:
        """The accepted commands, oldest first, as they are saved (copies: changing them changes
        nothing)."""
        return [json.loads(done.encoded) for done in self._history.done]

    @property
    def can_undo(self) -> bool:
        return bool(self._history.done)

    @property
    def can_redo(self) -> bool:
        return bool(self._history.redo_records)

    def subscribe(self, observer: Callable[[Change], None]) -> Callable[[], None]:
        """Call ``observer(change)`` after every accepted command, undo and redo; returns the
        function that unsubscribes."""
        observers = self._history.observers
        observers.append(observer)
        return lambda: observers.remove(observer) if observer in observers else None

    def undo(self, steps: int = 1) -> None:
        """Undo the last ``steps`` commands exactly (dice included: undo never re-rolls)."""
        self._history.undo(_steps(steps, len(self._history.done), "undo"))

    def redo(self, steps: int = 1) -> None:
        """Redo the last ``steps`` undone commands."""
        steps = _steps(steps, len(self._history.redo_records), "redo")
        self._history.redo(steps, lambda record: self._replay(record, redoing=True))

    def undo_to(self, event: Event | int) -> None:
        """Undo back to just before the command that caused ``event`` (or log index)."""
        log = self._history.log
        index = event.index if isinstance(event, Event) else event
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(log):
            raise RuleError(f"There is no log entry {index!r} to undo back to.")
        self.undo(len(self._history.done) - log[index].command)

    # ------------------------------------------------------------------ saving

    @property
    def autosave(self) -> Path | None:
        """The file rewritten (atomically) after every accepted command, undo and redo, or None.

        Setting it to a file that exists is refused unless this encounter was loaded from it:
        no other fight, and nothing that is not a fight, is ever overwritten. One encounter at a
        time autosaves to a file, in this kernel or any other: it holds the file's lock until
        ``enc.autosave = None``, until it is garbage-collected, or until its process ends (a
        killed kernel's lock is taken over). Another is refused, told who holds it.
        """
        return self._history.autosave

    @autosave.setter
    def autosave(self, path: str | Path | None) -> None:
        history = self._history
        if path is None:
            _release(history)
            return
        if not isinstance(path, (str, Path)) or not str(path).strip():
            raise RuleError(f"Autosave to a file path, not {path!r}.")
        target = Path(path).expanduser()
        held = history.lock
        if held is not None and held.held and held.path == storage.real_path(target):
            lock = held  # already this encounter's file
        else:
            if not target.parent.is_dir():
                raise EncounterFileError(f"Cannot autosave to {target}: the folder does not exist.")
            lock = storage.AutosaveLock(target)
        try:
            text = self.to_json()
            storage.claim(target, text)
            storage.write_atomic(lock.path, text)
        except BaseException:
            if lock is not held:
                lock.release()
            raise
        if lock is not held:
            _release(history)
            history.lock = lock
            # garbage-collected, or at interpreter exit, the encounter lets go of the file
            history.release = weakref.finalize(self, lock.release)
        history.autosave = target

    def to_json(self) -> str:
        """The encounter as versioned JSON: seed, rules and every command (and undone ones)."""
        return self._history.text()

    @classmethod
    def from_json(cls: type[E], text: str | bytes) -> E:
        """Rebuild an encounter from ``to_json`` output by replaying its commands.

        Everything it will ever replay is checked now: the accepted commands are replayed, and
        the undone ones are replayed too (as redo would, dice included) and undone again, so a
        damaged redo list is refused here, never half-applied later."""
        saved = storage.decode(text)
        header = saved.header
        try:
            enc = cls(seed=header.get("seed"), rules=_saved_rules(saved))
        except RuleError as error:
            raise EncounterFileError(f"The encounter file is damaged: {error}") from None
        commands = enc.commands()
        for records in (saved.commands, saved.undone):
            if not all(_fits(record, commands) for record in records):
                raise EncounterFileError("The encounter file's command list is damaged.")
        for what, records in (("command", saved.commands), ("undone command", saved.undone)):
            for number, record in enumerate(records, 1):
                try:
                    enc._replay(record)
                except (RuleError, TypeError, RecursionError) as error:
                    raise EncounterFileError(
                        f"The encounter file does not replay: {what} {number} "
                        f"({record['cmd']}) fails: {error}"
                    ) from None
        if saved.undone:  # back to where the file stands, the undone commands ready to redo
            enc._history.undo(len(saved.undone))
        return enc

    def save(self, path: str | Path) -> Path:
        """Write the encounter to ``path`` atomically (a temporary file, then a rename); a file
        another encounter autosaves to is refused."""
        if not isinstance(path, (str, Path)) or not str(path).strip():
            raise RuleError(f"Save to a file path, not {path!r}.")
        return storage.save(Path(path).expanduser(), self.to_json(), owner=self._history.lock)

    @classmethod
    def load(cls: type[E], path: str | Path, *, autosave: bool = False) -> E:
        """Read an encounter saved with ``save`` (or autosaved), undo history included;
        ``autosave=True`` goes on autosaving to the same file."""
        if not isinstance(path, (str, Path)) or not str(path).strip():
            raise RuleError(f"Load from a file path, not {path!r}.")
        enc = cls.from_json(storage.read(Path(path).expanduser()))
        if autosave:
            enc.autosave = path
        return enc


def _release(history: History) -> None:
    """Stop autosaving: let go of the file's lock."""
    release, history.release = history.release, None
    history.lock = history.autosave = None
    if release is not None:
        release()


def _check_queries(cls: type) -> None:
    """Check the arguments of ``cls``'s public queries against their type hints, as commands'
    are: ``defense_preview([])`` is an ``ArgumentError``, not whatever it would have raised."""
    for name, member in list(vars(cls).items()):
        if (
            not name.startswith("_")
            and isinstance(member, types.FunctionType)
            and not getattr(member, "is_command", False)
        ):
            setattr(cls, name, _sheet_maker(member) if name == "make_sheet" else checked(member))


def _sheet_maker(make: Callable[..., S]) -> Callable[..., S]:
    """A system's ``make_sheet`` hook, whose sheet fields only the system knows (``add(name,
    **sheet)`` takes any keywords): a field it does not have, or a value of a type it cannot
    take, is refused as a wrong argument is (an ``ArgumentError``), not a ``TypeError``."""

    @functools.wraps(make)
    def run(self: Encounter[S], name: object, **sheet: Any) -> S:
        try:
            return make(self, name, **sheet)
        except TypeError as error:
            if isinstance(error, RuleError):
                raise
            raise ArgumentError(
                f"A {self.rules.name} sheet does not take these values ({error})."
            ) from None

    return run


def _saved_rules(saved: storage.Saved) -> RuleSet:
    """The rule set a file names: a registered one with its options, or a house rule set saved
    under its own name (built on the registered rule set its options belong to)."""
    header = saved.header
    name, options = header.get("rules"), header.get("options", {})
    if not isinstance(name, str):
        raise RuleError(f"A rule set is named by text, not {name!r}.")
    if name in Encounter._registry:
        base = Encounter.find_rule_set(name)
    else:  # a house rule set, on the system whose default rule set the file names
        system = header.get("system")
        if not isinstance(system, str) or system not in Encounter._registry:
            raise RuleError(f"Unknown rule set {name!r}.")
        base = Encounter.find_rule_set(system).renamed(name, header.get("source", ""))
    if saved.version == 1:  # version 1 saved every system's options with every rule set
        options = {k: v for k, v in options.items() if k in base.options()}
    return base.with_options(options)


def _fits(record: Record, commands: Mapping[str, Callable[..., Any]]) -> bool:
    """A saved command this encounter has, with arguments that fit its signature."""
    method = commands.get(record["cmd"])
    if method is None:
        return False
    try:
        signature_of(method).bind(None, **record["args"])
    except TypeError:
        return False
    return True


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


_check_queries(Encounter)
