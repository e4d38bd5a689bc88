"""The dice rollers of blackout and d10-ap: exact odds before, the encounter's command after."""

from __future__ import annotations

from fractions import Fraction

import pytest
from system_kit import blackout_fight, d10_fight
from widget_kit import send

from bpb_widgets.blackout import rules as blackout
from bpb_widgets.d10_ap import rules as d10_ap
from bpb_widgets.widgets import BlackoutRoller, D10Roller, DefensePanel, DiceRoller


def test_dice_roller_picks_the_roller_of_the_rule_set() -> None:
    # anywidget gives each instance its own subclass (for its traits): hence isinstance
    assert isinstance(DiceRoller(blackout_fight()), BlackoutRoller)
    assert isinstance(DiceRoller(d10_fight()), D10Roller)
    assert not isinstance(DiceRoller(d10_fight()), BlackoutRoller)
    with pytest.raises(ValueError, match="BlackoutRoller is for blackout"):
        BlackoutRoller(d10_fight())


def test_blackout_shows_the_step_odds_of_the_chosen_dice() -> None:
    roller = DiceRoller(blackout_fight())
    assert roller.sheets["Mech"] == {"pc": False, "step": 9}
    assert roller.preview["count"] == 3
    send(roller, {"cmd": "choose", "combatant": "Kara", "count": 2})
    assert roller.error == ""
    odds = blackout.step_odds(2)
    assert roller.preview["distribution"] == [[s, float(p)] for s, p in sorted(odds.items())]
    before = sum(p for step, p in odds.items() if step <= 9)
    assert roller.preview["before"] == [before.numerator, before.denominator, float(before)]
    assert (roller.preview["first_enemy"], roller.preview["mean"]) == (9, 7.0)


def test_blackout_roll_runs_the_encounter_command_and_explains_itself() -> None:
    enc = blackout_fight()
    roller = DiceRoller(enc)
    send(roller, {"cmd": "choose", "combatant": "Kara", "count": 3})
    send(roller, {"cmd": "roll", "dice": [2, 5, 6]})
    assert roller.error == ""
    assert enc.turn_state("Kara").initiative == 13
    assert roller.result["step"] == 13
    assert roller.result["text"] == enc.log[-1].text
    assert "2 + 5 + 6 = step 13, 3 action points" in roller.result["text"]
    enc.undo()
    assert enc.turn_state("Kara").initiative is None


@pytest.mark.parametrize(
    ("chosen", "msg", "reason"),
    [
        ({"count": 3}, {"cmd": "roll"}, "Choose who rolls"),
        ({"combatant": "Mech", "count": 3}, {"cmd": "roll"}, "enemy"),
        ({"combatant": "Kara", "count": 2}, {"cmd": "roll", "dice": [1, 2, 3]}, "2"),
        ({}, {"cmd": "choose", "combatant": "Kara", "count": 4}, "Initiative dice"),
        ({}, {"cmd": "choose", "combatant": "Kara", "count": "3"}, "whole number"),
        ({}, {"cmd": "choose", "count": 0}, "Initiative dice"),
        ({}, {"cmd": "surprise_check", "combatant": "Kara"}, "Unknown command"),
    ],
)
def test_blackout_refusals_change_nothing(
    chosen: dict[str, object], msg: dict[str, object], reason: str
) -> None:
    enc = blackout_fight()
    roller = DiceRoller(enc)
    if chosen:
        send(roller, {"cmd": "choose", **chosen})
    before = (enc.to_json(), roller.selection, roller.preview)
    send(roller, msg)
    assert reason in roller.error
    assert (enc.to_json(), roller.selection, roller.preview) == before


def test_d10_shows_the_chance_of_surprise_for_the_chosen_combatant() -> None:
    roller = DiceRoller(d10_fight())
    assert roller.preview["surprise"]["combatant"] == "Evan"
    assert roller.preview["ap"] is None
    send(roller, {"cmd": "choose", "combatant": "Orc"})
    odds = d10_ap.surprise_odds(2, traits={"paranoid"})
    surprise = roller.preview["surprise"]
    assert (surprise["awareness"], surprise["modifier"]) == (3, 1)
    assert surprise["surprised"][:2] == [odds.surprised.numerator, odds.surprised.denominator]
    assert sum(p for _, p in surprise["distribution"]) == pytest.approx(1)


def test_d10_surprise_check_and_ap_dice_replay_the_evan_example() -> None:
    enc = d10_fight()
    enc.set_order(["Evan", "Orc"])
    roller = DiceRoller(enc)
    send(roller, {"cmd": "surprise_check", "combatant": "Evan", "roll": 6})
    assert roller.error == ""
    assert roller.result["success"] is False
    assert "surprised: -2 AP on the first turn of round 1" in roller.result["text"]
    enc.roll_initiative("Evan", roll=9)
    enc.roll_initiative("Orc", roll=1)
    enc.start()
    ap = roller.preview["ap"]
    assert (ap["combatant"], ap["agb"], ap["penalty"]) == ("Evan", 3, 2)
    expected = d10_ap.ap_odds(3, penalty=2)
    assert ap["distribution"] == [[n, float(p)] for n, p in sorted(expected.items())]
    send(roller, {"cmd": "roll_ap", "dice": [4, 7, 8]})
    assert enc.ap("Evan") == 1
    assert "4 7 8" in roller.result["text"] and "= 1 AP" in roller.result["text"]
    assert roller.preview["ap"] is None
    enc.undo()
    assert roller.preview["ap"]["penalty"] == 2


def test_d10_refusals_change_nothing() -> None:
    enc = d10_fight()
    roller = DiceRoller(enc)
    for msg, reason in [
        ({"cmd": "roll_ap"}, "nobody's turn"),
        ({"cmd": "surprise_check", "combatant": "Nobody"}, "Nobody"),
        ({"cmd": "surprise_check", "combatant": "Evan", "roll": 11}, "10"),
        ({"cmd": "surprise_check"}, "'combatant'"),
        ({"cmd": "roll", "combatant": "Evan"}, "Unknown command"),
    ]:
        before = enc.to_json()
        send(roller, msg)
        assert reason in roller.error, msg
        assert enc.to_json() == before


def test_the_ap_odds_follow_whoever_s_turn_it_is() -> None:
    enc = d10_fight()
    enc.set_order(["Evan", "Orc"])
    enc.roll_initiative("Evan", roll=9)
    enc.roll_initiative("Orc", roll=1)
    roller = DiceRoller(enc)
    enc.start()
    enc.roll_ap("Evan", dice=[5, 5, 5])
    enc.spend_ap("Evan", 4)
    assert roller.current == "Orc"
    assert roller.preview["ap"]["agb"] == 2
    assert Fraction(0) not in d10_ap.ap_odds(2)


def test_the_defense_panel_is_for_bulletproof_blues_only() -> None:
    with pytest.raises(
        ValueError,
        match=r"DefensePanel is for Bulletproof Blues encounters \(bpb2e, bpb2e-wiki\), not the",
    ):
        DefensePanel(d10_fight())
