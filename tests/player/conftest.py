"""The player view's browser tests: the system Chromium, and one JupyterLab for the session
(started only by the tests that need it), from tests/ui/lab.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.ui.lab import CHROMIUM, LabServer, Notebook, launch, open_notebook


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed (make test installs it)")
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def player_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    server = LabServer(
        tmp_path_factory.mktemp("player-lab-root"), tmp_path_factory.mktemp("player-lab-home")
    )
    yield server
    server.stop()


@pytest.fixture(scope="session")
def lab_book(player_lab: LabServer, chromium: Browser) -> Iterator[Notebook]:
    book = open_notebook(player_lab, chromium, "player.ipynb", width=1400)
    yield book
    book.page.close()
