"""Movement tables, typed from seed 004 ("Movement": "Normal ground movment", "Normal water
movment", "Normal jump")."""

from __future__ import annotations

import pytest

from bpb_widgets import rules
from bpb_widgets.errors import RuleError

# Agility: walk, run, sprint (feet/round), sprint mph
GROUND = {
    1: (10, 20, 60, 7),
    2: (20, 40, 120, 14),
    3: (30, 60, 180, 20),
    4: (40, 80, 240, 27),
    5: (50, 100, 300, 34),
    6: (60, 120, 360, 41),
    7: (70, 140, 420, 48),
    8: (80, 160, 480, 55),
    9: (90, 180, 540, 61),
    10: (100, 200, 600, 68),
    11: (110, 220, 660, 75),
    12: (120, 240, 720, 82),
    13: (130, 260, 780, 89),
    14: (140, 280, 840, 95),
}
# Agility: swim, fast swim, sprint (feet/round), sprint MPH
WATER = {
    1: (2, 4, 12, 1),
    2: (4, 8, 24, 3),
    3: (6, 12, 36, 4),
    4: (8, 16, 48, 5),
    5: (10, 20, 60, 7),
    6: (12, 24, 72, 8),
    7: (14, 28, 84, 10),
    8: (16, 32, 96, 11),
    9: (18, 36, 108, 12),
    10: (20, 40, 120, 14),
    11: (22, 44, 132, 15),
    12: (24, 48, 144, 16),
    13: (26, 52, 156, 18),
    14: (28, 56, 168, 19),
}
# Brawn: long jump (feet)
JUMP = {rank: 3 * rank for rank in range(1, 15)}


@pytest.mark.parametrize("agility", sorted(GROUND))
def test_ground_row(agility: int) -> None:
    moves = rules.movement(agility=agility, brawn=1)
    assert (moves.walk, moves.run, moves.sprint, moves.mph) == GROUND[agility]


@pytest.mark.parametrize("agility", sorted(WATER))
def test_water_row(agility: int) -> None:
    moves = rules.movement(agility=agility, brawn=1)
    assert (moves.swim, moves.fast_swim, moves.swim_sprint, moves.swim_mph) == WATER[agility]


@pytest.mark.parametrize("brawn", sorted(JUMP))
def test_jump_row(brawn: int) -> None:
    assert rules.movement(agility=1, brawn=brawn).jump == JUMP[brawn]


def test_running_long_jump_adds_ground_movement() -> None:
    assert rules.movement(agility=4, brawn=3).running_jump == 9 + 40


def test_pace_modifiers() -> None:
    assert [rules.pace_modifier(p) for p in ("walk", "run", "sprint")] == [0, 3, 6]


def test_sprint_fatigue() -> None:
    # Three rounds (18 seconds) of sprinting: no running or sprinting for thirty rounds.
    assert rules.sprint_rest_rounds(3) == 30
    assert rules.sprint_rest_rounds(10) == 100
    assert rules.sprint_rest_rounds(25, movement_power=True) == 0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: rules.movement(agility=-1, brawn=3), "Agility -1 is impossible"),
        (lambda: rules.movement(agility=3, brawn=15), "Brawn 15 is impossible"),
        (lambda: rules.pace_modifier("crawl"), "Unknown pace 'crawl'"),
        (lambda: rules.sprint_rest_rounds(11), "one minute"),
        (lambda: rules.sprint_rest_rounds(-1), "cannot be less than 0"),
    ],
)
def test_bad_input_refused(call, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        call()
