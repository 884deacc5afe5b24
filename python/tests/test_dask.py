"""The Dask census example on a local cluster of two workers, against one process."""

from __future__ import annotations

import pathlib
import sys

import pytest

import geography_games as gg

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def test_the_census_on_two_workers_equals_the_census_in_one_process():
    distributed = pytest.importorskip("dask.distributed")
    sys.path.insert(0, str(EXAMPLES))
    import census

    parts = [path.read_text().split() for path in sorted(EXAMPLES.glob("geng-7-part*-of-4.g6"))]
    assert [len(part) for part in parts] and sum(len(part) for part in parts) == 1044
    expected: dict[int, int] = {}
    for solution in gg.solve_many([line for part in parts for line in part]):
        wins = len(solution.mover_wins)
        expected[wins] = expected.get(wins, 0) + 1
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        with distributed.Client(cluster) as client:
            assert len(client.scheduler_info()["workers"]) == 2
            assert census.census(parts, client) == dict(sorted(expected.items()))
    # Seven vertices: no perfect matching, so some start loses in every graph.
    assert sum(expected.values()) == 1044 and 7 not in expected
