"""The player view as a read-only web page the kernel serves, for a TV browser on the same
network: ``PlayerServer(enc).url``.

A tornado server (every Jupyter kernel has tornado) runs on its own thread and event loop, so it
works the same from JupyterLab, Notebook 7 and a plain Python script. The encounter is only ever
read on the thread that changes it: each change is projected there (``projection.project``) and
the resulting text handed to the server's loop, which pushes it to every page as a server-sent
event at once. A page that connects (or reconnects after a dropped connection) first gets the
whole view, then patches.

Every request needs the server's token (192 random bits) in its query, ``?token=...``; a wrong or
missing one gets 403 (compared in constant time). The server accepts GET only: it takes no
command, ever. It binds to 127.0.0.1 unless given another host; ``stop()``, and the end of the
process, close it.

Nobody without the token can make it hold more than a little of the kernel's memory or files
(docs/player-view.md, "Limits"): a request's head and body are bounded (a longer body is refused
before it is read), so are the connections open at once (more are closed as they come) and the
seconds a connection may idle; a page that reads slowly holds one event, then gets the newest
view whole when it catches up.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import hmac
import html
import json
import logging
import re
import secrets
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import tornado.http1connection
import tornado.httpserver
import tornado.ioloop
import tornado.iostream
import tornado.netutil
import tornado.web

from bpb_widgets.engine import Change, Encounter
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError
from bpb_widgets.player import actions
from bpb_widgets.player.projection import (
    Patch,
    View,
    ViewOptions,
    check_encounter,
    diff,
    players_sides,
    project,
    project_player,
    visible,
)

log = logging.getLogger(__name__)
#: The widgets' front-end bundle, which also draws the page (``js/player/page.js``).
STATIC = Path(__file__).resolve().parent.parent / "static"
#: Bits of randomness in a token.
TOKEN_BYTES = 24
#: Pages connected at once, at most.
MAX_CLIENTS = 32
#: Connections open at once, at most (the pages' event streams, and their loads): more are
#: closed as they come, so no client can spend the kernel's open files.
MAX_CONNECTIONS = 64
#: The longest request body (bytes): the page takes none, and a longer one is refused unread.
MAX_BODY = 4 * 1024
#: The longest request head (request line and headers, bytes).
MAX_HEAD = 16 * 1024
#: Seconds a connection may take to send a request's head, idle between requests included.
IDLE_TIMEOUT = 10.0
#: Seconds a connection may take to send a request's body.
BODY_TIMEOUT = 5.0
#: A comment line to every page this often (seconds), so a dead connection is noticed.
HEARTBEAT = 15.0
#: How soon (ms) a page reconnects after losing the connection.
RETRY_MS = 1000
#: The files a page loads, with their types.
ASSETS = {"widgets.js": "text/javascript; charset=utf-8", "widgets.css": "text/css; charset=utf-8"}
#: Seconds to wait for the server's thread to start or stop.
THREAD_WAIT = 10.0
#: Bytes of randomness in a player's own link (192 bits; at least 128 are required).
LINK_BYTES = 24
#: A player's page may send this many actions at once, then one per ``RATE_EVERY`` seconds.
RATE_BURST = 6
RATE_EVERY = 1.0
#: Seconds an action waits for the kernel's thread (busy running a cell) before it is refused.
ACTION_WAIT = 10.0
#: The most stamps a link remembers as used (a replayed action is refused).
MAX_USED = 10_000
#: A player's link in a URL path: /p/<token>/...
LINK_PATH = r"/p/([A-Za-z0-9_-]{32})"


def event(kind: str, version: int, payload: object) -> bytes:
    """One server-sent event: its id (the view's version), type and JSON data on one line."""
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return f"id: {version}\nevent: {kind}\ndata: {data}\n\n".encode()


class Feed:
    """The events of one page's stream: each new view as a whole ("full", what a page gets as it
    connects) and as a patch on the one before ("patch"), numbered. A change the players cannot
    see makes no event at all, so even the timing of a hidden combatant's actions never shows."""

    def __init__(self, options: ViewOptions | None = None, player: str | None = None) -> None:
        self.options = options or ViewOptions()
        #: The character whose own page this is (None: the shared page).
        self.player = player
        self.view: View | None = None
        self.version = 0
        #: What the player's actions must carry now (their page's ``stamp``): the version that
        #: last changed what the player sees; empty on the shared page.
        self.stamp = ""
        #: The encounter the last view shows (another one's view is not kept while one acts).
        self._shows: Encounter[Any] | None = None

    def update(
        self, encounter: Encounter[Any], held: str | None = None
    ) -> tuple[bytes, bytes] | None:
        """The events for ``encounter`` as it is now (whole, patch), or None if the players see
        nothing new; ``held``: the player's answer the GM holds, in words."""
        before = self.view if encounter is self._shows else None
        self._shows = encounter
        if self.player is None:
            view = project(encounter, self.options, before)
        else:  # stamped as shown so far: only what the player sees makes a new stamp
            view = project_player(encounter, self.options, self.player, before, held)
            view = _acting(view, stamp=self.stamp)
        patch = diff(self.view, view)
        if self.view is not None and not patch:
            return None
        return self._next(view, patch)

    def restamp(self, withdrawn: bool) -> tuple[bytes, bytes] | None:
        """The events for the view as it is, with a new stamp: the player's own action, taken,
        changed nothing they see (an attack that misses, or a turn ended into a hidden one's,
        ``withdrawn``: the view is kept as it was, and what it offered is offered no more)."""
        if self.view is None:
            return None
        view = _acting(self.view, turn=[], attack=None, hit=None) if withdrawn else self.view
        return self._next(view, None)

    def _next(self, view: View, patch: Patch | None) -> tuple[bytes, bytes]:
        """``view`` as the next version (a player's page: stamped with it)."""
        self.version += 1
        if self.player is not None:
            self.stamp = str(self.version)
            view = _acting(view, stamp=self.stamp)
            patch = None
        if patch is None:
            patch = diff(self.view, view)
        self.view = view
        return event("full", self.version, view), event("patch", self.version, patch.to_dict())


def _acting(view: View, **actions: object) -> View:
    """``view`` with its player's ``actions`` changed (a new view: parts it shares with the one
    before, kept while a hidden combatant acts, are not changed)."""
    you = view.get("you")
    if not you:
        return view
    return {**view, "you": {**you, "actions": {**you["actions"], **actions}}}


class _Handler(tornado.web.RequestHandler):
    """Every request: the token first (403), GET only (405), no caching, no framing."""

    server: PlayerServer

    def initialize(self, server: PlayerServer) -> None:
        self.server = server

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("X-Frame-Options", "DENY")

    def prepare(self) -> None:
        given = self.get_query_argument("token", "")
        if not hmac.compare_digest(given.encode(), self.server.token.encode()):
            raise tornado.web.HTTPError(403)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code} {self._reason}\n")

    def check_xsrf_cookie(self) -> None:
        """No cookies, no forms: only GET is ever accepted."""


class _Page(_Handler):
    def get(self) -> None:
        nonce = secrets.token_urlsafe(16)
        token = html.escape(self.server.token, quote=True)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header(
            "Content-Security-Policy",
            f"default-src 'none'; script-src 'self' 'nonce-{nonce}'; style-src 'self'; "
            "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )
        self.finish(
            PAGE.format(nonce=nonce, token=token, title=html.escape(self.server.title, quote=False))
        )


class _Asset(_Handler):
    """The widgets' bundle and stylesheet, which draw the page."""

    def get(self, name: str) -> None:
        self.set_header("Content-Type", ASSETS[name])
        self.finish(self.server.asset(name))


class _Missing(_Handler):
    def get(self) -> None:
        raise tornado.web.HTTPError(404)


class _Events(_Handler):
    """A page's stream of server-sent events: the whole view, then every change."""

    def initialize(self, server: PlayerServer) -> None:
        super().initialize(server)
        self.closed = asyncio.Event()
        #: Events were left out while one was on its way: the page needs the newest view.
        self.behind = False

    #: The player's link whose events these are (None: the shared page's).
    link: Link | None = None

    async def get(self, *_token: str) -> None:
        server = self.server
        if len(server.clients) >= MAX_CLIENTS:
            raise tornado.web.HTTPError(503)
        self.set_header("Content-Type", "text/event-stream; charset=utf-8")
        self.set_header("X-Accel-Buffering", "no")
        server.clients.add(self)
        try:
            self._send(f"retry: {RETRY_MS}\n\n".encode() + self._whole())
            await self.closed.wait()
        finally:
            server.clients.discard(self)

    def on_connection_close(self) -> None:
        self.closed.set()

    def push(self, data: bytes, *, beat: bool = False) -> None:
        """Send ``data`` now, unless the connection has not yet taken the last event: then at
        most that one waits, and the page gets the newest view whole once it is taken (a patch
        missed is never sent late). A heartbeat (``beat``) goes only to a page that keeps up."""
        connection = cast(tornado.http1connection.HTTP1Connection, self.request.connection)
        if connection.stream.writing():
            self.behind = self.behind or not beat
        else:
            self._send(data)

    def _send(self, data: bytes) -> None:
        try:
            self.write(data)
            self.flush().add_done_callback(self._sent)
        except tornado.iostream.StreamClosedError:
            self.closed.set()

    def _sent(self, future: asyncio.Future[None]) -> None:
        if future.exception() is not None:
            self.closed.set()
        elif self.behind:
            self.behind = False
            self._send(self._whole())

    def _whole(self) -> bytes:
        return self.server.whole() if self.link is None else self.link.whole


@dataclass(frozen=True, slots=True)
class Held:
    """A player's answer the GM holds for confirmation: what their page sent (``body``, its
    ``stamp``), what the GM reads of it (``words``), and the fight's ``moment`` it answers (any
    change to the fight drops it)."""

    player: str
    body: dict[str, Any]
    stamp: str
    words: str
    moment: str


@dataclass(eq=False)
class Link:
    """One player's own page: its token (in the URL's path), the character it speaks for, its
    events and what it has sent (the stamps it used, its rate)."""

    player: str
    token: str
    feed: Feed
    whole: bytes = b""
    used: set[str] = field(default_factory=set)
    allowance: float = field(default_factory=lambda: float(RATE_BURST))
    checked: float = field(default_factory=time.monotonic)
    revoked: bool = False

    def use(self, stamp: str) -> None:
        """Remember ``stamp`` as taken: the same action is refused if sent again."""
        if len(self.used) >= MAX_USED:
            self.used.clear()
        self.used.add(stamp)

    def allow(self) -> bool:
        """Whether one more request is within the rate (a token bucket; the server's thread)."""
        now = time.monotonic()
        self.allowance = min(RATE_BURST, self.allowance + (now - self.checked) / RATE_EVERY)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True


class _Personal(_Handler):
    """A player's own page: the token is the URL path's (compared in constant time with every
    link's), never the query's nor a cookie."""

    link: Link | None = None

    @property
    def mine(self) -> Link:
        assert self.link is not None  # prepare() found it
        return self.link

    def prepare(self) -> None:
        given = (self.path_args[0] if self.path_args else "").encode()
        found = None
        for link in list(self.server.links.values()):
            if hmac.compare_digest(given, link.token.encode()):
                found = link
        if found is None or found.revoked:
            raise tornado.web.HTTPError(403)
        self.link = found


class _PersonalPage(_Personal):
    def get(self, _token: str) -> None:
        nonce = secrets.token_urlsafe(16)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header(
            "Content-Security-Policy",
            f"default-src 'none'; script-src 'self' 'nonce-{nonce}'; style-src 'self'; "
            "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )
        title = html.escape(f"{self.mine.player} · {self.server.title}", quote=False)
        self.finish(PHONE_PAGE.format(nonce=nonce, title=title))


class _PersonalAsset(_Personal):
    def get(self, _token: str, name: str) -> None:
        self.set_header("Content-Type", ASSETS[name])
        self.finish(self.server.asset(name))


class _Action(_Personal):
    """An action from a player's page: a small JSON body, within the link's rate, checked and
    run on the thread that owns the fight. Anything refused changes nothing."""

    def get(self, _token: str) -> None:
        raise tornado.web.HTTPError(405)

    async def post(self, _token: str) -> None:
        link = self.mine
        if not link.allow():
            raise tornado.web.HTTPError(429)
        kind = self.request.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise tornado.web.HTTPError(415)
        try:
            body = json.loads(self.request.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise tornado.web.HTTPError(400) from None
        if not isinstance(body, dict) or len(body) > 8:
            raise tornado.web.HTTPError(400)
        future = self.server.act(link, body)
        try:
            held = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), ACTION_WAIT)
        except TimeoutError:
            if future.cancel():  # it never ran: refused, nothing changed
                self._answer(503, "The GM's notebook is busy: try again.")
                return
            held = await asyncio.wrap_future(future)  # it is running: its verdict comes at once
        except NoKernelLoop as error:
            self._answer(503, str(error))
            return
        except RuleError as error:
            self._answer(409, str(error))
            return
        self._answer(200, "", held=held)

    def _answer(self, status: int, error: str, *, held: bool = False) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        answer: dict[str, Any] = {"ok": status == 200, "error": error[:300]}
        if held:
            answer["held"] = True
        self.finish(json.dumps(answer))


class _PersonalEvents(_Personal, _Events):
    """A player's own page's events: their view, with their character and what they may do."""


class NoKernelLoop(RuleError):
    """No event loop runs on the thread that owns the fight: actions cannot be handed to it."""


class _Server(tornado.httpserver.HTTPServer):
    """Tornado's HTTP server with at most ``MAX_CONNECTIONS`` connections open at once: one more
    is closed as it comes, before anything of it is read."""

    open_connections = 0

    def handle_stream(self, stream: tornado.iostream.IOStream, address: tuple[Any, ...]) -> None:
        if self.open_connections >= MAX_CONNECTIONS:
            stream.close()
            return
        self.open_connections += 1
        super().handle_stream(stream, address)

    def on_close(self, server_conn: object) -> None:
        self.open_connections -= 1
        super().on_close(server_conn)


#: The servers running in this process.
_RUNNING: set[PlayerServer] = set()


class PlayerServer:
    """The player page of ``encounter``, served at ``url`` until ``stop()``.

    ``options``: what the players see (``ViewOptions``); ``host``: the address to bind (127.0.0.1,
    or "0.0.0.0" for every interface, so a TV on the same network can connect); ``port``: 0 for
    any free one.
    """

    def __init__(
        self,
        encounter: Encounter[Any],
        options: ViewOptions | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        title: str = "Player view",
    ) -> None:
        encounter = check_encounter(encounter)
        if not isinstance(host, str) or not host.strip() or len(host) > 255:
            raise RuleError(f"Serve on a host name or address such as '0.0.0.0', not {host!r:.60}.")
        if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
            raise RuleError(
                f"A port is a whole number from 0 (any free port) to 65535, not {port!r:.60}."
            )
        if not isinstance(title, str):
            raise RuleError(f"A title is text, not {title!r:.60}.")
        self.options = options or ViewOptions()
        self.title = title[:120]
        self.token = secrets.token_urlsafe(TOKEN_BYTES)
        self.clients: set[_Events] = set()
        #: Each player's own link, by their character's name (``link``).
        self.links: dict[str, Link] = {}
        self._confirm = False
        #: The players' answers the GM holds (``confirm``), by their character's name.
        self.held: dict[str, Held] = {}
        #: Called (on the kernel's thread) whenever ``held`` changes: the GM screen follows it.
        self.on_held: Callable[[], None] | None = None
        #: The loop of the thread that owns the fight, where players' actions run.
        self._kernel_loop: asyncio.AbstractEventLoop | None = _running_loop()
        self._assets = {name: _read(STATIC / name) for name in ASSETS}
        self._feed = Feed(self.options)
        self._whole = b""
        self._stopped = False
        self._encounter = encounter
        self._unsubscribe: Callable[[], None] = lambda: None
        try:
            sockets = tornado.netutil.bind_sockets(port, address=host.strip())
        except OSError as error:
            raise RuleError(f"Cannot serve the player view on {host}:{port} ({error}).") from None
        self.host = host.strip()
        self.port: int = sockets[0].getsockname()[1]
        self._loop: tornado.ioloop.IOLoop | None = None
        self._refresh()  # the first view, before any page can ask
        started = threading.Event()
        self._thread = threading.Thread(
            target=self._run, args=(sockets, started), name="bpb-player-view", daemon=True
        )
        self._thread.start()
        if not started.wait(THREAD_WAIT):
            raise RuleError("The player view's server did not start.")
        self._unsubscribe = encounter.subscribe(self._changed)
        _RUNNING.add(self)
        atexit.register(self.stop)

    @staticmethod
    def serving(encounter: Encounter[Any], options: ViewOptions) -> list[PlayerServer]:
        """The servers running that show ``encounter`` as ``options`` say (the same page)."""
        return [s for s in _RUNNING if s._encounter is encounter and s.options == options]

    # -- the view ------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        """The page's address, token included."""
        host = self.host
        if host in ("0.0.0.0", "::", ""):
            host = socket.gethostname()
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}/?token={self.token}"

    @property
    def view(self) -> View | None:
        """The view last sent (what every page shows)."""
        return self._feed.view

    @property
    def running(self) -> bool:
        return not self._stopped

    def follow(self, encounter: Encounter[Any]) -> None:
        """Show another encounter (a fight loaded in the GM screen)."""
        encounter = check_encounter(encounter)
        self._unsubscribe()
        self._encounter = encounter
        self._unsubscribe = encounter.subscribe(self._changed)
        if not self._drop_held(lambda _held: True):  # answers to the fight before
            self._refresh()

    def _changed(self, _change: Change) -> None:
        if not self._drop_held(lambda held: held.moment != actions.moment(self._encounter)):
            self._refresh()

    def _refresh(self) -> None:
        """Project the encounter (on the thread that changed it) and push what changed."""
        if self._stopped:
            return
        sent = self._feed.update(self._encounter)
        if sent is not None:
            self._send(None, *sent)
        for link in list(self.links.values()):
            held = self.held.get(link.player)
            mine = link.feed.update(self._encounter, held.words if held is not None else None)
            if mine is not None:
                self._send(link, *mine)

    def _send(self, link: Link | None, whole: bytes, data: bytes) -> None:
        loop = self._loop
        if loop is None:
            self._publish(link, whole, data)
        else:
            loop.add_callback(self._publish, link, whole, data)

    def _publish(self, link: Link | None, whole: bytes, data: bytes) -> None:
        if link is None:
            self._whole = whole
        else:
            link.whole = whole
        for client in list(self.clients):
            if client.link is link:
                client.push(data)

    # -- players' own pages ---------------------------------------------------------------------

    def link(self, name: str) -> str:
        """A page of its own for the player of ``name`` (a visible character of the players'
        side): its URL, with a token of its own; a new link for the same character replaces the
        old one, whose pages are closed and whose token is refused from now on. Call it from the
        thread that owns the fight (a notebook cell): players' actions are run there."""
        if self._stopped:
            raise RuleError("The player view is not served: serve it again first.")
        enc = self._encounter
        if not isinstance(name, str) or not name.strip():
            raise RuleError(f"A link is for a character, named; not {name!r:.60}.")
        try:
            name = enc.combatant(name.strip()).name
        except RuleError:
            raise RuleError(
                f"There is no character called {name.strip()!r:.60} in this fight."
            ) from None
        shown = visible(enc, self.options)
        if name not in shown:
            raise RuleError(f"{name} is hidden from the players: reveal them before giving a link.")
        if enc.combatant(name).side not in players_sides(enc, self.options, shown):
            raise RuleError(
                f"{name} is not on the players' side: a link is for a player character."
            )
        self._kernel_loop = _running_loop() or self._kernel_loop
        old = self.links.get(name)
        link = Link(name, secrets.token_urlsafe(LINK_BYTES), Feed(self.options, name))
        sent = link.feed.update(enc)
        assert sent is not None
        link.whole = sent[0]
        self.links[name] = link
        if old is not None:
            self._revoke(old)
        return self.link_url(link)

    def link_url(self, link: Link) -> str:
        """The address of ``link``'s page (token included)."""
        return self.url.split("?", 1)[0] + f"p/{link.token}/"

    def revoke(self, name: str) -> None:
        """Close the player of ``name``'s page and refuse its token from now on."""
        link = self.links.pop(name, None)
        if link is not None:
            self._revoke(link)

    def _revoke(self, link: Link) -> None:
        link.revoked = True
        self._drop_held(lambda held: held.player == link.player)
        loop = self._loop
        if loop is not None:
            loop.add_callback(self._close_link, link)

    def _close_link(self, link: Link) -> None:
        for client in list(self.clients):
            if client.link is link:
                client.closed.set()  # the stream ends; its page's reconnection is refused

    def act(self, link: Link, body: dict[str, Any]) -> concurrent.futures.Future[bool]:
        """Hand ``link``'s action to the thread that owns the fight; its verdict comes back in
        the future (a ``RuleError``: refused, nothing changed; True: an answer held for the GM to
        confirm)."""
        verdict: concurrent.futures.Future[bool] = concurrent.futures.Future()
        loop = self._kernel_loop
        if loop is None or loop.is_closed() or not loop.is_running():
            verdict.set_exception(
                NoKernelLoop(
                    "Players' actions need the GM's notebook (a running kernel): this fight runs "
                    "in a plain script, where nothing can take them."
                )
            )
            return verdict

        def run() -> None:
            if not verdict.set_running_or_notify_cancel():
                return
            try:
                held = self._perform(link, body)
            except RuleError as error:
                verdict.set_exception(error)
            except Exception as error:  # never the kernel's problem: refused, logged
                log.exception("player view: an action failed")
                verdict.set_exception(RuleError(f"The action failed ({type(error).__name__})."))
            else:
                verdict.set_result(held)

        loop.call_soon_threadsafe(run)
        return verdict

    def _perform(self, link: Link, body: dict[str, Any]) -> bool:
        """Run ``link``'s action, or hold it when it answers a hit and the GM ``confirm``s
        answers (True); on the thread that owns the fight."""
        if link.revoked or self.links.get(link.player) is not link or self._stopped:
            raise RuleError("This link has been replaced: ask the GM for the new one.")
        stamp = body.get("stamp")
        if not isinstance(stamp, str):
            raise RuleError("An action carries the stamp of the page it was offered on.")
        if stamp in link.used:
            raise RuleError("This action was already sent.")
        if stamp != link.feed.stamp:
            raise RuleError("The fight has moved on: look again.")
        enc = self._encounter
        planned = actions.check(enc, link.player, set(visible(enc, self.options)), body)
        if planned.answer and self._confirm:
            moment = actions.moment(enc)
            self.held[link.player] = Held(link.player, dict(body), stamp, planned.words, moment)
            self._held_changed()
            return True
        actions.run(enc, planned)
        self._spend(link, stamp)
        return False

    def _spend(self, link: Link, stamp: str) -> None:
        """``link``'s action on ``stamp`` is taken: never taken again, and the page gets a new
        stamp even when the action changed nothing it shows."""
        link.use(stamp)
        if link.feed.stamp == stamp:
            enc, shown = self._encounter, visible(self._encounter, self.options)
            sent = link.feed.restamp(enc.current is not None and enc.current not in shown)
            if sent is not None:
                self._send(link, *sent)

    # -- answers held for the GM to confirm ------------------------------------------------------

    @property
    def confirm(self) -> bool:
        """Whether the GM confirms players' answers to hits: an answer a page sends is then
        held (``held``), not applied, until the GM confirms it (``confirm_answer``) or refuses it
        (``refuse_answer``); the GM may still answer in the player's place (which drops it)."""
        return self._confirm

    @confirm.setter
    def confirm(self, on: bool) -> None:
        if not isinstance(on, bool):
            raise RuleError(f"Confirm players' answers is True or False, not {on!r:.60}.")
        self._confirm = on
        if not on:
            self._drop_held(lambda _held: True)

    def confirm_answer(self, name: str) -> None:
        """Apply the answer held for ``name`` as their page sent it, checked again as it was
        then (refused, with the reason, if the fight has moved on; nothing changes)."""
        held = self._held_for(name)
        link = self.links.get(held.player)
        enc = self._encounter
        try:
            if link is None or link.revoked:
                raise RuleError(f"{possessive(held.player)} link has been replaced.")
            if held.moment != actions.moment(enc):
                raise RuleError("the fight has moved on.")
            planned = actions.check(enc, held.player, set(visible(enc, self.options)), held.body)
        except RuleError as error:
            self._drop_held(lambda h: h is held)
            raise RuleError(f"{possessive(held.player)} answer no longer holds: {error}") from None
        self._drop_held(lambda h: h is held)
        actions.run(enc, planned)  # refused by the engine: nothing changed, and nothing waits
        self._spend(link, held.stamp)

    def refuse_answer(self, name: str) -> None:
        """Drop the answer held for ``name``: their page offers the answers again."""
        held = self._held_for(name)
        self._drop_held(lambda h: h is held)

    def _held_for(self, name: object) -> Held:
        held = self.held.get(name) if isinstance(name, str) else None
        if held is None:
            raise RuleError(f"No answer from {name!r:.60} waits for the GM.")
        return held

    def _drop_held(self, which: Callable[[Held], bool]) -> bool:
        """Drop the held answers ``which`` finds, and show their pages the answers again (the
        pages refreshed: True)."""
        dropped = [name for name, held in self.held.items() if which(held)]
        for name in dropped:
            del self.held[name]
        if dropped:
            self._held_changed()
        return bool(dropped)

    def _held_changed(self) -> None:
        """The held answers changed: the players' pages and the GM's screen follow."""
        self._refresh()
        if self.on_held is not None:
            self.on_held()

    def whole(self) -> bytes:
        """The whole view as one event (what a page gets as it connects)."""
        return self._whole

    def asset(self, name: str) -> bytes:
        return self._assets[name]

    # -- the server's thread -----------------------------------------------------------------

    def _run(self, sockets: list[socket.socket], started: threading.Event) -> None:
        asyncio.set_event_loop(asyncio.new_event_loop())
        loop = tornado.ioloop.IOLoop.current()
        app = tornado.web.Application(
            [
                (r"/", _Page, {"server": self}),
                (r"/events", _Events, {"server": self}),
                (r"/(widgets\.js|widgets\.css)", _Asset, {"server": self}),
                (LINK_PATH + r"/", _PersonalPage, {"server": self}),
                (LINK_PATH + r"/events", _PersonalEvents, {"server": self}),
                (LINK_PATH + r"/action", _Action, {"server": self}),
                (LINK_PATH + r"/(widgets\.js|widgets\.css)", _PersonalAsset, {"server": self}),
            ],
            default_handler_class=_Missing,
            default_handler_args={"server": self},
            log_function=_quiet,
        )
        http = _Server(
            app,
            max_header_size=MAX_HEAD,
            max_body_size=MAX_BODY,
            max_buffer_size=MAX_HEAD + MAX_BODY,
            idle_connection_timeout=IDLE_TIMEOUT,
            body_timeout=BODY_TIMEOUT,
        )
        http.add_sockets(sockets)
        beat = tornado.ioloop.PeriodicCallback(self._beat, HEARTBEAT * 1000)
        beat.start()
        self._http, self._loop = http, loop
        loop.add_callback(started.set)
        try:
            loop.start()
        finally:
            beat.stop()
            loop.close(all_fds=True)

    def _beat(self) -> None:
        for client in list(self.clients):
            client.push(b": beat\n\n", beat=True)

    def stop(self) -> None:
        """Close the server and every page's connection (again: nothing happens)."""
        if self._stopped:
            return
        self._stopped = True
        for link in self.links.values():
            link.revoked = True
        _RUNNING.discard(self)
        self._unsubscribe()
        self._unsubscribe = lambda: None
        atexit.unregister(self.stop)
        loop = self._loop
        if loop is not None:
            loop.add_callback(self._shutdown)
            self._thread.join(THREAD_WAIT)

    async def _shutdown(self) -> None:
        self._http.stop()
        for client in list(self.clients):
            client.closed.set()
        self.clients.clear()
        await self._http.close_all_connections()
        tornado.ioloop.IOLoop.current().stop()

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return f"<PlayerServer {state} at http://{self.host}:{self.port}/>"


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        raise RuleError(
            f"The front end is not built ({path.name} is missing): run `npm run build`."
        ) from None


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running on this thread (a Jupyter kernel's, in a cell), or None (a plain
    script): players' actions are handed to it."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _quiet(handler: tornado.web.RequestHandler) -> None:
    """Log refused requests only (the token is never logged: the shared page's is in the query,
    a player's in the path, which is logged without it)."""
    status = handler.get_status()
    if status >= 400:
        path = re.sub(r"^/p/[^/]*", "/p/…", handler.request.path)
        log.info("player view: %s %s -> %s", handler.request.method, path, status)


#: The page: the widgets' bundle draws it (``startPlayerPage``) from the server's events. Its
#: links are relative, so it works under a path too (jupyter-server-proxy's: player/hub.py).
PAGE = """<!doctype html>
<html lang="en" data-bpb-player="page">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{title}</title>
<link rel="stylesheet" href="widgets.css?token={token}">
</head>
<body class="bpb-player-page">
<main id="bpb-player" aria-live="polite"><p class="bpb-player-status">Connecting…</p></main>
<script type="module" nonce="{nonce}">
import {{ startPlayerPage }} from "./widgets.js?token={token}";
startPlayerPage(document.getElementById("bpb-player"), "events?token={token}");
</script>
</body>
</html>
"""


#: A player's own page (a phone): the widgets' bundle draws it (``startPhonePage``); the token is
#: in the path, so every link is relative and carries it.
PHONE_PAGE = """<!doctype html>
<html lang="en" data-bpb-player="phone">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<link rel="stylesheet" href="widgets.css">
</head>
<body class="bpb-player-page bpb-phone-page">
<main id="bpb-player" aria-live="polite"><p class="bpb-player-status">Connecting…</p></main>
<script type="module" nonce="{nonce}">
import {{ startPhonePage }} from "./widgets.js";
startPhonePage(document.getElementById("bpb-player"), "events", "action");
</script>
</body>
</html>
"""
