"""The words of a chance: Python's ``rules.chance`` (notebooks, the check widget's answers) and the
front end's ``chance`` (js/lib/odds.js: the dice roller, the attack panel, block and dodge) say
the same thing for the same roll, the ways out of 36 and "needs N+ on 2d6" beside the percentage.

Seed 004, "Rolling Dice": "the player rolls 2d6, counts the dots, and adds the result to the
relevant attribute ... The attempt succeeds if the player's roll equals or exceeds the assigned
difficulty." So a roll needs (difficulty - attribute) or more on 2d6.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from bpb_widgets import rules
from bpb_widgets.bpb.panels.payloads import odds_payload

ROOT = Path(__file__).resolve().parents[2]
CASES = [
    rules.odds(attribute, difficulty, bonus=bonus, expertise=expertise, take=take)
    for attribute in (0, 2, 4, 6, 9)
    for difficulty in (5, 9, 12, 15, 17, 21)
    for bonus in (0, 3)
    for expertise in (False, True)
    for take in (None, "average", "max")
]


def test_a_chance_says_the_ways_out_of_36_and_what_the_dice_must_show() -> None:
    odds = rules.odds(4, 12, expertise=True)
    assert rules.chance(odds) == "41.7% (15 of 36 rolls: needs 8+ on 2d6)"
    assert rules.chance(odds, extreme=True) == "8.3% (3 of 36 rolls: needs 11+ on 2d6)"
    assert (odds.needs, odds.ways, odds.extreme_needs, odds.extreme_ways) == (8, 15, 11, 3)
    assert rules.chance(rules.odds(2, 15)) == "0% (0 of 36 rolls: would need 13+ on 2d6)"
    assert rules.chance(rules.odds(10, 9)) == "100% (36 of 36 rolls: any roll)"
    assert rules.chance(rules.odds(5, 12, take="average")) == "100% (taking the average: 7)"


def test_the_ways_of_rolling_2d6() -> None:
    assert [rules.ways_to_roll(n) for n in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert [rules.ways_at_least(n) for n in range(2, 14)] == [
        36, 35, 33, 30, 26, 21, 15, 10, 6, 3, 1, 0,
    ]  # fmt: skip
    for odds in CASES:
        if odds.take is None:
            assert odds.ways == rules.ways_at_least(odds.needs)


@pytest.mark.skipif(shutil.which("node") is None, reason="the front end's tests need Node.js")
def test_the_front_end_words_a_chance_as_python_does() -> None:
    payloads = [odds_payload(odds, chart=False) for odds in CASES]
    script = (
        'import { chance } from "./js/lib/odds.js";'
        "const cases = JSON.parse(process.argv[1]);"
        "console.log(JSON.stringify(cases.map((c) => [chance(c), chance(c, true)])));"
    )
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script, json.dumps(payloads)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    front_end = json.loads(done.stdout)
    python = [[rules.chance(odds), rules.chance(odds, extreme=True)] for odds in CASES]
    assert front_end == python
