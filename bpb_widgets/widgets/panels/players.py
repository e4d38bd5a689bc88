"""Players: each player character's own page, for their phone (``PlayerServer.link``), with its
link and a QR code to scan; "New link" makes one (and replaces, so revokes, the one before). The
pages are served from the screen's player page ("Open player page" opens it if it is not yet).
"Confirm players' answers": an answer to a hit a player sends waits here, in words, with
"Confirm" and "Refuse" (``js/panels/players.js``, docs/player-view.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bpb_widgets.engine import Encounter
from bpb_widgets.errors import RuleError
from bpb_widgets.player.projection import ViewOptions, players_sides, visible
from bpb_widgets.widgets._commands import panel_command
from bpb_widgets.widgets._host import Delta, Part
from bpb_widgets.widgets.panels.state import PlayerLink, PlayersState

if TYPE_CHECKING:
    from bpb_widgets.player.server import PlayerServer


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
        if delta is None:  # first shown, or a fight loaded: the page's server goes on as it was
            server = self._server()
            self.put("confirm", server.confirm if server is not None else False)
            if server is not None:
                server.on_held = self._held_changed
        if delta is not None and not (delta.roster or delta.touched):
            return
        self.put("players", self._players())

    def player_page_changed(self) -> None:
        """The player page opened or closed: its links with it (closed, none is served)."""
        self.put("players", self._players())

    def _server(self) -> PlayerServer | None:
        """The screen's player page's server, if it runs (it serves the players' own pages)."""
        server = self.host.player_page.server
        return server if server is not None and server.running else None

    def _players(self) -> list[PlayerLink]:
        enc = self.encounter
        options = ViewOptions()
        shown = visible(enc, options)
        ours = players_sides(enc, options, shown)
        server = self._server()
        links = server.links if server is not None else {}
        held = server.held if server is not None else {}
        listed: list[PlayerLink] = []
        for name in shown:
            if enc.combatant(name).side not in ours:
                continue
            link = links.get(name)
            url = server.link_url(link) if link is not None and server is not None else ""
            waiting = held.get(name)
            listed.append(
                {
                    "name": name,
                    "url": url,
                    "qr": qr_code(url) if url else "",
                    "held": waiting.words if waiting is not None else "",
                }
            )
        return listed

    def _follow(self, server: PlayerServer) -> None:
        """Make ``server`` confirm as this screen says, and show its held answers here."""
        server.confirm = bool(self.state.get("confirm"))
        server.on_held = self._held_changed

    def _held_changed(self) -> None:
        """The held answers changed (a player answered, or the fight moved on)."""
        self.put("players", self._players())
        self.host._flush()

    @panel_command
    def new_link(self, name: str) -> None:
        """A new page for the player of ``name`` (the one before is closed and refused), served
        from the screen's player page, which opens if it is not yet."""
        page = self.host.player_page
        page.open(self.encounter)
        server = self._server()
        if server is None:
            raise RuleError("The player page did not open.")
        self._follow(server)
        server.link(name)
        self.put("players", self._players())

    @panel_command
    def set_confirm(self, on: bool) -> None:
        """Confirm players' answers to hits (``on``), or let them apply at once (answers
        waiting are then dropped: their players answer again)."""
        self.put("confirm", on)
        server = self._server()
        if server is not None:
            self._follow(server)
        self.put("players", self._players())

    @panel_command
    def confirm(self, name: str) -> None:
        """Apply the answer ``name``'s player sent, as they sent it (refused if the fight has
        moved on since)."""
        self._waiting(name).confirm_answer(name)

    @panel_command
    def refuse(self, name: str) -> None:
        """Drop the answer ``name``'s player sent: their phone offers the answers again."""
        self._waiting(name).refuse_answer(name)

    def _waiting(self, name: str) -> PlayerServer:
        server = self._server()
        if server is None or name not in server.held:
            self.put("players", self._players())
            raise RuleError(f"No answer from {name}'s phone waits now.")
        return server
