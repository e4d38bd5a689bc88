"""Player view figures, each with its baseline measured in the same run.

Bytes per update: what one End turn sends to the player page (a server-sent patch event) and to
the player widget, against what the GM screen sends for the same End turn; and the page's first
event against the GM screen's first sync. Latency, in the system Chromium: from a GM action in
Python (``enc.end_turn()``) to the player page's repaint (the frame after the DOM changed),
median of interleaved runs, against a bare tornado server-sent-events page that only writes a
counter (the floor of the transport); and the time to project a fight of 5 and of 500 combatants.

A player's tap (issue 37): a GM screen in a real JupyterLab page and Blueshift's phone page at
360 px in the same Chromium; from the tap on "End turn" on the phone (its click event) to the GM
screen showing the next combatant's turn (the frame after the strip changed), against the GM's
own click on the strip's "End turn" for the same turn, interleaved; both pages' clocks are
``performance.timeOrigin + performance.now()``. The ratio comes with its bootstrap interval.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import tornado.httpserver
import tornado.ioloop
import tornado.netutil
import tornado.web

from benchmarks.engine import fight
from benchmarks.kits import use_browser_kits
from benchmarks.stats import interval_rows
from benchmarks.widgets import end_turn_bytes, first_sync_bytes, wire
from bpb_widgets.player import Feed, PlayerServer, project
from bpb_widgets.player.server import RATE_EVERY
from bpb_widgets.widgets import PlayerView

Figure = tuple[str, float, str]
UPDATES = 20
LATENCY_RUNS = 30
#: Taps on the phone, and clicks on the GM screen, each.
TAP_RUNS = 20
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
    use_browser_kits()
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


# -- a player's tap, against the GM's click ------------------------------------------------------

#: The GM's notebook: Blueshift (a player) and Ganyeka take turns; the GM screen, and a page of
#: Blueshift's own.
TAP_SETUP = """
from bpb_widgets import Encounter
from bpb_widgets.widgets import GMScreen, PlayerView
enc = Encounter(seed=5)
enc.add("Blueshift", perception=4, agility=5, endurance=4, player=True, side="heroes")
enc.add("Ganyeka", perception=2, prowess=4, endurance=6, side="villains")
enc.set_order(["Blueshift", "Ganyeka"])
enc.start()
players = PlayerView(enc)
GMScreen(enc)
"""
#: In the GM's page: ``window.__painted`` resolves with the time (ms since the epoch) of the
#: frame after the strip shows ``name``'s turn; ``window.__clicked`` holds when the page next gets
#: a click.
ARM_GM = """(name) => {
    const strip = document.querySelector(".bpb-chips");
    const current = () => strip.querySelector("[aria-current=true] .bpb-chip-name")?.textContent;
    window.__painted = new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error(`the GM screen did not show ${name}'s turn`)), 10000);
        const observer = new MutationObserver(() => {
            if (current() !== name) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
        });
        const all = {subtree: true, childList: true, attributes: true, characterData: true};
        observer.observe(strip, all);
    });
    document.addEventListener("click", () => {
        window.__clicked = performance.timeOrigin + performance.now();
    }, {capture: true, once: true});
}"""
#: In the phone's page: ``window.__clicked`` holds when the page next gets a click (a tap's).
ARM_PHONE = """() => document.addEventListener("click", () => {
    window.__clicked = performance.timeOrigin + performance.now();
}, {capture: true, once: true})"""


def tap_figures() -> list[Figure]:
    """Milliseconds from a tap on the phone's End turn to the GM screen's repaint, against the
    GM's own click on the strip's End turn (medians of interleaved runs), and their ratio."""
    use_browser_kits()
    from lab import AS_SHIPPED, CHROMIUM, LabServer, launch, open_notebook
    from playwright.sync_api import Locator, Page, sync_playwright

    if not Path(CHROMIUM).exists():
        print(f"player: {CHROMIUM} missing, the tap figures skipped", file=sys.stderr)
        return []
    tapped: list[float] = []
    clicked: list[float] = []

    def timed(gm: Page, page: Page, name: str, act: Callable[[], None]) -> float:
        """``act()`` on ``page``: from its click to the GM screen showing ``name``'s turn."""
        gm.evaluate(ARM_GM, name)
        if page is not gm:
            page.evaluate(ARM_PHONE)
        act()
        painted = float(gm.evaluate("() => window.__painted"))
        return painted - float(page.evaluate("() => window.__clicked"))

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = LabServer(Path(tmp) / "root", Path(tmp) / "home", AS_SHIPPED)
        browser = launch(playwright)
        try:
            book = open_notebook(server, browser, "taps.ipynb", width=1400)
            out = book.run_cell(TAP_SETUP, wait_for=".bpb-chip")
            gm = book.page
            end_turn: Locator = out.get_by_role("region", name="Order of play").get_by_role(
                "button", name="End turn", exact=True
            )
            url = book.kernel("print(players.link('Blueshift'))").strip()
            context = browser.new_context(
                viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
            )
            phone = context.new_page()
            phone.goto(url)
            mine = phone.get_by_role("button", name="End turn", exact=True)

            def gm_click(name: str) -> None:
                gm.evaluate(ARM_GM, name)
                end_turn.click()
                gm.evaluate("() => window.__painted")

            version = "print(players.server.links['Blueshift'].feed.version)"
            last = 0.0
            for _ in range(TAP_RUNS):  # each on Blueshift's turn, to Ganyeka's
                # a tap a second at most, within a player's rate (a player taps slower still)
                time.sleep(max(0.0, last + RATE_EVERY - time.monotonic()))
                last = time.monotonic()
                # the phone shows the fight as it is (not an End turn offered a moment ago)
                phone.wait_for_function(
                    "(v) => document.querySelector('#bpb-player').dataset.version === v",
                    arg=book.kernel(version).strip(),
                )
                tapped.append(timed(gm, phone, "Ganyeka", mine.tap))
                gm_click("Blueshift")
                clicked.append(timed(gm, gm, "Ganyeka", end_turn.click))
                gm_click("Blueshift")
            rounds = book.kernel("print(enc.round)").strip()
            if rounds != str(2 * TAP_RUNS + 1):
                raise RuntimeError(f"the turns did not all end: round {rounds}")
            context.close()
        finally:
            browser.close()
            server.stop()
    tap, click = statistics.median(tapped), statistics.median(clicked)
    return [
        ("phone tap (End turn) to the GM screen repainted, median", tap, "ms"),
        ("GM's own click (End turn) to its repaint (baseline), median", click, "ms"),
        ("  ratio phone tap / GM click", tap / click, "x"),
        *interval_rows(tapped, clicked),
    ]


def run() -> list[Figure]:
    figures = kernel_figures()
    try:
        figures += browser_figures()
        figures += tap_figures()
    except ImportError as error:
        print(f"player: {error}; browser figures skipped", file=sys.stderr)
    return figures


if __name__ == "__main__":
    for name, value, unit in run():
        print(f"  {name:<66} {value:>10.2f} {unit}")
