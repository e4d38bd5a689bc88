"""A whole session from the screen (issue 32), by clicks only after one cell ``GMScreen()``: seed
000's fight, rounds 1 to 8 as the seed lists them (Monolith placed before the henchmen in round
2, Blueshift's delay and Monolith's grab in round 3, Blueshift leaping between Ganyeka and
Monolith in round 6 and losing her turn in round 7), with an extreme success; a blackout fight and
a d10-ap fight, each from New fight until one side is out; the players' page opened from the
screen, following New fight and Load. In JupyterLab (light) and Notebook 7 (dark), 800 px wide,
one page each for every test here (in this order: each starts from New fight). Every step is a
click, a choice or a key typed into a box, found by its role and accessible name, and checked in
the kernel and on the page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gm_screen import Screen, open_screen
from lab import DARK, LIGHT, LabServer
from playwright.sync_api import Browser, expect

from tests.engine.test_worked_examples import listing

CAST = Path(__file__).resolve().parents[2] / "bpb_widgets" / "bpb" / "data" / "characters.json"
HENCHMEN = "Ganyeka's henchmen"
ENC = "screen.encounter"


@pytest.fixture(
    scope="module",
    params=[("lab", LIGHT), ("notebook", DARK), ("lab", DARK), ("notebook", LIGHT)],
    ids=["jupyterlab-light", "notebook7-dark", "jupyterlab-dark", "notebook7-light"],
)
def screen(
    request: pytest.FixtureRequest, lab_server: LabServer, browser: Browser
) -> Iterator[Screen]:
    app, theme = request.param
    screen = open_screen(
        lab_server,
        browser,
        f"session-{app}-{request.param_index}.ipynb",  # each its own saved files
        app,
        theme,
        "from bpb_widgets import GMScreen\nscreen = GMScreen()\nscreen",
    )
    yield screen
    screen.notebook.page.close()


def new_fight(s: Screen, rules: str) -> None:
    """New fight under ``rules``, going ahead when the screen asks about unsaved changes."""
    s.click(s.files, "New fight")
    form = s.files.get_by_role("form", name="New fight")
    form.get_by_role("combobox", name="Rule set").select_option(rules)
    s.click(form, "Start the new fight")
    ask = s.files.get_by_role("alertdialog")
    if s.kernel(f"{ENC}.rules.name") != rules:
        s.click(ask, "Start a new fight anyway")
    s.until(f"({ENC}.rules.name, len({ENC}.names))", repr((rules, 0)))
    expect(form).to_be_hidden()


def add(s: Screen, name: str, **fields: str | bool) -> None:
    """Add ``name`` from the New combatant form: each field by its label, a flag ticked or not."""
    form = s.roster.get_by_role("form", name="New combatant")
    if not form.is_visible():
        s.roster.get_by_text("New combatant…").click()
    form.get_by_role("textbox", name="Name").fill(name)
    for label, value in fields.items():
        if isinstance(value, bool):
            form.get_by_role("checkbox", name=label).set_checked(value)
        else:
            form.get_by_label(label, exact=True).fill(value)
    s.click(form, "Add combatant")
    expect(s.card(name)).to_be_visible()


def end_turn(s: Screen, then: str) -> None:
    """End the turn; ``then`` is "<round> <name>", who acts next."""
    s.click(s.strip, "End turn")
    round_, name = then.split(" ", 1)
    s.until(f"({ENC}.round, {ENC}.current)", repr((int(round_), name)))
    # the screen has drawn the new turn (the kernel's answer can come before its patches)
    expect(s.strip.locator(".bpb-chip[aria-current=true]")).to_contain_text(name)


def test_seed_000_rounds_1_to_8_by_clicks(screen: Screen, examples: dict[str, Any]) -> None:
    """Seed 000, "Delaying A Turn" and "Forcing An Action", rounds 1 to 8: the listing the screen
    makes is the seed's."""
    s = screen
    expect(s.out).not_to_contain_text("Error displaying widget")
    name = s.notebook.page.url.split("/")[-1].split("?")[0].replace(".ipynb", "")

    # the cast from a character file; Monolith has not come round the corner yet
    s.roster.get_by_text("New combatant…").click()
    s.roster.get_by_label("Character file").set_input_files(CAST)
    s.until(f"len({ENC}.names)", "4")
    monolith = s.card("Monolith")
    monolith.get_by_text("Sheet and actions").click()
    s.click(monolith, "Unaware")
    # the GM edits his sheet: a Brawn out of range is refused next to its field, then 10
    s.click(monolith, "Edit")
    edit = s.roster.get_by_role("form", name="Edit Monolith")
    brawn = edit.get_by_role("spinbutton", name="Brawn")
    expect(brawn).to_have_value("9")
    brawn.fill("15")
    s.click(edit, "Save changes")
    expect(edit.get_by_role("alert")).to_contain_text("Brawn")
    expect(brawn).to_have_attribute("aria-invalid", "true")
    assert s.kernel(f"{ENC}.combatant('Monolith').brawn") == "9"
    brawn.fill("10")
    s.click(edit, "Save changes")
    expect(edit).to_be_hidden()
    s.until(f"{ENC}.combatant('Monolith').brawn", "10")
    expect(s.log).to_contain_text("Monolith's sheet: Brawn 9 -> 10")
    # and gives him an attack from the same form: a row of name, rank, kind and hand-to-hand
    s.click(monolith, "Edit")
    attacks = edit.get_by_role("group", name="Attacks")
    expect(attacks.get_by_role("textbox", name="Attack name")).to_have_count(1)  # his Haymaker
    s.click(attacks, "Add an attack")
    row = attacks.locator(".bpb-attack-row").last
    row.get_by_role("textbox", name="Attack name").fill("Shoulder charge")
    row.get_by_role("spinbutton", name="Attack rank").fill("8")
    row.get_by_role("checkbox", name="hand-to-hand").check()
    s.click(edit, "Save changes")
    expect(edit).to_be_hidden()
    charge = f"{ENC}.combatant('Monolith').power('Shoulder charge')"
    s.until(f"({charge}.rank, {charge}.hand_to_hand)", "(8, True)")
    expect(s.log).to_contain_text("Shoulder charge 8")
    expect(monolith.get_by_role("button", name="Place now")).to_be_visible()
    s.click(s.strip, "Start")
    s.until(f"({ENC}.round, {ENC}.current)", "(1, 'Blueshift')")

    # round 1: Blueshift, Ganyeka, the henchmen
    s.attack_with("Ganyeka", "Sonic punch", "1 1")  # a miss: nothing to answer
    s.until(f"{ENC}.log[-1].kind", "attack")
    end_turn(s, "1 Ganyeka")
    end_turn(s, f"1 {HENCHMEN}")
    end_turn(s, "2 Blueshift")

    # round 2: Monolith runs around the corner and is placed after Ganyeka, this round
    monolith.get_by_role("combobox", name="Place Monolith after").select_option("Ganyeka")
    s.click(monolith, "Place now")
    s.until(f"{ENC}.turn_state('Monolith').aware", "True")
    expect(s.strip.get_by_role("listitem", name="Monolith")).to_be_visible()
    # the GM rules Ganyeka dazed by the sight of him, for this round
    ganyeka = s.card("Ganyeka")
    ganyeka.get_by_text("Sheet and actions").click()
    condition = ganyeka.get_by_role("group", name="New condition on Ganyeka")
    condition.get_by_role("textbox", name="Condition on Ganyeka").fill("dazed")
    condition.get_by_role("combobox", name="Ends").select_option("rounds")
    condition.get_by_role("spinbutton", name="Rounds").fill("1")
    s.click(condition, "Add condition")
    conditions = ganyeka.get_by_role("list", name="Conditions on Ganyeka")
    expect(conditions).to_contain_text("dazed for 1 round, to the end of round 2")
    for then in ("2 Ganyeka", "2 Monolith", f"2 {HENCHMEN}", "3 Blueshift"):
        end_turn(s, then)
    expect(conditions).to_have_count(0)

    # round 3: Blueshift delays; Monolith grabs Ganyeka and holds him; Blueshift takes her
    # delayed turn after Monolith's
    s.click(s.strip, "Delay")
    s.until(f"{ENC}.current", "Ganyeka")
    end_turn(s, "3 Monolith")
    s.attack.get_by_text("Grab, throw or trip").click()
    s.attack.get_by_role("combobox", name="Target").select_option("Ganyeka")
    s.attack.get_by_role("combobox", name="Then").select_option("hold")
    s.attack.get_by_role("textbox", name="Physical dice").fill("6 5 1 1")
    s.click(s.attack, "Grab")
    s.until(f"{ENC}.held_by('Ganyeka')", "Monolith")
    expect(s.card("Ganyeka").get_by_role("list", name="Conditions on Ganyeka")).to_contain_text(
        "held"
    )
    expect(s.card("Monolith").get_by_role("list", name="Conditions on Monolith")).to_contain_text(
        "holding"
    )
    expect(s.attack).to_contain_text("Monolith holds Ganyeka.")
    end_turn(s, f"3 {HENCHMEN}")
    s.click(s.strip.get_by_role("listitem", name="Blueshift"), "Take delayed turn")
    s.until(f"{ENC}.current", "Blueshift")
    end_turn(s, f"3 {HENCHMEN}")
    end_turn(s, "4 Blueshift")

    # round 4: Ganyeka tries to break free and fails; Monolith holds on
    end_turn(s, "4 Ganyeka")
    expect(s.attack).to_contain_text("Ganyeka is held by Monolith.")
    s.attack.get_by_role("textbox", name="Physical dice").fill("1 1")
    s.click(s.attack, "Break free")
    s.until(f"{ENC}.log[-1].kind", "break free")
    end_turn(s, "4 Monolith")
    s.click(s.attack, "Hold on")
    s.until(f"{ENC}.log[-1].kind", "hold")
    s.click(s.attack, "Let go")
    s.until(f"{ENC}.held_by('Ganyeka')", "None")
    end_turn(s, f"4 {HENCHMEN}")
    end_turn(s, "5 Blueshift")

    # round 5: Blueshift gains a plot point on her card (a reward) and spends one at the roll:
    # snake eyes, and her Sonic punch hits all the same (seed 004, "Automatic Success")
    blueshift = s.card("Blueshift")
    blueshift.get_by_text("Sheet and actions").click()
    plot = blueshift.get_by_role("group", name="Plot points of Blueshift")
    plot.get_by_role("combobox", name="Why Blueshift gains a plot point").select_option("reward")
    s.click(plot, "Gain plot point")
    s.until(f"{ENC}.plot_points('Blueshift')", "2")
    expect(blueshift).to_contain_text("plot points 2")
    s.attack.get_by_role("combobox", name="Target").select_option("Ganyeka")
    s.attack.get_by_role("combobox", name="Attack", exact=True).select_option("Sonic punch")
    s.attack.get_by_role("checkbox", name="Plot point: automatic success for Blueshift").check()
    s.attack.get_by_role("textbox", name="Physical dice").fill("1 1")
    s.click(s.attack, "Attack")
    expect(s.answers).to_be_visible()
    expect(s.attack.get_by_role("list", name="What happened")).to_contain_text("automatic success")
    s.answer("Take the hit")
    s.until(f"{ENC}.endurance('Ganyeka').current", "4")  # DR 3 - protection 2, stunning
    expect(blueshift).to_contain_text("plot points 1")
    for then in ("5 Ganyeka", "5 Monolith", f"5 {HENCHMEN}", "6 Blueshift"):
        end_turn(s, then)

    # round 6: "Blueshift makes short work of two of Ganyeka's henchmen with a sweep attack":
    # four of them, counted from her card's Edit; the sweep fells one, the GM takes out another
    henchmen = s.card(HENCHMEN)
    henchmen.get_by_text("Sheet and actions").click()
    s.click(henchmen, "Edit")
    edit = s.roster.get_by_role("form", name=f"Edit {HENCHMEN}")
    edit.get_by_role("spinbutton", name="Members (a group)").fill("4")
    s.click(edit, "Save changes")
    members = henchmen.get_by_role("group", name=f"Members of {HENCHMEN}")
    expect(members).to_contain_text("4 of 4 up")
    s.attack_with(HENCHMEN, "Sweep attack", "4 4")
    s.answer("Take the hit")
    expect(members).to_contain_text("3 of 4 up")
    s.click(members, "Take out")
    expect(members).to_contain_text("2 of 4 up")
    s.until(f"{ENC}.members({HENCHMEN!r})", "(2, 4)")

    # then Ganyeka fires his sinister weapon at Monolith; Blueshift leaps between them,
    # forcing her next action, and takes the full brunt of it
    end_turn(s, "6 Ganyeka")
    s.attack_with("Monolith", "Sinister weapon", "4 4")  # a hit, not extreme
    leap = s.answers.get_by_role("group", name="Blueshift")
    expect(leap).to_contain_text("forced action: uses Blueshift's turn in round 7")
    s.notebook.screenshot(s.attack, f"{name}-interpose")
    s.click(leap, "Take it for Monolith")
    s.until(f"{ENC}.turn_state('Blueshift').out", "True")
    expect(s.meter("Blueshift")).to_have_attribute("aria-valuenow", "0")
    expect(s.meter("Monolith")).to_have_attribute("aria-valuenow", "8")
    end_turn(s, "6 Monolith")
    end_turn(s, f"6 {HENCHMEN}")
    end_turn(s, "7 Ganyeka")  # round 7: Blueshift's turn is gone

    # round 7: the GM heals Blueshift by hand (a medic between the crates), back in the fight
    health = blueshift.get_by_role("group", name="Endurance of Blueshift by hand")
    health.get_by_role("spinbutton", name="Amount").fill("5")
    s.click(health, "Heal")
    s.until(f"{ENC}.turn_state('Blueshift').out", "False")
    expect(s.meter("Blueshift")).to_have_attribute("aria-valuenow", "5")

    # round 7, then round 8 as usual, with an extreme success: Monolith's Haymaker, overwhelming
    end_turn(s, "7 Monolith")
    end_turn(s, f"7 {HENCHMEN}")
    end_turn(s, "8 Blueshift")
    end_turn(s, "8 Ganyeka")
    end_turn(s, "8 Monolith")
    s.attack_with("Ganyeka", "Haymaker", "6 6")
    s.until(f"{ENC}.pending_attack.roll.extreme", "True")
    s.click(s.attack, "Overwhelm")
    s.answer("Take the hit")
    s.until(f"{ENC}.turn_state('Ganyeka').out", "True")
    expect(s.card("Ganyeka")).to_contain_text("out of the fight")
    end_turn(s, f"8 {HENCHMEN}")
    end_turn(s, "9 Blueshift")

    expected = listing(examples, "Delaying A Turn", "Forcing An Action")
    assert s.notebook.kernel(f"print({ENC}.transcript(range(1, 9)))").strip() == expected
    s.notebook.screenshot(s.out, f"{name}-round-9")


def test_a_blackout_fight_from_new_fight_to_one_side_out(screen: Screen) -> None:
    """Seed 002 from the screen: New fight under blackout, the crew and a Mech added by the
    form, Kara's initiative dice, a surprise attack, an attack test and a damage test that put
    the Mech out of the fight."""
    s = screen
    new_fight(s, "blackout")
    combat = s.out.get_by_role("region", name="Actions and tests")
    add(s, "Kara", Side="crew", **{"Hit points": "12"})
    add(
        s,
        "Mech",
        Side="enemies",
        **{"Player character (rolls initiative)": False, "Step (enemies)": "9"},
        **{"Action points (enemies)": "4", "Hit points": "10", "Armor value": "5"},
    )
    dice = s.out.get_by_role("region", name="Initiative dice")
    dice.get_by_role("combobox", name="Who rolls").select_option("Kara")
    s.click(dice, "2 dice")
    dice.get_by_label("Physical dice", exact=True).fill("1 2")
    s.click(dice, "Roll initiative")
    s.until(f"{ENC}.turn_state('Kara').initiative", "3")
    combat.locator("summary", has_text="Surprise attack").click()
    combat.get_by_role("textbox", name="Attackers' Dexterity [Sneak] successes").fill("2")
    combat.get_by_role("spinbutton", name="Mech: Perception successes").fill("1")
    s.click(combat, "Surprise attack")
    s.until(f"{ENC}.has_condition('Mech', 'surprised')", "True")
    # Kara drops 10 ft from the catwalk (seed 002, "Falling"): a D3 typed wrong is refused next
    # to its box; then 2 and 1, halved by her Fortitude test, and she is not prone
    combat.locator("summary", has_text="Fall (").click()
    combat.get_by_role("combobox", name="Who falls").select_option("Kara")
    combat.get_by_role("spinbutton", name="Feet fallen").fill("10")
    combat.get_by_role("spinbutton", name="Fortitude successes").fill("2")
    d3 = combat.get_by_role("textbox", name="D3 dice")
    d3.fill("4 1")
    s.click(combat, "Fall")
    expect(d3).to_have_attribute("aria-invalid", "true")
    expect(combat.locator(".bpb-invalid + .bpb-field-error")).to_contain_text("not a die face")
    d3.fill("2 1")
    s.click(combat, "Fall")
    s.until(f"({ENC}.hit_points('Kara')[0], {ENC}.has_condition('Kara', 'prone'))", "(11, False)")
    expect(d3).not_to_have_attribute("aria-invalid", "true")
    expect(s.log).to_contain_text("Kara falls 10 ft: D3 x 2 (2 1)")
    s.click(s.strip, "Start")
    s.until(f"{ENC}.current", "Kara")
    attack = combat.get_by_role("region", name="Attack test")
    expect(attack.get_by_role("combobox", name="Target")).to_have_value("Mech")
    attack.get_by_role("spinbutton", name="Attack test: successes counted").fill("3")
    s.click(attack, "Attack")
    damage = combat.get_by_role("region", name="Damage test")
    damage.get_by_role("spinbutton", name="Damage test: successes counted").fill("4")
    s.click(damage, "Roll damage")
    s.until(f"{ENC}.turn_state('Mech').out", "True")
    expect(s.card("Mech")).to_contain_text("out of the fight")
    expect(s.out.get_by_role("meter", name="Mech HP")).to_have_attribute("aria-valuenow", "-5")


def test_a_d10_ap_fight_from_new_fight_to_one_side_out(screen: Screen) -> None:
    """Seed 003 from the screen: New fight under d10-ap, Evan and an orc added by the form, a
    surprise check, initiative, AP dice spent, and the orc defeated."""
    s = screen
    new_fight(s, "d10-ap")
    add(s, "Evan", Side="heroes", **{"Agility bonus (AgB)": "3", "Awareness bonus (AwarB)": "4"})
    add(s, "Orc", Side="orcs", **{"Agility bonus (AgB)": "2"})
    dice = s.out.get_by_role("region", name="Surprise and AP dice")
    dice.get_by_role("combobox", name="Who checks").select_option("Evan")
    dice.get_by_role("spinbutton", name="Physical d10").fill("6")
    s.click(dice, "Surprise check")
    s.until(f"{ENC}.surprise_penalty('Evan')", "2")
    s.click(s.strip, "Roll initiative")
    s.click(s.strip, "Start")
    s.until(f"{ENC}.round", "1")
    first = s.kernel(f"{ENC}.current")
    dice.get_by_role("textbox", name="Physical AP dice").fill("5 5 5" if first == "Evan" else "5 5")
    s.click(dice, "Roll AP")
    s.until(f"{ENC}.ap({ENC}.current) is not None", "True")
    orc = s.card("Orc")
    orc.get_by_text("Sheet and actions").click()
    s.click(orc, "Defeat")
    s.until(f"{ENC}.turn_state('Orc').out", "True")
    expect(orc).to_contain_text("defeated")


def test_the_players_page_follows_new_fight_and_load(screen: Screen, browser: Browser) -> None:
    """Issue 32: "an Open player page button in the GM screen serves it and shows its link; the
    page follows New fight and Load by itself"; "After Load the log shows its latest entries",
    though the GM had scrolled it up."""
    s = screen
    new_fight(s, "bpb2e")
    s.roster.get_by_text("New combatant…").click()
    s.roster.get_by_label("Character file").set_input_files(CAST)
    s.until(f"len({ENC}.names)", "4")
    s.click(s.strip, "Start")
    for then in ("1 Monolith", "1 Ganyeka", f"1 {HENCHMEN}", "2 Blueshift", "2 Monolith"):
        end_turn(s, then)
    name = s.notebook.page.url.split("/")[-1].split("?")[0].replace(".ipynb", "")
    s.files.get_by_role("combobox", name="File name").fill(f"{name}-players")
    s.click(s.files, "Save")
    expect(s.files).to_contain_text(f"Saved as {name}-players.fight.json")
    s.click(s.files, "Open player page")
    link = s.files.get_by_role("link", name="Player page")
    expect(link).to_be_visible()
    url = link.get_attribute("href")
    assert url is not None and url.startswith("http://127.0.0.1:")
    page = browser.new_page(viewport={"width": 360, "height": 640}, has_touch=True)
    events = s.log.get_by_role("list", name="Events")
    latest = "(list) => list.scrollHeight - list.scrollTop - list.clientHeight < 2"
    try:
        page.goto(url)
        marker = page.locator(".bpb-player-row[aria-current=true] .bpb-player-name")
        expect(marker).to_have_text("Monolith")
        expect(page.locator(".bpb-player-round")).to_contain_text("Round 2")
        for then in ("2 Ganyeka", f"2 {HENCHMEN}", "3 Blueshift"):
            end_turn(s, then)
        expect(marker).to_have_text("Blueshift")
        # the GM scrolls the log up, then loads the saved fight without saving this one
        events.hover()
        s.notebook.page.mouse.wheel(0, -5000)
        s.notebook.page.wait_for_function(
            "(list) => list.scrollTop === 0", arg=events.element_handle()
        )
        s.click(s.files, "Load")
        s.click(s.files.get_by_role("alertdialog"), f"Load {name}-players.fight.json anyway")
        s.until(f"({ENC}.round, {ENC}.current)", "(2, 'Monolith')")
        expect(events.get_by_role("listitem").last).to_contain_text("Monolith's turn")
        s.notebook.page.wait_for_function(latest, arg=events.element_handle(), timeout=5000)
        expect(marker).to_have_text("Monolith")
        expect(page.locator(".bpb-player-round")).to_contain_text("Round 2")
        new_fight(s, "bpb2e")
        expect(page.locator(".bpb-player-row")).to_have_count(0)
        s.files.get_by_role("combobox", name="File name").fill(f"{name}-players")
        s.click(s.files, "Load")
        s.until(f"({ENC}.round, {ENC}.current)", "(2, 'Monolith')")
        end_turn(s, "2 Ganyeka")
        expect(marker).to_have_text("Ganyeka")
    finally:
        page.close()
    s.click(s.files, "Close player page")
    expect(s.files.get_by_role("button", name="Open player page")).to_be_visible()
