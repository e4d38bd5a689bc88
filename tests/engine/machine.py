"""The base of the stateful tests: any command is attempted, and the engine's invariants checked.

- a refused command changes nothing;
- undo then redo, and save then load, give back exactly the same encounter;
- nobody acts twice in a round, except a turn forced from the next one or kept from an earlier;
- the environment is last in its round.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from bpb_widgets import Encounter, RuleError
from tests.engine.helpers import snapshot

#: Turns that belong to another round: forced from the next, or kept from an earlier one.
OTHER_ROUND = re.compile(r"\((forced|delayed) from round \d+[;)]")


class CommandMachine(RuleBasedStateMachine):
    """Holds ``self.enc``; subclasses add rules that ``attempt`` commands."""

    enc: Encounter

    def attempt(self, act: Callable[[], object], *, check_undo: bool = True) -> None:
        before = snapshot(self.enc)
        try:
            act()
        except RuleError:
            assert snapshot(self.enc) == before, "a refused command changed the encounter"
            return
        if check_undo:
            after = snapshot(self.enc)
            self.enc.undo()
            self.enc.redo()
            assert snapshot(self.enc) == after, "undo then redo is not exact"

    @rule()
    def start(self) -> None:
        self.attempt(self.enc.start)

    @rule()
    def end_turn(self) -> None:
        self.attempt(self.enc.end_turn)

    @rule()
    def end_turn_again(self) -> None:
        """Turns pass often, so that fights reach later rounds."""
        self.attempt(self.enc.end_turn)

    @precondition(lambda self: self.enc.can_undo)
    @rule(steps=st.integers(1, 3))
    def undo(self, steps: int) -> None:
        self.attempt(lambda: self.enc.undo(steps), check_undo=False)

    @precondition(lambda self: self.enc.can_redo)
    @rule()
    def redo(self) -> None:
        self.attempt(self.enc.redo, check_undo=False)

    @rule()
    def save_and_load(self) -> None:
        assert snapshot(Encounter.from_json(self.enc.to_json())) == snapshot(self.enc)

    @invariant()
    def nobody_acts_twice_and_the_environment_is_last(self) -> None:
        rounds: dict[str, list[str]] = {}
        for line in self.enc.transcript().splitlines():
            if line.startswith("Round "):
                current = rounds.setdefault(line, [])
            else:
                current.append(line)
        for lines in rounds.values():
            turns = Counter(
                line.split("'s turn")[0] for line in lines if not OTHER_ROUND.search(line)
            )
            assert all(n == 1 for n in turns.values()), lines
            environment = [i for i, line in enumerate(lines) if line.startswith("Environment")]
            assert environment in ([], [len(lines) - 1]), lines

    @invariant()
    def the_current_combatant_is_aware(self) -> None:
        if self.enc.current is not None:
            assert self.enc.turn_state(self.enc.current).aware
