"""Issue 37's GM's "Confirm players' answers" and "Attack" from the phone: an answer held for the
GM, confirmed, refused, changed, dropped as the fight moves on and never saved; an attack from the
player's own page with the GM's attack panel's odds, run as the GM's Attack button runs it.
Hostile requests are each refused, and nothing changes (the fight, the GM's screen)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from bpb_widgets import Encounter, GMScreen, RuleError
from tests.player.test_phone import Phone, Table, at_table, generous, link, unchanged, you

__all__ = ["generous"]  # the rate of test_phone's requests, here too

CAST = Path(__file__).resolve().parents[2] / "bpb_widgets" / "bpb" / "data" / "characters.json"
HENCHMEN = "Ganyeka's henchmen"


def seed_fight() -> Encounter:
    """The seed fight (Blueshift and Monolith against Ganyeka and the henchmen) and Shade,
    hidden, who acts last."""
    enc = Encounter(seed=7)
    enc.add_party(enc.sheets_from_json(CAST.read_text()))
    enc.add("Shade", perception=1, endurance=6, side="villains", hidden=True)
    enc.set_order(["Blueshift", "Ganyeka", "Monolith", HENCHMEN, "Shade"])
    enc.start()
    return enc


@pytest.fixture
def table() -> Iterator[Table]:
    yield from at_table(seed_fight())


def ganyeka_hits_blueshift(enc: Encounter) -> None:
    enc.end_turn()
    enc.attack("Ganyeka", "Blueshift", power="Sinister weapon", dice=[6, 5])
    assert enc.pending_attack is not None and enc.pending_attack.target == "Blueshift"


# -- Confirm ------------------------------------------------------------------------------------


def test_a_held_answer_waits_for_the_gm_and_confirm_applies_it(table) -> None:
    enc, view, screen, kernel = table
    view.confirm_answers = True
    phone = link(kernel, view, "Blueshift")
    ganyeka_hits_blueshift(enc)
    offer = you(view, "Blueshift")["actions"]
    same = unchanged(enc, screen)
    status, answer = phone.act("dodge", offer["stamp"], dice=[2, 2])
    assert (status, answer) == (200, {"ok": True, "error": "", "held": True})
    same()  # held, not applied
    assert view.held == {"Blueshift": "Dodge, dice 2 2"}
    mine = you(view, "Blueshift")["actions"]
    assert mine["held"] == "Dodge, dice 2 2" and mine["hit"] is not None  # may still change it
    # the player changes it, from the page showing it held: the newest answer waits
    assert phone.act("dodge", offer["stamp"], dice=[2, 2])[0] == 409  # a page before: stale
    assert mine["stamp"] != offer["stamp"]
    assert phone.act("block", mine["stamp"], dice=[6, 6])[0] == 200
    assert view.held == {"Blueshift": "Block, dice 6 6"}
    assert "Dodge" not in json.dumps(enc.to_json())  # nothing held is saved
    kernel.call(lambda: view.confirm("Blueshift"))
    assert enc.pending_attack is None and view.held == {}
    texts = [e.text for e in enc.log]
    at = texts.index("Answered from Blueshift's phone:")
    assert any("6+6" in t and "block" in t.lower() for t in texts[at + 1 :])
    assert you(view, "Blueshift")["actions"]["held"] is None
    # the same answer sent again is refused: it was taken
    assert phone.act("block", mine["stamp"], dice=[6, 6])[0] == 409


def test_the_gm_answering_in_their_place_undo_and_a_new_link_drop_a_held_answer(table) -> None:
    enc, view, screen, kernel = table
    view.confirm_answers = True
    phone = link(kernel, view, "Blueshift")
    ganyeka_hits_blueshift(enc)
    stamp = you(view, "Blueshift")["actions"]["stamp"]
    assert phone.act("dodge", stamp)[0] == 200
    enc.take_hit("Blueshift")  # the GM answers in the player's place
    assert view.held == {}
    same = unchanged(enc, screen)
    with pytest.raises(RuleError, match="No answer"):  # a stale Confirm on the GM's screen
        kernel.call(lambda: view.confirm("Blueshift"))
    same()
    enc.undo()  # the hit waits again: a new answer may be sent, and undo drops it
    stamp = you(view, "Blueshift")["actions"]["stamp"]
    assert phone.act("dodge", stamp)[0] == 200 and view.held
    enc.undo()
    assert view.held == {}
    enc.redo()
    assert phone.act("dodge", you(view, "Blueshift")["actions"]["stamp"])[0] == 200
    kernel.call(lambda: view.link("Blueshift"))  # a new link: the old one's answer goes too
    assert view.held == {}


def test_refuse_and_turning_the_setting_off_drop_held_answers(table) -> None:
    enc, view, screen, kernel = table
    view.confirm_answers = True
    phone = link(kernel, view, "Blueshift")
    ganyeka_hits_blueshift(enc)

    def stamp() -> str:
        return str(you(view, "Blueshift")["actions"]["stamp"])

    same = unchanged(enc, screen)
    assert phone.act("take", stamp())[0] == 200
    kernel.call(lambda: view.refuse("Blueshift"))
    assert view.held == {} and you(view, "Blueshift")["actions"]["held"] is None
    assert phone.act("take", stamp())[0] == 200  # answered again
    view.confirm_answers = False
    assert view.held == {}
    same()
    assert phone.act("take", stamp())[0] == 200  # now it applies at once
    assert enc.pending_attack is None
    with pytest.raises(RuleError):
        view.confirm_answers = "yes"  # type: ignore[assignment]


def test_a_held_answer_is_refused_from_another_token_and_when_stale(table) -> None:
    enc, view, screen, kernel = table
    view.confirm_answers = True
    link(kernel, view, "Blueshift")
    monolith = link(kernel, view, "Monolith")
    ganyeka_hits_blueshift(enc)
    stamp = you(view, "Blueshift")["actions"]["stamp"]
    same = unchanged(enc, screen)
    assert monolith.act("dodge", stamp)[0] == 409  # Monolith's page answers no hit on Blueshift
    assert view.held == {}
    with pytest.raises(RuleError):
        kernel.call(lambda: view.confirm("Monolith"))
    same()
    # a held answer whose fight has moved on (the GM notes something) is gone: Confirm refused
    blueshift = Phone(view.server.link_url(view.server.links["Blueshift"]), kernel)  # type: ignore[union-attr]
    assert blueshift.act("dodge", stamp)[0] == 200
    enc.add_condition("Blueshift", "prone", ends="end", of="Blueshift")
    assert view.held == {}
    same = unchanged(enc, screen)
    with pytest.raises(RuleError):
        kernel.call(lambda: view.confirm("Blueshift"))
    same()
    # and confirming checks again: a held answer whose hit is gone is refused, and dropped
    assert blueshift.act("dodge", you(view, "Blueshift")["actions"]["stamp"])[0] == 200
    server = view.server
    assert server is not None
    held = server.held["Blueshift"]
    server.held["Blueshift"] = type(held)(held.player, held.body, held.stamp, "?", "0.0.0")
    with pytest.raises(RuleError, match="no longer holds"):
        kernel.call(lambda: view.confirm("Blueshift"))
    assert view.held == {} and enc.pending_attack is not None


def test_the_gm_screen_shows_a_held_answer_with_confirm(table) -> None:
    enc, _, _, kernel = table
    screen = kernel.call(lambda: GMScreen(enc))
    try:
        players = screen.part("players")
        kernel.call(lambda: players.set_confirm(True))
        assert screen.panels["players"]["confirm"] is True
        kernel.call(lambda: players.new_link("Blueshift"))
        server = screen.player_page.server
        assert server is not None and server.confirm
        phone = Phone(screen.panels["players"]["players"][0]["url"], kernel)
        ganyeka_hits_blueshift(enc)
        stamp = server.links["Blueshift"].feed.view["you"]["actions"]["stamp"]  # type: ignore[index]
        assert phone.act("dodge", stamp, dice=[1, 1])[0] == 200
        row = screen.panels["players"]["players"][0]
        assert row["name"] == "Blueshift" and row["held"] == "Dodge, dice 1 1"
        kernel.call(lambda: players.confirm("Blueshift"))
        assert enc.pending_attack is None
        assert screen.panels["players"]["players"][0]["held"] == ""
        with pytest.raises(RuleError, match="No answer from Blueshift"):
            kernel.call(lambda: players.refuse("Blueshift"))
    finally:
        screen.close()


# -- Attack ---------------------------------------------------------------------------------------


def test_the_phone_offers_the_attacks_and_targets_with_the_attack_panel_s_odds(table) -> None:
    enc, view, screen, kernel = table
    link(kernel, view, "Blueshift")
    offer = you(view, "Blueshift")["actions"]
    attack = offer["attack"]
    assert [a["name"] for a in attack["attacks"]] == ["Sweep attack", "Sonic punch"]
    assert attack["targets"] == ["Ganyeka", HENCHMEN, "Monolith"]  # foes first; never Shade
    assert "Shade" not in json.dumps(offer)
    part = screen.part("attack")
    for power in ("Sweep attack", "Sonic punch"):
        for target in attack["targets"]:
            part.choose("Blueshift", target=target, power=power)
            shown = {k: v for k, v in screen.panels["attack"]["preview"].items()}
            shown.pop("distribution")
            assert attack["odds"][power][target] == shown
    # an exploding attack is the GM's to set up; out of the fight, no target
    enc.end_turn()
    enc.end_turn()
    enc.end_turn()
    assert enc.current == HENCHMEN
    enc.damage("Ganyeka", 99)
    enc.end_turn()
    enc.end_turn()  # round 2, Blueshift again
    assert enc.current == "Blueshift"
    assert "Ganyeka" not in you(view, "Blueshift")["actions"]["attack"]["targets"]


def test_an_attack_from_the_phone_runs_as_the_gm_s_attack_button(table) -> None:
    enc, view, _, kernel = table
    phone = link(kernel, view, "Blueshift")
    stamp = you(view, "Blueshift")["actions"]["stamp"]
    status, answer = phone.act("attack", stamp, attack="Sonic punch", target="Ganyeka", dice=[5, 4])
    assert status == 200, answer
    alone = seed_fight()
    screen = GMScreen(alone)
    try:
        screen.part("attack").choose("Blueshift", target="Ganyeka", power="Sonic punch")
        screen.part("attack").roll(dice=[5, 4])
    finally:
        screen.close()
    texts = [e.text for e in enc.log]
    assert "Sent from Blueshift's phone:" in texts
    assert [t for t in texts if "phone:" not in t] == [e.text for e in alone.log]
    assert enc.pending_attack is not None and enc.pending_attack.target == "Ganyeka"
    assert you(view, "Blueshift")["actions"]["attack"] is None  # a hit waits: the GM answers
    enc.take_hit("Ganyeka")
    assert you(view, "Blueshift")["actions"]["attack"] is not None


@pytest.mark.parametrize(
    ("who", "body", "words"),
    [
        ("Monolith", {"attack": "Haymaker", "target": "Ganyeka"}, "cannot attack now"),
        ("Blueshift", {"attack": "Sonic punch", "target": "Shade"}, "cannot attack 'Shade'"),
        ("Blueshift", {"attack": "Sonic punch", "target": "shade"}, "cannot attack"),
        ("Blueshift", {"attack": "Haymaker", "target": "Ganyeka"}, "no attack called"),
        ("Blueshift", {"attack": "Sonic punch", "target": "Blueshift"}, "cannot attack"),
        ("Blueshift", {"attack": ["Sonic punch"], "target": "Ganyeka"}, "no attack called"),
        ("Blueshift", {"attack": "Sonic punch"}, "cannot attack None"),
        ("Blueshift", {"attack": "Sonic punch", "target": "Ganyeka", "dice": [9, 9]}, "die"),
    ],
)
def test_a_forged_or_out_of_turn_attack_is_refused(table, who, body, words) -> None:
    enc, view, screen, kernel = table
    phone = link(kernel, view, who)
    stamp = you(view, who)["actions"]["stamp"]
    same = unchanged(enc, screen)
    status, answer = phone.act("attack", stamp, **body)
    assert status == 409 and words in answer["error"], answer
    same()


def test_another_character_s_token_cannot_attack_for_them(table) -> None:
    enc, view, screen, kernel = table
    link(kernel, view, "Blueshift")
    monolith = link(kernel, view, "Monolith")
    stamp = you(view, "Blueshift")["actions"]["stamp"]
    same = unchanged(enc, screen)
    status, answer = monolith.act("attack", stamp, attack="Sonic punch", target="Ganyeka")
    assert status == 409 and "Monolith cannot attack now" in answer["error"]
    for extra in ({"attacker": "Blueshift"}, {"name": "Blueshift"}):
        status, _ = monolith.act("attack", stamp, attack="Haymaker", target="Ganyeka", **extra)
        assert status == 409
    same()


def test_a_held_answer_the_engine_refuses_on_confirm_changes_nothing_and_goes(table) -> None:
    enc, view, screen, kernel = table
    view.confirm_answers = True
    phone = link(kernel, view, "Blueshift")
    ganyeka_hits_blueshift(enc)
    same = unchanged(enc, screen)
    stamp = you(view, "Blueshift")["actions"]["stamp"]
    status, answer = phone.act("dodge", stamp, dice=[9, 9])
    assert status == 409 and "not a die face" in answer["error"] and view.held == {}
    # one that got held all the same (forged in the server's memory) is refused on Confirm
    assert phone.act("dodge", stamp, dice=[1, 1])[0] == 200
    assert view.server is not None
    held = view.server.held["Blueshift"]
    view.server.held["Blueshift"] = type(held)(
        held.player, {**held.body, "dice": [9, 9]}, held.stamp, held.words, held.moment
    )
    with pytest.raises(RuleError, match="not a die face"):
        kernel.call(lambda: view.confirm("Blueshift"))
    assert view.held == {} and you(view, "Blueshift")["actions"]["held"] is None
    same()
    # a fight loaded on the page drops what waits for the one before
    assert phone.act("dodge", you(view, "Blueshift")["actions"]["stamp"])[0] == 200
    assert view.server is not None
    kernel.call(lambda: view.server.follow(seed_fight()))  # type: ignore[union-attr]
    assert view.held == {}
