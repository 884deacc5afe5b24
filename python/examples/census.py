"""A census over a family of graphs with Dask: every graph on n vertices, as nauty's ``geng``
splits it with its ``res/mod`` arguments, solved part by part on a cluster.

Each part (the graph6 lines of ``geng n res/mod``) is one task: ``solve_many`` solves its
lines on every core of the worker that takes it, and the task returns a small summary (here,
how many graphs have each number of vertices the player to move wins from), which the client
adds up. Nothing but graph6 text and a dictionary travels between client and workers.

On a real cluster each task would run ``geng`` itself (``geng 12 res/mod``, mod a few
thousand); this example reads the vendored output of ``geng 7 r/4`` instead, so it needs no
nauty::

    python census.py geng-7-part*-of-4.g6
"""

from __future__ import annotations

import collections
import sys


def census_of_part(lines: list[str]) -> dict[int, int]:
    """How many graphs of the part have each number of winning starts."""
    import geography_games

    counts: collections.Counter = collections.Counter()
    for solution in geography_games.solve_many(lines):
        counts[len(solution.mover_wins)] += 1
    return dict(counts)


def census(parts: list[list[str]], client) -> dict[int, int]:
    """The census of every part, computed on ``client``'s cluster and added up."""
    futures = client.map(census_of_part, parts)
    total: collections.Counter = collections.Counter()
    for counts in client.gather(futures):
        total.update(counts)
    return dict(sorted(total.items()))


def main(paths: list[str]) -> None:
    from dask.distributed import Client, LocalCluster

    parts = [open(path).read().split() for path in paths]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster:
        with Client(cluster) as client:
            for wins, graphs in census(parts, client).items():
                print(f"{graphs} graphs with {wins} winning starts")


if __name__ == "__main__":
    main(sys.argv[1:])
