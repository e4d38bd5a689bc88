"""Build the JupyterLite demo: a static site in build/lite/ that runs the example notebooks in the
browser (Pyodide), served from anywhere (GitHub Pages, ``python -m http.server``), with no server.

Offline: everything comes from the package managers (pip and npm) and the repository, nothing else
is downloaded, and the site fetches nothing at run time but its own files.

- Pyodide: the runtime files of the ``pyodide`` npm package (installed into build/pyodide-npm/ at
  the version the installed ``jupyterlite-pyodide-kernel`` was made for). The npm package holds no
  packages, so its lockfile is cut down to what the site ships: ``micropip`` (a pure-Python wheel,
  from pip). Every other package comes from the site's own wheel index: the lockfile must not name
  a package whose file is not there, or micropip would try to fetch it.
- Wheels: pure-Python wheels (``--platform any``) of lite/requirements.txt and their dependencies,
  and this package's own wheel. ``widgetsnbextension`` is left out: the kernel brings a stand-in.
- The JupyterLite extensions (the kernel, the widget manager, anywidget) come from the same wheels,
  not from this environment, so anywidget's front end is exactly the version of its Python side.
- Config (lite/jupyter-lite.json): ``disablePyPIFallback``; the build sets a local ``pyodideUrl``.
  The build fails if any jupyter-lite.json of the site names an http(s) URL.

Usage: ``python tools/build_lite.py`` (``make lite`` runs it from .venv-lite, an environment holding
only lite/build-requirements.txt: the Pyodide kernel's extension breaks a JupyterLab it is
installed into).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
OUT = BUILD / "lite"
STAGE = BUILD / "lite-src"
PYODIDE_NPM = BUILD / "pyodide-npm"
LITE = ROOT / "lite"
#: The example notebooks in the demo (all of them).
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: The Pyodide runtime: what the kernel loads (pyodide.mjs), the rest is loaded by it.
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js")
#: The only packages the site's Pyodide lockfile keeps (their wheels are shipped beside it).
LOCKED = ("micropip",)
#: Left out of the wheels: the Pyodide kernel ships stand-ins of these.
SHIMMED = ("widgetsnbextension", "ipykernel")
#: The JupyterLite extensions the site needs, by their Python distribution.
EXTENSIONS = ("jupyterlite_pyodide_kernel", "jupyterlab_widgets", "anywidget")
URL = re.compile(r"https?://")
INSTALL_CELL = (
    "# JupyterLite: install bpb_widgets from this site's own wheels (no index, no internet)\n"
    "%pip install -q bpb_widgets"
)


def run(*command: str | Path, cwd: Path = ROOT, quiet: bool = False) -> None:
    """Run a command, echoing it; fail the build if it fails. ``quiet``: its output is shown
    only when it fails (jupyterlite's step-by-step log is a hundred lines of a good build)."""
    print("+", " ".join(str(part) for part in command), flush=True)
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        stdout=subprocess.PIPE if quiet else None,
        stderr=subprocess.STDOUT if quiet else None,
        text=True,
    )
    if done.returncode:
        print(done.stdout or "", end="", flush=True)
        raise SystemExit(f"failed ({done.returncode}): {command[0]} ... {command[-1]}")


def kernel_versions() -> tuple[str, str, str]:
    """The installed kernel's version, the Pyodide it was made for and Pyodide's Python."""
    from importlib.metadata import version

    from jupyterlite_pyodide_kernel import constants  # type: ignore[import-untyped]

    pyodide: str = constants.PYODIDE_VERSION
    python: str = constants.PYODIDE_PYTHON_VERSION
    return version("jupyterlite-pyodide-kernel"), pyodide, python


def npm_pyodide(version: str) -> Path:
    """The ``pyodide`` npm package at ``version``, installed into build/pyodide-npm/ by npm."""
    package = PYODIDE_NPM / "node_modules" / "pyodide"
    manifest = package / "package.json"
    if not manifest.is_file() or json.loads(manifest.read_text())["version"] != version:
        PYODIDE_NPM.mkdir(parents=True, exist_ok=True)
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("npm is needed for the Pyodide runtime (the pyodide npm package)")
        run(
            npm, "install", "--prefix", PYODIDE_NPM, "--no-save", "--no-package-lock",
            "--no-audit", "--no-fund", "--loglevel=error", f"pyodide@{version}",
        )  # fmt: skip
    return package


def pip(*arguments: str | Path) -> None:
    run(sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *arguments)


def pure_wheels(dest: Path, python: str, *requirements: str | Path) -> None:
    """Download pure-Python wheels (no sdist, no compiled wheel) for Pyodide's Python."""
    pip(
        "download", "--only-binary=:all:", "--platform", "any", "--implementation", "py",
        "--abi", "none", "--python-version", python, "--dest", dest, *requirements,
    )  # fmt: skip


def wheel_name(path: Path) -> str:
    """The normalised distribution name of a wheel file."""
    return re.sub(r"[-_.]+", "_", path.name.split("-")[0]).lower()


def wheels(dest: Path, python: str, kernel: str) -> dict[str, Path]:
    """Every wheel the site serves or takes extensions from, by distribution name."""
    dest.mkdir(parents=True)
    pure_wheels(dest, python, "-r", LITE / "requirements.txt")
    pure_wheels(dest, python, "--no-deps", f"jupyterlite-pyodide-kernel=={kernel}")
    pip("wheel", "--no-deps", "--wheel-dir", dest, ROOT)
    found = {wheel_name(path): path for path in sorted(dest.glob("*.whl"))}
    for name in SHIMMED:
        found.pop(name, None)
    return found


def check_anywidget(found: dict[str, Path]) -> None:
    """anywidget's front end and Python side are one wheel; say which, and that it holds both."""
    wheel = found["anywidget"]
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    if not any(n.endswith("labextensions/anywidget/package.json") for n in names):
        raise SystemExit(f"{wheel.name} holds no JupyterLab extension")
    print(f"anywidget: front end and Python side from {wheel.name}")


def lock_entry(wheel: Path, entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` of the Pyodide lockfile, for the wheel shipped beside it."""
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    version = wheel.name.split("-")[1]
    return {**entry, "file_name": wheel.name, "version": version, "sha256": digest}


def pyodide_dist(npm_package: Path, dest: Path, python: str) -> None:
    """The site's Pyodide: the npm package's runtime, and a lockfile naming only what is here."""
    dest.mkdir(parents=True)
    for name in RUNTIME:
        shutil.copy2(npm_package / name, dest / name)
    lock = json.loads((npm_package / "pyodide-lock.json").read_text())
    keep = set(LOCKED)
    while True:  # with whatever they depend on
        more = {d for name in keep for d in lock["packages"][name]["depends"]} - keep
        if not more:
            break
        keep |= more
    packages: dict[str, Any] = {}
    for name in sorted(keep):
        entry = lock["packages"][name]
        pure_wheels(dest, python, "--no-deps", f"{entry['name']}=={entry['version']}")
        (wheel,) = dest.glob(f"{entry['name'].replace('-', '_')}-{entry['version']}-*.whl")
        packages[name] = lock_entry(wheel, entry)
    lock["packages"] = packages
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))


def notebook_for_lite(source: Path, dest: Path) -> None:
    """A copy of an example notebook for the demo: outputs cleared (their widgets belong to a
    kernel that is gone) and a first cell that installs the package from the site's wheels."""
    notebook = json.loads(source.read_text())
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    install: dict[str, Any] = {
        "cell_type": "code",
        "execution_count": None,
        "id": "install-bpb-widgets",
        "metadata": {},
        "outputs": [],
        "source": INSTALL_CELL,
    }
    notebook["cells"].insert(0, install)
    notebook["metadata"]["kernelspec"] = {
        "name": "python",
        "display_name": "Python (Pyodide)",
        "language": "python",
    }
    dest.write_text(json.dumps(notebook, indent=1))


def lite_config(found: dict[str, Path]) -> dict[str, Any]:
    """jupyter_lite_config.json: the extensions from the wheels, no other; the wheels; Pyodide."""
    served = [str(path) for name, path in found.items() if name != "jupyterlite_pyodide_kernel"]
    return {
        "LiteBuildConfig": {
            "apps": ["lab", "notebooks", "tree"],
            "contents": [str(STAGE / "files")],
            "federated_extensions": [str(found[name]) for name in EXTENSIONS],
            "ignore_sys_prefix": True,
            "no_sourcemaps": True,
            # the standard library unpacks the few small archives; libarchive-c would need a
            # system library for no gain here
            "no_libarchive": True,
            "no_unused_shared_packages": True,
            "output_dir": str(OUT),
        },
        "PipliteAddon": {"piplite_urls": served},
        "PyodideAddon": {"pyodide_url": str(STAGE / "pyodide")},
    }


def site_configs(site: Path) -> Iterator[str]:
    """Every JupyterLite config of the site, as text: the jupyter-lite.json files, and the
    ``jupyter-lite`` metadata of the jupyter-lite.ipynb files (JupyterLite reads both)."""
    for path in sorted(site.rglob("jupyter-lite.json")):
        yield path.read_text()
    for path in sorted(site.rglob("jupyter-lite.ipynb")):
        yield json.dumps(json.loads(path.read_text())["metadata"].get("jupyter-lite", {}))


def check_site(site: Path) -> None:
    """The built site runs on its own: a local Pyodide, no index fallback, no URL elsewhere."""
    root = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = root["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if not kernel.get("pyodideUrl", "").startswith("./"):
        raise SystemExit(f"the site's pyodideUrl is not local: {kernel.get('pyodideUrl')!r}")
    if kernel.get("disablePyPIFallback") is not True:
        raise SystemExit("the site may fall back to a package index")
    for config in site_configs(site):
        if URL.search(config):
            raise SystemExit(f"a config of the site names an http(s) URL: {config[:200]}")
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        if not (site / "static" / "pyodide" / entry["file_name"]).is_file():
            raise SystemExit(f"the Pyodide lockfile names {entry['file_name']}, not in the site")


def size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def main() -> None:
    started = time.monotonic()
    kernel, pyodide, python = kernel_versions()
    print(f"jupyterlite-pyodide-kernel {kernel}: Pyodide {pyodide} (Python {python})")
    npm_package = npm_pyodide(pyodide)
    shutil.rmtree(STAGE, ignore_errors=True)
    shutil.rmtree(OUT, ignore_errors=True)
    STAGE.mkdir(parents=True)
    found = wheels(STAGE / "wheels", python, kernel)
    check_anywidget(found)
    # laid out as Pyodide's release archive is: the runtime in pyodide/pyodide/
    pyodide_dist(npm_package, STAGE / "pyodide" / "pyodide", python)
    (STAGE / "files").mkdir()
    for notebook in NOTEBOOKS:
        notebook_for_lite(notebook, STAGE / "files" / notebook.name)
    shutil.copy2(LITE / "jupyter-lite.json", STAGE / "jupyter-lite.json")
    config = json.dumps(lite_config(found), indent=2)
    (STAGE / "jupyter_lite_config.json").write_text(config)
    build = (sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", STAGE)
    run(*build, cwd=STAGE, quiet=True)
    check_site(OUT)
    (OUT / ".nojekyll").write_text("")  # GitHub Pages: serve folders starting with _ too
    seconds = time.monotonic() - started
    megabytes = size(OUT) / 1e6
    print(f"built {OUT.relative_to(ROOT)}/ in {seconds:.0f} s: {megabytes:.0f} MB")


if __name__ == "__main__":
    main()
