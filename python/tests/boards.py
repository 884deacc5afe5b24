"""Board graphs built with networkx alone: the judges of the board tests."""

import networkx as nx
import numpy as np

OFFSETS = {
    "orthogonal": [(-1, 0), (0, -1), (0, 1), (1, 0)],
    "king": [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)],
    "hex": [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)],
    "knight": [(dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)],
}


def board_graph(free: np.ndarray, neighbourhood: str) -> nx.Graph:
    """The free cells, 1-based and in row-major order, joined as `neighbourhood` says."""
    rows, cols = free.shape
    G = nx.Graph()
    G.add_nodes_from((r + 1, c + 1) for r in range(rows) for c in range(cols) if free[r, c])
    for r, c in zip(*np.nonzero(free)):
        for dr, dc in OFFSETS[neighbourhood]:
            s, t = r + dr, c + dc
            if 0 <= s < rows and 0 <= t < cols and free[s, t]:
                G.add_edge((int(r) + 1, int(c) + 1), (int(s) + 1, int(t) + 1))
    return G
