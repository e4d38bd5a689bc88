"""The statistics ``make bench`` prints beside its click ratios."""

from __future__ import annotations

import random
from dataclasses import replace

from benchmarks.forecast import seed_fight
from benchmarks.naive_forecast import naive_fights
from benchmarks.stats import interval_rows, ratio_interval
from bpb_widgets.bpb.forecast import fork
from bpb_widgets.forecast import Forecast


def clicks(seed: int, scale: float = 1.0, spread: float = 15.0) -> list[float]:
    """120 click times of 25 ms ± ``spread`` (the bench's spread by default), times ``scale``."""
    rng = random.Random(seed)
    return [scale * rng.uniform(25 - spread, 25 + spread) for _ in range(120)]


def test_the_interval_holds_the_true_ratio_and_narrows_as_the_spread_does() -> None:
    low, high = ratio_interval(clicks(1, 1.25), clicks(2))
    assert low < 1.25 < high
    tight_low, tight_high = ratio_interval(clicks(1, 1.25, spread=1), clicks(2, spread=1))
    assert tight_low <= 1.25 <= tight_high
    assert tight_high - tight_low < (high - low) / 3


def test_the_interval_is_the_same_in_every_run() -> None:
    over, under = clicks(3, 1.1), clicks(4)
    assert ratio_interval(over, under) == ratio_interval(over, under)
    assert [row[0] for row in interval_rows(over, under)] == [
        "    90% interval (bootstrap): from",
        "    to",
    ]


def test_the_naive_simulation_plays_by_the_forecasts_rules() -> None:
    """The forecast's floor in the bench (issue 38) is honest only if it plays the same fight:
    on the seed fight its heroes win inside the forecast's 95 % interval, in about as many
    turns."""
    enc = seed_fight()
    forecast = Forecast(enc, n=4_000, seed=1, workers=1)
    wins, turns = naive_fights(fork(enc), "heroes", 20_000, seed=2)
    low, high = forecast.win_interval["heroes"]
    assert low <= wins / 20_000 <= high
    assert abs(turns / 20_000 - forecast.tally.turns / 4_000) < 0.3


def test_the_naive_simulation_is_not_the_forecast_it_times() -> None:
    """Another fight (the heroes without plot points) moves its heroes below the interval, so
    the test above can fail."""
    enc = seed_fight()
    forecast = Forecast(enc, n=4_000, seed=1, workers=1)
    start = fork(enc)
    weaker = replace(start, plot=dict.fromkeys(start.plot, 0))
    wins, _ = naive_fights(weaker, "heroes", 20_000, seed=2)
    low, _ = forecast.win_interval["heroes"]
    assert wins / 20_000 < low
