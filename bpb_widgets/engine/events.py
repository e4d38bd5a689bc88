"""What an encounter records and announces: log events and change notices."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from bpb_widgets.engine.snapshot import Rows


class Frozen(Mapping[str, Any]):
    """A read-only mapping whose lists are tuples and whose mappings are read-only too: what an
    event's ``data`` is, so that reading the log can never change it."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, Any] | None = None) -> None:
        self._items = {key: freeze(value) for key, value in (items or {}).items()}

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"Frozen({self._items!r})"


_ATOMS = (str, int, float, bool, type(None))


def freeze(value: Any) -> Any:
    """``value`` with its lists as tuples and its mappings read-only, all the way down."""
    if isinstance(value, _ATOMS) or type(value) is Frozen:
        return value
    if isinstance(value, (list, tuple)):
        return tuple(freeze(item) for item in value)
    if isinstance(value, Mapping):
        return Frozen(value)
    return value


#: The data of an event that records nothing besides its text.
NOTHING = Frozen()


def thaw(value: Any) -> Any:
    """A frozen value as plain, new dicts and lists."""
    if isinstance(value, Mapping):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [thaw(item) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the encounter log.

    ``text`` explains the event in one line, with the arithmetic and the rule it follows;
    ``command`` is the position in the command history of the command that caused it, so
    ``enc.undo_to(event)`` goes back to just before it.
    """

    index: int
    command: int
    round: int
    kind: str
    text: str
    actor: str | None = None
    #: What the event records besides its text (dice, targets), read-only.
    data: Mapping[str, Any] = field(default_factory=lambda: NOTHING)

    def __post_init__(self) -> None:
        if type(self.data) is not Frozen:
            object.__setattr__(self, "data", Frozen(self.data) if self.data else NOTHING)

    def to_dict(self) -> dict[str, Any]:
        """The event as plain, new values (changing them changes nothing in the log)."""
        return {
            "index": self.index,
            "command": self.command,
            "round": self.round,
            "kind": self.kind,
            "text": self.text,
            "actor": self.actor,
            "data": thaw(self.data),
        }


@dataclass(frozen=True, slots=True)
class Change:
    """What one accepted command, undo or redo changed, so observers send only that.

    Log entries from ``log_start`` on are new (or replace undone ones); ``touched`` names the
    combatants whose sheet or turn state changed; ``order`` and ``roster`` flag changes to the
    order of play and to the list of combatants.
    """

    command: str
    log_start: int
    touched: frozenset[str]
    order: bool
    roster: bool


class Log(Sequence[Event]):
    """The encounter's log, read-only and not copied: ``enc.log[-1]`` costs the same however long
    the fight has run. The history keeps each event as a plain tuple of its fields (which the
    garbage collector does not track); reading one gives an ``Event``. A long log loaded from a
    file is decoded a block at a time, as its events are read (``snapshot.Rows``)."""

    __slots__ = ("_rows",)

    def __init__(self, rows: Rows) -> None:
        self._rows = rows

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            return tuple(Event(*row) for row in self._rows.read(index))
        return Event(*self._rows.read(index))

    def __iter__(self) -> Iterator[Event]:
        return (Event(*row) for row in self._rows.read(slice(None)))

    def __reversed__(self) -> Iterator[Event]:
        rows = self._rows
        return (Event(*rows.read(index)) for index in range(len(rows) - 1, -1, -1))

    def __len__(self) -> int:
        return len(self._rows)

    def __repr__(self) -> str:
        return f"<Log of {len(self._rows)} events>"
