"""The player view: what the players may see of a fight, computed in Python (``project``), and a
read-only web page the kernel serves for a TV (``PlayerServer``). The widget is
``bpb_widgets.widgets.PlayerView``; docs/player-view.md says what it shows and hides."""

from bpb_widgets.player.projection import HEALTH_READS, Patch, View, ViewOptions, diff, project
from bpb_widgets.player.server import Feed, PlayerServer

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
