"""One writer per file (issue 17): an encounter autosaving to a file holds its lock while it lives;
another encounter, in this kernel or another, is refused and told who holds it; a killed kernel's
lock is taken over; nothing is left beside the file. Files are written through symbolic links."""

from __future__ import annotations

import errno
import gc
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bpb_widgets import Encounter, EncounterFileError
from bpb_widgets.engine import storage
from tests.engine.helpers import seed_cast, snapshot

ROOT = Path(__file__).resolve().parents[2]


def leftovers(folder: Path) -> list[str]:
    """Files beside the fight: temporary files and locks."""
    return sorted(p.name for p in folder.iterdir() if p.name != "fight.json")


# -- within one process -------------------------------------------------------------------------


def test_two_live_encounters_cannot_autosave_to_one_file(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    a = Encounter(seed=5, autosave=path)
    with pytest.raises(EncounterFileError, match="already autosaved by another encounter") as no:
        Encounter(seed=5, autosave=path)
    assert f"process {os.getpid()}" in str(no.value) and "in this kernel" in str(no.value)
    a.add("Alice")
    with pytest.raises(EncounterFileError, match="already autosaved"):
        Encounter.load(path, autosave=True)  # the cell run again while the old fight lives
    a.add("Bob")
    assert Encounter.load(path).names == ["Alice", "Bob"]  # reading it is fine


def test_the_lock_is_let_go_when_autosave_stops_or_the_encounter_is_collected(
    tmp_path: Path,
) -> None:
    path = tmp_path / "fight.json"
    a = seed_cast(Encounter(seed=5, autosave=path))
    a.start()  # the journal now refers back to the encounter: only the cycle collector frees it
    a.autosave = None
    assert leftovers(tmp_path) == []
    b = Encounter.load(path, autosave=True)
    b.end_turn()
    del b  # unreachable, not yet collected: claiming the file collects it
    c = Encounter.load(path, autosave=True)
    assert c.current == "Ganyeka"
    c.autosave = tmp_path / "other.json"  # moving on lets go of the first file
    d = Encounter.load(path, autosave=True)
    assert d.autosave == path
    d.autosave = path  # the file it already holds: fine
    with pytest.raises(EncounterFileError, match="already autosaved"):
        c.autosave = path


def test_save_refuses_a_file_another_encounter_autosaves(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    a = seed_cast(Encounter(seed=5, autosave=path))
    before = path.read_bytes()
    with pytest.raises(EncounterFileError, match="already autosaved"):
        Encounter(seed=5).save(path)
    assert path.read_bytes() == before
    a.save(path)  # its own file
    a.autosave = None
    Encounter(seed=5).save(path)  # nobody holds it now: an explicit save overwrites a fight
    assert leftovers(tmp_path) == []


def test_autosave_writes_through_a_symbolic_link_and_a_link_shares_the_lock(
    tmp_path: Path,
) -> None:
    real, link = tmp_path / "fight.json", tmp_path / "link.json"
    seed_cast(Encounter(seed=5)).save(real)
    link.symlink_to(real)
    enc = Encounter.load(link, autosave=True)
    enc.start()
    enc.end_turn()
    assert link.is_symlink() and snapshot(Encounter.load(real)) == snapshot(enc)
    with pytest.raises(EncounterFileError, match="already autosaved"):
        Encounter.load(real, autosave=True)
    enc.save(link)
    assert link.is_symlink()
    enc.autosave = None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.json", "link.json"]


def test_temporary_files_a_killed_writer_left_are_removed_on_the_next_save(
    tmp_path: Path,
) -> None:
    path = tmp_path / "fight.json"
    Encounter(seed=5).save(path)
    for stray in (".fight.json.ab12cd_9.tmp", ".fight.json.zzzzzzzz.tmp"):
        (tmp_path / stray).write_text('{"format":"bpb_widgets.encounter"')
    keep = [".other.json.ab12cd34.tmp", ".fight.json.notes.tmp", "fight.json.ab12cd34.tmp"]
    for name in keep:
        (tmp_path / name).write_text("not ours")
    enc = Encounter.load(path, autosave=True)
    assert leftovers(tmp_path) == sorted([".fight.json.lock", *keep])
    enc.autosave = None
    (tmp_path / ".fight.json.ab12cd34.tmp").write_text("{")
    Encounter.load(path).save(path)
    assert leftovers(tmp_path) == sorted(keep)


def test_the_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    Encounter(seed=5).save(path)
    path.chmod(0o640)
    enc = Encounter.load(path, autosave=True)
    enc.add("Ann")
    assert path.stat().st_mode & 0o777 == 0o640


# -- two processes, one file ----------------------------------------------------------------------

HOLDER = """
import os, sys
from bpb_widgets import Encounter
enc = Encounter(seed=5, autosave=sys.argv[1])
enc.add("Alice")
print("ready", os.getpid(), flush=True)
sys.stdin.readline()
enc.add("Carol")
print("done", flush=True)
"""


@contextmanager
def holder(path: Path) -> Iterator[subprocess.Popen[str]]:
    """Another kernel autosaving to ``path``, waiting for a line on stdin to add Carol."""
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().split() == ["ready", str(child.pid)]
        yield child
    finally:
        if child.poll() is None:
            child.kill()
        child.wait(10)


def test_two_processes_one_file(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    with holder(path) as child:
        with pytest.raises(EncounterFileError, match=f"process {child.pid} on ") as no:
            Encounter(seed=5, autosave=path)
        assert "in this kernel" not in str(no.value)
        with pytest.raises(EncounterFileError, match=f"process {child.pid}"):
            Encounter.load(path, autosave=True)
        with pytest.raises(EncounterFileError, match=f"process {child.pid}"):
            Encounter(seed=5).save(path)
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write("go\n")
        child.stdin.flush()
        assert child.stdout.readline().strip() == "done"
        assert child.wait(10) == 0
    assert leftovers(tmp_path) == []  # let go at exit
    enc = Encounter.load(path, autosave=True)
    assert enc.names == ["Alice", "Carol"]


def test_a_killed_kernels_lock_is_taken_over(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    with holder(path) as child:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
    assert leftovers(tmp_path) == [".fight.json.lock"]  # it could not clean up
    enc = Encounter.load(path, autosave=True)  # the OS let go of its lock
    enc.add("Dora")
    assert Encounter.load(path).names == ["Alice", "Dora"]
    enc.autosave = None
    assert leftovers(tmp_path) == []


WRITER = """
import sys
from bpb_widgets import Encounter
enc = Encounter.load(sys.argv[1], autosave=True)
print("ready", flush=True)
while True:
    enc.end_turn()
    if enc.round % 3 == 0:
        enc.undo(2)
        enc.redo(2)
"""


def test_kill_9_mid_write_loses_no_fight_and_leaves_nothing_behind(tmp_path: Path) -> None:
    """A kernel killed while it autosaves (a big fight: most of its time is spent writing):
    the file is always a whole fight, and the next save removes whatever it left."""
    path = tmp_path / "fight.json"
    enc = Encounter(seed=2)
    for i in range(300):
        enc.add(f"Goon {i:03d}")
    enc.start()
    enc.save(path)
    rng = random.Random(17)
    orphans = 0
    for _ in range(6):
        child = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True, cwd=ROOT
        )
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.05, 0.4))
        child.send_signal(signal.SIGKILL)
        child.wait(10)
        orphans += sum(p.name.endswith(".tmp") for p in tmp_path.iterdir())
        survivor = Encounter.load(path, autosave=True)  # whole, and the lock taken over
        assert survivor.round >= 1
        assert [p for p in leftovers(tmp_path) if p.endswith(".tmp")] == []
        survivor.autosave = None
        assert leftovers(tmp_path) == []
    print(f"orphan temporary files found after 6 kills: {orphans}")


def test_without_flock_a_lock_of_a_process_gone_is_taken_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the file system has no ``flock`` (some network file systems), the lock file says
    who holds it: a live process keeps it, a process gone does not."""
    import fcntl

    def no_flock(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    path = tmp_path / "fight.json"
    with holder(path) as child:
        monkeypatch.setattr(fcntl, "flock", no_flock)
        with pytest.raises(EncounterFileError, match=f"process {child.pid}"):
            Encounter.load(path, autosave=True)
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
    enc = Encounter.load(path, autosave=True)
    assert enc.names == ["Alice"]
    del enc
    gc.collect()


def test_the_lock_file_names_its_holder(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    enc = Encounter(seed=5, autosave=path)
    lock = enc._history.lock
    assert lock is not None and lock.held
    owner = lock.owner()
    assert owner["pid"] == os.getpid() and owner["host"] and owner["since"]
    enc.autosave = None
    assert not lock.held
    lock.release()  # again: nothing happens
    assert storage._HELD == {} or all(k.parent != tmp_path for k in storage._HELD)
