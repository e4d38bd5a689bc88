"""Task rolls in an encounter, logged and undoable (seed 004, "Rolling Dice", "Opposed Tasks",
"Taking The Average", "Taking The Max")."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from tests.engine.helpers import snapshot


def pair() -> Encounter:
    enc = Encounter(seed=4)
    enc.add("Blueshift", agility=5, reason=3)
    enc.add("Ganyeka", agility=4)
    return enc


def test_an_opposed_roll_is_against_8_plus_the_opponents_attribute() -> None:
    enc = pair()
    roll = enc.task("Blueshift", "agility", opponent="Ganyeka", dice=(3, 4))
    assert (roll.total, roll.difficulty, roll.success) == (12, 12, True)
    assert enc.log[-1].text == (
        "Task: Blueshift: Agility 5 + 2d6 (3+4) = 12 vs 8 + Ganyeka's Agility 4 = 12: success "
        "(Opposed Tasks)"
    )


def test_circumstances_only_the_largest_of_each_applies() -> None:
    enc = pair()
    setup = enc.task_preview(
        "Blueshift",
        "agility",
        opponent="Ganyeka",
        attack_bonus=["blind", "helpless", "surprised"],
        defense_bonus=["running", "held_item"],
    )
    assert (setup.attack_bonus, setup.difficulty_modifier) == (6, 6)
    assert setup.against_text == "8 + Ganyeka's Agility 4 + 6 defense bonus"


def test_taking_the_average_or_the_max_rolls_nothing() -> None:
    enc = pair()
    state = enc._history.rng.getstate()
    assert enc.task("Blueshift", "reason", difficulty=12, take="max").total == 15
    assert enc.task("Blueshift", "reason", difficulty=12, take="average").total == 10
    assert enc._history.rng.getstate() == state
    assert "7 (taking the average)" in enc.log[-1].text
    with pytest.raises(RuleError, match="rolling no dice"):
        enc.task("Blueshift", "reason", difficulty=12, take="max", dice=(1, 1))


def test_expertise_makes_three_over_an_extreme_success() -> None:
    enc = pair()
    assert enc.task("Blueshift", "agility", difficulty=12, expertise=True, dice=(5, 5)).extreme
    assert not enc.task("Blueshift", "agility", difficulty=12, dice=(5, 5)).extreme


def test_a_task_roll_is_undone_and_saved_like_any_command() -> None:
    enc = pair()
    before = snapshot(enc, redo=False)
    first = enc.task("Blueshift", "agility", difficulty=12)
    assert Encounter.from_json(enc.to_json()).log[-1].text == enc.log[-1].text
    enc.undo()
    assert snapshot(enc, redo=False) == before
    assert enc.task("Blueshift", "agility", difficulty=12).dice == first.dice


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"roller": "Blueshift", "difficulty": 12}, "Choose which of Blueshift's attributes"),
        ({"attribute": "agility", "difficulty": 12}, "Choose who rolls"),
        ({"roller": "Blueshift", "attribute": "luck", "difficulty": 12}, "names an attribute"),
        ({"roller": "Blueshift", "attribute": "agility"}, "Give a difficulty, or an opponent"),
        ({"difficulty": 12, "opponent": "Ganyeka"}, "Give a difficulty, or an opponent"),
        ({"difficulty": 0}, "at least 1|less than 1"),
        ({"difficulty": 12, "attack_bonus": ["lucky"]}, "lucky"),
        ({"difficulty": 12, "take": "min"}, "way to take a roll"),
        ({"difficulty": 12, "dice": (0, 1)}, "die face"),
    ],
)
def test_impossible_task_rolls_are_refused(kwargs: dict, message: str) -> None:
    enc = pair()
    before = snapshot(enc)
    with pytest.raises(RuleError, match=message):
        enc.task(**kwargs)
    assert snapshot(enc) == before
