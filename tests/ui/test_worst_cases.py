"""Worst cases in a real JupyterLab: rapid clicks on two views of one widget, hostile names and
notes, a 500-combatant fight with a long log, and a fight that survives its kernel being killed
(autosave). This file runs after test_widgets_in_lab.py: its big outputs and its kernel restart
come last."""

from __future__ import annotations

import json
import os
import re
import signal

from lab import Notebook
from playwright.sync_api import expect
from test_widgets_in_lab import chip, setup

CLICKS = 50
#: Click End turn CLICKS times in one task: as fast as the browser can send the messages.
RAPID = """(clicks) => {
    const button = [...document.querySelectorAll(".bpb-rapid .bpb-strip button")]
        .find((b) => b.textContent === "End turn");
    for (let i = 0; i < clicks; i++) button.click();
}"""
HOSTILE = [
    "<b>bold</b><script>window.__bpb_xss = 2</script>",
    "W" * 120,
    "Þórr Ωμέγα 雷神 🦸‍♀️",
    "\u200fعاصفة الصحراء",
    "אבא\u200f & <i>co</i>",
]
#: Elements drawn outside their widget's box (the layout broken by a long or odd name).
OUTSIDE = """(out) => [...out.querySelectorAll(".bpb")].flatMap((root) => {
    const box = root.getBoundingClientRect();
    return [...root.querySelectorAll("*")]
        .filter((el) => el.getClientRects().length > 0)
        .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.left < box.left - 1 || r.right > box.right + 1;
        })
        .map((el) => el.className.baseVal ?? el.className);
})"""
NOTE = '<img src=x onerror="window.__bpb_xss = 3"> dives for cover'


def test_fifty_rapid_clicks_give_fifty_turns_in_order_and_both_views_agree(
    notebook: Notebook,
) -> None:
    setup(notebook)
    out = notebook.run_cell(
        "import ipywidgets\n"
        "enc_r = fight()\nenc_r.start()\nbase_r = len(enc_r.history)\n"
        "strip_r = TurnOrderStrip(enc_r)\n"
        "ipywidgets.VBox([strip_r, strip_r], _dom_classes=['bpb-rapid'])",
        wait_for=".bpb-strip",
    )
    views = out.locator(".bpb-strip")
    expect(views).to_have_count(2)
    notebook.page.evaluate(RAPID, CLICKS)
    check = (
        "ref = fight(); ref.start()\n"
        f"for _ in range({CLICKS}): ref.end_turn()\n"
        "turns = [c['cmd'] for c in enc_r.history[base_r:]]\n"
        "print(turns.count('end_turn'), len(turns), enc_r.transcript() == ref.transcript())"
    )
    assert notebook.wait_kernel(check, f"{CLICKS} {CLICKS} True") == f"{CLICKS} {CLICKS} True"
    current = notebook.kernel("print(enc_r.current, enc_r.round)").strip()
    name, round_number = current.rsplit(" ", 1)
    for view in (views.nth(0), views.nth(1)):
        expect(view.locator(".bpb-round")).to_contain_text(f"Round {round_number}")
        expect(chip(view, name)).to_have_attribute("aria-current", "true")
    first, second = (views.nth(i).locator(".bpb-chips").inner_html() for i in (0, 1))
    assert first == second


def test_hostile_names_and_notes_render_as_text_and_keep_the_layout(notebook: Notebook) -> None:
    setup(notebook)
    adds = "".join(f"enc_h2.add({name!r})\n" for name in HOSTILE)
    out = notebook.run_cell(
        f"enc_h2 = fight()\n{adds}enc_h2.start()\n"
        f"enc_h2.force({HOSTILE[1]!r}, {NOTE!r})\nGMScreen(enc_h2)"
    )
    for name in HOSTILE:
        expect(chip(out, name).locator(".bpb-chip-name")).to_have_text(name)
    expect(chip(out, HOSTILE[1])).to_contain_text(NOTE)
    expect(out.locator(".bpb-entry").last).to_contain_text(NOTE)
    expect(out.locator("b, i, img, script")).to_have_count(0)
    assert notebook.page.evaluate("() => window.__bpb_xss") is None
    assert out.evaluate(OUTSIDE) == []
    notebook.screenshot(out, "hostile-names")


def test_a_big_fight_shows_every_chip_and_the_log_fetches_earlier_entries(
    notebook: Notebook,
) -> None:
    out = notebook.run_cell(
        "from bpb_widgets import Encounter\nfrom bpb_widgets.widgets import GMScreen\n"
        "enc_big = Encounter(seed=1)\n"
        "for i in range(500): enc_big.add(f'Fighter {i:03d}', perception=1 + i % 14)\n"
        "enc_big.start()\nfor _ in range(2_000): enc_big.end_turn()\nGMScreen(enc_big)",
        timeout=60_000,  # 500 combatants: on a busy machine, more than the usual 20 s
    )
    expect(out.locator(".bpb-chip[data-name]")).to_have_count(500)
    entries = out.locator(".bpb-entry")
    expect(entries).to_have_count(200)
    out.locator(".bpb-chips").evaluate("el => { el.scrollTop = el.scrollHeight / 2; }")
    notebook.screenshot(out, "big-fight")
    older = out.get_by_role("button", name=re.compile(r"^Earlier entries"))
    if older.is_visible():  # table mode: the log's latest entries, the rest behind this button
        older.click()
    out.get_by_role("button", name="Show earlier entries").click()
    expect(entries).to_have_count(400)
    index = int(entries.first.get_attribute("data-index"))
    assert index == int(notebook.kernel("print(len(enc_big.log) - 400)"))
    entries.first.locator("button").click()
    dialog = out.get_by_role("alertdialog")
    expect(dialog).to_contain_text("… and 396 more")
    dialog.get_by_role("button", name=re.compile(r"^Undo \d+ commands$")).click()
    assert notebook.wait_kernel("print(len(enc_big.log))", str(index)) == str(index)
    expect(entries.last).to_have_attribute("data-index", str(index - 1))


def test_a_big_fight_draws_every_card_in_order_and_fills_its_name_lists(
    notebook: Notebook,
) -> None:
    """A 500-combatant screen draws its first screen at once and the other cards while the page is
    idle (roster.js), and its long name lists when the GM reaches for them or the page is idle
    (dom.js ``fillSelect``): in the end every card is there, in the roster's order, and every
    name can be chosen."""
    out = notebook.run_cell(
        "from bpb_widgets import Encounter\nfrom bpb_widgets.widgets import GMScreen\n"
        "enc_wide = Encounter(seed=1)\n"
        "for i in range(500): enc_wide.add(f'Fighter {i:03d}', perception=1 + i % 14)\n"
        "enc_wide.start()\nscreen_wide = GMScreen(enc_wide)\nscreen_wide",
        timeout=60_000,
    )
    cards = out.get_by_role("list", name="Combatants", exact=True)
    items = cards.get_by_role("listitem")
    expect(items).to_have_count(500)
    expect(cards).not_to_have_attribute("aria-busy", "true")
    named = items.evaluate_all("items => items.map((item) => item.getAttribute('aria-label'))")
    assert named == [f"Fighter {i:03d}" for i in range(500)]
    target = out.get_by_role("region", name="Attack", exact=True).get_by_role(
        "combobox", name="Target"
    )
    expect(target.get_by_role("option")).to_have_count(499)
    target.select_option("Fighter 250")
    chosen = "print(screen_wide.panels['attack']['selection']['target'])"
    assert notebook.wait_kernel(chosen, "Fighter 250") == "Fighter 250"
    notebook.screenshot(out, "big-fight-every-card")


def test_a_killed_kernel_loses_nothing_with_autosave(notebook: Notebook) -> None:
    setup(notebook)
    path = "crash-fight.json"
    out = notebook.run_cell(
        f"import os, pathlib\npathlib.Path({path!r}).unlink(missing_ok=True)\n"
        f"enc_k = fight()\nenc_k.start()\nGMScreen(enc_k, autosave={path!r})"
    )
    out.get_by_role("button", name="End turn").click()
    out.get_by_role("button", name="Delay").click()
    out.get_by_role("button", name="End turn").click()
    assert notebook.wait_kernel("print(enc_k.current)", "Ganyeka's henchmen") == (
        "Ganyeka's henchmen"
    )
    state = "import json\nprint(json.dumps([{0}.to_json(), {0}.transcript()]))"
    before = json.loads(notebook.kernel(state.format("enc_k")))
    pid = int(notebook.kernel("print(os.getpid())"))
    os.kill(pid, signal.SIGKILL)
    notebook.restarted(pid)
    setup(notebook)
    notebook.kernel(
        f"from bpb_widgets import Encounter\nback = Encounter.load({path!r}, autosave=True)"
    )
    assert json.loads(notebook.kernel(state.format("back"))) == before
    assert notebook.kernel("back.undo(); print(back.current, back.can_undo)").strip() == (
        "Monolith True"
    )
    resumed = notebook.kernel(f"print(Encounter.load({path!r}).current)").strip()
    assert resumed == "Monolith"
