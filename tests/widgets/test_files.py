"""Files from the GM screen (``files``): save, load in place (the screen's encounter becomes the
loaded fight, every part follows), new fight, autosave on and off, and refusals (file names
outside the folder, damaged files) that change nothing."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from system_kit import blackout_fight
from widget_kit import Wire, battle, fight, plain, to

from bpb_widgets import Encounter, EncounterFileError
from bpb_widgets.widgets import FightFiles, GMScreen


def files(screen: Any) -> dict[str, Any]:
    state: dict[str, Any] = screen.panels["files"]
    return state


def started(folder: Path) -> tuple[Encounter, GMScreen]:
    enc = battle()
    screen = GMScreen(enc, folder=folder)
    to(screen, "strip", "start")
    return enc, screen


def listed(screen: GMScreen) -> list[str]:
    return [f["name"] for f in files(screen)["files"]]


def test_the_files_part_shows_the_folder_and_its_fights(tmp_path: Path) -> None:
    fight().save(tmp_path / "old.fight.json")
    (tmp_path / "notes.txt").write_text("not listed")
    screen = GMScreen(battle(), folder=tmp_path)
    f = files(screen)
    assert f["folder"] == str(tmp_path)
    assert (f["file"], f["autosave"], f["saved"], f["status"]) == ("", "", False, "Not saved yet")
    assert listed(screen) == ["old.fight.json"]


def test_save_writes_the_fight_in_the_folder(tmp_path: Path) -> None:
    enc, screen = started(tmp_path)
    to(screen, "files", "save", name="warehouse")
    assert files(screen)["error"] == ""
    path = tmp_path / "warehouse.fight.json"
    assert Encounter.load(path).to_json() == enc.to_json()
    f = files(screen)
    assert (f["file"], f["saved"], f["status"]) == (
        "warehouse.fight.json",
        True,
        "Saved as warehouse.fight.json",
    )
    assert listed(screen) == ["warehouse.fight.json"]
    to(screen, "strip", "end_turn")
    assert files(screen)["saved"] is False
    assert files(screen)["status"] == "Changes since warehouse.fight.json was saved or loaded"
    assert Encounter.load(path).current == "Widow"  # nothing written without Save


def test_load_puts_the_saved_fight_under_the_same_screen(tmp_path: Path, wire: Wire) -> None:
    enc, screen = started(tmp_path)
    to(screen, "files", "save", name="warehouse.fight.json")
    to(screen, "attack", "roll", dice=[3, 3])
    to(screen, "attack", "answer", how="take")
    to(screen, "strip", "end_turn")
    assert screen.panels["roster"]["cards"]["Thug"]["vitals"]["value"] == 0
    to(screen, "files", "load", name="warehouse.fight.json")
    assert files(screen)["error"] == ""
    loaded = screen.encounter
    assert loaded is not enc
    assert loaded.to_json() == Encounter.load(tmp_path / "warehouse.fight.json").to_json()
    assert (loaded.current, enc.current) == ("Widow", "Brute")
    # every part follows the loaded fight
    assert screen.panels["strip"]["current"] == "Widow"
    assert screen.panels["roster"]["cards"]["Thug"]["vitals"]["value"] == 5
    assert screen.panels["attack"]["pending"] == [] and screen.panels["attack"]["result"] == {}
    assert [e["text"] for e in screen.panels["log"]["entries"]] == [e.text for e in loaded.log]
    f = files(screen)
    assert (f["file"], f["saved"]) == ("warehouse.fight.json", True)
    # the screen commands the loaded fight, and no longer follows the old one
    to(screen, "strip", "end_turn")
    assert loaded.current == "Thug" and enc.current == "Brute"
    enc.end_turn()
    assert screen.panels["strip"]["current"] == "Thug" == loaded.current
    assert loaded.can_undo  # the undo history came along
    # a view of the screen sees the same
    assert plain(wire.updates()["panels"]) != {}
    assert screen.get_state()["layout_panels"] == screen.layout_panels


def test_loading_a_fight_of_another_system_shows_its_parts(tmp_path: Path) -> None:
    other = blackout_fight()
    other.save(tmp_path / "bunker.fight.json")
    _enc, screen = started(tmp_path)
    to(screen, "files", "load", name="bunker.fight.json")
    assert files(screen)["error"] == ""
    assert screen.encounter.rules.name == "blackout"
    assert screen.layout_panels == [
        "strip",
        "roster",
        "combat",
        "initiative",
        "log",
        "files",
        "players",
    ]
    assert set(screen.panels) == set(screen.layout_panels)
    assert screen.panels["roster"]["names"] == ["Kara", "Vex", "Mech"]


def test_new_fight_keeping_the_combatants_or_not(tmp_path: Path) -> None:
    enc, screen = started(tmp_path)
    enc.hide("Brute")
    to(screen, "files", "new_fight", keep=True)
    assert files(screen)["error"] == ""
    fresh = screen.encounter
    assert fresh is not enc and fresh.rules == enc.rules
    assert fresh.names == enc.names and fresh.round == 0
    assert fresh.combatant("Widow") == enc.combatant("Widow") and fresh.hidden("Brute")
    assert screen.panels["strip"]["round"] == 0
    assert (files(screen)["file"], files(screen)["status"]) == ("", "Not saved yet")
    to(screen, "files", "new_fight")
    assert screen.encounter.names == [] and screen.panels["roster"]["cards"] == {}
    assert screen.panels["log"]["entries"] == []


def test_autosave_on_and_off(tmp_path: Path) -> None:
    enc, screen = started(tmp_path)
    to(screen, "files", "save", name="warehouse")
    to(screen, "files", "autosave", on=True)
    path = tmp_path / "warehouse.fight.json"
    assert enc.autosave == path and files(screen)["autosave"] == "warehouse.fight.json"
    assert files(screen)["status"].startswith("Autosaved to warehouse.fight.json")
    to(screen, "strip", "end_turn")
    assert Encounter.load(path).to_json() == enc.to_json()
    assert files(screen)["saved"] is True
    to(screen, "files", "autosave", on=False)
    assert enc.autosave is None and files(screen)["autosave"] == ""
    to(screen, "strip", "end_turn")
    assert Encounter.load(path).current == "Thug"  # no longer written
    assert files(screen)["saved"] is False


def test_saving_elsewhere_moves_the_autosave_and_a_loaded_fight_goes_on_autosaving(
    tmp_path: Path,
) -> None:
    enc, screen = started(tmp_path)
    to(screen, "files", "save", name="one")
    to(screen, "files", "autosave", on=True)
    to(screen, "files", "save", name="two")
    assert enc.autosave == tmp_path / "two.fight.json"
    to(screen, "files", "load", name="one.fight.json")
    loaded = screen.encounter
    assert loaded.autosave == tmp_path / "one.fight.json"
    to(screen, "strip", "end_turn")
    assert Encounter.load(tmp_path / "one.fight.json").to_json() == loaded.to_json()


def test_the_screen_s_autosave_writes_every_command(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    enc = fight()
    screen = GMScreen(enc, autosave=path, folder=tmp_path)
    assert enc.autosave == path and files(screen)["autosave"] == "fight.json"
    assert files(screen)["file"] == "fight.json" and files(screen)["saved"] is True
    to(screen, "strip", "start")
    to(screen, "strip", "end_turn")
    resumed = Encounter.load(path)
    assert resumed.to_json() == enc.to_json()
    resumed.undo()
    assert resumed.current == "Blueshift"


def test_autosave_never_overwrites_another_fight(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    fight(seed=1).save(path)
    saved = path.read_bytes()
    half_built = GMScreen.__new__(GMScreen, fight())
    with pytest.raises(EncounterFileError, match="another saved fight"):
        half_built.__init__(fight(), autosave=path)  # type: ignore[misc]
    assert path.read_bytes() == saved
    half_built.close()  # as its __del__ will: no AttributeError


@pytest.mark.parametrize(
    "name",
    ["../x", "", "   ", "/tmp/x.fight.json", "sub/x", "..", ".hidden", "a\\b", "x" * 200],
)
@pytest.mark.parametrize("cmd", ["save", "load"])
def test_a_bad_file_name_is_refused_with_a_clear_error(tmp_path: Path, name: str, cmd: str) -> None:
    folder = tmp_path / "fights"
    folder.mkdir()
    enc, screen = started(folder)
    before = (enc.to_json(), plain(files(screen)))
    to(screen, "files", cmd, name=name)
    error = files(screen)["error"]
    assert "file name" in error
    assert screen.encounter is enc
    assert (enc.to_json(), {**plain(files(screen)), "error": ""}) == before
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["fights"]  # nothing written


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ('{"format": "bpb', "not a saved encounter"),
        ('{"a": 1}', "not a bpb_widgets encounter"),
        ("", "not a saved encounter"),
    ],
)
def test_a_damaged_file_is_refused_and_nothing_changes(
    tmp_path: Path, content: str, reason: str
) -> None:
    (tmp_path / "broken.fight.json").write_text(content)
    enc, screen = started(tmp_path)
    before = (enc.to_json(), plain(screen.panels))
    to(screen, "files", "load", name="broken.fight.json")
    assert reason in files(screen)["error"]
    assert screen.encounter is enc
    assert (enc.to_json(), {**plain(screen.panels), "files": before[1]["files"]}) == before
    assert (tmp_path / "broken.fight.json").read_text() == content
    to(screen, "strip", "end_turn")  # the screen still runs the fight on it
    assert screen.panels["strip"]["current"] == "Thug"


def test_a_file_that_is_not_a_fight_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "notes.json").write_text('{"a": 1}')
    _enc, screen = started(tmp_path)
    to(screen, "files", "save", name="notes.json")
    assert "will not be overwritten" in files(screen)["error"]
    assert (tmp_path / "notes.json").read_text() == '{"a": 1}'
    assert files(screen)["file"] == ""


def test_loading_a_fight_that_is_not_there(tmp_path: Path) -> None:
    _enc, screen = started(tmp_path)
    to(screen, "files", "load", name="nowhere")
    assert (
        files(screen)["error"]
        == f"There is no saved fight called nowhere.fight.json in {tmp_path}."
    )


def test_list_files_looks_at_the_folder_again(tmp_path: Path) -> None:
    screen = FightFiles(battle(), folder=tmp_path)
    assert listed(screen) == []
    fight().save(tmp_path / "later.fight.json")
    assert listed(screen) == []
    to(screen, "files", "list_files")
    assert listed(screen) == ["later.fight.json"]


def test_a_folder_that_cannot_be_written_is_an_error_the_gm_reads(tmp_path: Path) -> None:
    enc, screen = started(tmp_path / "missing")
    before = (enc.to_json(), plain(files(screen)))
    to(screen, "files", "save", name="warehouse")
    assert files(screen)["error"].startswith("Could not write ")
    assert "warehouse.fight.json" in files(screen)["error"]
    assert (enc.to_json(), {**plain(files(screen)), "error": ""}) == before
    assert not (tmp_path / "missing").exists()


def test_a_file_that_cannot_be_read_is_an_error_the_gm_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    enc, screen = started(tmp_path)
    to(screen, "files", "save", name="warehouse")

    real_open = Path.open

    def unreadable(path: Path, *args: Any, **kwargs: Any) -> Any:
        if path.name == "warehouse.fight.json":
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(Path, "open", unreadable)
    to(screen, "files", "load", name="warehouse.fight.json")
    assert files(screen)["error"] == (
        f"Cannot read {tmp_path / 'warehouse.fight.json'}: Permission denied."
    )
    assert screen.encounter is enc


def test_a_name_too_long_in_bytes_is_refused_in_the_error_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33, point 9: 120 emoji are 120 characters but 480 bytes, more than a file system
    takes: the error line says so (it escaped as an OSError, the panel keeping the previous
    line). A file system that takes fewer bytes still (eCryptfs: 143) says so in the line too."""
    enc, screen = started(tmp_path)
    to(screen, "files", "load", name="nowhere")
    for cmd in ("save", "load"):
        to(screen, "files", cmd, name="🐉" * 120)
        assert "too long a file name (491 bytes in UTF-8, at most 200)" in files(screen)["error"]
    real_exists = Path.exists

    def short_names(path: Path, **kwargs: Any) -> bool:
        if len(path.name.encode()) > 143:
            raise OSError(36, "File name too long")
        return real_exists(path, **kwargs)

    monkeypatch.setattr(Path, "exists", short_names)
    to(screen, "files", "save", name="ö" * 70)
    assert files(screen)["error"] == (
        f"Cannot use {'ö' * 70}.fight.json in {tmp_path}: File name too long."
    )
    assert screen.encounter is enc and sorted(p.name for p in tmp_path.iterdir()) == []


def test_save_never_follows_a_link_out_of_the_folder(tmp_path: Path) -> None:
    """Issue 33, point 10: a symbolic link in the folder, dangling or not, to a file outside it:
    Save and Load refuse it and nothing is written outside. A link to a fight inside the folder
    is saved through (the link kept)."""
    folder, outside = tmp_path / "fights", tmp_path / "outside"
    folder.mkdir()
    outside.mkdir()
    (folder / "away.fight.json").symlink_to(outside / "planted.fight.json")  # dangling
    fight().save(outside / "there.fight.json")
    (folder / "there.fight.json").symlink_to(outside / "there.fight.json")
    enc, screen = started(folder)
    for cmd, name in (("save", "away"), ("save", "there"), ("load", "there")):
        to(screen, "files", cmd, name=name)
        assert "is a link to a file outside" in files(screen)["error"], (cmd, name)
    assert sorted(p.name for p in outside.iterdir()) == ["there.fight.json"]
    assert screen.encounter is enc
    enc.save(folder / "real.fight.json")
    (folder / "alias.fight.json").symlink_to("real.fight.json")
    to(screen, "files", "save", name="alias")
    assert files(screen)["error"] == ""
    assert (folder / "alias.fight.json").is_symlink()


def test_autosave_after_save_and_more_changes_is_this_fight(tmp_path: Path) -> None:
    """Issue 33, point 11: Save, play on, then Autosave: the file holds this fight at an earlier
    point, so autosave takes it over (it said the file "holds another saved fight"). Another
    fight, even one of the same seed and rules that went another way, is still refused."""
    enc, screen = started(tmp_path)
    to(screen, "files", "save", name="warehouse")
    to(screen, "strip", "end_turn")
    to(screen, "strip", "end_turn")
    to(screen, "files", "autosave", on=True)
    assert files(screen)["error"] == ""
    path = tmp_path / "warehouse.fight.json"
    assert enc.autosave == path and Encounter.load(path).to_json() == enc.to_json()
    enc.autosave = None
    twin = battle()  # the same seed and cast, another way from here
    twin.start()
    twin.delay()
    with pytest.raises(EncounterFileError, match="another saved fight"):
        twin.autosave = path
    assert Encounter.load(path).to_json() == enc.to_json()


def test_load_of_the_file_this_screen_autosaves_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33, point 12: the screen autosaves to a file, and the GM loads that file: the fight
    on screen lets go of it and the loaded one autosaves there (it said "autosaved by another
    encounter"). A load that fails leaves the screen autosaving as before."""
    enc, screen = started(tmp_path)
    to(screen, "files", "save", name="warehouse")
    to(screen, "files", "autosave", on=True)
    to(screen, "strip", "end_turn")

    def damaged(cls: type, text: object) -> Encounter:
        raise EncounterFileError("The encounter file's command list is damaged.")

    with monkeypatch.context() as broken:
        broken.setattr(Encounter, "from_json", classmethod(damaged))
        to(screen, "files", "load", name="warehouse.fight.json")
    assert files(screen)["error"] == "The encounter file's command list is damaged."
    assert screen.encounter is enc and enc.autosave == tmp_path / "warehouse.fight.json"
    to(screen, "files", "load", name="warehouse.fight.json")
    assert files(screen)["error"] == ""
    loaded = screen.encounter
    path = tmp_path / "warehouse.fight.json"
    assert loaded is not enc and loaded.autosave == path and enc.autosave is None
    assert loaded.to_json() == enc.to_json()
    to(screen, "strip", "end_turn")
    assert Encounter.load(path).to_json() == loaded.to_json()


def test_gm_screen_alone_starts_an_empty_fight_and_new_fight_offers_every_rule_set(
    tmp_path: Path,
) -> None:
    """Issue 32: "the one cell GMScreen() with no argument is enough to start any of them"."""
    screen = GMScreen(folder=tmp_path)
    assert screen.encounter.rules.name == "bpb2e" and screen.encounter.names == []
    offers = {r["name"]: r for r in files(screen)["rule_sets"]}
    # the package's rule sets (a system of one's own, such as tests/fourth_system, joins them)
    built_in = [n for n in offers if Encounter.system_of(n).__module__.startswith("bpb_widgets.")]
    assert built_in == ["bpb2e", "bpb2e-wiki", "blackout", "d10-ap"]
    assert files(screen)["rules"] == "bpb2e"
    wiki = {o["name"]: o for o in offers["bpb2e-wiki"]["options"]}
    assert wiki["expertise_bonus"] == {"name": "expertise_bonus", "kind": "number", "default": 0}
    assert wiki["perception_roll"]["kind"] == "flag" and wiki["perception_roll"]["default"] is False
    assert {o["name"]: o["kind"] for o in offers["blackout"]["options"]}[
        "surprise_effect"
    ] == "text"
    to(screen, "files", "new_fight", rules="blackout", options={"pool_die": 10})
    assert files(screen)["error"] == "" and files(screen)["form_error"] == {}
    enc = screen.encounter
    assert (enc.rules.name, enc.rules.options()["pool_die"]) == ("blackout", 10)
    assert screen.layout_panels == [
        "strip",
        "roster",
        "combat",
        "initiative",
        "log",
        "files",
        "players",
    ]
    assert files(screen)["rules"] == "blackout"
    to(screen, "files", "new_fight", rules="d10-ap")
    assert screen.encounter.rules.name == "d10-ap" and "d10" in screen.layout_panels


@pytest.mark.parametrize(
    ("args", "field", "reason"),
    [
        ({"rules": "chess"}, "rules", "Unknown rule set 'chess'"),
        ({"rules": "blackout", "options": {"pool_die": 1}}, "pool_die", "A pool die has 2"),
        ({"rules": "blackout", "options": {"surprise_effect": "x"}}, "surprise_effect", "one of"),
        ({"options": {"expertise_bonus": 9}}, "expertise_bonus", "runs from 0 to 6"),
        ({"options": {"perception_roll": 1}}, "perception_roll", "takes a bool"),
        ({"options": {"castling": True}}, "castling", "Unknown rule option"),
        ({"rules": "blackout", "keep": True}, "keep", "untick keep the combatants"),
    ],
)
def test_a_refused_new_fight_blames_its_field_and_changes_nothing(
    tmp_path: Path, args: dict[str, Any], field: str, reason: str
) -> None:
    enc, screen = started(tmp_path)
    before = enc.to_json()
    to(screen, "files", "new_fight", **args)
    assert reason in files(screen)["error"]
    assert files(screen)["form_error"] == {"field": field, "message": files(screen)["error"]}
    assert screen.encounter is enc and enc.to_json() == before
    to(screen, "files", "new_fight", rules="bpb2e-wiki")  # the form corrected: accepted
    assert files(screen)["form_error"] == {} and screen.encounter.rules.name == "bpb2e-wiki"


def test_autosave_uses_the_file_name_typed(tmp_path: Path) -> None:
    """Issue 32: "after Load of X with Y typed, ticking Autosave writes X; after changes it
    refuses with advice to call Python"."""
    enc, screen = started(tmp_path)
    to(screen, "files", "autosave", on=True)
    assert "Type a file name first" in files(screen)["error"] and enc.autosave is None
    to(screen, "files", "save", name="x")
    to(screen, "files", "load", name="x")
    loaded = screen.encounter
    to(screen, "strip", "end_turn")  # a change since the load
    to(screen, "files", "autosave", on=True, name="y")
    assert files(screen)["error"] == ""
    assert loaded.autosave == tmp_path / "y.fight.json" and files(screen)["file"] == "y.fight.json"
    assert Encounter.load(tmp_path / "y.fight.json").to_json() == loaded.to_json()
    assert Encounter.load(tmp_path / "x.fight.json").current == "Widow"  # X untouched
    # its own file after changes: brought up to date, then autosaved
    to(screen, "files", "autosave", on=False)
    to(screen, "strip", "end_turn")
    to(screen, "files", "autosave", on=True, name="y.fight.json")
    assert files(screen)["error"] == "" and loaded.autosave == tmp_path / "y.fight.json"
    assert Encounter.load(tmp_path / "y.fight.json").to_json() == loaded.to_json()
    # another fight's file: refused, nothing written, autosave stays as it was
    to(screen, "files", "autosave", on=False)
    x = (tmp_path / "x.fight.json").read_bytes()
    to(screen, "files", "autosave", on=True, name="x")
    assert "x.fight.json holds another saved fight" in files(screen)["error"]
    assert "Python" not in files(screen)["error"]
    assert loaded.autosave is None and files(screen)["autosave"] == ""
    assert (tmp_path / "x.fight.json").read_bytes() == x


def test_load_and_new_fight_keep_autosave_on_or_say_it_is_off(tmp_path: Path) -> None:
    """Issue 32: "Load and New fight keep autosave on (to the new file) or say clearly that it
    is off"; loading the file the screen autosaves to is not refused as held by another."""
    enc, screen = started(tmp_path)
    to(screen, "files", "autosave", on=True, name="x")
    to(screen, "strip", "end_turn")
    to(screen, "files", "load", name="x")
    assert files(screen)["error"] == ""
    loaded = screen.encounter
    assert loaded is not enc and enc.autosave is None  # the old one let go of its file
    assert loaded.autosave == tmp_path / "x.fight.json" and loaded.current == "Thug"
    to(screen, "files", "new_fight")
    assert loaded.autosave is None and screen.encounter.autosave is None
    assert "autosave is off until you Save" in files(screen)["status"]
    screen.encounter.add("Newcomer")
    to(screen, "files", "save", name="z")
    assert screen.encounter.autosave == tmp_path / "z.fight.json"
    assert files(screen)["status"].startswith("Autosaved to z.fight.json")
    screen.encounter.add("Another")
    assert Encounter.load(tmp_path / "z.fight.json").names == ["Newcomer", "Another"]


def test_a_load_refused_leaves_the_fight_autosaving(tmp_path: Path) -> None:
    (tmp_path / "broken.fight.json").write_text('{"a": 1}')
    enc, screen = started(tmp_path)
    to(screen, "files", "autosave", on=True, name="x")
    to(screen, "files", "load", name="broken")
    assert "not a bpb_widgets encounter" in files(screen)["error"]
    assert screen.encounter is enc and enc.autosave == tmp_path / "x.fight.json"
    to(screen, "strip", "end_turn")
    assert Encounter.load(tmp_path / "x.fight.json").to_json() == enc.to_json()


def test_the_player_page_from_the_screen_follows_load_and_new_fight(tmp_path: Path) -> None:
    """Issue 32: "an Open player page button in the GM screen serves it and shows its link; the
    page follows New fight and Load by itself"."""
    _enc, screen = started(tmp_path)
    to(screen, "files", "save", name="x")
    assert files(screen)["player_url"] == ""
    to(screen, "files", "player_page", on=True)
    url = files(screen)["player_url"]
    assert url.startswith("http://127.0.0.1:") and "token=" in url
    server = screen.player_page.server
    assert server is not None and server.view is not None
    assert server.view["current"] == "Widow"
    to(screen, "files", "player_page", on=True)  # open already: the same page
    assert files(screen)["player_url"] == url
    to(screen, "files", "new_fight")
    assert files(screen)["player_url"] == url and server.view["started"] is False
    to(screen, "files", "load", name="x")
    to(screen, "strip", "end_turn")
    assert screen.player_page.server is server and server.view["current"] == "Thug"
    to(screen, "files", "player_page", on=False)
    assert files(screen)["player_url"] == "" and not server.running
    screen.close()


def test_the_player_page_stops_with_the_screen(tmp_path: Path) -> None:
    _enc, screen = started(tmp_path)
    to(screen, "files", "player_page", on=True)
    server = screen.player_page.server
    assert server is not None and server.running
    screen.close()
    assert not server.running


def test_a_refused_autosave_or_player_page_shows_in_the_file_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A refused autosave is shown next to the file name it is about (not the New fight form's
    line); a page the kernel cannot serve, in the file row's own line (no field to blame)."""
    enc, screen = started(tmp_path)
    to(screen, "files", "save", name="x")
    to(screen, "strip", "end_turn")
    to(screen, "files", "save", name="y")
    to(screen, "files", "autosave", on=True, name="x")
    error = files(screen)["form_error"]
    assert (error["form"], error["field"]) == ("autosave", "name")
    assert "holds another saved fight" in error["message"] == files(screen)["error"]
    assert enc.autosave is None
    to(screen, "files", "autosave", on=True, name="z")
    assert files(screen)["form_error"] == {} and enc.autosave == tmp_path / "z.fight.json"
    monkeypatch.setitem(sys.modules, "bpb_widgets.player.server", None)  # no tornado (JupyterLite)
    to(screen, "files", "player_page", on=True)
    error = files(screen)["form_error"]
    assert (error["form"], error["field"]) == ("player_page", "")
    assert "cannot serve a page" in error["message"] and files(screen)["player_url"] == ""
