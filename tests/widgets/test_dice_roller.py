"""DiceRoller: the odds before the roll and the explained result after."""

from __future__ import annotations

from fractions import Fraction

from widget_kit import fight, send

from bpb_widgets.widgets import DiceRoller

PROWESS_VS_12 = {"combatant": "Monolith", "attribute": "prowess", "difficulty": 12}


def roller() -> DiceRoller:
    return DiceRoller(fight())


def test_odds_of_an_unopposed_task() -> None:
    widget = roller()
    send(widget, {"cmd": "choose", **PROWESS_VS_12})
    assert widget.error == ""
    p = widget.preview
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
    assert widget.error == ""
    p = widget.preview
    assert p["roll"] == "Brawn 6 + 2d6 + 3 attack bonus"
    assert p["against"] == "8 + Blueshift's Agility 5 + 3 defense bonus"
    assert p["difficulty"] == 16 and p["extreme_total"] == 19


def test_roll_with_physical_dice_explains_the_result() -> None:
    widget = roller()
    send(widget, {"cmd": "choose", **PROWESS_VS_12})
    send(widget, {"cmd": "roll", "dice": [3, 4]})
    assert widget.error == ""
    assert widget.result["total"] == 13
    assert widget.result["text"] == (
        "Task: Monolith: Prowess 6 + 2d6 (3+4) = 13 vs 12: success (Rolling Dice)"
    )
    assert widget.encounter.log[-1].kind == "task"  # logged, so undoable and saved


def test_seeded_rolls_repeat_with_the_same_encounter_seed() -> None:
    rolls = []
    for _ in range(2):
        widget = roller()
        send(widget, {"cmd": "choose", **PROWESS_VS_12})
        send(widget, {"cmd": "roll"})
        rolls.append(widget.result["dice"])
    assert rolls[0] == rolls[1]


def test_plain_bonus_roll() -> None:
    widget = roller()
    send(widget, {"cmd": "choose", "bonus": 4, "difficulty": 9})
    send(widget, {"cmd": "roll", "dice": [1, 1]})
    assert widget.result["text"] == "Task: 2d6 (1+1) + 4 bonus = 6 vs 9: failure (Rolling Dice)"


def test_bad_choices_are_refused() -> None:
    widget = roller()
    for msg in (
        {"cmd": "choose", "combatant": "Monolith", "difficulty": 12},
        {"cmd": "choose", "combatant": "Monolith", "attribute": "luck", "difficulty": 12},
        {"cmd": "choose", **PROWESS_VS_12, "attack": ["lucky"]},
        {"cmd": "choose", **PROWESS_VS_12, "attack": "surprised"},
        {"cmd": "choose", "combatant": "Monolith", "attribute": "prowess"},
        {"cmd": "roll", **PROWESS_VS_12, "dice": [0, 9]},
    ):
        send(widget, msg)
        assert widget.error, msg
    assert widget.result == {}


def test_newcomers_can_roll() -> None:
    widget = roller()
    widget.encounter.add("Black Steel", agility=6)
    assert widget.sheets["Black Steel"]["ranks"]["agility"] == 6
