"""The base of the stateful tests: any command is attempted, and the engine's invariants checked.

- a refused command changes nothing;
- undo then redo, and save then load, give back exactly the same encounter;
- the turn invariant: per round, each combatant takes at most one turn of the round's own, one
  delayed turn carried from an earlier round and one forced turn owed to the next; the
  environment's line is last; no line names a round "None";
- the combatant acting is aware of the fight.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from bpb_widgets import Encounter, RuleError
from bpb_widgets.engine import storage
from tests.engine.helpers import snapshot

#: A turn's line: whose, and its note ("delayed from round 3", "forced from round 7" ...).
TURN = re.compile(r"(?P<who>.+?)(?:'s|') turn(?: \((?P<note>.*)\))?")
#: A turn that belongs to another round: forced from the next, or carried from an earlier one.
OTHER_ROUND = re.compile(r"(?P<how>forced|delayed) from round (?P<round>\d+)(?:;|$)")


def rounds(transcript: str) -> dict[int, list[str]]:
    """The transcript's lines by round."""
    listed: dict[int, list[str]] = {}
    for line in transcript.splitlines():
        if line.startswith("Round "):
            current = listed.setdefault(int(line.removeprefix("Round ")), [])
        else:
            current.append(line)
    return listed


def turn_kind(line: str, number: int) -> tuple[str, str]:
    """Whose turn a line of round ``number`` lists, and which of theirs: the round's own, one
    carried from an earlier round, or one forced from the next."""
    if line.startswith("Environment"):
        return ("", "environment")
    turn = TURN.fullmatch(line)
    assert turn is not None, line
    other = OTHER_ROUND.match(turn["note"] or "")
    if other is None:
        return (turn["who"], "own")
    if other["how"] == "forced":
        assert int(other["round"]) == number + 1, line
        return (turn["who"], "forced")
    assert int(other["round"]) < number, line
    return (turn["who"], "carried")


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

    @precondition(lambda self: self.enc.started and self.enc.names)
    @rule(data=st.data())
    def take_a_delayed_turn(self, data: st.DataObject) -> None:
        """Someone holding a delayed turn takes it, pre-empting whoever acts (a delayed turn
        taken after the last turn of the round too)."""
        names = self.enc.names
        holding = [n for n in names if self.enc.turn_state(n).delaying]
        who = data.draw(st.sampled_from(holding or names))
        self.attempt(lambda: self.enc.take_delayed(who))

    @precondition(lambda self: self.enc.names)
    @rule(
        data=st.data(),
        change=st.sampled_from(["remove", "defeat", "restore", "becomes_unaware", "becomes_aware"]),
    )
    def comes_or_goes(self, data: st.DataObject, change: str) -> None:
        """Someone leaves the fight, is defeated, comes back, loses track of it or joins it:
        whoever acts now included."""
        who = data.draw(st.sampled_from([self.enc.current or self.enc.names[0], *self.enc.names]))
        self.attempt(lambda: getattr(self.enc, change)(who))

    @rule()
    def save_and_load(self) -> None:
        """Loaded by its snapshot or by replaying its commands, the fight is the same, and goes on
        alike: undo all the way back (past the load, which replays the snapshot's commands) and
        redo."""
        text = self.enc.to_json()
        loaded, replayed = Encounter.from_json(text), Encounter._replayed(storage.decode(text))
        if '"digest":' in text:
            assert loaded._history._past == self.enc.undoable
        assert snapshot(loaded) == snapshot(replayed) == snapshot(self.enc)
        assert loaded._state() == replayed._state()
        for fight in (loaded, replayed):
            if fight.can_undo:
                fight.undo(fight.undoable)
            if fight.can_redo:
                fight.redo(fight.redoable)
        assert snapshot(loaded) == snapshot(replayed)

    @invariant()
    def the_turn_invariant(self) -> None:
        """Per round and combatant: at most one turn of the round's own, one delayed turn carried
        from an earlier round and one forced turn owed to the next; the environment's line last;
        no line names a round "None"."""
        transcript = self.enc.transcript()
        assert "None" not in transcript, transcript
        for number, lines in rounds(transcript).items():
            kinds = Counter(turn_kind(line, number) for line in lines)
            assert all(n == 1 for n in kinds.values()), lines
            environment = [i for i, line in enumerate(lines) if line.startswith("Environment")]
            assert environment in ([], [len(lines) - 1]), lines

    @invariant()
    def the_current_combatant_is_aware(self) -> None:
        if self.enc.current is not None:
            assert self.enc.turn_state(self.enc.current).aware
