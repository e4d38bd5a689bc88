"""The player view: what the players may see of a fight, computed in Python (``project``), and a
read-only web page the kernel serves for a TV (``PlayerServer``). The widget is
``bpb_widgets.widgets.PlayerView``; docs/player-view.md says what it shows and hides."""

from typing import Any

from bpb_widgets.player.projection import HEALTH_READS, Patch, View, ViewOptions, diff, project


def __getattr__(name: str) -> Any:
    """``Feed`` and ``PlayerServer`` are imported on first use: they need tornado, which every
    Jupyter kernel has but a Pyodide kernel (JupyterLite) does not."""
    if name in ("Feed", "PlayerServer"):
        from bpb_widgets.player import server

        return getattr(server, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "HEALTH_READS",
    "Feed",
    "Patch",
    "PlayerServer",
    "View",
    "ViewOptions",
    "diff",
    "project",
]
