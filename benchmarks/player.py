"""Player view figures, each with its baseline measured in the same run.

Bytes per update: what one End turn sends to the player page (a server-sent patch event) and to
the player widget, against what the GM screen sends for the same End turn; and the page's first
event against the GM screen's first sync. Latency, in the system Chromium: from a GM action in
Python (``enc.end_turn()``) to the player page's repaint (the frame after the DOM changed),
median of interleaved runs, against a bare tornado server-sent-events page that only writes a
counter (the floor of the transport); and the time to project a fight of 5 and of 500 combatants.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import tornado.httpserver
import tornado.ioloop
import tornado.netutil
import tornado.web

from benchmarks.engine import fight
from benchmarks.widgets import end_turn_bytes, first_sync_bytes, wire
from bpb_widgets.player import Feed, PlayerServer, project
from bpb_widgets.widgets import PlayerView

Figure = tuple[str, float, str]
UPDATES = 20
LATENCY_RUNS = 30
BIG = 500


def page_bytes(combatants: int) -> tuple[float, float]:
    """The page's first event and the mean bytes of its events per End turn."""
    enc = fight(combatants)
    feed = Feed()
    first = feed.update(enc)
    assert first is not None
    sizes = []
    for _ in range(UPDATES):
        enc.end_turn()
        sent = feed.update(enc)
        sizes.append(0 if sent is None else len(sent[1]))
    return float(len(first[0])), statistics.mean(sizes)


def widget_bytes(combatants: int) -> float:
    """Mean bytes the player widget sends per End turn."""
    enc = fight(combatants)
    with wire() as sizes:
        view = PlayerView(enc)
        sizes.clear()
        for _ in range(UPDATES):
            enc.end_turn()
    view.close()
    return sum(sizes) / UPDATES


def project_ms(combatants: int) -> float:
    """Best of 5: milliseconds to project a fight of ``combatants``."""
    enc = fight(combatants)
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        project(enc)
        best = min(best, (time.perf_counter() - start) * 1000)
    return best


def kernel_figures() -> list[Figure]:
    first_page, per_turn_page = page_bytes(5)
    _, per_turn_page_big = page_bytes(BIG)
    gm_turn = end_turn_bytes(fight(5))
    gm_first = first_sync_bytes(fight(5))
    widget_turn = widget_bytes(5)
    small, big = project_ms(5), project_ms(BIG)
    return [
        ("bytes per End turn, player page event, 5 combatants", per_turn_page, "B"),
        ("bytes per End turn, player widget, 5 combatants", widget_turn, "B"),
        ("bytes per End turn, GM screen (baseline), 5 combatants", gm_turn, "B"),
        ("  ratio player page / GM screen", per_turn_page / gm_turn, "x"),
        ("  ratio player widget / GM screen", widget_turn / gm_turn, "x"),
        (f"bytes per End turn, player page event, {BIG} combatants", per_turn_page_big, "B"),
        (f"  ratio {BIG} / 5 combatants", per_turn_page_big / per_turn_page, "x"),
        ("player page's first event, 5 combatants", first_page, "B"),
        ("GM screen's first sync (baseline), 5 combatants", gm_first, "B"),
        ("  ratio player page / GM screen", first_page / gm_first, "x"),
        ("project a fight of 5 combatants", small, "ms"),
        (f"project a fight of {BIG} combatants", big, "ms"),
        (f"  ratio {BIG} / 5", big / small, "x"),
    ]


# -- the browser -------------------------------------------------------------------------------

BARE_PAGE = b"""<!doctype html><html><body><p id=n>0</p><script>
const n = document.getElementById("n");
const source = new EventSource("/events");
source.onmessage = (event) => {
  n.textContent = event.data;
  requestAnimationFrame(() => {
    n.dataset.version = event.data;
    n.dataset.paintedAt = String(performance.timeOrigin + performance.now());
  });
};
</script></body></html>"""


class Bare:
    """A bare tornado server-sent-events page on its own thread: ``push()`` sends a counter."""

    def __init__(self) -> None:
        self.clients: list[tornado.web.RequestHandler] = []
        self.count = 0
        sockets = tornado.netutil.bind_sockets(0, address="127.0.0.1")
        self.port = sockets[0].getsockname()[1]
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(sockets, ready), daemon=True)
        self.thread.start()
        ready.wait(10)

    def _run(self, sockets: list, ready: threading.Event) -> None:  # type: ignore[type-arg]
        asyncio.set_event_loop(asyncio.new_event_loop())
        bare = self

        class Page(tornado.web.RequestHandler):
            def get(self) -> None:
                self.finish(BARE_PAGE)

        class Events(tornado.web.RequestHandler):
            async def get(self) -> None:
                self.set_header("Content-Type", "text/event-stream")
                bare.clients.append(self)
                await self.flush()
                await asyncio.Event().wait()

        app = tornado.web.Application(
            [(r"/", Page), (r"/events", Events)], log_function=lambda _handler: None
        )
        tornado.httpserver.HTTPServer(app).add_sockets(sockets)
        self.loop = tornado.ioloop.IOLoop.current()
        self.loop.add_callback(ready.set)
        self.loop.start()

    def push(self) -> None:
        self.count += 1
        data = f"data: {self.count}\n\n".encode()

        def send() -> None:
            for client in self.clients:
                client.write(data)
                client.flush()

        self.loop.add_callback(send)

    def stop(self) -> None:
        self.loop.add_callback(self.loop.stop)
        self.thread.join(5)


def repaint_ms(page, root: str, act: Callable[[], object]) -> float:  # type: ignore[no-untyped-def]
    """Milliseconds from ``act()`` (in Python) to the page's repaint."""
    before = page.eval_on_selector(root, "el => el.dataset.version || ''")
    start = time.time() * 1000
    act()
    page.wait_for_function(
        "([root, before]) => (document.querySelector(root).dataset.version || '') !== before",
        arg=[root, before],
        timeout=10_000,
    )
    painted = float(page.eval_on_selector(root, "el => el.dataset.paintedAt"))
    return painted - start


def browser_figures() -> list[Figure]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "ui"))
    from lab import CHROMIUM, launch
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        print(f"player: {CHROMIUM} missing, browser figures skipped", file=sys.stderr)
        return []
    enc = fight(5)
    server = PlayerServer(enc)
    bare = Bare()
    ours, floor = [], []
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            player = browser.new_page()
            player.goto(server.url)
            player.wait_for_function("() => document.querySelector('#bpb-player').dataset.version")
            plain = browser.new_page()
            plain.goto(f"http://127.0.0.1:{bare.port}/")
            plain.wait_for_function("() => document.querySelector('#n')")
            time.sleep(0.2)
            for _ in range(LATENCY_RUNS):  # interleaved
                ours.append(repaint_ms(player, "#bpb-player", enc.end_turn))
                floor.append(repaint_ms(plain, "#n", bare.push))
            browser.close()
    finally:
        server.stop()
        bare.stop()
    mine, base = statistics.median(ours), statistics.median(floor)
    return [
        ("GM action (end_turn) to player page repaint, median", mine, "ms"),
        ("bare tornado SSE push to repaint (baseline), median", base, "ms"),
        ("  ratio player page / bare (goal: total < 200 ms)", mine / base, "x"),
    ]


def run() -> list[Figure]:
    figures = kernel_figures()
    try:
        figures += browser_figures()
    except ImportError as error:
        print(f"player: {error}; browser figures skipped", file=sys.stderr)
    return figures


if __name__ == "__main__":
    for name, value, unit in run():
        print(f"  {name:<66} {value:>10.2f} {unit}")
