"""Fixtures of the host tests: a browser context of the session's Chromium (tests/conftest.py) that
may reach only this machine (every request to another host is refused and recorded)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from host_kit import ELSEWHERE, Loopback


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here that drives a browser is a ``ui`` test (``-m 'not ui'`` deselects it)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()) or "loopback" in getattr(
            item, "fixturenames", ()
        ):
            item.add_marker(pytest.mark.ui)


@pytest.fixture
def loopback(browser: Browser) -> Iterator[tuple[BrowserContext, Loopback]]:
    """A fresh browser context whose requests may go to 127.0.0.1 / localhost only."""
    context = browser.new_context(viewport={"width": 1280, "height": 1500}, service_workers="block")
    guard = Loopback()
    context.route(ELSEWHERE, guard.refuse)
    context.on("request", guard.seen)
    yield context, guard
    context.close()
