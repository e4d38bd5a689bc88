"""Seed 000's worked examples of the order of play, replayed command by command and compared with
the seed's own round listings (tests/data/worked_examples.json)."""

from __future__ import annotations

from typing import Any

import pytest

from bpb_widgets import Encounter
from tests.engine.helpers import HENCHMEN, seed_cast


def listing(examples: dict[str, Any], *sections: str) -> str:
    """The seed's round listings of these sections, as ``Encounter.transcript`` writes them."""
    rounds = [
        line
        for example in examples["order_of_play"]
        if example["section"] in sections
        for heading, *turns in example["rounds"]
        for line in (heading, *turns)
    ]
    return "\n".join(rounds)


def test_delaying_and_forcing_rounds_1_to_8(examples: dict[str, Any]) -> None:
    """Seed 000, "Delaying A Turn" and "Forcing An Action": Blueshift, Ganyeka, Monolith."""
    enc = Encounter(seed=1)
    seed_cast(enc, monolith_aware=False)
    enc.set_order(["Blueshift", "Ganyeka", HENCHMEN])  # the GM declares the awareness order
    enc.start()
    for _ in range(3):
        enc.end_turn()
    # round 2: Monolith runs around the corner; he acts after Ganyeka
    enc.becomes_aware("Monolith", after="Ganyeka")
    for _ in range(4):
        enc.end_turn()
    # round 3: Blueshift delays, then acts after Monolith's grapple
    assert (enc.round, enc.current) == (3, "Blueshift")
    enc.delay()
    enc.end_turn()  # Ganyeka
    enc.end_turn()  # Monolith grapples Ganyeka
    assert enc.current == HENCHMEN
    enc.take_delayed("Blueshift")
    enc.end_turn()
    enc.end_turn()  # the henchmen
    for _ in range(8):  # rounds 4 and 5 as usual
        enc.end_turn()
    # round 6: Blueshift acts; Ganyeka fires at Monolith; Blueshift forces her next action
    enc.end_turn()
    assert enc.current == "Ganyeka"
    assert enc.force("Blueshift", "leaps between Ganyeka and Monolith") == 7
    for _ in range(3):
        enc.end_turn()
    # round 7 without Blueshift, round 8 back to normal
    for _ in range(3 + 4):
        enc.end_turn()
    assert enc.round == 9
    assert enc.transcript(range(1, 9)) == listing(examples, "Delaying A Turn", "Forcing An Action")


def test_blocking_and_dodging_rounds_1_to_4(examples: dict[str, Any]) -> None:
    """Seed 000, "Blocking" and "Dodging": extreme successes revise the order of play."""
    enc = Encounter(seed=1)
    seed_cast(enc)
    enc.set_order(["Blueshift", "Ganyeka", "Monolith", HENCHMEN])
    enc.start()
    enc.end_turn()
    # Ganyeka attacks Monolith; Monolith forces his action to block, an extreme success
    block = enc.block("Monolith", attacker="Ganyeka", rank=5, dice=(6, 6))
    assert (block.total, block.difficulty, block.extreme) == (21, 13, True)
    assert enc.log[-1].text == (
        "Block: Prowess 6 + 2d6 (6+6) + 3 expertise = 21 vs 8 + rank 5 = 13: extreme success; "
        "Ganyeka now acts after Monolith (Blocking)"
    )
    assert enc.order == ["Blueshift", "Ganyeka", "Monolith", HENCHMEN]  # from the next round
    for _ in range(2 + 4):
        enc.end_turn()
    assert enc.order == ["Blueshift", "Monolith", "Ganyeka", HENCHMEN]
    # round 3: Blueshift attacks Ganyeka, who forces his action to dodge: extreme success
    assert enc.current == "Blueshift" and enc.round == 3
    dodge = enc.dodge("Ganyeka", attacker="Blueshift", rank=4, dice=(5, 6))
    assert dodge.extreme
    for _ in range(3 + 4):
        enc.end_turn()
    assert enc.order == ["Monolith", "Ganyeka", "Blueshift", HENCHMEN]
    assert enc.transcript(range(1, 5)) == listing(examples, "Blocking", "Dodging")


@pytest.mark.parametrize("kind", ["block", "dodge"])
def test_blocking_or_dodging_a_rank_9_blast_needs_17(kind: str, examples: dict[str, Any]) -> None:
    """Seed 000, "Blocking", "Dodging": "if the attacker had rank a 9 Blast, the task difficulty
    to block it would be 9 + 8 = 17"."""
    (example,) = [e for e in examples["defense_difficulty"] if e["text"].find(kind) > 0]
    enc = Encounter(seed=3)
    seed_cast(enc)
    enc.start()
    preview = enc.defense_preview(kind, "Monolith", attacker="Ganyeka", rank=example["rank"])
    assert preview.difficulty == example["difficulty"]
