"""A newcomer joins this round: an order of play declared as a round begins applies to that
round, and a combatant becoming aware can be placed now (seed 000, "Delaying A Turn": "On the
second round, Monolith runs around the corner ... The GM declares that the order of play is
Blueshift, then Ganyeka, then Monolith, then Ganyeka's henchmen"; rule option
``declare_order_this_round``)."""

from __future__ import annotations

from bpb_widgets import Encounter
from tests.engine.helpers import HENCHMEN, seed_cast

SEED_ORDER = ["Blueshift", "Ganyeka", "Monolith", HENCHMEN]


def round_2(**options: object) -> Encounter:
    """Round 1 played (Blueshift, Ganyeka, the henchmen); round 2 begins with Blueshift's turn
    and Monolith runs around the corner."""
    enc = seed_cast(Encounter(seed=1, options=options or None), monolith_aware=False)
    enc.set_order(["Blueshift", "Ganyeka", HENCHMEN])
    enc.start()
    for _ in range(3):
        enc.end_turn()
    assert (enc.round, enc.current) == (2, "Blueshift")
    enc.becomes_aware("Monolith")
    assert enc.order == ["Blueshift", "Ganyeka", HENCHMEN, "Monolith"]  # aware: at the end
    return enc


def test_the_order_declared_as_round_2_begins_is_round_2s() -> None:
    """The seed lists round 2 as "Blueshift's turn / Ganyeka's turn / Monolith's turn / Ganyeka's
    henchmen's turn": the order the GM declares then is that round's."""
    enc = round_2()
    assert enc.declared_order_round() == 2
    enc.set_order(SEED_ORDER)
    assert enc.order == SEED_ORDER and enc.order_changes == ()
    assert enc.log[-1].text == (
        "The GM declares the order of play for round 2: Blueshift, Ganyeka, Monolith, Ganyeka's "
        "henchmen (Order Of Play)"
    )
    for _ in range(4):
        enc.end_turn()
    assert enc.transcript(2).splitlines() == [
        "Round 2",
        "Blueshift's turn",
        "Ganyeka's turn",
        "Monolith's turn",
        "Ganyeka's henchmen's turn",
    ]
    assert enc.order == SEED_ORDER  # and the rounds after


def test_becoming_aware_after_someone_places_them_now() -> None:
    """``becomes_aware(name, after=)`` during a round: in that place at once, this round."""
    enc = seed_cast(Encounter(seed=1), monolith_aware=False)
    enc.set_order(["Blueshift", "Ganyeka", HENCHMEN])
    enc.start()
    enc.end_turn()  # Ganyeka's turn, round 1
    enc.becomes_aware("Monolith", after="Ganyeka")
    enc.end_turn()
    assert enc.current == "Monolith"
    enc.end_turn()
    assert enc.transcript(1).splitlines()[1:] == [
        "Blueshift's turn",
        "Ganyeka's turn",
        "Monolith's turn",
        "Ganyeka's henchmen's turn",
    ]


def test_declared_once_a_turn_of_the_round_has_ended_it_waits_for_the_next() -> None:
    enc = round_2()
    enc.end_turn()  # Blueshift's turn is over
    assert enc.declared_order_round() == 3
    enc.set_order(SEED_ORDER)
    assert enc.order == ["Blueshift", "Ganyeka", HENCHMEN, "Monolith"]
    assert enc.order_changes == (f"the order the GM declared: {', '.join(SEED_ORDER)}",)
    assert "from round 3" in enc.log[-1].text
    for _ in range(3):
        enc.end_turn()
    assert enc.round == 3 and enc.order == SEED_ORDER


def test_a_delay_ends_the_first_turn_too() -> None:
    """A delayed turn is a turn that has passed: the order declared after it waits."""
    enc = round_2()
    enc.delay()
    assert enc.declared_order_round() == 3
    enc.set_order(SEED_ORDER)
    assert enc.order_changes != ()


def test_the_turn_under_way_goes_on_when_the_order_puts_someone_before_it() -> None:
    """Declared during Blueshift's opening turn, an order with Ganyeka first: Blueshift's turn
    goes on, Ganyeka, Monolith and the henchmen follow in the new order this round, and the
    order itself holds from round 3."""
    enc = round_2()
    declared = ["Ganyeka", "Blueshift", "Monolith", HENCHMEN]
    enc.set_order(declared)
    assert enc.current == "Blueshift"
    assert enc.order == ["Blueshift", "Ganyeka", "Monolith", HENCHMEN]
    for _ in range(4):
        enc.end_turn()
    assert (enc.round, enc.order) == (3, declared)
    assert enc.current == "Ganyeka"


def test_undo_takes_the_declared_order_back() -> None:
    enc = round_2()
    before = (enc.order, enc.order_changes)
    enc.set_order(SEED_ORDER)
    enc.undo()
    assert (enc.order, enc.order_changes) == before


def test_the_earlier_reading_is_a_rule_option() -> None:
    """``declare_order_this_round=False`` (fights saved before format 3): from the next round."""
    enc = round_2(declare_order_this_round=False)
    assert enc.declared_order_round() == 3
    enc.set_order(SEED_ORDER)
    assert enc.order == ["Blueshift", "Ganyeka", HENCHMEN, "Monolith"]
