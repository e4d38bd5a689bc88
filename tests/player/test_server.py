"""The player page's server (bpb_widgets/player/server.py): the token, GET only, server-sent
events soon after a GM action, reconnecting, stopping; from a plain Python script too."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from bpb_widgets import Encounter, RuleError
from bpb_widgets.player import PlayerServer
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
