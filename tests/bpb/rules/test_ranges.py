"""Range bands and the Benchmarks table (seed 004, "Range Bands", "Throwing"; seeds README,
"Known gap")."""

from __future__ import annotations

import csv
import io
from importlib.resources import files
from pathlib import Path

import pytest

from bpb_widgets import rules
from bpb_widgets.errors import RuleError


def test_pistol_at_1600_feet_gives_plus_three() -> None:
    assert rules.range_band(400) == 3
    assert rules.range_band(1600) == 4
    assert rules.range_modifier(3, 1600) == 3
    assert rules.modifiers(range_bands=rules.bands_beyond(3, 1600)).difficulty_modifier == 3


def test_within_range_is_free() -> None:
    assert rules.range_modifier(3, 10) == 0
    assert rules.range_modifier(3, 400) == 0
    assert rules.range_modifier(3, 401) == 3


def test_a_rank_7_blast_reaches_20_miles_as_printed() -> None:
    """Seed 004, "Range Bands": "a rank 7 Blast has an effective range of 20 miles". The table
    uses the book's printed figure, not the x4 series' 19.4 miles."""
    assert rules.default_benchmarks().row(7).affects_ft == 20 * 5280
    assert rules.range_band(20 * 5280) == 7
    assert rules.bands_beyond(7, 20 * 5280) == 0
    assert rules.range_modifier(7, 20 * 5280 + 1) == 3


def test_seed_data_points_are_marked() -> None:
    table = rules.default_benchmarks()
    assert table.lifts_rank(148) == 1
    assert table.row(4).throws_ft == 50
    seeded = {
        (row.rank, column)
        for row in table.rows
        for column in ("lifts", "throws", "affects")
        if row.source(column) == "seed"
    }
    assert seeded == {(1, "lifts"), (4, "throws"), (3, "affects"), (4, "affects"), (7, "affects")}


def test_table_ships_in_the_package() -> None:
    text = files("bpb_widgets.bpb").joinpath("data/benchmarks.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {row["lifts_source"] for row in rows} <= {"seed", "estimate"}
    assert len(rows) == len(rules.default_benchmarks().rows)


def test_replacement_table(tmp_path: Path) -> None:
    path = tmp_path / "mine.csv"
    path.write_text(
        "rank,lifts_lb,lifts_source,throws_ft,throws_source,affects_ft,affects_source,note\n"
        "0,50,estimate,5,estimate,10,estimate,\n"
        "1,150,seed,10,estimate,100,estimate,\n"
        "2,500,estimate,50,estimate,1000,estimate,house rule\n",
        encoding="utf-8",
    )
    mine = rules.load_benchmarks(path)
    assert mine.row(2).note == "house rule"
    assert rules.range_band(150, table=mine) == 2
    assert rules.throw(brawn=2, weight_lbs=140, table=mine).feet == 10
    with pytest.raises(RuleError, match="beyond the Benchmarks table"):
        rules.range_band(1001, table=mine)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("rank,lifts_lb\n0,5\n", "not readable"),
        (
            "rank,lifts_lb,lifts_source,throws_ft,throws_source,affects_ft,affects_source\n"
            "0,50,guess,5,estimate,10,estimate\n",
            "'seed' or 'estimate'",
        ),
        (
            "rank,lifts_lb,lifts_source,throws_ft,throws_source,affects_ft,affects_source\n"
            "1,50,seed,5,estimate,10,estimate\n",
            "starting at 0",
        ),
        (
            "rank,lifts_lb,lifts_source,throws_ft,throws_source,affects_ft,affects_source\n"
            "0,50,seed,5,estimate,10,estimate\n1,40,seed,6,estimate,20,estimate\n",
            "rise with rank",
        ),
    ],
)
def test_bad_table_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError, match=message):
        rules.load_benchmarks(path)


@pytest.mark.parametrize("feet", [-1, float("nan"), "far", True])
def test_bad_distance_refused(feet: object) -> None:
    with pytest.raises(RuleError, match="Distance"):
        rules.range_band(feet)  # type: ignore[arg-type]
