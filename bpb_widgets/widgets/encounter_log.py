"""EncounterLog: the explained events; choosing an entry undoes back to it."""

from __future__ import annotations

from typing import ClassVar

import traitlets

from bpb_widgets.widgets._base import STATIC, Delta, EncounterWidget, Message, int_arg


class EncounterLog(EncounterWidget):
    """Every event of the encounter, one explained line each, sent incrementally."""

    _esm = STATIC / "encounter_log.js"

    #: One ``{"round", "kind", "text"}`` per log event; edited in place and sent as splices.
    entries = traitlets.List(traitlets.Dict()).tag(sync=True)

    commands: ClassVar[tuple[str, ...]] = ("undo_to", "undo", "redo")

    def __repr__(self) -> str:
        return f"EncounterLog({len(self.encounter.log)} entries, round {self.encounter.round})"

    def _cmd_undo_to(self, msg: Message) -> None:
        self.encounter.undo_to(int_arg(msg, "index"))

    def _update(self, delta: Delta | None) -> None:
        log = self.encounter.log
        start = 0 if delta is None else min(delta.log_start, len(self.entries))
        entries = [{"round": e.round, "kind": e.kind, "text": e.text} for e in log[start:]]
        if delta is None:
            self.entries = entries
        elif entries or start < len(self.entries):
            self._splice("entries", start, entries)
