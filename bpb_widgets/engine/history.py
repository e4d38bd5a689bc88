"""An encounter's history: commands run all or nothing, undo and redo without replaying, the log,
the seeded dice, observers and autosave.

Every change to a fight goes through the undo journal, so a refused command changes nothing and
undoing a command costs what the command did. The history knows nothing of the rules: the
encounter hands it each command as a record (how to replay it) and a call (what it does).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bpb_widgets.engine import storage
from bpb_widgets.engine.dice import Dice, check_dice, roll
from bpb_widgets.engine.events import Change, Event
from bpb_widgets.engine.journal import Entry, Journal
from bpb_widgets.engine.storage import Record
from bpb_widgets.errors import RuleError

log = logging.getLogger("bpb_widgets")
NO_ASPECTS: frozenset[str] = frozenset()
#: What ``random.Random.getstate`` returns.
RandomState = tuple[Any, ...]


@dataclass(slots=True)
class Done:
    """An accepted command: how to replay it and how to reverse it."""

    record: Record
    entries: list[Entry]
    log_start: int
    rng_state: RandomState | None
    touched: frozenset[str]
    aspects: frozenset[str]
    _encoded: str | None = field(default=None, repr=False)

    @property
    def encoded(self) -> str:
        """The record as saved, encoded once."""
        if self._encoded is None:
            self._encoded = storage.compact(self.record)
        return self._encoded


class History:
    """The journal, the accepted and undone commands, the log and the dice of one encounter.

    ``header`` is what the encounter file says of the fight besides its commands (seed, rule set,
    options); ``run`` executes a command all or nothing; ``undo`` and ``redo`` move through it.
    """

    def __init__(self, seed: int, header: Mapping[str, Any]) -> None:
        self.header = dict(header)
        self.rng = random.Random(seed)
        self.journal = Journal()
        self.done: list[Done] = []
        #: Undone records, the next to redo last.
        self.redo_records: list[Record] = []
        self.log: list[Event] = []
        self.observers: list[Callable[[Change], None]] = []
        self.autosave: Path | None = None
        #: The lock on the autosave file, held while this history autosaves to it, and what lets
        #: go of it (also called when the encounter is garbage-collected or Python exits).
        self.lock: storage.AutosaveLock | None = None
        self.release: Callable[[], object] | None = None
        self.running: str | None = None
        self._rng_state: RandomState | None = None
        self._rolls: list[list[int]] = []

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
        if self._rolls:
            record = {**record, "rolls": self._rolls}
        done = Done(
            record,
            journal.take(mark),
            log_start,
            self._rng_state,
            frozenset(journal.touched),
            frozenset(journal.aspects) if journal.aspects else NO_ASPECTS,
        )
        self.done.append(done)
        if redoing:  # redo writes and notifies once, for every step
            return result
        if self.autosave is not None:
            try:
                self._write(self.done, [])
            except BaseException:
                self.done.pop()
                self._revert(done)
                raise
        self.redo_records.clear()
        self._notify(record["cmd"], self.done[-1:])
        return result

    def undo(self, steps: int) -> None:
        """Undo the last ``steps`` commands exactly (dice included: undo never re-rolls)."""
        undone = self.done[-steps:]
        if self.autosave is not None:  # the file lists the next to redo first
            self._write(
                self.done[:-steps], [*(d.record for d in undone), *reversed(self.redo_records)]
            )
        del self.done[-steps:]
        for done in reversed(undone):
            self._revert(done)
            self.redo_records.append(done.record)
        self._notify("undo", undone)

    def redo(self, steps: int, replay: Callable[[Record], object]) -> None:
        """Redo the last ``steps`` undone commands, each through ``replay``: all of them, or (if
        one is refused, or the autosave fails) none."""
        first = len(self.done)
        taken = self.redo_records[-steps:]
        try:
            for record in reversed(taken):
                replay(record)
            if self.autosave is not None:
                self._write(self.done, list(reversed(self.redo_records[:-steps])))
        except BaseException:
            redone = self.done[first:]
            del self.done[first:]
            for done in reversed(redone):
                self._revert(done)
            raise
        del self.redo_records[-steps:]
        self._notify("redo", self.done[first:])

    def _revert(self, done: Done) -> None:
        """Reverse one accepted command's changes: state, log and dice."""
        Journal.reverse(done.entries)
        del self.log[done.log_start :]
        self._restore_dice(done.rng_state)

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
        self.log.append(Event(len(self.log), len(self.done), round_, kind, text, actor, data or {}))

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

    def text(self) -> str:
        """The encounter file's text."""
        return storage.encode(
            self.header,
            [done.encoded for done in self.done],
            list(reversed(self.redo_records)),
        )

    def _write(self, done: list[Done], undone: list[Record]) -> None:
        """Autosave these commands (and undone ones); a failure is an error a GM can read."""
        assert self.autosave is not None
        target = self.lock.path if self.lock is not None else self.autosave
        try:
            text = storage.encode(self.header, [d.encoded for d in done], undone)
            storage.write_atomic(target, text)
        except OSError as error:
            raise storage.EncounterFileError(
                f"Could not autosave to {self.autosave} ({error.strerror or error}); nothing "
                "was changed. Free some space or choose another file (enc.autosave = ...)."
            ) from None

    # -- observers ---------------------------------------------------------------------------

    def _notify(self, name: str, done: list[Done]) -> None:
        if not self.observers or not done:
            return
        aspects = frozenset().union(*(d.aspects for d in done))
        change = Change(
            command=name,
            log_start=min(d.log_start for d in done),
            touched=frozenset().union(*(d.touched for d in done)),
            order="order" in aspects,
            roster="roster" in aspects,
        )
        for observer in list(self.observers):
            try:
                observer(change)
            except Exception:
                log.exception("an encounter observer failed on %s", name)
