"""The forecast of blackout fights (seed 002): the engine's rules played on a fork, the live fight
only read."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from bpb_widgets.blackout import Blackout
from bpb_widgets.blackout.forecast import (
    DEFAULT_ATTACK_DICE,
    DEFAULT_DAMAGE_DICE,
    BlackoutFork,
)
from bpb_widgets.forecast import FightView, Forecast, Tactics, plan

MECH = Tactics(attack_dice=8, damage_dice=6)


def pass_turn(view: FightView, me: str) -> str | None:
    """Attack nobody."""
    return None


def attack_a_friend(view: FightView, me: str) -> str | None:
    allies = view.allies(me)
    return allies[0] if allies else None


def mech_and_civilian(seed: int = 1) -> Blackout:
    """A mech (an enemy, step 5, 3 AP, 80 HP, armor 10) against an unarmed civilian."""
    enc = Encounter(rules="blackout", seed=seed)
    assert isinstance(enc, Blackout)
    enc.add("Mech", pc=False, step=5, ap=3, hp=80, armor=10, evasion=2, side="villains")
    enc.add("Civilian", hp=10, side="heroes")
    return enc


def duel(seed: int = 1) -> Blackout:
    """Two even fighters: Kim (a player character) and Rex (an enemy at step 8)."""
    enc = Encounter(rules="blackout", seed=seed)
    assert isinstance(enc, Blackout)
    enc.add("Kim", hp=20, evasion=1, side="heroes")
    enc.add("Rex", pc=False, step=8, ap=3, hp=20, evasion=1, side="villains")
    return enc


def test_the_same_seed_gives_the_same_forecast() -> None:
    enc = duel()
    first = Forecast(enc, n=500, seed=9)
    again = Forecast(enc, n=500, seed=9)
    other = Forecast(enc, n=500, seed=10)
    assert repr(first) == repr(again)
    assert first.tally == again.tally
    assert first.tally != other.tally
    assert "blackout" in repr(first) and "HP left" in repr(first)


def test_processes_give_the_forecast_one_core_gives() -> None:
    enc = duel()
    one = Forecast(enc, n=600, seed=4, workers=1)
    two = Forecast(enc, n=600, seed=4, workers=2)
    assert two.workers == 2 and one.tally == two.tally


def test_the_live_fight_is_never_touched() -> None:
    enc = duel()
    enc.roll_order()
    enc.start()
    enc.attack_test(enc.current or "", "Kim" if enc.current == "Rex" else "Rex", successes=3)
    saved, log, history = enc.to_json(), list(enc.log), list(enc.history)
    Forecast(enc, n=250, seed=1)
    assert enc.to_json() == saved
    assert list(enc.log) == log and list(enc.history) == history


@pytest.mark.parametrize("dice", [1, 4, 6, 9])
def test_one_attack_test_agrees_with_the_engine_odds(dice: int) -> None:
    enc = Encounter(rules="blackout", seed=2)
    assert isinstance(enc, Blackout)
    enc.add("Ann", hp=50, side="heroes")
    enc.add("Brute", pc=False, step=10, ap=3, hp=50, evasion=2, side="villains")
    enc.roll_initiative("Ann", rolled=[2])  # step 2, one action point: one attack test
    tactics = {"Ann": Tactics(attack_dice=dice), "Brute": Tactics(target=pass_turn)}
    result = Forecast(enc, n=4000, seed=dice, tactics=tactics, max_rounds=1)
    assert result.tally.attacks == 4000
    exact = float(enc.attack_preview("Ann", "Brute", dice).success)
    low, high = result.hit_interval
    assert low <= exact <= high, (dice, exact, result.hit_interval)


def test_the_mech_beats_the_unarmed_civilian() -> None:
    result = Forecast(mech_and_civilian(), n=2000, seed=3, tactics={"Mech": MECH})
    assert result.win["villains"] > 0.9
    assert result.out["Mech"] == 0.0  # 1 damage die of 5 points never gets past armor 10
    assert result.left["Mech"] == 80


def test_without_pools_the_defaults_are_used() -> None:
    enc = mech_and_civilian()
    state = plan(enc, 10, seed=1, tactics={"Mech": MECH}).fork
    assert isinstance(state, BlackoutFork)
    assert state.fighters["Civilian"].attack_dice == DEFAULT_ATTACK_DICE == 4
    assert state.fighters["Civilian"].damage_dice == DEFAULT_DAMAGE_DICE
    assert state.fighters["Mech"].damage_dice == 6


def test_mid_fight_the_forecast_starts_where_the_fight_stands() -> None:
    enc = mech_and_civilian()
    enc.roll_initiative("Civilian", rolled=[6, 6, 6])  # step 18: the mech (step 5) first
    enc.start()
    assert enc.current == "Mech"
    enc.attack_test("Mech", "Civilian", successes=3)
    enc.damage_test(successes=3)  # 15 direct damage: the civilian is out of the fight
    assert enc.hit_points("Civilian")[0] <= 0
    with pytest.raises(RuleError, match="heroes side has nobody left"):
        Forecast(enc, n=10, seed=1)

    enc = mech_and_civilian()
    enc.add("Medic", hp=10, side="heroes")
    enc.roll_order()
    enc.start()
    assert enc.current == "Mech"
    enc.attack_test("Mech", "Civilian", successes=3)
    enc.damage_test(successes=2)  # 10 direct damage: out
    state = plan(enc, 10, seed=1).fork
    assert isinstance(state, BlackoutFork)
    assert state.current == "Mech" and state.ap_left == 2
    assert state.down == {"Civilian"}
    result = Forecast(enc, n=300, seed=1, tactics={"Mech": MECH})
    assert "round 1, Mech to act" in repr(result)
    assert result.out["Civilian"] == 1.0
    assert result.out_first["Civilian"] == 0.0  # first out of the simulated fights: the medic
    assert result.out_first["Medic"] == result.win["villains"] > 0.5
    assert result.left["Civilian"] == 0


def test_a_hit_waiting_for_its_damage_test_is_rolled_first() -> None:
    enc = mech_and_civilian()
    enc.roll_initiative("Civilian", rolled=[6, 6, 6])
    enc.start()
    enc.attack_test("Mech", "Civilian", successes=3)
    assert enc.pending_hit is not None
    # 50 damage dice all failing is a chance of (2/3)**50: the waiting hit takes the civilian out
    tactics = {"Mech": Tactics(target=pass_turn, damage_dice=50), "Civilian": Tactics(pass_turn)}
    result = Forecast(enc, n=200, seed=1, tactics=tactics, max_rounds=1)
    assert result.out["Civilian"] == 1.0 and result.tally.attacks == 0
    # without the waiting hit nobody is hurt in that round
    calm = mech_and_civilian()
    calm.roll_initiative("Civilian", rolled=[6, 6, 6])
    calm.start()
    quiet = Forecast(calm, n=200, seed=1, tactics=tactics, max_rounds=1)
    assert quiet.out["Civilian"] == 0.0 and quiet.draw == 1.0


def test_before_round_1_the_players_roll_initiative_in_each_fight() -> None:
    enc = duel()
    state = plan(enc, 10, seed=1).fork
    assert isinstance(state, BlackoutFork) and state.slots is None
    enc.roll_initiative("Kim", rolled=[1, 1, 1])  # step 3: before Rex, 3 AP
    state = plan(enc, 10, seed=1).fork
    assert isinstance(state, BlackoutFork) and state.slots == ("Kim", "Rex")
    # Kim always acts first now: she wins more often than when she rolls each fight
    rolled = Forecast(duel(), n=3000, seed=5)
    first = Forecast(enc, n=3000, seed=5)
    assert first.win["heroes"] > rolled.win["heroes"]


@pytest.mark.parametrize(
    ("pools", "words"),
    [
        ({"attack_dice": 0}, "attack_dice= cannot be less than 1"),
        ({"damage_dice": "3"}, "damage_dice= must be a whole number"),
    ],
)
def test_bad_pools_are_refused(pools: dict[str, object], words: str) -> None:
    with pytest.raises(RuleError, match=words):
        Tactics(**pools)  # type: ignore[arg-type]


def test_a_pool_past_the_rules_limit_is_refused_by_the_blackout_model() -> None:
    """The blackout rules' limit on a pool is theirs: the model checks it when it forks."""
    enc = duel()
    with pytest.raises(RuleError, match="damage_dice= cannot be more than 50"):
        Forecast(enc, n=10, seed=1, tactics=Tactics(damage_dice=51))


def test_bad_input_is_refused_and_the_fight_unchanged() -> None:
    enc = duel()
    saved = enc.to_json()
    with pytest.raises(RuleError, match="neither a side nor a combatant"):
        Forecast(enc, n=10, seed=1, tactics={"Nobody": Tactics()})
    with pytest.raises(RuleError, match="The round limit"):
        Forecast(enc, n=10, seed=1, max_rounds=0)
    assert enc.to_json() == saved


def test_bad_fights_are_refused() -> None:
    enc = Encounter(rules="blackout", seed=1)
    with pytest.raises(RuleError, match="Add the combatants"):
        Forecast(enc, n=10)
    enc.add("Kim", side="heroes")
    with pytest.raises(RuleError, match="two sides"):
        Forecast(enc, n=10)
    enc.add("Loner", pc=False, step=4)
    with pytest.raises(RuleError, match="Loner has none"):
        Forecast(enc, n=10)
    with pytest.raises(RuleError, match="from 1 to 1,000,000"):
        Forecast(duel(), n=0)


def test_a_tactic_that_attacks_a_friend_is_named() -> None:
    enc = duel()
    enc.add("Lee", hp=5, side="heroes")
    with pytest.raises(RuleError, match="Tactic attack_a_friend for Kim in round 1 answered 'Lee'"):
        Forecast(enc, n=10, seed=1, tactics={"Kim": Tactics(target=attack_a_friend)})
