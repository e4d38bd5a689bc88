"""Browser tests: one real JupyterLab 4 per session, driven by Playwright's Chromium.

The server runs in a temporary root and is killed at the end; one page and one notebook (one
kernel) serve every test, so no test reloads the lab (see lab.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from lab import CHROMIUM, LabServer, Notebook, launch, open_notebook
from playwright.sync_api import Browser, sync_playwright


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder is a ``ui`` test (deselect them with ``-m 'not ui'``)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.ui)


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed (make test installs it)")
    root = tmp_path_factory.mktemp("lab-root")
    server = LabServer(root, tmp_path_factory.mktemp("lab-home"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def notebook(lab_server: LabServer, browser: Browser) -> Iterator[Notebook]:
    """The session's notebook, open, with a ready kernel."""
    book = open_notebook(lab_server, browser)
    yield book
    book.page.close()
