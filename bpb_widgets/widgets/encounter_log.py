"""EncounterLog: the explained events; choosing an entry undoes back to it."""

from __future__ import annotations

from typing import Any

import traitlets

from bpb_widgets.engine import Encounter
from bpb_widgets.widgets._base import STATIC, Delta, EncounterWidget
from bpb_widgets.widgets._commands import command

#: Entries sent when the log is shown, and per "Show earlier entries": a 20,000-turn fight's log
#: is not sent whole, older entries are fetched when the GM asks for them.
WINDOW = 200


class EncounterLog(EncounterWidget[Encounter[Any]]):
    """Every event of the encounter, one explained line each, sent incrementally: the last
    ``WINDOW`` at first, then each new one; earlier ones on demand (the ``earlier`` command)."""

    _esm = STATIC / "encounter_log.js"

    #: The log index of ``entries[0]``: the entries before it are not sent (yet).
    first = traitlets.Int(0).tag(sync=True)
    #: One ``{"round", "kind", "text"}`` per log event from ``first`` on; edited in place and
    #: sent as splices.
    entries = traitlets.List(traitlets.Dict()).tag(sync=True)

    def __repr__(self) -> str:
        return f"EncounterLog({len(self.encounter.log)} entries, round {self.encounter.round})"

    @command
    def undo_to(self, index: int) -> None:
        """Undo back to just before the command that caused log entry ``index``."""
        self.encounter.undo_to(index)

    @command
    def earlier(self) -> None:
        """Send the ``WINDOW`` entries before the first one shown."""
        self._show_from(max(0, self.first - WINDOW))

    def _update(self, delta: Delta | None) -> None:
        log = self.encounter.log
        if delta is None or delta.log_start <= self.first:
            self._show_from(max(0, len(log) - WINDOW))
            return
        start = min(delta.log_start, self.first + len(self.entries))
        entries = self._entries(start)
        if entries or start < self.first + len(self.entries):
            self._splice("entries", start - self.first, entries)

    def _show_from(self, first: int) -> None:
        """Send the entries from log index ``first`` on, whole."""
        self.first = first
        self.entries = self._entries(first)

    def _entries(self, start: int) -> list[dict[str, object]]:
        """The log from index ``start`` on, as the front end shows it."""
        return [
            {"round": e.round, "kind": e.kind, "text": e.text} for e in self.encounter.log[start:]
        ]
