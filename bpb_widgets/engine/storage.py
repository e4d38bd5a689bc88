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

from bpb_widgets.errors import RuleError

if TYPE_CHECKING:
    from bpb_widgets.engine.encounter import Encounter

FORMAT = "bpb_widgets.encounter"
VERSION = 1


class EncounterFileError(RuleError):
    """A file that is not a readable bpb_widgets encounter (corrupt, truncated or foreign)."""


def dumps(enc: Encounter) -> str:
    data = {
        "format": FORMAT,
        "version": VERSION,
        "seed": enc.seed,
        "rules": enc.rules.name,
        "options": enc.rules.options(),
        "commands": enc.history,
        "undone": list(reversed(enc._redo)),
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def loads(cls: type[Encounter], text: str | bytes) -> Encounter:
    from bpb_widgets.engine.encounter import COMMANDS

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
        if not isinstance(records, list) or not all(_is_record(r, COMMANDS) for r in records):
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
    return (
        isinstance(record, dict)
        and record.get("cmd") in commands
        and isinstance(record.get("args"), dict)
        and isinstance(record.get("rolls", []), list)
    )


def save(enc: Encounter, path: Path) -> Path:
    """Write atomically: a complete temporary file beside ``path``, then a rename over it.

    An existing file at ``path`` that is not an encounter is never overwritten.
    """
    if path.exists():
        _check_ours(path)
    text = dumps(enc)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return path


def _check_ours(path: Path) -> None:
    try:
        with path.open("rb") as f:
            head = f.read(64)
    except OSError as error:
        raise EncounterFileError(f"Cannot read {path} to check it: {error}") from None
    if f'{{"format":"{FORMAT}"'.encode() not in head:
        raise EncounterFileError(
            f"{path} exists and is not a bpb_widgets encounter; it will not be overwritten."
        )


def load(cls: type[Encounter], path: Path) -> Encounter:
    return loads(cls, path.read_bytes())
