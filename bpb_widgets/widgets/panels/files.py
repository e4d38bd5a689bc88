"""Files: save the fight, load one in its place, start a new one; the autosave file and whether
the fight on screen has changes no file holds yet (``js/panels/files.js``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from bpb_widgets.engine import Change, Encounter
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._commands import command
from bpb_widgets.widgets._host import Delta, Part

#: What a saved fight's file name ends with when the GM types none.
SUFFIX = ".fight.json"
#: The most saved fights listed (the newest first).
LISTED = 50
#: The longest file name, in bytes (UTF-8, ".fight.json" included): file systems take 255, and
#: the temporary and lock files written beside a fight add a few to its name.
MAX_NAME_BYTES = 200


def file_name(name: str) -> str:
    """A fight's file name as typed, checked: a plain name in the screen's folder, ``.json``
    added when missing."""
    name = name.strip()
    if not name:
        raise RuleError("Give the fight a file name, such as warehouse.fight.json.")
    if "/" in name or "\\" in name or name.startswith(".") or len(name) > 120:
        raise RuleError(
            f"{name[:60]!r} is not a plain file name: the fight is saved in the GM screen's "
            "folder (choose it with GMScreen(enc, folder=...))."
        )
    named = name if name.endswith(".json") else name + SUFFIX
    size = len(named.encode("utf-8", "surrogatepass"))
    if size > MAX_NAME_BYTES:
        raise RuleError(
            f"{name[:30]!r}… is too long a file name ({size} bytes in UTF-8, at most "
            f"{MAX_NAME_BYTES}): choose a shorter one."
        )
    return named


@contextmanager
def clear_errors(path: Path) -> Iterator[None]:
    """Any error the file system gives on ``path`` that is not already one a GM reads (a name
    too long for this file system, a folder that cannot be searched), as one."""
    try:
        yield
    except RuleError:
        raise
    except (OSError, RuntimeError) as error:  # RuntimeError: a loop of symbolic links
        why = getattr(error, "strerror", None) or error
        raise RuleError(f"Cannot use {path.name} in {path.parent}: {why}.") from None


class FilesPart(Part[Encounter[Any]]):
    """Save, Load and New fight with a file name, in the host's ``folder``. Loading or a new
    fight replaces the encounter under the same screen (``screen.encounter``). Autosave, when on,
    rewrites the fight's file after every change."""

    key = "files"
    title = "Files"

    def __init__(self, host: Any, encounter: Encounter[Any]) -> None:
        super().__init__(host, encounter)
        autosave = encounter.autosave
        self._file: Path | None = autosave
        self._saved = autosave is not None

    @property
    def folder(self) -> Path:
        folder: Path = self.host.folder
        return folder

    def refresh(self, delta: Delta | None) -> None:
        enc = self.encounter
        autosave = enc.autosave
        self.put("folder", str(self.folder))
        self.put("file", self._file.name if self._file else "")
        self.put("autosave", autosave.name if autosave else "")
        # a fight with no command yet has nothing to lose
        self.put("saved", self._saved or autosave is not None or not enc.can_undo)
        if delta is None:
            self.put("files", self._listing())
            self.put("status", self._status())

    def changed(self, change: Change) -> None:
        super().changed(change)
        if self.encounter.autosave is None:
            self._saved = False
        self.put("status", self._status())

    def _status(self) -> str:
        autosave = self.encounter.autosave
        if autosave is not None:
            return f"Autosaved to {autosave.name} after every change ({time.strftime('%H:%M:%S')})"
        if self._file is not None and self._saved:
            return f"Saved as {self._file.name}"
        if self._file is not None:
            return f"Changes since {self._file.name} was saved or loaded"
        return "Not saved yet"

    def _listing(self) -> list[dict[str, Any]]:
        """The saved fights in the folder, newest first."""
        try:
            found = [p for p in self.folder.glob("*.json") if p.is_file()]
        except OSError:
            return []
        found.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        return [
            {"name": p.name, "size": p.stat().st_size, "modified": p.stat().st_mtime}
            for p in found[:LISTED]
        ]

    def _path(self, name: str) -> Path:
        """The file ``name`` in the folder: never through a symbolic link out of it."""
        path = self.folder / file_name(name)
        with clear_errors(path):
            inside = path.resolve().parent == self.folder.resolve()  # a dangling link too
        if not inside:
            raise RuleError(
                f"{path.name} is a link to a file outside {self.folder}; fights are saved in the "
                "GM screen's folder, never through a link out of it."
            )
        return path

    # -- commands ----------------------------------------------------------------------------

    @command
    def save(self, name: str) -> None:
        """Save the fight as ``name`` (atomically; a file that is not a fight is never
        overwritten). With autosave on, the autosave follows to the new file."""
        path = self._path(name)
        enc = self.encounter
        with clear_errors(path):
            enc.save(path)
            if enc.autosave is not None and enc.autosave != path:
                enc.autosave = path
        self._file, self._saved = path, True
        self._done()

    @command
    def load(self, name: str) -> None:
        """Load the fight saved as ``name`` in place of the one on screen (which keeps its own
        file); with autosave on, the loaded fight goes on autosaving to its file."""
        path = self._path(name)
        with clear_errors(path):
            if not path.is_file():
                raise RuleError(f"There is no saved fight called {path.name} in {self.folder}.")
            loaded = self._loaded(path)
        self._switch(loaded, path)

    def _loaded(self, path: Path) -> Encounter[Any]:
        """The fight saved at ``path`` (any system), autosaving there if this one autosaves; the
        file this fight autosaves to is let go of first (and taken back if it cannot load)."""
        current = self.encounter
        autosave = current.autosave
        same = autosave is not None and autosave.resolve() == path.resolve()
        if same:
            current.autosave = None
        try:
            loaded: Encounter[Any] = Encounter.load(path, autosave=autosave is not None)
        except BaseException:
            if same:
                with suppress(RuleError):  # the file is no longer a fight: it stays off
                    current.autosave = autosave
            raise
        return loaded

    @command
    def new_fight(self, keep: bool = False) -> None:
        """Start a new fight under the same rules (``keep``: with the same combatants, fresh),
        not saved until Save."""
        enc = self.encounter
        fresh: Encounter[Any] = Encounter(rules=enc.rules)
        if keep:
            fresh.add_party(
                [
                    {"name": n, **enc.combatant(n).to_dict(), "hidden": enc.hidden(n)}
                    for n in enc.names
                ]
            )
        self._switch(fresh, None)

    @command
    def autosave(self, on: bool) -> None:
        """Autosave after every change, to the fight's file (saved first under a name if it has
        none), or stop."""
        enc = self.encounter
        if not on:
            enc.autosave = None
        elif enc.autosave is None:
            if self._file is None:
                raise RuleError("Save the fight under a name first; then it autosaves there.")
            enc.autosave = self._file
            self._saved = True
        self._done()

    @command
    def list_files(self) -> None:
        """Look at the folder again."""
        self.put("files", self._listing())

    def _switch(self, encounter: Encounter[Any], path: Path | None) -> None:
        """Put ``encounter`` under the same screen; this panel keeps going in the new binding."""
        self.host.rebind(encounter)
        panel = self.host.part(self.key)
        assert isinstance(panel, FilesPart)
        panel._file, panel._saved = path, path is not None
        panel._done()

    def _done(self) -> None:
        self.refresh(None)
