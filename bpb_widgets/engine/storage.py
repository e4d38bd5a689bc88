"""The encounter file: versioned JSON, written atomically, read back for replay.

A file holds a header (format, version, seed, the rule set and its options) and every accepted
command (with the dice it rolled), plus the undone commands that redo can bring back. This module
knows the file's shape, not the rules: ``Encounter.from_json`` replays what it reads, each game
system bringing what a version 1 file (bpb_widgets 0.1) saved up to date (``upgrade_options``,
``upgrade_record``).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bpb_widgets.errors import RuleError

FORMAT = "bpb_widgets.encounter"
VERSION = 2
#: Versions this bpb_widgets reads.
READABLE = (1, 2)

#: One saved command: {"cmd": name, "args": {...}, "rolls": [[...], ...]}.
Record = dict[str, Any]


class EncounterFileError(RuleError):
    """A file that is not a readable bpb_widgets encounter (corrupt, truncated or foreign)."""


@dataclass(frozen=True)
class Saved:
    """A file's content, checked for shape (not yet replayed)."""

    version: int
    header: dict[str, Any]
    commands: list[Record]
    undone: list[Record]


def compact(value: object) -> str:
    """JSON without spaces, unicode kept as typed."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def encode(header: Mapping[str, Any], commands: list[str], undone: list[Record]) -> str:
    """The file text: the ``header``, the already encoded ``commands``, the ``undone`` ones."""
    head = compact({"format": FORMAT, "version": VERSION, **header})
    tail = ",".join(compact(record) for record in undone)
    return f'{head[:-1]},"commands":[{",".join(commands)}],"undone":[{tail}]}}'


def decode(text: str | bytes) -> Saved:
    """Read a file's text, checking its format, version and the shape of every record."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise EncounterFileError(
            f"This is not a saved encounter (not valid JSON: {error})."
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise EncounterFileError("This JSON is not a bpb_widgets encounter.")
    version = data.get("version")
    if isinstance(version, bool) or version not in READABLE:
        raise EncounterFileError(
            f"This encounter was saved in format version {version!r}; "
            f"this bpb_widgets reads versions {', '.join(map(str, READABLE))}."
        )
    commands, undone = data.pop("commands", None), data.pop("undone", [])
    for records in (commands, undone):
        if not isinstance(records, list) or not all(map(_is_record, records)):
            raise EncounterFileError("The encounter file's command list is damaged.")
    if not isinstance(data.get("options"), dict):
        raise EncounterFileError("The encounter file's rule options are damaged.")
    del data["format"], data["version"]
    return Saved(version, data, commands, undone)


def _is_record(record: object) -> bool:
    """A saved command's shape: a name, keyword arguments, and the dice it rolled."""
    return (
        isinstance(record, dict)
        and isinstance(record.get("cmd"), str)
        and isinstance(record.get("args"), dict)
        and isinstance(record.get("rolls", []), list)
    )


def save(path: Path, text: str) -> Path:
    """Write ``text`` to ``path``; an existing file that is not an encounter is never
    overwritten."""
    if path.exists():
        check_ours(path)
    write_atomic(path, text)
    return path


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically: a complete temporary file beside it, then a rename
    over it, so a crash leaves either the old file or the new one, never half of one."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def claim(path: Path, text: str) -> None:
    """Check that an encounter whose file text is ``text`` may autosave to ``path``: a new file, or
    the file it was loaded from (unchanged since). Any other file, a saved fight or not, is never
    overwritten."""
    if not path.parent.is_dir():
        raise EncounterFileError(f"Cannot autosave to {path}: the folder does not exist.")
    if path.exists():
        check_ours(path)
        if path.read_text(encoding="utf-8") != text:
            raise EncounterFileError(
                f"{path} already holds another saved fight; load it with "
                f"Encounter.load({str(path)!r}, autosave=True), or autosave to a new file."
            )


def check_ours(path: Path) -> None:
    """Refuse ``path`` unless it starts like an encounter file."""
    try:
        with path.open("rb") as f:
            head = f.read(64)
    except OSError as error:
        raise EncounterFileError(f"Cannot read {path} to check it: {error}") from None
    if not head.startswith(f'{{"format":"{FORMAT}"'.encode()):
        raise EncounterFileError(
            f"{path} exists and is not a bpb_widgets encounter; it will not be overwritten."
        )


def read(path: Path) -> bytes:
    """The bytes of a saved encounter."""
    try:
        return path.read_bytes()
    except IsADirectoryError:
        raise EncounterFileError(f"{path} is a folder, not a saved encounter.") from None
