"""Forecast a fight: simulate it from where it stands to its end many times, and say who wins,
in how many rounds, and who drops first (issue 16; docs/forecast.md).

>>> from bpb_widgets.forecast import Forecast, Tactics
>>> result = Forecast(enc, n=10_000, seed=7)            # doctest: +SKIP
>>> result.win["heroes"], result.win_interval["heroes"]  # doctest: +SKIP

- ``chances``: exact 2d6 chances and the Wilson interval;
- ``tactics``: the replaceable functions each simulated combatant decides with;
- ``fight``: what every system's model shares (each system's model is ``<system>/forecast.py``,
  named by its declaration, ``GameSystem.forecast``);
- ``tally``: counts added up as fights end;
- ``runner``: input checks, chunks, processes;
- ``result``: ``Forecast``, its figures and repr.
"""

from bpb_widgets.forecast.result import Forecast
from bpb_widgets.forecast.runner import MAX_FIGHTS, MAX_ROUNDS, Plan, plan
from bpb_widgets.forecast.tactics import (
    DEFAULT,
    DEFAULT_THRESHOLD,
    FightView,
    Hit,
    Roll,
    Tactics,
    Weapon,
    always_block,
    best_expected_damage,
    defend_when_likely,
    defenses_only,
    first_foe,
    most_hurt_foe,
    never_defend,
    never_spend,
    overwhelm,
    plot_point_to_stay_in,
    sheets_only,
    stagger_them,
    strongest_foe,
)

__all__ = [
    "DEFAULT",
    "DEFAULT_THRESHOLD",
    "MAX_FIGHTS",
    "MAX_ROUNDS",
    "FightView",
    "Forecast",
    "Hit",
    "Plan",
    "Roll",
    "Tactics",
    "Weapon",
    "always_block",
    "best_expected_damage",
    "defend_when_likely",
    "defenses_only",
    "first_foe",
    "most_hurt_foe",
    "never_defend",
    "never_spend",
    "overwhelm",
    "plan",
    "plot_point_to_stay_in",
    "sheets_only",
    "stagger_them",
    "strongest_foe",
]
