"""Attack bonuses and difficulty modifiers (seed 004, "Opposed Tasks", "Range Bands",
"Grappling")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bpb_widgets import rules
from bpb_widgets.errors import RuleError


def test_blind_and_helpless_is_six_not_twelve() -> None:
    assert rules.modifiers(attack=["blind", "helpless"]) == (6, 0)


def test_both_sprinting_is_six_not_nine() -> None:
    assert rules.modifiers(defense=["sprinting", "defender_sprinting"]) == (0, 6)


def test_held_item_stacks_to_nine() -> None:
    # Seed 004: "+6 for not being able to see the target, and +3 for attacking a held object".
    # The +6 row of the table is "Attacker is completely blind".
    assert rules.modifiers(defense=["blind"], held_item=True).difficulty_modifier == 9
    assert rules.modifiers(defense=["blind", "held_item"]).difficulty_modifier == 9


def test_held_item_alone_and_once() -> None:
    assert rules.modifiers(held_item=True) == (0, 3)
    assert rules.modifiers(defense=["held_item"], held_item=True) == (0, 3)
    assert rules.modifiers(defense=["cant_see"], held_item=True) == (0, 6)


def test_one_range_band_beyond_is_plus_three() -> None:
    assert rules.modifiers(range_bands=1) == (0, 3)
    assert rules.modifiers(defense=["blind"], range_bands=1) == (0, 6)
    assert rules.modifiers(defense=["running"], range_bands=2, held_item=True) == (0, 9)


def test_walking_is_nothing() -> None:
    assert rules.modifiers(attack=["walking"], defense=["walking"]) == (0, 0)
    assert rules.modifiers() == (0, 0)


def test_named_result() -> None:
    result = rules.modifiers(attack=["surprised"], defense=["interposing"])
    assert (result.attack_bonus, result.difficulty_modifier) == (3, 3)


def test_tables_as_the_seed_gives_them() -> None:
    assert {k: c.value for k, c in rules.ATTACK_BONUSES.items()} == {
        "walking": 0,
        "cant_see": 3,
        "restrained": 3,
        "surprised": 3,
        "blind": 6,
        "helpless": 6,
    }
    assert {k: c.value for k, c in rules.DIFFICULTY_MODIFIERS.items()} == {
        "walking": 0,
        "cant_see": 3,
        "restrained": 3,
        "running": 3,
        "defender_sprinting": 3,
        "held_item": 3,
        "blind": 6,
        "sprinting": 6,
        "interposing": 3,
    }
    assert [k for k, c in rules.DIFFICULTY_MODIFIERS.items() if c.cumulative] == ["held_item"]


@given(
    st.lists(st.sampled_from(list(rules.ATTACK_BONUSES))),
    st.lists(st.sampled_from(list(rules.DIFFICULTY_MODIFIERS))),
)
def test_largest_applies(attack: list[str], defense: list[str]) -> None:
    result = rules.modifiers(attack, defense)
    assert result.attack_bonus == max((rules.ATTACK_BONUSES[k].value for k in attack), default=0)
    others = [rules.DIFFICULTY_MODIFIERS[k].value for k in defense if k != "held_item"]
    held = 3 if "held_item" in defense else 0
    assert result.difficulty_modifier == max(others, default=0) + held


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"attack": ["invisible"]}, "Unknown attack circumstance 'invisible'"),
        ({"defense": ["surprised"]}, "Unknown defense circumstance"),
        ({"attack": "blind"}, "not a bare string"),
        ({"range_bands": -1}, "less than 0"),
    ],
)
def test_unknown_circumstances_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        rules.modifiers(**kwargs)
