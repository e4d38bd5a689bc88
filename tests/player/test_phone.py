"""A player's own page (a phone): its link, what it shows, and the actions it sends, checked in
the kernel (bpb_widgets/player/actions.py, server.py). Hostile requests are each refused, and
nothing changes: not the fight (``enc.to_json()``), not the GM's screen."""

from __future__ import annotations

import asyncio
import copy
import http.client
import json
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar
from urllib.parse import urlsplit

import pytest

from bpb_widgets import Encounter, GMScreen, PlayerView, RuleError
from bpb_widgets.player import server as server_module
from bpb_widgets.player.projection import project_player

T = TypeVar("T")


def fight() -> Encounter:
    """Blueshift and Monolith (players) against Ganyeka; Shade, hidden, acts last."""
    enc = Encounter(seed=3)
    enc.add("Blueshift", perception=4, agility=5, endurance=4, player=True, side="heroes")
    enc.add("Monolith", perception=3, endurance=5, player=True, side="heroes")
    enc.add("Ganyeka", perception=2, prowess=4, endurance=6, side="villains")
    enc.add("Shade", perception=1, endurance=6, side="villains", hidden=True)
    enc.set_order(["Blueshift", "Ganyeka", "Monolith", "Shade"])
    enc.start()
    return enc


class Kernel:
    """The kernel's thread: an event loop running on a thread of its own, as a Jupyter kernel's
    runs (its own thread here, so that the test's thread may have a loop of its own, as
    Playwright's). Whatever the kernel does (make a view, a link) is ``call``ed there; players'
    actions are run there by the server."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, work: Callable[[], T]) -> T:
        """``work()`` here (a request, from a player's phone)."""
        return work()

    def call(self, work: Callable[[], T]) -> T:
        """``work()`` on the kernel's thread, inside its running loop (as a notebook cell runs)."""

        async def inside() -> T:
            return work()

        return asyncio.run_coroutine_threadsafe(inside(), self.loop).result(30)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


class Phone:
    """One player's page: its link, and requests to it."""

    def __init__(self, url: str, kernel: Kernel) -> None:
        parts = urlsplit(url)
        self.port = parts.port
        self.path = parts.path
        self.kernel = kernel

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, bytes, dict[str, str]]:
        def send() -> tuple[int, bytes, dict[str, str]]:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            data = response.read()
            conn.close()
            return response.status, data, {k.lower(): v for k, v in response.getheaders()}

        return self.kernel.run(send)

    def act(self, action: str, stamp: str, **more: Any) -> tuple[int, dict[str, Any]]:
        body = json.dumps({"action": action, "stamp": stamp, **more}).encode()
        status, data, _ = self.request(
            "POST", self.path + "action", body, {"Content-Type": "application/json"}
        )
        return status, json.loads(data) if data.startswith(b"{") else {}


@pytest.fixture(autouse=True)
def generous(request, monkeypatch) -> None:
    """Room for a test's many requests, but in the flood test (which tests the rate)."""
    if "flood" not in request.node.name:
        monkeypatch.setattr(server_module, "RATE_BURST", 1000)


Table = tuple[Encounter, PlayerView, GMScreen, Kernel]


@pytest.fixture
def table() -> Iterator[Table]:
    yield from at_table(fight())


def at_table(enc: Encounter) -> Iterator[Table]:
    """``enc`` at the table: its player view made on the kernel's thread, and a GM screen."""
    kernel = Kernel()
    view = kernel.call(lambda: PlayerView(enc))
    screen = GMScreen(enc)
    yield enc, view, screen, kernel
    view.close()
    screen.close()
    kernel.close()


def you(view: PlayerView, name: str) -> dict[str, Any]:
    assert view.server is not None
    shown = view.server.links[name].feed.view  # as sent (the page gets it a moment later)
    assert shown is not None
    return shown["you"]


def unchanged(enc: Encounter, screen: GMScreen) -> Callable[[], None]:
    """A check that neither the fight nor the GM's screen changed since now."""
    saved, panels = enc.to_json(), copy.deepcopy(screen.panels)

    def check() -> None:
        assert enc.to_json() == saved
        assert screen.panels == panels

    return check


def link(kernel: Kernel, view: PlayerView, name: str) -> Phone:
    return Phone(kernel.call(lambda: view.link(name)), kernel)


# -- links ------------------------------------------------------------------------------------


def test_a_link_is_a_character_s_own_with_an_unguessable_token(table) -> None:
    _, view, _, kernel = table
    url = kernel.call(lambda: view.link("blueshift"))
    assert view.server is not None
    parts = urlsplit(url)
    assert parts.hostname == "127.0.0.1" and parts.query == ""
    token = parts.path.split("/")[2]
    assert len(token) == 32 and token != view.server.token  # 192 bits, its own
    assert view.server.links["Blueshift"].token == token
    other = urlsplit(kernel.call(lambda: view.link("Monolith"))).path.split("/")[2]
    assert other != token
    page = Phone(url, kernel).request("GET", parts.path)
    assert page[0] == 200 and b"startPhonePage" in page[1]
    assert "nonce-" in page[2]["content-security-policy"]
    assert "access-control-allow-origin" not in page[2]
    # the shared page's token opens no player's page
    shared = Phone(url, kernel).request("GET", f"/p/{view.server.token}/")
    assert shared[0] == 403


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Nobody", "no character called"),
        ("Ganyeka", "not on the players' side"),
        ("Shade", "hidden from the players"),
        ("", "named"),
    ],
)
def test_a_link_is_refused_for_who_is_not_a_visible_player_character(table, name, words) -> None:
    _, view, _, kernel = table
    with pytest.raises(RuleError, match=words):
        kernel.call(lambda: view.link(name))


def test_the_own_page_shows_the_character_and_nothing_hidden(table) -> None:
    enc, view, _, kernel = table
    kernel.call(lambda: view.link("Blueshift"))
    mine = you(view, "Blueshift")
    assert mine["name"] == "Blueshift"
    assert mine["health"]["label"] == "Endurance" and mine["plot_points"] == enc.plot_points(
        "Blueshift"
    )
    assert mine["sheet"]["agility"] == 5
    assert mine["actions"]["turn"] == ["end_turn", "delay"]
    assert "Shade" not in json.dumps(project_player(enc, None, "Blueshift"))
    enc.end_turn()
    enc.end_turn()
    enc.end_turn()  # Shade (hidden) acts: Blueshift's page stays as it was
    assert enc.current == "Shade"
    before = view.server.links["Blueshift"].feed.view  # type: ignore[union-attr]
    assert before is not None and "Shade" not in json.dumps(before)


# -- actions -------------------------------------------------------------------------------------


def test_end_turn_from_the_phone_moves_the_fight_on_and_is_logged(table) -> None:
    enc, view, screen, kernel = table
    phone = link(kernel, view, "Blueshift")
    status, answer = phone.act("end_turn", you(view, "Blueshift")["actions"]["stamp"])
    assert (status, answer) == (200, {"ok": True, "error": ""})
    assert enc.current == "Ganyeka"
    texts = [e.text for e in enc.log]
    assert texts[-1] == "Ganyeka's turn" and "Sent from Blueshift's phone:" in texts[-3:]
    assert screen.panels["strip"]["current"] == "Ganyeka"  # the GM's screen follows at once
    # the saved fight loads, the phone's action in it
    again = Encounter.from_json(enc.to_json())
    assert [e.text for e in again.log] == [e.text for e in enc.log]
    enc.undo()
    assert enc.current == "Blueshift"


def test_a_hit_is_answered_from_the_phone_as_on_the_gm_s_attack_panel(table) -> None:
    enc, view, screen, kernel = table
    phone = link(kernel, view, "Blueshift")
    enc.end_turn()
    enc.attack("Ganyeka", "Blueshift", rank=5, dice=[5, 6])
    assert enc.pending_attack is not None
    offer = you(view, "Blueshift")["actions"]
    hit = offer["hit"]
    assert hit["attacker"] == "Ganyeka" and offer["turn"] == []
    assert hit["offered"] == ["block", "dodge", "cover", "take"]
    assert hit["labels"]["dodge"] == "Dodge" and hit["dodge"]["success"][2] > 0
    attack = screen.panels["attack"]["answers"]  # the GM's panel offers the same, same odds
    assert hit["dodge"] == attack["dodge"] and hit["take"] == attack["take"]
    status, answer = phone.act("dodge", offer["stamp"], dice=[6, 6])
    assert status == 200, answer
    assert enc.pending_attack is None
    texts = [e.text for e in enc.log]
    assert "Answered from Blueshift's phone:" in texts
    assert any(
        "dodge" in t.lower() for t in texts[texts.index("Answered from Blueshift's phone:") :]
    )


# -- hostile ---------------------------------------------------------------------------------


def test_another_character_s_action_and_an_action_out_of_turn_are_refused(table) -> None:
    enc, view, screen, kernel = table
    blueshift = link(kernel, view, "Blueshift")
    monolith = link(kernel, view, "Monolith")
    stamp = you(view, "Monolith")["actions"]["stamp"]
    same = unchanged(enc, screen)
    assert monolith.act("end_turn", stamp)[0] == 409  # Blueshift's turn, not Monolith's
    assert monolith.act("delay", stamp)[0] == 409
    assert monolith.act("dodge", stamp)[0] == 409  # no hit waits for Monolith
    for action in ("undo", "remove", "add", "hide", "from_player", "take_delayed", "end_turn "):
        assert monolith.act(action, stamp)[0] == 409
    same()
    # a hit on Blueshift: Monolith's page cannot answer it
    enc.end_turn()
    enc.attack("Ganyeka", "Blueshift", rank=5, dice=[5, 6])
    same = unchanged(enc, screen)
    stamp = you(view, "Monolith")["actions"]["stamp"]
    assert monolith.act("take", stamp)[0] == 409
    assert blueshift.act("end_turn", stamp)[0] == 409  # a hit waits: no turn action
    same()


def test_forged_replayed_and_revoked_requests_are_refused(table) -> None:
    enc, view, screen, kernel = table
    phone = link(kernel, view, "Blueshift")
    stamp = you(view, "Blueshift")["actions"]["stamp"]
    forged = Phone(phone.path, kernel)
    forged.port = phone.port
    forged.path = f"/p/{secrets.token_urlsafe(24)}/"
    same = unchanged(enc, screen)
    assert forged.act("end_turn", stamp)[0] == 403
    assert phone.act("end_turn", "1.2.3")[0] == 409  # a stamp of another moment
    assert phone.act("end_turn", stamp + "x")[0] == 409
    same()
    assert phone.act("end_turn", stamp)[0] == 200
    enc.undo()  # the GM takes it back: the same request, replayed, is still refused
    same = unchanged(enc, screen)
    assert phone.act("end_turn", stamp)[0] == 409
    # a new link revokes the old one: its page, its events and its actions
    new = link(kernel, view, "Blueshift")
    assert new.path != phone.path
    assert phone.request("GET", phone.path)[0] == 403
    assert phone.request("GET", phone.path + "events")[0] == 403
    assert phone.act("end_turn", you(view, "Blueshift")["actions"]["stamp"])[0] == 403
    same()
    assert new.act("end_turn", you(view, "Blueshift")["actions"]["stamp"])[0] == 200


def test_bad_bodies_methods_and_headers_are_refused(table) -> None:
    enc, view, screen, kernel = table
    phone = link(kernel, view, "Blueshift")
    stamp = you(view, "Blueshift")["actions"]["stamp"]
    same = unchanged(enc, screen)
    action = phone.path + "action"
    good = json.dumps({"action": "end_turn", "stamp": stamp}).encode()
    assert phone.request("POST", action, good, {"Content-Type": "text/plain"})[0] == 415
    assert phone.request("POST", action, good)[0] == 415  # no type: not a form either
    json_type = {"Content-Type": "application/json"}
    assert phone.request("POST", action, b"{not json", json_type)[0] == 400
    assert phone.request("POST", action, b"[1, 2]", json_type)[0] == 400
    assert phone.request("POST", action, b"\xff\xfe", json_type)[0] == 400
    assert phone.act("end_turn", stamp, dice="66")[0] == 409
    assert phone.act("dodge", stamp, dice=list(range(100)))[0] == 409
    assert phone.request("GET", action)[0] == 405
    for method in ("PUT", "DELETE", "OPTIONS", "PATCH"):
        status, _, headers = phone.request(
            method, action, good, {**json_type, "Origin": "http://evil.example"}
        )
        assert status == 405 and not any(k.startswith("access-control") for k in headers)
    # the shared page takes no action at all
    assert view.server is not None
    assert phone.request("POST", f"/?token={view.server.token}", good, json_type)[0] == 405
    same()


def test_a_huge_body_is_refused_from_its_head(table) -> None:
    enc, view, screen, kernel = table
    phone = link(kernel, view, "Blueshift")
    same = unchanged(enc, screen)

    def huge() -> bytes:
        with socket.create_connection(("127.0.0.1", phone.port), timeout=5) as s:
            s.sendall(
                f"POST {phone.path}action HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                f"\r\nContent-Length: {40 * 1024 * 1024}\r\n\r\n".encode()
            )
            return s.recv(200)

    assert kernel.run(huge).startswith(b"HTTP/1.1 400")
    assert server_module.MAX_BODY <= 4096
    same()


def test_a_flood_of_requests_is_refused_past_the_rate(table) -> None:
    enc, view, screen, kernel = table
    phone = link(kernel, view, "Monolith")
    stamp = you(view, "Monolith")["actions"]["stamp"]
    same = unchanged(enc, screen)
    statuses = [phone.act("end_turn", stamp)[0] for _ in range(30)]
    assert statuses[: server_module.RATE_BURST] == [409] * server_module.RATE_BURST
    assert statuses.count(429) >= 30 - server_module.RATE_BURST - 2
    same()
    # the GM's own commands go on meanwhile, and another player's page is not slowed
    other = link(kernel, view, "Blueshift")
    assert other.act("end_turn", you(view, "Blueshift")["actions"]["stamp"])[0] == 200
    time.sleep(server_module.RATE_EVERY * 1.1)
    assert phone.act("end_turn", stamp)[0] == 409  # taken again, and refused on its merits


def test_without_a_kernel_loop_actions_are_refused_and_say_why() -> None:
    enc = fight()
    made: dict[str, Any] = {}

    def script() -> None:  # a plain script: no loop runs on its thread
        made["view"] = PlayerView(enc)
        made["url"] = made["view"].link("Blueshift")

    thread = threading.Thread(target=script)
    thread.start()
    thread.join(30)
    view = made["view"]
    try:
        kernel = Kernel()
        phone = Phone(made["url"], kernel)
        saved = enc.to_json()
        status, answer = phone.act("end_turn", you(view, "Blueshift")["actions"]["stamp"])
        assert status == 503 and "plain script" in answer["error"]
        assert enc.to_json() == saved
        kernel.close()
    finally:
        view.close()


def test_the_token_is_never_logged(table, caplog) -> None:
    _, view, _, kernel = table
    phone = link(kernel, view, "Blueshift")
    token = phone.path.split("/")[2]
    caplog.set_level("INFO", logger="bpb_widgets.player.server")
    phone.act("end_turn", "0.0.0")
    phone.request("GET", phone.path + "nothing")
    assert caplog.records and not any(token in r.getMessage() for r in caplog.records)


def test_the_gm_screen_lists_the_players_with_a_new_link_each(table) -> None:
    enc, _, _, kernel = table
    screen = kernel.call(lambda: GMScreen(enc))
    try:
        players = screen.panels["players"]["players"]
        assert [p["name"] for p in players] == ["Blueshift", "Monolith"]  # not Shade, not Ganyeka
        assert all(p["url"] == "" for p in players)
        kernel.call(lambda: screen.part("players").new_link("Blueshift"))
        first = screen.panels["players"]["players"][0]
        assert "/p/" in first["url"] and first["qr"].startswith("data:image/svg+xml")
        phone = Phone(first["url"], kernel)
        stamp = screen.player_page.server.links["Blueshift"].feed.view["you"]["actions"]["stamp"]
        kernel.call(lambda: screen.part("players").new_link("Blueshift"))
        second = screen.panels["players"]["players"][0]
        assert second["url"] != first["url"]
        assert phone.act("end_turn", stamp)[0] == 403  # the link before is refused
        assert Phone(second["url"], kernel).act("end_turn", stamp)[0] == 200
        assert enc.current == "Ganyeka"
        with pytest.raises(RuleError):
            kernel.call(lambda: screen.part("players").new_link("Ganyeka"))
        # New link opened the player page: Files shows it; closing it there ends every link
        assert screen.panels["files"]["player_url"] == screen.player_page.url != ""
        kernel.call(lambda: screen.part("files").player_page(False))
        assert [p["url"] for p in screen.panels["players"]["players"]] == ["", ""]
        assert screen.panels["files"]["player_url"] == ""
    finally:
        screen.close()


def test_a_delayed_turn_is_taken_from_the_phone(table) -> None:
    enc, view, _, kernel = table
    phone = link(kernel, view, "Blueshift")
    assert phone.act("delay", you(view, "Blueshift")["actions"]["stamp"])[0] == 200
    assert enc.current == "Ganyeka" and enc.turn_state("Blueshift").delaying
    offer = you(view, "Blueshift")["actions"]
    assert offer["turn"] == ["take_delayed"]
    assert phone.act("end_turn", offer["stamp"])[0] == 409  # not their turn
    assert phone.act("take_delayed", offer["stamp"])[0] == 200
    assert enc.current == "Blueshift"
    assert "Sent from Blueshift's phone:" in [e.text for e in enc.log][-3:]


def test_behind_a_hub_the_link_goes_through_the_proxy(table, monkeypatch) -> None:
    _, view, _, kernel = table
    from bpb_widgets.player import hub

    monkeypatch.setattr(
        hub, "proxied_url", lambda port, token: f"/user/ann/proxy/{port}/?token={token}"
    )
    url = kernel.call(lambda: view.link("Blueshift"))
    assert view.server is not None
    token = view.server.links["Blueshift"].token
    assert url == f"/user/ann/proxy/{view.server.port}/p/{token}/"


def test_a_plot_point_buys_the_dodge_from_the_phone(table) -> None:
    enc, view, _, kernel = table
    phone = link(kernel, view, "Blueshift")
    enc.end_turn()
    enc.attack("Ganyeka", "Blueshift", rank=5, dice=[5, 6])
    offer = you(view, "Blueshift")["actions"]
    points = enc.plot_points("Blueshift")
    assert offer["hit"]["plot"]["points"] == points > 0
    same = enc.to_json()
    assert phone.act("take", offer["stamp"], plot_point=True)[0] == 409  # no roll to buy
    assert phone.act("dodge", offer["stamp"], plot_point="yes")[0] == 409
    assert enc.to_json() == same
    assert phone.act("dodge", offer["stamp"], plot_point=True)[0] == 200
    assert enc.plot_points("Blueshift") == points - 1 and enc.pending_attack is None


def test_a_change_hidden_from_the_player_leaves_their_page_and_its_stamp(table) -> None:
    """The GM marks hidden Shade prone: Blueshift's page gets no event at all (not even the
    timing of it shows) and its offer still holds."""
    enc, view, _, kernel = table
    phone = link(kernel, view, "Blueshift")
    assert view.server is not None
    feed = view.server.links["Blueshift"].feed
    version, stamp = feed.version, you(view, "Blueshift")["actions"]["stamp"]
    enc.add_condition("Shade", "prone")
    assert (feed.version, you(view, "Blueshift")["actions"]["stamp"]) == (version, stamp)
    assert phone.act("end_turn", stamp)[0] == 200


def test_after_the_gm_undoes_an_answer_the_player_answers_again(table) -> None:
    """Blueshift dodges from the phone; the GM takes it back: the page offers the answers again
    on a new stamp, which works (the one before stays refused)."""
    enc, view, _, kernel = table
    phone = link(kernel, view, "Blueshift")
    enc.end_turn()
    enc.attack("Ganyeka", "Blueshift", rank=5, dice=[5, 6])
    before = you(view, "Blueshift")["actions"]["stamp"]
    assert phone.act("dodge", before, dice=[6, 6])[0] == 200
    enc.undo()
    offer = you(view, "Blueshift")["actions"]
    assert offer["hit"] is not None and offer["stamp"] != before
    assert phone.act("take", before)[0] == 409
    assert phone.act("take", offer["stamp"])[0] == 200
    assert enc.pending_attack is None


def test_an_action_that_changes_nothing_the_player_sees_spends_its_stamp(table) -> None:
    """Blueshift attacks from the phone and misses: nothing they see changes, but the stamp
    the attack carried is spent and the page gets a new one (End turn works from it)."""
    enc, view, _, kernel = table
    enc.edit("Blueshift", attacks=[{"name": "Blast", "rank": 5}])
    phone = link(kernel, view, "Blueshift")
    offer = you(view, "Blueshift")["actions"]
    attack = offer["attack"]
    assert attack is not None
    body = {"attack": attack["attacks"][0]["name"], "target": "Ganyeka", "dice": [1, 1]}
    assert phone.act("attack", offer["stamp"], **body)[0] == 200
    after = you(view, "Blueshift")["actions"]
    assert after["stamp"] != offer["stamp"] and after["turn"] == ["end_turn", "delay"]
    assert phone.act("attack", offer["stamp"], **body)[0] == 409
    assert phone.act("end_turn", after["stamp"])[0] == 200
    assert enc.current == "Ganyeka"
