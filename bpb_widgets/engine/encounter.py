"""The encounter: commands that run a Bulletproof Blues 2e fight, round by round.

Every public method that changes the fight is a command: it validates completely, then records
events in the log and changes the state through the undo journal. A refused command raises
``RuleError`` and changes nothing. Rules: seeds 000/001 "Order Of Play", "Delaying A Turn",
"Forcing An Action", "Blocking", "Dodging"; seed 004 for task rolls and extreme success.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bpb_widgets.engine import blackout, d10_ap
from bpb_widgets.engine.blackout import BlackoutRules, Hit
from bpb_widgets.engine.combatant import Combatant, check_name, make_combatant
from bpb_widgets.engine.command import command, commands_of
from bpb_widgets.engine.d10_ap import D10Rules
from bpb_widgets.engine.defence import Defending
from bpb_widgets.engine.events import Change, Event, Log
from bpb_widgets.engine.fighting import Attack, Fighting
from bpb_widgets.engine.history import History, _Done
from bpb_widgets.engine.journal import Journal
from bpb_widgets.engine.order import rank_by_precedence
from bpb_widgets.engine.task_rolls import TaskRolls
from bpb_widgets.engine.transcript import render
from bpb_widgets.engine.turns import MAX_NOTE, Turns
from bpb_widgets.errors import RuleError
from bpb_widgets.rules.dice import Dice, check_dice
from bpb_widgets.rules.endurance import Endurance
from bpb_widgets.rules.plot_points import SESSION_START
from bpb_widgets.systems import RuleSet, rule_set


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
    #: Out of the fight: Endurance 0 (seed 004, "Damage") or 0 hit points (seed 002).
    out: bool
    #: Initiative step (blackout, the delayed one this round) or total (d10-ap).
    initiative: int | None = None
    #: The step a blackout combatant delayed to this round, or None.
    delayed_to: int | None = None
    #: Action points to spend now, and the turn's full AP (blackout: per initiative die; d10-ap:
    #: as rolled this turn).
    ap: int | None = None
    ap_max: int | None = None


class Encounter(History, Turns, Defending, Fighting, TaskRolls, BlackoutRules, D10Rules):
    """A fight: combatants, the order of play, the log, undo/redo, save/load.

    ``rules`` picks the rule set ("bpb2e", "bpb2e-wiki", "blackout", "d10-ap") and ``options``
    its rule options (docs/rules.md); ``autosave`` a file kept in step with every command.

    >>> enc = Encounter(seed=7)
    >>> _ = enc.add("Blueshift", perception=4, agility=5, expertise={"dodge"})
    >>> _ = enc.add("Ganyeka", perception=3)
    >>> enc.start()
    >>> enc.current
    'Blueshift'
    """

    def __init__(
        self,
        seed: int | None = None,
        rules: str | RuleSet = "bpb2e",
        options: Mapping[str, object] | None = None,
        *,
        autosave: str | Path | None = None,
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
        self._autosave: Path | None = None
        # what happens to each combatant (seed 004, "Damage", "Plot Points")
        self._endurance: dict[str, Endurance] = {}
        self._plot: dict[str, int] = {}
        self._pending: Attack | None = None
        # initiative systems (seeds 002 and 003)
        self._initiative: dict[str, Any] = {}
        self._tie_order: tuple[str, ...] = ()
        self._turns = 0
        self._budget: dict[str, Any] = {}
        self._hp: dict[str, tuple[int, int]] = {}
        self._stable: dict[str, bool] = {}
        self._dead: dict[str, bool] = {}
        self._delayed: dict[str, tuple[int, int]] = {}
        self._hit: Hit | None = None
        self._hits: dict[str, int] = {}
        self._ap: dict[str, int] = {}
        self._ap_rolled: dict[str, int] = {}
        self._surprise: dict[str, tuple[int, int]] = {}
        if autosave is not None:
            self.autosave = autosave

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
        if self.started or self.rules.system == "bpb2e":
            return list(self._slots)
        ranked = self._system_order()
        return ranked + [n for n in self._sheets if n not in ranked]

    @property
    def names(self) -> list[str]:
        """Every combatant, in the order they joined."""
        return list(self._sheets)

    @property
    def log(self) -> Log:
        """Every event so far, each explained with its arithmetic and rule (a read-only view)."""
        return Log(self._log)

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

    def combatant(self, name: str) -> Any:
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
            out=self._out(name),
            initiative=self._initiative_value(name),
            delayed_to=self._delayed_to(name),
            ap=self.ap(name) if self.rules.system != "bpb2e" else None,
            ap_max=self._budget[name].ap if name in self._budget else self._ap_rolled.get(name),
        )

    def _delayed_to(self, name: str) -> int | None:
        when, step = self._delayed.get(name, (0, 0))
        return step if when == self._round and self.started else None

    def _initiative_value(self, name: str) -> int | None:
        entry = self._initiative.get(name)
        if entry is None:
            return None
        if self.rules.system == "blackout":
            return self._delayed_to(name) or entry.step
        return entry.total

    def transcript(self, rounds: int | Iterable[int] | None = None) -> str:
        """The round listings in the seeds' own format (seed 000's examples).

        ``rounds`` limits it to one round or several; a turn forced from the next round is
        listed where it was taken, a delayed turn where it was taken, "(delayed)".
        """
        return render(self._lines, rounds)

    def __repr__(self) -> str:
        where = f"round {self._round}, {self._current}'s turn" if self.started else "not started"
        return f"<Encounter {self.rules.name}: {len(self._sheets)} combatants, {where}>"

    # ------------------------------------------------------------------ setting up

    @command
    def add(self, name: str, **sheet: Any) -> Any:
        """Add a combatant; what their sheet holds depends on the rule set.

        Bulletproof Blues: attributes as ranks 1-14 (default 2, human average), ``super_speed``,
        ``expertise`` such as ``{"block", "dodge"}``, ``protection``, ``player=True`` for a
        player character (plot points), ``weight_lbs``. Blackout (seed 002): ``pc=False`` with
        ``step`` and ``ap`` for an enemy, ``hp``, ``dr``, ``armour``, ``evasion``, ``stamina``.
        d10-ap (seed 003): ``agb``, ``awarb``, ``traits``. Everywhere: ``group=True`` for
        henchmen sharing one turn, ``aware=False`` for someone who gets no turn until
        ``becomes_aware``.

        Bulletproof Blues: before the start they take the next place in the order of play (the
        order the GM sees them become aware); during the fight an aware newcomer acts at the end
        of the order. Elsewhere their place follows their initiative.
        """
        made = SHEETS[self.rules.system](name, **sheet)
        if made.name.casefold() in self._folded:
            raise RuleError(f"There is already a combatant called {made.name}.")
        j = self._journal
        j.set(self._sheets, made.name, made)
        j.set(self._folded, made.name.casefold(), made.name)
        j.set(self._aware, made.name, made.aware)
        self._roster_changed = True
        if self.rules.system == "bpb2e":
            j.set(self._endurance, made.name, Endurance(made.endurance))
            j.set(self._plot, made.name, SESSION_START if made.player else 0)
            if made.aware or not self.started:
                self._slot_insert(len(self._slots), made.name)
        elif self.rules.system == "blackout":
            self._blackout_enrol(made)
        if self.rules.system != "bpb2e" and self.started:
            self._reslot()
        how = "" if made.aware else "; not yet aware of the fight, so no turn yet (Order Of Play)"
        what = "group (one turn for all)" if made.group else "combatant"
        self._event("add", f"{made.name} joins as a {what}: {made.summary()}{how}", made.name)
        if self.started and self._current is None:
            self._advance()
        return made

    @command
    def set_order(self, names: Sequence[str]) -> None:
        """Declare the order of play: the order in which the combatants became aware of each
        other (seed 000, "Order Of Play"). Every aware combatant must be named once; unaware
        ones may be left out (they get a place when they become aware). Before the start only.
        """
        if isinstance(names, str) or not isinstance(names, Sequence):
            raise RuleError("Give the order of play as a list of names, first to act first.")
        order = [self._known(n) for n in names]
        seen: set[str] = set()
        for name in order:
            if name in seen:
                raise RuleError(f"{name} is listed twice; everyone acts once a round.")
            seen.add(name)
        if self.rules.system != "bpb2e":
            self._journal.attr(self, "_tie_order", tuple(order))
            if self.started:
                self._reslot()
            self._event(
                "order",
                f"The GM settles ties in this order: {', '.join(order)} (Initiative)",
                data={"order": order},
            )
            return
        self._before_start("declare the order of play")
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
        if self.rules.system != "bpb2e":
            if dice is not None and not isinstance(dice, Mapping):
                raise RuleError("Give physical dice as {name: dice}.")
            physical = {self._known(n): d for n, d in (dice or {}).items()}
            for name, sheet in self._sheets.items():
                if name not in self._initiative and getattr(sheet, "pc", True):
                    self._roll_initiative(name, None, physical.get(name))
            order = self._system_order()
            self._event(
                "order",
                f"Order of play by initiative: {', '.join(order)} (Initiative)",
                data={"order": order},
            )
            return order
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
        if self.rules.system != "bpb2e":
            missing = [n for n in self._sheets if self._aware[n] and n not in self._initiative]
            if missing:
                raise RuleError(f"Roll initiative first for {', '.join(missing)}.")
            self._set_slots(self._system_order())
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
        if after is not None and self.rules.system != "bpb2e":
            raise RuleError("Under these rules the order follows initiative, not the GM's placing.")
        if self.rules.system != "bpb2e":
            self._changing_fitness(name, lambda: self._journal.set(self._aware, name, True))
            self._event("aware", f"{name} becomes aware of the fight", name)
            if self.started and self._current is None:
                self._advance()
            return
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

    # ------------------------------------------------------------------ defence

    # ------------------------------------------------------------------ undo, redo

    # ------------------------------------------------------------------ saving

    # ------------------------------------------------------------------ the machinery

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

    @command
    def roll_initiative(
        self,
        name: str,
        dice: int | None = None,
        *,
        rolled: Sequence[int] | None = None,
        roll: int | None = None,
    ) -> int:
        """Roll ``name``'s initiative. Blackout: ``dice`` (1-3, default 3) d6, their sum the
        step (lower first), one action point each; ``rolled`` are physical dice:
        ``roll_initiative("Rex", 3, rolled=(2, 5, 6))`` is step 13 (seed 002, "Initiative").
        d10-ap: d10 + AgB + bonuses, highest first; ``roll`` is a physical d10 (seed 003).
        Returns the step or total."""
        if self.rules.system == "bpb2e":
            raise RuleError("Bulletproof Blues uses the order of play: set_order or roll_order.")
        name = self._known(name)
        if name in self._initiative and self.started:
            raise RuleError(f"{name} has already rolled initiative for this fight.")
        return self._roll_initiative(name, dice, rolled if roll is None else roll)

    def _roll_initiative(self, name: str, dice: object, rolled: object) -> int:
        if self.rules.system == "blackout":
            value = self._blackout_initiative(name, dice, rolled)
        else:
            if dice is not None:
                raise RuleError("d10-ap initiative is one d10: give roll=, not dice=.")
            value = self._d10_initiative(name, rolled)
        if self.started:
            self._reslot()
        return value

    def _need_system(self, system: str, what: str) -> None:
        if self.rules.system != system:
            raise RuleError(
                f"{what} belongs to the {system} rules; this encounter follows "
                f"{self.rules.name} ({self.rules.source})."
            )

    @staticmethod
    def _note(text: object) -> str:
        if not isinstance(text, str) or len(text) > MAX_NOTE:
            raise RuleError(f"Notes are text of at most {MAX_NOTE} characters.")
        return " ".join(text.split())

    # forcing


SHEETS: dict[str, Callable[..., Any]] = {
    "bpb2e": make_combatant,
    "blackout": blackout.make_sheet,
    "d10-ap": d10_ap.make_sheet,
}
COMMANDS: dict[str, Callable[..., Any]] = commands_of(Encounter)
