"""Saving and loading encounters: versioned JSON, written atomically, replayed on load.

The file holds the seed, the rule set and every accepted command (with the dice it rolled), plus
the undone commands that redo can bring back. Loading replays the commands, so the rebuilt
encounter is exact, undo history included; dice that do not match the seed are refused.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bpb_widgets.engine.command import commands_of, signature_of
from bpb_widgets.errors import RuleError

if TYPE_CHECKING:
    from bpb_widgets.engine.encounter import Encounter

FORMAT = "bpb_widgets.encounter"
VERSION = 1


class EncounterFileError(RuleError):
    """A file that is not a readable bpb_widgets encounter (corrupt, truncated or foreign)."""


def dumps(enc: Encounter) -> str:
    """The encounter file's text: the header, then every command as saved (each encoded once)."""
    return encode(enc, [done.encoded for done in enc._history], list(reversed(enc._redo)))


def encode(enc: Encounter, commands: list[str], undone: list[dict[str, Any]]) -> str:
    """The file text for ``enc``'s header with these encoded ``commands`` and ``undone`` ones."""
    head = compact(
        {
            "format": FORMAT,
            "version": VERSION,
            "seed": enc.seed,
            "rules": enc.rules.name,
            "options": enc.rules.options(),
        }
    )
    tail = ",".join(compact(record) for record in undone)
    return f'{head[:-1]},"commands":[{",".join(commands)}],"undone":[{tail}]}}'


def compact(value: object) -> str:
    """JSON without spaces, unicode kept as typed."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def loads(cls: type[Encounter], text: str | bytes) -> Encounter:
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise EncounterFileError(
            f"This is not a saved encounter (not valid JSON: {error})."
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise EncounterFileError("This JSON is not a bpb_widgets encounter.")
    if data.get("version") != VERSION:
        raise EncounterFileError(
            f"This encounter was saved in format version {data.get('version')!r}; "
            f"this bpb_widgets reads version {VERSION}."
        )
    commands, undone = data.get("commands"), data.get("undone", [])
    for records in (commands, undone):
        if not isinstance(records, list) or not all(
            _is_record(r, commands_of(cls)) for r in records
        ):
            raise EncounterFileError("The encounter file's command list is damaged.")
    options = data.get("options")
    if not isinstance(options, dict):
        raise EncounterFileError("The encounter file's rule options are damaged.")
    try:
        enc = cls(seed=data.get("seed"), rules=data.get("rules"), options=options)
        for number, record in enumerate(commands, 1):
            try:
                enc._replay(record)
            except (RuleError, TypeError) as error:
                raise EncounterFileError(
                    f"The encounter file does not replay: command {number} "
                    f"({record['cmd']}) fails: {error}"
                ) from None
    except EncounterFileError:
        raise
    except RuleError as error:
        raise EncounterFileError(f"The encounter file is damaged: {error}") from None
    enc._redo = list(reversed(undone))
    return enc


def _is_record(record: Any, commands: dict[str, Any]) -> bool:
    """A saved command: a known command name whose arguments fit its signature."""
    if not isinstance(record, dict) or not isinstance(record.get("cmd"), str):
        return False
    method, args = commands.get(record["cmd"]), record.get("args")
    if (
        method is None
        or not isinstance(args, dict)
        or not isinstance(record.get("rolls", []), list)
    ):
        return False
    try:
        signature_of(method).bind(None, **args)
    except TypeError:
        return False
    return True


def save(enc: Encounter, path: Path) -> Path:
    """Write ``enc`` to ``path``; an existing file that is not an encounter is never overwritten."""
    if path.exists():
        _check_ours(path)
    write_atomic(path, dumps(enc))
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


def claim(enc: Encounter, path: Path) -> None:
    """Check that ``enc`` may autosave to ``path``: a new file, or the file it was loaded from
    (unchanged since). Any other file, a saved fight or not, is never overwritten."""
    if not path.parent.is_dir():
        raise EncounterFileError(f"Cannot autosave to {path}: the folder does not exist.")
    if path.exists():
        _check_ours(path)
        if path.read_text(encoding="utf-8") != dumps(enc):
            raise EncounterFileError(
                f"{path} already holds another saved fight; load it with "
                f"Encounter.load({str(path)!r}, autosave=True), or autosave to a new file."
            )


def _check_ours(path: Path) -> None:
    try:
        with path.open("rb") as f:
            head = f.read(64)
    except OSError as error:
        raise EncounterFileError(f"Cannot read {path} to check it: {error}") from None
    if not head.startswith(f'{{"format":"{FORMAT}"'.encode()):
        raise EncounterFileError(
            f"{path} exists and is not a bpb_widgets encounter; it will not be overwritten."
        )


def load(cls: type[Encounter], path: Path) -> Encounter:
    try:
        text = path.read_bytes()
    except IsADirectoryError:
        raise EncounterFileError(f"{path} is a folder, not a saved encounter.") from None
    return loads(cls, text)
