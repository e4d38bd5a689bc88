"""The log: every event explained, sent incrementally; undo back to an entry after a preview of
what it takes back, and redo all; open an entry to read the rules it cites, in the project's own
words (``js/panels/log.js``)."""

from __future__ import annotations

from typing import Any

from bpb_widgets.engine import Encounter
from bpb_widgets.widgets._commands import panel_command
from bpb_widgets.widgets._host import Delta, UndoingPart
from bpb_widgets.widgets.panels.state import LogState

#: Entries sent when the log is shown, and per "Show earlier entries": a 20,000-turn fight's log
#: is not sent whole, older entries are fetched when the GM asks for them.
WINDOW = 200


class LogPart(UndoingPart[Encounter[Any]]):
    """Every event of the encounter, one explained line each: the last ``WINDOW`` at first, then
    each new one; earlier ones on demand. Each entry knows the command that caused it, so choosing
    one shows how many commands undoing back to it takes back before it is done, and the names of
    the rules it cites (``Encounter.cited``), whose texts are sent once each (``rule_texts``)."""

    key = "log"
    state_type = LogState
    title = "Encounter log"

    def refresh(self, delta: Delta | None) -> None:
        enc = self.encounter
        self.put("commands", enc.undoable)
        self.put("can_undo", enc.can_undo)
        self.put("redo", enc.redoable)
        log = enc.log
        first = self.state.get("first", 0)
        entries = self.state.get("entries", [])
        if delta is None or delta.log_start <= first:
            self._show_from(max(0, len(log) - WINDOW))
            return
        start = min(delta.log_start, first + len(entries))
        new = self._entries(start)
        if new or start < first + len(entries):
            self.splice("entries", start - first, new)

    def _show_from(self, first: int) -> None:
        """Send the entries from log index ``first`` on, whole."""
        self.put("first", first)
        self.state["entries"] = []
        self.put("entries", self._entries(first))

    def _entries(self, start: int) -> list[dict[str, object]]:
        """The log from index ``start`` on, as the front end shows it: an entry that cites rules
        names them (``rules``), and their texts join ``rule_texts`` the first time."""
        entries: list[dict[str, object]] = []
        texts: dict[str, object] = {}
        known = self.state.get("rule_texts", {})
        for e in self.encounter.log[start:]:
            entry: dict[str, object] = {
                "round": e.round,
                "kind": e.kind,
                "text": e.text,
                "command": e.command,
            }
            cited = self.encounter.cited(e)
            if cited:
                entry["rules"] = [rule.name for rule in cited]
                texts.update({r.name: r.to_dict() for r in cited if r.name not in known})
            entries.append(entry)
        self.put_items("rule_texts", texts)
        return entries

    @panel_command
    def undo_to(self, index: int) -> None:
        """Undo back to just before the command that caused log entry ``index``."""
        self.encounter.undo_to(index)

    @panel_command
    def redo_all(self) -> None:
        """Redo every undone command."""
        self.encounter.redo(self.state["redo"])

    @panel_command
    def earlier(self) -> None:
        """Send the ``WINDOW`` entries before the first one shown."""
        self._show_from(max(0, self.state.get("first", 0) - WINDOW))
