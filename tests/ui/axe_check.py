"""axe-core (an npm dev dependency: node_modules/axe-core) in a Playwright page: its violations of
WCAG 2 A and AA (contrast, names, roles, ARIA, labels) inside one element, the widget's own (a
host's chrome is not ours), each reported with its targets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

#: Every WCAG 2.0 and 2.1 A and AA rule axe has: contrast, names, roles, ARIA attributes, labels.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: axe.run on one element; its violations, each with its nodes' targets and what it found.
#: JupyterLab's <body> is 0 px tall with ``overflow: hidden`` (its shell is positioned absolutely),
#: which axe reads as hiding every text on the page (no contrast checked at all): for the run, such
#: a body is as tall as the window, as it looks.
RUN_AXE = """async ([element, tags]) => {
    const body = document.body.style.height;
    if (document.body.getBoundingClientRect().height === 0) document.body.style.height = "100vh";
    let result;
    try {
        result = await axe.run(element, {runOnly: {type: "tag", values: tags},
                                         resultTypes: ["violations"]});
    } finally {
        document.body.style.height = body;
    }
    return result.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary})),
    }));
}"""


def axe_violations(page: Page, element: Locator) -> list[dict[str, Any]]:
    """axe-core's violations of ``AXE_TAGS`` inside ``element`` (axe loaded once per page)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    handle = element.element_handle()
    return page.evaluate(RUN_AXE, [handle, AXE_TAGS])


def report(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"]:
            summary = " ".join(node["summary"].split())
            lines.append(f"    {node['target']}: {summary}")
    return "\n".join(lines)


def assert_no_violations(page: Page, element: Locator, where: str) -> None:
    violations = axe_violations(page, element)
    assert not violations, f"axe-core on {where}:\n{report(violations)}"


def luminance(css: str) -> float:
    """The relative luminance (WCAG) of a computed opaque colour: ``rgb(r, g, b)`` (0-255) or,
    as color-mix() computes, ``color(srgb r g b)`` (0-1)."""
    inside = css[css.index("(") + 1 : css.index(")")]
    if css.startswith("color("):
        channels = [float(c) for c in inside.split()[1:4]]
    else:
        channels = [float(c) / 255 for c in inside.split(",")[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    lighter, darker = sorted((luminance(a), luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


#: Every visible element inside ``root`` with text of its own, and its computed font size.
FONT_SIZES = """(root) => {
    const found = [];
    for (const el of root.querySelectorAll("*")) {
        const own = [...el.childNodes].some(
            (n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim() !== "");
        if (!own || !el.checkVisibility({visibilityProperty: true})) continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const text = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)
            .map((n) => n.textContent.trim()).join(" ").slice(0, 40);
        const cls = typeof el.className === "string" ? el.className : el.getAttribute("class");
        found.push({tag: el.tagName.toLowerCase(), cls: cls || "", text,
                    size: parseFloat(getComputedStyle(el).fontSize)});
    }
    return found;
}"""
MIN_FONT_PX = 12


def assert_texts_large_enough(page: Page, element: Locator, at_least: int) -> None:
    """Every visible text inside ``element`` is at least ``MIN_FONT_PX`` (issue 35), and there
    are ``at_least`` of them (the whole widget was measured)."""
    texts = page.evaluate(FONT_SIZES, element.element_handle())
    assert len(texts) >= at_least, texts
    small = [t for t in texts if t["size"] < MIN_FONT_PX]
    lines = [f"{t['size']:g}px <{t['tag']} class={t['cls']!r}> {t['text']!r}" for t in small]
    assert not small, (
        f"{len(small)} of {len(texts)} visible texts under {MIN_FONT_PX} px:\n" + "\n".join(lines)
    )
