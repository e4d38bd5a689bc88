"""The GM screen in a browser page, found by its panels' accessible names: what the browser tests
click, type and check (``tests/ui/test_gm_screen_fight.py``, ``test_session_by_clicks.py``)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from lab import LabServer, Notebook, open_notebook
from playwright.sync_api import Browser, Locator, expect


def open_screen(
    server: LabServer, browser: Browser, name: str, app: str, theme: str, setup: str
) -> Screen:
    """A page of ``app`` ("lab" or "notebook") 800 px wide in ``theme``, a notebook ``name``
    whose one cell ``setup`` shows the GM screen."""
    book = open_notebook(server, browser, name, app=app, width=800)
    book.set_theme(theme)
    screen = Screen(book, book.run_cell(setup))
    screen.show_tucked()
    return screen


#: The one cell a fight by clicks starts from (issue 32): the screen alone.
ONE_CELL = "from bpb_widgets import GMScreen\nscreen = GMScreen()\nscreen"


def screens_from_one_cell(
    server: LabServer, browser: Browser, stem: str, app: str, theme: str
) -> Iterator[Screen]:
    """A module's page of ``app`` in ``theme`` whose one cell is ``GMScreen()`` (notebook
    ``<stem>-<app>.ipynb``), closed after the module's tests."""
    screen = open_screen(server, browser, f"{stem}-{app}.ipynb", app, theme, ONE_CELL)
    yield screen
    screen.notebook.page.close()


class Screen:
    """The GM screen in a page, by its panels' accessible names."""

    def __init__(self, notebook: Notebook, out: Locator) -> None:
        self.notebook, self.out = notebook, out
        self.strip = out.get_by_role("region", name="Order of play")
        self.roster = out.get_by_role("region", name="Combatants")
        self.attack = out.get_by_role("region", name="Attack", exact=True)
        self.answers = self.attack.get_by_role("region", name="The hit waiting for an answer")
        self.log = out.get_by_role("region", name="Encounter log")
        self.files = out.get_by_role("region", name="Files")

    def show_tucked(self) -> None:
        """Open what table mode tucks behind a disclosure button (the files, the dice roller,
        the log's earlier entries if it has some yet), as a GM would who uses them through the
        fight."""
        expect(self.strip).to_be_visible()
        earlier = self.log.get_by_role("button", name=re.compile(r"^Earlier entries"))
        for button in [*self.out.locator(".bpb-disclose.bpb-tuck").all(), earlier]:
            if button.is_visible() and button.get_attribute("aria-expanded") == "false":
                button.click()

    def kernel(self, expression: str) -> str:
        """What ``print(expression)`` prints in the kernel (the fight on screen is
        ``screen.encounter``)."""
        return self.notebook.kernel(f"print({expression})").strip()

    def until(self, expression: str, expected: str) -> None:
        """Wait for a click's effect to reach the kernel."""
        got = self.notebook.wait_kernel(f"print({expression})", expected)
        assert got == expected, f"{expression}: {got!r}, expected {expected!r}"

    def card(self, name: str) -> Locator:
        return self.roster.get_by_role("listitem", name=name, exact=True)

    def meter(self, name: str) -> Locator:
        return self.roster.get_by_role("meter", name=f"{name} Endurance", exact=True)

    def click(self, region: Locator, name: str, *, press: bool = False) -> None:
        """Click the button ``name`` in ``region``, or (``press``) press it with Enter."""
        button = region.get_by_role("button", name=name, exact=True)
        if press:
            button.press("Enter")
        else:
            button.click()

    def attack_with(self, target: str, power: str, dice: str, *, press: bool = False) -> None:
        """Set up the current combatant's attack and make it with the dice typed: Attack clicked,
        or (``press``) pressed with Enter."""
        self.attack.get_by_role("combobox", name="Target").select_option(target)
        self.attack.get_by_role("combobox", name="Attack", exact=True).select_option(power)
        expect(self.attack.locator(".bpb-arithmetic")).to_be_visible()
        self.attack.get_by_role("textbox", name="Physical dice").fill(dice)
        self.click(self.attack, "Attack", press=press)

    def answer(self, how: str, dice: str = "", *, press: bool = False) -> None:
        """The target answers the hit waiting ("Block", "Dodge", "Dive for cover", "Take the
        hit"), with the dice typed: clicked, or (``press``) pressed with Enter."""
        expect(self.answers).to_be_visible()
        if dice:
            self.attack.get_by_role("textbox", name="Physical dice").fill(dice)
        self.click(self.answers, how, press=press)
