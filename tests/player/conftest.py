"""The player view's browser tests: the session's Chromium and JupyterLab (tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.ui.lab import LabServer, Notebook, open_notebook


@pytest.fixture(scope="session")
def lab_book(lab_server: LabServer, browser: Browser) -> Iterator[Notebook]:
    book = open_notebook(lab_server, browser, "player.ipynb", width=1400)
    yield book
    book.page.close()
