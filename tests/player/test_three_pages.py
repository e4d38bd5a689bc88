"""Issue 37's Done-when, in the browser: the GM screen in JupyterLab and two player phones at
360 px (touch, one light, one dark). A round of the seed fight where each player takes their own
turn from the phone (Attack, then End turn) and answers their own hit there, the GM confirming
Blueshift's answer ("Confirm players' answers" on) and letting Monolith's apply at once (off);
the villains' attacks and answers are the GM's clicks. The engine's transcript (its log less the
"from X's phone" lines) is the same round played by the GM alone, with the same seed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from bpb_widgets import Encounter
from tests.ui.axe_check import assert_no_violations
from tests.ui.lab import LIGHT, OUTPUT, LabServer, Notebook, open_notebook

pytestmark = pytest.mark.ui

CAST = Path(__file__).resolve().parents[2] / "bpb_widgets" / "bpb" / "data" / "characters.json"
HENCHMEN = "Ganyeka's henchmen"
ORDER = ["Blueshift", "Ganyeka", "Monolith", HENCHMEN]
SETUP = f"""
from bpb_widgets import Encounter, GMScreen
enc = Encounter(seed=7)
enc.add_party(enc.sheets_from_json(open({str(CAST)!r}).read()))
enc.set_order({ORDER!r})
screen = GMScreen(enc)
screen
"""


def the_round_by_the_gm_alone() -> list[str]:
    """The same round, every decision the GM's (the calls the GM screen's buttons make)."""
    enc = Encounter(seed=7)
    enc.add_party(enc.sheets_from_json(CAST.read_text()))
    enc.set_order(ORDER)
    enc.start()
    enc.attack("Blueshift", "Ganyeka", power="Sweep attack", dice=[3, 4])
    enc.take_hit("Ganyeka")
    enc.end_turn()
    enc.attack("Ganyeka", "Blueshift", power="Sinister weapon", dice=[6, 5])
    enc.dodge("Blueshift", dice=[6, 6])
    enc.end_turn()
    enc.attack("Monolith", "Ganyeka", power="Haymaker", dice=[1, 2])
    enc.end_turn()
    enc.attack(HENCHMEN, "Monolith", power="Pistols", dice=[6, 6])
    enc.block("Monolith", dice=[5, 5])
    enc.end_turn()
    return [event.text for event in enc.log]


def phone_of(browser: Browser, url: str, scheme: str) -> tuple[BrowserContext, Page]:
    context = browser.new_context(
        viewport={"width": 360, "height": 800},
        has_touch=True,
        is_mobile=True,
        color_scheme=scheme,  # type: ignore[arg-type]
        bypass_csp=True,  # axe comes in as a <script> of the test's; the page runs only its own
    )
    page = context.new_page()
    page.goto(url)
    return context, page


def checked(page: Page, name: str) -> None:
    """The phone's page fits 360 px, axe finds nothing on it, and its screenshot is kept."""
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    assert_no_violations(page, page.locator("#bpb-player"), name)
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"{name}.png"), full_page=True, animations="disabled")


def attack_from(phone: Page, power: str, target: str, dice: str) -> None:
    """The player's attack: chosen, the dice typed, Attack tapped."""
    phone.get_by_role("combobox", name="Attack").select_option(power)
    phone.get_by_role("combobox", name="Target").select_option(target)
    expect(phone.locator(".bpb-phone-attack")).to_contain_text("of 36")
    phone.get_by_role("textbox", name="Dice").fill(dice)
    phone.get_by_role("button", name="Attack", exact=True).tap()


def answer_from(phone: Page, how: str, dice: str) -> None:
    expect(phone.get_by_role("region", name="You are hit")).to_be_visible()
    phone.get_by_role("textbox", name="Dice").fill(dice)
    phone.get_by_role("button", name=how, exact=True).tap()


def gm_attack(attack: Locator, target: str, power: str, dice: str) -> None:
    attack.get_by_role("combobox", name="Target").select_option(target)
    attack.get_by_role("combobox", name="Attack", exact=True).select_option(power)
    attack.get_by_role("textbox", name="Physical dice").fill(dice)
    attack.get_by_role("button", name="Attack", exact=True).click()


def test_a_round_with_two_phones_matches_the_gm_alone(
    lab_server: LabServer, browser: Browser
) -> None:
    book: Notebook = open_notebook(lab_server, browser, "three-pages.ipynb", width=1400)
    book.set_theme(LIGHT)
    out = book.run_cell(SETUP)
    for tucked in out.locator(".bpb-disclose.bpb-tuck").all():
        if tucked.is_visible() and tucked.get_attribute("aria-expanded") == "false":
            tucked.click()
    strip = out.get_by_role("region", name="Order of play")
    attack = out.get_by_role("region", name="Attack", exact=True)
    players = out.get_by_role("region", name="Players")
    strip.get_by_role("button", name="Start", exact=True).click()
    assert book.wait_kernel("print(enc.current)", "Blueshift") == "Blueshift"

    # the GM gives each player their link (the QR code a phone would scan)
    urls = {}
    for name in ("Blueshift", "Monolith"):
        row = players.locator(".bpb-players-row").filter(has_text=name)
        row.get_by_role("button", name="New link").click()
        expect(row.get_by_role("img", name=f"QR code of {name}'s link")).to_be_visible()
        urls[name] = row.get_by_role("link").get_attribute("href")
    blueshift_context, blueshift = phone_of(browser, urls["Blueshift"], "light")
    monolith_context, monolith = phone_of(browser, urls["Monolith"], "dark")
    try:
        expect(blueshift.locator(".bpb-phone-name")).to_have_text("Blueshift")
        expect(monolith.locator(".bpb-phone-name")).to_have_text("Monolith")
        players.get_by_role("checkbox", name="Confirm players' answers").check()
        assert book.wait_kernel("print(screen.player_page.server.confirm)", "True") == "True"

        # Blueshift's turn, from the phone: Sweep attack at Ganyeka, the GM's Ganyeka takes it
        expect(blueshift.get_by_role("button", name="End turn")).to_be_visible()
        checked(blueshift, "phone-attack-light")
        attack_from(blueshift, "Sweep attack", "Ganyeka", "3 4")
        assert book.wait_kernel("print(enc.pending_attack.target)", "Ganyeka") == "Ganyeka"
        expect(out).to_contain_text("Sent from Blueshift's phone:")
        attack.get_by_role("region", name="The hit waiting for an answer").get_by_role(
            "button", name="Take the hit", exact=True
        ).click()
        assert book.wait_kernel("print(enc.pending_attack)", "None") == "None"
        blueshift.get_by_role("button", name="End turn").tap()
        assert book.wait_kernel("print(enc.current)", "Ganyeka") == "Ganyeka"

        # Ganyeka's turn: the GM's attack hits Blueshift, who dodges from the phone; it waits
        # for the GM's Confirm
        gm_attack(attack, "Blueshift", "Sinister weapon", "6 5")
        answer_from(blueshift, "Dodge", "6 6")
        expect(blueshift.locator(".bpb-phone-held")).to_contain_text("Waiting for the GM")
        held = players.get_by_role("group", name="Blueshift's answer")
        expect(held).to_contain_text("Blueshift answers from their phone: Dodge, dice 6 6")
        checked(blueshift, "phone-held-light")
        book.screenshot(players, "three-pages-gm-confirm")
        assert book.kernel("print(enc.pending_attack.target)").strip() == "Blueshift"
        # in table mode the answer waits on Blueshift's card, under the hit's answers
        table = out.get_by_role("button", name="Table mode")
        table.click()
        expect(table).to_have_attribute("aria-pressed", "true")
        card = out.get_by_role("region", name="Combatants").get_by_role(
            "listitem", name="Blueshift", exact=True
        )
        on_card = card.get_by_role("group", name="Blueshift's answer")
        expect(on_card).to_be_visible()
        expect(card.get_by_role("region", name="The hit waiting for an answer")).to_be_visible()
        expect(card.get_by_role("img", name="QR code of Blueshift's link")).to_be_hidden()
        book.screenshot(card, "three-pages-gm-confirm-table")
        on_card.get_by_role("button", name="Confirm").click()
        assert book.wait_kernel("print(enc.pending_attack)", "None") == "None"
        expect(held).to_have_count(0)
        table.click()
        expect(table).to_have_attribute("aria-pressed", "false")
        expect(blueshift.get_by_role("region", name="You are hit")).to_have_count(0)
        strip.get_by_role("button", name="End turn", exact=True).click()
        assert book.wait_kernel("print(enc.current)", "Monolith") == "Monolith"

        # Monolith's turn, from the (dark) phone: Haymaker at Ganyeka misses; End turn
        players.get_by_role("checkbox", name="Confirm players' answers").uncheck()
        assert book.wait_kernel("print(screen.player_page.server.confirm)", "False") == "False"
        expect(monolith.get_by_role("button", name="Delay")).to_be_visible()
        checked(monolith, "phone-attack-dark")
        attack_from(monolith, "Haymaker", "Ganyeka", "1 2")
        expect(out).to_contain_text("miss (Attack)")
        monolith.get_by_role("button", name="End turn").tap()
        assert book.wait_kernel("print(enc.current)", HENCHMEN) == HENCHMEN

        # the henchmen's turn: the GM's Pistols hit Monolith, who blocks (applied at once)
        gm_attack(attack, "Monolith", "Pistols", "6 6")
        answer_from(monolith, "Block", "5 5")
        assert book.wait_kernel("print(enc.pending_attack)", "None") == "None"
        expect(out).to_contain_text("Answered from Monolith's phone:")
        strip.get_by_role("button", name="End turn", exact=True).click()
        assert book.wait_kernel("print(enc.round)", "2") == "2"
        book.screenshot(out, "three-pages-gm")

        played = json.loads(
            book.kernel("import json; print(json.dumps([e.text for e in enc.log]))")
        )
        assert [t for t in played if not t.endswith("phone:")] == the_round_by_the_gm_alone()
        assert [t for t in played if t.endswith("phone:")] == [
            "Sent from Blueshift's phone:",
            "Sent from Blueshift's phone:",
            "Answered from Blueshift's phone:",
            "Sent from Monolith's phone:",
            "Sent from Monolith's phone:",
            "Answered from Monolith's phone:",
        ]
        for phone in (blueshift, monolith):
            assert phone.evaluate("() => window.__bpb_xss") is None
    finally:
        blueshift_context.close()
        monolith_context.close()
        book.kernel("screen.close()")
        book.page.close()
