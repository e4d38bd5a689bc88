"""The combatants (``roster``): a card each (health as a meter, conditions with when they end,
side, turn state); adding from the form (a refusal blames its field) or a character file;
removing, defeating, restoring, awareness, hiding and conditions, from the screen."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from system_kit import blackout_fight, d10_fight
from widget_kit import battle, plain, to

from bpb_widgets import Encounter
from bpb_widgets.engine.encounter import MAX_CHARACTER_FILE
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets import GMScreen, Roster

SAMPLES = sorted((Path(__file__).resolve().parents[2]).glob("bpb_widgets/*/data/characters.json"))


def screen_of(enc: Encounter) -> GMScreen:
    return GMScreen(enc, folder="/nonexistent-folder")


def roster(screen: Any) -> dict[str, Any]:
    state: dict[str, Any] = screen.panels["roster"]
    return state


def card(screen: Any, name: str) -> dict[str, Any]:
    state: dict[str, Any] = roster(screen)["cards"][name]
    return state


def started() -> tuple[Encounter, GMScreen]:
    enc = battle()
    screen = screen_of(enc)
    to(screen, "strip", "start")
    return enc, screen


def test_a_card_per_combatant_with_health_as_a_meter() -> None:
    enc, screen = started()
    r = roster(screen)
    assert r["names"] == enc.names == ["Widow", "Thug", "Brute"]
    assert r["sides"] == ["heroes", "villains"] and r["current"] == "Widow"
    thug = card(screen, "Thug")
    assert thug["side"] == "villains" and thug["summary"] == enc.combatant("Thug").summary()
    assert thug["vitals"] == {
        "label": "Endurance",
        "value": 5,
        "maximum": 5,
        "apart": 0,
        "apart_label": "stunning",
        "extra": (("protection", 2),),
    }
    assert (thug["out"], thug["defeated"], thug["hidden"], thug["aware"]) == (
        False,
        False,
        False,
        True,
    )
    enc.attack("Widow", "Thug", rank=4, kind="stunning", dice=(3, 3))
    enc.take_hit("Thug")  # 4 - 2 = 2 stunning damage
    vitals = card(screen, "Thug")["vitals"]
    assert (vitals["value"], vitals["apart"]) == (3, 2) == (enc.endurance("Thug").current, 2)


def test_the_form_offers_the_system_s_sheet_fields() -> None:
    names = [f["name"] for f in roster(screen_of(battle()))["fields"]]
    assert names[:4] == ["side", "group", "aware", "hidden"]
    assert {"perception", "agility", "protection", "expertise"} <= set(names)
    agility = next(f for f in roster(screen_of(battle()))["fields"] if f["name"] == "agility")
    assert (agility["kind"], agility["low"], agility["high"], agility["default"]) == (
        "rank",
        1,
        14,
        2,
    )
    attacks = next(f for f in roster(screen_of(battle()))["fields"] if f["name"] == "attacks")
    assert (attacks["kind"], attacks["default"]) == ("attacks", [])  # New combatant, Edit
    assert list(attacks["choices"]) == [
        "normal",
        "penetrating",
        "stunning",
        "exploding",
        "non-endurance",
    ]
    blackout = [f["name"] for f in roster(screen_of(blackout_fight()))["fields"]]
    assert {"pc", "step", "hp", "armor"} <= set(blackout) and "agility" not in blackout
    assert [f["name"] for f in roster(Roster(d10_fight()))["fields"]][-1] != "agility"


def test_adding_from_the_form() -> None:
    enc, screen = started()
    sheet = {"agility": 6, "side": "heroes", "expertise": ["dodge"], "hidden": True}
    to(screen, "roster", "add", name="Black Steel", sheet=sheet)
    assert roster(screen)["error"] == "" and roster(screen)["form_error"] == {}
    assert enc.combatant("Black Steel").agility == 6 and enc.hidden("Black Steel")
    assert roster(screen)["names"][-1] == "Black Steel"
    steel = card(screen, "Black Steel")
    assert steel["side"] == "heroes" and steel["hidden"] is True
    assert "Black Steel" in screen.panels["strip"]["states"]
    assert "Black Steel" in screen.panels["attack"]["names"]


@pytest.mark.parametrize(
    ("name", "sheet", "field", "reason"),
    [
        ("Black Steel", {"agility": 40}, "agility", "Agility"),
        ("Black Steel", {"agility": 6, "brawn": "strong"}, "brawn", "Brawn"),
        ("", {"agility": 6}, "name", "name"),
        ("   ", {}, "name", "name"),
        ("Thug", {"agility": 6}, "name", "There is already a combatant called Thug"),
        ("thug", {}, "name", "There is already a combatant called"),
        ("Black Steel", {"luck": 3}, "luck", "Unknown attribute 'luck'"),
        ("Black Steel", {"side": "x" * 200}, "side", "ide"),
    ],
)
def test_a_refused_form_blames_its_field_and_changes_nothing(
    name: str, sheet: dict[str, Any], field: str, reason: str
) -> None:
    enc, screen = started()
    before = (enc.to_json(), plain(screen.panels["strip"]), roster(screen)["cards"].copy())
    with pytest.raises(RuleError) as engine:
        enc.add(name, **sheet)
    to(screen, "roster", "add", name=name, sheet=sheet)
    error = roster(screen)["form_error"]
    assert error == {"form": "add", "field": field, "message": str(engine.value)}
    assert reason in error["message"]
    assert roster(screen)["error"] == str(engine.value)
    assert (enc.to_json(), plain(screen.panels["strip"]), roster(screen)["cards"]) == before
    # the next good add clears the blame
    to(screen, "roster", "add", name="Black Steel", sheet={"agility": 6})
    assert roster(screen)["form_error"] == {} and roster(screen)["error"] == ""


def test_a_blackout_form_blames_the_field_the_rules_refuse() -> None:
    enc = blackout_fight()
    screen = screen_of(enc)
    to(screen, "roster", "add", name="Drone", sheet={"pc": False})
    assert roster(screen)["form_error"]["field"] == "pc"
    assert "fixed initiative step" in roster(screen)["form_error"]["message"]
    # fields that depend on each other: the one without which the sheet is accepted
    to(screen, "roster", "add", name="Drone", sheet={"pc": False, "step": 7, "hp": 0})
    assert roster(screen)["form_error"]["field"] == "hp"
    assert "hit points" in roster(screen)["form_error"]["message"]
    to(screen, "roster", "add", name="Drone", sheet={"pc": True, "step": 7, "hp": 6})
    assert roster(screen)["form_error"]["field"] == "step"
    assert "Drone" not in enc.names
    to(screen, "roster", "add", name="Drone", sheet={"pc": False, "step": 7, "hp": 6})
    assert card(screen, "Drone")["vitals"]["label"] == "HP"
    assert card(screen, "Drone")["vitals"]["maximum"] == 6


def test_adding_a_character_file() -> None:
    enc, screen = started()
    text = json.dumps(
        {
            "characters": [
                {"name": "Black Steel", "agility": 6, "side": "heroes"},
                {"name": "Sapphire", "perception": 5, "hidden": True},
            ]
        }
    )
    to(screen, "roster", "add_file", text=text)
    assert roster(screen)["error"] == ""
    assert enc.names[-2:] == roster(screen)["names"][-2:] == ["Black Steel", "Sapphire"]
    assert card(screen, "Sapphire")["hidden"] is True


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_the_samples_load_from_the_character_file_button(path: Path) -> None:
    """Issue 33, point 7: every sample character file (Bulletproof Blues' is 1,952 characters)
    loads from the roster's button; a character file is bounded at 1 MB, other texts stay
    short."""
    text = path.read_text(encoding="utf-8")
    enc = Encounter(seed=1, rules=json.loads(text)["system"])
    screen = screen_of(enc)
    to(screen, "roster", "add_file", text=text)
    assert roster(screen)["error"] == ""
    assert enc.names == [s["name"] for s in enc.sheets_from_json(text)]
    before = enc.to_json()
    big = json.dumps({"characters": [{"name": "Huge", "about": "x" * MAX_CHARACTER_FILE}]})
    to(screen, "roster", "add_file", text=big)
    assert "at most 1,000,000 characters" in roster(screen)["error"]
    to(screen, "roster", "remove", name="x" * 1001)
    assert "at most 1,000 characters" in roster(screen)["error"]
    assert enc.to_json() == before


@pytest.mark.parametrize(
    "text", ["[]", '{"characters": []}', '{"system": "bpb2e", "characters": []}']
)
def test_an_empty_character_file_is_refused_not_an_empty_undo_step(text: str) -> None:
    """Issue 33, point 14: a character file holding nobody is refused with the reason; the log
    and the undo history gain nothing."""
    enc, screen = started()
    before = (enc.to_json(), len(enc.log), len(enc.history))
    to(screen, "roster", "add_file", text=text)
    assert roster(screen)["error"] == (
        "This character file holds no characters: there is nobody to add."
    )
    with pytest.raises(RuleError, match="nobody to add"):
        enc.add_party([])
    assert (enc.to_json(), len(enc.log), len(enc.history)) == before


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        json.dumps([{"agility": 6}]),  # no name
        json.dumps({"characters": [{"name": "Black Steel"}, {"name": "Thug"}]}),  # Thug again
        json.dumps([{"name": "Black Steel", "agility": 40}]),
        json.dumps("Black Steel"),
    ],
)
def test_a_malformed_character_file_is_refused_and_adds_nobody(text: str) -> None:
    enc, screen = started()
    before = (enc.to_json(), roster(screen)["cards"].copy(), list(enc.names))
    with pytest.raises(RuleError) as engine:
        enc.add_party(enc.sheets_from_json(text))
    to(screen, "roster", "add_file", text=text)
    assert roster(screen)["error"] == str(engine.value)
    assert (enc.to_json(), roster(screen)["cards"], enc.names) == before  # all or none


def test_remove_defeat_restore() -> None:
    enc, screen = started()
    to(screen, "roster", "defeat", name="Thug")
    assert enc.turn_state("Thug").defeated and card(screen, "Thug")["defeated"] is True
    assert card(screen, "Thug")["skipped"] == "defeated"
    to(screen, "strip", "end_turn")
    assert enc.current == "Brute"  # the defeated get no turn
    to(screen, "roster", "restore", name="Thug")
    assert card(screen, "Thug")["defeated"] is False and not enc.turn_state("Thug").defeated
    to(screen, "roster", "remove", name="Brute")
    assert "Brute" not in enc.names and "Brute" not in roster(screen)["cards"]
    assert "Brute" not in screen.panels["strip"]["states"]
    to(screen, "log", "undo")
    assert "Brute" in roster(screen)["cards"] and card(screen, "Brute")["side"] == "villains"


def test_a_combatant_with_a_hit_waiting_cannot_leave() -> None:
    enc, screen = started()
    to(screen, "attack", "roll", dice=[3, 3])
    to(screen, "roster", "remove", name="Thug")
    assert "First resolve the hit waiting on Thug" in roster(screen)["error"]
    assert "Thug" in enc.names and "Thug" in roster(screen)["cards"]


def test_awareness_and_hiding() -> None:
    enc, screen = started()
    to(screen, "roster", "aware", name="Brute", aware=False)
    assert card(screen, "Brute")["aware"] is False and not enc.turn_state("Brute").aware
    assert screen.panels["strip"]["states"]["Brute"]["skipped"] == "not aware of the fight yet"
    to(screen, "roster", "aware", name="Brute", aware=True)
    assert card(screen, "Brute")["aware"] is True
    to(screen, "roster", "hide", name="Widow", hidden=True)
    assert card(screen, "Widow")["hidden"] is True and enc.hidden("Widow")
    to(screen, "roster", "hide", name="Widow", hidden=False)
    assert card(screen, "Widow")["hidden"] is False and not enc.hidden("Widow")
    to(screen, "roster", "hide", name="Widow", hidden="yes")
    assert "true or false" in roster(screen)["error"]


def conditions(screen: GMScreen, name: str) -> list[str]:
    return [c["name"] for c in card(screen, name)["conditions"]]


def test_a_condition_until_the_end_of_a_named_combatant_s_next_turn_ends_then() -> None:
    """Given on Widow's turn: Brute blinded until the end of Thug's next turn; Thug stunned until
    the end of Brute's. Each ends with the named combatant's turn, not another's."""
    enc, screen = started()
    to(screen, "roster", "add_condition", name="Brute", condition="blinded", ends="end", of="Thug")
    to(screen, "roster", "add_condition", name="Thug", condition="stunned", ends="end", of="Brute")
    assert roster(screen)["error"] == ""
    [blinded] = card(screen, "Brute")["conditions"]
    assert blinded["until"] == "until the end of Thug's next turn"
    assert blinded["until"] == enc.conditions("Brute")[0].until
    to(screen, "strip", "end_turn")  # Widow's turn ends; Thug's begins
    assert (conditions(screen, "Brute"), conditions(screen, "Thug")) == (["blinded"], ["stunned"])
    to(screen, "strip", "end_turn")  # Thug's turn ends
    assert conditions(screen, "Brute") == [] and not enc.has_condition("Brute", "blinded")
    assert conditions(screen, "Thug") == ["stunned"]
    to(screen, "strip", "end_turn")  # Brute's turn ends
    assert conditions(screen, "Thug") == []
    assert "conditions" not in screen.panels["strip"]["states"]["Thug"]  # none: left out


def test_a_condition_given_in_its_own_turn_lasts_to_the_next() -> None:
    enc, screen = started()
    to(screen, "roster", "add_condition", name="Widow", condition="on fire", ends="end")
    for _ in range(3):
        to(screen, "strip", "end_turn")
    assert enc.round == 2 and conditions(screen, "Widow") == ["on fire"]
    to(screen, "strip", "end_turn")
    assert conditions(screen, "Widow") == []


def test_a_condition_until_the_start_of_a_turn_and_one_until_removed() -> None:
    enc, screen = started()
    to(screen, "roster", "add_condition", name="Widow", condition="dazed", ends="start", of="Brute")
    to(screen, "roster", "add_condition", name="Thug", condition="grabbed")
    to(screen, "strip", "end_turn")
    assert conditions(screen, "Widow") == ["dazed"]
    to(screen, "strip", "end_turn")  # Brute's turn starts
    assert conditions(screen, "Widow") == []
    assert conditions(screen, "Thug") == ["grabbed"]
    to(screen, "roster", "remove_condition", name="Thug", condition="grabbed")
    assert conditions(screen, "Thug") == [] and not enc.has_condition("Thug", "grabbed")
    to(screen, "roster", "remove_condition", name="Thug", condition="grabbed")
    assert roster(screen)["error"] == "Thug is not grabbed."


@pytest.mark.parametrize(
    "args",
    [
        {"name": "Thug", "condition": "stunned", "ends": "later"},
        {"name": "Thug", "condition": "stunned", "ends": "end", "of": "Nobody"},
        {"name": "Nobody", "condition": "stunned"},
        {"name": "Thug", "condition": ""},
        {"name": "Thug", "condition": "stunned", "until": "end"},
    ],
)
def test_a_refused_condition_changes_nothing(args: dict[str, Any]) -> None:
    enc, screen = started()
    before = enc.to_json()
    to(screen, "roster", "add_condition", **args)
    assert roster(screen)["error"]
    assert enc.to_json() == before and conditions(screen, "Thug") == []


def test_blackout_and_d10_cards_show_their_own_health() -> None:
    enc = blackout_fight()
    screen = screen_of(enc)
    assert card(screen, "Mech")["vitals"]["label"] == "HP"
    d10 = d10_fight()
    roster_ = Roster(d10)
    vitals = roster_.panels["roster"]["cards"]["Evan"]["vitals"]
    assert vitals == asdict(d10.vitals("Evan"))
    assert vitals["label"] != "Endurance"


def test_place_now_puts_a_newcomer_after_someone_this_round() -> None:
    """Seed 000, "Delaying A Turn": "On the second round, Monolith runs around the corner ... The
    GM declares that the order of play is Blueshift, then Ganyeka, then Monolith, then Ganyeka's
    henchmen" (Place now on Monolith's card, after Ganyeka)."""
    from tests.engine.helpers import HENCHMEN, seed_cast

    enc = seed_cast(Encounter(seed=1), monolith_aware=False)
    enc.set_order(["Blueshift", "Ganyeka", HENCHMEN])
    screen = screen_of(enc)
    to(screen, "strip", "start")
    for _ in range(3):
        to(screen, "strip", "end_turn")
    assert (enc.round, enc.current) == (2, "Blueshift")
    to(screen, "roster", "aware", name="Monolith", aware=False, after="Ganyeka")
    assert "nowhere to place them" in roster(screen)["error"]
    to(screen, "roster", "aware", name="Monolith", aware=True, after="Nobody")
    assert "Nobody" in roster(screen)["error"] and not enc.turn_state("Monolith").aware
    assert roster(screen)["card_error"]["form"] == "place"  # shown on Monolith's card
    to(screen, "roster", "aware", name="Monolith", aware=True, after="Ganyeka")
    assert roster(screen)["error"] == "" and card(screen, "Monolith")["aware"] is True
    for _ in range(4):
        to(screen, "strip", "end_turn")
    assert enc.transcript(2) == "\n".join(
        ["Round 2", "Blueshift's turn", "Ganyeka's turn", "Monolith's turn", f"{HENCHMEN}'s turn"]
    )


def test_a_sample_character_is_added_with_one_command() -> None:
    """The roster lists the system's sample characters (its character file) and adds one by its
    name; a name that is not a sample is refused and adds nobody."""
    for enc, first in (
        (Encounter(), "Blueshift"),
        (blackout_fight(), "Kara"),
        (d10_fight(), "Evan"),
    ):
        screen = screen_of(enc)
        assert roster(screen)["samples"][0] == first
        before = list(enc.names)
        to(screen, "roster", "add_sample", name="Nobody")
        assert "not one of the" in roster(screen)["error"] and enc.names == before
        if first not in before:
            to(screen, "roster", "add_sample", name=first)
            assert enc.names == [*before, first] and first in roster(screen)["cards"]


def test_a_character_file_of_a_whole_cast_is_not_cut_short() -> None:
    """Bulletproof Blues' sample cast (seed 000's, 1,952 characters) is added from the screen as
    from Python; a file over a megabyte is refused and adds nobody."""
    from pathlib import Path

    text = (
        Path(__file__).resolve().parents[2] / "bpb_widgets/bpb/data/characters.json"
    ).read_text()
    assert len(text) > 1900
    enc = Encounter()
    screen = screen_of(enc)
    to(screen, "roster", "add_file", text=text)
    assert roster(screen)["error"] == "" and len(enc.names) == 4
    to(screen, "roster", "add_file", text=" " * 1_000_001)
    assert "at most 1,000,000 characters" in roster(screen)["error"] and len(enc.names) == 4


def test_plot_points_on_a_player_s_card() -> None:
    """Seed 004, "Gaining Plot Points" and "Spending Plot Points": a player gains a plot point
    for a complication, a reward or cooperation, and spends one on an automatic success, a power
    boost ("+1 rank to an attribute or power"), a stunt, a rally or a retcon; the card shows what
    is bought and in force. A refusal is shown in the card's form and changes nothing."""
    enc = Encounter(seed=1)
    enc.add("Blueshift", player=True, side="heroes", attacks=[{"name": "Sonic punch", "rank": 5}])
    enc.add("Ganyeka", side="villains")
    screen = screen_of(enc)
    to(screen, "strip", "start")
    assert card(screen, "Ganyeka")["plot"] is None  # not a player
    plot = card(screen, "Blueshift")["plot"]
    assert plot["points"] == 1 and plot["automatic"] is False and plot["boosts"] == []
    assert "brawn" in plot["raise"] and "Sonic punch" in plot["raise"]
    assert "endurance" not in plot["raise"]
    to(screen, "roster", "gain_plot_point", name="Blueshift", reason="reward")
    assert card(screen, "Blueshift")["plot"]["points"] == 2
    to(screen, "roster", "spend_plot_point", name="Blueshift", use="automatic_success")
    assert card(screen, "Blueshift")["plot"]["automatic"] is True
    to(screen, "roster", "spend_plot_point", name="Blueshift", use="power_boost", boost="brawn")
    plot = card(screen, "Blueshift")["plot"]
    assert plot["points"] == 0
    assert plot["boosts"] == ["Brawn +1 (power boost, to the end of round 1)"]
    plain(screen.panels)  # everything the front end gets is JSON
    before = enc.to_json()
    to(screen, "roster", "spend_plot_point", name="Blueshift", use="rally")
    error = roster(screen)["card_error"]
    assert error == {"name": "Blueshift", "form": "plot", "message": roster(screen)["error"]}
    assert "no plot points left" in error["message"] and enc.to_json() == before
    to(screen, "roster", "gain_plot_point", name="Blueshift", reason="bribery")
    assert "bribery" in roster(screen)["card_error"]["message"] and enc.to_json() == before
    to(screen, "roster", "gain_plot_point", name="Blueshift", reason="complication")
    assert roster(screen)["card_error"] == {}


def test_every_boost_the_card_offers_is_one_the_engine_takes() -> None:
    """The card's choices are the engine's: every reason and use (seed 004), and every rank a
    power boost may raise (all but Endurance)."""
    from bpb_widgets.bpb.rules.plot_points import GAINS, SPENDS

    enc = Encounter(seed=1)
    enc.add("Blueshift", player=True, attacks=[{"name": "Sonic punch", "rank": 5}])
    screen = screen_of(enc)
    assert [key for key, _ in roster(screen)["plot_gains"]] == list(GAINS)
    assert [key for key, _ in roster(screen)["plot_spends"]] == list(SPENDS)
    for boost in card(screen, "Blueshift")["plot"]["raise"]:
        to(screen, "roster", "gain_plot_point", name="Blueshift", reason="reward")
        to(screen, "roster", "spend_plot_point", name="Blueshift", use="power_boost", boost=boost)
        assert roster(screen)["error"] == "", boost
    to(screen, "roster", "gain_plot_point", name="Blueshift", reason="reward")
    to(screen, "roster", "spend_plot_point", name="Blueshift", use="power_boost", boost="endurance")
    assert roster(screen)["error"]
    blackout = screen_of(Encounter(rules="blackout"))
    assert roster(blackout)["plot_spends"] == []
    to(blackout, "roster", "gain_plot_point", name="x", reason="reward")
    assert roster(blackout)["error"] == "The blackout rules have no plot points."


def test_endurance_by_hand_on_the_card() -> None:
    """Seed 004, "Damage", "Stunning", "Recovery": the GM damages a combatant by hand (normal or
    stunning, kept apart), heals normal damage, brings stunning damage back, and rests ("half
    the recent loss back, stunning all back"); a refusal is shown in the card's form and changes
    nothing."""
    enc, screen = started()
    assert [a["label"] for a in roster(screen)["by_hand"]] == ["Damage", "Heal", "Recover", "Rest"]
    to(screen, "roster", "vitals", name="Thug", how="damage", amount=3)
    to(screen, "roster", "vitals", name="Thug", how="damage", amount=1, stunning=True)
    vitals = card(screen, "Thug")["vitals"]
    assert (vitals["value"], vitals["apart"]) == (1, 1) == (enc.endurance("Thug").current, 1)
    to(screen, "roster", "vitals", name="Thug", how="recover")
    assert card(screen, "Thug")["vitals"]["apart"] == 0
    to(screen, "roster", "vitals", name="Thug", how="heal", amount=1)
    assert card(screen, "Thug")["vitals"]["value"] == 3
    to(screen, "roster", "vitals", name="Thug", how="rest")
    assert card(screen, "Thug")["vitals"]["value"] == enc.endurance("Thug").current > 3
    before = enc.to_json()
    for how, amount, reason in [
        ("damage", None, "amount"),
        ("damage", 0, "less than 1"),
        ("heal", 99, ""),
        ("bite", 1, "not 'bite'"),
    ]:
        to(screen, "roster", "vitals", name="Widow", how=how, amount=amount)
        error = roster(screen)["error"]
        assert error and reason in error and enc.to_json() == before, (how, amount)
    assert roster(screen)["card_error"]["name"] == "Widow"
    assert roster(screen)["card_error"]["form"] == "vitals"


def test_hit_points_and_action_points_by_hand_in_the_other_systems() -> None:
    """Each system's card offers its own meter by hand (the engine's ``hand_actions``): blackout
    HP lost and healed, d10-ap AP more or less on the combatant's own turn."""
    enc = blackout_fight()
    screen = screen_of(enc)
    assert [a["label"] for a in roster(screen)["by_hand"]] == ["Damage", "Heal"]
    to(screen, "roster", "vitals", name="Kara", how="damage", amount=4)
    assert card(screen, "Kara")["vitals"]["value"] == 6
    to(screen, "roster", "vitals", name="Kara", how="heal_hp", amount=2)
    assert card(screen, "Kara")["vitals"]["value"] == 8
    to(screen, "roster", "vitals", name="Kara", how="damage", amount=1, stunning=True)
    assert roster(screen)["error"] and card(screen, "Kara")["vitals"]["value"] == 8
    d10 = d10_fight()
    d10.roll_initiative("Evan", roll=9)
    d10.roll_initiative("Orc", roll=1)
    d10.start()
    d10.roll_ap("Evan", dice=(5, 5, 1))
    screen = screen_of(d10)
    assert [a["command"] for a in roster(screen)["by_hand"]] == ["adjust_ap"]
    to(screen, "roster", "vitals", name="Evan", how="adjust_ap", amount=-1)
    assert roster(screen)["error"] == "" and d10.ap("Evan") == 2


def test_a_card_is_edited_after_it_joined() -> None:
    """Issue 32: "every card editable after it is added (attributes, attacks, expertise,
    protection, side), each change a logged, undoable command"; a refusal names its field and
    changes nothing."""
    enc, screen = started()
    to(screen, "roster", "open_edit", name="brute")
    editing = roster(screen)["editing"]
    assert editing["name"] == "Brute" and editing["sheet"]["brawn"] == 7
    assert editing["sheet"]["expertise"] == ["block"]
    before = enc.to_json()
    to(screen, "roster", "edit", name="Brute", sheet={"brawn": 15})
    assert roster(screen)["form_error"] == {
        "form": "edit",
        "field": "brawn",
        "message": roster(screen)["error"],
    }
    assert enc.to_json() == before and roster(screen)["editing"]["name"] == "Brute"
    attacks = [{"name": "Club", "rank": 6, "kind": "normal", "hand_to_hand": True}]
    to(
        screen,
        "roster",
        "edit",
        name="Brute",
        sheet={"brawn": 8, "side": "thugs", "expertise": ["block", "club"], "attacks": attacks},
    )
    assert roster(screen)["error"] == "" and roster(screen)["editing"] == {}
    sheet = enc.combatant("Brute")
    assert (sheet.brawn, sheet.side, sheet.attacks[0].name) == (8, "thugs", "Club")
    assert card(screen, "Brute")["side"] == "thugs" and "Club" in card(screen, "Brute")["summary"]
    assert [p["name"] for p in screen.panels["attack"]["powers"]["Brute"]] == ["Club"]
    assert "Brute's sheet: Brawn 7 -> 8" in enc.log[-1].text
    enc.undo()
    assert enc.combatant("Brute").brawn == 7 and card(screen, "Brute")["side"] == "villains"
    to(screen, "roster", "open_edit", name="Nobody")
    assert "Nobody" in roster(screen)["error"] and roster(screen)["editing"] == {}
    to(screen, "roster", "open_edit", name="Thug")
    enc.remove("Thug")
    assert roster(screen)["editing"] == {}  # they left the fight


def test_a_condition_for_a_number_of_rounds() -> None:
    """Issue 32: "Conditions for N rounds besides until removed and start/end of X's next
    turn"; a refusal is shown in the card's form."""
    _enc, screen = started()
    to(screen, "roster", "add_condition", name="Thug", condition="dazed", rounds=2)
    [dazed] = card(screen, "Thug")["conditions"]
    assert dazed["until"] == "for 2 rounds, to the end of round 2"
    to(screen, "roster", "add_condition", name="Thug", condition="slowed", rounds=0)
    assert roster(screen)["card_error"]["form"] == "condition"
    assert len(card(screen, "Thug")["conditions"]) == 1


def test_a_group_s_members_taken_out_and_brought_back() -> None:
    """Seed 000, round 6: "Blueshift makes short work of two of Ganyeka's henchmen with a sweep
    attack": the group's card says how many are up; none up, the group is out of the fight."""
    enc, screen = started()
    to(screen, "roster", "add", name="Henchmen", sheet={"group": True, "members": 4})
    assert card(screen, "Henchmen")["members"] == [2, 4] or card(screen, "Henchmen")["members"] == (
        4,
        4,
    )
    assert tuple(card(screen, "Henchmen")["members"]) == (4, 4)
    assert card(screen, "Thug")["members"] is None
    for _ in range(2):
        to(screen, "roster", "members", name="Henchmen", change=-1)
    assert tuple(card(screen, "Henchmen")["members"]) == (2, 4) == enc.members("Henchmen")
    to(screen, "roster", "members", name="Henchmen", change=-3)
    assert roster(screen)["card_error"]["form"] == "members" and enc.members("Henchmen") == (2, 4)
    to(screen, "roster", "members", name="Henchmen", change=-2)
    assert card(screen, "Henchmen")["out"] is True
    to(screen, "roster", "members", name="Henchmen", change=1)
    assert card(screen, "Henchmen")["out"] is False
    to(screen, "roster", "members", name="Thug", change=-1)
    assert roster(screen)["card_error"]["name"] == "Thug"


def test_attacks_from_the_new_combatant_form() -> None:
    """Issue 32: "Attacks in the New combatant form (name, rank, kind, hand-to-hand)": the form
    sends the attacks as rows; a bad one is refused, blamed on the attacks, and adds nobody."""
    enc, screen = started()
    rows = [
        {"name": "Club", "rank": 6, "kind": "normal", "hand_to_hand": True},
        {"name": "Shout", "rank": 4, "kind": "stunning", "hand_to_hand": False},
    ]
    to(screen, "roster", "add", name="Ogre", sheet={"brawn": 8, "attacks": rows})
    assert roster(screen)["error"] == ""
    clubbed = enc.combatant("Ogre").power("Club")
    assert clubbed is not None and (clubbed.rank, clubbed.hand_to_hand) == (6, True)
    assert [p["name"] for p in screen.panels["attack"]["powers"]["Ogre"]] == ["Club", "Shout"]
    before = enc.to_json()
    bad = [{"name": "Club", "rank": 20, "kind": "normal", "hand_to_hand": True}]
    to(screen, "roster", "add", name="Troll", sheet={"attacks": bad})
    assert roster(screen)["form_error"]["field"] == "attacks" and enc.to_json() == before
    to(screen, "roster", "add", name="Troll", sheet={"attacks": [{"name": {"nested": 1}}]})
    assert "form's fields" in roster(screen)["error"] and enc.to_json() == before


def test_attacks_edited_from_the_card_s_edit_form() -> None:
    """Issue 32: "every card editable after it is added (attributes, attacks ...), each change
    a logged, undoable command": the Edit form sends the rows (the skill an attack uses
    included, seed 004 "Extreme Success": "expertise in the power or skill"); a bad row is
    refused, blamed on the attacks, and changes nothing."""
    enc, screen = started()
    before, sheet = enc.to_json(), enc.combatant("Brute").to_dict()
    bad = [{"name": "Kick", "rank": 15, "kind": "normal"}]
    to(screen, "roster", "edit", name="Brute", sheet={"attacks": bad})
    error = roster(screen)["form_error"]
    assert (error["form"], error["field"]) == ("edit", "attacks")
    assert error["message"] in roster(screen)["error"] and enc.to_json() == before
    rows = [{"name": "Kick", "rank": 7, "kind": "normal", "hand_to_hand": True, "skill": "karate"}]
    to(screen, "roster", "edit", name="Brute", sheet={"attacks": rows})
    assert roster(screen)["form_error"] == {} and roster(screen)["error"] == ""
    kick = enc.combatant("Brute").power("Kick")
    assert kick is not None and (kick.rank, kick.hand_to_hand, kick.skill) == (7, True, "karate")
    assert "Brute's sheet: Attacks" in enc.log[-1].text
    assert [p["name"] for p in screen.panels["attack"]["powers"]["Brute"]] == ["Kick"]
    to(screen, "strip", "undo")
    assert (
        enc.combatant("Brute").to_dict() == sheet and enc.combatant("Brute").power("Kick") is None
    )
