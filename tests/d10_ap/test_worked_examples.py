"""The worked example and stated outcomes of seed 003 (tests/data/worked_examples.json), checked
against the pure rules."""

from __future__ import annotations

from typing import Any

from bpb_widgets.d10_ap import rules as d10_ap


def test_evan_is_surprised_and_keeps_1_ap(examples: dict[str, Any]) -> None:
    """Seed 003, "Step 1- Determine Surprise": AgB 3, AwarB 4, AP dice 4, 7, 8 give 3 AP; a
    surprise check of 6 takes 2: Evan has 1 AP in his first turn."""
    evan = examples["surprise"]
    check = d10_ap.surprise_check(evan["awarb"], roll=evan["surprise_roll"])
    assert check.surprised and check.ap_penalty == evan["ap_lost"] and check.round == 1
    points = d10_ap.action_points(
        evan["agb"], dice=tuple(evan["ap_dice"]), penalty=check.ap_penalty
    )
    assert (points.rolled, points.ap) == (evan["ap"], evan["ap_first_turn"])


def test_a_ten_always_surprises_and_costs_at_least_1_ap() -> None:
    """Seed 003: "a Surprise Check result of 10 means the PC is automatically Surprised (minimum
    of -1 AP)", whatever the bonuses."""
    check = d10_ap.surprise_check(9, roll=10, traits={"paranoid", "auspex"})
    assert check.awareness == 11 and check.surprised and check.ap_penalty == 1
    assert d10_ap.surprise_check(4, roll=10).ap_penalty == 6
