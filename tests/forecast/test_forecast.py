"""The forecast from Python: seeded, exact where icepool is exact, the live fight untouched,
bad input refused before any fight runs."""

from __future__ import annotations

import threading
import tracemalloc
from typing import Any

import pytest
from forecast_kit import duel, seed_fight

from bpb_widgets import Encounter, RuleError, rules
from bpb_widgets.forecast import (
    FightView,
    Forecast,
    Hit,
    Tactics,
    always_block,
    never_defend,
    plan,
)
from bpb_widgets.forecast.chances import wilson


def pass_turn(view: FightView, me: str) -> str | None:
    """Attack nobody."""
    return None


def attack_a_friend(view: FightView, me: str) -> str | None:
    allies = view.allies(me)
    return allies[0] if allies else None


def parry(view: FightView, me: str, hit: Hit, threshold: float) -> Any:
    return "parry"


def test_the_same_seed_gives_the_same_forecast() -> None:
    enc = seed_fight()
    first = Forecast(enc, n=300, seed=11)
    again = Forecast(enc, n=300, seed=11)
    other = Forecast(enc, n=300, seed=12)
    assert repr(first) == repr(again)
    assert first.tally == again.tally
    assert first.tally != other.tally


def test_processes_give_the_forecast_one_core_gives() -> None:
    enc = seed_fight()
    alone = Forecast(enc, n=600, seed=3, workers=1)
    shared = Forecast(enc, n=600, seed=3, workers=2)
    assert shared.workers == 2
    assert shared.tally == alone.tally


@pytest.mark.parametrize("ruleset", ["bpb2e", "bpb2e-wiki"])
def test_one_attack_one_block_agrees_with_icepool(ruleset: str) -> None:
    """A rank 6 Blast from Agility 5 against Agility 4, blocked with Prowess 6 and block
    expertise: the hit lands when the attack succeeds and the block fails."""
    enc = duel(
        {"agility": 5, "attacks": [{"name": "Blast", "rank": 6}]},
        {"agility": 4, "prowess": 6, "endurance": 14, "expertise": ["block"]},
        ruleset,
    )
    bonus = 3 if ruleset == "bpb2e" else 0
    to_hit = rules.odds(5, 8 + 4).success
    block = rules.odds(6, 8 + 6, bonus=bonus).success
    exact = float(to_hit * (1 - block))
    defender = Tactics(target=pass_turn, defend=always_block)
    result = Forecast(enc, n=4000, seed=5, max_rounds=1, tactics={"D": defender})
    assert result.tally.attacks == 4000  # one exchange per fight
    assert result.tally.defenses == result.tally.hits  # every hit blocked at
    low, high = result.hit_interval
    assert low <= exact <= high
    assert abs(result.hit_rate - exact) < 0.03


def test_the_default_defense_follows_the_engine_odds() -> None:
    """The chance a simulated block or dodge has is the engine's own preview of it."""
    for ruleset in ("bpb2e", "bpb2e-wiki"):
        enc = duel(
            {"agility": 6, "attacks": [{"name": "Blast", "rank": 7}]},
            {"agility": 4, "prowess": 5, "expertise": ["dodge"], "endurance": 9},
            ruleset,
        )
        enc.attack("A", "D", power="Blast", dice=(6, 6))
        checked = plan(enc, 1, seed=1)
        from bpb_widgets.bpb.forecast import BpbFight
        from bpb_widgets.forecast.tally import Tally

        fight = BpbFight(checked.fork, checked.tactics, __import__("random").Random(1), 1, Tally())
        hit = checked.fork.pending[0]
        chances = fight.defenses("D", hit)
        for kind in ("block", "dodge"):
            assert chances[kind] == enc.defense_preview(kind, "D").odds.success, (ruleset, kind)


def test_the_live_fight_is_never_touched() -> None:
    enc = seed_fight()
    enc.start()
    enc.attack(
        enc.current or "",
        "Monolith" if enc.current != "Monolith" else "Ganyeka",
        rank=5,
        dice=(1, 1),
    )
    saved, log, history = enc.to_json(), len(enc.log), len(enc.history)
    Forecast(enc, n=250, seed=1)
    assert enc.to_json() == saved
    assert len(enc.log) == log and len(enc.history) == history


def test_mid_fight_the_forecast_starts_where_the_fight_stands() -> None:
    enc = seed_fight()
    enc.set_order(["Blueshift", "Ganyeka", "Monolith", "Ganyeka's henchmen"])
    enc.start()
    enc.end_turn()
    enc.end_turn()
    checked = plan(enc, 10, seed=1)
    assert checked.fork.round == 1
    assert checked.fork.position == 2  # Monolith's turn
    assert checked.fork.acted >= {"Blueshift", "Ganyeka"}
    assert "round 1, Monolith to act" in repr(Forecast(enc, n=10, seed=1))


def test_someone_already_out_stays_out() -> None:
    enc = seed_fight()
    enc.set_order(["Blueshift", "Ganyeka", "Monolith", "Ganyeka's henchmen"])
    enc.start()
    enc.attack("Blueshift", "Ganyeka's henchmen", power="Blast", dice=(6, 6))
    enc.take_hit("Ganyeka's henchmen")
    assert enc.turn_state("Ganyeka's henchmen").out
    result = Forecast(enc, n=250, seed=2)
    assert result.out["Ganyeka's henchmen"] == 1.0
    assert result.left["Ganyeka's henchmen"] == 0
    assert result.out_first["Ganyeka's henchmen"] == 0  # out before the forecast began


def test_a_hit_waiting_is_answered_first() -> None:
    enc = duel(
        {"agility": 9, "attacks": [{"name": "Blast", "rank": 9}]},
        {"agility": 2, "prowess": 2, "endurance": 5},
    )
    enc.attack("A", "D", power="Blast", dice=(6, 6))
    result = Forecast(enc, n=250, seed=1, max_rounds=1, tactics=Tactics(defend=never_defend))
    assert result.out["D"] == 1.0 and result.win["heroes"] == 1.0
    assert result.rounds == {1: 250}


def test_tactics_change_the_forecast_per_side_and_per_combatant() -> None:
    enc = seed_fight()
    careful = Forecast(enc, n=500, seed=4)
    reckless = Forecast(enc, n=500, seed=4, tactics={"heroes": Tactics(defend=never_defend)})
    assert reckless.tally.defenses < careful.tally.defenses
    by_name = Forecast(
        enc,
        n=500,
        seed=4,
        tactics={"heroes": Tactics(defend=never_defend), "Monolith": Tactics(defend=always_block)},
    )
    assert by_name.plan.tactics["Monolith"].defend is always_block
    assert by_name.plan.tactics["Blueshift"].defend is never_defend
    assert by_name.plan.tactics["Ganyeka"].defend is not never_defend


def test_results_add_up() -> None:
    result = Forecast(seed_fight(), n=500, seed=9)
    assert sum(result.win.values()) + result.draw == pytest.approx(1)
    assert sum(result.rounds.values()) == 500
    assert sum(result.out_first.values()) + result.nobody_out == pytest.approx(1)
    for name in result.names:
        assert 0 <= result.left[name] <= result.endurance[name]
        assert 0 <= result.out[name] <= 1
    for side in result.sides:
        low, high = result.win_interval[side]
        assert low <= result.win[side] <= high
    assert result.first_out in result.names
    assert result.to_dict()["fights"] == 500


def test_progress_and_cancel() -> None:
    seen: list[int] = []
    stop = threading.Event()

    def progress(done: int, total: int) -> None:
        seen.append(done)
        assert total == 2000
        if done >= 500:
            stop.set()

    result = Forecast(seed_fight(), n=2000, seed=1, workers=1, progress=progress, cancel=stop)
    assert seen == [250, 500]
    assert not result.complete and result.fights == 500
    assert "cancelled after 500 of 2,000" in repr(result)


def test_memory_does_not_grow_with_n() -> None:
    enc = seed_fight()

    def peak(n: int) -> int:
        tracemalloc.start()
        Forecast(enc, n=n, seed=1, workers=1)
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    small, large = peak(250), peak(2500)
    assert large < 1.5 * small + 50_000


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"n": 0}, "from 1 to 1,000,000; not 0"),
        ({"n": 10**9}, "not 1000000000"),
        ({"n": True}, "not True"),
        ({"n": 10, "max_rounds": 0}, "round limit"),
        ({"n": 10, "seed": -1}, "seed"),
        ({"n": 10, "workers": 0}, "worker processes"),
        ({"n": 10, "tactics": {"pirates": Tactics()}}, "'pirates', neither a side"),
        ({"n": 10, "tactics": {"heroes": "careful"}}, "is a Tactics"),
        ({"n": 10, "tactics": "careful"}, "tactics= is one Tactics"),
    ],
)
def test_bad_input_is_refused_before_any_work(kwargs: dict[str, Any], words: str) -> None:
    enc = seed_fight()
    saved = enc.to_json()
    with pytest.raises(RuleError, match=words.replace("(", r"\(")):
        Forecast(enc, **kwargs)
    assert enc.to_json() == saved


def test_a_side_with_nobody_in_it_is_refused() -> None:
    enc = seed_fight()
    enc.defeat("Ganyeka")
    enc.defeat("Ganyeka's henchmen")
    with pytest.raises(RuleError, match="villains side has nobody left in the fight"):
        Forecast(enc, n=10)
    lonely = Encounter(seed=1)
    lonely.add("A", side="heroes")
    lonely.add("B", side="heroes")
    with pytest.raises(RuleError, match="needs two sides"):
        Forecast(lonely, n=10)
    sideless = Encounter(seed=1)
    sideless.add("A", side="heroes")
    sideless.add("Bystander")
    with pytest.raises(RuleError, match="Bystander has none"):
        Forecast(sideless, n=10)


def test_a_tactic_with_an_illegal_command_is_named() -> None:
    enc = seed_fight()
    with pytest.raises(RuleError, match=r"Tactic attack_a_friend for \w+ in round 1 .*not a foe"):
        Forecast(enc, n=10, seed=1, tactics=Tactics(target=attack_a_friend))
    with pytest.raises(RuleError, match=r"Tactic parry for .* in round \d+ answered 'parry'"):
        Forecast(enc, n=10, seed=1, tactics=Tactics(defend=parry))
    with pytest.raises(RuleError, match="attacks are Blast"):
        Forecast(
            enc,
            n=10,
            seed=1,
            tactics={"Blueshift": Tactics(attack=lambda view, me, target: "Laser")},
        )


def test_tactics_are_checked() -> None:
    with pytest.raises(RuleError, match="threshold"):
        Tactics(threshold=2)
    with pytest.raises(RuleError, match="must be a function"):
        Tactics(target="weakest")  # type: ignore[arg-type]


def test_d10_ap_fights_are_refused_with_the_reason() -> None:
    d10 = Encounter(rules="d10-ap", seed=1)
    with pytest.raises(RuleError, match="no attack or damage rules"):
        Forecast(d10, n=10)


def test_blackout_pools_are_refused_in_a_bulletproof_blues_fight() -> None:
    enc = seed_fight()
    with pytest.raises(RuleError, match="blackout rules' pools"):
        Forecast(enc, n=10, tactics={"heroes": Tactics(damage_dice=3)})


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
