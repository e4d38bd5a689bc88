"""What the players see: the projection (bpb_widgets/player/projection.py) and the widget."""

from __future__ import annotations

import json
from unittest import mock

import comm
import pytest
from comm.base_comm import BaseComm

from bpb_widgets import Encounter, RuleError
from bpb_widgets.player import Feed, ViewOptions, diff, project
from bpb_widgets.player.projection import describe
from bpb_widgets.widgets import PlayerView


def fight() -> Encounter:
    """Blueshift (a player) and Ganyeka against Shade, hidden, who acts second."""
    enc = Encounter(seed=3)
    enc.add("Blueshift", perception=4, agility=5, endurance=4, player=True, side="heroes")
    enc.add("Ganyeka", perception=3, endurance=5, side="heroes")
    enc.add("Shade", perception=2, endurance=6, side="villains", hidden=True)
    enc.add("Thug", perception=1, endurance=8, side="villains")
    enc.set_order(["Blueshift", "Shade", "Ganyeka", "Thug"])
    enc.start()
    return enc


def test_hidden_combatants_are_not_in_the_view_at_all() -> None:
    enc = fight()
    view = project(enc)
    assert view["order"] == ["Blueshift", "Ganyeka", "Thug"]
    assert set(view["combatants"]) == {"Blueshift", "Ganyeka", "Thug"}
    assert "Shade" not in json.dumps(view)
    assert (view["round"], view["current"], view["started"]) == (1, "Blueshift", True)


def test_the_marker_stays_on_the_last_visible_turn_while_a_hidden_one_acts() -> None:
    enc = fight()
    enc.end_turn()
    assert enc.current == "Shade"
    view = project(enc)
    assert (view["round"], view["current"]) == (1, "Blueshift")
    # her turn shows as going on: the view is as it was before she ended it
    assert not view["combatants"]["Blueshift"]["acted"]
    enc.undo()
    assert project(enc) == view
    enc.redo()
    before = project(enc)
    enc.end_turn()
    assert project(enc)["current"] == "Ganyeka" != before["current"]
    enc.end_turn()
    enc.end_turn()  # round 2: Blueshift again, then Shade
    enc.end_turn()
    assert (enc.round, enc.current) == (2, "Shade")
    assert (project(enc)["round"], project(enc)["current"]) == (2, "Blueshift")


def test_a_hidden_first_turn_looks_like_the_fight_not_started_yet() -> None:
    enc = Encounter(seed=1)
    enc.add("Shade", perception=9, hidden=True)
    enc.add("Blueshift", perception=2, player=True)
    enc.set_order(["Shade", "Blueshift"])
    before = project(enc)
    enc.start()
    assert enc.current == "Shade" and project(enc) == before
    enc.end_turn()
    assert project(enc)["current"] == "Blueshift"


def test_a_new_round_waits_for_the_first_visible_turn() -> None:
    enc = Encounter(seed=1)
    enc.add("Shade", perception=9, hidden=True)
    enc.add("Blueshift", perception=2, player=True)
    enc.set_order(["Shade", "Blueshift"])
    enc.start()
    enc.end_turn()
    round_one = project(enc)
    enc.end_turn()  # round 2, Shade acts first
    assert (enc.round, enc.current) == (2, "Shade")
    assert project(enc) == round_one  # nothing the players see changed, not even "acted"


def test_reveal_takes_effect_at_once_and_hide_and_reveal_are_undone_and_saved() -> None:
    enc = fight()
    enc.end_turn()
    enc.reveal("Shade")
    view = project(enc)
    assert view["current"] == "Shade" and "Shade" in view["order"]
    enc.undo()
    assert "Shade" not in project(enc)["order"]
    enc.redo()
    enc.hide("Ganyeka")
    again = Encounter.from_json(enc.to_json())
    assert project(again) == project(enc)
    assert "Ganyeka" not in project(again)["order"] and "Shade" in project(again)["order"]
    with pytest.raises(RuleError):
        enc.hide("Ganyeka")
    with pytest.raises(RuleError):
        enc.reveal("Blueshift")


def test_health_exact_for_the_players_side_described_for_the_others() -> None:
    enc = fight()
    enc.attack("Blueshift", "Thug", 5, power="blast", dice=(6, 5))
    enc.take_hit("Thug")
    view = project(enc)
    blueshift, thug = view["combatants"]["Blueshift"], view["combatants"]["Thug"]
    assert blueshift["players"] and view["combatants"]["Ganyeka"]["players"]
    assert blueshift["health"]["label"] == "Endurance" and blueshift["health"]["value"] == 4
    assert not thug["players"] and set(thug["health"]) == {"reads"}
    endurance = enc.endurance("Thug")
    assert thug["health"]["reads"] == describe(endurance.current, endurance.rank) != "unhurt"
    exact = project(enc, ViewOptions.checked(others_health="exact"))["combatants"]["Thug"]
    assert exact["health"]["value"] == endurance.current
    none = project(enc, ViewOptions.checked(others_health="none"))["combatants"]["Thug"]
    assert none["health"] in (None, {"reads": "out"})


def test_describe_reads_health_in_words() -> None:
    assert [describe(v, 6) for v in (6, 4, 3, 1)] == ["unhurt", "hurt", "badly hurt", "badly hurt"]


def test_the_players_side_named_or_from_the_player_characters() -> None:
    enc = fight()
    assert project(enc, ViewOptions.checked(players="villains"))["combatants"]["Thug"]["players"]
    blackout = Encounter(seed=1, rules="blackout")
    blackout.add("Rex", hp=6, side="crew")
    blackout.add("Mech", pc=False, step=9, ap=3, hp=8, side="machines")
    view = project(blackout)
    assert view["combatants"]["Rex"]["players"] and not view["combatants"]["Mech"]["players"]
    d10 = Encounter(seed=1, rules="d10-ap")
    d10.add("Ivy", agb=3, awarb=2, side="crew")
    d10.add("Mech", agb=1, awarb=1, side="machines")
    assert not any(c["players"] for c in project(d10)["combatants"].values())
    # d10-ap counts action points, not health: nothing to describe for the others
    assert project(d10)["combatants"]["Mech"]["health"] is None
    named = project(d10, ViewOptions.checked(players=["crew"]))["combatants"]["Ivy"]
    assert named["health"]["label"] == "AP"


def test_unaware_combatants_are_hidden_unless_asked_for() -> None:
    enc = fight()
    enc.add("Lurker", perception=2, aware=False)
    assert "Lurker" not in project(enc)["order"]
    assert "Lurker" in project(enc, ViewOptions.checked(show_unaware=True))["order"]
    enc.becomes_aware("Lurker")
    assert "Lurker" in project(enc)["order"]


def test_conditions_never_name_a_hidden_combatant() -> None:
    enc = fight()
    enc.add_condition("Thug", "stunned", ends="end", of="Shade", note="the GM's secret")
    enc.add_condition("Thug", "marked by shade", note="")
    enc.add_condition("Ganyeka", "prone", ends="start", of="Ganyeka")
    view = project(enc)
    assert view["combatants"]["Thug"]["conditions"] == [{"name": "stunned", "until": "", "by": ""}]
    assert view["combatants"]["Ganyeka"]["conditions"] == [
        {"name": "prone", "until": "until the start of Ganyeka's next turn", "by": ""}
    ]
    assert "secret" not in json.dumps(view) and "Shade" not in json.dumps(view)


def test_a_hidden_holder_is_neither_named_nor_hinted() -> None:
    """Issue 33, point 1: Shade, hidden, holds Blueshift on Shade's turn. The players see
    Blueshift held, not by whom nor until whom lets go, on the widget and on the page."""
    enc = Encounter(seed=3)
    enc.add("Blueshift", perception=4, agility=5, endurance=4, player=True, side="heroes")
    enc.add("Shade", perception=9, prowess=6, brawn=6, side="villains", hidden=True)
    enc.set_order(["Shade", "Blueshift"])
    enc.start()
    with mock.patch.object(comm, "create_comm", Recorder):
        widget = PlayerView(enc)
    feed = Feed()
    feed.update(enc)
    enc.grab("Shade", "Blueshift", "hold", dice=(6, 6), reaction_dice=(1, 1))
    assert [c.name for c in enc.turn_state("Blueshift").conditions] == ["held"]
    events = feed.update(enc) or (b"", b"")
    enc.end_turn()
    events += feed.update(enc) or (b"", b"")
    held = {"name": "held", "until": "", "by": ""}
    assert project(enc)["combatants"]["Blueshift"]["conditions"] == [held]
    assert widget.view["combatants"]["Blueshift"]["conditions"] == [held]
    sent = json.dumps(widget.comm.__dict__["sent"]) + b"".join(events).decode()
    assert "held" in sent and "Shade" not in sent
    enc.reveal("Shade")
    assert project(enc)["combatants"]["Blueshift"]["conditions"] == [
        {"name": "held", "until": "until Shade lets go", "by": "Shade"}
    ]


@pytest.mark.parametrize("rules", ["blackout", "d10-ap", "bpb2e", "bpb2e-wiki"])
def test_nothing_changes_for_the_players_while_a_hidden_one_acts(rules: str) -> None:
    """Issue 33, point 2: a player character and a hidden enemy, fourteen rounds of End turn.
    While the enemy acts, not a field changes (the players' own action points included) and
    nothing is sent; each visible turn is sent as it begins."""
    enc = Encounter(seed=4, rules=rules)
    if rules == "blackout":
        enc.add("Rex", hp=6)
        enc.add("Shade", pc=False, step=9, ap=3, hp=8, hidden=True)
        enc.roll_order()
    elif rules == "d10-ap":
        enc.add("Rex", agb=2, awarb=3, side="heroes")
        enc.add("Shade", agb=1, awarb=1, hidden=True)
        enc.roll_order()
    else:
        enc.add("Rex", perception=4, player=True)
        enc.add("Shade", perception=3, hidden=True)
        enc.set_order(["Rex", "Shade"])
    enc.start()
    options = ViewOptions.checked(players="heroes" if rules == "d10-ap" else None)
    with mock.patch.object(comm, "create_comm", Recorder):
        widget = PlayerView(enc, players=options.players)
    feed = Feed(options)
    feed.update(enc)
    sent = widget.comm.__dict__["sent"]
    hidden_turns = 0
    while enc.round <= 14:
        before, count = widget.view, len(sent)
        if rules == "d10-ap" and enc.current == "Rex":
            enc.roll_ap("Rex", dice=(2, 2))
            assert feed.update(enc) is not None  # the players see their AP
            before, count = widget.view, len(sent)
        if rules in ("blackout", "d10-ap") and enc.current == "Rex":
            health = before["combatants"]["Rex"]["health"]
            figures = dict([(health["label"], health["value"]), *health["extra"]])
            assert figures["AP"] > 0  # their turn's action points, which Shade's turn ends
        enc.end_turn()
        event = feed.update(enc)
        if enc.current == "Shade":
            hidden_turns += 1
            assert event is None and len(sent) == count
            assert widget.view == before == project(enc, options, before)
        else:
            assert event is not None and widget.view["current"] == "Rex"
    assert hidden_turns >= 13


def test_no_log_line_note_or_roll_reaches_the_view() -> None:
    enc = fight()
    enc.environment("the secret trapdoor opens")
    enc.attack("Blueshift", "Thug", 5, power="blast", dice=(6, 5))
    text = json.dumps(project(enc))
    assert "trapdoor" not in text and "blast" not in text
    assert all(event.text not in text for event in enc.log)


def test_bad_options_are_refused() -> None:
    for bad in (
        {"players": 3},
        {"players": [1]},
        {"players": ["x" * 41]},
        {"others_health": "vague"},
        {"show_unaware": "yes"},
    ):
        with pytest.raises(RuleError):
            ViewOptions.checked(**bad)  # type: ignore[arg-type]
    with pytest.raises(RuleError):
        PlayerView(fight(), others_health="vague")
    with pytest.raises(RuleError):
        PlayerView("a fight")  # type: ignore[arg-type]
    assert ViewOptions.checked(players={"villains", "heroes"}).players == ("heroes", "villains")


def test_a_patch_never_names_who_left_the_view() -> None:
    enc = fight()
    old = project(enc)
    enc.hide("Thug")
    patch = diff(old, project(enc))
    assert "Thug" not in json.dumps(patch.to_dict())
    assert patch.set["combatants"] == project(enc)["combatants"]
    enc.end_turn()
    step = diff(project(fight()), project(enc))
    assert step and "merge" in step.to_dict()


def test_the_feed_sends_nothing_when_the_players_see_nothing_new() -> None:
    enc = fight()
    feed = Feed()
    whole, _ = feed.update(enc) or (b"", b"")
    assert whole.startswith(b"id: 1\nevent: full\ndata: {")
    enc.end_turn()  # Shade's turn: to the players, Blueshift's turn goes on
    assert feed.update(enc) is None
    enc.add_condition("Shade", "invisible")
    assert feed.update(enc) is None and feed.version == 1
    enc.end_turn()
    _, patch = feed.update(enc) or (b"", b"")
    assert patch.startswith(b"id: 2\nevent: patch\ndata: {") and b"Ganyeka" in patch


class Recorder(BaseComm):
    def publish_msg(self, msg_type: str, data: object = None, *args: object, **kw: object) -> None:
        self.__dict__.setdefault("sent", []).append((msg_type, data))


def test_the_widget_state_is_only_the_projection_and_it_takes_no_command() -> None:
    enc = fight()
    with mock.patch.object(comm, "create_comm", Recorder):
        view = PlayerView(enc, players="heroes")
    opened = view.comm.__dict__["sent"][0][1]["state"]
    assert opened["panels"] == {"player": project(enc, view.options)}
    assert opened["layout_panels"] == ["player"]
    sent = view.comm.__dict__["sent"]
    count = len(sent)
    view._handle_custom_msg({"panel": "player", "cmd": "end_turn"}, [])
    view._handle_custom_msg({"cmd": "hide", "name": "Blueshift"}, [])
    assert enc.current == "Blueshift" and len(sent) == count  # nothing ran, nothing answered
    enc.end_turn()  # Shade acts: the players see nothing change, nothing is sent
    enc.add_condition("Shade", "invisible")
    assert len(sent) == count
    assert repr(view) == "PlayerView(round 1, Blueshift to act, 3 shown)"
    enc.end_turn()
    patch = sent[-1][1]["content"]
    assert patch["type"] == "patch" and "Shade" not in json.dumps(patch)
    assert view.view == project(enc, view.options) and view.view["current"] == "Ganyeka"
    view.close()
