"""Plot points (seed 004, "Plot Points", "Gaining Plot Points", "Spending Plot Points")."""

from __future__ import annotations

import pytest

from bpb_widgets import rules
from bpb_widgets.errors import RuleError


def test_session_starts_with_one() -> None:
    assert rules.PlotPoints().points == rules.SESSION_START == 1


def test_gain_spend_and_no_carry_over() -> None:
    points = rules.PlotPoints().gain("complication").gain("reward")
    assert points.points == 3
    points = points.spend("rally").spend("retcon")
    assert points.points == 1
    assert points.gain("cooperation").new_session().points == 1


def test_cannot_spend_what_you_lack() -> None:
    with pytest.raises(RuleError, match="No plot points"):
        rules.PlotPoints(0).spend("automatic_success")


def test_unknown_uses_refused() -> None:
    with pytest.raises(RuleError, match="way to spend"):
        rules.PlotPoints().spend("reroll")
    with pytest.raises(RuleError, match="reason to gain"):
        rules.PlotPoints().gain("bribe")


def test_power_boost_one_rank_max_fourteen() -> None:
    assert rules.power_boost(5) == 6
    assert rules.power_boost(13) == 14
    with pytest.raises(RuleError, match="maximum"):
        rules.power_boost(14)


def test_automatic_success_without_expertise_needs_no_roll() -> None:
    win = rules.automatic_success(2, 18)
    assert (win.success, win.extreme, win.roll) == (True, False, None)
    with pytest.raises(RuleError, match="no dice"):
        rules.automatic_success(2, 18, dice=(3, 3))


def test_automatic_success_with_expertise_rolls_for_extreme() -> None:
    assert rules.automatic_success(4, 12, expertise=True, dice=(6, 5)).extreme
    poor = rules.automatic_success(4, 12, expertise=True, dice=(1, 1))
    assert poor.success and not poor.extreme


def test_impossible_task_flagged_for_the_gm() -> None:
    assert rules.automatic_success(2, 15).too_difficult
    assert not rules.automatic_success(3, 15).too_difficult
