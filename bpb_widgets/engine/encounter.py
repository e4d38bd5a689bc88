"""The core of every encounter: the roster, the order of play in motion, commands and their
history, the log, the transcript, saving and loading.

``Encounter`` runs no game system by itself and names none. Each system subclasses it in its own
folder (``bpb_widgets/<system>/``), lists the rule sets it runs in ``rule_sets``, says what its
turns offer in ``controls``, and overrides the hooks ``SystemHooks`` declares (a sheet, enrolling,
the initiative order, a turn started or ended, a new round, a lost turn, who can act).
``Encounter(rules=name)`` finds the class that runs a rule set by its name, as python-chess finds
a variant.

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
from typing import (
    Any,
    ClassVar,
    Literal,
    Protocol,
    TypeVar,
    runtime_checkable,
)

from bpb_widgets.engine import snapshot, storage
from bpb_widgets.engine.checks import (
    check_flag,
    check_name,
    check_note,
    check_whole,
    fold_name,
    noted,
)
from bpb_widgets.engine.command import arguments, command, commands_of, signature_of
from bpb_widgets.engine.conditions import (
    Condition,
    When,
    check_condition_name,
    check_rounds,
    check_when,
)
from bpb_widgets.engine.conform import checked, fresh, shown
from bpb_widgets.engine.dice import Dice
from bpb_widgets.engine.events import Change, Event, Log
from bpb_widgets.engine.history import History
from bpb_widgets.engine.hooks import S as S
from bpb_widgets.engine.hooks import Sheet as Sheet
from bpb_widgets.engine.hooks import SystemHooks
from bpb_widgets.engine.rule_set import RuleSet
from bpb_widgets.engine.rule_texts import RuleText, cited
from bpb_widgets.engine.storage import EncounterFileError, Record
from bpb_widgets.engine.transcript import Line, possessive, render
from bpb_widgets.errors import ArgumentError, RuleError

#: With nobody able to act for this many rounds in a row, the order of play waits for the GM.
IDLE_ROUNDS = 3
#: The most characters one command adds.
MAX_PARTY = 100
#: The longest character file read (characters of its text; docs/characters.md).
MAX_CHARACTER_FILE = 1_000_000
#: Seeds are whole numbers below this (either side of 0).
MAX_SEED = 2**64
#: The most members a group counts.
MAX_MEMBERS = 100


E = TypeVar("E", bound="Encounter[Any]")


@runtime_checkable
class ActionPointDice(Protocol):
    """An encounter whose turns roll and spend action-point dice (a system whose ``controls``
    say ``ap_dice``)."""

    @property
    def current(self) -> str | None: ...
    def roll_ap(self, name: str, dice: Sequence[int] | None = None) -> int: ...
    def spend_ap(self, name: str, ap: int = 1, action: str = "") -> int: ...


class OtherRuleSet(RuleError, AttributeError):
    """A command of another game system, asked of this encounter (also an AttributeError, so
    ``hasattr`` answers False)."""


class OtherSystemsCommand:
    """A command of another game system, as an attribute of a system's class: asked of an
    encounter, it is refused with the reason (``OtherRuleSet``). An attribute of the class, not
    an ``__getattr__``: a class with one makes CPython 3.11 look up every attribute of the
    engine the slow way, a quarter of End turn's work (docs/performance.md, "End turn")."""

    __slots__ = ("name", "system")

    def __init__(self, name: str, system: type[Encounter[Any]]) -> None:
        self.name, self.system = name, system

    def __get__(self, encounter: Encounter[Any] | None, owner: type | None = None) -> Any:
        if encounter is None:  # the class's own attribute (help, dir, inspect)
            return self
        system = self.system
        raise OtherRuleSet(
            f"{self.name} belongs to the {system.title} rules "
            f"({', '.join(r.name for r in system.rule_sets)}); this encounter "
            f"follows {encounter.rules.name} ({encounter.rules.source})."
        )


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
    #: Marked defeated by the GM.
    defeated: bool = False
    #: Hidden from the players (the player view shows nothing of them).
    hidden: bool = False
    #: Why they get no turn now ("out of the fight", "not aware of the fight" ...), or None.
    skipped: str | None = None
    #: The round they last took their turn in (0: not yet in this fight).
    last_acted: int = 0
    #: A group's members: (up, total), or None (one combatant, or a group not counted).
    members: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Vitals:
    """What a combatant's card shows of their health: one meter, and what else the system counts
    (Endurance with stunning damage apart, hit points with damage resistance ...)."""

    label: str
    value: int
    maximum: int
    #: Damage shown apart from the rest (stunning damage, which all comes back after the fight).
    apart: int = 0
    apart_label: str = ""
    #: Other figures: (label, value).
    extra: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class SheetField:
    """One field of a system's character sheet, as a form asks for it."""

    name: str
    label: str
    #: "rank" (a whole number from ``low`` to ``high``; a default of None leaves it blank),
    #: "flag", "text", "words" (a list of words, such as expertise), "choice" (one of
    #: ``choices``), "choices" (any of ``choices``), "attacks" (rows of an attack's name, rank,
    #: kind, one of ``choices``, whether it is hand-to-hand and the skill it uses).
    kind: str
    default: object = None
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Controls:
    """How the order-of-play strip runs a turn under a system: the widgets read this, never the
    rule set's name."""

    #: The button that settles the order before the start, and what it does.
    roll_order: str = "Roll order"
    roll_order_help: str = ""
    #: Delay asks for the step to delay to (initiative steps) instead of holding the turn, from
    #: ``first_step`` to ``last_step``.
    delay_to_step: bool = False
    first_step: int = 0
    last_step: int = 0
    #: Each turn rolls action-point dice and spends them; what the roll is.
    ap_dice: bool = False
    ap_dice_help: str = ""


@dataclass(frozen=True, slots=True)
class HandAction:
    """A change the GM makes by hand to a combatant's meter from their card (what the roster
    offers under a system): ``label`` is the button; the ``command`` is called as ``command(name,
    amount)`` when it ``takes`` "amount" (a whole number of 1 or more), "all" (the same, or None
    for all of it) or "delta" (any whole number but 0, more or less), and as ``command([name])``
    when it takes "names" (the rest after the fight)."""

    label: str
    command: str
    takes: Literal["amount", "all", "delta", "names"]


class Encounter(SystemHooks[S]):
    """A fight: combatants, the order of play, the log, undo/redo, save/load.

    ``rules`` names the rule set (a registered rule set's name, or a ``RuleSet``; the default
    system's first when none is named) and ``Encounter(...)`` returns the class that runs it;
    ``options`` are its rule options (docs/rules.md); ``autosave`` a file kept in step with every
    command.

    >>> enc = Encounter(seed=7)
    >>> _ = enc.add("Blueshift", perception=4, agility=5, expertise={"dodge"})
    >>> _ = enc.add("Ganyeka", perception=3)
    >>> enc.start()
    >>> enc.current
    'Blueshift'
    """

    #: The rule sets this class runs, its default first.
    rule_sets: ClassVar[tuple[RuleSet, ...]] = ()
    #: The game system's name, for messages.
    title: ClassVar[str] = ""
    #: The parts of a GM screen for this system, top to bottom (see bpb_widgets.widgets): the
    #: shared ones' keys and those of the parts its ``GameSystem`` declares.
    panels: ClassVar[tuple[str, ...]] = ("strip", "roster", "log", "files")
    #: How the strip runs a turn.
    controls: ClassVar[Controls] = Controls()
    #: How the order of play changes once the fight has started, in the system's words: what a
    #: command refused after the start (``start``, ``roll_order``) adds.
    started_order: ClassVar[str] = ""
    #: What a combatant's card changes by hand (damage, healing ...), in the order shown.
    hand_actions: ClassVar[tuple[HandAction, ...]] = ()
    #: Whether ``vitals`` is health (Endurance, hit points), which the player view describes as
    #: unhurt / hurt / badly hurt for those not on the players' side; False where it is a
    #: resource (action points), which the player view shows only to the players' side.
    health_meter: ClassVar[bool] = True
    #: The rules this system's log lines cite, in the project's own words, by name
    #: (``rule_texts.load``): what opening a log line shows.
    rule_texts: ClassVar[Mapping[str, RuleText]] = types.MappingProxyType({})

    #: Every rule set's name -> the class that runs it (filled as the systems are defined).
    _registry: ClassVar[dict[str, type[Encounter[Any]]]] = {}
    #: The system ``Encounter()`` runs when no rule set is named: the one whose class says
    #: ``default=True`` (``class MySystem(Encounter[MySheet], default=True)``).
    _default: ClassVar[type[Encounter[Any]] | None] = None

    rules: RuleSet

    def __init_subclass__(cls, *, default: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _check_queries(cls)
        if default:
            if Encounter._default is not None:
                raise TypeError(f"{Encounter._default.__name__} is already the default system.")
            Encounter._default = cls
        for rule_set in cls.__dict__.get("rule_sets", ()):
            if rule_set.name in Encounter._registry:
                raise TypeError(f"Two classes run the rule set {rule_set.name!r}.")
            Encounter._registry[rule_set.name] = cls
        if "rule_sets" in cls.__dict__:
            _refuse_other_systems()

    def __new__(
        cls, seed: int | None = None, rules: str | RuleSet | None = None, *_: Any, **__: Any
    ) -> Any:
        if cls is Encounter:
            cls = Encounter.system_of(rules) if rules is not None else Encounter.default_system()
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
        self._history = History(seed, self._header(), self)
        self._history.state = self._state
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
        #: Held turns kept at the end of a round into the next: name -> that round.
        self._kept: dict[str, int] = {}
        #: The round of the delayed turn under way (None: not a delayed turn).
        self._taking: int | None = None
        #: The round of the delayed turn a pre-empted combatant was taking, resumed with it.
        self._suspended_taking: int | None = None
        self._notes: tuple[str, ...] = ()
        self._lines: list[Line] = []
        #: Turns begun so far: the number of the turn under way.
        self._turns = 0
        self._conditions: dict[str, tuple[Condition, ...]] = {}
        #: Marked defeated by the GM: name -> the round.
        self._defeated: dict[str, int] = {}
        #: Hidden from the players.
        self._hidden: dict[str, bool] = {}
        #: A group's members: name -> (up, total) ("Ganyeka's henchmen", 4).
        self._members: dict[str, tuple[int, int]] = {}
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

    @staticmethod
    def default_system() -> type[Encounter[Any]]:
        """The class ``Encounter()`` runs when no rule set is named (the one declared
        ``default=True``)."""
        if Encounter._default is None:
            raise RuleError(f"Name the rule set: one of {', '.join(Encounter._registry)}.")
        return Encounter._default

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

    def __dir__(self) -> list[str]:
        """What tab completion offers: this system's names, not the other systems' commands."""
        cls = type(self)
        return [
            name
            for name in super().__dir__()
            if not isinstance(getattr(cls, name, None), OtherSystemsCommand)
        ]

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
    def turns(self) -> int:
        """How many turns have begun so far (each turn taken, delayed turns included)."""
        return self._turns

    @property
    def order_changes(self) -> tuple[str, ...]:
        """Changes to the order of play waiting for the next round, explained."""
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
            "defeated": name in self._defeated,
            "hidden": name in self._hidden,
            "members": self._members.get(name),
            "skipped": self._skip_reason(name),
        }

    def _skip_reason(self, name: str) -> str | None:
        """Why ``name`` gets no turn now, in words, or None."""
        if name in self._defeated:
            return "defeated"
        members = self._members.get(name)
        if members is not None and not members[0]:
            return f"out of the fight (none of {members[1]} up)"
        if self._out(name):
            return "out of the fight"
        if not self._aware[name]:
            return "not aware of the fight yet"
        return self._turn_given_up(name)

    @property
    def sides(self) -> list[str]:
        """The sides in the fight, in the order their first combatant joined ("" for none)."""
        return list(dict.fromkeys(sheet.side for sheet in self._sheets.values()))

    def side_of(self, name: str) -> str:
        """The side ``name`` fights on ("" for none)."""
        return self._sheets[self._known(name)].side

    def vitals(self, name: str) -> Vitals | None:
        """What ``name``'s card shows of their health (None where the system counts none)."""
        return None

    @classmethod
    def sheet_fields(cls) -> tuple[SheetField, ...]:
        """The fields of this system's character sheet, as a form asks for them (the name
        apart): every system's, then the system's own."""
        return (
            SheetField("side", "Side", "text", ""),
            SheetField("group", "Group (one turn for all)", "flag", False),
            SheetField("aware", "Aware of the fight", "flag", True),
            SheetField("hidden", "Hidden from the players", "flag", False),
            SheetField("members", "Members (a group)", "rank", None, 1, MAX_MEMBERS),
        )

    def hidden(self, name: str) -> bool:
        """Whether the GM hides ``name`` from the players."""
        return self._known(name) in self._hidden

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

    @classmethod
    def cited(cls, line: str | Event) -> tuple[RuleText, ...]:
        """The rules a log line cites, in the project's own words (``RuleText``: name, source,
        text; whether it is the engine's own ruling)."""
        return cited(line.text if isinstance(line, Event) else line, cls.rule_texts)

    def __repr__(self) -> str:
        where = f"round {self._round}, {self._current}'s turn" if self.started else "not started"
        return f"<{type(self).__name__} {self.rules.name}: {len(self._sheets)} combatants, {where}>"

    # ------------------------------------------------------------------ setting up

    @command
    def add(self, name: str, **sheet: Any) -> S:
        """Add a combatant; what their sheet holds depends on the rule set (see the system's
        ``make_sheet``). Everywhere: ``side="villains"``, ``group=True`` for henchmen sharing one
        turn, ``aware=False`` for someone who gets no turn until ``becomes_aware``,
        ``hidden=True`` for someone the players must not see yet."""
        return self._add(name, sheet)

    @command
    def add_party(self, sheets: Sequence[Mapping[str, Any]]) -> list[S]:
        """Add several combatants at once, all or none: each sheet as ``add`` takes it, its
        ``name`` among the fields (a character file's content, see docs/characters.md)."""
        if isinstance(sheets, (str, Mapping)) or not isinstance(sheets, Sequence):
            raise RuleError("Give the characters as a list of sheets, each with its name.")
        if len(sheets) > MAX_PARTY:
            raise RuleError(f"Add at most {MAX_PARTY} characters at once, not {len(sheets)}.")
        if not sheets:
            raise RuleError("There is nobody to add: the list of characters is empty.")
        added = []
        for sheet in sheets:
            if not isinstance(sheet, Mapping) or "name" not in sheet:
                raise RuleError(f"Each character needs a name; got {sheet!r:.60}.")
            fields = dict(sheet)
            added.append(self._add(fields.pop("name"), fields))
        return added

    @command
    def edit(self, name: str, **fields: Any) -> S:
        """Change ``name``'s sheet after they joined: any field ``add`` takes (the system's
        ``sheet_fields``, and its lists such as attacks or expertise), checked as ``add`` checks
        it, logged as what changed ("Monolith's sheet: Brawn 9 -> 10"). What the fight has done
        to them stays (damage taken, plot points); each system says what else follows. Renaming
        is not an edit; awareness changes with ``becomes_aware`` / ``becomes_unaware``."""
        name = self._known(name)
        if "aware" in fields:
            raise RuleError(
                f"{possessive(name)} awareness is not edited: becomes_aware or becomes_unaware "
                "place them in the order of play."
            )
        before = self._sheets[name]
        hide = check_flag(fields.pop("hidden", name in self._hidden), "hidden")
        up, total = self._members.get(name, (0, None))
        wanted = fields.pop("members", total)
        after = self.make_sheet(name, **{**before.to_dict(), **fields})
        counted = _check_members(wanted, after)
        changes = self._sheet_changes(before, after)
        if hide != (name in self._hidden):
            changes.append(f"{'hidden from' if hide else 'shown to'} the players")
        if counted != total:
            changes.append(f"members {total or 'not counted'} -> {counted or 'not counted'}")
        if not changes:
            raise RuleError(f"That is {possessive(name)} sheet already: nothing changes.")
        self._check_edit(before, after)
        j = self._journal
        j.set(self._sheets, name, after)
        if hide:
            j.set(self._hidden, name, True)
        else:
            j.pop(self._hidden, name)
        j.changed("roster")
        self._event("edit", f"{possessive(name)} sheet: {'; '.join(changes)} (by the GM)", name)
        if counted != total:  # who is up stays up; new members are up
            self._set_members(
                name,
                None
                if counted is None
                else (min(counted, up + max(0, counted - (total or 0))), counted),
            )
        self._edited(before, after)
        return after

    def members(self, name: str) -> tuple[int, int] | None:
        """A group's members: (up, total), or None for one combatant or a group not counted."""
        return self._members.get(self._known(name))

    @command
    def take_out(self, name: str, count: int = 1, *, note: str = "") -> tuple[int, int]:
        """``count`` of group ``name``'s members are out of the fight, as the GM says
        ("Blueshift makes short work of two of Ganyeka's henchmen with a sweep attack", seed
        000, "Forcing An Action"); with none up the group is out of the fight. Returns (up,
        total)."""
        name, count, why = self._counting(name, count, note)
        up, total = self._members[name]
        if count > up:
            raise RuleError(
                f"{up} of {possessive(name)} {total} members {'is' if up == 1 else 'are'} up: "
                f"{count} cannot be taken out."
            )
        if count == up:
            self._need_resolved()
        self._event(
            "members",
            f"{count} of {name} {'is' if count == 1 else 'are'} out of the fight{why}: "
            f"{up - count} of {total} up{'; the group is out of the fight' if count == up else ''}",
            name,
        )
        self._set_members(name, (up - count, total))
        return self._members[name]

    @command
    def bring_back(self, name: str, count: int = 1, *, note: str = "") -> tuple[int, int]:
        """``count`` of group ``name``'s members out of the fight are back in it (they rallied,
        reinforcements came); a group with none up is back in the fight. Returns (up, total)."""
        name, count, why = self._counting(name, count, note)
        up, total = self._members[name]
        out = total - up
        if count > out:
            raise RuleError(
                f"{out} of {possessive(name)} {total} members {'is' if out == 1 else 'are'} out: "
                f"{count} cannot come back."
            )
        self._event(
            "members",
            f"{count} of {name} {'is' if count == 1 else 'are'} back in the fight{why}: "
            f"{up + count} of {total} up",
            name,
        )
        if not up:
            self._members_back(name)
        self._set_members(name, (up + count, total))
        return self._members[name]

    def _counting(self, name: str, count: object, note: object) -> tuple[str, int, str]:
        """A group with members counted, how many, and the GM's note for the log."""
        name = self._known(name)
        if name not in self._members:
            raise RuleError(
                f"{name} is not a group with members counted: add it with group=True and "
                "members=, or edit(name, members=)."
            )
        count = check_whole(count, "The number of members", low=1, high=MAX_MEMBERS)
        return name, count, noted(note)

    def _set_members(self, name: str, members: tuple[int, int] | None) -> None:
        """A group's members up: with none up the group is out of the fight and their turn, if
        it is theirs, ends; with one up again it is back, and a waiting fight goes on."""
        j = self._journal
        self._changing_fitness(
            name,
            lambda: (
                j.pop(self._members, name)
                if members is None
                else j.set(self._members, name, members)
            ),
        )
        if self._out(name) and name == self._current:
            self._leave_turn(name)
        elif self.started and self._current is None and self._can_act(name):
            self._advance()

    def _sheet_changes(self, before: S, after: S) -> list[str]:
        """What differs between two sheets, in words: "Brawn 9 -> 10"."""
        labels = {f.name: f.label.split(" (")[0] for f in self.sheet_fields()}
        old, new = before.to_dict(), after.to_dict()
        return [
            f"{labels.get(key, key.replace('_', ' '))} {_shown_field(old.get(key))} -> "
            f"{_shown_field(new.get(key))}"
            for key in dict.fromkeys([*old, *new])
            if old.get(key) != new.get(key)
        ]

    @classmethod
    def sheets_from_json(cls, text: str | bytes) -> list[dict[str, Any]]:
        """The characters a character file holds: one sheet (a JSON object with its ``name``), a
        list of them, or ``{"characters": [...]}`` with the rule set they are for as ``system``
        (refused by another system's fight) (docs/characters.md). At most
        ``MAX_CHARACTER_FILE`` characters (1 MB) long, and holding someone."""
        if isinstance(text, (str, bytes)) and len(text) > MAX_CHARACTER_FILE:
            raise RuleError(
                f"This character file is {len(text):,} characters long; one holds at most "
                f"{MAX_CHARACTER_FILE:,} (1 MB)."
            )
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError, RecursionError) as error:
            raise RuleError(f"This character file is not valid JSON ({error}).") from None
        if isinstance(data, dict) and "characters" in data:
            named = data.get("system")
            if named is not None:
                system = Encounter.system_of(named)
                if cls is not Encounter and system is not cls:
                    raise RuleError(
                        f"This character file is for {system.title} ({named}); this fight plays "
                        f"{cls.title}."
                    )
            data = data["characters"]
        sheets = [data] if isinstance(data, dict) else data
        if not isinstance(sheets, list) or not all(
            isinstance(s, dict) and isinstance(s.get("name"), str) for s in sheets
        ):
            raise RuleError(
                'A character file holds a character ({"name": ..., ...}), a list of them, or '
                '{"characters": [...]}, each with its name.'
            )
        if not sheets:
            raise RuleError("This character file holds no characters: there is nobody to add.")
        return sheets

    def _add(self, name: object, sheet: dict[str, Any]) -> S:
        hide = check_flag(sheet.pop("hidden", False), "hidden")
        members = sheet.pop("members", None)
        made = self.make_sheet(name, **sheet)
        total = _check_members(members, made)
        folded = fold_name(made.name)
        if folded in self._folded:
            raise RuleError(f"There is already a combatant called {made.name}.")
        j = self._journal
        j.set(self._sheets, made.name, made)
        j.set(self._folded, folded, made.name)
        j.set(self._aware, made.name, made.aware)
        if hide:
            j.set(self._hidden, made.name, True)
        if total is not None:
            j.set(self._members, made.name, (total, total))
        j.changed("roster")
        self._enrol(made)
        how = "" if made.aware else "; not yet aware of the fight, so no turn yet (Order Of Play)"
        what = "group (one turn for all)" if made.group else "combatant"
        if total is not None:
            what = f"group of {total} (one turn for all)"
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

    @command
    def becomes_unaware(self, name: str) -> None:
        """``name`` loses track of the fight (knocked senseless, lured away): no turns, and no
        place in the order of play until they become aware again."""
        name = self._known(name)
        if not self._aware[name]:
            raise RuleError(f"{name} is already unaware of the fight.")
        self._need_resolved()
        current = name == self._current
        unplaced = name in self._slots and self._initiative_order() is None
        if unplaced:
            self._slot_delete(self._slots.index(name))
        self._changing_fitness(name, lambda: self._journal.set(self._aware, name, False))
        self._event("aware", f"{name} is no longer aware of the fight (Order Of Play)", name)
        self._leave_turn(name if current else None, unplaced=unplaced)

    @command
    def remove(self, name: str) -> None:
        """Take ``name`` out of the encounter (added by mistake, or gone from the scene). A name
        that has taken its turn this round keeps that turn taken: added back in the same round
        (a removal by mistake), it acts again next round, as the order of play gives everyone
        one turn a round (seed 000, "Order Of Play")."""
        name = self._known(name)
        current = name == self._current
        j = self._journal
        if name in self._slots:
            self._slot_delete(self._slots.index(name))
        self._dismiss(name)
        if self._acted.get(name) != self._round:  # added back this round, no second turn
            j.pop(self._acted, name)
        for table in (self._holding, self._kept, self._conditions, self._aware):
            j.pop(table, name)
        for table2 in (self._defeated, self._hidden, self._members):
            j.pop(table2, name)
        for other, held in list(self._conditions.items()):
            if any(c.by == name or c.of == name for c in held):
                j.set(self._conditions, other, tuple(c for c in held if name not in (c.by, c.of)))
        j.pop(self._folded, name.casefold())
        j.pop(self._sheets, name)
        j.changed("roster")
        if self._suspended == name:
            j.attr(self, "_suspended", None)
            j.attr(self, "_suspended_taking", None)
        self._event("remove", f"{name} leaves the fight", name)
        self._leave_turn(name if current else None, unplaced=True, gone=True)

    @command
    def defeat(self, name: str) -> None:
        """The GM marks ``name`` defeated (fled, surrendered, knocked out): out of the fight, no
        turns, until ``restore``."""
        name = self._known(name)
        if name in self._defeated:
            raise RuleError(f"{name} is already defeated.")
        self._need_resolved()
        current = name == self._current
        self._changing_fitness(
            name, lambda: self._journal.set(self._defeated, name, max(self._round, 1))
        )
        self._event("defeat", f"{name} is defeated: out of the fight (marked by the GM)", name)
        self._leave_turn(name if current else None)

    @command
    def restore(self, name: str) -> None:
        """``name``, marked defeated, is back in the fight."""
        name = self._known(name)
        if name not in self._defeated:
            raise RuleError(f"{name} is not marked defeated.")
        self._changing_fitness(name, lambda: self._journal.pop(self._defeated, name))
        self._event("defeat", f"{name} is back in the fight (marked by the GM)", name)
        if self.started and self._current is None:
            self._advance()

    @command
    def hide(self, name: str) -> None:
        """Hide ``name`` from the players: the player view shows nothing of them."""
        name = self._known(name)
        if name in self._hidden:
            raise RuleError(f"{name} is already hidden.")
        self._journal.set(self._hidden, name, True)
        self._event("hide", f"{name} is hidden from the players", name)

    @command
    def reveal(self, name: str) -> None:
        """Show ``name`` to the players again, at once."""
        name = self._known(name)
        if name not in self._hidden:
            raise RuleError(f"{name} is not hidden.")
        self._journal.pop(self._hidden, name)
        self._event("hide", f"{name} is revealed to the players", name)

    @command
    def from_player(
        self, player: str, action: str, args: dict[str, Any] | None = None, answer: bool = False
    ) -> Any:
        """``player``'s own page (a phone) sends ``action``, another command of this fight, with
        ``args``: it runs as if called directly, after a log line saying who sent it ("Answered
        from Blueshift's phone:" for an ``answer`` to a hit, else "Sent from Blueshift's
        phone:"). One command: undone, saved and replayed as one. Which actions a page may send,
        and when, its server decides (``bpb_widgets.player.actions``)."""
        player = self._known(player)
        if action == "from_player" or action not in self.commands():
            raise RuleError(f"A player's page sends a command of this fight, not {action!r:.60}.")
        verb = "Answered" if answer else "Sent"
        self._event("player", f"{verb} from {possessive(player)} phone:", player)
        return getattr(self, action)(**(args or {}))

    def _leave_turn(self, name: str | None, *, unplaced: bool = False, gone: bool = False) -> None:
        """``name``, whose turn it was (None: not their turn), can no longer act: their turn ends
        and the next combatant's begins. ``unplaced``: their place in the order is gone too, so the
        next one is already at their position; ``gone``: they left the encounter."""
        if name is None:
            return
        if not unplaced:
            self._end_current_turn()
            return
        if not gone:
            self._turn_ended(name)
        preempted = self._suspended is not None
        self._count_turn(name)
        if self._resume():
            return
        self._journal.attr(self, "_current", None)
        if preempted:  # the pre-empted one's place is passed
            self._journal.attr(self, "_pos", self._pos + 1)
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
        """The current combatant delays their turn, to take it later this round (pre-empting
        someone, or after the last turn of the round) or in a later round (seed 000, "Delaying A
        Turn"). The order does not change. A delayed turn offered at the end of the round can be
        delayed again, into the next round."""
        name = self._need_current()
        self._need_resolved()
        if self._suspended is not None:
            raise RuleError(f"{name} is already taking a delayed turn; end it instead.")
        if to is not None:
            raise RuleError(self._no_step_delay())
        if self._at_round_end():
            self._unlist_turn(name, "", " (delayed)", f" (delayed from round {self._taking})")
            self._journal.set(self._holding, name, self._taking)
            self._journal.set(self._kept, name, self._round)
            self._journal.attr(self, "_taking", None)
            self._event(
                "delay",
                f"{name} keeps the delayed turn into round {self._round + 1} (Delaying A Turn: "
                "on a successive round)",
                name,
            )
        else:
            if name in self._holding:
                raise RuleError(
                    f"{name} already holds a delayed turn: take it before delaying another."
                )
            self._unlist_turn(name)
            self._journal.attr(self, "_pos", self._pos + 1)
            last = self._late_delays() and not self._still_to_act()
            self._journal.set(self._holding, name, self._round)
            if last:
                # nobody acts later in the round: the turn can only come in the next one
                self._journal.set(self._kept, name, self._round)
                self._event(
                    "delay",
                    f"{name} delays the last turn of round {self._round} into round "
                    f"{self._round + 1} (Delaying A Turn: on a successive round)",
                    name,
                )
            else:
                self._event(
                    "delay",
                    f"{name} delays (Delaying A Turn); the order of play is unchanged",
                    name,
                )
        self._advance()

    def _no_step_delay(self) -> str:
        """Why ``delay(to=step)`` is refused here: this system holds a delayed turn, and the
        systems whose ``controls`` say ``delay_to_step`` are the ones that delay to a step."""
        stepping = [
            r.name
            for system in dict.fromkeys(Encounter._registry.values())
            if system.controls.delay_to_step
            for r in system.rule_sets
        ]
        where = f" (delaying to a step is {', '.join(stepping)}'s)" if stepping else ""
        return (
            f"Under {self.rules.name} a delayed turn is held, not delayed to a step: delay() "
            f"without one{where}."
        )

    @command
    def take_delayed(self, name: str) -> None:
        """``name`` takes their delayed turn now, pre-empting whoever is about to act
        (seed 000, "Delaying A Turn")."""
        name = self._known(name)
        if name not in self._holding:
            raise RuleError(f"{name} is not holding a delayed turn.")
        if self._kept.get(name) == self._round:
            raise RuleError(f"{name} keeps the delayed turn for round {self._round + 1}.")
        if not self._can_act(name):
            raise RuleError(
                f"{name} cannot take the delayed turn now: out of the fight or not aware of it."
            )
        self._need_resolved()
        if self._suspended is not None:
            raise RuleError(
                f"{self._current} is taking a delayed turn; {name} can pre-empt the next one."
            )
        target = self._current
        if target is not None:
            self._check_preempt(name, target)
        self._take_held(name, target)

    def _take_held(self, name: str, target: str | None) -> None:
        """``name`` takes the turn they hold, before ``target`` (or at the end of the round)."""
        j = self._journal
        held = j.pop(self._holding, name)
        if target is not None:  # the pre-empted turn, perhaps itself a delayed one, resumes later
            j.attr(self, "_suspended_taking", self._taking)
        j.attr(self, "_taking", held)
        j.pop(self._kept, name)
        note = " (delayed)" if held == self._round else f" (delayed from round {held})"
        line = (self._round, f"{possessive(name)} turn{note}")
        if target is not None and self._lines[-1] == (self._round, f"{possessive(target)} turn"):
            j.insert(self._lines, len(self._lines) - 1, line)
        else:
            j.append(self._lines, line)
        j.attr(self, "_suspended", target)
        j.attr(self, "_current", name)
        when = f", pre-empting {target}" if target else " after the last turn of the round"
        self._event("delayed", f"{name} takes the delayed turn{when} (Delaying A Turn)", name)
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
        ends: str | None = None,
        of: str | None = None,
        note: str = "",
        rounds: int | None = None,
    ) -> Condition:
        """Put ``name`` under ``condition`` ("stunned", "blinded", "on fire" ...): until removed,
        until the ``ends="start"`` or ``"end"`` of the next turn of ``of`` (``name`` by
        default; given during that combatant's own turn, it lasts to their *next* turn), or for
        ``rounds`` rounds, this one the first: "for 2 rounds" given in round 3 ends with round 4,
        after the environment has acted (before the fight, round 1 is the first)."""
        name = self._known(name)
        what = check_condition_name(condition)
        when, whose = check_when(ends, of)
        many = check_rounds(rounds, ends)
        if when is not None:
            whose = self._known(whose or name)
        text = check_note(note, "Condition notes")
        through = max(self._round, 1) + many - 1 if many else 0
        return self._give_condition(
            name,
            Condition(
                what, when, whose, self._turns, "set by the GM", text, rounds=many, through=through
            ),
        )

    @command
    def remove_condition(self, name: str, condition: str) -> None:
        """Lift ``condition`` from ``name``."""
        name = self._known(name)
        what = check_condition_name(condition)
        if not self.has_condition(name, what):
            raise RuleError(f"{name} is not {what}.")
        self._lift_condition(name, what, "removed by the GM")

    # ------------------------------------------------------------------ who can act

    def _can_act(self, name: str) -> bool:
        """Able to take turns: aware of the fight, not defeated, a member of a group up, and fit
        by the system's rules (``_fit``)."""
        return (
            self._aware[name]
            and name not in self._defeated
            and self._members.get(name, _ONE)[0] > 0
            and self._fit(name)
        )

    def _out(self, name: str) -> bool:
        """Out of the fight: defeated, a group with no member up, or by the system's rules
        (``_down``)."""
        return name in self._defeated or self._members.get(name, _ONE)[0] == 0 or self._down(name)

    # ------------------------------------------------------------------ conditions

    def _give_condition(self, name: str, condition: Condition) -> Condition:
        """Put ``name`` under ``condition`` (replacing one of the same name), logged."""
        kept = tuple(c for c in self._conditions.get(name, ()) if c.name != condition.name)
        self._journal.set(self._conditions, name, (*kept, condition))
        self._event("condition", f"{name} is {condition.describe()}", name)
        return condition

    def _keep(self, table: dict[str, tuple[Any, ...]], name: str, kept: tuple[Any, ...]) -> None:
        """``table[name] = kept``, through the journal; no entry for ``name`` when ``kept`` is
        empty (conditions, power boosts, surprise penalties ...)."""
        if kept:
            self._journal.set(table, name, kept)
        else:
            self._journal.pop(table, name)

    def _lift_condition(self, name: str, condition: str, why: str) -> None:
        """Take ``condition`` off ``name`` (if on), logged with ``why``."""
        held = self._conditions.get(name, ())
        kept = tuple(c for c in held if c.name != condition)
        if len(kept) == len(held):
            return
        self._keep(self._conditions, name, kept)
        self._event("condition ends", f"{name} is no longer {condition}: {why}", name)

    def _expire(self, when: When, whose: str) -> None:
        """End the conditions that end at the ``when`` of ``whose`` turn now under way."""
        for name, held in list(self._conditions.items()):
            for condition in held:
                if condition.ends_at(when, whose, self._turns):
                    self._lift_condition(name, condition.name, f"it lasted {condition.until}")

    # ------------------------------------------------------------------ the order of play

    def _starting(self, name: str) -> None:
        """``name``'s turn (or delayed turn) is beginning: count it, end what ends now."""
        self._journal.attr(self, "_turns", self._turns + 1)
        if self._conditions:
            self._expire("start", name)
        self._turn_started(name)

    def _end_current_turn(self) -> None:
        name = self._current
        assert name is not None
        if self._conditions:
            self._expire("end", name)
        self._turn_ended(name)
        self._count_turn(name)
        if self._resume():
            return
        self._advance(self._pos + 1)

    def _count_turn(self, name: str) -> None:
        """The turn under way is over: ``name`` has taken this round's turn (kept if they
        leave the fight: added back this round, they do not act again until the next), unless
        it was a turn kept from an earlier round (that round's: this round's own still comes)."""
        taking = self._taking
        if taking is not None:
            self._journal.attr(self, "_taking", None)
        late = taking is not None and taking != self._round and self._late_delays()
        if not late:
            self._journal.set(self._acted, name, self._round)

    def _resume(self) -> bool:
        """A delayed turn is over: the turn it pre-empted goes on (a delayed turn itself, if it
        was one: taken after the last turn of the round, or kept from an earlier round), unless
        its combatant can no longer act, or gave that turn up meanwhile (a forced action, a
        stagger: it is then listed, lost, in its place); whether it does."""
        j, name, taking = self._journal, self._suspended, self._suspended_taking
        if name is None:
            return False
        j.attr(self, "_suspended", None)
        j.attr(self, "_suspended_taking", None)
        if not self._can_act(name):
            return False
        if self._turn_given_up(name) is not None:
            self._unlist_turn(name)
            self._turn_lost(name)
            return False
        j.attr(self, "_taking", taking)
        j.attr(self, "_current", name)
        return True

    def _advance(self, pos: int | None = None) -> None:
        """Give the turn to the next combatant in the order of play (from place ``pos``, or the
        place under way) who can take one, ending rounds (the environment last) as the order runs
        out."""
        j, idle = self._journal, 0
        if pos is None:
            pos = self._pos
        while self._able:
            if pos >= len(self._slots):
                holder = self._holder_at_round_end() if self._late_delays() else None
                if holder is not None:
                    j.attr(self, "_pos", pos)
                    self._take_held(holder, None)
                    return
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

    def _holder_at_round_end(self) -> str | None:
        """Who, holding a delayed turn for this round, takes it once everyone else has acted,
        before the environment (seed 000, "Delaying A Turn": "later in the round")."""
        for name in self._slots:
            held = name in self._holding and self._kept.get(name) != self._round
            if held and self._can_act(name):
                return name
        return None

    def _still_to_act(self) -> bool:
        """Whether anyone after the turn under way may still act this round, in their place or
        with a turn they hold."""
        later = (
            self._can_act(name) and self._acted.get(name) != self._round
            for name in self._slots[self._pos :]
        )
        return any(later) or self._holder_at_round_end() is not None

    def _at_round_end(self) -> bool:
        """Whether the turn under way is a delayed one taken after the last turn of the round."""
        return self._current is not None and self._pos >= len(self._slots)

    def _begin_turn(self, name: str) -> None:
        j = self._journal
        j.attr(self, "_current", name)
        turn = f"{possessive(name)} turn{self._turn_label(name)}"
        j.append(self._lines, (self._round, turn))
        late = self._late_delays()
        held = self._holding.get(name) if late else j.pop(self._holding, name)
        if held:
            turn += f" ({'also' if late else 'still'} holding the turn delayed in round {held})"
        self._event("turn", turn, name)
        self._starting(name)

    def _end_round(self) -> None:
        j = self._journal
        if self._notes:
            notes = "; ".join(self._notes)
            j.append(self._lines, (self._round, f"Environment's turn ({notes})"))
            self._event("environment", f"The environment acts last: {notes} (Order Of Play)")
            j.attr(self, "_notes", ())
        for name, held in list(self._conditions.items()):
            for condition in held:
                if condition.through == self._round:
                    self._lift_condition(name, condition.name, f"it lasted {condition.until}")
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
        if before and not after:
            self._stopped(name)

    def _unlist_turn(self, name: str, *notes: str) -> None:
        """Take ``name``'s latest turn line of this round out of the transcript (a delay)."""
        lines = {(self._round, f"{possessive(name)} turn{note}") for note in notes or ("",)}
        for index in range(len(self._lines) - 1, -1, -1):
            if self._lines[index] in lines:
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
                f"The fight has started: you can only {what} before round 1."
                + (f" {self.started_order}" if self.started_order else "")
            )

    def _need_current(self) -> str:
        current = self._current
        if current is None:  # there is a turn under way only once the fight has started
            self._need_started("end or delay a turn")
            raise RuleError("Nobody can act right now: nobody aware has a turn left.")
        return current

    def _need_resolved(self) -> None:
        problem = self._unresolved()
        if problem is not None:
            raise RuleError(problem)

    # ------------------------------------------------------------------ commands and history

    def _run(
        self, name: str, method: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any:
        """Run a command with its arguments made plain: the command sees what is saved and
        replayed (an iterator is read once, a set is a sorted list), a wrong type is refused.

        A command called while another of this encounter runs (a system refining a command with
        ``super().add_condition(...)``) is a plain call inside it: the outer command is the one
        recorded, undone and replayed, all or nothing."""
        if self._history.running is not None:
            return method(self, *args, **kwargs)
        if len(self._history.done) >= storage.MAX_COMMANDS:
            raise RuleError(
                f"This fight holds {storage.MAX_COMMANDS:,} commands, the most a saved fight "
                "holds: save it, and go on in a new fight (New fight keeps the combatants)."
            )
        if not args and not kwargs:
            return self._history.run({"cmd": name, "args": {}}, self._call, method, {})
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
        return self._history.records()

    @property
    def can_undo(self) -> bool:
        return bool(self._history.done)

    @property
    def can_redo(self) -> bool:
        return bool(self._history.redo_records)

    @property
    def undoable(self) -> int:
        """How many accepted commands undo can take back (``len(history)``, without copying it)."""
        return len(self._history.done)

    @property
    def redoable(self) -> int:
        """How many undone commands redo can bring back."""
        return len(self._history.redo_records)

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
        self.undo(len(self._history.done) - log.read(index)[1])

    # ------------------------------------------------------------------ saving

    @property
    def autosave(self) -> Path | None:
        """The file rewritten (atomically) after every accepted command, undo and redo, or None.

        Setting it to a file that exists is refused unless it holds this fight (loaded or saved
        from there, perhaps before the last few commands): no other fight, and nothing that is
        not a fight, is ever overwritten. One encounter at a
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
        """The encounter as versioned JSON: seed, rules and every command (and undone ones), and a
        snapshot of the fight as it stands (unless its state is not one a snapshot takes)."""
        return self._history.text()

    @classmethod
    def from_json(cls: type[E], text: str | bytes) -> E:
        """Rebuild an encounter from ``to_json`` output.

        A file saved with a snapshot of the fight, whose digest shows it unchanged since, is
        read from the snapshot: its commands are replayed only when undo first goes back past
        them (``_rebuild``). Any other file is replayed, and everything it will ever replay is
        checked now: the accepted commands are replayed, and the undone ones are replayed too
        (as redo would, dice included) and undone again, so a damaged redo list is refused here,
        never half-applied later."""
        with snapshot.collector_paused():
            saved = storage.read_snapshot(text, snapshot.parse)
            enc = None if saved is None else cls._from_snapshot(saved)
        return enc if enc is not None else cls._replayed(storage.decode(text))

    @classmethod
    def _replayed(cls: type[E], saved: storage.Saved) -> E:
        """The encounter a file's commands replay to (all checked)."""
        enc = cls._saved_encounter(saved.header, saved.version)
        commands = enc.commands()
        upgrade = type(enc).upgrade_record
        done = [upgrade(saved.version, record) for record in saved.commands]
        undone = [upgrade(saved.version, record) for record in saved.undone]
        for records in (done, undone):
            if not all(_fits(record, commands) for record in records):
                raise EncounterFileError("The encounter file's command list is damaged.")
        for what, records in (("command", done), ("undone command", undone)):
            for number, record in enumerate(records, 1):
                try:
                    enc._replay(record)
                except (RuleError, TypeError, RecursionError) as error:
                    raise EncounterFileError(
                        f"The encounter file does not replay: {what} {number} "
                        f"({record['cmd']}) fails: {error}"
                    ) from None
        if undone:  # back to where the file stands, the undone commands ready to redo
            enc._history.undo(len(undone))
        return enc

    @classmethod
    def _saved_encounter(cls: type[E], header: Mapping[str, Any], version: int) -> E:
        """A new encounter with the seed, rule set and options a file's ``header`` names."""
        try:
            return cls(seed=header.get("seed"), rules=_saved_rules(header, version))
        except RuleError as error:
            raise EncounterFileError(f"The encounter file is damaged: {error}") from None

    @classmethod
    def _from_snapshot(cls: type[E], saved: storage.Snapshot) -> E | None:
        """The encounter a file's snapshot holds, or None: the snapshot is of another format,
        bpb_widgets version or game system, or is not one this version can read back (the
        file is then replayed)."""
        enc = cls._saved_encounter(saved.header, saved.version)
        state = saved.state
        names = enc._state_values().keys()
        if (
            state.get("format") != snapshot.FORMAT
            or state.get("release") != snapshot.release()
            or state.get("class") != _class_name(type(enc))
            or not isinstance(state.get("state"), dict)
            or set(state["state"]) != set(names)
            or state.get("undone") != len(saved.undone)
            or not all(_fits(record, enc.commands()) for record in saved.undone)
        ):
            return None
        try:
            values = snapshot.read_state(state["state"], enc._history.blocks)
            count = state["count"]
            if type(count) is not int or not 0 <= count <= storage.MAX_COMMANDS:
                return None
            enc._history.restore(state, saved.past, saved.undone)
        except (snapshot.Unsupported, TypeError, ValueError, KeyError, IndexError, RecursionError):
            return None
        for name, value in values.items():
            setattr(enc, name, value)
        enc._history.rebuild = enc._rebuild
        return enc

    def _state_values(self) -> dict[str, Any]:
        """The fight's state: this encounter's attributes but what the file's header says and
        the history (saved beside the state)."""
        return {name: value for name, value in vars(self).items() if name not in _NOT_STATE}

    def _state(self) -> str:
        """This encounter's class and state as a snapshot saves them, a JSON object's text
        (``snapshot.Unsupported``: a state it cannot take)."""
        state = snapshot.state_text(self._state_values(), self._history.blocks)
        return f'{{"class":{storage.compact(_class_name(type(self)))},"state":{state}}}'

    def _rebuild(self) -> None:
        """Replay the commands of a fight loaded from its snapshot into a new encounter, and take
        its state and journal as this one's, so that undo can go back past the load. A replay
        that does not come out as the snapshot did (a file edited by hand) is refused, and
        nothing changes."""
        history = self._history
        fresh = type(self)(seed=self.seed, rules=self.rules)
        try:
            for record in history.records():
                fresh._replay(record)
        except (RuleError, TypeError, RecursionError) as error:
            raise EncounterFileError(
                f"Undo cannot go back past the load: this fight's file does not replay ({error})."
            ) from None
        try:
            differs = fresh._state() != self._state()
        except snapshot.Unsupported:  # a state no snapshot takes: its log and dice compared
            differs = False
        if (
            differs
            or fresh._history.log != history.log.read(slice(None))
            or fresh._history.rng.getstate() != history.rng.getstate()
        ):
            raise EncounterFileError(
                "Undo cannot go back past the load: this fight's saved state is not what its "
                "commands replay to (was the file edited by hand?)."
            )
        history.adopt(fresh._history, self)
        self._journal = history.journal
        for name, value in fresh._state_values().items():
            setattr(self, name, value)

    @classmethod
    def upgrade_options(cls, version: int, options: dict[str, Any]) -> dict[str, Any]:
        """The rule options a file of an older format ``version`` saved, as this version names
        them (and as set to play the fight as that version did)."""
        return options

    @classmethod
    def upgrade_record(cls, version: int, record: Record) -> Record:
        """A command a file of an older format ``version`` saved, as this version takes it."""
        return record

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


#: What an encounter holds besides its fight's state: the file's header says these, and the
#: history is saved beside the state.
_NOT_STATE = frozenset({"rules", "seed", "_history", "_journal"})


def _class_name(system: type) -> str:
    return f"{system.__module__}:{system.__qualname__}"


#: One combatant, not a group: one member, up.
_ONE = (1, 1)


def _check_members(members: object, sheet: Sheet) -> int | None:
    """How many members a group counts (1 to ``MAX_MEMBERS``), or None: not counted."""
    if members is None:
        return None
    if not sheet.group:
        raise RuleError(f"{sheet.name} is one combatant: members= counts a group's (group=True).")
    return check_whole(members, f"{possessive(sheet.name)} members", low=1, high=MAX_MEMBERS)


def _shown_field(value: object) -> str:
    """A sheet field's value as the edit's log line shows it."""
    if value is None or value == [] or value == "":
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(map(_shown_field, value))
    if isinstance(value, dict):  # an attack: "Strike 6 (kind normal, hand to hand yes)"
        head = " ".join(str(value[k]) for k in ("name", "rank") if k in value)
        rest = [
            f"{k.replace('_', ' ')} {_shown_field(v)}"
            for k, v in value.items()
            if k not in ("name", "rank")
        ]
        return f"{head} ({', '.join(rest)})" if rest else head
    return str(value)


def _release(history: History) -> None:
    """Stop autosaving: let go of the file's lock."""
    release, history.release = history.release, None
    history.lock = history.autosave = None
    if release is not None:
        release()


def _refuse_other_systems() -> None:
    """Give each system's class, for every command of another system it has not, the attribute
    that refuses it with the reason (the first system in the registry's order that has it)."""
    systems = list(dict.fromkeys(Encounter._registry.values()))
    for system in systems:
        for other in systems:
            if issubclass(system, other):
                continue
            for name in commands_of(other):
                if not hasattr(system, name):
                    setattr(system, name, OtherSystemsCommand(name, other))


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


def _saved_rules(header: Mapping[str, Any], version: int) -> RuleSet:
    """The rule set a file names: a registered one with its options, or a house rule set saved
    under its own name (built on the registered rule set its options belong to)."""
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
    if version < storage.VERSION and isinstance(options, dict):
        options = Encounter.system_of(base).upgrade_options(version, options)
        # version 1 saved every system's options with every rule set
        options = {k: v for k, v in options.items() if k in base.options()}
    return base.with_options(options)


def _fits(record: Record, commands: Mapping[str, Callable[..., Any]]) -> bool:
    """A saved command this encounter has, with arguments that fit its signature."""
    method = commands.get(record["cmd"])
    if method is None:
        return False
    return _binds(method, record["args"]) if record["args"] else _bare(method)


def _binds(method: Callable[..., Any], args: Mapping[str, Any]) -> bool:
    """Whether ``args`` fit the command's signature."""
    try:
        signature_of(method).bind(None, **args)
    except TypeError:
        return False
    return True


@functools.cache
def _bare(method: Callable[..., Any]) -> bool:
    """Whether a command can be called without arguments (``end_turn``), looked up once."""
    return _binds(method, {})


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
