"""What the screen asks before it offers an action, so that it offers only what the rules allow:
the answers are the refusals the commands would give (seed 000, "Forcing An Action"; seed 004,
"Power Boost")."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from tests.engine.helpers import HENCHMEN, started


def test_may_force_says_why_not_as_force_would() -> None:
    """Seed 000, "Forcing An Action": "A character may only force an action once per round"."""
    enc = Encounter(seed=1)
    enc.add("Blueshift")
    assert enc.may_force("Blueshift") == (
        "The fight has not started yet: start it before you force an action."
    )
    enc = started()
    assert enc.may_force("Ganyeka") is None
    assert enc.may_force("Blueshift") == (
        "It is Blueshift's turn: a defensive action now is their task action, not a forced one."
    )
    enc.force("Ganyeka", "ducks behind the car")
    refused = enc.may_force("Ganyeka")
    with pytest.raises(RuleError) as error:
        enc.force("Ganyeka", "ducks again")
    assert refused == str(error.value)
    enc.defeat(HENCHMEN)
    assert enc.may_force(HENCHMEN) == (
        f"{HENCHMEN} is out of the fight and cannot force an action."
    )


def test_boost_choices_are_what_a_power_boost_may_raise() -> None:
    """Seed 004, "Power Boost": "one of the character's attributes or powers by one rank (rank
    14 maximum)"."""
    enc = Encounter(seed=1)
    enc.add(
        "Blueshift", agility=14, protection=2, player=True, attacks=[{"name": "Blast", "rank": 6}]
    )
    assert enc.boost_choices("Blueshift") == (
        "brawn",
        "perception",
        "prowess",
        "reason",
        "willpower",
        "protection",
        "Blast",
    )
    for choice in enc.boost_choices("Blueshift"):
        enc.spend_plot_point("Blueshift", "power_boost", boost=choice)
        enc.undo()
