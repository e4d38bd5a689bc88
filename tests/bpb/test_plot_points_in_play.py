"""Plot points do something in play: an automatic success wins the next roll, a power boost
raises an attribute or power for the round, stunts and retcons are logged with their text (seed
004, "Spending Plot Points", "Automatic Success", "Power Boost", "Power Stunt", "Retcon")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bpb_widgets import Encounter, RuleError


def table(*, expertise: frozenset[str] = frozenset(), seed: int = 4) -> Encounter:
    """Blueshift (a player, one plot point) against Ganyeka, round 1, Blueshift to act."""
    enc = Encounter(seed=seed)
    enc.add(
        "Blueshift",
        agility=5,
        prowess=4,
        brawn=3,
        willpower=3,
        endurance=8,
        player=True,
        expertise=expertise,
        attacks=[{"name": "Blast", "rank": 6}],
    )
    enc.add(
        "Ganyeka",
        agility=4,
        prowess=4,
        brawn=5,
        endurance=9,
        protection=2,
        expertise={"hand-to-hand"},
    )
    enc.start()
    return enc


def test_an_automatic_success_turns_a_miss_into_a_hit() -> None:
    """Seed 004, "Automatic Success": "the player spends a plot point, and their character
    succeeds at the current task roll. This can be a skill roll, or it can be an attempt to hit
    in combat." The GM's physical dice (1, 1) miss by 5; the plot point hits."""
    enc = table()
    assert enc.spend_plot_point("Blueshift", "automatic_success") == 0
    assert enc.automatic_success_waiting("Blueshift")
    assert enc.turn_state("Blueshift").automatic_success
    preview = enc.attack_preview("Blueshift", "Ganyeka", power="Blast")
    assert preview.plot_point and preview.odds.success == 1
    hit = enc.attack("Blueshift", "Ganyeka", power="Blast", dice=(1, 1))
    assert hit.hit and not hit.roll.extreme and hit.roll.total == 7
    assert enc.log[-1].text == (
        "Blueshift attacks Ganyeka with Blast 6: Agility 5 + 2d6 (1+1) = 7 vs 8 + Agility 4 = 12: "
        "hit (automatic success: a plot point); Ganyeka may block, dodge, dive for cover or take "
        "the hit (Attack)"
    )
    assert not enc.automatic_success_waiting("Blueshift")  # used up by this roll
    enc.take_hit()
    assert enc.endurance("Ganyeka").current == 9 - (6 - 2)


def test_with_expertise_the_dice_decide_only_an_extreme_success() -> None:
    """Seed 004, "Automatic Success": "If the character has expertise and the player wants to
    check for extreme success, the player should roll as usual: anything less than extreme
    success is treated as a normal successful roll.\""""
    enc = table(expertise=frozenset({"blast"}))
    enc.spend_plot_point("Blueshift", "automatic_success")
    preview = enc.attack_preview("Blueshift", "Ganyeka", power="Blast")
    assert preview.odds.success == 1 and preview.odds.extreme == Fraction(1, 6)
    low = enc.attack("Blueshift", "Ganyeka", power="Blast", dice=(1, 1))
    assert (low.hit, low.roll.extreme) == (True, False)
    enc.undo()
    high = enc.attack("Blueshift", "Ganyeka", power="Blast", dice=(5, 5), effect="overwhelming")
    assert (high.hit, high.roll.extreme, high.dr) == (True, True, 9)


def test_spent_at_the_roll_in_one_step_and_never_twice() -> None:
    """``plot_point=True`` spends the point on the roll it is for; one already bought is used,
    not a second; with none left the roll is refused and nothing changes."""
    enc = table()
    hit = enc.attack("Blueshift", "Ganyeka", power="Blast", dice=(1, 1), plot_point=True)
    assert hit.hit and enc.plot_points("Blueshift") == 0
    enc.undo()
    enc.gain_plot_point("Blueshift", "reward")
    enc.spend_plot_point("Blueshift", "automatic_success")
    with pytest.raises(RuleError, match="already has an automatic success waiting"):
        enc.spend_plot_point("Blueshift", "automatic_success")
    enc.attack("Blueshift", "Ganyeka", power="Blast", dice=(1, 1), plot_point=True)
    assert enc.plot_points("Blueshift") == 1  # the one bought before, not another
    enc.take_hit()
    enc.end_turn()
    before = enc.to_json()
    with pytest.raises(RuleError, match="Ganyeka has no plot points left"):
        enc.attack("Ganyeka", "Blueshift", 4, dice=(1, 1), plot_point=True)
    assert enc.to_json() == before


def test_an_automatic_success_serves_blocks_dodges_tasks_grabs_and_breaking_free() -> None:
    """ "The current task roll": whichever roll the character makes next."""
    enc = table()
    enc.end_turn()
    enc.attack("Ganyeka", "Blueshift", 6, dice=(6, 6))
    dodge = enc.dodge("Blueshift", dice=(1, 1), plot_point=True)
    assert dodge.success and enc.pending_attack is None
    assert "(automatic success: a plot point)" in enc.log[-2].text
    enc.end_turn()
    enc.gain_plot_point("Blueshift", "reward")
    roll = enc.task("Blueshift", "prowess", difficulty=18, dice=(1, 1), plot_point=True)
    assert roll.success
    assert enc.log[-1].text.endswith(
        "success (automatic success: a plot point): too difficult for this character, so the "
        "GM may forbid the plot point (Unopposed Tasks, Automatic Success)"
    )
    enc.end_turn()  # Ganyeka's round 2 (Blueshift gave hers to the dodge)
    enc.gain_plot_point("Blueshift", "reward")
    grab = enc.grab("Blueshift", "Ganyeka", "hold", dice=(1, 1), reaction_dice=(1, 1))
    assert not grab.roll.success
    enc.undo()
    grab = enc.grab(
        "Blueshift", "Ganyeka", "hold", dice=(1, 1), reaction_dice=(1, 1), plot_point=True
    )
    assert grab.held


def test_a_reaction_roll_uses_the_automatic_success_bought_for_it() -> None:
    """A player who buys an automatic success as a staggering hit waits shrugs off the stagger
    (seed 004, "Staggering": "they may attempt a Willpower task roll")."""
    enc = table()
    enc.end_turn()
    enc.attack("Ganyeka", "Blueshift", 2, hand_to_hand=True, effect="staggering", dice=(6, 6))
    enc.spend_plot_point("Blueshift", "automatic_success")
    enc.take_hit(reaction_dice=(1, 1))
    assert not enc.has_condition("Blueshift", "staggered")
    assert "shrugs it off" in enc.log[-1].text
    assert "(automatic success: a plot point)" in enc.log[-1].text


def test_a_power_boost_raises_a_rank_for_the_round() -> None:
    """Seed 004, "Power Boost": "A power boost increases one of the character's attributes or
    powers by one rank (rank 14 maximum). ... Power boosts usually only last for one round"."""
    enc = table()
    enc.spend_plot_point("Blueshift", "power_boost", boost="blast")
    (boost,) = enc.boosts("Blueshift")
    assert boost.describe() == "Blast +1 (power boost, to the end of round 1)"
    hit = enc.attack("Blueshift", "Ganyeka", power="Blast", dice=(6, 6))
    assert (hit.rank, hit.dr) == (7, 7)  # the rolls and the damage of the round use it
    assert enc.defense_preview("dodge", "Ganyeka").difficulty == 15
    enc.take_hit()
    assert enc.endurance("Ganyeka").current == 9 - (7 - 2)
    enc.end_turn()
    enc.end_turn()  # round 1 ends
    assert enc.boosts("Blueshift") == ()
    assert enc.log[-3].text == "Blueshift's power boost (Blast) ends with round 1 (Power Boost)"
    assert enc.attack_preview("Blueshift", "Ganyeka", power="Blast").weapon.rank == 6


def test_a_power_boost_to_an_attribute_or_protection_and_for_the_scene() -> None:
    """ "A character with Brawn 5 could gain a temporary boost to Brawn 6"; "they might last as
    long as a scene if that seems to make sense and the GM agrees"."""
    enc = table()
    enc.spend_plot_point("Blueshift", "power_boost", boost="agility", lasts="scene")
    assert enc.vitals("Blueshift").value == 8
    enc.gain_plot_point("Blueshift", "reward")
    enc.spend_plot_point("Blueshift", "power_boost", boost="Willpower")
    for _ in range(4):
        enc.end_turn()
    assert enc.round == 3
    assert [b.label for b in enc.boosts("Blueshift")] == ["Agility"]
    assert enc.attack_preview("Blueshift", "Ganyeka", power="Blast").attribute == 6
    assert enc.combatant("Blueshift").agility == 5  # the sheet itself is unchanged


def test_what_a_power_boost_cannot_raise() -> None:
    enc = Encounter(seed=1)
    enc.add("Monolith", brawn=14, player=True)
    enc.start()
    with pytest.raises(RuleError, match="rank 14 is the maximum"):
        enc.spend_plot_point("Monolith", "power_boost", boost="brawn")
    with pytest.raises(RuleError, match="Endurance is what damage comes off"):
        enc.spend_plot_point("Monolith", "power_boost", boost="endurance")
    with pytest.raises(RuleError, match="has none called 'Flight'"):
        enc.spend_plot_point("Monolith", "power_boost", boost="Flight")
    with pytest.raises(RuleError, match="no Super-speed to boost"):
        enc.spend_plot_point("Monolith", "power_boost", boost="super_speed")
    with pytest.raises(RuleError, match="boost= names what a power boost raises"):
        enc.spend_plot_point("Monolith", "rally", boost="brawn")
    with pytest.raises(RuleError, match="Only a power boost or a power stunt lasts"):
        enc.spend_plot_point("Monolith", "retcon", lasts="scene")
    assert enc.plot_points("Monolith") == 1
    enc.spend_plot_point("Monolith", "power_boost", note="adds Explosive Damage to his Blast")
    assert enc.boosts("Monolith")[0].describe() == (
        "adds Explosive Damage to his Blast (power boost, to the end of round 1)"
    )


def test_stunts_and_retcons_are_logged_with_their_text() -> None:
    """Seed 004, "Power Stunt": "A character with a rank 8 Force Field might use a power stunt
    to turn their force field into a rank 8 force blade"; "Retcon": "Oh, what I wouldn't give
    for a holocaust cloak"."""
    enc = table()
    enc.gain_plot_point("Blueshift", "reward")
    enc.spend_plot_point("Blueshift", "power_stunt", note="her force field as a rank 8 blade")
    assert enc.log[-1].text == (
        "Blueshift spends a plot point on power stunt: her force field as a rank 8 blade (round). "
        "1 left (Spending Plot Points, Power Stunt)"
    )
    enc.spend_plot_point("Blueshift", "retcon", note="a holocaust cloak in the van")
    assert enc.log[-1].text == (
        "Blueshift spends a plot point on retcon: a holocaust cloak in the van. 0 left "
        "(Spending Plot Points, Retcon)"
    )


def test_undo_and_saving_keep_what_a_plot_point_bought() -> None:
    enc = table()
    enc.spend_plot_point("Blueshift", "automatic_success")
    enc.attack("Blueshift", "Ganyeka", power="Blast", dice=(1, 1))
    enc.undo()
    assert enc.automatic_success_waiting("Blueshift")  # the roll undone gives it back
    again = Encounter.from_json(enc.to_json())
    assert again.automatic_success_waiting("Blueshift")
    enc.undo()
    assert not enc.automatic_success_waiting("Blueshift") and enc.plot_points("Blueshift") == 1
    enc.redo(2)
    assert enc.pending_attack is not None and enc.pending_attack.hit
