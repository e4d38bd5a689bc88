"""Blocking and dodging (seed 000 "Blocking"/"Dodging"; seed 004 continued defense and
extreme success)."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from tests.engine.helpers import HENCHMEN, started


def test_block_is_prowess_plus_2d6_plus_3_expertise_against_8_plus_rank() -> None:
    enc = started()
    enc.end_turn()
    result = enc.block("Monolith", attacker="Ganyeka", rank=9, dice=(2, 3))
    assert (result.total, result.difficulty, result.success) == (6 + 5 + 3, 17, False)
    assert result.preview.forced and result.preview.forced_round == 1


def test_dodge_uses_agility_and_no_bonus_without_expertise() -> None:
    enc = started()
    enc.end_turn()
    result = enc.dodge("Monolith", attacker="Ganyeka", rank=4, dice=(5, 5))
    assert (result.total, result.difficulty) == (2 + 10, 12)
    assert result.success and not result.extreme
    assert (
        enc.log[-1].text
        == "Dodge: Agility 2 + 2d6 (5+5) = 12 vs 8 + rank 4 = 12: success (Dodging)"
    )


def test_three_over_without_expertise_is_only_a_success_by_default() -> None:
    enc = started()
    enc.end_turn()
    result = enc.dodge("Monolith", attacker="Ganyeka", rank=1, dice=(6, 6))
    assert result.success and not result.extreme and not result.revised
    assert "an extreme success needs expertise" in result.text


def test_the_expertise_requirement_is_a_rule_option() -> None:
    enc = started(extreme_needs_expertise=False)
    enc.end_turn()
    result = enc.dodge("Monolith", attacker="Ganyeka", rank=1, dice=(6, 6))
    assert result.extreme and result.revised


def test_defending_on_ones_own_turn_is_the_task_action() -> None:
    enc = started()
    preview = enc.defense_preview("dodge", "Blueshift", attacker="Ganyeka", rank=4)
    assert preview.mode == "turn" and not preview.forced
    enc.dodge("Blueshift", attacker="Ganyeka", rank=4, dice=(1, 1))
    assert not enc.turn_state("Blueshift").forced_this_round
    assert enc.turn_state("Blueshift").defending == "dodge"


def test_a_defender_keeps_blocking_until_their_next_action_plus_1_per_attack() -> None:
    """Seed 004: "the sixth such attack ... Brawn rank 6 ... 6 + 8 + 5 = 19"."""
    enc = started()
    enc.end_turn()
    enc.end_turn()  # Monolith's turn ...
    enc.end_turn()  # ... over; he blocks (forced, from round 2) an attack by the henchmen
    first = enc.block("Monolith", attacker=HENCHMEN, rank=6, dice=(1, 1))
    assert first.preview.forced_round == 2 and first.difficulty == 14
    difficulties = [
        enc.block("Monolith", attacker=HENCHMEN, rank=6, dice=(1, 1)).difficulty for _ in range(5)
    ]
    assert difficulties == [15, 16, 17, 18, 19]
    assert enc.turn_state("Monolith").defended == 6
    assert "+ 5 continued defense = 19" in enc.log[-1].text
    assert not enc.turn_state("Monolith").lost[1:]  # continued defenses are not forced


def test_continued_defense_penalty_is_a_rule_option() -> None:
    enc = started(continued_defense_penalty=False)
    enc.end_turn()
    enc.block("Monolith", attacker="Ganyeka", rank=6, dice=(1, 1))
    assert enc.block("Monolith", attacker="Ganyeka", rank=6, dice=(1, 1)).difficulty == 14


def test_the_defense_ends_at_the_defenders_next_action() -> None:
    enc = started()
    enc.block("Monolith", attacker="Blueshift", rank=3, dice=(1, 1))  # forced from round 1
    assert enc.turn_state("Monolith").defending == "block"
    for _ in range(4):
        enc.end_turn()  # round 1 passes (Monolith's turn went to the block); Blueshift in round 2
    assert (enc.round, enc.current) == (2, "Ganyeka")
    assert enc.turn_state("Monolith").defending == "block"
    enc.end_turn()  # round 2: Monolith's next action comes
    assert enc.current == "Monolith"
    assert enc.turn_state("Monolith").defending is None


def test_switching_from_block_to_dodge_is_a_new_forced_action() -> None:
    enc = started()
    enc.block("Monolith", attacker="Blueshift", rank=3, dice=(1, 1))
    with pytest.raises(RuleError, match="once per round"):
        enc.defense_preview("dodge", "Monolith", attacker="Blueshift", rank=3)
    with pytest.raises(RuleError, match="once per round"):
        enc.dodge("Monolith", attacker="Blueshift", rank=3, dice=(1, 1))


def test_extreme_success_moves_the_attacker_after_the_defender_from_next_round() -> None:
    enc = started()
    enc.end_turn()
    result = enc.block("Monolith", attacker="Ganyeka", rank=5, dice=(6, 6))
    assert result.extreme and result.revised
    assert enc.revisions == (("Ganyeka", "Monolith", "Ganyeka now acts after Monolith"),)
    assert enc.order == ["Blueshift", "Ganyeka", "Monolith", HENCHMEN]
    for _ in range(2):
        enc.end_turn()
    assert enc.round == 2
    assert enc.order == ["Blueshift", "Monolith", "Ganyeka", HENCHMEN]
    assert any(e.kind == "revised" for e in enc.log)


def test_the_preview_states_the_consequence_before_rolling() -> None:
    enc = started()
    enc.end_turn()
    preview = enc.defense_preview("block", "Blueshift", attacker="Ganyeka", rank=5)
    assert preview.consequence == "forced action: uses Blueshift's turn in round 2"
    assert preview.difficulty == 13 and preview.bonus == 0 and preview.attribute == 4


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"defender": "Monolith", "attacker": "Monolith", "rank": 4}, "their own attack"),
        ({"defender": "Monolith", "attacker": "Ganyeka", "rank": 15}, "ranks run from 1 to 14"),
        ({"defender": "Monolith", "attacker": "Ganyeka", "rank": 0}, "impossible"),
        (
            {"defender": "Monolith", "attacker": "Ganyeka", "rank": "9"},
            "rank= takes a whole number",
        ),
        ({"defender": "Nobody", "attacker": "Ganyeka", "rank": 4}, "no combatant called Nobody"),
        ({"defender": "Monolith", "attacker": "Ganyeka", "rank": 4, "dice": (7, 1)}, "1 to 6"),
        ({"defender": "Monolith", "attacker": "Ganyeka", "rank": 4, "dice": (1,)}, "exactly 2"),
    ],
)
def test_impossible_defenses_are_refused(kwargs: dict, message: str) -> None:
    enc = started()
    with pytest.raises(RuleError, match=message):
        enc.block(**kwargs)
    assert not enc.turn_state("Monolith").forced_this_round


def test_an_extreme_success_that_changes_nothing_revises_nothing() -> None:
    enc = started()
    enc.end_turn()  # Ganyeka attacks; Monolith already acts right after him
    first = enc.block("Monolith", attacker="Blueshift", rank=2, dice=(6, 6))
    assert first.revised  # Blueshift will move after Monolith
    again = enc.block("Monolith", attacker="Blueshift", rank=2, dice=(6, 6))
    assert again.extreme and not again.revised
    assert again.text.endswith("extreme success; Blueshift already acts after Monolith (Blocking)")
    assert len(enc.revisions) == 1
    for _ in range(2):
        enc.end_turn()
    assert enc.order == ["Ganyeka", "Monolith", "Blueshift", HENCHMEN]


def test_an_extreme_block_never_helps_an_attacker_who_already_acts_after() -> None:
    """Seed 000, "Blocking": the foiled attacker "acts after" the defender in the following
    rounds; an attacker already after the defender keeps their place, ahead of no one new."""
    enc = Encounter(seed=1)
    enc.add("Dee", prowess=6, expertise={"block"})
    enc.add("Xan")
    enc.add("Axe")
    enc.start()  # Dee, Xan, Axe
    result = enc.block("Dee", attacker="Axe", rank=3, dice=(6, 6))
    assert result.extreme and not result.revised
    assert "Axe already acts after Dee" in result.text
    for _ in range(3):
        enc.end_turn()
    assert enc.round == 2 and enc.order == ["Dee", "Xan", "Axe"]


def test_an_extreme_dodge_moves_an_attacker_who_acted_before_to_right_after() -> None:
    enc = Encounter(seed=1)
    enc.add("Axe")
    enc.add("Xan")
    enc.add("Dee", agility=6, expertise={"dodge"})
    enc.start()  # Axe attacks Dee, who forces a dodge
    assert enc.dodge("Dee", attacker="Axe", rank=3, dice=(6, 6)).revised
    for _ in range(2):
        enc.end_turn()
    assert enc.round == 2 and enc.order == ["Xan", "Dee", "Axe"]
