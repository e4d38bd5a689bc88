"""``python -m benchmarks``: print every figure, grouped, with the machine it ran on."""

from __future__ import annotations

import importlib
import os
import platform
import sys

SUITES = ["engine", "widgets"]


def main() -> None:
    machine = platform.processor() or platform.machine()
    print(
        f"bpb_widgets benchmarks on {platform.node()}: {machine}, "
        f"{os.cpu_count()} cores, Python {platform.python_version()}"
    )
    for suite in SUITES:
        try:
            module = importlib.import_module(f"benchmarks.{suite}")
        except ModuleNotFoundError as error:
            if error.name != f"benchmarks.{suite}":
                raise
            continue
        print(f"\n{suite}")
        for name, value, unit in module.run():
            print(f"  {name:<48} {value:>10.2f} {unit}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
