"""Attacks, damage, extreme-success effects, grabs, plot points and recovery in an encounter
(seed 004, "Attack", "Extreme Success", "Damage", "Protection", "Grabbing", "Plot Points")."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from tests.engine.helpers import snapshot


def rooftop(seed: int = 2) -> Encounter:
    """Black Steel (seed 000) and some hooligans, Widow and Ganyeka; Black Steel to act."""
    enc = Encounter(seed=seed)
    enc.add(
        "Black Steel",
        prowess=6,
        agility=6,
        brawn=4,
        endurance=6,
        perception=5,
        willpower=5,
        expertise={"hand-to-hand", "dodge", "blast"},
        player=True,
    )
    enc.add("Hooligan", prowess=2, agility=2, brawn=2, endurance=3, willpower=2)
    enc.add("Widow", prowess=4, agility=5, brawn=3, endurance=5, protection=2, weight_lbs=148)
    enc.add(
        "Ganyeka", prowess=5, agility=4, brawn=5, endurance=8, willpower=3, expertise={"throwing"}
    )
    enc.start()
    return enc


def test_an_attack_rolls_against_8_plus_the_targets_attribute_with_circumstances() -> None:
    enc = rooftop()
    result = enc.attack(
        "Black Steel", "Hooligan", 4, attack_bonus=["blind", "helpless"], dice=(1, 1)
    )
    assert result.roll.bonus == 6  # blind and helpless: +6, not +12
    assert (result.roll.total, result.roll.difficulty) == (6 + 2 + 6, 10)
    assert result.hit and enc.pending_attack == result
    assert "+ 6 attack bonus = 14 vs 8 + Agility 2 = 10: hit" in result.text


def test_a_miss_leaves_nothing_waiting() -> None:
    enc = rooftop()
    result = enc.attack("Black Steel", "Widow", 5, defense_bonus=["running"], dice=(1, 1))
    assert not result.hit and enc.pending_attack is None
    assert "vs 8 + Agility 5 + 3 defense bonus = 16: miss" in result.text
    enc.end_turn()


def test_a_hit_must_be_answered_before_play_goes_on() -> None:
    enc = rooftop()
    enc.attack("Black Steel", "Widow", 5, dice=(6, 5))
    with pytest.raises(RuleError, match="First resolve Black Steel's hit on Widow"):
        enc.end_turn()
    harm = enc.take_hit()
    assert (harm.dr, harm.protection, harm.damage) == (5, 2, 3)
    assert enc.endurance("Widow").current == 2
    enc.end_turn()


def test_only_the_combatant_whose_turn_it_is_attacks() -> None:
    enc = rooftop()
    with pytest.raises(RuleError, match="only on their own turn"):
        enc.attack("Widow", "Black Steel", 4)


def test_a_successful_block_negates_the_hit_and_a_failed_one_lets_it_land() -> None:
    enc = rooftop()
    enc.end_turn()
    enc.end_turn()  # Widow's turn
    enc.attack("Widow", "Ganyeka", 4, dice=(6, 6))
    result = enc.block("Ganyeka", dice=(5, 5))  # forced: Prowess 5 + 10 vs 12
    assert result.success and enc.pending_attack is None
    assert enc.endurance("Ganyeka").current == 8
    enc.end_turn()  # Ganyeka gave his round-1 turn to the block: round 2, Black Steel
    enc.attack("Black Steel", "Ganyeka", 7, dice=(6, 6))
    failed = enc.dodge("Ganyeka", dice=(1, 1))  # Agility 4 + 2 = 6 vs 15, forced again
    assert not failed.success and enc.pending_attack is None
    assert enc.endurance("Ganyeka").current == 8 - 7


def test_protection_penetrating_and_overwhelming() -> None:
    enc = rooftop()
    enc.attack("Black Steel", "Widow", 4, kind="penetrating", dice=(5, 5))
    assert enc.take_hit().damage == 4 - 1  # PV 2, half ignored
    enc.end_turn()
    enc.end_turn()
    enc.attack("Widow", "Ganyeka", 3, power="blast", dice=(6, 6), effect="overwhelming")
    assert enc.pending_attack is not None and enc.pending_attack.effect is None  # no expertise
    enc.take_hit()
    enc.end_turn()
    enc.end_turn()  # round 2, Black Steel
    enc.attack("Black Steel", "Ganyeka", 3, power="Blast", dice=(6, 6), effect="overwhelming")
    assert enc.pending_attack.effect == "overwhelming" and enc.pending_attack.dr == 6
    assert enc.take_hit().damage == 6


def test_human_level_unarmed_damage_is_stunning_and_comes_back_after_the_fight() -> None:
    enc = rooftop()
    enc.end_turn()  # the hooligan's turn
    enc.attack("Hooligan", "Widow", 2, hand_to_hand=True, dice=(6, 6))
    harm = enc.take_hit()
    assert harm.stunning and harm.dr == 2 and harm.damage == 0  # Brawn 2 against PV 2
    enc.end_turn()
    enc.attack("Widow", "Hooligan", 3, hand_to_hand=True, dice=(6, 6))
    harm = enc.take_hit()
    assert harm.stunning and harm.damage == 3 and harm.after.out
    assert enc.turn_state("Hooligan").out
    enc.end_turn()
    enc.end_turn()
    assert (enc.round, enc.current) == (2, "Black Steel")
    enc.end_turn()
    assert enc.current == "Widow"  # the hooligan is out: no turn
    enc.rest()
    assert enc.endurance("Hooligan").current == 3  # stunning damage all comes back


def test_a_knife_does_the_greater_of_its_dr_and_brawn() -> None:
    enc = rooftop()
    enc.end_turn()
    enc.attack("Hooligan", "Ganyeka", 2, hand_to_hand=True, dr=2, dice=(6, 6))
    harm = enc.take_hit()
    assert (harm.dr, harm.stunning) == (2, False)
    enc.end_turn()
    enc.attack("Widow", "Ganyeka", 2, hand_to_hand=True, dr=2, dice=(6, 6))
    assert enc.take_hit().dr == 3  # knife DR 2, Brawn 3: effective DR 3 (seed 004, "Damage")


def test_slamming_knocks_back_by_the_throws_column_and_hurts_on_landing() -> None:
    enc = rooftop()
    enc.attack("Black Steel", "Ganyeka", 6, power="blast", effect="slamming", dice=(6, 6))
    enc.take_hit(reaction_dice=(1, 1))  # Brawn 5 + 2 = 7 vs 14: missed by 7
    texts = [e.text for e in enc.log[-3:]]
    assert any("knocked back" in t and "Throws column, rank 7" in t for t in texts)
    landing = [e for e in enc.log if e.kind == "damage"][-1]
    assert "from the landing: DR 3 - protection 0 = 3" in landing.text


def test_staggering_costs_the_next_action_and_the_transcript_shows_it() -> None:
    enc = rooftop()
    enc.attack("Black Steel", "Ganyeka", 2, power="blast", effect="staggering", dice=(6, 6))
    enc.take_hit(reaction_dice=(1, 1))  # Willpower 3 + 2 = 5 vs 10: staggered
    assert enc.turn_state("Ganyeka").lost == ((1, "staggered"),)
    for _ in range(3):
        enc.end_turn()
    assert (enc.round, enc.current) == (2, "Black Steel")
    assert enc.transcript(1).splitlines()[-1] == "Ganyeka's turn (staggered)"


def test_a_stagger_after_the_targets_turn_costs_next_rounds_turn() -> None:
    enc = rooftop()
    for _ in range(4):
        enc.end_turn()  # round 2: Black Steel again, everyone has acted in round 1
    enc.end_turn()
    enc.end_turn()
    enc.end_turn()  # Ganyeka's turn in round 2 ...
    enc.end_turn()  # ... over; round 3 Black Steel
    assert enc.round == 3
    enc.attack("Black Steel", "Widow", 2, power="blast", effect="staggering", dice=(6, 6))
    enc.end_turn  # noqa: B018 - the hit is still waiting
    enc.take_hit(reaction_dice=(1, 1))
    assert enc.turn_state("Widow").lost == ((3, "staggered"),)


def test_diving_for_cover_is_a_forced_action_that_avoids_the_hit() -> None:
    enc = rooftop()
    enc.attack("Black Steel", "Widow", 5, dice=(6, 6))
    enc.dive_for_cover("Widow")
    assert enc.pending_attack is None
    assert enc.turn_state("Widow").forced_this_round
    assert enc.endurance("Widow").current == 5
    enc.end_turn()
    enc.end_turn()
    assert enc.transcript(1).splitlines()[-2:] == [
        "Widow's turn (dives for cover)",
        "Ganyeka's turn",
    ]


def test_diving_for_cover_out_of_reach_is_no_benefit() -> None:
    enc = rooftop()
    enc.attack("Black Steel", "Widow", 5, dice=(6, 6))
    enc.dive_for_cover("Widow", reached=False)
    assert enc.endurance("Widow").current == 2


def test_someone_else_can_take_the_hit_for_the_target() -> None:
    enc = rooftop()
    enc.attack("Black Steel", "Hooligan", 4, dice=(6, 6))
    harm = enc.take_hit(instead="Widow")
    assert harm.target == "Widow" and enc.endurance("Hooligan").current == 3
    assert enc.turn_state("Widow").forced_this_round


def test_ganyeka_throws_widow_50_feet_for_2_damage() -> None:
    """Seed 004, "Throwing": Brawn 5 - Lifts rank 1 (148 lb) = Throws rank 4: 50 ft, DR 4,
    Widow's Invulnerability 2 leaves 2 Endurance damage."""
    enc = rooftop()
    for _ in range(3):
        enc.end_turn()
    grab = enc.grab("Ganyeka", "Widow", "throw", dice=(5, 5), reaction_dice=(1, 2))
    assert grab.held and grab.feet == 50
    assert (grab.harm.dr, grab.harm.damage) == (4, 2)
    assert enc.endurance("Widow").current == 3


def test_too_heavy_to_throw_is_refused() -> None:
    enc = Encounter(seed=1)
    enc.add("Hooligan", brawn=2)
    enc.add("Robot", weight_lbs=4000)
    enc.start()
    with pytest.raises(RuleError, match="too heavy to throw"):
        enc.grab("Hooligan", "Robot", "throw", dice=(6, 6), reaction_dice=(1, 1))
    assert enc.log[-1].kind == "turn"


def test_a_target_who_breaks_free_suffers_nothing() -> None:
    enc = rooftop()
    for _ in range(3):
        enc.end_turn()
    grab = enc.grab("Ganyeka", "Widow", "throw", dice=(5, 5), reaction_dice=(6, 6))
    assert grab.roll.success and not grab.held and grab.harm is None


def test_trips_and_squeezes_at_human_level_are_stunning() -> None:
    enc = rooftop()
    enc.end_turn()  # the hooligan (Agility 2) trips Widow
    grab = enc.grab("Hooligan", "Widow", "trip", dice=(6, 6), reaction_dice=(1, 1))
    assert grab.harm is not None and grab.harm.stunning and grab.harm.dr == 2


@pytest.mark.parametrize(
    ("act", "message"),
    [
        (lambda e: e.attack("Black Steel", "Nobody", 4), "no combatant called Nobody"),
        (lambda e: e.attack("Black Steel", "Black Steel", 4), "themselves"),
        (lambda e: e.attack("Black Steel", "Widow", 15), "impossible"),
        (lambda e: e.attack("Black Steel", "Widow", 4, effect="smashing"), "extreme success can"),
        (lambda e: e.attack("Black Steel", "Widow", 4, using="strength"), "names an attribute"),
        (lambda e: e.attack("Black Steel", "Widow", 4, attack_bonus=["angry"]), "angry"),
        (lambda e: e.attack("Black Steel", "Widow", 4, dice=(9, 9)), "die face"),
        (lambda e: e.take_hit(), "No attack is waiting"),
        (lambda e: e.block("Widow"), "No hit on Widow is waiting"),
        (lambda e: e.grab("Black Steel", "Widow", "hug"), "follow-up to a grab"),
        (lambda e: e.spend_plot_point("Widow", "rally"), "no plot points left"),
        (lambda e: e.spend_plot_point("Black Steel", "nap"), "Unknown use of a plot point"),
        (lambda e: e.gain_plot_point("Black Steel", "bribe"), "Unknown reason to gain"),
        (lambda e: e.rest("Widow"), "names= takes a list of text"),
    ],
)
def test_impossible_combat_commands_are_refused_and_change_nothing(act, message: str) -> None:
    enc = rooftop()
    before = snapshot(enc)
    with pytest.raises(RuleError, match=message):
        act(enc)
    assert snapshot(enc) == before


def test_plot_points_one_per_player_gained_and_spent() -> None:
    enc = rooftop()
    assert enc.plot_points("Black Steel") == 1 and enc.plot_points("Widow") == 0
    assert enc.gain_plot_point("Black Steel", "complication") == 2
    assert enc.spend_plot_point("Black Steel", "power_boost") == 1
    assert "power boost" in enc.log[-1].text


def test_a_rally_recovers_at_once() -> None:
    enc = rooftop()
    enc.end_turn()
    enc.end_turn()
    enc.attack("Widow", "Black Steel", 6, dice=(6, 6))
    enc.take_hit()
    assert enc.endurance("Black Steel").current == 0
    enc.spend_plot_point("Black Steel", "rally")
    assert enc.endurance("Black Steel").current == 3  # half of 6 back, rounded up


def test_combat_undoes_and_saves_exactly() -> None:
    enc = rooftop(seed=6)
    enc.attack("Black Steel", "Ganyeka", 6, power="blast", effect="staggering")
    if enc.pending_attack:
        enc.take_hit()
    enc.end_turn()
    loaded = Encounter.from_json(enc.to_json())
    assert snapshot(loaded) == snapshot(enc)
    after = snapshot(enc)
    enc.undo(3)
    enc.redo(3)
    assert snapshot(enc) == after
