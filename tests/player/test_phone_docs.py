"""docs/player-phone.png (``make screenshot``): Blueshift's phone at 360 px, light, as Ganyeka's
hit (Claws) waits for the player's answer, with their dice typed."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from bpb_widgets import Encounter, PlayerView
from tests.player.test_phone import Kernel, fight
from tests.ui.lab import DOCS, OUTPUT

pytestmark = pytest.mark.ui


@pytest.fixture
def hit() -> Iterator[tuple[Encounter, PlayerView, Kernel]]:
    """Ganyeka's hit on Blueshift, waiting for Blueshift's answer."""
    enc = fight()
    kernel = Kernel()
    view = kernel.call(lambda: PlayerView(enc))
    kernel.call(enc.end_turn)
    kernel.call(
        lambda: enc.attack(
            "Ganyeka", "Blueshift", rank=3, power="Claws", hand_to_hand=True, dice=[6, 5]
        )
    )
    yield enc, view, kernel
    view.close()
    kernel.close()


@pytest.mark.skipif(not os.environ.get("BPB_DOCS_SCREENSHOT"), reason="BPB_DOCS_SCREENSHOT=1")
def test_docs_screenshot_of_a_phone_answering_a_hit(
    browser: Browser, hit: tuple[Encounter, PlayerView, Kernel]
) -> None:
    _, view, kernel = hit
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        has_touch=True,
        is_mobile=True,
        color_scheme="light",
    )
    phone = context.new_page()
    phone.goto(kernel.call(lambda: view.link("Blueshift")))
    for name in ("Block", "Dodge", "Dive for cover", "Take the hit", "Spend plot point"):
        expect(phone.get_by_role("button", name=name, exact=True)).to_be_enabled()
    phone.get_by_label("Dice").fill("4 5")
    expect(phone.get_by_role("status")).to_have_text("Connected.")
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360
    OUTPUT.mkdir(exist_ok=True)
    phone.screenshot(path=str(OUTPUT / "player-phone.png"), animations="disabled")
    phone.screenshot(path=str(DOCS / "player-phone.png"), animations="disabled")
    context.close()
