"""What a fork works out once for all its fights (issue 38): the answers of attack tactics that
read only the sheets, each side's foes, the defenses; none of it changes a forecast, and a tactic
that changes what the view hands it changes nothing else."""

from __future__ import annotations

from forecast_kit import seed_fight

from bpb_widgets.forecast import (
    FightView,
    Forecast,
    Hit,
    Roll,
    Tactics,
    best_expected_damage,
    defend_when_likely,
    defenses_only,
    most_hurt_foe,
    never_spend,
    plot_point_to_stay_in,
    sheets_only,
)
from bpb_widgets.forecast.tactics import DefenseChoice, reads_sheets_only

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


#: The kinds of roll a plot-point tactic was asked about.
ROLLS: list[str] = []


@defenses_only
def kept_plot_points(view: FightView, me: str, roll: Roll) -> bool:
    """The default plot-point choice, marked as never spending on attacks, counted."""
    ROLLS.append(roll.what)
    return plot_point_to_stay_in(view, me, roll)


def asked_plot_points(view: FightView, me: str, roll: Roll) -> bool:
    """The default plot-point choice, unmarked, counted."""
    ROLLS.append(roll.what)
    return plot_point_to_stay_in(view, me, roll)


def test_a_plot_point_tactic_for_defenses_only_is_never_asked_about_attacks() -> None:
    enc = seed_fight()
    plain = Forecast(enc, n=500, seed=4, workers=1)
    assert (
        not Tactics().asks_about_attacks and not Tactics(plot_point=never_spend).asks_about_attacks
    )
    ROLLS.clear()
    kept = Forecast(enc, n=500, seed=4, workers=1, tactics=Tactics(plot_point=kept_plot_points))
    assert "attack" not in ROLLS and {"block", "dodge"} & set(ROLLS)
    assert kept.tally == plain.tally
    ROLLS.clear()
    tactics = Tactics(plot_point=asked_plot_points)
    asked = Forecast(enc, n=500, seed=4, workers=1, tactics=tactics)
    assert tactics.asks_about_attacks and "attack" in ROLLS  # unmarked: asked about attacks too
    assert asked.tally == plain.tally


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


class Unhashable:
    """A plot-point tactic that is an object with ``__eq__`` (so no hash): still a tactic."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unhashable)

    def __call__(self, view: FightView, me: str, roll: Roll) -> bool:
        return False


def test_an_unhashable_plot_point_tactic_is_asked_about_attacks() -> None:
    tactics = Tactics(plot_point=Unhashable())
    assert tactics.asks_about_attacks
    assert Forecast(seed_fight(), n=50, seed=1, workers=1, tactics=tactics).tally.plot_points == 0


def weigh_a_harder_hit(
    view: FightView, me: str, hit: Hit, threshold: float
) -> DefenseChoice | None:
    """The default defense, after checking the view against a hit nine ranks harder (asked while
    the view holds the defenses offered against ``hit``) and against another combatant."""
    offered, harder = view.defenses(me, hit), view.defenses(me, hit._replace(rank=hit.rank + 9))
    assert offered.keys() == harder.keys()
    assert all(harder[kind] < chance for kind, chance in offered.items() if chance)
    for other in view.allies(me):  # never the defenses offered to me
        theirs = view.defenses(other, hit._replace(target=other))
        assert theirs == view.defenses(other, hit._replace(target=other, damage=hit.damage + 1))
    return defend_when_likely(view, me, hit, threshold)


def test_the_view_answers_other_hits_while_a_defense_is_chosen() -> None:
    enc = seed_fight()
    plain = Forecast(enc, n=300, seed=5, workers=1)
    asked = Forecast(enc, n=300, seed=5, workers=1, tactics=Tactics(defend=weigh_a_harder_hit))
    assert asked.tally == plain.tally and asked.tally.defenses
