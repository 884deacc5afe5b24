"""scipy driver: scipy.sparse.csgraph.maximum_bipartite_matching (Hopcroft–Karp).

Usage: scipy_driver.py FILE. Bipartite inputs only (exit 3 otherwise). The two sides
come from a 2-colouring computed with scipy itself, from connected components of the
graph and of its bipartite double cover (two copies x, x' of each vertex; each edge uv
becomes uv' and u'v): the graph is bipartite iff no x shares a cover component with x',
and x gets colour 0 iff it shares a cover component with the first vertex r of its own
component (so an even walk joins them), colour 1 iff it shares one with r'.
Reports the matching size only: scipy gives no Gallai–Edmonds set.
"""

import sys
import time

import numpy as np
import pyinput
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components, maximum_bipartite_matching


def two_colouring(n, u, v):
    ones = np.ones(2 * len(u), dtype=np.int8)
    g = sp.csr_matrix((ones, (np.concatenate([u, v]), np.concatenate([v, u]))), shape=(n, n))
    _, comp = connected_components(g, directed=False)
    cu = np.concatenate([u, u + n, v, v + n])
    cv = np.concatenate([v + n, v, u + n, u])
    cover = sp.csr_matrix((np.ones(len(cu), dtype=np.int8), (cu, cv)), shape=(2 * n, 2 * n))
    _, dcomp = connected_components(cover, directed=False)
    if np.any(dcomp[:n] == dcomp[n:]):
        return None
    _, first = np.unique(comp, return_index=True)
    root = first[comp]
    return (dcomp[:n] != dcomp[root]).astype(np.int8)


def main():
    n, u, v = pyinput.read(sys.argv[1])
    colour = two_colouring(n, u, v)
    if colour is None:
        pyinput.not_applicable("not bipartite")
    side = np.zeros(n, dtype=np.int64)
    left = colour == 0
    side[left] = np.arange(int(left.sum()))
    side[~left] = np.arange(int((~left).sum()))
    flip = colour[u] == 1
    a = np.where(flip, v, u)
    b = np.where(flip, u, v)
    biadj = sp.csr_matrix((np.ones(len(a), dtype=np.int8), (side[a], side[b])),
                          shape=(int(left.sum()), int((~left).sum())))
    read_s = time.perf_counter() - pyinput.START
    t = time.perf_counter()
    match = maximum_bipartite_matching(biadj, perm_type="column")
    size = int((match >= 0).sum())
    pyinput.emit(n, len(u), size, read_s, time.perf_counter() - t)


if __name__ == "__main__":
    main()
