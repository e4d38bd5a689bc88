"""An encounter's history: commands run all or nothing, undo and redo without replaying, the log,
the seeded dice, observers and autosave.

Every change to a fight goes through the undo journal, so a refused command changes nothing and
undoing a command costs what the command did. The history knows nothing of the rules: the
encounter hands it each command as a record (how to replay it) and a call (what it does).
"""

from __future__ import annotations

import functools
import logging
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from bpb_widgets.engine import storage
from bpb_widgets.engine.dice import Dice, check_dice, roll
from bpb_widgets.engine.events import Change, Frozen
from bpb_widgets.engine.journal import Journal
from bpb_widgets.engine.storage import Record
from bpb_widgets.errors import RuleError

log = logging.getLogger("bpb_widgets")
#: What ``random.Random.getstate`` returns.
RandomState = tuple[Any, ...]


#: One log event as kept: ``Event``'s fields, its data None when it has none.
EventRow = tuple[int, int, int, str, str, "str | None", "Frozen | None"]


def record_of(kept: Record | str) -> Record:
    """The record an accepted command is replayed from (kept as its name alone when it took no
    arguments and rolled no dice)."""
    return {"cmd": kept, "args": {}} if type(kept) is str else kept  # type: ignore[return-value]


class History:
    """The journal, the accepted and undone commands, the log and the dice of one encounter.

    ``header`` is what the encounter file says of the fight besides its commands (seed, rule set,
    options); ``owner`` is the object whose state the commands change (the encounter); ``run``
    executes a command all or nothing; ``undo`` and ``redo`` move through it.
    """

    def __init__(self, seed: int, header: Mapping[str, Any], owner: object) -> None:
        self.header = dict(header)
        self.rng = random.Random(seed)
        self.journal = Journal(owner)
        #: The accepted commands, oldest first, kept column by column (a row per command) in
        #: plain values and tuples of them, which the garbage collector stops tracking the first
        #: time it sees them: a long fight's history adds nothing to its later passes
        #: (docs/performance.md, "How costs grow"). How to replay each (its record, or its name
        #: alone when it took no arguments and rolled no dice):
        self.done: list[Record | str] = []
        #: ... its journal entries (``Journal.take``), where its log events start, the dice as
        #: they were before it rolled (None: it did not roll), and the combatants and aspects it
        #: touched.
        self._changes: list[tuple[Any, ...]] = []
        self._log_starts: list[int] = []
        self._dice: list[RandomState | None] = []
        self._touched: list[tuple[str, ...]] = []
        self._aspects: list[tuple[str, ...]] = []
        #: Undone records, the next to redo last.
        self.redo_records: list[Record] = []
        self.log: list[EventRow] = []
        self.observers: list[Callable[[Change], None]] = []
        self.autosave: Path | None = None
        #: The lock on the autosave file, held while this history autosaves to it, and what lets
        #: go of it (also called when the encounter is garbage-collected or Python exits).
        self.lock: storage.AutosaveLock | None = None
        self.release: Callable[[], object] | None = None
        self.running: str | None = None
        self._rng_state: RandomState | None = None
        self._rolls: list[list[int]] = []
        #: The saved form of the first accepted commands, encoded once (``encoded``).
        self._encoded: list[str] = []

    # -- running commands -----------------------------------------------------------------

    def run(
        self,
        record: Record,
        call: Callable[..., Any],
        *arguments: Any,
        redoing: bool = False,
        expected_rolls: list[list[int]] | None = None,
    ) -> Any:
        """Run ``call(*arguments)`` as the command ``record``: all of it, or (on any error) none
        of it."""
        if self.running is not None:
            raise RuntimeError(f"{record['cmd']} called inside {self.running}")
        journal = self.journal
        mark, log_start = journal.mark(), len(self.log)
        self.running, self._rng_state, self._rolls = record["cmd"], None, []
        journal.clear()
        try:
            result = call(*arguments)
            if expected_rolls is not None and self._rolls != expected_rolls:
                raise RuleError(
                    f"The dice recorded for {record['cmd']} do not match this encounter's seed."
                )
        except BaseException:
            journal.rollback(mark)
            del self.log[log_start:]
            self._restore_dice(self._rng_state)
            raise
        finally:
            self.running = None
        name = record["cmd"]
        if self._rolls:
            record = {**record, "rolls": self._rolls}
        self.done.append(record if self._rolls or record["args"] else name)
        self._changes.append(journal.take(mark))
        self._log_starts.append(log_start)
        self._dice.append(self._rng_state)
        self._touched.append(tuple(journal.touched))
        self._aspects.append(tuple(journal.aspects) if journal.aspects else ())
        if redoing:  # redo writes and notifies once, for every step
            return result
        if self.autosave is not None:
            try:
                self._write(len(self.done), [])
            except BaseException:
                self._take_back()
                raise
        if self.redo_records:
            self.redo_records.clear()
        if self.observers:
            self._notify(self._change(name, len(self.done) - 1))
        return result

    def undo(self, steps: int) -> None:
        """Undo the last ``steps`` commands exactly (dice included: undo never re-rolls)."""
        first = len(self.done) - steps
        if self.autosave is not None:  # the file lists the next to redo first
            self._write(first, [*map(record_of, self.done[first:]), *reversed(self.redo_records)])
        change = self._change("undo", first) if self.observers else None
        for _ in range(steps):
            self.redo_records.append(self._take_back())
        self._notify(change)

    def redo(self, steps: int, replay: Callable[[Record], object]) -> None:
        """Redo the last ``steps`` undone commands, each through ``replay``: all of them, or (if
        one is refused, or the autosave fails) none."""
        first = len(self.done)
        taken = self.redo_records[-steps:]
        try:
            for record in reversed(taken):
                replay(record)
            if self.autosave is not None:
                self._write(len(self.done), list(reversed(self.redo_records[:-steps])))
        except BaseException:
            while len(self.done) > first:
                self._take_back()
            raise
        del self.redo_records[-steps:]
        self._notify(self._change("redo", first) if self.observers else None)

    def _take_back(self) -> Record:
        """Reverse the last accepted command's changes (state, log and dice), forget it and
        return its record."""
        kept = self.done.pop()
        self.journal.reverse(self._changes.pop())
        del self.log[self._log_starts.pop() :]
        del self._encoded[len(self.done) :]
        self._touched.pop()
        self._aspects.pop()
        self._restore_dice(self._dice.pop())
        return record_of(kept)

    def _restore_dice(self, state: RandomState | None) -> None:
        """Put the dice back as they were before a command rolled (if it rolled)."""
        if state is not None:
            self.rng.setstate(state)

    # -- the log and the dice --------------------------------------------------------------

    def event(
        self,
        round_: int,
        kind: str,
        text: str,
        actor: str | None,
        data: dict[str, Any] | None,
    ) -> None:
        """Append one explained event to the log, caused by the command now running."""
        log = self.log
        log.append(
            (len(log), len(self.done), round_, kind, text, actor, Frozen(data) if data else None)
        )

    def dice(self, dice: object, *, count: int = 2, sides: int = 6) -> Dice:
        """Physical dice if given, else a seeded roll (recorded for replay checks)."""
        if dice is not None:
            return check_dice(dice, count=count, sides=sides)
        rolled = roll(self.random(), count=count, sides=sides)
        self.record_roll(rolled)
        return rolled

    def record_roll(self, rolled: Dice) -> None:
        """Record dice a rule rolled itself with ``random()``, for replay checks."""
        self._rolls.append(list(rolled))

    def random(self) -> random.Random:
        """The seeded random source, its state kept so that undo restores it."""
        if self._rng_state is None:
            self._rng_state = self.rng.getstate()
        return self.rng

    # -- saving ------------------------------------------------------------------------------

    def encoded(self, count: int) -> list[str]:
        """The first ``count`` accepted commands as saved, each encoded once."""
        encoded = self._encoded
        for kept in self.done[len(encoded) : count]:
            encoded.append(_plain(kept) if type(kept) is str else storage.compact(kept))
        return encoded[:count]

    def text(self) -> str:
        """The encounter file's text."""
        return storage.encode(
            self.header, self.encoded(len(self.done)), list(reversed(self.redo_records))
        )

    def _write(self, count: int, undone: list[Record]) -> None:
        """Autosave the first ``count`` accepted commands (and undone ones); a failure is an error
        a GM can read."""
        assert self.autosave is not None
        target = self.lock.path if self.lock is not None else self.autosave
        try:
            text = storage.encode(self.header, self.encoded(count), undone)
            storage.write_atomic(target, text)
        except OSError as error:
            raise storage.EncounterFileError(
                f"Could not autosave to {self.autosave} ({error.strerror or error}); nothing "
                "was changed. Free some space or choose another file (enc.autosave = ...)."
            ) from None

    # -- observers ---------------------------------------------------------------------------

    def _change(self, name: str, first: int) -> Change:
        """What the accepted commands from ``first`` on changed, as observers hear it."""
        aspects = {aspect for row in self._aspects[first:] for aspect in row}
        return Change(
            command=name,
            log_start=min(self._log_starts[first:]),
            touched=frozenset(who for row in self._touched[first:] for who in row),
            order="order" in aspects,
            roster="roster" in aspects,
        )

    def _notify(self, change: Change | None) -> None:
        if change is None:
            return
        for observer in list(self.observers):
            try:
                observer(change)
            except Exception:
                log.exception("an encounter observer failed on %s", change.command)


@functools.cache
def _plain(command: str) -> str:
    """A command without arguments or dice as saved."""
    return storage.compact({"cmd": command, "args": {}})
