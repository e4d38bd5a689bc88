"""Files: save the fight, load one in its place, start a new one under any rule set and its
options; the autosave file and whether the fight on screen has changes no file holds yet; the
player page (``js/panels/files.js``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from bpb_widgets.engine import Change, Encounter, RuleSet
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._commands import panel_command
from bpb_widgets.widgets._host import Delta, Part
from bpb_widgets.widgets.panels.state import FilesState

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


def known_rule_sets() -> list[RuleSet]:
    """Every rule set a fight can follow: the default one's system first, each system's in the
    order it lists them."""
    found: list[RuleSet] = []
    pending: list[type[Encounter[Any]]] = [Encounter]
    while pending:
        system = pending.pop(0)
        found += system.__dict__.get("rule_sets", ())
        pending += system.__subclasses__()
    first = Encounter.default_system()
    found.sort(key=lambda rules: Encounter.system_of(rules) is not first)
    return list({rules.name: rules for rules in found}.values())


def option_kind(value: object) -> str:
    """How New fight's form asks for a rule option of this default value."""
    return "flag" if isinstance(value, bool) else "number" if isinstance(value, int) else "text"


def offered(rules: RuleSet) -> dict[str, Any]:
    """A rule set as New fight offers it: its name, what it follows, its options."""
    return {
        "name": rules.name,
        "source": rules.source,
        "options": [
            {"name": name, "kind": option_kind(value), "default": value}
            for name, value in rules.options().items()
        ],
    }


class FilesPart(Part[Encounter[Any]]):
    """Save, Load and New fight with a file name, in the host's ``folder``. Loading or a new
    fight replaces the encounter under the same screen (``screen.encounter``). Autosave, when on,
    rewrites the fight's file after every change."""

    key = "files"
    state_type = FilesState
    title = "Files"

    def __init__(self, host: Any, encounter: Encounter[Any]) -> None:
        super().__init__(host, encounter)
        autosave = encounter.autosave
        self._file: Path | None = autosave
        self._saved = autosave is not None
        #: Autosave was on when New fight replaced the fight: the first Save turns it on again.
        self._resume_autosave = False

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
            self.put("rules", enc.rules.name)
            self.put("rule_sets", [offered(rules) for rules in known_rule_sets()])
            self.put("form_error", {})
            self.put("player_url", self.host.player_page.url)
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
        if self._resume_autosave:
            return "Not saved yet; autosave is off until you Save this fight under a name"
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

    @panel_command
    def save(self, name: str) -> None:
        """Save the fight as ``name`` (atomically; a file that is not a fight is never
        overwritten). With autosave on, the autosave follows to the new file."""
        path = self._path(name)
        enc = self.encounter
        with clear_errors(path):
            enc.save(path)
            if (enc.autosave is not None and enc.autosave != path) or self._resume_autosave:
                enc.autosave = path
        self._file, self._saved, self._resume_autosave = path, True, False
        self._done()

    @panel_command
    def load(self, name: str) -> None:
        """Load the fight saved as ``name`` in place of the one on screen (which keeps its own
        file, complete: it stops autosaving); with autosave on, the loaded fight goes on
        autosaving to its file."""
        path = self._path(name)
        with clear_errors(path):
            if not path.is_file():
                raise RuleError(f"There is no saved fight called {path.name} in {self.folder}.")
            with self._autosave_released() as autosave:
                loaded: Encounter[Any] = Encounter.load(path, autosave=autosave)  # any system
        self._switch(loaded, path)

    @panel_command
    def new_fight(
        self, keep: bool = False, rules: str | None = None, options: dict[str, object] | None = None
    ) -> None:
        """Start a new fight under ``rules`` (a rule set's name; the same rules by default) with
        ``options`` changed from its defaults (``keep``: with the same combatants, fresh), not
        saved until Save. A refused option names its field (``form_error``)."""
        enc = self.encounter
        options = options or {}
        blamed = "rules"
        try:
            chosen = enc.rules if rules is None else Encounter.find_rule_set(rules)
            blamed = self._blame(chosen, options)
            chosen = chosen.with_options(options)
            blamed = "keep"
            if keep and enc.names and not isinstance(enc, Encounter.system_of(chosen)):
                raise RuleError(
                    f"The combatants of this {enc.rules.name} fight have {enc.title} sheets, "
                    f"which a {chosen.name} fight cannot take: untick keep the combatants."
                )
        except RuleError as error:
            self.put("form_error", {"field": blamed, "message": str(error)})
            raise
        self.put("form_error", {})
        fresh: Encounter[Any] = Encounter(rules=chosen)
        if keep:
            fresh.add_party(
                [
                    {"name": n, **enc.combatant(n).to_dict(), "hidden": enc.hidden(n)}
                    for n in enc.names
                ]
            )
        autosave = enc.autosave is not None
        enc.autosave = None  # its file holds every change already
        self._switch(fresh, None, resume_autosave=autosave)

    @staticmethod
    def _blame(rules: RuleSet, options: dict[str, object]) -> str:
        """The option a refusal is about: the first one refused on its own."""
        for name, value in options.items():
            try:
                rules.with_options({name: value})
            except RuleError:
                return name
        return ""

    @panel_command
    def autosave(self, on: bool, name: str | None = None) -> None:
        """Autosave after every change to the file named ``name`` (the fight's own file when
        left out), or stop. The fight's own file is brought up to date first; any other file
        that holds a fight is refused: it is never overwritten. A refusal is shown next to
        the file name (``form_error``)."""
        self.on_form("autosave", lambda: "name", lambda: self._autosave(on, name))

    def _autosave(self, on: bool, name: str | None) -> None:
        enc = self.encounter
        if not on:
            enc.autosave = None
            self._done()
            return
        path = self._file if not name or not name.strip() else self._path(name)
        if path is None:
            raise RuleError("Type a file name first; then the fight autosaves there.")
        if path == enc.autosave:
            return
        if path == self._file:
            enc.save(path)  # its own file, written as it stands now
        elif path.exists():
            raise RuleError(
                f"{path.name} holds another saved fight, which autosave never overwrites: type "
                "a new file name, or Load that fight."
            )
        enc.autosave = path
        self._file, self._saved, self._resume_autosave = path, True, False
        self._done()

    def player_page_changed(self) -> None:
        """The player page opened or closed (here, or by the Players part's New link)."""
        self.put("player_url", self.host.player_page.url)

    @panel_command
    def player_page(self, on: bool) -> None:
        """Serve the players' page of the fight on screen (it follows Load and New fight), or
        stop serving it. A refusal is shown under the row of buttons (``form_error``)."""
        page = self.host.player_page
        self.on_form(
            "player_page", lambda: "", lambda: page.open(self.encounter) if on else page.close()
        )

    @panel_command
    def list_files(self) -> None:
        """Look at the folder again."""
        self.put("files", self._listing())

    @contextmanager
    def _autosave_released(self) -> Iterator[bool]:
        """Stop the fight on screen autosaving while the next one is made, so that it can take
        the file (its file holds every change already); yields whether it autosaved. If making
        the next one fails, the fight on screen goes on autosaving as before."""
        enc = self.encounter
        before = enc.autosave
        enc.autosave = None
        try:
            yield before is not None
        except BaseException:
            with suppress(RuleError):  # the file is no longer a fight: autosave stays off
                enc.autosave = before
            raise

    def _switch(
        self, encounter: Encounter[Any], path: Path | None, *, resume_autosave: bool = False
    ) -> None:
        """Put ``encounter`` under the same screen; this panel keeps going in the new binding."""
        self.host.rebind(encounter)
        panel = self.host.part(self.key)
        assert isinstance(panel, FilesPart)
        panel._file, panel._saved = path, path is not None
        panel._resume_autosave = resume_autosave
        panel._done()

    def _done(self) -> None:
        self.refresh(None)
