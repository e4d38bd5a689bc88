"""The encounter file: versioned JSON, written atomically, read back for replay.

A file holds a header (format, version, seed, the rule set and its options, and a checksum of
them) and every accepted command (with the dice it rolled), plus the undone commands that redo can
bring back. This module knows the file's shape, not the rules: ``Encounter.from_json`` replays what
it reads, each game system bringing what a version 1 file (bpb_widgets 0.1) saved up to date
(``upgrade_options``, ``upgrade_record``). One encounter at a time autosaves to a file: it holds
the file's :class:`AutosaveLock`.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import hashlib
import json
import os
import re
import socket
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bpb_widgets.errors import RuleError

FORMAT = "bpb_widgets.encounter"
VERSION = 3
#: Versions this bpb_widgets reads.
READABLE = (1, 2, 3)

#: One saved command: {"cmd": name, "args": {...}, "rolls": [[...], ...]}.
Record = dict[str, Any]


class EncounterFileError(RuleError):
    """A file that is not a readable bpb_widgets encounter (corrupt, truncated or foreign), or one
    that cannot be written (a folder that is not writable, a file another encounter autosaves)."""


class MissingEncounterFile(EncounterFileError, FileNotFoundError):
    """No file at the path given to load (also a ``FileNotFoundError``)."""


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


def checksum(header: Mapping[str, Any]) -> str:
    """A short digest of a file's header (seed, rule set, options): a file whose rule options were
    edited by hand would replay to another fight, so it is refused."""
    canonical = json.dumps(header, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(canonical.encode("utf-8"), digest_size=8).hexdigest()


def encode(header: Mapping[str, Any], commands: list[str], undone: list[Record]) -> str:
    """The file text: the ``header`` (and its checksum), the already encoded ``commands``, the
    ``undone`` ones."""
    head = compact({"format": FORMAT, "version": VERSION, **header, "check": checksum(header)})
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
    except RecursionError:
        raise EncounterFileError(
            "This is not a saved encounter (it nests lists or mappings too deeply)."
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise EncounterFileError("This JSON is not a bpb_widgets encounter.")
    version = data.get("version")
    if type(version) is not int or version not in READABLE:
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
    check = data.pop("check", None)
    del data["format"], data["version"]
    if check is not None and check != checksum(data):
        raise EncounterFileError(
            "The encounter file's header (seed, rule set or rule options) was changed after it "
            "was saved: it would replay to another fight."
        )
    return Saved(version, data, commands, undone)


def _is_record(record: object) -> bool:
    """A saved command's shape: a name, keyword arguments, and the dice it rolled."""
    return (
        isinstance(record, dict)
        and isinstance(record.get("cmd"), str)
        and isinstance(record.get("args"), dict)
        and isinstance(record.get("rolls", []), list)
    )


def real_path(path: Path) -> Path:
    """Where writing ``path`` lands: through symbolic links to their target, so that saving to a
    link keeps the link (and every link to a file finds the same lock)."""
    return Path(os.path.realpath(path))


def save(path: Path, text: str, *, owner: AutosaveLock | None = None) -> Path:
    """Write ``text`` to ``path``; an existing file that is not an encounter is never
    overwritten, nor one another encounter autosaves to (``owner``: the lock the saving encounter
    holds, if any)."""
    target = real_path(path)
    if path.exists():
        check_ours(path)
    if owner is not None and owner.path == target:
        write_atomic(target, text)
    else:
        lock = AutosaveLock(target)
        try:
            write_atomic(target, text)
        finally:
            lock.release()
    return path


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically: a complete temporary file beside it, then a rename
    over it, so a crash leaves either the old file or the new one, never half of one. A symbolic
    link is written through (its target is replaced, the link kept); the file keeps its
    permissions. Failures are ``EncounterFileError``s that say what to do."""
    path = real_path(path)
    try:
        mode = path.stat().st_mode & 0o777
    except OSError:
        mode = 0o666 & ~_umask()
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise _unwritable(path, error) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fchmod(out.fileno(), mode)
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException as error:
        Path(temp).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise _unwritable(path, error) from None
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _unwritable(path: Path, error: OSError) -> EncounterFileError:
    return EncounterFileError(
        f"Could not write {path} ({error.strerror or error}); nothing was changed. Free some "
        "space, or choose a file in a folder you can write to."
    )


def claim(path: Path, text: str) -> None:
    """Check that an encounter whose file text is ``text`` may autosave to ``path``: a new file, or
    the file it was loaded from (unchanged since). Any other file, a saved fight or not, is never
    overwritten."""
    if not path.parent.is_dir():
        raise EncounterFileError(f"Cannot autosave to {path}: the folder does not exist.")
    if path.exists():
        check_ours(path)
        if read(path) != text.encode("utf-8"):
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
    except FileNotFoundError:
        raise MissingEncounterFile(f"There is no saved encounter at {path}.") from None
    except IsADirectoryError:
        raise EncounterFileError(f"{path} is a folder, not a saved encounter.") from None
    except OSError as error:
        raise EncounterFileError(f"Cannot read {path}: {error.strerror or error}.") from None


# -- one writer per file -----------------------------------------------------------------------

#: The locks this process holds, by the real path of the file each guards.
_HELD: dict[Path, AutosaveLock] = {}


class AutosaveLock:
    """The right to write one encounter file, held by one encounter at a time, in this process or
    any other (two kernels, one file).

    It is an OS lock (``flock``) on a lock file beside the encounter file, ``.fight.json.lock``,
    which says who holds it (process, host, since when). The OS releases it when the process
    ends, however it ends, so a killed kernel's lock never blocks anyone: the next encounter takes
    it over. Where the file system has no ``flock``, a lock whose process is gone is taken over.
    Taking the lock also removes the temporary files a killed writer left beside the file.
    """

    def __init__(self, path: Path) -> None:
        self.path = real_path(path)
        self._fd: int | None = None
        self.lock_path = self.path.with_name(f".{self.path.name}.lock")
        held = _HELD.get(self.path)
        if held is not None:
            gc.collect()  # an encounter nobody can reach any more lets go of its lock
            held = _HELD.get(self.path)
            if held is not None:
                raise _refusal(self.path, held.owner(), here=True)
        self._fd = self._acquire()
        _HELD[self.path] = self
        remove_leftovers(self.path)

    def owner(self) -> dict[str, Any]:
        """Who holds this lock: ``{"pid", "host", "since"}``."""
        return _owner_of(self.lock_path)

    def _acquire(self) -> int:
        for _attempt in range(20):
            try:
                fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as error:
                raise _unwritable(self.path, error) from None
            try:
                if not _lock(fd, self.lock_path):
                    raise _refusal(self.path, _owner_of(self.lock_path), here=False)
                if not _same_file(fd, self.lock_path):  # it was removed as we locked it: again
                    os.close(fd)
                    continue
                me = {"pid": os.getpid(), "host": socket.gethostname(), "since": _now()}
                data = json.dumps(me).encode()
                os.ftruncate(fd, 0)
                os.pwrite(fd, data, 0)
                return fd
            except BaseException:
                if _is_open(fd):
                    os.close(fd)
                raise
        raise EncounterFileError(f"Could not lock {self.path}: try again.")

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Let go of the file (again: nothing happens)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if _HELD.get(self.path) is self:
            del _HELD[self.path]
        try:
            if _same_file(fd, self.lock_path):
                self.lock_path.unlink(missing_ok=True)
        except OSError:
            pass
        finally:
            os.close(fd)

    def __repr__(self) -> str:
        return f"<AutosaveLock {self.path} {'held' if self.held else 'released'}>"


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S %Z", time.localtime())


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _same_file(fd: int, path: Path) -> bool:
    """Whether the open ``fd`` is still the file at ``path``."""
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except OSError:
        return False


def _lock(fd: int, path: Path) -> bool:
    """Take the OS lock on ``fd`` without waiting: False if someone holds it."""
    if sys.platform == "win32":  # pragma: no cover - the lock of one byte, released on exit
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError as error:
        if error.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):
            raise
        return not _alive(_owner_of(path))  # no flock here: a lock of a process gone is stale
    return True


def _alive(owner: Mapping[str, Any]) -> bool:
    """Whether the process that wrote ``owner`` still runs (if it ran on this host)."""
    pid = owner.get("pid")
    if type(pid) is not int or pid <= 0 or owner.get("host") != socket.gethostname():
        return False
    if pid == os.getpid():
        return False  # this process: the locks it holds are in _HELD
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, run by someone else
    return True


def _owner_of(lock_path: Path) -> dict[str, Any]:
    try:
        data = json.loads(lock_path.read_bytes() or b"{}")
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _refusal(path: Path, owner: Mapping[str, Any], *, here: bool) -> EncounterFileError:
    who = "another encounter in this kernel" if here else "another encounter"
    pid, host, since = owner.get("pid", "?"), owner.get("host", "?"), owner.get("since", "?")
    return EncounterFileError(
        f"{path.name} is already autosaved by {who} (process {pid} on {host}, since {since}). "
        "One encounter at a time writes a file: stop that one (enc.autosave = None, or close "
        "its kernel), or autosave to another file."
    )


def remove_leftovers(path: Path) -> None:
    """Remove the temporary files a killed writer left beside ``path`` (``.fight.json.*.tmp``);
    called by the holder of its lock, so none is being written."""
    pattern = re.compile(rf"\.{re.escape(path.name)}\.[A-Za-z0-9_]{{8}}\.tmp")
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return
    for entry in entries:
        if pattern.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
