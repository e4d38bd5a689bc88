"""Browser tests: the session's JupyterLab 4 (tests/conftest.py), driven by Playwright's Chromium;
one page and one notebook (one kernel) serve every test here, so no test reloads the lab (see
lab.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from lab import LabServer, Notebook, open_notebook
from playwright.sync_api import Browser


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder is a ``ui`` test (deselect them with ``-m 'not ui'``)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.ui)


@pytest.fixture(scope="session")
def notebook(lab_server: LabServer, browser: Browser) -> Iterator[Notebook]:
    """The session's notebook, open, with a ready kernel."""
    book = open_notebook(lab_server, browser)
    yield book
    book.page.close()
