"""The Bulletproof Blues order of play: declared by awareness or rolled on Perception (2014) or
ranked by Perception, Agility and Willpower (2012), and forcing an action (seeds 000/001 "Order Of
Play", "Forcing An Action"; seed 004 "Order Of Play").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bpb_widgets.bpb.base import BulletproofBluesBase
from bpb_widgets.bpb.order import is_attack, rank_by_precedence
from bpb_widgets.engine.checks import MAX_NOTE
from bpb_widgets.engine.command import command
from bpb_widgets.engine.dice import Dice, check_dice
from bpb_widgets.errors import RuleError


class OrderOfPlay(BulletproofBluesBase):
    """Declaring and rolling the order of play, awareness, forcing an action."""

    def _declare_order(self, order: list[str]) -> None:
        """The order in which the combatants became aware of each other (seed 000, "Order Of
        Play"). Every aware combatant must be named once; unaware ones may be left out (they get
        a place when they become aware). Declared as a round begins, before its first turn has
        ended (as the GM does when Monolith runs in, seed 000's round 2), it applies to that
        round: the turn under way goes on and the others follow the new order; declared later,
        it takes effect from the next round. Turns delayed or forced stay owed."""
        seen = set(order)
        missing = [n for n in self._sheets if self._aware[n] and n not in seen]
        if missing:
            raise RuleError(f"The order of play leaves out {', '.join(missing)}.")
        if not self.started:
            self._set_slots(order)
            when = ""
        elif self.rules.declare_order_this_round and (opening := self._round_opening()):
            passed = self._slots[: self._pos]
            now = [*passed, opening, *(n for n in order if n not in passed and n != opening)]
            self._set_slots(now)
            # the turn under way kept its place: the order as declared from the next round
            self._journal.attr(self, "_declared", () if now == order else tuple(order))
            when = f" for round {self._round}"
        else:
            self._journal.attr(self, "_declared", tuple(order))
            when = f" from round {self._round + 1}"
        self._event(
            "order",
            f"The GM declares the order of play{when}: {', '.join(order)} (Order Of Play)",
            data={"order": order},
        )

    @command
    def roll_order(self, dice: Mapping[str, Sequence[int]] | None = None) -> list[str]:
        """Determine the order of play when everyone aware becomes aware at once (the unaware get a
        place when they become aware, after those already aware).

        2014 (``bpb2e``): each combatant makes a Perception task roll, 2d6 + Perception +
        Super-speed rank, highest first; ties go to higher Perception, then Agility, then
        Willpower, then a seeded coin (seed 000, "Order Of Play"). ``dice={"Blueshift": (3, 4)}``
        enters physical dice for some or all. 2012 (``bpb2e-wiki``): no roll, Perception > Agility
        > Willpower > coin (seed 004, "Order Of Play").
        """
        self._before_start("roll for the order of play")
        sheets = [self._sheet(name) for name in self._sheets if self._aware[name]]
        if not sheets:
            raise RuleError("Add the combatants (aware of the fight) before rolling for the order.")
        typed = self._typed_dice(dice)
        unaware = [name for name in typed if not self._aware[name]]
        if unaware:
            raise RuleError(
                f"{', '.join(unaware)} is not aware of the fight: no Perception roll until they "
                "are; they act after those already aware (Order Of Play)."
            )
        if not self.rules.perception_roll:
            if typed:
                raise RuleError(
                    "The 2012 order of play uses no dice: it ranks Perception, "
                    "Agility, then Willpower (Order Of Play)."
                )
            order, ties = rank_by_precedence(sheets, {}, self._history.random)
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
            order, ties = rank_by_precedence(sheets, totals, self._history.random)
            how = "highest Perception roll first"
        self._set_slots(order)
        explained = f"; {'; '.join(ties)}" if ties else ""
        self._event(
            "order",
            f"Order of play, {how}: {', '.join(order)}{explained} (Order Of Play)",
            data={"order": order},
        )
        return order

    def declared_order_round(self) -> int:
        """The round an order of play declared now applies from: this one while its first turn
        is under way (``declare_order_this_round``), else the next; 0 before the fight (at
        once)."""
        if not self.started:
            return 0
        this_round = self.rules.declare_order_this_round and self._round_opening()
        return self._round if this_round else self._round + 1

    def _round_opening(self) -> str | None:
        """Whose turn opens the round, while it is the first under way (nobody has ended a turn
        in this round yet: none taken, delayed, or taken from a delay), else None."""
        round_ = self._round
        opening = (
            self._suspended is None
            and self._taking is None
            and round_ not in self._acted.values()
            and round_ not in self._holding.values()
        )
        return self._current if opening else None

    def _typed_dice(self, dice: object) -> dict[str, Dice]:
        if dice is None:
            return {}
        if not isinstance(dice, Mapping):
            raise RuleError("Give physical dice as {name: (die, die)}, e.g. {'Blueshift': (3, 4)}.")
        return {self._known(n): check_dice(d) for n, d in dice.items()}

    def _place_aware(self, name: str, after: str | None) -> str:
        """In their place in the order of play, or right after ``after`` (seed 000, "Order Of
        Play": Monolith joining)."""
        if after is not None:
            after = self._known(after)
            if after == name or after not in self._slots:
                raise RuleError(
                    f"{name} cannot act after {after}: {after} has no place in the order."
                )
            if name in self._slots:
                self._slot_delete(self._slots.index(name))
        if name not in self._slots:
            index = len(self._slots) if after is None else self._slots.index(after) + 1
            self._slot_insert(index, name)
        where = f"acts after {after}" if after else "takes their place in the order of play"
        return f" and {where} (Order Of Play)"

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
