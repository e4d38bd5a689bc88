"""A whole fight by clicks (issue 13): after ``GMScreen(enc)``, seed 000's Blueshift, Ganyeka,
Monolith and the henchmen fight from round 1 until the villains are out of the fight, with
attacks, an extreme success and its effect, a block, a dodge, damage, a condition that ends on
time, an add, a save and a load, undo back to an entry and redo all: in JupyterLab and in
Notebook 7, light and dark, in an 800 px window. Every step is a click or a key typed into a box,
found by its role and accessible name; each is checked in the kernel and on the page."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from gm_screen import Screen, open_screen
from lab import DARK, DOCS, LIGHT, LabServer
from playwright.sync_api import Browser, expect

CAST = Path(__file__).resolve().parents[2] / "bpb_widgets" / "bpb" / "data" / "characters.json"
HENCHMEN = "Ganyeka's henchmen"
SETUP = f"""
from bpb_widgets import Encounter, GMScreen
enc = Encounter(seed=7)
enc.add_party(enc.sheets_from_json(open({str(CAST)!r}).read()))
enc.set_order(["Blueshift", "Ganyeka", "Monolith", {HENCHMEN!r}])
screen = GMScreen(enc)
screen
"""


@pytest.fixture(
    params=[("lab", LIGHT), ("notebook", DARK)], ids=["jupyterlab-light", "notebook7-dark"]
)
def screen(
    request: pytest.FixtureRequest, lab_server: LabServer, browser: Browser
) -> Iterator[Screen]:
    app, theme = request.param
    screen = open_screen(lab_server, browser, f"fight-{app}.ipynb", app, theme, SETUP)
    yield screen
    screen.notebook.page.close()


def test_a_whole_fight_by_clicks(screen: Screen) -> None:
    s, enc = screen, "screen.encounter"
    expect(s.out).not_to_contain_text("Error displaying widget")
    name = s.notebook.page.url.split("/")[-1].split("?")[0].replace(".ipynb", "")

    # round 1 -- Blueshift: a stunning Sonic punch, an extreme success, staggering; the
    # henchmen take the hit and are out of the fight
    s.click(s.strip, "Start")
    s.until(f"{enc}.current", "Blueshift")
    expect(s.card("Blueshift")).to_contain_text("acting")
    expect(s.meter(HENCHMEN)).to_have_attribute("aria-valuenow", "3")
    s.attack_with(HENCHMEN, "Sonic punch", "6 6")
    s.until(f"{enc}.pending_attack.roll.extreme", "True")
    s.click(s.attack, "Stagger")
    s.until(f"{enc}.pending_attack.effect", "staggering")
    s.answer("Take the hit")
    expect(s.answers).to_be_hidden()
    s.until(f"{enc}.turn_state({HENCHMEN!r}).out", "True")
    expect(s.meter(HENCHMEN)).to_have_attribute("aria-valuenow", "0")
    expect(s.meter(HENCHMEN)).to_have_attribute("aria-valuemax", "3")
    expect(s.card(HENCHMEN)).to_contain_text("out of the fight")
    expect(
        s.strip.get_by_role("listitem", name=f"{HENCHMEN}, skipped: out of the fight")
    ).to_be_visible()
    expect(s.attack.get_by_role("list", name="What happened")).to_contain_text("staggering")
    s.notebook.screenshot(s.out, f"{name}-extreme-success")
    if os.environ.get("BPB_DOCS_SCREENSHOT"):  # make screenshot: the README's pictures
        s.notebook.screenshot(s.out, f"gm-screen-{name}", DOCS)

    # Ganyeka shoots Monolith, who blocks (his turn this round goes to it)
    s.click(s.strip, "End turn")
    s.until(f"{enc}.current", "Ganyeka")
    expect(s.attack.get_by_role("list", name="What happened")).to_be_hidden()  # stale: gone
    # a die mistyped: refused, nothing happens, and the dice stay in the box to correct
    dice = s.attack.get_by_role("textbox", name="Physical dice")
    s.attack_with("Monolith", "Sinister weapon", "4 7")
    expect(s.attack.get_by_role("alert")).to_contain_text("7 is not a die face")
    expect(dice).to_have_value("4 7")
    s.until(f"({enc}.pending_hits, {enc}.current)", "((), 'Ganyeka')")
    s.attack_with("Monolith", "Sinister weapon", "4 4")
    expect(s.answers).to_contain_text("uses Monolith's turn in round 1")
    expect(dice).to_have_value("")  # used: the answer's roll does not reuse them
    s.notebook.screenshot(s.attack, f"{name}-answers")
    s.answer("Block", "5 4")
    s.until(f"{enc}.log[-1].kind", "avoided")
    expect(dice).to_have_value("")
    expect(s.meter("Monolith")).to_have_attribute("aria-valuenow", "8")

    # round 2 -- Blueshift: the GM puts Ganyeka under "stunned" until the end of Monolith's
    # next turn, from Ganyeka's card
    s.click(s.strip, "End turn")
    s.until(f"({enc}.round, {enc}.current)", "(2, 'Blueshift')")
    card = s.card("Ganyeka")
    card.get_by_text("Sheet and actions").click()
    card.get_by_role("textbox", name="Condition on Ganyeka").fill("stunned")
    card.get_by_role("combobox", name="Ends").select_option("end")
    card.get_by_role("combobox", name="Whose turn").select_option("Monolith")
    s.click(card, "Add condition")
    expect(card.get_by_role("list", name="Conditions on Ganyeka")).to_contain_text(
        "until the end of Monolith's next turn"
    )
    s.click(s.strip, "End turn")

    # Ganyeka shoots Blueshift, who dodges (forcing her next turn); Ganyeka's own turn ends and
    # the condition stays: it ends on Monolith's turn, not on the bearer's
    # (by the keyboard: the button that hides with the hit or the answer passes the focus on to
    # what the panel asks for now, never to the page)
    s.until(f"{enc}.current", "Ganyeka")
    s.attack_with("Blueshift", "Sinister weapon", "6 5", press=True)
    block = s.answers.get_by_role("button", name="Block", exact=True)
    expect(block).to_be_focused()
    expect(block).to_have_css("outline-offset", "2px")  # the ring shows outside the blue button
    s.answer("Dodge", "3 3", press=True)
    s.until(f"{enc}.log[-1].kind", "avoided")
    expect(s.answers).to_be_hidden()
    expect(s.attack.get_by_role("button", name="Attack", exact=True)).to_be_focused()
    s.click(s.strip, "End turn")
    s.until(f"{enc}.current", "Monolith")
    expect(card.get_by_role("list", name="Conditions on Ganyeka")).to_contain_text("stunned")

    # Monolith's Haymaker: 7 damage through protection 2, Ganyeka is out; at the end of
    # Monolith's turn "stunned" ends
    s.attack_with("Ganyeka", "Haymaker", "5 4")
    expect(s.answers).to_contain_text("Endurance 5 → 0")
    s.answer("Take the hit")
    s.until(f"{enc}.turn_state('Ganyeka').out", "True")
    expect(s.meter("Ganyeka")).to_have_attribute("aria-valuenow", "0")
    s.click(s.strip, "End turn")
    s.until(f"({enc}.round, {enc}.current)", "(3, 'Monolith')")
    assert s.kernel(f"{enc}.conditions('Ganyeka')") == "()"
    expect(card.get_by_role("list", name="Conditions on Ganyeka")).to_have_count(0)
    standing = f"[n for n in {enc}.names if not {enc}.turn_state(n).out]"
    assert s.kernel(standing) == "['Blueshift', 'Monolith']"  # the villains are all out
    s.notebook.screenshot(s.out, f"{name}-villains-out")

    # a newcomer joins from the form
    s.roster.get_by_text("New combatant…").click()
    form = s.roster.get_by_role("form", name="New combatant")
    form.get_by_role("textbox", name="Name").fill("Ganyeka")
    s.click(form, "Add combatant")
    expect(form.get_by_role("alert")).to_contain_text("already a combatant called Ganyeka")
    form.get_by_role("textbox", name="Name").fill("Lieutenant Vey")
    form.get_by_role("textbox", name="Side").fill("villains")
    form.get_by_role("spinbutton", name="Prowess").fill("4")
    s.click(form, "Add combatant")
    expect(s.card("Lieutenant Vey")).to_be_visible()
    s.until(f"{enc}.combatant('Lieutenant Vey').rank('prowess')", "4")

    # saved, then undone back to Monolith's attack (after a preview) and redone
    s.files.get_by_role("combobox", name="File name").fill(f"{name}-fight")
    s.click(s.files, "Save")
    expect(s.files).to_contain_text(f"Saved as {name}-fight.fight.json")
    length = s.kernel(f"len({enc}.log)")
    s.show_tucked()  # the log's earlier entries: in table mode, behind their button
    s.log.get_by_role("button", name="Monolith attacks Ganyeka with Haymaker").click()
    dialog = s.log.get_by_role("alertdialog")
    expect(dialog).to_contain_text("This takes back")
    dialog.get_by_role("button", name=re.compile(r"^Undo 4 commands$")).click()
    s.until(f"{enc}.turn_state('Ganyeka').out", "False")
    expect(s.meter("Ganyeka")).to_have_attribute("aria-valuenow", "5")
    s.click(s.log, "Redo all (4)")
    s.until(f"len({enc}.log)", length)
    expect(s.meter("Ganyeka")).to_have_attribute("aria-valuenow", "0")

    # New fight: the screen asks first (the undo and redo came after the save), then Load
    # brings the saved fight back under the same screen
    s.click(s.files, "New fight")
    s.click(s.files.get_by_role("form", name="New fight"), "Start the new fight")
    s.click(s.files.get_by_role("alertdialog"), "Start a new fight anyway")
    s.until(f"len({enc}.names)", "0")
    expect(s.roster).to_contain_text("No combatants yet")
    s.files.get_by_role("combobox", name="File name").fill(f"{name}-fight")
    s.click(s.files, "Load")
    s.until(f"({enc}.round, {enc}.current, len({enc}.names))", "(3, 'Monolith', 5)")
    expect(s.meter("Ganyeka")).to_have_attribute("aria-valuenow", "0")
    expect(s.card("Lieutenant Vey")).to_be_visible()
    expect(s.strip.get_by_role("listitem", name="Monolith")).to_have_attribute(
        "aria-current", "true"
    )
    s.notebook.screenshot(s.out, f"{name}-loaded")
