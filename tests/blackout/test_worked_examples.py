"""The worked examples and stated outcomes of seed 002 (tests/data/worked_examples.json), checked
against the pure rules."""

from __future__ import annotations

from typing import Any

from bpb_widgets.blackout import rules as blackout


def test_initiative_dice_sum_to_the_step_one_ap_each() -> None:
    """Seed 002, "Initiative": "You add together the rolled values on the dice and that is the
    Initiative step"; "For each die rolled, the character receives one action point"."""
    result = blackout.initiative(dice=3, rolled=(2, 5, 6))
    assert (result.step, result.ap) == (13, 3)


def test_an_average_vault_over_5_feet_is_difficulty_2(examples: dict[str, Any]) -> None:
    """Seed 002, "Vaulting": "a difficulty of 1 to 3 ... with 2 being the average for a 5 foot tall
    obstacle"."""
    vault = examples["vaulting"]
    assert blackout.vault(vault["difficulty"], height_ft=vault["height_ft"]) == "clear"
    assert blackout.vault(vault["difficulty"] - 1, height_ft=vault["height_ft"]) == "difficult"
    assert blackout.vault(vault["difficulty"] - 2, height_ft=vault["height_ft"]) == "prone"


def test_out_of_the_fight_outcomes_as_the_seed_lists_them(examples: dict[str, Any]) -> None:
    """Seed 002, "Out of the Fight": no successes, 1-2, 3 and 5 successes."""
    for successes, outcome in examples["out_of_the_fight"]["outcomes"].items():
        n = int(successes)
        assert blackout.bleed(n, hp=-2, d3=2 if n < 3 else None).result == outcome
