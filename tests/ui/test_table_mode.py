"""Table mode and the keyboard (issue 35): the typical round of ``benchmarks/clicks.py`` (Ann,
Cy, Bo and Di; each attacks, the target takes the hit, End turn) by keyboard alone and by mouse
alone, in table mode at 800 px (its default there) and at 1,280 px (the toggle), JupyterLab
light and dark. Every input is a real key or click, found by role and accessible name; the kernel
checks the round ended. The turn's attack is on the attacker's card, and on the target's while
the hit waits for the answer. Also: the keys work wherever the focus is in the screen (a panel's
title, the screen's blank space), ``?`` lists them, D D asks before delaying a second turn, the
order of play sticks at the top, Attack is within one screen height of End turn, and axe-core
finds no violation on the table layout (the hit waiting on the target's card, the key map)."""

from __future__ import annotations

import inspect
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_check import assert_no_violations, assert_texts_large_enough
from gm_screen import Screen
from lab import DARK, DOCS, LIGHT, LabServer, open_notebook
from playwright.sync_api import Browser, Locator, expect

from benchmarks.clicks import skirmish

SETUP = f"""
from bpb_widgets import Encounter, GMScreen
{inspect.getsource(skirmish)}
screen = GMScreen(skirmish())
screen
"""
ENC = "screen.encounter"
ORDER = ["Ann", "Cy", "Bo", "Di"]
#: Who each attacks in the typical round: what the screen offers first (the first foe standing).
TARGET = {"Ann": "Cy", "Cy": "Ann", "Bo": "Cy", "Di": "Ann"}


@pytest.fixture(
    scope="module",
    params=[(800, LIGHT), (800, DARK), (1280, LIGHT), (1280, DARK)],
    ids=["800px-light", "800px-dark", "1280px-light", "1280px-dark"],
)
def screen(
    request: pytest.FixtureRequest, lab_server: LabServer, browser: Browser
) -> Iterator[Screen]:
    width, theme = request.param
    name = "light" if theme == LIGHT else "dark"
    book = open_notebook(lab_server, browser, f"table-{width}-{name}.ipynb", width=width)
    book.set_theme(theme)
    s = Screen(book, book.run_cell(SETUP, wait_for=".bpb-chip"))
    toggle = s.out.get_by_role("button", name="Table mode")
    wide = s.out.locator(".bpb-host").evaluate("(el) => el.clientWidth") >= 900
    # the default follows the widget's own width; a wide screen turns table mode on by the toggle
    expect(toggle).to_have_attribute("aria-pressed", "false" if wide else "true")
    if wide:
        toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    yield s
    book.page.close()


def light(s: Screen) -> bool:
    return s.notebook.page.locator("body[data-jp-theme-light=true]").count() == 1


def named(s: Screen, name: str) -> str:
    """``name`` with the page's width and theme: ``table-mode-hit-800-dark``."""
    page = s.notebook.page
    width = page.viewport_size["width"] if page.viewport_size else 0
    return f"{name}-{width}{'' if light(s) else '-dark'}"


def shoot(s: Screen, name: str) -> None:
    """A screenshot of the screen in test-output/; ``make screenshot``: the README's pictures
    at 800 px too, light and dark."""
    page = s.notebook.page
    width = page.viewport_size["width"] if page.viewport_size else 0
    s.notebook.screenshot(s.out, named(s, name))
    if os.environ.get("BPB_DOCS_SCREENSHOT") and width == 800 and light(s):
        top(s, DOCS / "table-mode-800-light.png")
        s.notebook.set_theme(DARK)
        top(s, DOCS / "table-mode-800-dark.png")
        s.notebook.set_theme(LIGHT)


def top(s: Screen, path: Path, height: int = 1100) -> None:
    """The screen's first ``height`` px, as a GM at the table sees it: the order of play, the
    turn's attack, the first cards."""
    s.out.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    box = s.out.bounding_box()
    assert box is not None
    s.notebook.page.screenshot(
        path=str(path),
        animations="disabled",
        clip={
            "x": box["x"],
            "y": box["y"],
            "width": box["width"],
            "height": min(height, box["height"]),
        },
    )


def round_is(s: Screen, number: int, current: str) -> None:
    s.until(f"({ENC}.round, {ENC}.current)", repr((number, current)))
    expect(s.strip.locator(".bpb-round")).to_have_text(f"Round {number} · {current}'s turn")


def attack_on(s: Screen, name: str) -> Locator:
    """The Attack panel on ``name``'s card."""
    return s.card(name).get_by_role("region", name="Attack", exact=True)


def cards_from_the_top(s: Screen) -> list[str]:
    """The cards' names as they are laid out (from the top, left to right in a row)."""
    spots: dict[str, tuple[float, float]] = {}
    for name in ORDER:
        box = s.card(name).bounding_box()
        assert box is not None, name
        spots[name] = (round(box["y"]), box["x"])
    return sorted(ORDER, key=spots.__getitem__)


def answers_on(s: Screen, name: str) -> Locator:
    """The hit waiting for ``name``'s answer, on their card."""
    return s.card(name).get_by_role("region", name="The hit waiting for an answer")


def test_table_mode_lays_out_a_turn_in_one_screen(screen: Screen) -> None:
    s = screen
    page = s.notebook.page
    round_is(s, 1, "Ann")
    # the turn's attack on the acting card, which says who attacks
    expect(attack_on(s, "Ann")).to_be_visible()
    expect(s.attack.get_by_role("combobox", name="Attacker")).to_be_hidden()
    # the toggle: off, the panels side by side again (the files shown, the attack off the
    # cards, its Attacker back); on again
    toggle = s.out.get_by_role("button", name="Table mode")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(s.files).to_be_visible()
    expect(s.roster.get_by_role("region", name="Attack", exact=True)).to_have_count(0)
    expect(s.attack.get_by_role("combobox", name="Attacker")).to_have_value("Ann")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(attack_on(s, "Ann")).to_be_visible()
    end_turn = s.strip.get_by_role("button", name="End turn", exact=True)
    attack = s.attack.get_by_role("button", name="Attack", exact=True)
    top, below = end_turn.bounding_box(), attack.bounding_box()
    assert top is not None and below is not None
    assert below["y"] - top["y"] < 700, "Attack within one screen height of End turn"
    # the files and the dice roller wait behind their disclosure buttons; the roster's form too
    expect(s.files).to_be_hidden()
    files = s.out.get_by_role("button", name="Files", exact=True)
    expect(files).to_have_attribute("aria-expanded", "false")
    files.click()
    expect(s.files).to_be_visible()
    files.click()
    expect(s.files).to_be_hidden()
    expect(s.roster.get_by_role("form", name="New combatant")).to_be_hidden()
    # the cards in order of play, the acting one marked
    cards = s.roster.get_by_role("listitem").filter(has=page.locator(".bpb-card-head"))
    assert cards_from_the_top(s) == ORDER
    assert cards.count() == 4
    expect(s.card("Ann")).to_contain_text("acting")
    # the order of play stays at the top of the notebook's view as it scrolls
    s.log.scroll_into_view_if_needed()
    expect(s.strip).to_be_in_viewport()
    expect(s.out.locator(".bpb-cell-strip.bpb-pinned")).to_be_visible()
    strip_box, log_box = s.strip.bounding_box(), s.log.bounding_box()
    assert strip_box is not None and log_box is not None
    assert 0 <= strip_box["y"] < log_box["y"]
    # the log shows its latest entries, the earlier ones behind their button
    entries = s.log.get_by_role("list", name="Events").get_by_role("listitem")
    earlier = s.log.get_by_role("button", name=re.compile(r"^Earlier entries \(\d+\)$"))
    expect(entries).to_have_count(6)
    expect(earlier).to_have_attribute("aria-expanded", "false")
    hidden = int(re.sub(r"\D", "", earlier.text_content() or ""))
    earlier.click()
    expect(entries).to_have_count(6 + hidden)
    earlier.click()
    expect(entries).to_have_count(6)
    s.notebook.screenshot(s.out, named(s, "table-mode"))


def test_the_typical_round_by_keyboard_alone(screen: Screen) -> None:
    """Round 1 by keys alone, the dice rolled: Enter attacks, T takes the hit, E ends the turn,
    wherever the focus is in the screen (here: on the screen itself, after a click on a panel's
    title). 12 keys for four attacks and four answers. The attack moves from the attacker's
    card to the target's and on to the next attacker's; the acting card comes first, the cards
    in order of play from it."""
    s = screen
    page = s.notebook.page
    round_is(s, 1, "Ann")
    s.strip.locator(".bpb-round").click()  # blank space: the focus goes to the screen's root
    keys = 0
    for attacker in ORDER:
        round_is(s, 1, attacker)
        expect(attack_on(s, attacker)).to_be_visible()
        now = ORDER.index(attacker)
        assert cards_from_the_top(s) == ORDER[now:] + ORDER[:now]
        expect(s.attack.get_by_role("combobox", name="Target")).to_have_value(TARGET[attacker])
        expect(s.attack.locator(".bpb-arithmetic")).to_be_visible()
        page.keyboard.press("Enter")
        expect(answers_on(s, TARGET[attacker])).to_be_visible()
        # the target's card, holding the answers, right under the acting card
        assert cards_from_the_top(s)[:2] == [attacker, TARGET[attacker]]
        page.keyboard.press("t")
        expect(s.answers).to_be_hidden()
        page.keyboard.press("e")
        keys += 3
    round_is(s, 2, "Ann")
    assert keys == 12


def round_with_physical_dice(s: Screen, number: int) -> tuple[int, int]:
    """Round ``number`` by keys, the dice typed where the focus is: while it is not in the dice
    box, the target's number key (the one offered) puts it there; digits fill the box, Enter
    attacks, T and E from the box itself. The keys for commands and the dice's characters."""
    page = s.notebook.page
    dice = s.attack.get_by_role("textbox", name="Physical dice")
    command_keys = dice_keys = 0
    for attacker in ORDER:
        round_is(s, number, attacker)
        expect(attack_on(s, attacker)).to_be_visible()
        target = s.attack.get_by_role("combobox", name="Target")
        expect(target).to_have_value(TARGET[attacker])
        if not dice.evaluate("(box) => box === document.activeElement"):
            page.keyboard.press(str(target.evaluate("(select) => select.selectedIndex + 1")))
            command_keys += 1
            expect(dice).to_be_focused()
        page.keyboard.type("4 3")
        dice_keys += 3
        page.keyboard.press("Enter")
        expect(answers_on(s, TARGET[attacker])).to_be_visible()
        expect(dice).to_have_value("")
        expect(dice).to_be_focused()  # it moved to the target's card with the focus in it
        if attacker == "Bo" and number == 2:
            shoot(s, "table-mode-hit")
        page.keyboard.press("t")
        expect(s.answers).to_be_hidden()
        page.keyboard.press("e")
        command_keys += 3
    round_is(s, number + 1, "Ann")
    return command_keys, dice_keys


def test_the_typical_round_by_keyboard_with_physical_dice(screen: Screen) -> None:
    """Rounds 2 and 3 by keys, the dice typed. Round 2 starts with the focus on the screen:
    1 picks the target offered again and puts the focus in the dice box (13 keys); it stays
    there from turn to turn, as the attack moves from card to card, so round 3, a typical one,
    takes 12 keys and the dice."""
    s = screen
    page = s.notebook.page
    round_is(s, 2, "Ann")
    page.keyboard.press("?")
    keymap = s.out.get_by_role("dialog", name="Keys available now")
    expect(keymap).to_be_visible()
    expect(keymap).to_contain_text("End turn")
    expect(keymap).to_contain_text("Attack")
    expect(keymap).to_contain_text("Target Cy (villains)")
    expect(keymap.get_by_role("row", name="A or Enter Attack Attack")).to_be_visible()
    expect(keymap).not_to_contain_text("Dice roller")  # behind its button: its R is not offered
    s.notebook.screenshot(keymap, named(s, "table-mode-keymap"))
    page.keyboard.press("Escape")
    expect(keymap).to_be_hidden()
    assert round_with_physical_dice(s, 2) == (13, 12)
    assert round_with_physical_dice(s, 3) == (12, 12)


def test_axe_finds_nothing_on_the_table_layout(screen: Screen) -> None:
    """Round 4, Ann's hit on Cy waiting on Cy's card, then the key map open: axe-core finds no
    violation of WCAG 2 A and AA (contrast, names, roles), light or dark. U takes the attack
    back."""
    s = screen
    page = s.notebook.page
    round_is(s, 4, "Ann")
    s.strip.locator(".bpb-round").click()
    page.keyboard.press("Enter")
    expect(answers_on(s, "Cy")).to_be_visible()
    # the whole screen in the window: axe checks the contrast of what is on screen only
    s.notebook.screenshot(s.out, named(s, "table-mode-axe"))
    widget = s.out.locator(".bpb-widget")
    assert_no_violations(page, widget, named(s, "the table layout"))
    page.keyboard.press("?")
    keymap = s.out.get_by_role("dialog", name="Keys available now")
    expect(keymap).to_contain_text("Take the hit")
    assert_no_violations(page, keymap, named(s, "the key map"))
    page.keyboard.press("Escape")
    expect(keymap).to_be_hidden()
    page.keyboard.press("u")
    expect(s.answers).to_be_hidden()
    expect(attack_on(s, "Ann")).to_be_visible()
    round_is(s, 4, "Ann")


def test_every_text_in_table_mode_is_at_least_12_px(screen: Screen) -> None:
    """Table mode's own layout (the attack on a card, the log's latest entries, the disclosure
    buttons) keeps every visible text at least 12 px."""
    screen.show_tucked()
    assert_texts_large_enough(screen.notebook.page, screen.out.locator(".bpb-widget"), 100)


def test_a_key_twice_asks_before_acting_again(screen: Screen) -> None:
    """D delays Ann; D again at once asks before delaying Cy too; Escape cancels; U undoes."""
    s = screen
    page = s.notebook.page
    round_is(s, 4, "Ann")
    s.strip.locator(".bpb-round").click()
    page.keyboard.press("d")
    round_is(s, 4, "Cy")
    page.keyboard.press("d")
    expect(s.strip.get_by_role("status")).to_contain_text("Delay Cy's turn too?")
    assert s.kernel(f"{ENC}.current") == "Cy"
    page.keyboard.press("Escape")
    expect(s.strip.get_by_role("status")).to_be_hidden()
    page.keyboard.press("u")
    round_is(s, 4, "Ann")


def press_in(region: Locator, name: str) -> None:
    region.get_by_role("button", name=name, exact=True).click()


def test_the_typical_round_by_mouse_alone(screen: Screen) -> None:
    """Round 4 by clicks alone, the dice rolled: Attack on the attacker's card, Take the hit on
    the target's, End turn on the order of play. The GM typed dice in rounds 2 and 3: each new
    turn's attack puts the focus back in the dice box, for the next dice typed."""
    s = screen
    round_is(s, 4, "Ann")
    dice = s.attack.get_by_role("textbox", name="Physical dice")
    clicks = 0
    for attacker in ORDER:
        round_is(s, 4, attacker)
        expect(s.attack.locator(".bpb-arithmetic")).to_be_visible()
        press_in(attack_on(s, attacker), "Attack")
        expect(answers_on(s, TARGET[attacker])).to_be_visible()
        press_in(answers_on(s, TARGET[attacker]), "Take the hit")
        expect(s.answers).to_be_hidden()
        press_in(s.strip, "End turn")
        expect(dice).to_be_focused()
        clicks += 3
    round_is(s, 5, "Ann")
    assert clicks == 12
    # "End the turn with the answer", ticked once: two clicks a turn
    s.attack.get_by_role("checkbox", name="End the turn with the answer").check()
    clicks = 0
    for attacker in ORDER:
        round_is(s, 5, attacker)
        expect(s.attack.locator(".bpb-arithmetic")).to_be_visible()
        press_in(attack_on(s, attacker), "Attack")
        expect(answers_on(s, TARGET[attacker])).to_be_visible()
        press_in(answers_on(s, TARGET[attacker]), "Take the hit")
        clicks += 2
    round_is(s, 6, "Ann")
    assert clicks == 8
