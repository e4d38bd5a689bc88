"""The wheel every host installs carries the widgets' front end: the bundles are a build artefact
(gitignored, made by esbuild), and a wheel without them shows no widget anywhere (the check
lonboard's release job makes)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from bpb_widgets.widgets._host import STATIC
from tests.conftest import Distributions

ROOT = Path(__file__).resolve().parents[2]
BUNDLES = tuple(f"bpb_widgets/static/{name}" for name in ("widgets.js", "widgets.css", "board.js"))
LITE_WHEELS = ROOT / "build" / "lite" / "pypi"


def bundles_in(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        return {name: archive.read(name) for name in BUNDLES if name in names}


def test_a_built_wheel_holds_the_front_end_bundles(distributions: Distributions) -> None:
    assert (STATIC / "widgets.js").is_file(), "run `npm run build` (make does) first"
    wheel = distributions.wheel
    found = bundles_in(wheel)
    assert sorted(found) == sorted(BUNDLES)
    for name, content in found.items():  # the bundles just built, not stale ones
        assert content == (ROOT / name).read_bytes(), name
    with zipfile.ZipFile(wheel) as archive:
        assert not [n for n in archive.namelist() if n.startswith("js/")]


@pytest.mark.skipif(
    not LITE_WHEELS.is_dir(), reason="build/lite/ is missing: `make lite` builds it"
)
def test_the_demo_serves_a_wheel_with_the_bundles() -> None:
    (wheel,) = LITE_WHEELS.glob("bpb_widgets-*.whl")
    assert sorted(bundles_in(wheel)) == sorted(BUNDLES)
