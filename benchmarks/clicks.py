"""Clicks and keystrokes per round of a fight (issue 32: "one typical round of four combatants, an
attack and an answer each"; goal: 12 clicks or fewer, with the dice typed or rolled; issue 35:
at most 10 clicks by mouse, at most 12 keys by the keyboard alone, Attack within one screen height
of End turn at 800 px, where the screen is in table mode: the attack on the acting combatant's
card, the order of play with End turn pinned at the top of the view).

A GM screen in a real JupyterLab page, 800 px wide, is played by Playwright as a GM plays it, and
every real input is counted: a click is one click, choosing from a select is two (open it, pick),
each character typed and each key pressed (Enter) is one keystroke. Nothing is done from Python.

The fight: Ann and Bo (heroes) against Cy and Di (villains), in that order Ann, Cy, Bo, Di. Each
attack hits whatever the dice (the heroes shoot, Agility 14 against 8 + Agility 1; the villains
strike hand-to-hand, Prowess 14 against 8 + Prowess 1; no expertise, so never an extreme
success), and each target takes the hit and shrugs it off (protection 5 against rank 2 and 3),
so the same fight runs round after round. In round 1 the GM chooses what each attacks
with and whom, where it is not what the screen offers first (Ann her second attack on Di, Cy
attacks Bo, Bo his second attack); round 2 is a typical round: everyone does the same again, and
the screen offers each attacker their last attack and target.
"""

from __future__ import annotations

import inspect
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.kits import use_browser_kits
from bpb_widgets import Encounter

if TYPE_CHECKING:
    from playwright.sync_api import Locator

Figure = tuple[str, float, str]  # an int is a float here
WIDTH = 800


def skirmish() -> Encounter:
    """Ann, Cy, Bo and Di, started: every attack hits, no hit hurts (the module's docstring)."""
    from bpb_widgets import Encounter

    enc = Encounter(seed=11)
    shots = [{"name": "Jab", "rank": 2}, {"name": "Kick", "rank": 3}]
    blows = [{**shot, "hand_to_hand": True} for shot in shots]
    heroes = {"side": "heroes", "agility": 14, "prowess": 1, "attacks": shots}
    villains = {"side": "villains", "agility": 1, "prowess": 14, "attacks": blows}
    for name, sheet in (("Ann", heroes), ("Cy", villains), ("Bo", heroes), ("Di", villains)):
        enc.add(name, endurance=8, protection=5, **sheet)
    enc.set_order(["Ann", "Cy", "Bo", "Di"])
    enc.start()
    return enc


SETUP = f"""
import ipywidgets
from bpb_widgets import Encounter, GMScreen
{inspect.getsource(skirmish)}
rolled, typed = GMScreen(skirmish()), GMScreen(skirmish())
ipywidgets.VBox([
    ipywidgets.Box([rolled], _dom_classes=["bench-rolled"]),
    ipywidgets.Box([typed], _dom_classes=["bench-typed"]),
])
"""
#: Round 1's choices where they differ from what the screen offers: attacker -> (target, attack).
CHOSEN = {"Ann": ("Di", "Kick"), "Cy": ("Bo", None), "Bo": (None, "Kick"), "Di": (None, None)}
#: The physical dice typed for each attack (a hit, not an extreme success).
DICE = "4 3"


@dataclass
class Count:
    """Real inputs made: clicks (a select is two) and keystrokes."""

    clicks: int = 0
    keys: int = 0

    def click(self, target: Locator) -> None:
        target.click()
        self.clicks += 1

    def choose(self, select: Locator, value: str) -> None:
        select.select_option(value)
        self.clicks += 2

    def type(self, box: Locator, text: str) -> None:
        box.press_sequentially(text)
        self.keys += len(text)

    def press(self, box: Locator, key: str) -> None:
        box.press(key)
        self.keys += 1


def on_card(screen: Locator, name: str) -> Locator:
    """The Attack panel on ``name``'s card: in table mode, whoever acts with it now."""
    card = screen.get_by_role("listitem", name=name, exact=True)
    return card.get_by_role("region", name="Attack", exact=True)


def play_round(
    screen: Locator,
    chosen: dict[str, tuple[str | None, str | None]],
    typed: bool,
    ends: bool = False,
    distances: dict[str, list[tuple[float, float]]] | None = None,
) -> Count:
    """One round by clicks: each attacker (as the screen offers them) makes their attack, with
    ``chosen`` target and attack where given, the dice rolled or ``typed``; the target takes the
    hit; End turn (``ends``: the answer ends the turn, "End the turn with the answer" ticked).
    Returns the inputs counted; ``distances`` gets each turn's ``below_end_turn`` of Attack and
    of Take the hit."""
    from playwright.sync_api import expect

    count = Count()
    attack = screen.get_by_role("region", name="Attack", exact=True)
    strip = screen.get_by_role("region", name="Order of play")
    answers = attack.get_by_role("region", name="The hit waiting for an answer")
    dice = attack.get_by_role("textbox", name="Physical dice")
    heading = strip.locator(".bpb-round")
    start = heading.inner_text()
    for attacker, (target, power) in chosen.items():
        expect(on_card(screen, attacker)).to_be_visible()
        if target is not None:
            count.choose(attack.get_by_role("combobox", name="Target"), target)
        if power is not None:
            count.choose(attack.get_by_role("combobox", name="Attack", exact=True), power)
        expect(attack.locator(".bpb-arithmetic")).to_be_visible()
        if distances is not None:
            distances.setdefault("Attack", []).append(below_end_turn(screen, "Attack"))
        if typed:
            if not dice.evaluate("(box) => box === document.activeElement"):
                count.click(dice)  # once dice are typed, each new turn's attack waits in the box
            count.type(dice, DICE)
            count.press(dice, "Enter")
        else:
            count.click(attack.get_by_role("button", name="Attack", exact=True))
        expect(answers).to_be_visible()
        if distances is not None:
            distances.setdefault("Take the hit", []).append(below_end_turn(screen, "Take the hit"))
        count.click(answers.get_by_role("button", name="Take the hit", exact=True))
        expect(answers).to_be_hidden()
        if ends:
            expect(heading).not_to_contain_text(f"{attacker}'s turn")
        else:
            count.click(strip.get_by_role("button", name="End turn", exact=True))
    expect(heading).not_to_have_text(start)
    return count


def play_round_by_keys(screen: Locator, typed: bool, fresh: bool = True) -> tuple[int, int]:
    """One round by the keyboard alone (issue 35): Enter attacks the target offered, T takes the
    hit, E ends the turn; ``fresh``: the focus first on the screen itself, as after a click on a
    panel's title (else where the round before left it). ``typed``: the dice are typed first
    ("4 3"), in the dice box: while the focus is not there, the target's number key picks it
    again and puts the focus there, where it stays from turn to turn (letters are shortcuts in
    the box; the attack moves from card to card with the focus in it). Returns the keys pressed
    for commands and the characters of dice typed."""
    from playwright.sync_api import expect

    page = screen.page
    attack = screen.get_by_role("region", name="Attack", exact=True)
    strip = screen.get_by_role("region", name="Order of play")
    answers = attack.get_by_role("region", name="The hit waiting for an answer")
    dice = attack.get_by_role("textbox", name="Physical dice")
    heading = strip.locator(".bpb-round")
    start = heading.inner_text()
    if fresh:
        strip.locator(".bpb-round").click()  # the focus on the screen, as after any click in it
    commands = characters = 0
    for attacker in CHOSEN:
        expect(on_card(screen, attacker)).to_be_visible()
        expect(attack.locator(".bpb-arithmetic")).to_be_visible()
        if typed:
            if not dice.evaluate("(box) => box === document.activeElement"):
                # the target offered's number: it stays, the focus goes to the box
                target = attack.get_by_role("combobox", name="Target")
                page.keyboard.press(str(target.evaluate("(select) => select.selectedIndex + 1")))
                commands += 1
                expect(dice).to_be_focused()
            page.keyboard.type(DICE)
            characters += len(DICE)
        page.keyboard.press("Enter")
        expect(answers).to_be_visible()
        page.keyboard.press("t")
        expect(answers).to_be_hidden()
        page.keyboard.press("e")
        commands += 3
    expect(heading).not_to_have_text(start)
    return commands, characters


def below_end_turn(screen: Locator, name: str) -> tuple[float, float]:
    """How far below End turn the attack panel's button ``name`` (Attack, Take the hit) sits, in
    px: on the page (the screen's top in view), and on screen once the button is scrolled into
    view (in table mode the order of play, End turn with it, is pinned at the top of the view)."""
    attack = screen.get_by_role("region", name="Attack", exact=True)
    strip = screen.get_by_role("region", name="Order of play")
    end = strip.get_by_role("button", name="End turn", exact=True)
    go = attack.get_by_role("button", name=name, exact=True)

    def distance() -> float:
        screen.page.evaluate(
            "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
        )
        top, below = end.bounding_box(), go.bounding_box()
        if top is None or below is None:
            raise RuntimeError(f"End turn or {name} is not on the page")
        return below["y"] - top["y"]

    screen.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    on_page = distance()
    go.scroll_into_view_if_needed()
    return on_page, distance()


def run() -> list[Figure]:
    use_browser_kits()
    from lab import AS_SHIPPED, CHROMIUM, LabServer, launch, open_notebook
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        print(f"clicks: {CHROMIUM} missing, skipped", file=sys.stderr)
        return []
    again: dict[str, tuple[str | None, str | None]] = dict.fromkeys(CHOSEN, (None, None))
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = LabServer(Path(tmp) / "root", Path(tmp) / "home", AS_SHIPPED)
        browser = launch(playwright)
        try:
            book = open_notebook(server, browser, "clicks.ipynb", width=WIDTH)
            out = book.run_cell(SETUP, wait_for=".bench-typed .bpb-chip")
            rolled, typed = out.locator(".bench-rolled"), out.locator(".bench-typed")
            first = play_round(rolled, CHOSEN, typed=False)
            distances: dict[str, list[tuple[float, float]]] = {}
            started = time.perf_counter()
            second = play_round(rolled, again, typed=False)
            wall = (time.perf_counter() - started) * 1e3
            first_typed = play_round(typed, CHOSEN, typed=True)
            second_typed = play_round(typed, again, typed=True, distances=distances)
            table = typed.locator(".bpb-host.bpb-table-mode").count() == 1
            keys_rolled = play_round_by_keys(rolled, typed=False)
            keys_typed_first = play_round_by_keys(typed, typed=True)
            keys_typed = play_round_by_keys(typed, typed=True, fresh=False)
            attack = rolled.get_by_role("region", name="Attack", exact=True)
            attack.get_by_role("checkbox", name="End the turn with the answer").check()
            ending = play_round(rolled, again, typed=False, ends=True)
            rounds = book.kernel("print(rolled.encounter.round, typed.encounter.round)")
            if rounds.strip() != "5 5":
                raise RuntimeError(f"the rounds did not all end: {rounds}")
        finally:
            browser.close()
            server.stop()
    return [
        (
            "a typical round (4 attacks, 4 answers), dice rolled (goal <= 12)",
            second.clicks,
            "clicks",
        ),
        ("  keystrokes", second.keys, "keys"),
        ("  wall time, each input waited for on the page", wall, "ms"),
        ("the first round (targets and attacks chosen), dice rolled", first.clicks, "clicks"),
        (
            "a typical round, dice typed (Enter in the dice box attacks)",
            second_typed.clicks,
            "clicks",
        ),
        ("  keystrokes (the dice and Enter)", second_typed.keys, "keys"),
        ("the first round, dice typed", first_typed.clicks, "clicks"),
        ("  keystrokes", first_typed.keys, "keys"),
        (
            "a typical round, 'End the turn with the answer' ticked (goal <= 10)",
            ending.clicks,
            "clicks",
        ),
        (
            "a typical round by the keyboard alone, dice rolled (goal <= 12)",
            keys_rolled[0],
            "keys",
        ),
        (
            "a typical round by the keyboard alone, dice typed (goal <= 12)",
            keys_typed[0],
            "keys",
        ),
        ("  and the dice typed ('4 3' an attack)", keys_typed[1], "characters"),
        (
            "  the first such round (a number key puts the focus in the dice box)",
            keys_typed_first[0],
            "keys",
        ),
        *(
            figure
            for name, measured in distances.items()
            for figure in (
                (
                    f"End turn to {name} at {WIDTH} px{' (table mode)' if table else ''}, the"
                    " farthest turn on screen, goal one screen",
                    max(shown for _, shown in measured),
                    "px",
                ),
                (
                    "  on the page (the screen's top in view)",
                    max(page for page, _ in measured),
                    "px",
                ),
            )
        ),
    ]
