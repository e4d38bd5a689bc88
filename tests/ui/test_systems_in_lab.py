"""The blackout and d10-ap GM screens in a real JupyterLab: steps and AP pips on the chips, the
systems' rolls with their odds, a blackout attack, damage and Vitality test by clicks, and clicks
that reach the kernel."""

from __future__ import annotations

from lab import DARK, LIGHT, LabServer, Notebook, open_notebook
from playwright.sync_api import Browser, Locator, expect

BLACKOUT = """
from bpb_widgets import Encounter
from bpb_widgets.widgets import GMScreen
bo = Encounter(rules="blackout", seed=7)
bo.add("Kara"); bo.add("Vex"); bo.add("Mech", pc=False, step=9, ap=4)
bo.roll_initiative("Kara", dice=2, rolled=(1, 2))
GMScreen(bo)
"""

D10 = """
from bpb_widgets import Encounter
from bpb_widgets.widgets import GMScreen
dt = Encounter(rules="d10-ap", seed=7)
dt.add("Evan", agb=3, awarb=4); dt.add("Orc", agb=2, awarb=2, traits={"paranoid"})
dt.set_order(["Evan", "Orc"])
dt.surprise_check("Evan", roll=6)
dt.roll_initiative("Evan", roll=9); dt.roll_initiative("Orc", roll=1)
GMScreen(dt)
"""


def chip(output: Locator, name: str) -> Locator:
    return output.locator(f'.bpb-chip[data-name="{name}"]')


def test_blackout_gm_screen_shows_steps_and_pips_and_rolls_initiative(notebook: Notebook) -> None:
    out = notebook.run_cell(BLACKOUT)
    expect(out.locator(".bpb")).to_have_count(7)  # and Players
    expect(out).not_to_contain_text("Error displaying widget")
    expect(chip(out, "Kara")).to_contain_text("step 3")
    expect(chip(out, "Mech").locator(".bpb-pip.bpb-filled")).to_have_count(4)
    expect(out.locator(".bpb-dice .bpb-chart rect")).to_have_count(16)
    out.get_by_role("button", name="2 dice").click()
    expect(out.locator(".bpb-dice .bpb-chart rect")).to_have_count(11)
    expect(out.locator(".bpb-dice .bpb-odds-text")).to_contain_text("acts before every enemy")
    out.locator(".bpb-dice").get_by_label("Who rolls").select_option("Vex")
    out.locator(".bpb-dice").get_by_label("Physical dice", exact=True).fill("5 6")
    out.get_by_role("button", name="Roll initiative").last.click()
    assert notebook.wait_kernel("print(bo.turn_state('Vex').initiative)", "11") == "11"
    expect(out.locator(".bpb-dice .bpb-result")).to_contain_text("5 + 6 = step 11")
    expect(chip(out, "Vex")).to_contain_text("step 11")
    out.get_by_role("button", name="Start").click()
    expect(chip(out, "Kara")).to_have_attribute("aria-current", "true")
    expect(chip(out, "Kara").locator(".bpb-pip")).to_have_count(2)
    expect(out.get_by_label("Step to delay to")).to_have_value("4")
    notebook.screenshot(out, "blackout-gm-screen")
    out.get_by_label("Step to delay to").fill("10")
    out.get_by_role("button", name="Delay to step…").click()
    assert notebook.wait_kernel("print(bo.current)", "Mech") == "Mech"
    expect(chip(out, "Kara")).to_contain_text("delayed to step 10")
    out.get_by_role("button", name="3 dice").focus()
    notebook.page.keyboard.press("1")
    expect(out.get_by_role("button", name="1 die")).to_have_attribute("aria-pressed", "true")
    expect(out.locator(".bpb-dice .bpb-chart rect")).to_have_count(6)
    notebook.set_theme(DARK)
    try:
        notebook.screenshot(out, "blackout-gm-screen-dark")
    finally:
        notebook.set_theme(LIGHT)


def test_d10_gm_screen_shows_surprise_odds_and_rolls_ap(notebook: Notebook) -> None:
    out = notebook.run_cell(D10)
    expect(out.locator(".bpb")).to_have_count(6)  # and Players
    expect(out).not_to_contain_text("Error displaying widget")
    expect(chip(out, "Evan")).to_contain_text("initiative 12")
    odds = "Evan: a d10 over AwarB 4 surprises (a 10 always does) · surprised 3/5 (60%)"
    expect(out.locator(".bpb-dice")).to_contain_text(odds)
    expect(out.get_by_role("button", name="Roll AP").last).to_be_disabled()
    out.get_by_role("button", name="Start").click()
    expect(chip(out, "Evan")).to_have_attribute("aria-current", "true")
    expect(out.locator(".bpb-dice")).to_contain_text("3 d10, each 5+ is 1 AP, + 1 − 2 (surprise)")
    out.get_by_label("Physical AP dice").fill("4 7 8")
    out.locator(".bpb-dice").get_by_role("button", name="Roll AP").click()
    assert notebook.wait_kernel("print(dt.ap('Evan'))", "1") == "1"
    expect(chip(out, "Evan").locator(".bpb-pip.bpb-filled")).to_have_count(1)
    expect(out.locator(".bpb-strip").get_by_role("button", name="Roll AP")).to_be_disabled()
    expect(out.locator(".bpb-dice .bpb-result")).to_contain_text("= 1 AP")
    notebook.screenshot(out, "d10-gm-screen")
    out.locator(".bpb-strip").get_by_role("button", name="Spend AP").click()
    assert notebook.wait_kernel("print(dt.current)", "Orc") == "Orc"
    expect(chip(out, "Orc")).to_have_attribute("aria-current", "true")


BLACKOUT_FIGHT = """
from bpb_widgets import Encounter
from bpb_widgets.widgets import GMScreen
bf = Encounter(rules="blackout", seed=7)
bf.add("Kara", side="crew", hp=12)
bf.add("Mech", side="enemies", pc=False, step=9, ap=4, hp=10, armor=5, evasion=1)
bf.roll_initiative("Kara", dice=2, rolled=(1, 2))
GMScreen(bf)
"""


def test_blackout_attack_damage_and_vitality_by_clicks(notebook: Notebook) -> None:
    """Seed 002: an attack test against passive evasion 2, a damage test of 4 successes (20
    points against armor 5: 15 direct damage), the Mech out of the fight at -5 HP; at the start
    of its turn it must test Endurance [Vitality] before the turn can end."""
    out = notebook.run_cell(BLACKOUT_FIGHT)
    combat = out.get_by_role("region", name="Actions and tests")
    hp = out.get_by_role("meter", name="Mech HP")
    expect(hp).to_have_attribute("aria-valuenow", "10")
    out.get_by_role("button", name="Start").click()
    attack = combat.get_by_role("region", name="Attack test")
    expect(attack.get_by_role("combobox", name="Target")).to_have_value("Mech")
    expect(attack).to_contain_text("vs passive evasion 2")
    attack.get_by_role("spinbutton", name="Attack test: successes counted").fill("3")
    attack.get_by_role("button", name="Attack", exact=True).click()
    assert notebook.wait_kernel("print(bf.pending_hit.target)", "Mech") == "Mech"
    damage = combat.get_by_role("region", name="Damage test")
    expect(damage).to_contain_text("is out of the fight:")
    damage.get_by_role("spinbutton", name="Damage test: successes counted").fill("4")
    damage.get_by_role("button", name="Roll damage").click()
    assert notebook.wait_kernel("print(bf.hit_points('Mech'))", "(-5, 0)") == "(-5, 0)"
    expect(hp).to_have_attribute("aria-valuenow", "-5")
    expect(out.get_by_role("listitem", name="Mech", exact=True)).to_contain_text("out of the fight")
    out.get_by_role("button", name="End turn").click()
    assert notebook.wait_kernel("print(bf.current)", "Mech") == "Mech"
    vitality = combat.get_by_role("region", name="Endurance [Vitality] test")
    expect(vitality).to_contain_text("Mech is out of the fight")
    out.get_by_role("button", name="End turn").click()
    expect(out.locator(".bpb-strip").get_by_role("alert")).to_contain_text("Vitality")
    vitality.get_by_role("spinbutton", name="Vitality test: successes counted").fill("3")
    vitality.get_by_role("button", name="Test Vitality").click()
    assert notebook.wait_kernel("print(bf.vitality_due)", "None") == "None"
    expect(out.get_by_role("listitem", name="Mech", exact=True)).to_contain_text("stabilised")
    notebook.screenshot(out, "blackout-fight")


def test_blackout_in_table_mode_holds_the_actions_on_the_acting_card(
    lab_server: LabServer, browser: Browser
) -> None:
    """At 800 px (table mode), blackout's Actions and tests sit on the card of whoever acts
    and move on with the turn."""
    book = open_notebook(lab_server, browser, "blackout-table.ipynb", width=800)
    try:
        out = book.run_cell(
            BLACKOUT.replace("GMScreen(bo)", "bo.roll_order(); bo.start()\nGMScreen(bo)"),
            wait_for=".bpb-chip",
        )
        roster = out.get_by_role("region", name="Combatants")
        first = book.kernel("print(bo.current)").strip()

        def actions_on(name: str) -> Locator:
            card = roster.get_by_role("listitem", name=name, exact=True)
            return card.get_by_role("region", name="Actions and tests")

        expect(actions_on(first)).to_be_visible()
        turns = int(book.kernel("print(bo.turns)"))
        out.get_by_role("button", name="End turn").click()
        assert book.wait_kernel("print(bo.turns)", str(turns + 1)) == str(turns + 1)
        following = book.kernel("print(bo.current)").strip()
        assert following != first
        expect(actions_on(following)).to_be_visible()
        expect(actions_on(first)).to_have_count(0)
        book.screenshot(out, "blackout-table-800")
    finally:
        book.page.close()
