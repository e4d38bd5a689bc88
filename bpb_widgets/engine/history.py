"""An encounter's history: commands run all or nothing, undo and redo without replaying, the
log and the seeded dice, observers, autosave, save and load.

Every change goes through the undo journal, so a refused command changes nothing and undoing a
command costs what the command did (design.md, "The engine").
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bpb_widgets.engine import storage
from bpb_widgets.engine.command import commands_of, signature_of
from bpb_widgets.engine.events import Change, Event
from bpb_widgets.engine.journal import Journal
from bpb_widgets.errors import RuleError
from bpb_widgets.rules.dice import Dice, check_dice, roll

if TYPE_CHECKING:
    from bpb_widgets.engine.encounter import Encounter

log = logging.getLogger("bpb_widgets")


@dataclass(slots=True)
class _Done:
    """An accepted command: how to replay it and how to reverse it."""

    record: dict[str, Any]
    entries: list[tuple[Any, ...]]
    log_start: int
    rng_state: object | None
    touched: frozenset[str]
    order: bool
    roster: bool
    _encoded: str | None = None

    @property
    def encoded(self) -> str:
        """The record as saved, encoded once."""
        if self._encoded is None:
            self._encoded = storage.compact(self.record)
        return self._encoded


class History:
    """Undo, redo, saving and the command machinery of an encounter (mixed into ``Encounter``)."""

    @property
    def history(self) -> list[dict[str, Any]]:
        """The accepted commands, oldest first, as they are saved."""
        return [done.record for done in self._history]

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def autosave(self) -> Path | None:
        """The file rewritten (atomically) after every accepted command, undo and redo, or None.

        Setting it to a file that exists is refused unless this encounter was loaded from it:
        no other fight, and nothing that is not a fight, is ever overwritten.
        """
        return self._autosave

    @autosave.setter
    def autosave(self, path: str | Path | None) -> None:
        if path is None:
            self._autosave = None
            return
        if not isinstance(path, (str, Path)) or not str(path).strip():
            raise RuleError(f"Autosave to a file path, not {path!r}.")
        target = Path(path).expanduser()
        storage.claim(self, target)
        storage.write_atomic(target, self.to_json())
        self._autosave = target

    def subscribe(self, observer: Callable[[Change], None]) -> Callable[[], None]:
        """Call ``observer(change)`` after every accepted command, undo and redo."""
        self._observers.append(observer)
        return lambda: self._observers.remove(observer) if observer in self._observers else None

    def undo(self, steps: int = 1) -> None:
        """Undo the last ``steps`` commands exactly (dice included: undo never re-rolls)."""
        steps = self._steps(steps, len(self._history), "undo")
        undone = self._history[-steps:]
        if self._autosave is not None:
            self._write(
                self._history[:-steps], [*reversed(self._redo), *(d.record for d in undone)]
            )
        del self._history[-steps:]
        for done in reversed(undone):
            self._revert(done)
            self._redo.append(done.record)
        self._notify("undo", undone)

    def redo(self, steps: int = 1) -> None:
        """Redo the last ``steps`` undone commands."""
        steps = self._steps(steps, len(self._redo), "redo")
        first = len(self._history)
        for _ in range(steps):
            record = self._redo.pop()
            try:
                self._replay(record, redoing=True)
            except BaseException:
                self._redo.append(record)
                raise
        self._notify("redo", self._history[first:])

    def undo_to(self, event: Event | int) -> None:
        """Undo back to just before the command that caused ``event`` (or log index)."""
        index = event.index if isinstance(event, Event) else event
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._log):
            raise RuleError(f"There is no log entry {index!r} to undo back to.")
        self.undo(len(self._history) - self._log[index].command)

    def to_json(self) -> str:
        """The encounter as versioned JSON: seed, rules and every command (and undone ones)."""
        return storage.dumps(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> Encounter:
        """Rebuild an encounter from ``to_json`` output by replaying its commands."""
        return storage.loads(cls, text)

    def save(self, path: str | Path) -> Path:
        """Write the encounter to ``path`` atomically (a temporary file, then a rename)."""
        return storage.save(self, Path(path))

    @classmethod
    def load(cls, path: str | Path, *, autosave: bool = False) -> Encounter:
        """Read an encounter saved with ``save`` (or autosaved), undo history included;
        ``autosave=True`` goes on autosaving to the same file."""
        enc = storage.load(cls, Path(path))
        if autosave:
            enc.autosave = path
        return enc

    def _run(self, name: str, method: Callable[..., Any], args: tuple, kwargs: dict) -> Any:
        if self._running is not None:
            raise RuntimeError(f"{name} called inside {self._running}")
        record: dict[str, Any] = {"cmd": name, "args": _arguments(method, args, kwargs)}
        return self._execute(record, method, args, kwargs, redoing=False)

    def _execute(
        self,
        record: dict[str, Any],
        method: Callable[..., Any],
        args: tuple,
        kwargs: dict,
        *,
        redoing: bool,
        expected_rolls: list[list[int]] | None = None,
    ) -> Any:
        journal = self._journal
        mark, log_start, before = journal.mark(), len(self._log), self._current
        self._running, self._rng_state, self._rolls = record["cmd"], None, []
        self._order_changed = self._roster_changed = False
        journal.touched.clear()
        try:
            result = method(self, *args, **kwargs)
            if expected_rolls is not None and self._rolls != expected_rolls:
                raise RuleError(
                    f"The dice recorded for {record['cmd']} do not match this encounter's seed."
                )
        except BaseException:
            journal.rollback(mark)
            del self._log[log_start:]
            if self._rng_state is not None:
                self._rng.setstate(self._rng_state)  # type: ignore[arg-type]
            raise
        finally:
            self._running = None
        if self._rolls:
            record = {**record, "rolls": self._rolls}
        touched = journal.touched | {n for n in (before, self._current) if n}
        done = _Done(
            record,
            journal.take(mark),
            log_start,
            self._rng_state,
            frozenset(touched),
            self._order_changed,
            self._roster_changed,
        )
        self._history.append(done)
        if self._autosave is not None:
            try:
                self._write(self._history, list(reversed(self._redo)) if redoing else [])
            except BaseException:
                self._history.pop()
                self._revert(done)
                raise
        if not redoing:
            self._redo.clear()
            self._notify(record["cmd"], self._history[-1:])
        return result

    def _replay(self, record: Mapping[str, Any], *, redoing: bool = False) -> Any:
        """Run a saved or undone command again; its dice must come out as recorded."""
        method = commands_of(type(self))[record["cmd"]]
        return self._execute(
            dict(record),
            method,
            (),
            dict(record["args"]),
            redoing=redoing,
            expected_rolls=record.get("rolls", []),
        )

    def _revert(self, done: _Done) -> None:
        """Reverse one accepted command's changes: state, log and dice."""
        Journal.reverse(done.entries)
        del self._log[done.log_start :]
        if done.rng_state is not None:
            self._rng.setstate(done.rng_state)  # type: ignore[arg-type]

    def _write(self, done: list[_Done], undone: list[dict[str, Any]]) -> None:
        """Autosave these commands (and undone ones); a failure is an error a GM can read."""
        assert self._autosave is not None
        try:
            text = storage.encode(self, [d.encoded for d in done], undone)
            storage.write_atomic(self._autosave, text)
        except OSError as error:
            raise storage.EncounterFileError(
                f"Could not autosave to {self._autosave} ({error.strerror or error}); nothing "
                "was changed. Free some space or choose another file (enc.autosave = ...)."
            ) from None

    def _notify(self, name: str, done: list[_Done]) -> None:
        if not self._observers or not done:
            return
        change = Change(
            command=name,
            log_start=min(d.log_start for d in done),
            touched=frozenset().union(*(d.touched for d in done)),
            order=any(d.order for d in done),
            roster=any(d.roster for d in done),
        )
        for observer in list(self._observers):
            try:
                observer(change)
            except Exception:
                log.exception("an encounter observer failed on %s", name)

    def _event(
        self, kind: str, text: str, actor: str | None = None, data: dict[str, Any] | None = None
    ) -> None:
        self._log.append(
            Event(len(self._log), len(self._history), self._round, kind, text, actor, data or {})
        )

    def _dice(self, dice: object, *, count: int = 2, sides: int = 6) -> Dice:
        """Physical dice if given, else a seeded roll (recorded for replay checks)."""
        if dice is not None:
            return check_dice(dice, count=count, sides=sides)
        rolled = roll(self._random(), count=count, sides=sides)
        self._rolls.append(list(rolled))
        return rolled

    def _random(self) -> random.Random:
        """The seeded random source, its state kept so that undo restores it."""
        if self._rng_state is None:
            self._rng_state = self._rng.getstate()
        return self._rng


def _arguments(method: Callable[..., Any], args: tuple, kwargs: dict) -> dict[str, Any]:
    """The call as JSON-ready keyword arguments, as it is saved and replayed."""
    if not args and not kwargs:
        return {}
    signature = signature_of(method)
    bound = signature.bind(None, *args, **kwargs)
    arguments: dict[str, Any] = {}
    for key, value in list(bound.arguments.items())[1:]:
        if signature.parameters[key].kind is signature.parameters[key].VAR_KEYWORD:
            arguments.update(value)  # add(name, **sheet) is saved as plain keywords
        else:
            arguments[key] = value
    return {k: _jsonable(v) for k, v in arguments.items()}


def _jsonable(value: object) -> object:
    if isinstance(value, (set, frozenset)):
        return sorted(map(_jsonable, value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value
