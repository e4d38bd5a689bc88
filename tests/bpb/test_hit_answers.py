"""An attack's log line lists only the answers the rules leave its target, for the reasons the
attack panel gives when it refuses one.

Seed 000, "Order Of Play": "If a character is not aware of their opponent, then they don't have
the opportunity to attack. ... The hooligans are unaware that there is anyone to fight". Seed 000,
"Forcing An Action": a block, a dodge or a dive for cover outside one's turn is a forced action,
and the unaware have no turn to force: "Hooligan may block, dodge, dive for cover or take the
hit" (notebook 08, round 1) told the learner otherwise.
"""

from __future__ import annotations

from bpb_widgets import Encounter
from bpb_widgets.errors import RuleError


def ambush() -> Encounter:
    enc = Encounter(seed=2014)
    enc.add(
        "Black Steel",
        prowess=6,
        expertise={"hand-to-hand"},
        attacks=[{"name": "Strike", "rank": 4, "hand_to_hand": True}],
    )
    enc.add("Hooligan", prowess=2, aware=False)
    enc.add("Razor", prowess=4)
    enc.start()
    return enc


def refused(call: object) -> bool:
    try:
        call()  # type: ignore[operator]
    except RuleError:
        return True
    return False


def test_an_unaware_target_can_only_take_the_hit_and_the_panel_refuses_the_rest() -> None:
    enc = ambush()
    hit = enc.attack("Black Steel", "Hooligan", power="Strike", dice=(4, 3))
    assert hit.text.endswith("Hooligan can only take the hit (Attack)")
    assert refused(lambda: enc.defense_preview("block", "Hooligan"))
    assert refused(lambda: enc.defense_preview("dodge", "Hooligan"))
    assert refused(lambda: enc.cover_preview("Hooligan"))


def test_an_aware_target_off_their_turn_may_answer_every_way() -> None:
    enc = ambush()
    hit = enc.attack("Black Steel", "Razor", power="Strike", dice=(4, 3))
    assert hit.text.endswith("Razor may block, dodge, dive for cover or take the hit (Attack)")


def test_once_a_round_forced_the_target_can_only_take_the_next_hit() -> None:
    enc = ambush()
    enc.attack("Black Steel", "Razor", power="Strike", dice=(4, 3))
    enc.dive_for_cover("Razor")
    hit = enc.attack("Black Steel", "Razor", power="Strike", dice=(4, 4))
    assert hit.text.endswith("Razor can only take the hit (Attack)")


def test_an_explosion_lists_each_target_s_own_answers() -> None:
    """Seed 004, "Diving For Cover": "they can take a forced action to dive for cover"; the
    unaware cannot force an action, so the hooligan caught in the blast can only take it."""
    enc = ambush()
    grenade = {"name": "Grenade", "rank": 5, "kind": "exploding", "radius": 50}
    enc.edit("Black Steel", attacks=[grenade])
    blast = enc.explode("Black Steel", ["Razor", "Hooligan"], power="Grenade", dice=(6, 6))
    text = blast.hits[0].text
    assert text.endswith(
        "hit; Razor may dive for cover or take the hit; Hooligan can only take the hit (Exploding)"
    ), text
    assert all(hit.text == text for hit in blast.hits)


def test_an_explosion_whose_targets_may_answer_alike_says_each() -> None:
    enc = ambush()
    enc.becomes_aware("Hooligan")
    grenade = {"name": "Grenade", "rank": 5, "kind": "exploding", "radius": 50}
    enc.edit("Black Steel", attacks=[grenade])
    blast = enc.explode("Black Steel", ["Razor", "Hooligan"], power="Grenade", dice=(6, 6))
    assert blast.hits[0].text.endswith("hit; each may dive for cover or take the hit (Exploding)")
