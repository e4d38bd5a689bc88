"""Players: each player character's own page, for their phone (``PlayerServer.link``), with its
link and a QR code to scan; "New link" makes one (and replaces, so revokes, the one before). The
pages are served from the screen's player page ("Open player page" opens it if it is not yet)
(``js/panels/players.js``, docs/player-view.md)."""

from __future__ import annotations

from typing import Any

from bpb_widgets.engine import Encounter
from bpb_widgets.errors import RuleError
from bpb_widgets.player.projection import ViewOptions, players_sides, visible
from bpb_widgets.widgets._commands import panel_command
from bpb_widgets.widgets._host import Delta, Part
from bpb_widgets.widgets.panels.state import PlayerLink, PlayersState


def qr_code(url: str) -> str:
    """``url`` as a QR code: an SVG data URI, made here (segno), nothing fetched."""
    import segno

    return str(segno.make(url, error="m").svg_data_uri(scale=4, border=2))


class PlayersPart(Part[Encounter[Any]]):
    """The player characters (the visible ones of the players' side) and their own pages."""

    key = "players"
    state_type = PlayersState
    title = "Players"

    def refresh(self, delta: Delta | None) -> None:
        if delta is not None and not (delta.roster or delta.touched):
            return
        self.put("players", self._players())

    def _players(self) -> list[PlayerLink]:
        enc = self.encounter
        options = ViewOptions()
        shown = visible(enc, options)
        ours = players_sides(enc, options, shown)
        server = self.host.player_page.server
        links = server.links if server is not None and server.running else {}
        listed: list[PlayerLink] = []
        for name in shown:
            if enc.combatant(name).side not in ours:
                continue
            link = links.get(name)
            url = server.link_url(link) if link is not None and server is not None else ""
            listed.append({"name": name, "url": url, "qr": qr_code(url) if url else ""})
        return listed

    @panel_command
    def new_link(self, name: str) -> None:
        """A new page for the player of ``name`` (the one before is closed and refused), served
        from the screen's player page, which opens if it is not yet."""
        page = self.host.player_page
        page.open(self.encounter)
        server = page.server
        if server is None:
            raise RuleError("The player page did not open.")
        server.link(name)
        self.put("players", self._players())
