"""What a user and a packager get: the sdist and the wheel install with no Node and carry the
front end; ``python -m build`` runs npm at most once, and never when the bundle is current; the
metadata says the licence, the project's addresses and what it runs on; the wheel is typed."""

from __future__ import annotations

import email.parser
import hashlib
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import bpb_widgets
from tests.conftest import ROOT, Distributions, fake_npm, npm_calls

#: A stand-in npm that "builds" the bundle as npm run build would (and writes down each call).
BUILDING_NPM = """#!/bin/sh
echo "$*" >> "$(dirname "$0")/calls"
if [ "$1 $2" = "run build" ]; then
    echo "/* built */" > bpb_widgets/static/widgets.js
    echo "/* built */" > bpb_widgets/static/widgets.css
    echo "/* built */" > bpb_widgets/static/board.js
fi
"""
#: What the fresh environment checks: the widgets import from it, with their bundle.
IMPORT = """
import hashlib, pathlib, sys
import bpb_widgets
from bpb_widgets import Encounter, GMScreen
screen = GMScreen(Encounter())
assert hashlib.sha256(screen._esm.encode()).hexdigest() == sys.argv[1], screen._esm[:80]
assert "startPlayerPage" in screen._esm
assert screen._css
package = pathlib.Path(bpb_widgets.__file__).parent
assert (package / "py.typed").is_file()
print(package)
"""


def test_python_m_build_runs_no_npm_when_the_bundle_is_current(
    distributions: Distributions,
) -> None:
    assert distributions.npm_calls == []


def test_python_m_build_runs_npm_once_when_the_bundle_is_stale(
    distributions: Distributions, tmp_path: Path
) -> None:
    with tarfile.open(distributions.sdist) as sdist:
        sdist.extractall(tmp_path, filter="data")
    (source,) = tmp_path.iterdir()
    (source / "js" / "lib" / "host.js").touch()  # a change since the bundle was built
    npm = tmp_path / "npm"
    built = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(tmp_path / "dist"), str(source)],
        env=fake_npm(npm, BUILDING_NPM),
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    assert npm_calls(npm) == ["ci --no-audit --no-fund", "run build"]
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert archive.read("bpb_widgets/static/widgets.js") == b"/* built */\n"


def test_the_sdist_and_the_wheel_install_without_node(
    distributions: Distributions, tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    # the environment's own commands and nothing else: no node, no npm
    env = {**os.environ, "PATH": str(venv / "bin")}
    env.pop("VIRTUAL_ENV", None)
    python = str(venv / "bin" / "python")
    which = [python, "-c", "import shutil; print(shutil.which('npm'), shutil.which('node'))"]
    assert subprocess.run(which, env=env, capture_output=True, text=True).stdout == "None None\n"
    bundle = hashlib.sha256((ROOT / "bpb_widgets" / "static" / "board.js").read_bytes()).hexdigest()
    pip = [python, "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    for distribution, extra in ((distributions.wheel, []), (distributions.sdist, ["--no-deps"])):
        installed = subprocess.run(
            [*pip, "--force-reinstall", *extra, str(distribution)],
            env=env,
            capture_output=True,
            text=True,
        )
        assert installed.returncode == 0, f"{distribution.name}: {installed.stderr[-3000:]}"
        imported = subprocess.run(
            [python, "-c", IMPORT, bundle], env=env, cwd=tmp_path, capture_output=True, text=True
        )
        assert imported.returncode == 0, f"{distribution.name}: {imported.stderr[-3000:]}"
        assert Path(imported.stdout.strip()).is_relative_to(venv), imported.stdout


def metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        return email.parser.Parser().parsestr(archive.read(name).decode())


def test_the_wheel_says_its_licence_addresses_and_what_it_runs_on(
    distributions: Distributions,
) -> None:
    meta = metadata(distributions.wheel)
    assert meta["Name"] == "bpb-widgets"
    assert meta["Version"] == bpb_widgets.__version__
    assert meta["License-Expression"] == "MIT"
    assert meta["License-File"] == "LICENSE"
    urls = dict(url.split(", ", 1) for url in meta.get_all("Project-URL"))
    assert {"Homepage", "Source", "Issues", "Changelog"} <= set(urls)
    assert all(url.startswith("https://") for url in urls.values())
    classifiers = meta.get_all("Classifier")
    assert any(c.startswith("Development Status :: ") for c in classifiers)
    assert "Typing :: Typed" in classifiers
    minimum = meta["Requires-Python"].removeprefix(">=")
    assert f"Programming Language :: Python :: {minimum}" in classifiers
    assert meta.get_payload().startswith("# bpb_widgets")  # the README is the description


def test_the_wheel_is_typed_and_carries_the_licence(distributions: Distributions) -> None:
    with zipfile.ZipFile(distributions.wheel) as archive:
        names = archive.namelist()
        (licence,) = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
        assert archive.read(licence) == (ROOT / "LICENSE").read_bytes()
    assert "bpb_widgets/py.typed" in names
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")


def test_the_sdist_carries_the_bundle_the_licence_and_the_changelog(
    distributions: Distributions,
) -> None:
    with tarfile.open(distributions.sdist) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    bundles = ("widgets.js", "widgets.css", "board.js")
    assert {f"bpb_widgets/static/{name}" for name in bundles} <= names
    assert {"LICENSE", "CHANGELOG.md", "bpb_widgets/py.typed"} <= names
    assert not [name for name in names if name.startswith((".venv", "node_modules/"))]
