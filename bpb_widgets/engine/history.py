"""An encounter's history: commands run all or nothing, undo and redo without replaying, the log,
the seeded dice, observers, autosave, and the snapshot a saved file holds (a fight loaded from it
replays its commands only when undo first goes back past the load).

Every change to a fight goes through the undo journal, so a refused command changes nothing and
undoing a command costs what the command did. The history knows nothing of the rules: the
encounter hands it each command as a record (how to replay it) and a call (what it does).
"""

from __future__ import annotations

import functools
import json
import logging
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from bpb_widgets.engine import snapshot, storage
from bpb_widgets.engine.dice import Dice, check_dice, roll
from bpb_widgets.engine.events import Change, Frozen, freeze
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
        #: The log's events (a block of a long log loaded from a file is decoded when read).
        self.log = snapshot.Rows()
        self.observers: list[Callable[[Change], None]] = []
        self.autosave: Path | None = None
        #: The lock on the autosave file, held while this history autosaves to it, and what lets
        #: go of it (also called when the encounter is garbage-collected or Python exits).
        self.lock: storage.AutosaveLock | None = None
        self.release: Callable[[], object] | None = None
        self.running: str | None = None
        self._rng_state: RandomState | None = None
        self._rolls: list[list[int]] = []
        #: The saved form of the accepted commands after the past (below), encoded once each
        #: (``encoded``).
        self._encoded: list[str] = []
        #: The encounter's class and state as a snapshot saves them (``Encounter._state``), a
        #: JSON object's text; None: files are saved without one.
        self.state: Callable[[], str] | None = None
        #: The long lists of the state (the transcript's lines) and the log, as last saved.
        self.blocks: dict[str, snapshot.Blocks] = {}
        self._log_blocks = snapshot.Blocks(_log_rows)
        #: A fight loaded from its snapshot keeps its first commands as the file's text
        #: (``_past_text``) until something needs their journal, which ``rebuild`` then replays;
        #: ``_past`` counts them (0: none, every command is here).
        self._past = 0
        self._past_text = ""
        self.rebuild: Callable[[], None] | None = None

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
            self.log.cut(log_start)
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
        if first < self._past:
            self.need_past()
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
        self.log.cut(self._log_starts.pop())
        del self._encoded[len(self.done) - self._past :]
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
        """The first ``count`` accepted commands as saved, each encoded once (the past of a fight
        loaded from its snapshot as one piece of the file's text)."""
        if count < self._past:
            self.need_past()
        encoded, past = self._encoded, self._past
        for kept in self.done[past + len(encoded) : count]:
            encoded.append(_plain(kept) if type(kept) is str else storage.compact(kept))
        return [self._past_text, *encoded[: count - past]] if past else encoded[:count]

    def records(self) -> list[Record]:
        """The accepted commands, oldest first, as saved (new copies)."""
        records: list[Record] = json.loads(f"[{','.join(self.encoded(len(self.done)))}]")
        return records

    def text(self) -> str:
        """The encounter file's text."""
        undone = list(reversed(self.redo_records))
        return storage.encode(
            self.header, self.encoded(len(self.done)), undone, self._snapshot(undone)
        )

    def _write(self, count: int, undone: list[Record]) -> None:
        """Autosave the first ``count`` accepted commands (and undone ones); a failure is an error
        a GM can read. The snapshot goes with them when they are all the accepted ones (an undo
        autosaves before it takes its commands back)."""
        assert self.autosave is not None
        target = self.lock.path if self.lock is not None else self.autosave
        try:
            current = self._snapshot(undone) if count == len(self.done) else None
            text = storage.encode(self.header, self.encoded(count), undone, current)
            storage.write_atomic(target, text)
        except OSError as error:
            raise storage.EncounterFileError(
                f"Could not autosave to {self.autosave} ({error.strerror or error}); nothing "
                "was changed. Free some space or choose another file (enc.autosave = ...)."
            ) from None

    # -- the snapshot ------------------------------------------------------------------------

    def _snapshot(self, undone: list[Record]) -> str | None:
        """The fight as it stands, for a file whose ``undone`` commands are these (None: its
        state is not one a snapshot can take, and the file keeps its commands alone)."""
        if self.state is None:
            return None
        try:
            state = self.state()
            events = self._log_blocks.text(self.log)
        except snapshot.Unsupported as why:
            log.debug("saved without a snapshot: %s", why)
            return None
        if events is None:
            return None
        version, internal, gauss = self.rng.getstate()
        head = storage.compact(
            {
                "format": snapshot.FORMAT,
                "release": snapshot.release(),
                "count": len(self.done),
                "undone": len(undone),
                "rng": [version, internal, gauss],
            }
        )
        return f'{head[:-1]},{state[1:-1]},"log":{events}}}'

    def restore(self, saved: Mapping[str, Any], past_text: str, undone: list[Record]) -> None:
        """Take the history of a fight from its ``saved`` snapshot: the accepted commands are the
        file's ``past_text``, replayed when first needed (``need_past``)."""
        count = saved["count"]
        self.log, self._log_blocks = snapshot.Rows.lazily(saved["log"], _log_rows, _log_events)
        version, internal, gauss = saved["rng"]
        self.rng.setstate((version, tuple(internal), gauss))
        self.done[:] = [""] * count
        self._changes[:] = [()] * count
        self._log_starts[:] = [0] * count
        self._dice[:] = [None] * count
        self._touched[:] = [()] * count
        self._aspects[:] = [()] * count
        self._encoded.clear()
        self._past, self._past_text = count, past_text
        self.redo_records[:] = reversed(undone)

    def need_past(self) -> None:
        """Replay the commands a fight loaded from its snapshot was saved with, if not yet done
        (undo back past the load needs their journal)."""
        if self._past and self.rebuild is not None:
            self.rebuild()

    def adopt(self, other: History, owner: object) -> None:
        """Take ``other``'s journal, dice and accepted commands, which replayed this history's
        commands into another encounter, as this one's (``owner``'s); the log, undone commands,
        observers and autosave stay."""
        self.journal = other.journal
        self.journal.adopt(owner)
        self.rng = other.rng
        self.done, self._changes, self._log_starts = other.done, other._changes, other._log_starts
        self._dice, self._touched, self._aspects = other._dice, other._touched, other._aspects
        self._encoded, self._past, self._past_text = other._encoded, 0, ""

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


def _log_rows(rows: Sequence[EventRow], start: int) -> list[Any]:
    """Log events from index ``start`` as the snapshot keeps them: a command's number, its
    round, kind, text and actor column by column, and the data of those with data by index."""
    _, commands, rounds, kinds, texts, actors, data = zip(*rows, strict=True)
    pairs = [[start + at, snapshot.plain(item)] for at, item in enumerate(data) if item]
    columns = snapshot.packed((commands, rounds, kinds, texts, actors))
    return [*columns, [value for pair in pairs for value in pair]]


def _log_events(columns: Any, start: int) -> list[EventRow]:
    """The log events ``_log_rows`` kept, from index ``start``."""
    *packed, data = columns
    fields = snapshot.unpacked(packed)
    if len(fields) != 5:
        raise ValueError("a damaged log")
    events: list[Any] = [None] * len(fields[0])
    for index, item in zip(data[::2], data[1::2], strict=True):
        events[index - start] = freeze(item)
    return list(zip(range(start, start + len(events)), *fields, events, strict=True))


@functools.cache
def _plain(command: str) -> str:
    """A command without arguments or dice as saved."""
    return storage.compact({"cmd": command, "args": {}})
