"""The bundled front end: one ES module for every widget and the stylesheet, built and loaded."""

from __future__ import annotations

import hashlib
import re

import pytest
from widget_kit import WIDGETS, fight

from bpb_widgets.engine.game_system import declared
from bpb_widgets.widgets import GMScreen
from bpb_widgets.widgets._host import STATIC, parts_of

BUNDLE = STATIC / "widgets.js"
#: What each widget loads: the bundle, imported once a page (js/board.js).
BOARD = STATIC / "board.js"
#: Every part the package declares, by the key its state has in the host: the shared parts and
#: each game system's own.
PANELS = {cls.key for cls in GMScreen.part_types} | {
    cls.key for system in declared() for cls in parts_of(system) if cls.renderer_source() is None
}


def test_one_self_contained_bundle_is_built() -> None:
    assert BUNDLE.is_file(), "run `make test` or `npm run build` to bundle js/"
    assert (STATIC / "widgets.css").is_file()
    esm = BUNDLE.read_text()
    assert "export" in esm and not re.search(r"^import ", esm, re.M)
    # one dynamic import: a renderer the kernel sends for a panel defined outside the package
    assert len(re.findall(r"\bimport\s*\(", esm)) == 1
    assert "innerHTML" not in esm  # names are text, never HTML
    assert sorted(p.name for p in STATIC.glob("*.js")) == ["board.js", "widgets.js"]


def test_what_each_widget_loads_holds_the_bundle_by_its_hash() -> None:
    board = BOARD.read_text()
    key = hashlib.sha256(BUNDLE.read_bytes()).hexdigest()[:16]
    assert f'"{key}"' in board
    assert len(BUNDLE.read_bytes()) < len(BOARD.read_bytes()) < len(BUNDLE.read_bytes()) + 2_000


def test_the_bundle_draws_every_part_the_python_side_has() -> None:
    esm = BUNDLE.read_text()
    assert {"strip", "roster", "log", "files", "attack", "combat", "d10"} <= PANELS
    for key in [*PANELS, "check", "forecast", "player"]:  # the renderers' table keeps its keys
        assert re.search(rf"""["']?\b{key}["']?:""", esm), key


@pytest.mark.parametrize("cls", WIDGETS, ids=lambda cls: cls.__name__)
def test_every_widget_loads_the_bundle_and_the_shared_stylesheet(cls: type) -> None:
    widget = cls(fight())
    assert widget._esm == BOARD.read_text()
    assert widget._css == (STATIC / "widgets.css").read_text()
