"""The browser tests' kits, which the browser figures drive JupyterLab and the demo with:
``tests/ui/lab.py`` (a JupyterLab server, Chromium, notebooks) and ``tests/hosts/host_kit.py``
(a static server)."""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"


def use_browser_kits() -> None:
    """Make ``lab`` and ``host_kit`` importable (once, however often it is called)."""
    for kit in (TESTS / "ui", TESTS / "hosts"):
        if str(kit) not in sys.path:
            sys.path.insert(0, str(kit))
