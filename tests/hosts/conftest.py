"""Fixtures of the host tests: Chromium (the system's), and a browser context that may reach only
this machine (every request to another host is refused and recorded)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from host_kit import ELSEWHERE, Loopback
from lab import CHROMIUM, LabServer, launch


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here that drives a browser is a ``ui`` test (``-m 'not ui'`` deselects it)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()) or "loopback" in getattr(
            item, "fixturenames", ()
        ):
            item.add_marker(pytest.mark.ui)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed (make test installs it)")
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def loopback(browser: Browser) -> Iterator[tuple[BrowserContext, Loopback]]:
    """A fresh browser context whose requests may go to 127.0.0.1 / localhost only."""
    context = browser.new_context(viewport={"width": 1280, "height": 1500}, service_workers="block")
    guard = Loopback()
    context.route(ELSEWHERE, guard.refuse)
    context.on("request", guard.seen)
    yield context, guard
    context.close()


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[LabServer]:
    """One ``jupyter lab`` (which serves Notebook 7 too) on loopback for the session."""
    server = LabServer(tmp_path_factory.mktemp("root"), tmp_path_factory.mktemp("home"))
    yield server
    server.stop()
