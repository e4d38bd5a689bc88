"""What the package index, a new user and CI read: the README's links work away from the
repository, it shows the pip install line after the two make commands, the changelog has each
release, and CI runs the README's test command, once with the oldest dependencies allowed."""

from __future__ import annotations

import re
import runpy
import subprocess
import sys
import tomllib

import pytest
import yaml

from tests.conftest import ROOT

README = (ROOT / "README.md").read_text()
LINK = re.compile(r"\]\(([^)\s]+)\)|\bsrc=\"([^\"]+)\"")
REPOSITORY = "https://github.com/bpb-widgets/bpb_widgets"


def test_every_link_and_picture_of_the_readme_is_absolute() -> None:
    targets = [a or b for a, b in LINK.findall(README)]
    assert len(targets) > 10
    assert [t for t in targets if not t.startswith("https://")] == []
    # the repository's own files are linked on the repository, which the package index is not
    docs = [t for t in targets if "docs/" in t or t.endswith(".md")]
    assert docs and all(t.startswith(f"{REPOSITORY}/") for t in docs)


def test_the_readme_opens_with_the_make_commands_then_pip_install() -> None:
    first_block = README.split("```bash\n", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in first_block.splitlines()]
    assert commands == ["make lab", "make test", "pip install bpb-widgets"]
    name = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["name"]
    assert name == "bpb-widgets"


def test_the_changelog_has_unreleased_changes_and_every_release() -> None:
    headings = re.findall(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert headings == ["Unreleased", "0.2.0", "0.1.0"]


def pins() -> list[str]:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "lowest_pins.py")],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.split()


def test_the_oldest_dependencies_are_each_one_s_lower_bound() -> None:
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pinned = pins()
    assert len(pinned) == len(dependencies)
    for pin, dependency in zip(pinned, dependencies, strict=True):
        name, version = pin.split("==")
        assert dependency.startswith(name) and f">={version}" in dependency


def test_a_dependency_without_lower_bound_is_refused() -> None:
    lowest = runpy.run_path(str(ROOT / "tools" / "lowest_pins.py"))
    assert lowest["pins"](["anywidget>=0.9,<0.12", "traitlets[test] >= 5.9"]) == [
        "anywidget==0.9",
        "traitlets==5.9",
    ]
    with pytest.raises(SystemExit, match="icepool<3"):
        lowest["pins"](["icepool<3"])


def test_ci_runs_make_test_and_again_with_the_oldest_dependencies() -> None:
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "test.yml").read_text())
    triggers = workflow[True]  # YAML 1.1 reads the key `on` as true
    assert {"push", "pull_request"} <= set(triggers)
    runs = {
        name: [step["run"] for step in job["steps"] if "run" in step]
        for name, job in workflow["jobs"].items()
    }
    assert runs == {"test": ["make test"], "oldest-dependencies": ["make test LOWEST=1"]}
    makefile = (ROOT / "Makefile").read_text()
    assert "tools/lowest_pins.py" in makefile and "--constraint $(PINS)" in makefile
