"""Exact solutions of undirected vertex geography, and maximum matchings with their structure.

A token sits on a vertex of a graph; players take turns moving it to an unvisited neighbour;
whoever cannot move loses. The player to move from ``v`` wins exactly when every maximum
matching of the graph covers ``v``, so one Gallai-Edmonds decomposition answers every start.

Graphs are taken as a networkx ``Graph`` (any hashable node labels, mapped back on output), a
numpy integer array of shape ``(m, 2)`` with ``n=``, a scipy.sparse square adjacency matrix,
or text read as the ``geography`` command line reads a file (a board, an edge list, graph6 or
JSON; ``format=`` names one). Boards are text or a 2-D numpy bool array (True: free) with
``neighbourhood=``. Board cells are named ``(row, col)``, 1-based.

>>> import geography_games as gg
>>> solution = gg.solve("1 3\\n...\\n")
>>> sorted(solution.mover_wins), sorted(solution.mover_loses)
([(1, 2)], [(1, 1), (1, 3)])
"""

from __future__ import annotations

import json
from typing import Any, Hashable, Iterable

from . import _core
from ._core import InputError

__all__ = [
    "InputError",
    "Solution",
    "analyze",
    "gallai_edmonds",
    "judge",
    "maximum_matching",
    "solve",
]

DEFAULT_MAX_CELLS, DEFAULT_MAX_VERTICES = _core.default_limits()
NEIGHBOURHOODS = ("orthogonal", "king", "hex", "knight")


class Solution:
    """Who wins from every vertex, the decomposition behind it, and a maximum matching.

    >>> s = solve("2 2\\n..\\n.#\\n")
    >>> s.matching_size, sorted(s.mover_loses)
    (1, [(1, 2), (2, 1)])
    >>> s.as_array().tolist()
    [['W', 'L'], ['L', '#']]
    """

    def __init__(self, kind: str, shape, names: list, classes: list[int], pairs: list):
        self.kind = kind
        self._shape = shape
        self._names = names
        self._classes = classes
        self.matching = {(names[u], names[v]) for u, v in pairs}
        self.matching_size = len(pairs)
        self.mover_wins = {names[v] for v, c in enumerate(classes) if c != 0}
        self.mover_loses = {names[v] for v, c in enumerate(classes) if c == 0}

    @property
    def gallai_edmonds(self) -> tuple[set, set, set]:
        """``(D, A, C)``: the vertices some maximum matching misses, their neighbours outside
        D, and the rest (perfectly matched by every maximum matching)."""
        parts: tuple[set, set, set] = (set(), set(), set())
        for v, c in enumerate(self._classes):
            parts[c].add(self._names[v])
        return parts

    def as_array(self):
        """On a board: a 2-D numpy array of ``'W'`` (the player to move wins), ``'L'``
        (loses) and ``'#'`` (blocked)."""
        if self._shape is None:
            raise ValueError("as_array() is for boards; this is a graph")
        import numpy as np

        rows, cols, _ = self._shape
        out = np.full((rows, cols), "#", dtype="<U1")
        for (r, c), code in zip(self._names, self._classes):
            out[r - 1, c - 1] = "L" if code == 0 else "W"
        return out

    def __repr__(self) -> str:
        return (
            f"Solution(kind={self.kind!r}, vertices={len(self._classes)}, "
            f"matching_size={self.matching_size}, mover_wins={len(self.mover_wins)})"
        )


def _edges_of_labels(nodes: list, edges: Iterable[tuple[Hashable, Hashable]]):
    index = {node: i for i, node in enumerate(nodes)}
    return [(index[u], index[v]) for u, v in edges]


def _read(G: Any, n, format, neighbourhood, max_cells, max_vertices):
    """(kind, shape, names, classes, pairs) for any accepted input."""
    if isinstance(G, (str, bytes)):
        text = G.encode() if isinstance(G, str) else G
        kind, shape, cells, (classes, pairs) = _core.solve_text(
            text, format, max_cells, max_vertices
        )
        names = [tuple(cell) for cell in cells] if shape is not None else list(range(len(classes)))
        return kind, shape, names, classes, pairs
    if hasattr(G, "nodes") and hasattr(G, "edges"):  # networkx
        if len(G) > max_vertices:
            _core.solve_edges(len(G), [], max_vertices)  # raises the library's InputError
        nodes = list(G.nodes)
        classes, pairs = _core.solve_edges(
            len(nodes), _edges_of_labels(nodes, G.edges()), max_vertices
        )
        return "graph", None, nodes, classes, pairs
    if hasattr(G, "tocoo"):  # scipy.sparse
        rows, cols = G.shape
        if rows != cols:
            raise ValueError(f"an adjacency matrix is square, found {rows} × {cols}")
        if rows > max_vertices:
            _core.solve_edges(rows, [], max_vertices)
        coo = G.tocoo()
        edges = [(int(u), int(v)) for u, v in zip(coo.row, coo.col) if u < v]
        classes, pairs = _core.solve_edges(rows, edges, max_vertices)
        return "graph", None, list(range(rows)), classes, pairs
    if hasattr(G, "ndim") and hasattr(G, "dtype"):  # numpy
        if G.ndim == 2 and G.dtype == bool:
            if neighbourhood not in NEIGHBOURHOODS:
                raise ValueError(f"neighbourhood must be one of {NEIGHBOURHOODS}")
            rows, cols = G.shape
            kind, shape, cells, (classes, pairs) = _core.solve_board(
                rows, cols, [bool(x) for x in G.ravel()], neighbourhood, max_cells
            )
            return kind, shape, [tuple(c) for c in cells], classes, pairs
        if G.ndim == 2 and G.shape[1] == 2:
            if n is None:
                raise ValueError("an edge array needs n=, the number of vertices")
            if n > max_vertices:
                _core.solve_edges(n, [], max_vertices)
            edges = [(int(u), int(v)) for u, v in G.tolist()]
            if any(u < 0 or v < 0 for u, v in edges):
                raise ValueError("vertex ids are non-negative")
            classes, pairs = _core.solve_edges(n, edges, max_vertices)
            return "graph", None, list(range(n)), classes, pairs
        raise ValueError("a numpy input is a (m, 2) integer edge array or a 2-D bool board")
    raise TypeError(f"cannot read a graph from {type(G).__name__}")


def solve(
    G: Any,
    *,
    n: int | None = None,
    format: str | None = None,
    neighbourhood: str = "orthogonal",
    max_cells: int = DEFAULT_MAX_CELLS,
    max_vertices: int = DEFAULT_MAX_VERTICES,
) -> Solution:
    """Who wins from every vertex: ``mover_wins`` and ``mover_loses`` (sets of nodes; of
    ``(row, col)`` cells on boards), ``matching_size``, ``matching`` and ``gallai_edmonds``.

    >>> import networkx as nx
    >>> sorted(solve(nx.path_graph(["a", "b", "c"])).mover_wins)
    ['b']
    """
    return Solution(*_read(G, n, format, neighbourhood, max_cells, max_vertices))


def maximum_matching(G: Any, **kwargs: Any) -> set[tuple]:
    """A maximum matching, as a set of node 2-tuples (like networkx's matching functions).

    >>> import networkx as nx
    >>> len(maximum_matching(nx.cycle_graph(5)))
    2
    """
    return solve(G, **kwargs).matching


def gallai_edmonds(G: Any, **kwargs: Any) -> tuple[set, set, set]:
    """The Gallai-Edmonds decomposition ``(D, A, C)``: D, the vertices some maximum matching
    misses; A, their other neighbours; C, the rest.

    >>> import networkx as nx
    >>> D, A, C = gallai_edmonds(nx.star_graph(3))
    >>> sorted(D), sorted(A), sorted(C)
    ([1, 2, 3], [0], [])
    """
    return solve(G, **kwargs).gallai_edmonds


def judge(
    problem: str,
    input_text: str | bytes,
    *,
    max_cells: int = DEFAULT_MAX_CELLS,
    max_vertices: int = DEFAULT_MAX_VERTICES,
) -> str:
    """The contest judge's exact output for ``"jsoi2009"``, ``"noi2011"`` or ``"hdu4101"``.

    >>> judge("jsoi2009", "3 3\\n.##\\n...\\n#.#\\n")
    'WIN\\n2 3\\n3 2\\n'
    """
    text = input_text.encode() if isinstance(input_text, str) else input_text
    return _core.judge_text(problem, text, max_cells, max_vertices)


def analyze(
    record_text: str | bytes,
    *,
    max_cells: int = DEFAULT_MAX_CELLS,
    max_vertices: int = DEFAULT_MAX_VERTICES,
) -> dict:
    """A played record annotated move by move: the document of ``geography analyze --json``.

    >>> report = analyze("1 3\\n...\\nmoves\\n1 2\\n1 1\\n")
    >>> [m["annotation"] for m in report["moves"]], report["winner"]
    (['blunder', 'best'], 2)
    """
    text = record_text.encode() if isinstance(record_text, str) else record_text
    return json.loads(_core.analyze_text(text, max_cells, max_vertices))
