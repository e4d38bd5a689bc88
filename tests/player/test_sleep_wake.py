"""A player's phone sleeps and wakes (issue 37): Blueshift's page at 360 px (touch, no hover) in
Chromium, the fight in this process with a kernel's loop (tests/player/test_phone.py).

A phone asleep hides the page, loses the network and freezes the page's scripts, and the server
loses the connection. Headless Chromium never hides a page by itself, so the test tells the page
it is hidden as a phone's browser does (``visibilityState`` and its ``visibilitychange`` event);
the network (offline) and the freezing (``Page.setWebLifecycleState``) are Chromium's own."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from bpb_widgets import Encounter, PlayerView
from tests.player.test_phone import Kernel, fight, you

pytestmark = pytest.mark.ui

#: The page hidden (a phone's screen off, or another app in front), then shown again.
HIDE = """() => {
  Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""
SHOW = """() => {
  delete document.visibilityState;
  document.dispatchEvent(new Event("visibilitychange"));
}"""
#: "Within a couple of seconds" of waking (ms).
WAKE_WITHIN = 2_000


@pytest.fixture
def table() -> Iterator[tuple[Encounter, PlayerView, Kernel]]:
    enc = fight()
    kernel = Kernel()
    view = kernel.call(lambda: PlayerView(enc))
    yield enc, view, kernel
    view.close()
    kernel.close()


@pytest.fixture
def phone_context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    )
    yield context
    context.close()


def open_phone(context: BrowserContext, url: str) -> Page:
    phone = context.new_page()
    phone.goto(url)
    expect(phone.get_by_role("status")).to_have_text("Connected.")
    return phone


def streams(view: PlayerView, name: str) -> int:
    """How many event streams the server holds open for ``name``'s link."""
    assert view.server is not None
    link = view.server.links[name]
    return sum(1 for client in list(view.server.clients) if client.link is link)


def drop_connections(view: PlayerView) -> None:
    """The server loses every page's connection (as when a phone's network goes)."""
    server = view.server
    assert server is not None and server._loop is not None
    server._loop.add_callback(
        lambda: [c.request.connection.stream.close() for c in list(server.clients)]
    )


def wait_for(check: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_the_phone_sleeps_the_fight_moves_on_and_the_phone_wakes_to_it(
    table: tuple[Encounter, PlayerView, Kernel], phone_context: BrowserContext
) -> None:
    enc, view, kernel = table
    phone = open_phone(phone_context, kernel.call(lambda: view.link("Blueshift")))
    status = phone.get_by_role("status")
    end_turn = phone.get_by_role("button", name="End turn")
    expect(end_turn).to_be_enabled()
    assert streams(view, "Blueshift") == 1
    # the phone goes to sleep: the page hidden lets its stream go, offers nothing, and freezes
    phone.evaluate(HIDE)
    expect(status).to_have_text("Paused while the page is hidden.")
    expect(end_turn).to_be_disabled()
    wait_for(lambda: streams(view, "Blueshift") == 0)
    phone_context.set_offline(True)
    cdp = phone_context.new_cdp_session(phone)
    cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
    # meanwhile the GM ends Blueshift's turn and Ganyeka hits Blueshift
    kernel.call(enc.end_turn)
    kernel.call(lambda: enc.attack("Ganyeka", "Blueshift", rank=5, dice=[6, 5]))
    after = you(view, "Blueshift")["actions"]["hit"]["take"]["after"]
    # the phone wakes: the current state within a couple of seconds, and its answers work
    cdp.send("Page.setWebLifecycleState", {"state": "active"})
    phone_context.set_offline(False)
    woke = time.monotonic()
    phone.evaluate(SHOW)
    take = phone.get_by_role("button", name="Take the hit", exact=True)
    expect(take).to_be_enabled(timeout=WAKE_WITHIN)
    assert time.monotonic() - woke < WAKE_WITHIN / 1000
    expect(phone.locator(".bpb-phone-hit")).to_contain_text("Ganyeka hits you")
    expect(end_turn).to_have_count(0)
    expect(status).to_have_text("Connected.")
    assert streams(view, "Blueshift") == 1
    take.tap()
    wait_for(lambda: kernel.call(lambda: enc.pending_attack) is None)
    assert "Answered from Blueshift's phone:" in [e.text for e in enc.log]
    expect(phone.locator(".bpb-phone-vitals")).to_contain_text(f"Endurance {after}/")
    expect(phone.locator(".bpb-phone-hit")).to_have_count(0)


def test_a_lost_connection_offers_nothing_and_a_reconnection_keeps_the_dice_typed(
    table: tuple[Encounter, PlayerView, Kernel], phone_context: BrowserContext
) -> None:
    enc, view, kernel = table
    kernel.call(enc.end_turn)
    kernel.call(lambda: enc.attack("Ganyeka", "Blueshift", rank=5, dice=[6, 5]))
    phone = open_phone(phone_context, kernel.call(lambda: view.link("Blueshift")))
    status = phone.get_by_role("status")
    dice = phone.get_by_label("Dice")
    dodge = phone.get_by_role("button", name="Dodge", exact=True)
    dice.fill("6 6")
    # the network goes, and the server loses the connection: the page says so, offers nothing
    phone_context.set_offline(True)
    drop_connections(view)
    expect(status).to_contain_text("reconnecting")
    expect(dodge).to_be_disabled()
    expect(dice).to_be_disabled()
    # back online: the page connects again at once; the view has not changed, so it is not
    # redrawn and the dice typed stay
    phone_context.set_offline(False)
    expect(dodge).to_be_enabled(timeout=WAKE_WITHIN)
    expect(status).to_have_text("Connected.")
    expect(dice).to_have_value("6 6")
    dodge.tap()
    wait_for(lambda: kernel.call(lambda: enc.pending_attack) is None)
    texts = [e.text for e in enc.log]
    assert "Answered from Blueshift's phone:" in texts


def test_a_server_restart_leaves_the_old_page_offering_nothing(
    table: tuple[Encounter, PlayerView, Kernel], phone_context: BrowserContext
) -> None:
    enc, view, kernel = table
    phone = open_phone(phone_context, kernel.call(lambda: view.link("Blueshift")))
    end_turn = phone.get_by_role("button", name="End turn")
    kernel.call(view.stop)  # the GM restarts the page's server: a new address for every link
    url = kernel.call(lambda: view.link("Blueshift"))
    expect(end_turn).to_be_disabled()
    expect(phone.get_by_role("status")).to_contain_text("reconnecting")
    phone.evaluate(HIDE)  # the phone sleeps and wakes: still nothing offered from the old link
    phone.evaluate(SHOW)
    expect(end_turn).to_be_disabled()
    phone.goto(url)  # the new link (the GM screen's Players list, or its QR code)
    expect(phone.get_by_role("button", name="End turn")).to_be_enabled()
    phone.get_by_role("button", name="End turn").tap()
    wait_for(lambda: kernel.call(lambda: enc.current) == "Ganyeka")
