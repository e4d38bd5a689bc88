"""A Pyodide kernel (JupyterLite) has neither tornado nor processes: the package and every widget
import without them, and only the player page's server and a many-core forecast need them."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import sys
from bpb_widgets import Encounter, ForecastPanel, GMScreen, PlayerView
import bpb_widgets.forecast, bpb_widgets.player, bpb_widgets.widgets
missing = ("tornado", "multiprocessing", "concurrent.futures.process")
print([m for m in missing if m in sys.modules])
"""


def test_the_widgets_import_without_tornado_or_processes() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


def test_the_player_server_is_there_on_first_use() -> None:
    from bpb_widgets import player

    assert player.PlayerServer.__module__ == "bpb_widgets.player.server"
