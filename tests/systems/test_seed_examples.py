"""Every worked example of seeds 002 and 003, read from the seed texts and replayed."""

from __future__ import annotations

import re
from pathlib import Path

from bpb_widgets.systems import blackout, d10_ap

BLACKOUT = "002_5d06cfa761f2dd37.txt"
D10_AP = "003_74dc3d5d38ce0ba5.txt"


def text(seeds: Path, name: str) -> str:
    return " ".join((seeds / name).read_text(encoding="utf-8").split())


def test_evan(seeds: Path) -> None:
    """Seed 003, "Step 1- Determine Surprise": AgB 3, AwarB 4, AP dice 4, 7, 8, surprise roll 6."""
    example = re.search(
        r"Evan has an AgB(\d) and AwarB(\d).*?resulting in (\d+), (\d+), and (\d+).*?"
        r"for a total of (\d) AP.*?with a result of (\d+).*?reduces .*? -(\d); "
        r"when it is Evan's Turn he will have (\d) AP",
        text(seeds, D10_AP),
    )
    assert example, "Evan's example is no longer in seed 003"
    agb, awarb, *dice, total, roll, reduction, left = map(int, example.groups())
    assert (agb, awarb, dice, total, roll, reduction, left) == (3, 4, [4, 7, 8], 3, 6, 2, 1)

    check = d10_ap.surprise_check(awarb, roll=roll)
    assert check.surprised and check.ap_penalty == reduction and check.round == 1
    points = d10_ap.action_points(agb, dice=tuple(dice), penalty=check.ap_penalty)
    assert (points.rolled, points.ap) == (total, left)


def test_a_ten_always_surprises(seeds: Path) -> None:
    """Seed 003: "a Surprise Check result of 10 means the PC is automatically Surprised (minimum
    of -1 AP)", whatever the bonuses."""
    assert "result of 10 means the PC is automatically Surprised (minimum of -1 AP)" in text(
        seeds, D10_AP
    )
    check = d10_ap.surprise_check(9, roll=10, traits={"paranoid", "auspex"})
    assert check.awareness == 11 and check.surprised and check.ap_penalty == 1
    assert d10_ap.surprise_check(4, roll=10).ap_penalty == 6


def test_initiative_example_of_the_issue(seeds: Path) -> None:
    """Seed 002, "Initiative": dice 2, 5 and 6 are step 13 and 3 action points."""
    seed = text(seeds, BLACKOUT)
    assert "You add together the rolled values on the dice" in seed
    assert "For each die rolled, the character receives one action point" in seed
    result = blackout.initiative(dice=3, rolled=(2, 5, 6))
    assert (result.step, result.ap) == (13, 3)


def test_average_vault_is_two(seeds: Path) -> None:
    """Seed 002, "Vaulting": "a difficulty of 1 to 3 ... with 2 being the average for a 5 foot tall
    obstacle"."""
    assert "with 2 being the average for a 5 foot tall obstacle" in text(seeds, BLACKOUT)
    assert blackout.vault(2, height_ft=5) == "clear"
    assert blackout.vault(1, height_ft=5) == "difficult"
    assert blackout.vault(0, height_ft=5) == "prone"


def test_out_of_the_fight_outcomes(seeds: Path) -> None:
    """Seed 002, "Out of the Fight": the outcomes by successes, as the seed lists them."""
    seed = text(seeds, BLACKOUT)
    assert "If they fail (1 or two successes), they take D3 points of damage" in seed
    assert "On a critical success (5 successes) they immediately regain 1 HP" in seed
    results = [blackout.bleed(n, hp=-2, d3=2 if n < 3 else None).result for n in range(7)]
    assert results == [
        "critical failure",
        "failure",
        "failure",
        "stabilised",
        "stabilised",
        "recovered",
        "recovered",
    ]
