"""Expertise follows what seed 004 says it covers, the power or skill an attack uses, not the
attack's label on the sheet (seed 004, "Extreme Success": "If the player has expertise in the
power or skill, and rolls three or more over the task difficulty, the character achieves an
extreme success"; rule option ``expertise_covers_skill``)."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter
from bpb_widgets.bpb.sheet import make_combatant


def black_steel(
    expertise: set[str], *, strike: dict[str, object] | None = None, **options: object
) -> Encounter:
    """Black Steel (seed 000's character note) with a sheet attack "Strike", hand-to-hand,
    against Ganyeka; his turn."""
    enc = Encounter(seed=1, options=options or None)
    enc.add(
        "Black Steel",
        prowess=6,
        agility=6,
        brawn=4,
        expertise=expertise,
        attacks=[
            strike or {"name": "Strike", "rank": 6, "hand_to_hand": True},
            {"name": "Kinetic Bolt", "rank": 5},
        ],
    )
    enc.add("Ganyeka", prowess=4, agility=4, endurance=9)
    enc.start()
    return enc


def test_black_steels_strike_is_covered_by_his_hand_to_hand_expertise() -> None:
    """The issue: "Black Steel's sheet attack 'Strike' (hand-to-hand) never gets an extreme
    success although he has the matching expertise; typing the same attack in does."
    Prowess 6 + 2d6 (6+6) = 18 against 8 + Prowess 4 = 12: six over."""
    enc = black_steel({"hand-to-hand"})
    assert enc.attack_preview("Black Steel", "Ganyeka", power="Strike").expertise
    hit = enc.attack("Black Steel", "Ganyeka", power="Strike", effect="staggering", dice=(6, 6))
    assert hit.roll.extreme and hit.effect == "staggering"
    enc.undo()
    typed = enc.attack("Black Steel", "Ganyeka", 6, hand_to_hand=True, dice=(6, 6))
    assert typed.roll.extreme  # as it always was


@pytest.mark.parametrize("spelt", ["Hand to Hand", "melee", "strike", "hand_to_hand"])
def test_any_spelling_of_the_skill_or_the_attacks_own_name(spelt: str) -> None:
    enc = black_steel({spelt})
    assert enc.attack("Black Steel", "Ganyeka", power="Strike", dice=(6, 6)).roll.extreme


def test_a_sheet_attack_names_the_power_or_skill_it_uses() -> None:
    """``skill``: the power or skill behind a label ("Strike" is his martial arts)."""
    strike = {"name": "Strike", "rank": 6, "hand_to_hand": True, "skill": "Martial Arts"}
    enc = black_steel({"martial arts"}, strike=strike)
    assert enc.attack("Black Steel", "Ganyeka", power="Strike", dice=(6, 6)).roll.extreme
    assert enc.combatant("Black Steel").attacks[0].to_dict()["skill"] == "martial arts"


def test_expertise_in_another_skill_does_not_cover_an_attack() -> None:
    """Hand-to-hand expertise is not expertise with a ranged power, and "blast" is not "Kinetic
    Bolt": three over without the expertise is a plain hit (seed 004, "Extreme Success")."""
    enc = black_steel({"hand-to-hand", "blast"})
    bolt = enc.attack("Black Steel", "Ganyeka", power="Kinetic Bolt", dice=(6, 6))
    assert bolt.hit and not bolt.roll.extreme
    enc = black_steel({"kinetic bolt"})
    assert enc.attack("Black Steel", "Ganyeka", power="Kinetic Bolt", dice=(6, 6)).roll.extreme


def test_the_earlier_reading_is_a_rule_option() -> None:
    """``expertise_covers_skill=False`` (fights saved before format 3): expertise spelt as the
    attack's name only."""
    enc = black_steel({"hand-to-hand"}, expertise_covers_skill=False)
    assert not enc.attack("Black Steel", "Ganyeka", power="Strike", dice=(6, 6)).roll.extreme


def test_the_same_power_blocks_with_the_expertise_of_the_skill_it_uses() -> None:
    """Seed 000, "Blocking": "if the defender has the same power as the attacker, they may use
    that power to attempt to block"; its extreme success needs expertise in that power."""
    enc = Encounter(seed=1)
    mind = {"name": "Mind Lash", "rank": 6, "kind": "non-endurance", "skill": "telepathy"}
    enc.add("Psyche", agility=5, expertise={"telepathy"}, attacks=[mind])
    enc.add("Medium", attacks=[{**mind, "rank": 7}], expertise={"telepathy"})
    enc.start()
    enc.attack("Psyche", "Medium", power="Mind Lash", dice=(6, 6))
    block = enc.block("Medium", power="Mind Lash", dice=(6, 6))
    assert block.extreme


def test_a_sheet_skill_is_checked() -> None:
    with pytest.raises(ValueError, match="Name the power or weapon"):
        make_combatant("X", attacks=[{"name": "Strike", "rank": 6, "skill": ""}])
