"""DiceRoller: each system's dice (``task``, ``initiative``, ``d10``), the exact odds before the
roll and the explained result after."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest
from system_kit import blackout_fight, d10_fight
from widget_kit import fight, send, to

from bpb_widgets.blackout import rules as blackout
from bpb_widgets.d10_ap import rules as d10_ap
from bpb_widgets.widgets import DiceRoller

PROWESS_VS_12 = {"combatant": "Monolith", "attribute": "prowess", "difficulty": 12}


def state(widget: DiceRoller) -> dict[str, Any]:
    (key,) = widget.layout_panels
    value: dict[str, Any] = widget.panels[key]
    return value


def roller() -> DiceRoller:
    return DiceRoller(fight())


def test_the_roller_is_the_system_s() -> None:
    assert roller().layout_panels == ["task"]
    assert DiceRoller(blackout_fight()).layout_panels == ["initiative"]
    assert DiceRoller(d10_fight()).layout_panels == ["d10"]


# -- Bulletproof Blues task rolls -----------------------------------------------------------------


def test_odds_of_an_unopposed_task() -> None:
    widget = roller()
    send(widget, {"cmd": "choose", **PROWESS_VS_12})
    assert state(widget)["error"] == ""
    p = state(widget)["preview"]
    assert p["roll"] == "Prowess 6 + 2d6"
    assert p["against"] == "12"
    assert Fraction(*p["success"][:2]) == Fraction(26, 36)  # 2d6 >= 6
    assert p["extreme"][0] == 0


def test_opposed_task_with_circumstances_and_expertise() -> None:
    widget = roller()
    msg = {
        "cmd": "choose",
        "combatant": "Ganyeka",
        "attribute": "brawn",
        "opposed": "Blueshift",
        "opposed_attribute": "agility",
        "expertise": True,
        "attack": ["surprised"],
        "defense": ["running"],
    }
    send(widget, msg)
    assert state(widget)["error"] == ""
    p = state(widget)["preview"]
    assert p["roll"] == "Brawn 6 + 2d6 + 3 attack bonus"
    assert p["against"] == "8 + Blueshift's Agility 5 + 3 defense bonus"
    assert p["difficulty"] == 16 and p["extreme_total"] == 19


def test_roll_with_physical_dice_explains_the_result() -> None:
    widget = roller()
    send(widget, {"cmd": "choose", **PROWESS_VS_12})
    send(widget, {"cmd": "roll", "dice": [3, 4]})
    assert state(widget)["error"] == ""
    assert state(widget)["result"]["total"] == 13
    assert "\n".join(state(widget)["result"]["lines"]) == (
        "Task: Monolith: Prowess 6 + 2d6 (3+4) = 13 vs 12: success (Unopposed Tasks)"
    )
    assert widget.encounter.log[-1].kind == "task"  # logged, so undoable and saved
    widget.encounter.undo()
    assert state(widget)["result"] == {}  # its entry undone: the result goes too


def test_seeded_rolls_repeat_with_the_same_encounter_seed() -> None:
    rolls = []
    for _ in range(2):
        widget = roller()
        send(widget, {"cmd": "choose", **PROWESS_VS_12})
        send(widget, {"cmd": "roll"})
        rolls.append(state(widget)["result"]["dice"])
    assert rolls[0] == rolls[1]


def test_plain_bonus_roll() -> None:
    widget = roller()
    send(widget, {"cmd": "choose", "bonus": 4, "difficulty": 9})
    send(widget, {"cmd": "roll", "dice": [1, 1]})
    assert "\n".join(state(widget)["result"]["lines"]) == (
        "Task: 2d6 (1+1) + 4 bonus = 6 vs 9: failure (Unopposed Tasks)"
    )


def test_bad_choices_are_refused() -> None:
    widget = roller()
    send(widget, {"cmd": "roll"})
    assert "Choose who rolls" in state(widget)["error"]
    for msg in (
        {"cmd": "choose", "combatant": "Monolith", "difficulty": 12},
        {"cmd": "choose", "combatant": "Monolith", "attribute": "luck", "difficulty": 12},
        {"cmd": "choose", **PROWESS_VS_12, "attack": ["lucky"]},
        {"cmd": "choose", **PROWESS_VS_12, "attack": "surprised"},
        {"cmd": "choose", "combatant": "Monolith", "attribute": "prowess"},
        {"cmd": "roll", **PROWESS_VS_12, "dice": [0, 9]},
    ):
        send(widget, msg)
        assert state(widget)["error"], msg
    assert state(widget)["result"] == {} and state(widget)["selection"] == {}


def test_newcomers_can_roll_and_a_roller_removed_clears_the_choice() -> None:
    widget = roller()
    widget.encounter.add("Black Steel", agility=6)
    assert state(widget)["names"][-1] == "Black Steel"
    send(widget, {"cmd": "choose", "combatant": "Black Steel", "attribute": "agility", "bonus": 0,
                  "difficulty": 9})  # fmt: skip
    assert state(widget)["preview"]["roll"] == "Agility 6 + 2d6"
    widget.encounter.remove("Black Steel")
    assert state(widget)["selection"] == {} and state(widget)["preview"] == {}


# -- blackout initiative dice ---------------------------------------------------------------------


def test_blackout_shows_the_step_odds_of_the_chosen_dice() -> None:
    widget = DiceRoller(blackout_fight())
    assert state(widget)["sheets"]["Mech"] == {"pc": False, "step": 9}
    assert state(widget)["preview"]["count"] == 3
    send(widget, {"cmd": "choose", "combatant": "Kara", "count": 2})
    assert state(widget)["error"] == ""
    odds = blackout.step_odds(2)
    p = state(widget)["preview"]
    assert p["distribution"] == [[s, float(q)] for s, q in sorted(odds.items())]
    before = sum(q for step, q in odds.items() if step <= 9)
    assert p["before"] == [before.numerator, before.denominator, float(before)]
    assert (p["first_enemy"], p["mean"]) == (9, 7.0)


def test_blackout_initiative_refuses_someone_not_in_the_fight() -> None:
    """Found by the widget state machine: a chosen name that is not (or no longer) in the fight
    was kept, and the panel then showed no odds where a new one shows them."""
    widget = DiceRoller(blackout_fight())
    before = copy.deepcopy(state(widget))
    send(widget, {"cmd": "choose", "combatant": "Nobody", "count": 1})
    assert "Nobody" in state(widget)["error"]
    assert {**state(widget), "error": ""} == before


def test_blackout_roll_runs_the_encounter_command_and_explains_itself() -> None:
    enc = blackout_fight()
    widget = DiceRoller(enc)
    send(widget, {"cmd": "choose", "combatant": "Kara", "count": 3})
    send(widget, {"cmd": "roll", "dice": [2, 5, 6]})
    assert state(widget)["error"] == ""
    assert enc.turn_state("Kara").initiative == 13
    assert state(widget)["result"]["lines"] == [enc.log[-1].text]
    assert "2 + 5 + 6 = step 13, 3 action points" in "\n".join(state(widget)["result"]["lines"])
    enc.undo()
    assert enc.turn_state("Kara").initiative is None
    assert state(widget)["result"] == {}


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
    widget = DiceRoller(enc)
    if chosen:
        send(widget, {"cmd": "choose", **chosen})
    before = (enc.to_json(), state(widget)["selection"], state(widget)["preview"])
    send(widget, msg)
    assert reason in state(widget)["error"]
    assert (enc.to_json(), state(widget)["selection"], state(widget)["preview"]) == before


# -- d10-ap surprise and AP dice ------------------------------------------------------------------


def test_d10_shows_the_chance_of_surprise_for_the_chosen_combatant() -> None:
    widget = DiceRoller(d10_fight())
    assert state(widget)["preview"]["surprise"]["combatant"] == "Evan"
    assert state(widget)["preview"]["ap"] is None
    send(widget, {"cmd": "choose", "combatant": "Orc"})
    odds = d10_ap.surprise_odds(2, traits={"paranoid"})
    surprise = state(widget)["preview"]["surprise"]
    assert (surprise["awareness"], surprise["modifier"]) == (3, 1)
    assert surprise["surprised"][:2] == [odds.surprised.numerator, odds.surprised.denominator]
    assert sum(q for _, q in surprise["distribution"]) == pytest.approx(1)


def test_d10_surprise_check_and_ap_dice_replay_the_evan_example() -> None:
    enc = d10_fight()
    enc.set_order(["Evan", "Orc"])
    widget = DiceRoller(enc)
    send(widget, {"cmd": "surprise_check", "combatant": "Evan", "roll": 6})
    assert state(widget)["error"] == ""
    assert state(widget)["result"]["success"] is False
    assert "surprised: -2 AP on the first turn of round 1" in "\n".join(
        state(widget)["result"]["lines"]
    )
    enc.roll_initiative("Evan", roll=9)
    enc.roll_initiative("Orc", roll=1)
    enc.start()
    assert state(widget)["result"] == {}  # the turn moved on: the check's result is stale
    ap = state(widget)["preview"]["ap"]
    assert (ap["combatant"], ap["agb"], ap["penalty"]) == ("Evan", 3, 2)
    expected = d10_ap.ap_odds(3, penalty=2)
    assert ap["distribution"] == [[n, float(q)] for n, q in sorted(expected.items())]
    send(widget, {"cmd": "roll_ap", "dice": [4, 7, 8]})
    assert enc.ap("Evan") == 1
    text = "\n".join(state(widget)["result"]["lines"])
    assert "4 7 8" in text and "= 1 AP" in text
    assert state(widget)["preview"]["ap"] is None
    enc.undo()
    assert state(widget)["preview"]["ap"]["penalty"] == 2


def test_d10_refusals_change_nothing() -> None:
    enc = d10_fight()
    widget = DiceRoller(enc)
    for msg, reason in [
        ({"cmd": "roll_ap"}, "nobody's turn"),
        ({"cmd": "surprise_check", "combatant": "Nobody"}, "Nobody"),
        ({"cmd": "surprise_check", "combatant": "Evan", "roll": 11}, "10"),
        ({"cmd": "surprise_check"}, "'combatant'"),
        ({"cmd": "roll", "combatant": "Evan"}, "Unknown command"),
    ]:
        before = enc.to_json()
        send(widget, msg)
        assert reason in state(widget)["error"], msg
        assert enc.to_json() == before


def test_the_ap_odds_follow_whoever_s_turn_it_is() -> None:
    enc = d10_fight()
    enc.set_order(["Evan", "Orc"])
    enc.roll_initiative("Evan", roll=9)
    enc.roll_initiative("Orc", roll=1)
    widget = DiceRoller(enc)
    enc.start()
    enc.roll_ap("Evan", dice=[5, 5, 5])
    enc.spend_ap("Evan", 4)
    assert state(widget)["current"] == "Orc"
    assert state(widget)["preview"]["ap"]["agb"] == 2
    expected = d10_ap.ap_odds(2)
    assert state(widget)["preview"]["ap"]["distribution"] == [
        [n, float(q)] for n, q in sorted(expected.items())
    ]


def test_a_task_roll_bought_with_a_plot_point() -> None:
    """Seed 004, "Automatic Success": a player's task roll succeeds whatever the dice."""
    from bpb_widgets import Encounter

    enc = Encounter(seed=1)
    enc.add("Widow", player=True, reason=2)
    roller = DiceRoller(enc)
    to(roller, "task", "choose", combatant="Widow", attribute="reason", difficulty=20)
    assert roller.panels["task"]["plot"] == {"roller": "Widow", "points": 1, "waiting": False}
    to(roller, "task", "roll", dice=[1, 1], plot_point=True)
    assert roller.panels["task"]["error"] == ""
    assert roller.panels["task"]["result"]["success"] is True and enc.plot_points("Widow") == 0
    assert roller.panels["task"]["plot"] == {}
