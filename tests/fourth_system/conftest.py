"""The browser test here drives the session's JupyterLab and Chromium (tests/conftest.py) in a
notebook of its own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.ui.lab import LabServer, Notebook, open_notebook


@pytest.fixture(scope="module")
def notebook(lab_server: LabServer, browser: Browser) -> Iterator[Notebook]:
    """A notebook of this folder's, open, with a ready kernel."""
    book = open_notebook(lab_server, browser)
    yield book
    book.page.close()
