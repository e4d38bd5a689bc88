"""Blocking and dodging (seed 004, "Blocking", "Dodging")."""

from __future__ import annotations

import pytest

from bpb_widgets import rules
from bpb_widgets.errors import RuleError


def test_block_rank_nine_blast_is_seventeen() -> None:
    assert rules.defense_difficulty(9) == 17
    assert rules.block(5, 9, dice=(6, 6)).difficulty == 17


def test_sixth_attack_brawn_six_is_nineteen() -> None:
    assert rules.defense_difficulty(6, attack=6) == 6 + 8 + 5 == 19


def test_sixth_dodge_blast_seven_is_twenty() -> None:
    # Seed 004, "Dodging", prints "7 + 8 + 5 = 19": the sum is 20; the rule (as in "Blocking") wins.
    result = rules.dodge(5, 7, attack=6, dice=(6, 6))
    assert (result.difficulty, result.total, result.success) == (7 + 8 + 5, 17, False)
    assert result.difficulty == 20


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: rules.defense_difficulty(9, attack=0), "cannot be less than 1"),
        (lambda: rules.block(-2, 9), "Prowess -2 is impossible"),
        (lambda: rules.dodge(4, 9, dice=(0, 3)), "1 to 6"),
    ],
)
def test_bad_input_refused(call, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        call()
