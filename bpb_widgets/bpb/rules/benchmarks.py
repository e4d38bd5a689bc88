"""The Benchmarks table: ranks to Lifts, Throws and Affects (seed 004, "Benchmarks", "Range Bands",
"Throwing", "Slamming").

The table itself is not in the seeds (seeds README, "Known gap"):
``bpb_widgets/bpb/data/benchmarks.csv`` holds it as replaceable data, each entry marked ``seed`` (a
data point stated in seed 004) or ``estimate`` (Lifts x2, Throws x2 and Affects x4 per rank,
fitted to those data points).
"""

from __future__ import annotations

import csv
import io
from bisect import bisect_left
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from itertools import pairwise
from pathlib import Path

from bpb_widgets.engine.checks import check_distance, check_whole
from bpb_widgets.errors import RuleError

COLUMNS = ("lifts", "throws", "affects")
SOURCES = frozenset({"seed", "estimate"})


@dataclass(frozen=True, slots=True)
class Benchmark:
    """One row: what a rank lifts (pounds), throws (feet) and affects (range, feet) (seed 004,
    "Benchmarks", "Range Bands", "Throwing")."""

    rank: int
    lifts_lb: float
    throws_ft: float
    affects_ft: float
    #: ``"seed"`` or ``"estimate"`` for each of :data:`COLUMNS`.
    sources: tuple[tuple[str, str], ...]
    note: str = ""

    def source(self, column: str) -> str:
        """Whether this row's ``column`` entry comes from the seeds or is an estimate."""
        return dict(self.sources)[column]


@dataclass(frozen=True, slots=True)
class Benchmarks:
    """The whole table: consecutive ranks from 0, every column rising with rank (seed 004,
    "Benchmarks")."""

    rows: tuple[Benchmark, ...]

    def __post_init__(self) -> None:
        if not self.rows or [row.rank for row in self.rows] != list(range(len(self.rows))):
            raise RuleError("A Benchmarks table needs consecutive ranks starting at 0.")
        for column in ("lifts_lb", "throws_ft", "affects_ft"):
            values = [getattr(row, column) for row in self.rows]
            if values[0] <= 0 or any(b <= a for a, b in pairwise(values)):
                raise RuleError(f"Benchmarks column {column} must be positive and rise with rank.")

    @property
    def max_rank(self) -> int:
        return self.rows[-1].rank

    def row(self, rank: int, what: str = "Benchmark rank") -> Benchmark:
        """The row for ``rank``, refused outside the table."""
        return self.rows[check_whole(rank, what, low=0, high=self.max_rank)]

    def lifts_rank(self, weight_lbs: float) -> int:
        """The rank whose Lifts weight is nearest to ``weight_lbs`` (seed 004, "Throwing": "rounding
        to the nearest weight value"); a tie goes to the lighter rank, lighter than rank 0 is 0."""
        weight = check_distance(weight_lbs, "Weight in pounds", positive=True)
        return min(self.rows, key=lambda row: (abs(row.lifts_lb - weight), row.rank)).rank

    def band(self, feet: float) -> int:
        """The range band of ``feet``: the lowest rank whose Affects distance reaches it (seed 004,
        "Range Bands")."""
        distance = check_distance(feet, "Distance")
        reaches = [row.affects_ft for row in self.rows]
        if distance > reaches[-1]:
            raise RuleError(
                f"{distance:g} feet is beyond the Benchmarks table (rank {self.max_rank} reaches "
                f"{reaches[-1]:g} feet)."
            )
        return bisect_left(reaches, distance)


def _parse(text: str) -> Benchmarks:
    rows = []
    for line, record in enumerate(csv.DictReader(io.StringIO(text)), start=2):
        try:
            sources = tuple((column, record[f"{column}_source"].strip()) for column in COLUMNS)
            row = Benchmark(
                rank=int(record["rank"]),
                lifts_lb=float(record["lifts_lb"]),
                throws_ft=float(record["throws_ft"]),
                affects_ft=float(record["affects_ft"]),
                sources=sources,
                note=(record.get("note") or "").strip(),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise RuleError(f"Benchmarks table line {line} is not readable: {error}.") from None
        if any(source not in SOURCES for _, source in sources):
            raise RuleError(f"Benchmarks table line {line}: mark each entry 'seed' or 'estimate'.")
        rows.append(row)
    return Benchmarks(tuple(rows))


def load_benchmarks(path: str | Path | None = None) -> Benchmarks:
    """A Benchmarks table (seed 004, "Benchmarks") from a CSV file, or the package's own when
    ``path`` is None.

    Columns: rank, lifts_lb, lifts_source, throws_ft, throws_source, affects_ft, affects_source,
    note.
    """
    if path is None:
        return default_benchmarks()
    return _parse(Path(path).read_text(encoding="utf-8"))


@cache
def default_benchmarks() -> Benchmarks:
    """The package's own table (``bpb_widgets/bpb/data/benchmarks.csv``), read once."""
    resource = files("bpb_widgets.bpb").joinpath("data/benchmarks.csv")
    return _parse(resource.read_text(encoding="utf-8"))
