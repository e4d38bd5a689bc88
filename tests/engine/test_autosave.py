"""Autosave: every accepted command, undo and redo rewrites the file atomically; a crash loses
nothing; other files are never overwritten; a failed write changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bpb_widgets import Encounter, EncounterFileError
from bpb_widgets.engine import storage
from tests.engine.helpers import seed_cast, snapshot


def test_every_command_undo_and_redo_is_on_disk_at_once(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    enc = seed_cast(Encounter(seed=5, autosave=path))
    enc.start()
    enc.dodge("Monolith", attacker="Blueshift", rank=3)
    enc.end_turn()
    assert snapshot(Encounter.load(path)) == snapshot(enc)  # a crash now loses nothing
    enc.undo(2)
    assert snapshot(Encounter.load(path)) == snapshot(enc)
    enc.redo()
    assert snapshot(Encounter.load(path)) == snapshot(enc)
    # no temporary file left behind; the lock says who writes the file, until autosave stops
    assert sorted(p.name for p in tmp_path.iterdir()) == [".fight.json.lock", "fight.json"]
    enc.autosave = None
    assert [p.name for p in tmp_path.iterdir()] == ["fight.json"]


def test_a_loaded_fight_goes_on_autosaving_to_its_file(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    enc = seed_cast(Encounter(seed=5, autosave=path))
    enc.start()
    del enc  # the kernel that ran it is gone (its lock with it)
    resumed = Encounter.load(path, autosave=True)
    resumed.end_turn()
    assert Encounter.load(path).current == resumed.current == "Ganyeka"
    assert Encounter.load(path).can_undo


def test_a_refused_command_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    enc = seed_cast(Encounter(seed=5, autosave=path))
    before = path.read_bytes()
    with pytest.raises(ValueError):
        enc.end_turn()
    assert path.read_bytes() == before


def test_another_fight_or_a_foreign_file_is_never_overwritten(tmp_path: Path) -> None:
    fight, notes = tmp_path / "fight.json", tmp_path / "notes.txt"
    seed_cast(Encounter(seed=5)).save(fight)
    notes.write_text("session notes")
    saved = fight.read_bytes()
    with pytest.raises(EncounterFileError, match="already holds another saved fight"):
        Encounter(seed=6, autosave=fight)
    with pytest.raises(EncounterFileError, match="will not be overwritten"):
        Encounter(seed=6, autosave=notes)
    assert fight.read_bytes() == saved and notes.read_text() == "session notes"


def test_a_truncated_autosave_is_a_clear_error_and_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    enc = seed_cast(Encounter(seed=5, autosave=path))
    enc.start()
    path.write_bytes(path.read_bytes()[:-40])
    damaged = path.read_bytes()
    with pytest.raises(EncounterFileError):
        Encounter.load(path, autosave=True)
    with pytest.raises(EncounterFileError):
        Encounter(seed=5, autosave=path)
    assert path.read_bytes() == damaged


def test_a_failed_write_refuses_the_command_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "fight.json"
    enc = seed_cast(Encounter(seed=5, autosave=path))
    enc.start()
    before, on_disk = snapshot(enc), path.read_bytes()

    def disk_full(target: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "write_atomic", disk_full)
    for act in (
        enc.end_turn,
        enc.undo,
        lambda: enc.dodge("Monolith", attacker="Blueshift", rank=3),
    ):
        with pytest.raises(EncounterFileError, match="No space left on device"):
            act()
        assert snapshot(enc) == before
    assert path.read_bytes() == on_disk


def test_autosave_can_be_switched_off_and_must_be_a_path(tmp_path: Path) -> None:
    enc = Encounter(seed=1, autosave=tmp_path / "a.json")
    enc.autosave = None
    enc.add("Late")
    assert "Late" not in (tmp_path / "a.json").read_text()
    with pytest.raises(ValueError, match="file path"):
        enc.autosave = 42  # type: ignore[assignment]
    with pytest.raises(EncounterFileError, match="folder does not exist"):
        enc.autosave = tmp_path / "missing" / "fight.json"
