"""``python -m benchmarks`` (``make bench``): every figure, grouped, with the machine it ran on.

Each figure comes with its baseline measured in the same run; indented rows are the ratios.
"""

from __future__ import annotations

import importlib
import os
import platform
import subprocess
import sys
from pathlib import Path

SUITES = ["engine", "widgets", "clicks", "forecast", "player"]
CHROMIUM = "/usr/bin/chromium"


def cpu() -> str:
    """The CPU's model name (Linux), else what ``platform`` knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def chromium() -> str:
    """The system Chromium's version, or why there is none."""
    try:
        done = subprocess.run(
            [CHROMIUM, "--version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return "no Chromium (browser figures skipped)"
    return done.stdout.strip() or "Chromium (version unknown)"


def main() -> None:
    print("bpb_widgets benchmarks (make bench)")
    print(f"  machine: {cpu()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}")
    print(f"  Python {platform.python_version()}; {chromium()}")
    for suite in SUITES:
        try:
            module = importlib.import_module(f"benchmarks.{suite}")
        except ModuleNotFoundError as error:
            if error.name != f"benchmarks.{suite}":
                raise
            continue
        print(f"\n{suite}")
        for name, value, unit in module.run():
            print(f"  {name:<66} {value:>10.2f} {unit}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
