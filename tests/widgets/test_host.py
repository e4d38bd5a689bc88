"""The host every widget is: messages in (addressed to a part), refusals shown in the part's
``error``, state out, the front end's writes ignored, closing and rebinding, repr."""

from __future__ import annotations

import re
from typing import Any

import pytest
from IPython.core.formatters import DisplayFormatter
from system_kit import blackout_fight, d10_fight
from widget_kit import WIDGETS, FrontEnd, Wire, fight, plain, send, to

from bpb_widgets import Encounter
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets import (
    AttackPanel,
    DefensePanel,
    DiceRoller,
    EncounterLog,
    FightFiles,
    GMScreen,
    Roster,
    TurnOrderStrip,
)
from bpb_widgets.widgets._host import ERROR_LIMIT

GARBAGE: list[object] = [
    None,
    "end_turn",
    42,
    [],
    {},
    {"cmd": None},
    {"cmd": 3},
    {"cmd": "__init__"},
    {"cmd": "refresh"},
    {"cmd": "put", "field": "round", "value": 9},
    {"cmd": "_record", "name": "Blueshift"},
    {"cmd": "take_delayed"},
    {"cmd": "take_delayed", "name": ["x"]},
    {"cmd": "take_delayed", "name": ""},
    {"cmd": "end_turn", "extra": 1},
    {"cmd": "set_order", "names": "Blueshift"},
    {"cmd": "set_order", "names": [1, 2]},
    {"cmd": "delay", "to": True},
    {"cmd": "delay", "to": 2.5},
]


def started() -> Encounter:
    enc = fight()
    enc.start()
    return enc


def panel(widget: Any, key: str = "strip") -> dict[str, Any]:
    state: dict[str, Any] = widget.panels[key]
    return state


@pytest.mark.parametrize("msg", GARBAGE, ids=repr)
def test_garbage_is_refused_with_a_message_and_changes_nothing(msg: object) -> None:
    enc = started()
    strip = TurnOrderStrip(enc)
    before = (enc.to_json(), plain(strip.panels))
    send(strip, msg)
    assert panel(strip)["error"]
    assert enc.to_json() == before[0]
    assert {**plain(strip.panels)["strip"], "error": ""} == before[1]["strip"]
    send(strip, {"cmd": "end_turn"})  # and the widget still works
    assert (panel(strip)["error"], panel(strip)["current"]) == ("", "Ganyeka")


def test_a_refused_command_shows_the_rule_and_the_next_accepted_one_clears_it() -> None:
    enc = fight()
    strip = TurnOrderStrip(enc)
    send(strip, {"cmd": "end_turn"})
    assert "start" in panel(strip)["error"].lower()
    assert enc.round == 0
    send(strip, {"cmd": "start"})
    assert panel(strip)["error"] == ""
    assert (panel(strip)["round"], panel(strip)["current"]) == (1, "Blueshift")


def test_a_change_from_python_clears_a_refusal_too() -> None:
    enc = started()
    strip = TurnOrderStrip(enc)
    send(strip, {"cmd": "take_delayed", "name": "Ganyeka"})
    assert "Ganyeka" in panel(strip)["error"]
    enc.end_turn()
    assert panel(strip)["error"] == ""


def test_an_error_is_cut_to_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    enc = started()
    strip = TurnOrderStrip(enc)

    def refuse() -> None:
        raise RuleError("Refused: " + "x" * 5_000)

    monkeypatch.setattr(enc, "end_turn", refuse)
    send(strip, {"cmd": "end_turn"})
    error = panel(strip)["error"]
    assert len(error) == ERROR_LIMIT
    assert error.startswith("Refused: xxx") and error.endswith("…")


def test_errors_quote_huge_values_briefly() -> None:
    strip = TurnOrderStrip(started())
    send(strip, {"cmd": "take_delayed", "name": ["x" * 100_000]})
    assert 0 < len(panel(strip)["error"]) < 300
    send(strip, {"cmd": "y" * 100_000})
    assert 0 < len(panel(strip)["error"]) < 300


def test_a_message_to_a_screen_names_its_panel() -> None:
    enc = started()
    screen = GMScreen(enc)
    before = (enc.to_json(), plain(screen.panels))
    # no panel, a panel the screen does not show, a panel that is not text: ignored
    for msg in (
        {"cmd": "end_turn"},
        {"panel": "defense", "cmd": "end_turn"},
        {"panel": ["strip"], "cmd": "end_turn"},
        {"panel": None, "cmd": "end_turn"},
    ):
        send(screen, msg)
        assert (enc.to_json(), plain(screen.panels)) == before, msg
    to(screen, "strip", "end_turn")
    assert enc.current == "Ganyeka" == panel(screen)["current"]
    # the single part of a one-part widget may be named, or not
    strip = TurnOrderStrip(enc)
    to(strip, "strip", "end_turn")
    send(strip, {"cmd": "end_turn"})
    assert enc.current == "Ganyeka's henchmen" == panel(screen)["current"]
    send(strip, {"panel": "log", "cmd": "undo"})
    assert enc.current == "Ganyeka's henchmen"


def test_a_refusal_shows_in_the_part_that_was_sent_the_command_only() -> None:
    screen = GMScreen(started())
    to(screen, "roster", "remove", name="Nobody")
    assert "Nobody" in panel(screen, "roster")["error"]
    assert [k for k, state in screen.panels.items() if state["error"]] == ["roster"]


def test_commands_from_python_and_from_other_widgets_reach_every_widget() -> None:
    enc = fight()
    one, two, screen = TurnOrderStrip(enc), TurnOrderStrip(enc), GMScreen(enc)
    enc.start()
    send(one, {"cmd": "end_turn"})
    assert panel(one)["current"] == panel(two)["current"] == "Ganyeka" == enc.current
    assert panel(screen, "roster")["current"] == panel(screen, "attack")["current"] == "Ganyeka"
    enc.end_turn()
    to(screen, "strip", "end_turn")
    assert panel(one)["current"] == panel(two)["current"] == "Ganyeka's henchmen"
    assert panel(screen, "log")["entries"][-1]["text"] == "Ganyeka's henchmen's turn"
    assert plain(one.panels) == plain(two.panels) == {"strip": plain(panel(screen))}


def test_a_closed_widget_stops_following_the_encounter(wire: Wire) -> None:
    enc = fight()
    strip, other = TurnOrderStrip(enc), TurnOrderStrip(enc)
    strip.close()
    wire.clear()
    enc.start()
    assert panel(strip)["current"] is None and panel(strip)["round"] == 0
    assert panel(other)["current"] == "Blueshift"
    assert len(wire.patches()) == 1  # the open one's only
    strip.close()  # closing again does nothing


def test_a_closed_screen_stops_following_the_encounter() -> None:
    enc = fight()
    screen = GMScreen(enc)
    screen.close()
    enc.start()
    enc.end_turn()
    assert panel(screen)["round"] == 0
    assert len(panel(screen, "log")["entries"]) == 4


@pytest.mark.parametrize("cls", WIDGETS)
def test_repr_is_a_short_summary_without_memory_addresses(cls: type) -> None:
    enc = fight()
    enc.start()
    widget = cls(enc)
    text = repr(widget)
    assert text == repr(cls(enc))
    data, _metadata = DisplayFormatter().format(widget)  # what the kernel shows and nbval reads
    assert data["text/plain"] == text
    assert text == f"{cls.__name__}(bpb2e: round 1, Blueshift to act, 4 combatants)"
    assert not re.search(r"0x[0-9a-f]{6,}", text)
    assert repr(cls(fight())) == f"{cls.__name__}(bpb2e: not started, 4 combatants)"


@pytest.mark.parametrize("cls", WIDGETS)
def test_the_first_sync_is_the_open_message_alone(cls: type, wire: Wire) -> None:
    enc = fight()
    enc.start()
    widget = cls(enc)
    assert wire.messages == []  # no update after the comm's open: the state went with it
    assert plain(wire.opened[widget.comm.comm_id]["panels"]) == plain(widget.panels)
    assert wire.opened[widget.comm.comm_id]["layout_panels"] == widget.layout_panels


@pytest.mark.parametrize(
    ("cls", "enc", "panels"),
    [
        (TurnOrderStrip, fight, ["strip"]),
        (Roster, d10_fight, ["roster"]),
        (AttackPanel, fight, ["attack"]),
        (AttackPanel, blackout_fight, ["combat"]),
        (DefensePanel, fight, ["defense"]),
        (DiceRoller, fight, ["task"]),
        (DiceRoller, blackout_fight, ["initiative"]),
        (DiceRoller, d10_fight, ["d10"]),
        (EncounterLog, blackout_fight, ["log"]),
        (FightFiles, d10_fight, ["files"]),
    ],
    ids=lambda v: getattr(v, "__name__", None),
)
def test_each_widget_shows_its_part_of_the_system(
    cls: type, enc: Any, panels: list[str], tmp_path: Any
) -> None:
    widget = cls(enc(), folder=tmp_path)
    assert widget.layout_panels == panels == list(widget.panels)
    assert widget.part(panels[0]).state is widget.panels[panels[0]]


@pytest.mark.parametrize(
    ("cls", "enc", "shown"),
    [
        (DefensePanel, d10_fight, "block and dodge"),
        (DefensePanel, blackout_fight, "block and dodge"),
        (AttackPanel, d10_fight, "an attack"),
    ],
)
def test_a_widget_without_a_part_for_the_system_says_so(cls: type, enc: Any, shown: str) -> None:
    fight_ = enc()
    with pytest.raises(RuleError, match=f"{cls.__name__} shows {shown}, which the"):
        cls(fight_)
    fight_.roll_order()  # nothing was left subscribed to the encounter
    fight_.start()


def test_a_widget_whose_constructor_raised_still_closes() -> None:
    half_built = DefensePanel.__new__(DefensePanel, d10_fight())
    with pytest.raises(RuleError, match="DefensePanel shows block and dodge"):
        half_built.__init__(d10_fight())  # type: ignore[misc]
    half_built.close()
    half_built.close()


def test_the_front_end_writes_nothing(wire: Wire) -> None:
    enc = started()
    screen = GMScreen(enc)
    before = (plain(screen.panels), list(screen.layout_panels), enc.to_json())
    forged = {"strip": {"round": 9, "current": "Monolith"}, "roster": {}}
    screen.set_state({"panels": forged, "layout_panels": ["log"]})
    # as the comm delivers it
    screen._handle_msg(
        {
            "content": {"data": {"method": "update", "state": {"panels": {}, "layout_panels": []}}},
            "buffers": [],
        }
    )
    assert (plain(screen.panels), list(screen.layout_panels), enc.to_json()) == before
    assert screen.part("strip").state["round"] == 1
    to(screen, "strip", "end_turn")
    assert panel(screen)["current"] == "Ganyeka"


def test_rebind_shows_and_commands_the_new_encounter(wire: Wire) -> None:
    old, new = started(), fight(seed=2)
    screen = GMScreen(old)
    view = FrontEnd(wire, screen)
    screen.rebind(new)
    assert screen.encounter is new
    assert panel(screen)["round"] == 0
    old.end_turn()  # the old fight is no longer followed
    assert panel(screen)["current"] is None
    to(screen, "strip", "start")
    assert new.current == "Blueshift" and old.current == "Ganyeka"
    assert view.catch_up() == plain(screen.panels)


def test_a_refused_rebind_leaves_the_widget_on_its_encounter() -> None:
    enc = started()
    defense = DefensePanel(enc)
    with pytest.raises(RuleError, match="DefensePanel shows block and dodge"):
        defense.rebind(d10_fight())
    assert defense.encounter is enc
    enc.end_turn()
    assert panel(defense, "defense")["current"] == "Ganyeka"


def test_the_front_end_sets_none_of_the_widget_s_traits(wire: Wire) -> None:
    """Issue 33, point 15: a state update naming ``_esm``, ``_css``, ``_view_name`` (or any other
    trait) is refused: nothing is stored nor echoed to other views, the true values go back, and
    the widget goes on working."""
    enc = started()
    screen = GMScreen(enc)
    view = FrontEnd(wire, screen)
    before = {key: getattr(screen, key) for key in screen.keys if key != "comm"}
    forged = {
        "_esm": "export default { render() { alert(1) } }",
        "_css": "body { display: none }",
        "_view_name": "EvilView",
        "_model_module": "evil",
        "tabbable": True,
        "tooltip": "pwned",
        "_dom_classes": ["evil"],
        "unknown": 1,
    }
    screen._handle_msg({"content": {"data": {"method": "update", "state": forged}}, "buffers": []})
    assert {key: getattr(screen, key) for key in before} == before
    assert not [m for m in wire.messages if m.get("method") == "echo_update"]
    sent_back = wire.updates()
    assert sent_back["_esm"] == before["_esm"] and sent_back["_view_name"] == before["_view_name"]
    assert "unknown" not in sent_back
    to(screen, "strip", "end_turn")
    assert panel(screen)["current"] == "Ganyeka"
    assert view.catch_up() == plain(screen.panels)
