"""The forecast's fast 2d6 table is icepool's exact odds."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bpb_widgets import rules
from bpb_widgets.forecast.chances import task_chance, wilson


@given(st.integers(0, 14), st.integers(1, 40), st.integers(-3, 6))
def test_task_chance_is_the_exact_odds(attribute: int, difficulty: int, bonus: int) -> None:
    assert (
        task_chance(attribute, difficulty, bonus)
        == rules.odds(attribute, difficulty, bonus=bonus).success
    )


@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_holds_the_rate(successes: int, trials: int) -> None:
    successes = min(successes, trials)
    low, high = wilson(successes, trials)
    assert 0 <= low <= successes / trials <= high <= 1
