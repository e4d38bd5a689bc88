"""The browser test here drives the session's Chromium (tests/conftest.py) on a JupyterLab of its
own: the session's JupyterLab, shared with Notebook 7's tests, keeps no trace of it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.ui.lab import LabServer, Notebook, open_notebook


@pytest.fixture(scope="module")
def notebook(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[Notebook]:
    """A notebook on a JupyterLab of this folder's, open, with a ready kernel."""
    server = LabServer(tmp_path_factory.mktemp("lab-root"), tmp_path_factory.mktemp("lab-home"))
    try:
        book = open_notebook(server, browser, "fourth_system.ipynb")
        yield book
        book.page.close()
    finally:
        server.stop()
