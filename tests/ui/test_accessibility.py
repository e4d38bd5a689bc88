"""Readable at the table (issue 35): axe-core, run in the page on the widget's own element (never
the host's chrome), finds no violation of WCAG 2 A and AA (contrast, names, roles) on the GM
screen mid-fight, a hit waiting for its answer and a card's "Sheet and actions" open, in
JupyterLab and Notebook 7, each in its light, dark and high-contrast themes, whose meters' fills
stand 3:1 against their tracks; nor on the player page, light and dark. Every visible text of the
GM screen is at least 12 px."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import pytest
from axe_check import assert_no_violations, assert_texts_large_enough, contrast
from gm_screen import Screen, open_screen
from lab import DARK, LIGHT, OUTPUT, LabServer
from playwright.sync_api import Browser, Locator, expect

from bpb_widgets import Encounter
from bpb_widgets.player import PlayerServer

ROOT = Path(__file__).resolve().parents[2]
CAST = ROOT / "bpb_widgets" / "bpb" / "data" / "characters.json"
HIGH_CONTRAST = "JupyterLab Dark High Contrast"
HENCHMEN = "Ganyeka's henchmen"
#: A fight under way: Blueshift delays, Monolith is stunned, the henchmen are out; then (by
#: clicks) Ganyeka's hit on Monolith waits for his answer.
SETUP = f"""
from bpb_widgets import Encounter, GMScreen
enc = Encounter(seed=7)
enc.add_party(enc.sheets_from_json(open({str(CAST)!r}).read()))
enc.set_order(["Blueshift", "Ganyeka", "Monolith", {HENCHMEN!r}])
enc.start()
enc.delay()
enc.add_condition("Monolith", "stunned", ends="end", of="Monolith")
enc.defeat({HENCHMEN!r})
screen = GMScreen(enc)
screen
"""
#: Each meter's fill and its track's background (computed colours), where the fill shows.
METERS = """(root) => [...root.querySelectorAll(".bpb-meter")].flatMap((meter) => {
    const fill = meter.querySelector(".bpb-meter-fill");
    const track = meter.querySelector(".bpb-meter-track");
    if (!fill || fill.getBoundingClientRect().width === 0) return [];
    return [{name: meter.getAttribute("aria-label"),
             fill: getComputedStyle(fill).backgroundColor,
             track: getComputedStyle(track).backgroundColor}];
})"""


@pytest.fixture(scope="module", params=["lab", "notebook"], ids=["jupyterlab", "notebook7"])
def screen(
    request: pytest.FixtureRequest, lab_server: LabServer, browser: Browser
) -> Iterator[Screen]:
    """The GM screen in JupyterLab or Notebook 7 (light, 1280 px), mid-fight: Ganyeka's hit on
    Monolith waits for his answer, and Monolith's "Sheet and actions" is open."""
    app = request.param
    s = open_screen(lab_server, browser, f"accessibility-{app}.ipynb", app, LIGHT, SETUP)
    s.notebook.page.set_viewport_size({"width": 1280, "height": 1500})
    s.until("screen.encounter.current", "Ganyeka")
    s.attack_with("Monolith", "Sinister weapon", "4 4")
    expect(s.answers).to_be_visible()
    card = s.card("Monolith")
    card.get_by_text("Sheet and actions").click()
    expect(card.get_by_role("button", name="Remove", exact=True)).to_be_visible()
    # the whole screen in the window: axe checks the contrast of what is on screen only
    box = widget(s).bounding_box()
    assert box is not None
    s.notebook.page.set_viewport_size(
        {"width": 1280, "height": int(box["y"] + box["height"]) + 200}
    )
    yield s
    s.notebook.set_theme(LIGHT)
    s.notebook.page.close()


def widget(s: Screen) -> Locator:
    return s.out.locator(".bpb-widget")


@pytest.mark.parametrize(
    ("theme", "name"), [(LIGHT, "light"), (DARK, "dark"), (HIGH_CONTRAST, "high-contrast")]
)
def test_axe_finds_nothing_on_the_gm_screen(screen: Screen, theme: str, name: str) -> None:
    screen.notebook.set_theme(theme)
    screen.notebook.page.wait_for_timeout(300)  # the theme's stylesheet applied
    app = "lab" if "/lab/" in screen.notebook.page.url else "notebook"
    screen.notebook.screenshot(screen.out, f"accessibility-{app}-{name}")
    assert_no_violations(screen.notebook.page, widget(screen), f"the GM screen, {theme}")
    # a meter's fill against its track: at least 3:1 (WCAG's non-text contrast, which axe skips)
    meters = screen.notebook.page.evaluate(METERS, widget(screen).element_handle())
    assert len(meters) >= 3, meters
    faint = [(m["name"], round(contrast(m["fill"], m["track"]), 2)) for m in meters]
    assert all(ratio >= 3 for _, ratio in faint), f"meters under 3:1 in {theme}: {faint}"


def test_every_text_on_the_gm_screen_is_at_least_12_px(screen: Screen) -> None:
    screen.notebook.set_theme(LIGHT)
    assert_texts_large_enough(screen.notebook.page, widget(screen), at_least=100)


@pytest.fixture
def player_page() -> Iterator[PlayerServer]:
    enc = Encounter(seed=7)
    enc.add("Blueshift", perception=4, agility=5, prowess=4, player=True, side="heroes")
    enc.add("Ganyeka", perception=3, prowess=5, brawn=6, side="villains")
    enc.add("Monolith", prowess=6, brawn=8, side="villains")
    enc.add(HENCHMEN, group=True, side="villains")
    enc.set_order(["Blueshift", "Ganyeka", "Monolith", HENCHMEN])
    enc.start()
    enc.end_turn()
    enc.add_condition("Monolith", "stunned", ends="end", of="Monolith")
    enc.defeat(HENCHMEN)
    server = PlayerServer(enc)
    yield server
    server.stop()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_the_player_page(
    browser: Browser, player_page: PlayerServer, scheme: Literal["light", "dark"]
) -> None:
    # bypass_csp: the page runs only its own script, and axe comes in as a <script> of the test's
    page = browser.new_page(
        viewport={"width": 900, "height": 700}, color_scheme=scheme, bypass_csp=True
    )
    try:
        page.goto(player_page.url)
        view = page.locator(".bpb-player")
        expect(view.locator("[aria-current=true] .bpb-player-name")).to_have_text("Ganyeka")
        OUTPUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUTPUT / f"accessibility-player-{scheme}.png"))
        assert_no_violations(page, page.locator("#bpb-player"), f"the player page, {scheme}")
    finally:
        page.close()
