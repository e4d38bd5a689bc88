"""DefensePanel: the preview before the roll, the roll, and refusals."""

from __future__ import annotations

from fractions import Fraction

from widget_kit import Wire, fight, send

from bpb_widgets.widgets import DefensePanel

ATTACK = {"attacker": "Ganyeka", "defender": "Monolith", "rank": 5}


def panel() -> tuple[object, DefensePanel]:
    enc = fight()
    enc.start()
    return enc, DefensePanel(enc)


def test_preview_shows_arithmetic_odds_and_the_cost_of_both_defenses() -> None:
    _enc, widget = panel()
    send(widget, {"cmd": "choose", **ATTACK})
    assert widget.error == ""
    block, dodge = widget.preview["block"], widget.preview["dodge"]
    # Monolith: Prowess 6 + 3 block expertise vs 8 + 5 = 13; needs 4+ on 2d6
    assert (block["attribute"], block["bonus"], block["difficulty"]) == (6, 3, 13)
    assert Fraction(*block["success"][:2]) == Fraction(33, 36)
    assert block["expertise"] is True and block["extreme"][0] > 0
    assert "uses Monolith's turn in round 1" in block["consequence"]
    # no dodge expertise: Agility 2 vs 13, no extreme success
    assert (dodge["attribute"], dodge["bonus"]) == (2, 0)
    assert dodge["extreme"][0] == 0
    assert [total for total, _ in dodge["distribution"]] == list(range(4, 15))


def test_block_rolls_through_the_engine_and_explains_itself() -> None:
    enc, widget = panel()
    send(widget, {"cmd": "block", **ATTACK, "dice": [6, 6]})
    assert widget.error == ""
    assert enc.log[-1].kind == "block"
    assert widget.result["extreme"] is True
    assert widget.result["revision"] == "Ganyeka now acts after Monolith"
    assert widget.result["text"] == enc.log[-1].text
    # a continued block costs +1 now, and the preview follows the engine
    assert widget.preview["block"]["continued"] == 1


def test_a_second_forced_action_in_a_round_is_refused_in_the_widget() -> None:
    enc, widget = panel()
    send(widget, {"cmd": "block", **ATTACK, "dice": [3, 3]})
    entries = len(enc.log)
    send(widget, {"cmd": "dodge", **ATTACK, "dice": [3, 3]})
    assert "once per round" in widget.error
    assert len(enc.log) == entries
    assert "once per round" in widget.preview["dodge"]["refused"]


def test_bad_input_is_refused_not_raised() -> None:
    enc, widget = panel()
    for msg in (
        {"cmd": "block", **ATTACK, "rank": "5"},
        {"cmd": "block", **ATTACK, "dice": "66"},
        {"cmd": "block", **ATTACK, "dice": [7, 1]},
        {"cmd": "dodge", **ATTACK, "defender": "Nobody"},
        {"cmd": "choose", "attacker": "Ganyeka"},
    ):
        send(widget, msg)
        assert widget.error, msg
    assert enc.log[-1].kind != "block"


def test_an_end_turn_elsewhere_sends_the_panel_little(wire: Wire) -> None:
    enc, widget = panel()
    send(widget, {"cmd": "choose", **ATTACK})
    wire.clear()
    enc.end_turn()
    assert wire.bytes < 1024
