"""The player page served from a screen ("Open player page"): a read-only page for the players'
screen or TV (``bpb_widgets.player.server``), which follows the screen's fight when the GM loads
another or starts a new one.

The server needs tornado, which a Pyodide kernel (JupyterLite) lacks: it is imported when the page
is first opened, and its absence is an error the GM reads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bpb_widgets.errors import RuleError

if TYPE_CHECKING:
    from bpb_widgets.engine import Encounter
    from bpb_widgets.player.server import PlayerServer


class PlayerPage:
    """The page of one screen: served at ``url`` from ``open`` until ``close``; ``follow`` puts
    another fight on it at the same address; ``changed`` is called as it opens or closes (the
    screen's parts that show it follow)."""

    def __init__(self, changed: Callable[[], None] = lambda: None) -> None:
        self.server: PlayerServer | None = None
        self._changed = changed

    @property
    def url(self) -> str:
        """The page's address (token included), or "" when it is not served."""
        return self.server.url if self.server is not None and self.server.running else ""

    def open(self, encounter: Encounter[Any], host: str = "127.0.0.1", port: int = 0) -> str:
        """Serve ``encounter``'s player view (``host="0.0.0.0"`` for a TV on the network); an
        open page stays as it is. Returns the page's address."""
        if self.url:
            return self.url
        try:
            from bpb_widgets.player.server import PlayerServer
        except ImportError:
            raise RuleError(
                "This kernel cannot serve a page (no tornado: JupyterLite runs no server). Show "
                "PlayerView(enc) in a second panel for the players instead."
            ) from None
        self.server = PlayerServer(encounter, host=host, port=port)
        self._changed()
        return self.server.url

    def follow(self, encounter: Encounter[Any]) -> None:
        """Show ``encounter`` on the page (the fight the screen loaded or started)."""
        if self.server is not None:
            self.server.follow(encounter)

    def close(self) -> None:
        """Stop serving the page (again: nothing happens)."""
        server, self.server = self.server, None
        if server is not None:
            server.stop()
            self._changed()
