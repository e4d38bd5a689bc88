"""What a fork works out once for all its fights (issue 38): the answers of attack tactics that
read only the sheets, each side's foes, the defenses; none of it changes a forecast, and a tactic
that changes what the view hands it changes nothing else."""

from __future__ import annotations

from forecast_kit import seed_fight

from bpb_widgets.forecast import (
    FightView,
    Forecast,
    Hit,
    Tactics,
    best_expected_damage,
    defend_when_likely,
    most_hurt_foe,
)
from bpb_widgets.forecast.tactics import DefenseChoice, reads_sheets_only, sheets_only

#: Each (attacker, target) an attack tactic was asked about.
ASKED: list[tuple[str, str]] = []


@sheets_only
def kept_choice(view: FightView, me: str, target: str) -> str:
    """The default choice, marked as reading only the sheets, counted."""
    ASKED.append((me, target))
    return best_expected_damage(view, me, target)


def fresh_choice(view: FightView, me: str, target: str) -> str:
    """The default choice, unmarked, counted."""
    ASKED.append((me, target))
    return best_expected_damage(view, me, target)


def test_an_attack_tactic_reading_only_the_sheets_is_asked_once_per_attacker_and_target() -> None:
    enc = seed_fight()
    plain = Forecast(enc, n=500, seed=3, workers=1)
    ASKED.clear()
    kept = Forecast(enc, n=500, seed=3, workers=1, tactics=Tactics(attack=kept_choice))
    assert reads_sheets_only(kept_choice) and reads_sheets_only(best_expected_damage)
    assert len(ASKED) == len(set(ASKED)) and set(ASKED)  # each pair once, some asked
    assert kept.tally == plain.tally
    ASKED.clear()
    fresh = Forecast(enc, n=500, seed=3, workers=1, tactics=Tactics(attack=fresh_choice))
    assert not reads_sheets_only(fresh_choice)
    assert len(ASKED) == fresh.tally.attacks  # unmarked: asked on every attack
    assert fresh.tally == plain.tally


def clear_foes(view: FightView, me: str) -> str | None:
    """The default target; then empties the list of foes the view gave."""
    chosen = most_hurt_foe(view, me)
    view.foes(me).clear()
    return chosen


def clear_defenses(view: FightView, me: str, hit: Hit, threshold: float) -> DefenseChoice | None:
    """The default defense; then empties the defenses the view gave."""
    chosen = defend_when_likely(view, me, hit, threshold)
    view.defenses(me, hit).clear()
    return chosen


def test_a_tactic_that_changes_what_the_view_gives_changes_nothing_else() -> None:
    enc = seed_fight()
    plain = Forecast(enc, n=500, seed=4, workers=1)
    meddling = Tactics(target=clear_foes, defend=clear_defenses)
    assert Forecast(enc, n=500, seed=4, workers=1, tactics=meddling).tally == plain.tally


#: Whether the foes the view gave were exactly those of the other side still in the fight.
RIGHT_FOES: list[bool] = []
NAMES = list(seed_fight().names)


def checking_foes(view: FightView, me: str) -> str | None:
    """The default target, after checking the view's foes against everyone's Endurance."""
    standing = [n for n in NAMES if view.endurance(n) > 0]
    expected = {n for n in standing if view.side_of(n) != view.side_of(me)}
    RIGHT_FOES.append(set(view.foes(me)) == expected)
    return most_hurt_foe(view, me)


def test_whoever_drops_is_no_longer_anyones_foe() -> None:
    enc = seed_fight()
    RIGHT_FOES.clear()
    result = Forecast(enc, n=300, seed=5, workers=1, tactics=Tactics(target=checking_foes))
    assert len(RIGHT_FOES) == result.tally.turns and all(RIGHT_FOES)
    assert result.tally == Forecast(enc, n=300, seed=5, workers=1).tally
