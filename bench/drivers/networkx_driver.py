"""networkx driver.

Usage: networkx_driver.py FILE. Bipartite inputs (sides from nx.bipartite.color):
nx.bipartite.hopcroft_karp_matching. Other inputs: nx.max_weight_matching with
maxcardinality=True (networkx's only maximum matching for general graphs; unweighted
edges count 1, so it is a maximum cardinality matching). Reports the matching size only.
"""

import sys
import time

import networkx as nx
import pyinput


def main():
    n, u, v = pyinput.read(sys.argv[1])
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(zip(u.tolist(), v.tolist()))
    try:
        colour = nx.bipartite.color(g)
    except nx.NetworkXError:
        colour = None
    read_s = time.perf_counter() - pyinput.START
    t = time.perf_counter()
    if colour is not None:
        top = [x for x, c in colour.items() if c == 0]
        mate = nx.bipartite.hopcroft_karp_matching(g, top_nodes=top)
        size, algorithm = len(mate) // 2, "hopcroft_karp_matching"
    else:
        size, algorithm = len(nx.max_weight_matching(g, maxcardinality=True)), "max_weight_matching"
    pyinput.emit(n, g.number_of_edges(), size, read_s, time.perf_counter() - t, algorithm=algorithm)


if __name__ == "__main__":
    main()
