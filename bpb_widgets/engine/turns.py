"""The order of play in motion: turns begin and end, delays, forced actions, lost turns, the
environment last, rounds rolling over (seeds 000/001 "Order Of Play", "Delaying A Turn",
"Forcing An Action"; seed 004 "Delaying An Action"; the initiative systems of seeds 002/003 reuse
it with their own order).
"""

from __future__ import annotations

from collections.abc import Callable

from bpb_widgets.engine.command import command
from bpb_widgets.engine.order import STAGGERED, is_attack, possessive, revised
from bpb_widgets.errors import RuleError

#: The longest note, forced action or action description the log takes.
MAX_NOTE = 300
#: With nobody able to act for this many rounds in a row, the order of play waits for the GM.
IDLE_ROUNDS = 3


class Turns:
    """The turn commands and the order-of-play machinery (mixed into ``Encounter``)."""

    @command
    def end_turn(self) -> None:
        """The current turn is over; the next combatant acts. After the last turn of a round
        the environment acts, then the next round begins (seed 000, "Order Of Play")."""
        self._need_current()
        self._resolve_first()
        self._end_current_turn()

    def _end_current_turn(self) -> None:
        name = self._current
        assert name is not None
        j = self._journal
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

    @command
    def delay(self, to: int | None = None) -> None:
        """The current combatant delays their turn, to take it later this round or in a later
        round, pre-empting someone (seed 000, "Delaying A Turn"). The order does not change.
        Blackout: to a later step of their choosing, once a round (seed 002, "Initiative")."""
        name = self._need_current()
        self._resolve_first()
        if self._suspended is not None:
            raise RuleError(f"{name} is already taking a delayed turn; end it instead.")
        j = self._journal
        if self.rules.system == "blackout":
            self._blackout_delay(name, to)
            self._turn_ended(name)
            self._unlist_turn(name)
            self._reslot(skip_current=True)
            self._advance()
            return
        if to is not None:
            raise RuleError("Only the blackout rules delay to a step; here a delayed turn is held.")
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
        if self.rules.system == "blackout":
            raise RuleError("In blackout a delayed turn comes at the step chosen when delaying.")
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
        self._need_system("bpb2e", "Forcing an action")
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

    def _set_slots(self, order: list[str]) -> None:
        self._journal.attr(self, "_slots", list(order))
        self._journal.attr(self, "_able", sum(self._can_act(n) for n in order))
        self._order_changed = True

    def _can_act(self, name: str) -> bool:
        """Able to take turns: aware of the fight, and not out of it (Bulletproof Blues) or
        dead (blackout: out of the fight still takes turns, to test Vitality)."""
        if not self._aware[name] or name in self._dead:
            return False
        return name not in self._endurance or not self._endurance[name].out

    def _out(self, name: str) -> bool:
        if name in self._endurance:
            return self._endurance[name].out
        return name in self._hp and self._hp[name][0] <= 0

    def _system_order(self) -> list[str]:
        """This round's order under an initiative system (seeds 002 and 003)."""
        return self._blackout_order() if self.rules.system == "blackout" else self._d10_order()

    def _reslot(self, *, skip_current: bool = False) -> None:
        """Re-place everyone still to act this round by initiative, after a change (a delay, a
        newcomer, a new tie order); who has acted keeps their place."""
        passed = self._slots[: self._pos + (0 if skip_current else 1)]
        order = self._system_order()
        later = (
            order[order.index(self._current) + 1 :]
            if (not skip_current and self._current in order)
            else order
        )
        rest = [n for n in later if n not in passed]
        self._set_slots([*passed, *rest])

    def _turn_ended(self, name: str) -> None:
        if self.rules.system == "blackout":
            self._blackout_turn_ended(name)
        elif self.rules.system == "d10-ap":
            self._d10_turn_ended(name)

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
        j.attr(self, "_turns", self._turns + 1)
        held = j.pop(self._holding, name)
        if j.pop(self._defending, name):
            self._event(
                "defence",
                f"{possessive(name)} defence ends: their next action has come (Blocking, Dodging)",
                name,
            )
        delayed = self._delayed.get(name, (0, 0))
        moved = f" (delayed to step {delayed[1]})" if delayed[0] == self._round else ""
        j.append(self._lines, (self._round, f"{possessive(name)} turn{moved}"))
        late = f" (still holding the turn delayed in round {held})" if held else ""
        self._event("turn", f"{possessive(name)} turn{moved}{late}", name)
        if self.rules.system == "blackout":
            self._blackout_turn_started(name)

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
        if self.rules.system != "bpb2e":
            self._set_slots(self._system_order())
        if self.rules.system == "blackout":
            self._blackout_new_round()
        j.append(self._lines, (self._round, None))
        self._event("round", f"Round {self._round} begins")

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
