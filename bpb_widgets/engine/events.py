"""What an encounter records and announces: log events and change notices."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, overload


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
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "command": self.command,
            "round": self.round,
            "kind": self.kind,
            "text": self.text,
            "actor": self.actor,
            "data": self.data,
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
    the fight has run."""

    __slots__ = ("_events",)

    def __init__(self, events: list[Event]) -> None:
        self._events = events

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            return tuple(self._events[index])
        return self._events[index]

    def __len__(self) -> int:
        return len(self._events)

    def __repr__(self) -> str:
        return f"<Log of {len(self._events)} events>"
