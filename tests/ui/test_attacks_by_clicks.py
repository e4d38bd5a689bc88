"""Attacks on a sheet by clicks (issue 32, "Attacks in the New combatant form (name, rank, kind,
hand-to-hand)"): after one cell ``GMScreen()``, the GM gives a newcomer an attack in the New
combatant form (an explosion without its radius refused next to the attacks, adding nobody),
corrects it, and makes that attack from the attack panel. JupyterLab (light) and Notebook 7
(dark), 800 px wide; every step found by its role and accessible name, and checked in the kernel
and on the page."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gm_screen import Screen, screens_from_one_cell
from lab import DARK, LIGHT, LabServer
from playwright.sync_api import Browser, expect

ENC = "screen.encounter"


@pytest.fixture(
    scope="module",
    params=[("lab", LIGHT), ("notebook", DARK)],
    ids=["jupyterlab-light", "notebook7-dark"],
)
def screen(
    request: pytest.FixtureRequest, lab_server: LabServer, browser: Browser
) -> Iterator[Screen]:
    yield from screens_from_one_cell(lab_server, browser, "attacks", *request.param)


def test_an_attack_added_in_the_new_combatant_form_is_made_from_the_attack_panel(
    screen: Screen,
) -> None:
    """Seed 004, "Attack": a power or weapon's rank, kind and whether it is hand-to-hand; the
    skill it uses (seed 004, "Extreme Success": "expertise in the power or skill")."""
    s = screen
    form = s.roster.get_by_role("form", name="New combatant")
    s.roster.get_by_text("New combatant…").click()
    form.get_by_role("textbox", name="Name", exact=True).fill("Monolith")
    form.get_by_label("Perception", exact=True).fill("6")
    attacks = form.get_by_role("group", name="Attacks")
    s.click(attacks, "Add an attack")
    row = attacks.locator(".bpb-attack-row").last
    row.get_by_role("textbox", name="Attack name").fill("Shoulder charge")
    row.get_by_role("spinbutton", name="Attack rank").fill("8")
    row.get_by_role("combobox", name="Attack kind").select_option("exploding")  # no radius
    row.get_by_role("textbox", name="Attack skill").fill("tackling")
    row.get_by_role("checkbox", name="hand-to-hand").check()
    s.click(form, "Add combatant")
    expect(attacks).to_have_attribute("aria-invalid", "true")
    expect(form.locator(".bpb-invalid + .bpb-field-error")).to_contain_text("radius")
    assert s.kernel(f"len({ENC}.names)") == "0"
    row.get_by_role("combobox", name="Attack kind").select_option("normal")
    s.click(form, "Add combatant")
    expect(s.card("Monolith")).to_be_visible()
    charge = f"{ENC}.combatant('Monolith').power('Shoulder charge')"
    s.until(f"({charge}.rank, {charge}.hand_to_hand, {charge}.skill)", "(8, True, 'tackling')")
    # Ganyeka, with no attack (the row left blank is left out)
    form.get_by_role("textbox", name="Name", exact=True).fill("Ganyeka")
    form.get_by_label("Side", exact=True).fill("villains")
    form.get_by_label("Perception", exact=True).fill("3")
    for name in form.get_by_role("textbox", name="Attack name").all():
        name.fill("")
    s.click(form, "Add combatant")
    expect(s.card("Ganyeka")).to_be_visible()
    s.until(f"{ENC}.combatant('Ganyeka').attacks", "()")
    s.click(s.strip, "Start")
    s.until(f"{ENC}.current", "Monolith")
    s.attack_with("Ganyeka", "Shoulder charge", "6 5")
    s.until(f"{ENC}.pending_attack is not None", "True")
    expect(s.log).to_contain_text("Shoulder charge")
