"""DefensePanel (``defense``): both defenses previewed before the roll, the roll, refusals; it
follows the hit waiting for an answer."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from widget_kit import battle, fight, send

from bpb_widgets import Encounter
from bpb_widgets.widgets import DefensePanel

ATTACK = {"attacker": "Ganyeka", "defender": "Monolith", "rank": 5}


def panel() -> tuple[Encounter, DefensePanel]:
    enc = fight()
    enc.start()
    return enc, DefensePanel(enc)


def state(widget: DefensePanel) -> dict[str, Any]:
    value: dict[str, Any] = widget.panels["defense"]
    return value


def test_preview_shows_arithmetic_odds_and_the_cost_of_both_defenses() -> None:
    _enc, widget = panel()
    assert state(widget)["selection"] == {} and state(widget)["preview"] == {}
    send(widget, {"cmd": "choose", **ATTACK})
    assert state(widget)["error"] == ""
    block, dodge = state(widget)["preview"]["block"], state(widget)["preview"]["dodge"]
    # Monolith: Prowess 6 + 3 block expertise vs 8 + 5 = 13; needs 4+ on 2d6
    assert (block["attribute"], block["bonus"], block["difficulty"]) == (6, 3, 13)
    assert Fraction(*block["success"][:2]) == Fraction(33, 36)
    assert block["expertise"] is True and block["extreme"][0] > 0
    assert block["consequence"] == "forced action: uses Monolith's turn in round 1"
    # no dodge expertise: Agility 2 vs 13, no extreme success
    assert (dodge["attribute"], dodge["bonus"]) == (2, 0)
    assert dodge["extreme"][0] == 0
    assert [total for total, _ in dodge["distribution"]] == list(range(4, 15))
    assert state(widget)["selection"] == {**ATTACK, "hit": False}


def test_block_rolls_through_the_engine_and_explains_itself() -> None:
    enc, widget = panel()
    send(widget, {"cmd": "choose", **ATTACK})
    send(widget, {"cmd": "block", "dice": [6, 6]})
    assert state(widget)["error"] == ""
    assert enc.log[-1].kind == "block"
    result = state(widget)["result"]
    assert (result["kind"], result["success"], result["extreme"]) == ("block", True, True)
    assert result["revision"] == "Ganyeka now acts after Monolith"
    assert result["lines"][-1] == enc.log[-1].text
    # a continued block costs +1 now, and the preview follows the engine
    assert state(widget)["preview"]["block"]["continued"] == 1
    enc.undo()
    assert state(widget)["result"] == {}  # stale: its log entry is undone
    assert state(widget)["preview"]["block"]["continued"] == 0


def test_a_second_forced_action_in_a_round_is_refused_in_the_panel() -> None:
    enc, widget = panel()
    send(widget, {"cmd": "choose", **ATTACK})
    send(widget, {"cmd": "block", "dice": [3, 3]})
    entries = len(enc.log)
    send(widget, {"cmd": "dodge", "dice": [3, 3]})
    assert "once per round" in state(widget)["error"]
    assert len(enc.log) == entries
    assert "once per round" in state(widget)["preview"]["dodge"]["refused"]


def test_bad_input_is_refused_not_raised() -> None:
    enc, widget = panel()
    send(widget, {"cmd": "block"})
    assert "Choose the attacker" in state(widget)["error"]
    send(widget, {"cmd": "choose", **ATTACK})
    for msg in (
        {"cmd": "choose", **ATTACK, "rank": "5"},
        {"cmd": "choose", **ATTACK, "defender": "Nobody"},
        {"cmd": "choose", "attacker": "Nobody"},
        {"cmd": "choose", "rank": 5.5},
        {"cmd": "block", "dice": "66"},
        {"cmd": "block", "dice": [7, 1]},
        {"cmd": "block", **ATTACK},
    ):
        send(widget, msg)
        assert state(widget)["error"], msg
    assert enc.log[-1].kind != "block"
    assert state(widget)["selection"] == {**ATTACK, "hit": False}


def test_each_change_is_sent_alone_and_the_rest_stays_as_chosen() -> None:
    """The front end sends only the control the GM changed: the attacker, the defender, the
    rank, in any order and any number, end as the last of each chosen."""
    enc, widget = panel()

    def chosen() -> tuple[str, str, int]:
        s = state(widget)["selection"]
        return s["attacker"], s["defender"], s["rank"]

    send(widget, {"cmd": "choose", "rank": 7})  # nothing chosen yet: who acts against the next
    assert chosen() == ("Blueshift", "Ganyeka", 7)
    # the GM picks Ganyeka to attack: the defender, Ganyeka until now, moves to the next in the
    # roster (nobody blocks their own attack), and the rank stays
    send(widget, {"cmd": "choose", "attacker": "ganyeka"})
    assert chosen() == ("Ganyeka", "Blueshift", 7)
    send(widget, {"cmd": "choose", "defender": "Monolith"})
    send(widget, {"cmd": "choose", "rank": 5})
    assert state(widget)["selection"] == {**ATTACK, "hit": False}
    assert state(widget)["error"] == ""
    send(widget, {"cmd": "choose", "attacker": "Blueshift"})  # the defender stays Monolith
    assert state(widget)["selection"]["defender"] == "Monolith"
    send(widget, {"cmd": "choose", "attacker": "Ganyeka"})
    send(widget, {"cmd": "block", "dice": [6, 6]})
    assert enc.log[-1].kind == "block" and state(widget)["result"]["extreme"] is True


def test_choosing_nothing_before_the_fight_starts_asks_for_the_attacker() -> None:
    enc = fight()
    widget = DefensePanel(enc)
    send(widget, {"cmd": "choose", "rank": 6})
    assert state(widget)["error"] == "Choose the attacker first."
    assert state(widget)["selection"] == {}
    send(widget, {"cmd": "choose", "attacker": "Ganyeka", "rank": 6})
    assert state(widget)["selection"]["defender"] == enc.names[0] != "Ganyeka"


def test_the_panel_follows_the_hit_waiting_and_its_rank() -> None:
    enc = battle()
    enc.start()
    widget = DefensePanel(enc)
    enc.attack("Widow", "Brute", power="Blast", dice=(4, 4))  # an extreme success
    assert state(widget)["selection"] == {
        "attacker": "Widow",
        "defender": "Brute",
        "rank": 7,
        "hit": True,
    }
    block = state(widget)["preview"]["block"]
    assert block["difficulty"] == 8 + 7 + 0 and block["bonus"] == 3  # Brute's block expertise
    enc.choose_effect("overwhelming")  # three ranks more
    assert state(widget)["selection"]["rank"] == 10
    assert state(widget)["preview"]["block"]["difficulty"] == 18
    send(widget, {"cmd": "block", "dice": [6, 6]})  # 6 + 3 + 12 = 21: negated
    assert state(widget)["error"] == ""
    assert enc.pending_hits == () and enc.endurance("Brute").current == 6
    assert state(widget)["selection"]["hit"] is False  # stays, as a free-standing defense
    assert state(widget)["result"]["success"] is True


def test_a_failed_defense_against_the_hit_waiting_lets_it_land() -> None:
    enc = battle()
    enc.start()
    widget = DefensePanel(enc)
    enc.attack("Widow", "Thug", power="Blast", dice=(3, 3))
    send(widget, {"cmd": "dodge", "dice": [1, 1]})
    assert state(widget)["error"] == "" and state(widget)["result"]["success"] is False
    assert enc.endurance("Thug").current == 0 and enc.pending_hits == ()
