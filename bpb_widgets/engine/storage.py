"""The encounter file: versioned JSON, written atomically, read back for replay.

A file holds a header (format, version, seed, the rule set and its options, and a checksum of
them) and every accepted command (with the dice it rolled), plus the undone commands that redo can
bring back; most files also hold a snapshot of the fight as it stands (``snapshot.py``) and end
with the SHA-256 digest of everything before it, so that an unchanged file is read from its
snapshot (``read_snapshot``). This module knows the file's shape, not the rules:
``Encounter.from_json`` replays what it reads otherwise, each game system bringing what a
version 1 file (bpb_widgets 0.1) saved up to date (``upgrade_options``, ``upgrade_record``). One
encounter at a time autosaves to a file: it holds the file's :class:`AutosaveLock`.
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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bpb_widgets.errors import RuleError

FORMAT = "bpb_widgets.encounter"
VERSION = 4
#: Versions this bpb_widgets reads.
READABLE = (1, 2, 3, 4)
#: The largest encounter file, and the most commands (accepted and undone) it holds: far beyond
#: any fight (a long one has a few thousand commands), so that a file past them is refused before
#: it is read whole or replayed (minutes and gigabytes), and no fight grows past them.
MAX_FILE_BYTES = 32 * 2**20
MAX_COMMANDS = 50_000

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


def encode(
    header: Mapping[str, Any], commands: list[str], undone: list[Record], state: str | None = None
) -> str:
    """The file text: the ``header`` (and its checksum), the ``undone`` commands, the fight's
    ``state`` (a snapshot, if given), the already encoded ``commands``, and with a snapshot the
    digest of everything before it."""
    head = compact({"format": FORMAT, "version": VERSION, **header, "check": checksum(header)})
    tail = ",".join(compact(record) for record in undone)
    middle = "" if state is None else f',"snapshot":{state}'
    text = f'{head[:-1]},"undone":[{tail}]{middle},"commands":[{",".join(commands)}]'
    if state is None:
        return text + "}"
    return f'{text},"digest":"{hashlib.sha256(text.encode()).hexdigest()}"}}'


#: How a file with a snapshot ends: the digest of everything before it (77 characters).
_DIGEST = re.compile(r',"digest":"([0-9a-f]{64})"\}')
_DIGEST_LENGTH = len(',"digest":"') + 64 + len('"}')


@dataclass(frozen=True)
class Snapshot:
    """A file read by its snapshot: the header, undone commands and snapshot read, the accepted
    commands left as the file's text (``past``, the inside of their list)."""

    version: int
    header: dict[str, Any]
    undone: list[Record]
    state: dict[str, Any]
    past: str


def read_snapshot(
    text: str | bytes, parse: Callable[[str, int], tuple[Any, int]]
) -> Snapshot | None:
    """A file's snapshot, read by ``parse(text, where it starts)``, if it has one whose digest
    matches the file (None: the file must be replayed). Its commands are not parsed: the digest
    shows they are as saved with the snapshot."""
    if len(text) > MAX_FILE_BYTES or len(text) < _DIGEST_LENGTH:
        return None
    data = memoryview(text if isinstance(text, bytes) else text.encode("utf-8"))
    end = _DIGEST.fullmatch(str(data[-_DIGEST_LENGTH:], "ascii", "replace"))
    if end is None or hashlib.sha256(data[:-_DIGEST_LENGTH]).hexdigest() != end[1]:
        return None
    decoder = json.JSONDecoder()
    values: dict[str, Any] = {}
    try:
        body = (
            str(data[:-_DIGEST_LENGTH], "utf-8")
            if isinstance(text, bytes)
            else text[:-_DIGEST_LENGTH]
        )
        at = 1
        while True:
            key, at = decoder.raw_decode(body, at)
            if body[at] != ":":
                return None
            if key == "commands":
                break
            read = parse if key == "snapshot" else decoder.raw_decode
            values[key], at = read(body, at + 1)
            if body[at] != ",":
                return None
            at += 1
    except (ValueError, IndexError, RecursionError):  # UnicodeDecodeError is a ValueError
        return None
    past = body[at + 2 : -1]
    version, undone, state = (values.pop(key, None) for key in ("version", "undone", "snapshot"))
    check = values.pop("check", None)
    if (
        body[at + 1 : at + 2] != "["
        or not body.endswith("]")
        or values.pop("format", None) != FORMAT
        or version != VERSION
        or not isinstance(undone, list)
        or not all(map(_is_record, undone))
        or not isinstance(state, dict)
        or not isinstance(values.get("options"), dict)
        or check != checksum(values)
    ):
        return None
    return Snapshot(version, values, undone, state, past)


def decode(text: str | bytes) -> Saved:
    """Read a file's text, checking its format, version and the shape of every record; one past
    ``MAX_FILE_BYTES`` or ``MAX_COMMANDS`` is refused before it is parsed."""
    if len(text) > MAX_FILE_BYTES:
        raise too_large(f"This encounter is {len(text) / 2**20:.1f} MB long")
    count = text.count(b'"cmd"') if isinstance(text, bytes) else text.count('"cmd"')
    if count > MAX_COMMANDS:
        raise too_many()
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
    if len(commands) + len(undone) > MAX_COMMANDS:
        raise too_many()
    if not isinstance(data.get("options"), dict):
        raise EncounterFileError("The encounter file's rule options are damaged.")
    check = data.pop("check", None)
    del data["format"], data["version"]
    data.pop("snapshot", None)
    data.pop("digest", None)
    if check is not None and check != checksum(data):
        raise EncounterFileError(
            "The encounter file's header (seed, rule set or rule options) was changed after it "
            "was saved: it would replay to another fight."
        )
    return Saved(version, data, commands, undone)


def too_large(what: str) -> EncounterFileError:
    return EncounterFileError(
        f"{what}: a saved fight is at most {MAX_FILE_BYTES // 2**20} MB. It was not read."
    )


def too_many() -> EncounterFileError:
    return EncounterFileError(
        f"This encounter file holds more than {MAX_COMMANDS:,} commands, the most a saved fight "
        "holds. It was not replayed."
    )


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
    permissions. Failures are ``EncounterFileError``s that say what to do; so is a text past
    ``MAX_FILE_BYTES``, which Load would refuse (nothing is written)."""
    data = text.encode("utf-8")
    if len(data) > MAX_FILE_BYTES:
        raise EncounterFileError(
            f"This fight's file would be {len(data) / 2**20:.1f} MB, more than the "
            f"{MAX_FILE_BYTES // 2**20} MB a saved fight may be; nothing was written. Go on in a "
            "new fight (New fight keeps the combatants)."
        )
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
        with os.fdopen(fd, "wb") as out:
            out.write(data)
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
    one that holds this same fight (saved or loaded from there, perhaps at an earlier point).
    Any other file, a saved fight or not, is never overwritten."""
    if not path.parent.is_dir():
        raise EncounterFileError(f"Cannot autosave to {path}: the folder does not exist.")
    if path.exists():
        check_ours(path)
        saved = read(path)
        if saved != text.encode("utf-8") and not earlier(saved, text):
            raise EncounterFileError(
                f"{path} already holds another saved fight; load it with "
                f"Encounter.load({str(path)!r}, autosave=True), or autosave to a new file."
            )


def earlier(saved: bytes, text: str) -> bool:
    """Whether ``saved`` holds the fight ``text`` holds at an earlier point: the same set-up
    (seed, rule set and options) and accepted commands that ``text``'s begin with (saved, then
    played on)."""
    try:
        old, new = decode(saved), decode(text)
    except EncounterFileError:
        return False
    return old.header == new.header and new.commands[: len(old.commands)] == old.commands


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
    """The bytes of a saved encounter; a file past ``MAX_FILE_BYTES`` is refused unread."""
    try:
        with path.open("rb") as file:
            size = os.fstat(file.fileno()).st_size
            data = b"" if size > MAX_FILE_BYTES else file.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise MissingEncounterFile(f"There is no saved encounter at {path}.") from None
    except IsADirectoryError:
        raise EncounterFileError(f"{path} is a folder, not a saved encounter.") from None
    except OSError as error:
        raise EncounterFileError(f"Cannot read {path}: {error.strerror or error}.") from None
    if size > MAX_FILE_BYTES or len(data) > MAX_FILE_BYTES:
        raise too_large(f"{path.name} is {max(size, len(data)) / 2**20:.1f} MB")
    return data


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
