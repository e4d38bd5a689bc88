"""What an encounter records and announces: log events and change notices."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the encounter log.

    ``text`` explains the event in one line, with the arithmetic and the rule it follows;
    ``command`` is the position of the command that caused it in the command history, so
    undoing back to an entry is ``enc.undo(len(enc.history) - event.command)``... or simply
    ``enc.undo_to(event)``.
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
