"""Developers: with ``ANYWIDGET_HMR=1`` (and watchfiles, the ``dev`` extra) a widget on screen
takes a rebuilt bundle at once (``npm run watch`` rebuilds bpb_widgets/static/ on every change).
Run on a copy of the package, so the real bundles are never touched."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bpb_widgets.widgets._host import STATIC

PACKAGE = STATIC.parent
WATCH = """
import pathlib, time
import bpb_widgets
from bpb_widgets import Encounter, GMScreen

screen = GMScreen(Encounter())
sent = []  # what a change of the synced trait sends to the front end
screen.observe(lambda change: sent.append(change["new"]), names="_css")
static = pathlib.Path(bpb_widgets.__file__).parent / "static"
time.sleep(0.5)  # the watcher is a thread: let it start
css = static / "widgets.css"
css.write_text(css.read_text() + "\\n.bpb-hot-reloaded {}\\n")
deadline = time.monotonic() + 5
while not sent and time.monotonic() < deadline:
    time.sleep(0.05)
print("reloaded" if any(".bpb-hot-reloaded" in text for text in sent) else "not reloaded")
"""


@pytest.mark.parametrize("hmr", ["1", "0"])
def test_a_rebuilt_stylesheet_reaches_a_widget_only_with_hmr(tmp_path: Path, hmr: str) -> None:
    pytest.importorskip("watchfiles", reason="the dev extra (watchfiles) is not installed")
    shutil.copytree(PACKAGE, tmp_path / "bpb_widgets", ignore=shutil.ignore_patterns("__pycache__"))
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "ANYWIDGET_HMR": hmr}
    done = subprocess.run(  # run from the copy: Python puts its working folder first on the path
        [sys.executable, "-c", WATCH],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ("reloaded" if hmr == "1" else "not reloaded")
