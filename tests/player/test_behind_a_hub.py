"""The player page behind Binder or JupyterHub, where the kernel's 127.0.0.1 is not the player's
machine: ``serve()`` gives the link through jupyter-server-proxy, and the page works there, under
the proxied path (its stylesheet, script and events are relative links). The browser test goes
through the jupyter-server-proxy of a real Jupyter server: the session's JupyterLab has it, as
Binder's does."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from bpb_widgets import Encounter
from bpb_widgets.player import hub
from bpb_widgets.widgets import PlayerView
from tests.ui.lab import LabServer

HUB = ("JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_PUBLIC_URL", "JUPYTERHUB_HOST")


@pytest.mark.parametrize(
    ("environ", "link"),
    [
        ({}, None),
        ({"JUPYTERHUB_SERVICE_PREFIX": "/user/ann/"}, "/user/ann/proxy/8765/?token=t0k"),
        ({"JUPYTERHUB_SERVICE_PREFIX": "/"}, "/proxy/8765/?token=t0k"),
        (
            {"JUPYTERHUB_SERVICE_PREFIX": "/user/ann/", "JUPYTERHUB_HOST": "https://ann.hub.test"},
            "https://ann.hub.test/user/ann/proxy/8765/?token=t0k",
        ),
        (
            {
                "JUPYTERHUB_SERVICE_PREFIX": "/user/ann/",
                "JUPYTERHUB_PUBLIC_URL": "https://hub.test/base/user/ann/",
            },
            "https://hub.test/base/user/ann/proxy/8765/?token=t0k",
        ),
    ],
)
def test_the_link_goes_through_the_hub_s_proxy(environ: dict[str, str], link: str | None) -> None:
    assert hub.proxied_url(8765, "t0k", environ) == link


@pytest.fixture
def fight() -> Encounter:
    enc = Encounter(seed=3)
    enc.add("Blueshift", perception=5, player=True, side="heroes")
    enc.add("Ganyeka", perception=3, side="villains")
    enc.set_order(["Blueshift", "Ganyeka"])
    enc.start()
    return enc


@pytest.fixture
def behind_a_hub(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process as a kernel of a JupyterHub user's server at the root of its origin."""
    for name in HUB:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/")


@pytest.fixture
def players(fight: Encounter, behind_a_hub: None) -> Iterator[PlayerView]:
    view = PlayerView(fight)
    yield view
    view.close()


def test_serve_prints_the_proxied_link_behind_a_hub(
    players: PlayerView, capsys: pytest.CaptureFixture[str]
) -> None:
    link = players.serve()
    server = players.server
    assert server is not None
    assert link == f"/proxy/{server.port}/?token={server.token}"
    assert capsys.readouterr().out.splitlines()[0] == f"Player view: {link}"


def current(page: Page):  # type: ignore[no-untyped-def]
    return page.locator(".bpb-player-row[aria-current=true] .bpb-player-name")


@pytest.mark.ui
def test_the_page_answers_and_follows_the_fight_through_jupyter_server_proxy(
    players: PlayerView, fight: Encounter, lab_server: LabServer, browser: Browser
) -> None:
    link = players.serve(quiet=True)
    server = players.server
    assert server is not None
    proxied = f"{lab_server.url}/proxy/{server.port}/"
    context = browser.new_context(viewport={"width": 900, "height": 700})
    # logged in to the Jupyter server, as a hub's user is (the proxy lets no one else through)
    context.request.get(f"{lab_server.url}/lab?token={lab_server.token}")
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    response = page.goto(lab_server.url + link)
    assert response is not None and response.status == 200
    expect(current(page)).to_have_text("Blueshift")
    expect(page.locator("#bpb-player")).to_have_attribute("data-connected", "true")
    fight.end_turn()  # pushed through the proxy as it happens (a stream, not held back)
    expect(current(page)).to_have_text("Ganyeka", timeout=5_000)
    # the page, its stylesheet, its script and its events: every one under the proxied path
    assert {url.split("?")[0] for url in requested} == {
        proxied + name for name in ("", "widgets.css", "widgets.js", "events")
    }
    context.close()
