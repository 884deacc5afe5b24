"""Exact solutions of undirected vertex geography, and maximum matchings with their structure.

A token sits on a vertex of a graph; players take turns moving it to an unvisited neighbour;
whoever cannot move loses. The player to move from ``v`` wins exactly when every maximum
matching of the graph covers ``v``, so one Gallai-Edmonds decomposition answers every start.

Graphs are taken as a networkx ``Graph`` (any hashable node labels, mapped back on output), a
numpy integer array of shape ``(m, 2)`` with ``n=``, a scipy.sparse square adjacency matrix,
or text read as the ``geography`` command line reads a file (a board, an edge list, graph6 or
JSON; ``format=`` names one). Boards are text or a 2-D numpy bool array (True: free) with
``neighbourhood=``. Board cells are named ``(row, col)``, 1-based.

Besides who wins (``solve``), the structure of the maximum matchings: ``maximum_matching``,
``gallai_edmonds``, ``edge_classes`` (the edges every, some or no maximum matching uses),
``certificate`` and ``verify``, ``dulmage_mendelsohn``.

The rest of the geography family, exact, with a bounded search where no theorem decides:
``solve`` on a ``networkx.DiGraph`` (or a directed edge list) plays the token game on arcs
(directed vertex geography); ``edge_geography`` moves the token along unused edges (arcs on
directed graphs; parallel edges of multigraphs count); ``word_chain`` plays a list of words,
each starting with the last letter of the one before. Each answers win, lose or undecided (the
search ran past ``max_positions``) from every start.

Slither, the path game: player 1 chooses an edge, then the players in turn extend the chosen
edges, always a simple path, at either end to a vertex not on it; whoever cannot move loses.
``slither_solve`` says who wins and with which first edges; ``SlitherPosition`` plays a game
and analyses each position. Both take every input ``solve`` takes. First edges the bounded
search behind ``slither_solve`` cannot decide are listed as undecided (never guessed); a
position in play it cannot decide raises ``SlitherUndecided``, a ``RuntimeError``.

>>> import geography_games as gg
>>> solution = gg.solve("1 3\\n...\\n")
>>> sorted(solution.mover_wins), sorted(solution.mover_loses)
([(1, 2)], [(1, 1), (1, 3)])
"""

from __future__ import annotations

import json
from typing import Any, Hashable, Iterable

from . import _core
from ._core import InputError, SlitherUndecided

__all__ = [
    "GameSolution",
    "GeographySolution",
    "WordChainSolution",
    "InputError",
    "Position",
    "SlitherPosition",
    "SlitherSolution",
    "SlitherUndecided",
    "Solution",
    "analyze",
    "certificate",
    "dulmage_mendelsohn",
    "edge_classes",
    "edge_geography",
    "gallai_edmonds",
    "judge",
    "maximum_matching",
    "solve",
    "solve_game",
    "solve_many",
    "slither_solve",
    "verify",
    "word_chain",
]

DEFAULT_MAX_CELLS, DEFAULT_MAX_VERTICES = _core.default_limits()
# The most positions one search of the games decided start by start expands per start.
DEFAULT_MAX_POSITIONS = 200_000
NEIGHBOURHOODS = ("orthogonal", "king", "hex", "knight")
# The keys of `edge_classes`, in the order the engine returns the classes.
_EDGE_CLASSES = ("vital", "allowed", "forbidden")


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


def _is_directed(G: Any) -> bool:
    return bool(getattr(G, "is_directed", lambda: False)())


def _refuse_directed(G: Any) -> None:
    if _is_directed(G):
        raise ValueError(
            "a directed graph: the matching theory here is for undirected graphs; pass "
            "G.to_undirected() to use its edges (solve(G) plays the token game on the arcs)"
        )


def _edges_of_labels(nodes: list, edges: Iterable[tuple[Hashable, Hashable]]):
    index = {node: i for i, node in enumerate(nodes)}
    return [(index[u], index[v]) for u, v in edges]


def _read(G: Any, n, format, neighbourhood, max_cells, max_vertices, with_edge_classes=False,
          with_arena=False):
    """(kind, shape, names, classes, pairs, classed, arena) for any accepted input: ``classed``
    is ``(vital, allowed, forbidden)``, lists of index pairs ``(u, v)`` with ``u < v``, when
    ``with_edge_classes``, else ``None``; ``arena`` is the graph held by the engine for
    further questions (a ``_core.Arena``) when ``with_arena``, else ``None``."""
    if isinstance(G, (str, bytes)):
        text = G.encode() if isinstance(G, str) else G
        kind, shape, cells, (classes, pairs, classed, arena) = _core.solve_text(
            text, format, max_cells, max_vertices, with_edge_classes, with_arena
        )
        names = [tuple(cell) for cell in cells] if shape is not None else list(range(len(classes)))
        return kind, shape, names, classes, pairs, classed, arena
    if hasattr(G, "nodes") and hasattr(G, "edges"):  # networkx
        _refuse_directed(G)
        _core.check_size(0, 0, len(G), max_cells, max_vertices)
        nodes = list(G.nodes)
        classes, pairs, classed, arena = _core.solve_edges(
            len(nodes), _edges_of_labels(nodes, G.edges()), max_vertices, with_edge_classes,
            with_arena,
        )
        return "graph", None, nodes, classes, pairs, classed, arena
    if hasattr(G, "tocoo"):  # scipy.sparse
        rows, cols = G.shape
        if rows != cols:
            raise ValueError(f"an adjacency matrix is square, found {rows} × {cols}")
        _core.check_size(0, 0, rows, max_cells, max_vertices)
        coo = G.tocoo()
        edges = [(int(u), int(v)) for u, v in zip(coo.row, coo.col) if u < v]
        classes, pairs, classed, arena = _core.solve_edges(
            rows, edges, max_vertices, with_edge_classes, with_arena
        )
        return "graph", None, list(range(rows)), classes, pairs, classed, arena
    if hasattr(G, "ndim") and hasattr(G, "dtype"):  # numpy
        if G.ndim == 2 and G.dtype == bool:
            if neighbourhood not in NEIGHBOURHOODS:
                raise ValueError(f"neighbourhood must be one of {NEIGHBOURHOODS}")
            rows, cols = G.shape
            _core.check_size(rows, cols, 0, max_cells, max_vertices)
            kind, shape, cells, (classes, pairs, classed, arena) = _core.solve_board(
                rows, cols, [bool(x) for x in G.ravel()], neighbourhood, max_cells,
                with_edge_classes, with_arena,
            )
            return kind, shape, [tuple(c) for c in cells], classes, pairs, classed, arena
        if G.ndim == 2 and G.shape[1] == 2:
            if n is None:
                raise ValueError("an edge array needs n=, the number of vertices")
            _core.check_size(0, 0, n, max_cells, max_vertices)
            edges = [(int(u), int(v)) for u, v in G.tolist()]
            if any(u < 0 or v < 0 for u, v in edges):
                raise ValueError("vertex ids are non-negative")
            # Caught here, not by the engine, so that an id past 32 bits is a ValueError too.
            outside = next(((u, v) for u, v in edges if u >= n or v >= n), None)
            if outside is not None:
                raise ValueError(f"edge {outside} names a vertex outside 0..{n}")
            classes, pairs, classed, arena = _core.solve_edges(
                n, edges, max_vertices, with_edge_classes, with_arena
            )
            return "graph", None, list(range(n)), classes, pairs, classed, arena
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
    max_positions: int = DEFAULT_MAX_POSITIONS,
) -> Solution | GeographySolution:
    """Who wins from every vertex: ``mover_wins`` and ``mover_loses`` (sets of nodes; of
    ``(row, col)`` cells on boards), ``matching_size``, ``matching`` and ``gallai_edmonds``.

    On a directed graph (a ``networkx.DiGraph``, or text that is directed), the token moves
    along arcs (directed vertex geography): the answer is a :class:`GeographySolution`, with
    ``undecided`` for the starts a search of ``max_positions`` positions could not decide.

    >>> import networkx as nx
    >>> sorted(solve(nx.path_graph(["a", "b", "c"])).mover_wins)
    ['b']
    """
    if _is_directed(G) or (
        isinstance(G, (str, bytes)) and _core.text_is_directed(_bytes(G), format)
    ):
        return _graph_game(G, "token", n, format, max_positions, max_cells, max_vertices)
    kind, shape, names, classes, pairs, _, _ = _read(
        G, n, format, neighbourhood, max_cells, max_vertices
    )
    return Solution(kind, shape, names, classes, pairs)


def _bytes(text: str | bytes) -> bytes:
    return text.encode() if isinstance(text, str) else text


class GeographySolution:
    """Who wins from every start of a game decided start by start: the token game on a
    directed graph (``game == "token"``) or edge geography (``"edge"``), on a ``kind`` of
    ``"digraph"``, ``"multigraph"`` or ``"multidigraph"``. ``mover_wins``, ``mover_loses`` and
    ``undecided`` are sets of nodes that together hold every node once (``undecided``: the
    search from there ran past ``max_positions``).

    >>> import networkx as nx
    >>> s = edge_geography(nx.MultiGraph([("a", "b"), ("a", "b"), ("b", "c")]))
    >>> s.kind, sorted(s.mover_wins), sorted(s.mover_loses), s.winning_moves("b")
    ('multigraph', ['b', 'c'], ['a'], ['a', 'c'])
    """

    def __init__(self, names: list, held):
        self.kind, self.game = held.kind()
        self._names = names
        self._index = {name: i for i, name in enumerate(names)}
        self._held = held
        outcomes = held.outcomes()
        self.mover_wins = {names[v] for v, o in enumerate(outcomes) if o == 0}
        self.mover_loses = {names[v] for v, o in enumerate(outcomes) if o == 1}
        self.undecided = {names[v] for v, o in enumerate(outcomes) if o == 2}

    def winning_moves(self, v: Hashable) -> list:
        """The nodes the winning moves from ``v`` go to (with nothing used yet); moves the
        search left undecided are not listed."""
        try:
            i = self._index[v]
        except (KeyError, TypeError):
            raise ValueError(_core.not_a_vertex(repr(v))) from None
        return [self._names[w] for w in self._held.winning_moves(i)]

    def __repr__(self) -> str:
        return (
            f"GeographySolution(kind={self.kind!r}, game={self.game!r}, "
            f"mover_wins={len(self.mover_wins)}, mover_loses={len(self.mover_loses)}, "
            f"undecided={len(self.undecided)})"
        )


def _graph_game(G, game, n, format, max_positions, max_cells, max_vertices) -> GeographySolution:
    """Solves ``G`` as ``game`` (``"token"`` on a digraph, or ``"edge"``), every pair kept."""
    if isinstance(max_positions, bool) or not isinstance(max_positions, int) or max_positions < 0:
        raise ValueError(f"max_positions is a non-negative integer, found {max_positions!r}")
    if isinstance(G, (str, bytes)):
        held = _core.solve_graph_game_text(
            _bytes(G), format, game, max_positions, max_cells, max_vertices
        )
        return GeographySolution(list(range(len(held.outcomes()))), held)
    if hasattr(G, "nodes") and hasattr(G, "edges"):  # networkx, multigraphs included
        _core.check_size(0, 0, len(G), max_cells, max_vertices)
        nodes = list(G.nodes)
        pairs = _edges_of_labels(nodes, G.edges())
        directed = _is_directed(G)
    elif hasattr(G, "ndim") and hasattr(G, "dtype") and G.ndim == 2 and G.shape[1] == 2:
        if n is None:
            raise ValueError("an edge array needs n=, the number of vertices")
        pairs = [(int(u), int(v)) for u, v in G.tolist()]
        if any(u < 0 or v < 0 or u >= n or v >= n for u, v in pairs):
            raise ValueError(f"an edge names a vertex outside 0..{n}")
        nodes, directed = list(range(n)), False
    else:
        raise TypeError(f"cannot read a graph for this game from {type(G).__name__}")
    if game == "token" and not directed:
        raise ValueError("an undirected graph: its token game is solved by solve()")
    held = _core.solve_graph_game(len(nodes), pairs, directed, game, max_positions, max_vertices)
    return GeographySolution(nodes, held)


def edge_geography(
    G: Any,
    *,
    n: int | None = None,
    format: str | None = None,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    max_cells: int = DEFAULT_MAX_CELLS,
    max_vertices: int = DEFAULT_MAX_VERTICES,
) -> GeographySolution:
    """Edge geography from every vertex: the token moves along an unused edge, vertices may
    be revisited, whoever cannot move loses. Undirected edge geography on a ``Graph`` or
    ``MultiGraph`` (parallel edges count), directed on a ``DiGraph`` or ``MultiDiGraph``; also
    text (an edge list, ``n m directed``, digraph6, JSON, a board) or an ``(m, 2)`` numpy
    array with ``n=``. Bipartite graphs are decided exactly by linear algebra over GF(2);
    others by a search of at most ``max_positions`` positions per start.

    >>> import networkx as nx
    >>> s = edge_geography(nx.DiGraph([(0, 1), (1, 2)]))
    >>> s.kind, sorted(s.mover_wins), sorted(s.mover_loses)
    ('multidigraph', [1], [0, 2])
    """
    return _graph_game(G, "edge", n, format, max_positions, max_cells, max_vertices)


class WordChainSolution:
    """Who wins a word chain: ``first_player_wins`` (``True`` once a first word is proven
    winning, ``False`` when every first word is proven losing, else ``None``),
    ``winning_first_words``, ``undecided_first_words`` and ``winning_replies(word)``. Words
    are given as the list first spells them."""

    def __init__(self, held):
        self._held = held
        wins, winning, undecided = held.report()
        self.first_player_wins = wins
        self.winning_first_words = winning
        self.undecided_first_words = undecided

    def winning_replies(self, word: str) -> list[str]:
        """The replies that win after ``word`` is said first; ``ValueError`` for a word not in
        the list."""
        return self._held.winning_replies(word)

    def __repr__(self) -> str:
        return (
            f"WordChainSolution(first_player_wins={self.first_player_wins!r}, "
            f"winning_first_words={len(self.winning_first_words)}, "
            f"undecided_first_words={len(self.undecided_first_words)})"
        )


def word_chain(
    words: Iterable[str] | str | bytes,
    rule: str = "last1",
    *,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    max_words: int = DEFAULT_MAX_VERTICES,
) -> WordChainSolution:
    """Solves a word chain: the first player says any word of the list, then each word starts
    with the last letter of the one before (``rule="last2"``: the last two letters), each
    word once; whoever cannot say a word loses. ``words`` is an iterable of words or a text
    of one word a line. Words are compared in Unicode NFC, case-insensitively.

    >>> s = word_chain(["apple", "eagle", "egg"])
    >>> s.first_player_wins, s.winning_first_words, s.winning_replies("apple")
    (True, ['egg'], ['egg'])
    """
    if isinstance(words, (str, bytes)):
        text = _bytes(words)
    else:
        words = list(words)
        bad = next((w for w in words if not isinstance(w, str)), None)
        if bad is not None:
            raise TypeError(f"a word is a str, found {type(bad).__name__}")
        if any("\n" in w or "\r" in w for w in words):
            raise ValueError("a word holds no line break")
        text = "\n".join(words).encode()
    if isinstance(max_positions, bool) or not isinstance(max_positions, int) or max_positions < 0:
        raise ValueError(f"max_positions is a non-negative integer, found {max_positions!r}")
    return WordChainSolution(_core.word_chain(text, rule, max_positions, max_words))


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


def edge_classes(
    G: Any,
    *,
    n: int | None = None,
    format: str | None = None,
    neighbourhood: str = "orthogonal",
    max_cells: int = DEFAULT_MAX_CELLS,
    max_vertices: int = DEFAULT_MAX_VERTICES,
) -> dict[str, set[tuple]]:
    """How the maximum matchings use each edge: ``{"vital": ..., "allowed": ..., "forbidden":
    ...}``, three sets of node 2-tuples. An edge is *vital* when every maximum matching
    contains it, *allowed* when some maximum matching does but not every one, *forbidden*
    when none does. Every edge is in exactly one of the sets: parallel edges count once, and
    self-loops, which no matching uses, are in none.

    Takes every input :func:`solve` takes, with the same keywords. Each edge appears once,
    oriented as the graph's own edge iteration gives it: for a networkx graph, as
    ``G.edges()`` yields it (its end met first in ``G.nodes`` first, so every ``(u, v)`` of
    ``G.edges()`` but a self-loop is in one of the sets, and node labels need not be
    sortable); on numpy, scipy and text graphs, vertex ids ``(u, v)`` with ``u < v``; on
    boards, ``(row, col)`` cells with the first in row-major order first. The pairs of
    :func:`maximum_matching` are oriented the same way, and all lie in ``vital | allowed``.

    The work is one maximum matching and its Gallai-Edmonds decomposition, then linear time
    on bipartite graphs (orthogonal and knight boards among them), O(V·E·α(V)) at worst on
    others.

    >>> import networkx as nx
    >>> classes = edge_classes(nx.path_graph(4))  # 0 - 1 - 2 - 3: one perfect matching
    >>> sorted(classes["vital"]), sorted(classes["allowed"]), sorted(classes["forbidden"])
    ([(0, 1), (2, 3)], [], [(1, 2)])
    >>> sorted(edge_classes(nx.cycle_graph(4))["allowed"])  # two perfect matchings
    [(0, 1), (0, 3), (1, 2), (2, 3)]
    """
    _, _, names, _, _, classed, _ = _read(
        G, n, format, neighbourhood, max_cells, max_vertices, with_edge_classes=True
    )
    return {
        name: {(names[u], names[v]) for u, v in part} for name, part in zip(_EDGE_CLASSES, classed)
    }


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


def _labelled(G: Any, n: int | None, max_vertices: int):
    """(names, edges by index) of a networkx graph, an edge array or a sparse matrix."""
    if hasattr(G, "nodes") and hasattr(G, "edges"):
        _refuse_directed(G)
        _core.check_size(0, 0, len(G), DEFAULT_MAX_CELLS, max_vertices)
        nodes = list(G.nodes)
        return nodes, _edges_of_labels(nodes, G.edges())
    if hasattr(G, "tocoo"):
        rows, cols = G.shape
        if rows != cols:
            raise ValueError(f"an adjacency matrix is square, found {rows} × {cols}")
        _core.check_size(0, 0, rows, DEFAULT_MAX_CELLS, max_vertices)
        coo = G.tocoo()
        return list(range(rows)), [(int(u), int(v)) for u, v in zip(coo.row, coo.col) if u < v]
    if hasattr(G, "ndim") and G.ndim == 2 and G.shape[1] == 2:
        if n is None:
            raise ValueError("an edge array needs n=, the number of vertices")
        _core.check_size(0, 0, n, DEFAULT_MAX_CELLS, max_vertices)
        return list(range(n)), [(int(u), int(v)) for u, v in G.tolist()]
    raise TypeError(f"expected a networkx graph, an edge array or a sparse matrix, not {type(G).__name__}")


def certificate(G: Any, *, n: int | None = None, max_vertices: int = DEFAULT_MAX_VERTICES) -> dict:
    """A maximum matching and the proof that no larger one exists: a König vertex cover as
    large as the matching on bipartite graphs, a Tutte-Berge set A otherwise (with
    ``|M| = (|V| - odd(G - A) + |A|) / 2``).

    >>> import networkx as nx
    >>> c = certificate(nx.complete_graph(3))
    >>> len(c["matching"]), c["proof"], verify(nx.complete_graph(3), c)
    (1, 'tutte_berge', True)
    """
    names, edges = _labelled(G, n, max_vertices)
    pairs, kind, vertex_set = _core.certificate_edges(len(names), edges, max_vertices)
    return {
        "matching": {(names[u], names[v]) for u, v in pairs},
        "proof": kind,
        "vertices": {names[v] for v in vertex_set},
    }


def verify(G: Any, certificate: dict, *, n: int | None = None, max_vertices: int = DEFAULT_MAX_VERTICES) -> bool:
    """Whether ``certificate`` (as :func:`certificate` returns it) proves a maximum matching of
    ``G``: checked in linear time, trusting no solver.

    >>> import networkx as nx
    >>> G = nx.path_graph(4)
    >>> verify(G, {"matching": {(0, 1), (2, 3)}, "proof": "konig", "vertices": {1, 2}})
    True
    >>> verify(G, {"matching": {(1, 2)}, "proof": "konig", "vertices": {1}})
    False
    """
    names, edges = _labelled(G, n, max_vertices)
    index = {name: i for i, name in enumerate(names)}
    try:
        pairs = [(index[u], index[v]) for u, v in certificate["matching"]]
        vertex_set = sorted(index[v] for v in certificate["vertices"])
    except KeyError:
        return False
    problem = _core.verify_edges(
        len(names), edges, pairs, certificate["proof"], vertex_set, max_vertices
    )
    return problem is None


def dulmage_mendelsohn(G: Any, top_nodes: Iterable[Hashable], **kwargs: Any) -> tuple[set, set, set]:
    """The coarse Dulmage-Mendelsohn decomposition of a bipartite graph with sides
    ``top_nodes`` and the rest: ``(top_exposed, perfect, bottom_exposed)``, where
    ``top_exposed`` holds the vertices reachable by alternating paths from top vertices a
    maximum matching leaves exposed (the top vertices some maximum matching misses and their
    neighbours), ``bottom_exposed`` the same from the bottom side, and ``perfect`` the rest,
    perfectly matched by every maximum matching. The three parts do not depend on the
    matching chosen.

    >>> import networkx as nx
    >>> dulmage_mendelsohn(nx.path_graph(3), {0, 2})
    ({0, 1, 2}, set(), set())
    """
    top = set(top_nodes)
    if hasattr(G, "edges") and any((u in top) == (v in top) for u, v in G.edges()):
        raise ValueError("every edge must join a top node to a bottom node")
    D, A, C = gallai_edmonds(G, **kwargs)
    top_exposed = (D & top) | (A - top)
    bottom_exposed = (D - top) | (A & top)
    return top_exposed, C, bottom_exposed


def solve_many(graph6_lines: Iterable[str | bytes], *, max_vertices: int = DEFAULT_MAX_VERTICES) -> list[Solution]:
    """Solves graph6 lines (as nauty's ``geng`` writes them), on every core, in input order.

    >>> # The triangle (no vertex always matched) and K4 (a perfect matching).
    >>> [sorted(s.mover_wins) for s in solve_many(["Bw", "C~"])]
    [[], [0, 1, 2, 3]]
    """
    lines = [line.encode() if isinstance(line, str) else line for line in graph6_lines]
    solved = _core.solve_graph6_lines(lines, max_vertices)
    return [
        Solution("graph", None, list(range(len(classes))), classes, pairs)
        for classes, pairs, _, _ in solved
    ]


class _Played:
    """A game in progress held by the engine (a ``_core`` session): the node labels of its
    vertices, and the mapping of labels to vertex ids and back."""

    def __init__(self, names: list, session):
        self._names = names
        self._index = {name: i for i, name in enumerate(names)}
        self._session = session

    def _vertex(self, v: Hashable) -> int:
        try:
            return self._index[v]
        except (KeyError, TypeError):
            raise ValueError(_core.not_a_vertex(repr(v))) from None

    def _play(self, move) -> None:
        refusal = self._session.play(move)
        if refusal is not None:  # the engine's words, naming vertices by their labels
            words, vertices = refusal
            raise ValueError(words.format(*(repr(self._names[v]) for v in vertices)))


class Position(_Played):
    """A game in progress: the token's path on a graph, the placement first.

    >>> import networkx as nx
    >>> p = Position(nx.path_graph(["a", "b", "c"]))
    >>> p.to_move, sorted(p.winning_moves())
    (1, ['a', 'c'])
    >>> p.play("b"); p.to_move, sorted(p.winning_moves()), p.engine_move()
    (2, ['a', 'c'], 'a')
    >>> p.play("a"); p.is_over(), p.undo()
    (True, 'a')
    """

    def __init__(self, G: Any, start: Hashable | None = None, *, n: int | None = None,
                 max_vertices: int = DEFAULT_MAX_VERTICES):
        names, edges = _labelled(G, n, max_vertices)
        super().__init__(names, _core.Arena(len(names), edges, max_vertices).token_session())
        if start is not None:
            self.play(start)

    @property
    def path(self) -> list:
        """The vertices visited, in order: the placement first."""
        return [self._names[v] for v in self._session.path()]

    @property
    def to_move(self) -> int:
        """The player who moves next: 1 places the token and makes every odd move."""
        return self._session.to_move()

    def legal_moves(self) -> list:
        """Every legal move: any vertex before the placement, then the unvisited neighbours."""
        return [self._names[v] for v in self._session.legal_moves()]

    def winning_moves(self) -> list:
        """The moves after which the opponent, to move, loses with best play."""
        _, winning, _, _ = self._session.analyse()
        return [self._names[v] for v in winning]

    def engine_move(self) -> Hashable | None:
        """The engine's choice (not played): the first winning move, else the first legal
        move; ``None`` when the player to move is stuck."""
        chosen = self._session.analyse()[3]
        return None if chosen is None else self._names[chosen]

    def is_over(self) -> bool:
        """Whether the player to move is stuck (and so has lost)."""
        return self._session.is_over()

    def play(self, v: Hashable) -> None:
        """Places the token on ``v``, or moves it there; ``ValueError`` for an illegal move
        (not a vertex, already visited, not adjacent to the token), the position unchanged."""
        self._play(self._vertex(v))

    def undo(self) -> Hashable | None:
        """Takes back the last move; the vertex it had reached (``None`` at the start)."""
        v = self._session.undo()
        return None if v is None else self._names[v]


class GameSolution:
    """A game given by its rule, solved: ``start_wins`` (``None`` when a search could not
    decide it), ``winning_moves`` (the states to move to) and, for games whose every move can
    be reversed, ``position``, a :class:`Position` to play on (``None`` otherwise)."""

    def __init__(self, start_wins: bool | None, winning_moves: list, position: Position | None):
        self.start_wins = start_wins
        self.winning_moves = winning_moves
        self.position = position


def solve_game(
    start: Hashable, moves, *, max_states: int = 10**7, max_positions: int = DEFAULT_MAX_POSITIONS
) -> GameSolution:
    """Solves a game given by its rule: two players alternate, every move goes to a state not
    visited before, who cannot move loses. ``moves(state)`` yields the states one move away.
    The states reachable from ``start`` are explored breadth first (more than ``max_states``
    raises ``ValueError``). When every move can be reversed the game is undirected geography,
    decided exactly by matchings; otherwise it is directed vertex geography on the explored
    states, decided where its structure allows and by a search of at most ``max_positions``
    positions elsewhere (``start_wins`` is ``None`` when that search runs out).

    >>> # Step one or two cells along a line of six, never onto a visited one.
    >>> line = lambda s: [t for t in (s - 2, s - 1, s + 1, s + 2) if 0 <= t < 6]
    >>> solution = solve_game(0, line)
    >>> solution.start_wins, sorted(solution.winning_moves)
    (True, [1, 2])
    >>> solution.position.play(1); solution.position.engine_move()
    2
    >>> # Add 1 or 2 to a count up to 5: moves that cannot be taken back.
    >>> up = lambda s: [t for t in (s + 1, s + 2) if t <= 5]
    >>> solution = solve_game(0, up)
    >>> solution.start_wins, solution.winning_moves, solution.position
    (True, [2], None)
    """
    index = {start: 0}
    states = [start]
    successors: list[list[int]] = []
    for state in states:  # grows while it is walked: breadth first
        targets = []
        for t in moves(state):
            if t not in index:
                if len(states) >= max_states:
                    raise ValueError(f"more than max_states = {max_states} states are reachable")
                index[t] = len(states)
                states.append(t)
            targets.append(index[t])
        successors.append(targets)
    edge_set = {(s, t) for s, targets in enumerate(successors) for t in targets if s != t}
    if all((t, s) in edge_set for s, t in edge_set):
        position = Position(_Explored(states, [(s, t) for s, t in edge_set if s < t]), start)
        wins = position.winning_moves()
        return GameSolution(bool(wins), wins, position)
    if isinstance(max_positions, bool) or not isinstance(max_positions, int) or max_positions < 0:
        raise ValueError(f"max_positions is a non-negative integer, found {max_positions!r}")
    held = _core.solve_graph_game(
        len(states), sorted(edge_set), True, "token", max_positions, max(len(states), 1)
    )
    outcome = held.outcomes()[0]
    start_wins = None if outcome == 2 else outcome == 0
    return GameSolution(start_wins, [states[t] for t in held.winning_moves(0)], None)


class _Explored:
    """The explored states of :func:`solve_game` as a graph :class:`Position` reads."""

    def __init__(self, states: list, edges: list[tuple[int, int]]):
        self.nodes = states
        self._edges = edges

    def __len__(self) -> int:
        return len(self.nodes)

    def edges(self):
        return [(self.nodes[s], self.nodes[t]) for s, t in self._edges]


class SlitherSolution:
    """Who wins Slither on a graph (see :func:`slither_solve`): ``first_player_wins``
    (``True`` once a first edge is proven winning, ``False`` when every first edge is proven
    losing, ``None`` otherwise), ``winning_first_moves``, the set of first edges proven to win
    for player 1, and ``undecided_first_moves``, the set of first edges the bounded search
    could not decide, as node pairs."""

    def __init__(
        self,
        first_player_wins: bool | None,
        winning_first_moves: set[tuple],
        undecided_first_moves: set[tuple] | None = None,
    ):
        self.first_player_wins = first_player_wins
        self.winning_first_moves = winning_first_moves
        self.undecided_first_moves = undecided_first_moves or set()

    def __repr__(self) -> str:
        return (
            f"SlitherSolution(first_player_wins={self.first_player_wins}, "
            f"winning_first_moves={len(self.winning_first_moves)}, "
            f"undecided_first_moves={len(self.undecided_first_moves)})"
        )


def slither_solve(
    G: Any,
    *,
    n: int | None = None,
    format: str | None = None,
    neighbourhood: str = "orthogonal",
    max_cells: int = DEFAULT_MAX_CELLS,
    max_vertices: int = DEFAULT_MAX_VERTICES,
) -> SlitherSolution:
    """Solves Slither on ``G``: player 1 chooses an edge; then the players in turn choose an
    unchosen edge so that the chosen edges always form a simple path (each move extends the
    path at one of its two ends to a vertex not on it); whoever cannot move loses.

    Returns a :class:`SlitherSolution`: ``first_player_wins``, ``winning_first_moves``,
    every winning first edge, and ``undecided_first_moves``, as node pairs oriented as
    :func:`edge_classes` orients them (as ``G.edges()`` yields them on a networkx graph,
    ``(u, v)`` with ``u < v`` on vertex ids, ``(row, col)`` cells in row-major order on
    boards). Takes every input :func:`solve` takes, with the same keywords; self-loops and
    parallel edges play no part.

    Most positions are classified by maximum matchings (Anderson, 1974); those of kind
    (1, 1, 2) (see :attr:`SlitherPosition.kind`) are decided by a bounded search. First edges
    it cannot decide within its limit are ``undecided_first_moves``, never guessed, and
    ``first_player_wins`` is then ``None`` unless another first edge is proven winning; no
    exception is raised.

    >>> import networkx as nx
    >>> s = slither_solve(nx.path_graph(["a", "b", "c", "d"]))  # every first edge wins
    >>> s.first_player_wins, sorted(s.winning_first_moves)
    (True, [('a', 'b'), ('b', 'c'), ('c', 'd')])
    >>> slither_solve(nx.cycle_graph(3)).first_player_wins  # player 2 takes the last vertex
    False
    >>> sorted(slither_solve("1 4\\n....\\n").winning_first_moves)  # a board: (row, col) cells
    [((1, 1), (1, 2)), ((1, 2), (1, 3)), ((1, 3), (1, 4))]
    """
    _, _, names, _, _, _, arena = _read(
        G, n, format, neighbourhood, max_cells, max_vertices, with_arena=True
    )
    wins, firsts, undecided = arena.slither_solve()
    return SlitherSolution(
        wins,
        {(names[u], names[v]) for u, v in firsts},
        {(names[u], names[v]) for u, v in undecided},
    )


# Stands for "no second argument" in `SlitherPosition.play`, where any label may be given.
_ONE_ARGUMENT = object()


class SlitherPosition(_Played):
    """A game of Slither in progress: the path of chosen edges on a graph.

    Takes every input :func:`solve` takes, with the same keywords, and ``moves``, edges to
    play first. A move is an edge, ``play(u, v)`` or ``play((u, v))``, in either orientation:
    the first move any edge, each later one from an end of the path to a vertex not on it.
    Moves are reported as node pairs: the first as played (as :func:`edge_classes` orients
    it among ``legal_moves`` at the start), each later one as ``(end, new vertex)``.

    The engine holds the game between calls: a move or an undo costs what the rules make it
    cost. The analysis (``mover_wins``, ``winning_moves``, ``engine_move()``) is computed
    once per position; it raises :class:`SlitherUndecided` when the bounded search behind
    (1, 1, 2) positions reaches its limit.

    >>> import networkx as nx
    >>> p = SlitherPosition(nx.path_graph(["a", "b", "c", "d", "e"]))
    >>> p.to_move, p.mover_wins, p.winning_moves
    (1, False, [])
    >>> p.play("b", "c"); p.path, p.kind, p.winning_moves
    (['b', 'c'], (1, 0, 1), [('b', 'a'), ('c', 'd')])
    >>> p.play(("c", "d")); p.ends, p.chosen, p.legal_moves
    (('b', 'd'), [('b', 'c'), ('c', 'd')], [('b', 'a'), ('d', 'e')])
    >>> p.play("b", "d")
    Traceback (most recent call last):
    ...
    ValueError: 'b' and 'd' are not adjacent
    >>> p.undo(), p.engine_move()
    (('c', 'd'), ('b', 'a'))
    """

    def __init__(
        self,
        G: Any,
        moves: Iterable = (),
        *,
        n: int | None = None,
        format: str | None = None,
        neighbourhood: str = "orthogonal",
        max_cells: int = DEFAULT_MAX_CELLS,
        max_vertices: int = DEFAULT_MAX_VERTICES,
    ):
        _, _, names, _, _, _, arena = _read(
            G, n, format, neighbourhood, max_cells, max_vertices, with_arena=True
        )
        super().__init__(names, arena.slither_session())
        for move in moves:
            self.play(move)

    def _pairs(self, pairs) -> list[tuple]:
        return [(self._names[u], self._names[v]) for u, v in pairs]

    @property
    def path(self) -> list:
        """The path's vertices from one end to the other: the first edge ``(u, v)`` makes it
        ``[u, v]``; a move at its first end adds a vertex in front, at its last end behind.
        Empty before the first move."""
        return [self._names[v] for v in self._session.path()]

    @property
    def ends(self) -> tuple | None:
        """The first and last vertex of ``path``; ``None`` before the first move."""
        path = self._session.path()
        return (self._names[path[0]], self._names[path[-1]]) if path else None

    @property
    def chosen(self) -> list[tuple]:
        """The chosen edges in play order: the first as played, then ``(end, new vertex)``."""
        return self._pairs(self._session.moves())

    @property
    def to_move(self) -> int:
        """The player who moves next: 1 chooses the first edge and makes every odd move."""
        return self._session.to_move()

    @property
    def legal_moves(self) -> list[tuple]:
        """Every legal move: at the start every edge (oriented as :func:`edge_classes`
        orients it), then every ``(end, new vertex)``; in the engine's vertex order."""
        return self._pairs(self._session.legal_moves())

    @property
    def mover_wins(self) -> bool:
        """Whether the player to move wins with best play."""
        return self._session.analyse()[0]

    @property
    def winning_moves(self) -> list[tuple]:
        """The legal moves after which the opponent, to move, loses with best play."""
        return self._pairs(self._session.analyse()[1])

    @property
    def kind(self) -> tuple[int, int, int] | None:
        """The criterion triple ``(d(x), d(y), d(x, y))`` of the position, with ``x`` and
        ``y`` the first and last vertex of ``path``; ``None`` before the first move.

        With H the graph left to grow into (the path's inner vertices and the edge ``xy``
        removed) and ``d(S) = ν(H) - ν(H - S)`` for ν the size of a maximum matching: the
        mover loses at (0, 0, 0) and (1, 1, 1), wins at (0, 0, 1), (0, 1, 1) and (1, 0, 1),
        and either at (1, 1, 2), decided by the bounded search."""
        return self._session.kind()

    def engine_move(self) -> tuple | None:
        """The engine's choice (not played): the first winning move, else the first legal
        move; ``None`` when the player to move is stuck."""
        chosen = self._session.analyse()[3]
        return None if chosen is None else (self._names[chosen[0]], self._names[chosen[1]])

    def is_over(self) -> bool:
        """Whether the player to move is stuck (and so has lost)."""
        return self._session.is_over()

    def play(self, u: Any, v: Any = _ONE_ARGUMENT) -> None:
        """Chooses the edge ``u - v``: ``play(u, v)`` or ``play((u, v))``, either orientation.

        Raises ``ValueError`` naming the problem for an illegal move: a label that is not a
        vertex, two vertices that are not adjacent, a finished game, an edge that touches no
        end of the path, one that joins its two ends (closing a cycle) or goes back onto it.
        The position is then unchanged."""
        if v is _ONE_ARGUMENT:
            try:
                u, v = u
            except (TypeError, ValueError):
                raise ValueError(
                    f"a move is an edge, play(u, v) or play((u, v)), not {u!r}"
                ) from None
        self._play((self._vertex(u), self._vertex(v)))

    def undo(self) -> tuple | None:
        """Takes back the last move; returns it as ``chosen`` held it (``None`` at the start)."""
        move = self._session.undo()
        return None if move is None else (self._names[move[0]], self._names[move[1]])

    def __repr__(self) -> str:
        return f"SlitherPosition(path={self.path!r}, to_move={self.to_move})"
