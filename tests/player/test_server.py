"""The player page's server (bpb_widgets/player/server.py): the token, GET only, server-sent
events soon after a GM action, reconnecting, stopping; from a plain Python script too."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from bpb_widgets import Encounter, RuleError
from bpb_widgets.player import PlayerServer
from bpb_widgets.player import server as server_module
from tests.player.test_projection import fight

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def served() -> Iterator[tuple[Encounter, PlayerServer]]:
    enc = fight()
    server = PlayerServer(enc)
    yield enc, server
    server.stop()


def get(server: PlayerServer, path: str, method: str = "GET") -> tuple[int, bytes, dict[str, str]]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    conn.request(method, path, body=b"x" if method == "POST" else None)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, body, dict(response.getheaders())


class Stream:
    """A page's event stream, read line by line."""

    def __init__(self, server: PlayerServer) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        self.conn.request("GET", f"/events?token={server.token}")
        self.response = self.conn.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type", "").startswith("text/event-stream")

    def next(self) -> tuple[str, dict[str, object]]:
        """The next event: its type and data."""
        fields: dict[str, str] = {}
        while True:
            line = self.response.fp.readline().decode().rstrip("\n")
            if not line:
                if "data" in fields:
                    return fields.get("event", "message"), json.loads(fields["data"])
                continue
            if line.startswith(":"):
                continue
            key, _, value = line.partition(": ")
            fields[key] = value

    def close(self) -> None:
        self.conn.close()


def test_the_url_has_an_unguessable_token_and_the_server_binds_to_loopback(served) -> None:
    _, server = served
    parts = urlsplit(server.url)
    assert parts.hostname == "127.0.0.1" and parts.port == server.port
    token = parts.query.removeprefix("token=")
    assert token == server.token and len(token) >= 32  # 192 bits, URL-safe base64
    with PlayerServerStopped(fight()) as other:
        assert other.token != token


def test_a_wrong_or_missing_token_is_refused(served) -> None:
    _, server = served
    for path in ("/", "/?token=", f"/?token={server.token[:-1]}", "/events", "/widgets.js",
                 f"/events?token={server.token}x", "/nowhere"):  # fmt: skip
        status, body, _ = get(server, path)
        assert status == 403, path
        assert server.token.encode() not in body
    status, body, headers = get(server, f"/?token={server.token}")
    assert status == 200 and b"startPlayerPage" in body
    assert "nonce-" in headers["Content-Security-Policy"]
    assert get(server, f"/widgets.js?token={server.token}")[0] == 200
    assert get(server, f"/nowhere?token={server.token}")[0] == 404


def test_no_command_is_ever_accepted(served) -> None:
    enc, server = served
    before = enc.to_json()
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        for path in ("/", "/events"):
            assert get(server, f"{path}?token={server.token}", method)[0] == 405
            assert get(server, path, method)[0] == 403
    assert enc.to_json() == before


def test_an_update_reaches_the_page_soon_after_end_turn(served) -> None:
    enc, server = served
    stream = Stream(server)
    kind, view = stream.next()
    assert kind == "full" and view["current"] == "Blueshift" and "Shade" not in json.dumps(view)
    enc.end_turn()  # Shade's turn: nothing the players see
    enc.end_turn()
    began = time.perf_counter()
    kind, patch = stream.next()
    assert time.perf_counter() - began < 0.2
    assert kind == "patch" and patch["set"]["current"] == "Ganyeka"
    stream.close()


def test_a_page_that_reconnects_gets_the_whole_view_again(served) -> None:
    enc, server = served
    first = Stream(server)
    first.next()
    first.close()  # the connection drops
    enc.end_turn()
    enc.end_turn()
    time.sleep(0.05)
    second = Stream(server)
    kind, view = second.next()
    assert kind == "full" and view == server.view and view["current"] == "Ganyeka"
    enc.end_turn()
    assert second.next()[0] == "patch"
    deadline = time.monotonic() + 2
    while len(server.clients) > 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(server.clients) == 1  # the dropped page is forgotten
    second.close()


def test_stop_closes_the_server_and_its_pages() -> None:
    enc = fight()
    server = PlayerServer(enc)
    stream = Stream(server)
    stream.next()
    server.stop()
    assert not server.running
    assert stream.response.fp.read().strip() in (b"", b"0")  # the stream ended
    with pytest.raises(OSError):
        get(server, f"/?token={server.token}")
    enc.end_turn()  # no longer followed
    server.stop()  # again: nothing happens


def test_bad_hosts_and_ports_are_refused() -> None:
    enc = fight()
    for host, port in (("", 0), ("127.0.0.1", -1), ("127.0.0.1", 70000), (3, 0), ("x" * 300, 0)):
        with pytest.raises(RuleError):
            PlayerServer(enc, host=host, port=port)  # type: ignore[arg-type]
    with pytest.raises(RuleError):
        PlayerServer(None)  # type: ignore[arg-type]
    with PlayerServerStopped(enc) as taken, pytest.raises(RuleError, match="Cannot serve"):
        PlayerServer(enc, port=taken.port)


class PlayerServerStopped:
    """A server for the length of a ``with``."""

    def __init__(self, enc: Encounter) -> None:
        self.server = PlayerServer(enc)

    def __enter__(self) -> PlayerServer:
        return self.server

    def __exit__(self, *exc: object) -> None:
        self.server.stop()


SCRIPT = """
import sys, urllib.request
from bpb_widgets import Encounter
from bpb_widgets.widgets import PlayerView
enc = Encounter(seed=1)
enc.add("Blueshift", perception=4, player=True)
enc.add("Shade", perception=2, hidden=True)
view = PlayerView(enc)
url = view.serve()
page = urllib.request.urlopen(url, timeout=5).read()
events = urllib.request.urlopen(url.replace("/?", "/events?"), timeout=5)
for line in events:
    if line.startswith(b"data:"):
        print("DATA", line.decode().strip())
        break
"""


def test_it_serves_from_a_plain_python_script_and_closes_as_the_script_ends() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60, env=env
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Player view: http://127.0.0.1:") and "?token=" in lines[0]
    assert lines[1].startswith("DATA") and "Blueshift" in lines[1] and "Shade" not in lines[1]


def test_the_view_follows_a_new_fight_at_the_same_address() -> None:
    from bpb_widgets.widgets import PlayerView

    first, second = fight(), Encounter(seed=2)
    second.add("Widow", perception=3, player=True)
    view = PlayerView(first)
    url = view.serve(quiet=True)
    server = view.server
    assert server is not None
    stream = Stream(server)
    stream.next()
    view.rebind(second)
    kind, patch = stream.next()
    assert kind == "patch" and patch["set"]["order"] == ["Widow"]
    first.end_turn()  # the old fight is no longer followed
    second.start()
    assert stream.next()[1]["set"]["current"] == "Widow"
    assert view.server is server and server.url == url
    view.close()
    assert not server.running and view.server is None
    stream.close()


def raw(server: PlayerServer, head: str = "", *, buffer: int | None = None) -> socket.socket:
    """A connection to ``server`` that sends ``head`` (if any) and reads nothing yet."""
    conn = socket.socket()
    if buffer is not None:
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, buffer)
    conn.settimeout(5)
    conn.connect(("127.0.0.1", server.port))
    if head:
        conn.sendall(head.encode())
    return conn


def closed_by_server(conn: socket.socket, within: float) -> bool:
    """Whether the server closes ``conn`` (after any answer) within ``within`` seconds."""
    conn.settimeout(within)
    try:
        while conn.recv(65536):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def test_a_body_is_refused_before_it_is_read(served) -> None:
    """Issue 33, point 3: a 40 MB body, with a wrong token, is refused from its head: the server
    answers before a byte of it is sent, and closes the connection (no kernel memory spent)."""
    _, server = served
    for head in (
        "POST /?token=wrong HTTP/1.1\r\nHost: x\r\nContent-Length: 40000000\r\n\r\n",
        f"GET /?token={server.token} HTTP/1.1\r\nHost: x\r\nContent-Length: 40000000\r\n\r\n",
    ):
        conn = raw(server, head)
        conn.settimeout(2)
        assert conn.recv(100).startswith(b"HTTP/1.1 400"), head
        assert closed_by_server(conn, 2)
    conn = raw(
        server, "POST /?token=wrong HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    sent = 0
    with pytest.raises(OSError):  # refused once past the limit, long before 40 MB
        while sent < 40_000_000:
            conn.sendall(b"10000\r\n" + b"x" * 0x10000 + b"\r\n")
            sent += 0x10000
    assert sent < 4_000_000
    assert get(server, f"/?token={server.token}")[0] == 200  # the page still loads
    assert get(server, "/?token=wrong", "POST")[0] == 403  # a small body: the token decides


def test_connections_are_capped_and_idle_ones_time_out(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 33, point 4: idle connections without a token, more than a server may hold: the
    extra ones are closed as they come, the idle ones within seconds, the page loads again after,
    and the GM's commands (a save included) are never refused because of them."""
    monkeypatch.setattr(server_module, "IDLE_TIMEOUT", 0.5)
    enc = fight()
    server = PlayerServer(enc)
    try:
        idle = [raw(server) for _ in range(server_module.MAX_CONNECTIONS)]
        time.sleep(0.1)
        extra = [raw(server) for _ in range(20)]
        assert all(closed_by_server(conn, 1) for conn in extra)
        enc.end_turn()
        enc.save(tmp_path / "fight.json")
        assert all(closed_by_server(conn, 3) for conn in idle)  # idle: closed within seconds
        assert get(server, f"/?token={server.token}")[0] == 200
        for conn in idle + extra:
            conn.close()
    finally:
        server.stop()
    assert server_module.IDLE_TIMEOUT < 60 and server_module.MAX_CONNECTIONS <= 128


def test_a_page_that_never_reads_holds_one_event_then_gets_the_newest_view(served) -> None:
    """Issue 33, point 5: four event streams that never read while the GM ends 2,000 turns.
    Each holds at most one event in the kernel; read at last, a stream brings a few events, the
    newest view whole last, not 2,000 patches."""
    enc, server = served
    head = f"GET /events?token={server.token} HTTP/1.1\r\nHost: x\r\n\r\n"
    streams = [raw(server, head, buffer=4096) for _ in range(4)]
    deadline = time.monotonic() + 5
    while len(server.clients) < 4 and time.monotonic() < deadline:
        time.sleep(0.02)
    for client in server.clients:  # a small send buffer too: the kernel's side fills at once
        client.request.connection.stream.socket.setsockopt(  # type: ignore[attr-defined]
            socket.SOL_SOCKET, socket.SO_SNDBUF, 4096
        )
    for _ in range(2000):
        enc.end_turn()
    time.sleep(0.3)
    newest = f"id: {server._feed.version}\n".encode()
    for conn in streams:
        received = b""
        conn.settimeout(5)
        while not ((body := unchunked(received)) and newest in body and body.endswith(b"\n\n")):
            received += conn.recv(65536)
        assert body.count(b"\nevent: ") < 200
        last = body.rstrip(b"\n").rsplit(b"\n\n", 1)[-1].split(b"\n")
        assert last[:2] == [newest.rstrip(b"\n"), b"event: full"]
        assert json.loads(last[2].removeprefix(b"data: ")) == server.view
        conn.close()


def unchunked(received: bytes) -> bytes:
    """The body of an HTTP response read raw, as far as its chunks have come whole."""
    rest = received.partition(b"\r\n\r\n")[2]
    body = b""
    while b"\r\n" in rest:
        size, _, rest = rest.partition(b"\r\n")
        length = int(size, 16)
        if len(rest) < length + 2:
            break
        body, rest = body + rest[:length], rest[length + 2 :]
    return body


def test_one_server_per_view_and_per_fight_and_options() -> None:
    """Issue 33, point 6: ``PlayerView(enc).serve()`` five times (a notebook cell run again),
    dropping each view: one server is left, on one thread, and only its token is taken; serving
    a view again replaces its server (the old address refused), and so does serving another
    view of the same fight with the same options. Another view of the fight (other options) keeps
    its own."""
    from bpb_widgets.widgets import PlayerView

    def threads() -> int:
        return sum(t.name == "bpb-player-view" and t.is_alive() for t in threading.enumerate())

    enc = fight()
    before = threads()
    urls = [PlayerView(enc).serve(quiet=True) for _ in range(5)]
    assert threads() == before + 1
    for url in urls[:-1]:
        with pytest.raises(OSError):
            urllib.request.urlopen(url, timeout=2)
    assert urllib.request.urlopen(urls[-1], timeout=2).status == 200
    view = PlayerView(enc)
    first = view.serve(quiet=True)
    with pytest.raises(OSError):
        urllib.request.urlopen(urls[-1], timeout=2)
    villains = PlayerView(enc, players="villains")
    theirs = villains.serve(quiet=True)
    again = view.serve(quiet=True)
    assert again != first and threads() == before + 2
    with pytest.raises(OSError):
        urllib.request.urlopen(first, timeout=2)
    assert urllib.request.urlopen(again, timeout=2).status == 200
    assert urllib.request.urlopen(theirs, timeout=2).status == 200
    view.close()
    villains.close()
    assert threads() == before
