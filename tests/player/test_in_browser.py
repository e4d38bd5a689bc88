"""The player view in Chromium: the page a TV shows (served from the JupyterLab kernel, from
Notebook 7, and from this process), updating after ``end_turn``, reconnecting, refusing a wrong
token, showing names with HTML as text; and the widget in a second JupyterLab panel."""

from __future__ import annotations

import base64
import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from bpb_widgets import Encounter
from bpb_widgets.player import PlayerServer
from tests.ui.lab import DOCS, OUTPUT, LabServer, Notebook, open_notebook

pytestmark = pytest.mark.ui

XSS = '<img src=x onerror="window.__bpb_xss = 1">'
FIGHT = """
from bpb_widgets import Encounter
from bpb_widgets.widgets import GMScreen, PlayerView
def fight():
    enc = Encounter(seed=7)
    enc.add("Blueshift", perception=4, agility=5, prowess=4, expertise={"dodge"}, player=True,
            side="heroes")
    enc.add("Shade", perception=4, endurance=6, side="villains", hidden=True)
    enc.add("Ganyeka", perception=3, prowess=5, brawn=6, side="villains")
    enc.add("Monolith", prowess=6, brawn=8, expertise={"block"}, side="villains")
    enc.set_order(["Blueshift", "Shade", "Ganyeka", "Monolith"])
    enc.start()
    return enc
"""


def row(page: Page, name: str):  # type: ignore[no-untyped-def]
    return page.locator(".bpb-player-row").filter(has_text=name)


def current(page: Page):  # type: ignore[no-untyped-def]
    return page.locator(".bpb-player-row[aria-current=true] .bpb-player-name")


@pytest.fixture
def local() -> Iterator[tuple[Encounter, PlayerServer]]:
    enc = Encounter(seed=1)
    enc.add(XSS, perception=5, player=True, side="heroes")
    enc.add("Ganyeka", perception=3, side="villains")
    enc.add("Shade", perception=4, side="villains", hidden=True)
    enc.set_order([XSS, "Shade", "Ganyeka"])
    enc.start()
    server = PlayerServer(enc)
    yield enc, server
    server.stop()


def test_the_page_shows_names_with_html_as_text_and_reconnects(
    browser: Browser, local: tuple[Encounter, PlayerServer]
) -> None:
    enc, server = local
    page = browser.new_page(viewport={"width": 900, "height": 700})
    page.goto(server.url)
    expect(current(page)).to_have_text(XSS)
    assert page.evaluate("() => window.__bpb_xss") is None
    expect(page.locator(".bpb-player-row img")).to_have_count(0)
    expect(page.locator(".bpb-player-page")).not_to_contain_text("Shade")
    # the connection drops (the server closes it): the page reconnects and catches up
    server._loop.add_callback(  # type: ignore[union-attr]
        lambda: [c.request.connection.stream.close() for c in list(server.clients)]
    )
    expect(page.locator("#bpb-player")).to_have_attribute("data-connected", "false")
    enc.end_turn()
    enc.end_turn()
    expect(page.locator("#bpb-player")).to_have_attribute("data-connected", "true")
    expect(current(page)).to_have_text("Ganyeka")
    expect(row(page, XSS)).to_contain_text("acted")
    enc.end_turn()  # round 2: the marker back on the first
    expect(page.locator(".bpb-player-round")).to_contain_text("Round 2")
    page.close()


def test_a_wrong_token_is_refused_in_the_browser(
    browser: Browser, local: tuple[Encounter, PlayerServer]
) -> None:
    _, server = local
    page = browser.new_page()
    response = page.goto(server.url.replace("token=", "token=not"))
    assert response is not None and response.status == 403
    expect(page.locator("body")).not_to_contain_text("Ganyeka")
    page.close()


def page_from(book: Notebook, browser: Browser, var: str) -> Page:
    """Serve ``var`` from the notebook's kernel; the page at the URL it printed."""
    printed = book.kernel(f"{var}.serve()").strip()
    assert printed.startswith("Player view: http://127.0.0.1:"), printed
    page = browser.new_page(viewport={"width": 900, "height": 700})
    page.goto(printed.removeprefix("Player view: "))
    return page


def test_the_page_served_from_the_lab_kernel_follows_end_turn(
    lab_book: Notebook, browser: Browser
) -> None:
    book = lab_book
    book.kernel(FIGHT + "\nenc = fight()\nplayers = PlayerView(enc)")
    page = page_from(book, browser, "players")
    expect(current(page)).to_have_text("Blueshift")
    expect(page.locator(".bpb-player-page")).not_to_contain_text("Shade")
    book.kernel("enc.end_turn()")  # Shade acts: the page keeps the marker on Blueshift
    page.wait_for_timeout(300)
    expect(current(page)).to_have_text("Blueshift")
    book.kernel("enc.end_turn()")
    expect(current(page)).to_have_text("Ganyeka")
    book.kernel("enc.reveal('Shade')")
    expect(row(page, "Shade")).to_be_visible()
    book.kernel("players.stop()")
    expect(page.locator("#bpb-player")).to_have_attribute("data-connected", "false")
    page.close()


def test_the_widget_in_a_second_jupyterlab_panel(lab_book: Notebook, browser: Browser) -> None:
    book = lab_book
    book.kernel(FIGHT + "\nenc2 = fight()")
    gm = book.run_cell("GMScreen(enc2)")
    out = book.run_cell("PlayerView(enc2)", wait_for=".bpb-player")
    expect(out.locator(".bpb-player-name")).to_have_count(3)
    expect(out).not_to_contain_text("Shade")
    book.page.evaluate("() => window.jupyterapp.commands.execute('notebook:create-output-view')")
    panel = book.page.locator(".jp-LinkedOutputView .bpb-player")
    expect(panel).to_be_visible()
    expect(panel.locator(".bpb-player-name")).to_have_count(3)
    gm.get_by_role("button", name="End turn").click()  # to Shade: the players see no change
    assert book.wait_kernel("print(enc2.current)", "Shade") == "Shade"
    expect(panel.locator("[aria-current=true] .bpb-player-name")).to_have_text("Blueshift")
    book.kernel("enc2.end_turn()")
    expect(panel.locator("[aria-current=true] .bpb-player-name")).to_have_text("Ganyeka")
    expect(out.locator("[aria-current=true] .bpb-player-name")).to_have_text("Ganyeka")
    expect(panel).not_to_contain_text("Shade")


@pytest.mark.skipif(not os.environ.get("BPB_DOCS_SCREENSHOT"), reason="BPB_DOCS_SCREENSHOT=1")
def test_docs_screenshot_of_the_two_screens(lab_server: LabServer, browser: Browser) -> None:
    """docs/player-view.png: the GM screen in JupyterLab beside the player page."""
    book = open_notebook(lab_server, browser, "shot.ipynb", width=1400)
    book.kernel(FIGHT + "\nenc = fight()\nenc.end_turn(); enc.end_turn()")
    book.kernel("enc.add_condition('Blueshift', 'prone', ends='end', of='Blueshift')")
    book.kernel("enc.add_condition('Monolith', 'stunned', ends='end', of='Shade')")
    gm = book.run_cell("GMScreen(enc)")
    left = book.screenshot(gm, "player-view-gm")
    page = page_from(book, browser, "PlayerView(enc)")
    expect(current(page)).to_have_text("Ganyeka")
    page.set_viewport_size({"width": 900, "height": 560})
    right = OUTPUT / "player-view-page.png"
    page.screenshot(path=str(right), animations="disabled")
    page.close()
    images = "".join(
        f'<img src="data:image/png;base64,{base64.b64encode(p.read_bytes()).decode()}">'
        for p in (left, right)
    )
    shot = browser.new_page(viewport={"width": 2000, "height": 1400})
    shot.set_content(
        "<body style='margin:0'><div id=both style='display:inline-flex;gap:12px;"
        f"align-items:flex-start;padding:12px;background:#777'>{images}</div></body>"
    )
    shot.locator("#both").screenshot(path=str(DOCS / "player-view.png"))
    shot.close()
    book.page.close()


def test_the_page_served_from_notebook_7(lab_server: LabServer, browser: Browser) -> None:
    book = open_notebook(lab_server, browser, "player7.ipynb", app="notebook", width=900)
    book.kernel(FIGHT + "\nenc7 = fight()\nview7 = PlayerView(enc7)")
    page = page_from(book, browser, "view7")
    expect(current(page)).to_have_text("Blueshift")
    book.kernel("enc7.end_turn(); enc7.end_turn()")
    expect(current(page)).to_have_text("Ganyeka")
    book.kernel("view7.stop()")
    page.close()
    book.page.close()


def test_a_player_answers_a_hit_and_ends_their_turn_from_their_phone(
    lab_book: Notebook, browser: Browser
) -> None:
    """Issue 37: the GM screen in JupyterLab, Blueshift's phone at 360 px. The phone's End turn
    moves the fight on; a villain's hit on Blueshift shows its answers on the phone; the player
    taps Dodge with their own dice, and the GM's screen shows the result at once."""
    book = lab_book
    book.kernel(FIGHT + "\nenc3 = fight()\nplayers3 = PlayerView(enc3)")
    gm = book.run_cell("GMScreen(enc3)")
    url = book.kernel("print(players3.link('Blueshift'))").strip()
    assert url.startswith("http://127.0.0.1:") and "/p/" in url and "token" not in url
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    )
    phone = context.new_page()
    phone.goto(url)
    expect(phone.locator(".bpb-phone-name")).to_have_text("Blueshift")
    expect(phone.locator(".bpb-phone-vitals")).to_contain_text("Endurance")
    expect(phone.locator("body")).not_to_contain_text("Shade")
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360
    # Blueshift's turn: End turn from the phone moves the fight on (to Shade, hidden)
    phone.get_by_role("button", name="End turn").tap()
    assert book.wait_kernel("print(enc3.current)", "Shade") == "Shade"
    expect(gm).to_contain_text("Sent from Blueshift's phone:")
    expect(phone.get_by_role("button", name="End turn")).to_have_count(0)
    # Ganyeka hits Blueshift: the phone offers the answers, with their odds and cost
    book.kernel("enc3.end_turn()\nenc3.attack('Ganyeka', 'Blueshift', rank=5, dice=[6, 5])")
    for name in ("Block", "Dodge", "Dive for cover", "Take the hit"):
        expect(phone.get_by_role("button", name=name, exact=True)).to_be_visible()
    expect(phone.locator(".bpb-phone-hit")).to_contain_text("Ganyeka hits you")
    expect(phone.locator(".bpb-phone-answer").filter(has_text="Dodge")).to_contain_text("of 36")
    phone.get_by_label("Dice").fill("6 6")
    phone.get_by_role("button", name="Dodge", exact=True).tap()
    expect(gm).to_contain_text("Answered from Blueshift's phone:")
    assert book.wait_kernel("print(enc3.pending_attack)", "None") == "None"
    expect(phone.locator(".bpb-phone-hit")).to_have_count(0)
    assert phone.evaluate("() => window.__bpb_xss") is None
    # a new link revokes this one: the page says so
    book.kernel("players3.link('Blueshift')")
    expect(phone.locator(".bpb-player-status")).to_contain_text("ask the GM")
    # the GM screen's Players: New link gives Blueshift a page of the screen's own, with a QR code
    players = gm.locator(".bpb-players-row").filter(has_text="Blueshift")
    players.get_by_role("button", name="New link").click()
    expect(players.get_by_role("img", name="QR code of Blueshift's link")).to_be_visible()
    href = players.get_by_role("link").get_attribute("href")
    assert href is not None and "/p/" in href
    phone.goto(href)
    expect(phone.locator(".bpb-phone-name")).to_have_text("Blueshift")
    # a refusal without words from the kernel (the link's rate, as the server sends it) reads
    # as words on the phone, not a status number
    while book.kernel("print(enc3.current)").strip() != "Blueshift":
        book.kernel("enc3.end_turn()")
    phone.route("**/action", lambda route: route.fulfill(status=429, body="429 Too Many Requests"))
    phone.get_by_role("button", name="End turn").tap()
    expect(phone.get_by_role("alert")).to_have_text(
        "Too many taps at once: wait a moment, then tap again."
    )
    context.close()
    book.kernel("players3.close()")
