"""Loading checks everything it will replay (issue 17, point 6): the undone commands too, the
format version exactly, the header against its checksum; ``redo(n)`` is all or nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bpb_widgets import Encounter, EncounterFileError, RuleError
from bpb_widgets.engine import storage
from tests.engine.helpers import snapshot, started


def with_undone(steps: int = 3) -> Encounter:
    enc = started(seed=8)
    enc.dodge("Monolith", attacker="Blueshift", rank=3)
    enc.end_turn()
    enc.block("Blueshift", attacker="Ganyeka", rank=2)
    enc.end_turn()
    enc.undo(steps)
    return enc


def edited(enc: Encounter, **fields: Any) -> str:
    return json.dumps({**json.loads(enc.to_json()), **fields})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda u: u[1]["args"].update(then=[]), "command list is damaged"),
        (lambda u: u[1]["args"].update(rank="high"), "undone command 2 \\(block\\) fails"),
        (lambda u: u[2].update(rolls=[[1, 1]]), "do not match this encounter's seed"),
        (
            lambda u: u.insert(0, {"cmd": "take_delayed", "args": {"name": "Ganyeka"}}),
            "not holding",
        ),
        (lambda u: u.append({"cmd": "end_turn", "args": {}, "rolls": "x"}), "damaged"),
    ],
    ids=["unknown argument", "wrong type", "wrong dice", "refused", "damaged rolls"],
)
def test_a_tampered_redo_list_is_refused_on_load(change: Any, message: str) -> None:
    enc = with_undone()
    data = json.loads(enc.to_json())
    change(data["undone"])
    with pytest.raises(EncounterFileError, match=message):
        Encounter.from_json(json.dumps(data))


def test_a_loaded_redo_list_redoes_exactly() -> None:
    enc = with_undone()
    loaded = Encounter.from_json(enc.to_json())
    assert snapshot(loaded) == snapshot(enc)
    loaded.redo(3)
    enc.redo(3)
    assert snapshot(loaded) == snapshot(enc)


def test_redo_of_several_steps_is_all_or_nothing() -> None:
    enc = with_undone()
    enc._history.redo_records[-2]["args"]["rank"] = 99  # the second to redo cannot be
    before = snapshot(enc)
    with pytest.raises(RuleError, match=r"impossible|rank"):
        enc.redo(3)
    assert snapshot(enc) == before  # the first, redone, is undone again
    enc._history.redo_records[-2]["args"]["rank"] = 2
    enc.redo(3)
    assert not enc.can_redo


def test_a_failed_autosave_during_redo_redoes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    enc = with_undone()
    enc.autosave = tmp_path / "fight.json"
    before, on_disk = snapshot(enc), (tmp_path / "fight.json").read_bytes()

    def disk_full(target: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "write_atomic", disk_full)
    with pytest.raises(EncounterFileError, match="No space left"):
        enc.redo(2)
    assert snapshot(enc) == before
    assert (tmp_path / "fight.json").read_bytes() == on_disk


def test_undoing_twice_in_a_row_saves_the_redo_list_in_order(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    enc = with_undone(steps=1)
    enc.autosave = path
    enc.undo()
    enc.undo(2)
    assert snapshot(Encounter.load(path)) == snapshot(enc)
    loaded = Encounter.load(path)
    loaded.redo(4)
    enc.redo(4)
    assert snapshot(loaded) == snapshot(enc)


@pytest.mark.parametrize("version", [True, 1.0, 2.0, "2", None, [2]])
def test_the_version_is_a_whole_number_exactly(version: object) -> None:
    with pytest.raises(EncounterFileError, match="format version"):
        Encounter.from_json(edited(started(), version=version))


@pytest.mark.parametrize(
    "fields",
    [
        {"options": {"expertise_bonus": 2}},
        {"seed": 6},
        {"rules": "bpb2e-wiki"},
        {"source": "my table"},
    ],
    ids=["options", "seed", "rules", "source"],
)
def test_an_edited_header_is_refused(fields: dict[str, Any]) -> None:
    enc = started()
    data = json.loads(enc.to_json())
    for key, value in fields.items():
        data[key] = {**data[key], **value} if isinstance(value, dict) else value
    with pytest.raises(EncounterFileError, match="changed after it was saved"):
        Encounter.from_json(json.dumps(data))


def test_a_file_without_a_checksum_still_loads() -> None:
    """Files saved before the checksum (version 2 without it, and version 1) load as before."""
    enc = with_undone()
    data = json.loads(enc.to_json())
    del data["check"]
    assert snapshot(Encounter.from_json(json.dumps(data))) == snapshot(enc)


def test_a_file_past_the_limits_is_refused_before_it_is_read_or_replayed(tmp_path: Path) -> None:
    """Issue 33, point 8: Load is bounded. A file of 60,000 End turns (more commands than a
    saved fight holds) is refused before any is replayed, and one past the size limit before it
    is read; each with an error that says the limit. The Files panel shows the same."""
    from bpb_widgets.widgets import GMScreen

    enc = started(seed=8)
    head = json.loads(enc.to_json())
    turns = tmp_path / "turns.fight.json"
    end_turn = {"cmd": "end_turn", "args": {}}
    turns.write_text(json.dumps({**head, "commands": head["commands"] + [end_turn] * 60_000}))
    with pytest.raises(EncounterFileError, match=r"more than 50,000 commands.*not replayed"):
        Encounter.load(turns)
    huge = tmp_path / "huge.fight.json"
    with huge.open("wb") as file:
        file.write(enc.to_json().encode())
        file.truncate(storage.MAX_FILE_BYTES + 1)  # sparse: nothing to read but its size
    with pytest.raises(EncounterFileError, match=r"huge\.fight\.json is 32\.0 MB: a saved fight"):
        Encounter.load(huge)
    with pytest.raises(EncounterFileError, match="at most 32 MB"):
        Encounter.from_json(" " * (storage.MAX_FILE_BYTES + 1))
    screen = GMScreen(enc, folder=tmp_path)
    screen._on_message(None, {"panel": "files", "cmd": "load", "name": "turns.fight.json"}, [])
    assert "more than 50,000 commands" in screen.panels["files"]["error"]
    assert screen.encounter is enc


def test_no_fight_grows_past_what_load_reads(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The limits hold on the writing side too, so that every saved fight loads: a command past
    ``MAX_COMMANDS`` is refused (save and go on in a new fight), and so is a file past
    ``MAX_FILE_BYTES`` (nothing written, the command refused with it)."""
    enc = started(seed=8)
    monkeypatch.setattr(storage, "MAX_COMMANDS", len(enc.history) + 1)
    enc.end_turn()
    before = snapshot(enc)
    with pytest.raises(RuleError, match="the most a saved fight holds: save it"):
        enc.end_turn()
    assert snapshot(enc) == before
    assert snapshot(Encounter.load(enc.save(tmp_path / "full.fight.json"))) == snapshot(enc)
    monkeypatch.setattr(storage, "MAX_COMMANDS", 50_000)
    enc.autosave = tmp_path / "auto.fight.json"
    monkeypatch.setattr(storage, "MAX_FILE_BYTES", len(enc.to_json().encode()) + 10)
    with pytest.raises(EncounterFileError, match="nothing was written"):
        enc.end_turn()
    assert snapshot(enc) == before
    assert Encounter.load(tmp_path / "auto.fight.json").to_json() == enc.to_json()
