"""The fourth system's fights saved with a snapshot load as their commands replay, and go on
alike (the engine's test, tests/engine/test_snapshot.py, on this folder's rule set)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from tests.engine.test_snapshot import Fight, fights, loaded_alike
from tests.fourth_system.system import PEBBLES


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fights([PEBBLES.name]))
def test_a_fight_loaded_from_its_snapshot_is_the_fight_its_commands_replay_to(
    fight: Fight,
) -> None:
    loaded_alike(fight)
