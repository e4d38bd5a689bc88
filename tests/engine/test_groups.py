"""Groups with members: a group ("Ganyeka's henchmen", 4) counts who is still up; the GM takes
members out or brings them back, and the group is out of the fight when none is up (seed 000,
"Forcing An Action": "Blueshift makes short work of two of Ganyeka's henchmen with a sweep
attack"). How members take damage is the rule option ``member_endurance`` (the seeds give no
rule)."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter, RuleError
from tests.engine.helpers import HENCHMEN


def sweep(**options: object) -> Encounter:
    enc = Encounter(seed=1, options=options or None)
    enc.add("Blueshift", agility=5, endurance=6)
    enc.add(HENCHMEN, group=True, members=4, endurance=3)
    enc.start()
    return enc


def test_blueshift_makes_short_work_of_two_henchmen() -> None:
    """Seed 000, round 6: "Blueshift makes short work of two of Ganyeka's henchmen with a sweep
    attack"."""
    enc = sweep()
    assert enc.members(HENCHMEN) == (4, 4) == enc.turn_state(HENCHMEN).members
    assert enc.take_out(HENCHMEN, 2, note="Blueshift's sweep attack") == (2, 4)
    assert enc.log[-1].text == (
        "2 of Ganyeka's henchmen are out of the fight (Blueshift's sweep attack): 2 of 4 up"
    )
    enc.end_turn()
    assert enc.current == HENCHMEN  # two still up: the group acts


def test_a_group_with_none_up_is_out_and_one_brought_back_acts_again() -> None:
    enc = sweep()
    enc.take_out(HENCHMEN, 4)
    state = enc.turn_state(HENCHMEN)
    assert state.out and state.skipped == "out of the fight (none of 4 up)"
    enc.end_turn()
    assert (enc.round, enc.current) == (2, "Blueshift")  # no turn for the henchmen
    assert enc.bring_back(HENCHMEN) == (1, 4)
    assert not enc.turn_state(HENCHMEN).out
    enc.end_turn()
    assert enc.current == HENCHMEN


def test_taking_out_the_last_on_their_own_turn_ends_it() -> None:
    enc = sweep()
    enc.end_turn()
    assert enc.current == HENCHMEN
    enc.take_out(HENCHMEN, 4)
    assert (enc.round, enc.current) == (2, "Blueshift")


def test_each_member_has_the_sheets_endurance_by_default() -> None:
    """``member_endurance="each"``: the damage falls on the member in front; at 0 they are out
    and the next stands unhurt."""
    enc = sweep()
    enc.attack("Blueshift", HENCHMEN, 5, dice=(6, 6))
    enc.take_hit()
    assert enc.members(HENCHMEN) == (3, 4)
    assert enc.endurance(HENCHMEN).current == 3  # the next one, unhurt
    assert enc.log[-1].text == (
        "One of Ganyeka's henchmen is out of the fight at Endurance 0: 3 of 4 up; the next one "
        "stands (Damage; rule option member_endurance)"
    )
    enc.damage(HENCHMEN, 2)
    assert (enc.members(HENCHMEN), enc.endurance(HENCHMEN).current) == ((3, 4), 1)


def test_the_last_member_down_and_one_brought_back_unhurt() -> None:
    """A group losing all its members, then one brought back."""
    enc = sweep()
    enc.take_out(HENCHMEN, 3)
    enc.damage(HENCHMEN, 3)
    assert enc.members(HENCHMEN) == (0, 4) and enc.turn_state(HENCHMEN).out
    enc.bring_back(HENCHMEN)
    assert enc.endurance(HENCHMEN).current == 3 and not enc.turn_state(HENCHMEN).out


def test_a_shared_endurance_is_the_groups() -> None:
    """``member_endurance="shared"``: one Endurance for the group, out of the fight at 0."""
    enc = sweep(member_endurance="shared")
    enc.damage(HENCHMEN, 3)
    assert enc.members(HENCHMEN) == (4, 4) and enc.turn_state(HENCHMEN).out
    with pytest.raises(RuleError, match="member_endurance is one of 'each', 'shared'"):
        Encounter(options={"member_endurance": "half"})


@pytest.mark.parametrize(
    ("act", "message"),
    [
        (lambda e: e.take_out(HENCHMEN, 5), "4 of Ganyeka's henchmen's 4 members are up"),
        (lambda e: e.bring_back(HENCHMEN), "0 of Ganyeka's henchmen's 4 members are out"),
        (lambda e: e.take_out(HENCHMEN, 0), "The number of members"),
        (lambda e: e.take_out("Blueshift"), "not a group with members counted"),
        (lambda e: e.add("Thug", members=3), "members= counts a group's"),
        (lambda e: e.add("Gang", group=True, members=0), "members"),
        (lambda e: e.edit("Blueshift", members=2), "members= counts a group's"),
    ],
)
def test_bad_counts_are_refused_and_change_nothing(act, message: str) -> None:  # type: ignore[no-untyped-def]
    enc = sweep()
    before = enc.to_json()
    with pytest.raises(RuleError, match=message):
        act(enc)
    assert enc.to_json() == before


def test_editing_the_count_keeps_who_is_up() -> None:
    enc = sweep()
    enc.take_out(HENCHMEN, 3)
    enc.edit(HENCHMEN, members=6)  # two more arrive
    assert enc.members(HENCHMEN) == (3, 6)
    enc.edit(HENCHMEN, members=2)
    assert enc.members(HENCHMEN) == (2, 2)
    assert "members 6 -> 2" in enc.log[-1].text


def test_undo_and_saving_keep_the_count() -> None:
    enc = sweep()
    enc.take_out(HENCHMEN, 4)
    again = Encounter.from_json(enc.to_json())
    assert again.members(HENCHMEN) == (0, 4) and again.turn_state(HENCHMEN).out
    enc.undo()
    assert enc.members(HENCHMEN) == (4, 4) and not enc.turn_state(HENCHMEN).out


@pytest.mark.parametrize("rules", ["blackout", "d10-ap"])
def test_every_system_counts_a_groups_members(rules: str) -> None:
    enc = Encounter(seed=1, rules=rules)
    enc.add("Rex")
    enc.add("Orcs", group=True, members=3)
    enc.roll_order()
    enc.start()
    enc.take_out("Orcs", 3)
    assert enc.turn_state("Orcs").skipped == "out of the fight (none of 3 up)"
    enc.bring_back("Orcs", 2)
    assert enc.members("Orcs") == (2, 3) and not enc.turn_state("Orcs").out
