"""python-igraph driver: Graph.maximum_bipartite_matching.

Usage: igraph_driver.py FILE. igraph's maximum matching is for bipartite graphs only
(python-igraph has no general maximum matching); the sides come from
Graph.is_bipartite(return_types=True), and other inputs exit 3. Reports the matching
size only: igraph gives no Gallai–Edmonds set.
"""

import sys
import time

import igraph
import numpy as np
import pyinput


def main():
    n, u, v = pyinput.read(sys.argv[1])
    g = igraph.Graph(n=n, edges=np.column_stack([u, v]))
    bipartite, types = g.is_bipartite(return_types=True)
    if not bipartite:
        pyinput.not_applicable("not bipartite")
    read_s = time.perf_counter() - pyinput.START
    t = time.perf_counter()
    matching = g.maximum_bipartite_matching(types=types)
    size = len(matching)
    pyinput.emit(n, g.ecount(), size, read_s, time.perf_counter() - t)


if __name__ == "__main__":
    main()
