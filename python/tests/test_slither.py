"""Slither (`slither_solve`, `SlitherPosition`) against a brute-force game-tree search written
here, on every input kind."""

from __future__ import annotations

import contextlib
import functools
import io
import pathlib
import random
import re

import networkx as nx
import numpy as np
import pytest
import scipy.sparse
from hypothesis import given, settings, strategies as st

import geography_games as gg
from boards import OFFSETS, board_graph

# The criterion triples (d(x), d(y), d(x, y)) and the outcome each forces on the player to
# move; (1, 1, 2) forces none.
KINDS = {
    (0, 0, 0): False,
    (1, 1, 1): False,
    (0, 0, 1): True,
    (0, 1, 1): True,
    (1, 0, 1): True,
    (1, 1, 2): None,
}


def nu(G: nx.Graph) -> int:
    return len(nx.max_weight_matching(G, maxcardinality=True))


class Oracle:
    """Slither played out exhaustively on G (self-loops dropped, parallel edges merged): the
    player to move wins iff some move leaves a position the opponent loses. A position is the
    set of path vertices and its two ends, memoised on (frozenset of the path, ends)."""

    def __init__(self, G: nx.Graph):
        self.nodes = list(G.nodes)
        self.index = {v: i for i, v in enumerate(self.nodes)}
        self.neighbours = [set() for _ in self.nodes]
        for u, v in G.edges():
            if u != v:
                self.neighbours[self.index[u]].add(self.index[v])
                self.neighbours[self.index[v]].add(self.index[u])
        # Each edge once, as G.edges() first yields it (edge_classes's orientation).
        self.edges = list(dict.fromkeys((u, v) for u, v in G.edges() if u != v))
        self._wins = functools.lru_cache(maxsize=None)(self._search)
        self.graph = nx.Graph()
        self.graph.add_nodes_from(self.nodes)
        self.graph.add_edges_from(self.edges)

    def _search(self, path: frozenset, ends: frozenset) -> bool:
        x, y = tuple(ends)
        return any(
            not self._wins(path | {w}, frozenset((w, other)))
            for end, other in ((x, y), (y, x))
            for w in self.neighbours[end]
            if w not in path
        )

    def mover_wins(self, path: list) -> bool:
        """Whether the player to move wins with `path` (labels, end to end) chosen."""
        ids = [self.index[v] for v in path]
        if not ids:
            return bool(self.winning_first_moves())
        return self._wins(frozenset(ids), frozenset((ids[0], ids[-1])))

    def legal_moves(self, path: list) -> set:
        if not path:
            return set(self.edges)
        on_path = {self.index[v] for v in path}
        return {
            (end, self.nodes[w])
            for end in {path[0], path[-1]}
            for w in self.neighbours[self.index[end]]
            if w not in on_path
        }

    def winning_moves(self, path: list) -> set:
        """The legal moves after which the player to move loses."""
        winning = set()
        for end, new in self.legal_moves(path):
            if not path:
                after = [end, new]
            elif end == path[0]:
                after = [new] + path
            else:
                after = path + [new]
            if not self.mover_wins(after):
                winning.add((end, new))
        return winning

    def kind(self, path: list) -> tuple[int, int, int]:
        """(d(x), d(y), d(x, y)) by its definition: d(S) = ν(H) - ν(H - S), for H the graph
        without the path's inner vertices and the edge xy, and ν a maximum matching's size
        (by networkx). The criterion, not the oracle: checked, not trusted."""
        x, y = path[0], path[-1]
        H = self.graph.subgraph(set(self.nodes) - set(path[1:-1])).copy()
        if H.has_edge(x, y):
            H.remove_edge(x, y)

        def d(*S):
            without = H.copy()
            without.remove_nodes_from(S)
            return nu(H) - nu(without)

        return d(x), d(y), d(x, y)

    def winning_first_moves(self) -> set:
        return {(u, v) for u, v in self.edges if not self._wins(
            frozenset((self.index[u], self.index[v])), frozenset((self.index[u], self.index[v]))
        )}


# Hashable labels of mixed types: most pairs of them cannot be compared, so nothing may sort.
labels = st.one_of(
    st.integers(-3, 12),
    st.text(max_size=2),
    st.tuples(st.integers(0, 2), st.text(max_size=1)),
    st.frozensets(st.integers(0, 3), max_size=2),
)


@st.composite
def labelled_graphs(draw, max_vertices=8):
    """A Graph or MultiGraph on up to `max_vertices` labelled nodes, with self-loops, parallel
    edges and isolated nodes; node order the labels' or the edges'."""
    nodes = draw(st.lists(labels, unique=True, max_size=max_vertices))
    index = st.integers(0, max(len(nodes) - 1, 0))
    pairs = draw(st.lists(st.tuples(index, index), max_size=3 * len(nodes))) if nodes else []
    G = draw(st.sampled_from([nx.Graph, nx.MultiGraph]))()
    if draw(st.booleans()):
        G.add_nodes_from(nodes)
    G.add_edges_from((nodes[i], nodes[j]) for i, j in pairs)
    G.add_nodes_from(nodes)
    return G


def assert_solution_matches(solution: gg.SlitherSolution, oracle: Oracle) -> None:
    # Small graphs are decided within the search's limit: nothing undecided.
    assert solution.undecided_first_moves == set()
    assert isinstance(solution.first_player_wins, bool)
    assert solution.winning_first_moves == oracle.winning_first_moves()
    assert solution.first_player_wins == bool(oracle.winning_first_moves())


@settings(max_examples=250, derandomize=True, deadline=None)
@given(labelled_graphs())
def test_solutions_match_the_oracle(G):
    solution = gg.slither_solve(G)
    assert_solution_matches(solution, Oracle(G))
    # Pairs oriented as edge_classes orients them.
    assert solution.winning_first_moves <= set().union(*gg.edge_classes(G).values())


def test_seeded_random_graphs_show_both_outcomes_and_every_kind():
    rng = random.Random(7)
    outcomes, kinds = set(), set()
    for trial in range(150):
        G = nx.gnp_random_graph(rng.randint(2, 8), rng.choice([0.3, 0.5, 0.7]), seed=trial)
        oracle = Oracle(G)
        solution = gg.slither_solve(G)
        assert_solution_matches(solution, oracle)
        outcomes.add(solution.first_player_wins)
        for u, v in G.edges():
            position = gg.SlitherPosition(G, [(u, v)])
            kinds.add(position.kind)
            assert position.mover_wins == oracle.mover_wins([u, v])
    assert outcomes == {True, False}
    assert kinds == set(KINDS), kinds


def assert_position_matches(position: gg.SlitherPosition, oracle: Oracle, path: list) -> None:
    assert position.path == path
    assert position.ends == ((path[0], path[-1]) if path else None)
    legal = position.legal_moves
    assert len(legal) == len(set(legal))
    assert set(legal) == oracle.legal_moves(path)
    winning = position.winning_moves
    assert set(winning) == oracle.winning_moves(path)
    assert winning == [m for m in legal if m in set(winning)]  # in legal-move order
    assert position.mover_wins == oracle.mover_wins(path) == bool(winning)
    assert position.is_over() == (not legal)
    assert position.engine_move() == (winning or legal or [None])[0]
    if path:
        assert position.kind == oracle.kind(path)
        assert position.kind in KINDS
        assert KINDS[position.kind] in (None, position.mover_wins)
    else:
        assert position.kind is None


@settings(max_examples=150, derandomize=True, deadline=None)
@given(labelled_graphs(), st.data())
def test_positions_match_the_oracle_along_random_games(G, data):
    oracle = Oracle(G)
    position = gg.SlitherPosition(G)
    path: list = []
    history = []
    while True:
        assert position.to_move == 1 + len(history) % 2
        assert_position_matches(position, oracle, path)
        legal = position.legal_moves
        if not legal:
            break
        end, new = data.draw(st.sampled_from(legal))
        # Either orientation, either calling form.
        played = (new, end) if data.draw(st.booleans()) else (end, new)
        position.play(played) if data.draw(st.booleans()) else position.play(*played)
        if not path:  # the first edge is recorded as played
            end, new = played
        history.append((list(path), (end, new)))
        if not path:
            path = [end, new]
        elif end == path[0]:
            path = [new] + path
        else:
            path = path + [new]
        assert position.chosen == [move for _, move in history]
    # Undo back to the start, every position as it was.
    while history:
        path, move = history.pop()
        assert position.undo() == move
        assert position.path == path
    assert position.undo() is None
    assert position.chosen == []
    assert_position_matches(position, oracle, [])


def test_moves_given_at_construction_are_played():
    G = nx.path_graph(["a", "b", "c", "d", "e"])
    position = gg.SlitherPosition(G, [("c", "b"), ("b", "a"), ("d", "c")])
    assert position.path == ["d", "c", "b", "a"]
    assert position.chosen == [("c", "b"), ("b", "a"), ("c", "d")]
    assert position.legal_moves == [("d", "e")]
    assert position.winning_moves == [("d", "e")] and position.mover_wins
    assert position.to_move == 2
    # The triple follows the path's orientation: x its first vertex, y its last.
    assert gg.SlitherPosition(G, [("b", "c")]).kind == (1, 0, 1)
    assert gg.SlitherPosition(G, [("c", "b")]).kind == (0, 1, 1)
    with pytest.raises(ValueError):
        gg.SlitherPosition(G, [("a", "b"), ("d", "e")])


def _graph_on_ids(n: int, edges) -> nx.Graph:
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from((int(u), int(v)) for u, v in edges)
    return G


def test_numpy_scipy_and_text_graphs_match_the_oracle():
    rng = np.random.default_rng(11)
    for trial in range(40):
        n = int(rng.integers(1, 9))
        edges = rng.integers(0, n, size=(int(rng.integers(0, 3 * n)), 2))  # loops, repeats
        G = _graph_on_ids(n, edges)
        oracle = Oracle(G)  # ids in order: pairs (u, v) with u < v
        inputs = [
            lambda: dict(G=edges, n=n),
            lambda: dict(G=edges.astype(np.uint8), n=n),
            lambda: dict(G=scipy.sparse.csr_matrix(nx.to_numpy_array(G))),
            lambda: dict(G=nx.to_graph6_bytes(G, header=False)),
            lambda: dict(G=f"{n} {G.number_of_edges()}\n"
                         + "".join(f"{u} {v}\n" for u, v in G.edges()), format="edges"),
        ]
        for make in inputs:
            kwargs = make()
            assert_solution_matches(gg.slither_solve(**kwargs), oracle)
            G_in = kwargs.pop("G")
            position = gg.SlitherPosition(G_in, **kwargs)
            assert_position_matches(position, oracle, [])
            if position.legal_moves:
                u, v = position.legal_moves[-1]
                position.play(u, v)
                assert_position_matches(position, oracle, [u, v])


@pytest.mark.parametrize("neighbourhood", sorted(OFFSETS))
def test_boards_match_the_oracle(neighbourhood):
    rng = np.random.default_rng(3)
    for _ in range(5):
        free = rng.random((2, 4)) > 0.25
        if not free.any():
            continue
        oracle = Oracle(board_graph(free, neighbourhood))
        rows = ["".join("." if f else "#" for f in row) for row in free]
        text = f"2 4 {neighbourhood}\n" + "\n".join(rows) + "\n"
        for solution in (gg.slither_solve(free, neighbourhood=neighbourhood),
                         gg.slither_solve(text)):
            assert_solution_matches(solution, oracle)
        position = gg.SlitherPosition(free, neighbourhood=neighbourhood)
        path: list = []
        while True:
            assert_position_matches(position, oracle, path)
            if position.is_over():
                break
            end, new = position.legal_moves[0]
            position.play(end, new)
            path = [end, new] if not path else [new] + path if end == path[0] else path + [new]
        assert gg.SlitherPosition(text, position.chosen).path == path
    # A row of three cells: player 2 takes the second edge; of four: every edge wins.
    assert gg.slither_solve("1 3\n...\n").first_player_wins is False
    assert gg.slither_solve(np.ones((1, 4), dtype=bool)).winning_first_moves == {
        ((1, 1), (1, 2)), ((1, 2), (1, 3)), ((1, 3), (1, 4))
    }


def test_illegal_moves_raise_value_errors_naming_the_problem():
    # The cycle 0 - 1 - 2 - 3 - 0 with a tail 3 - 4, a loop on 4 and an isolated 5.
    G = nx.MultiGraph([(0, 1), (1, 2), (2, 3), (3, 0), (3, 4), (4, 4)])
    G.add_node(5)
    position = gg.SlitherPosition(G)
    cases = [
        ((0, 2), "0 and 2 are not adjacent"),
        ((4, 4), "4 and 4 are not adjacent"),
        ((0, 5), "0 and 5 are not adjacent"),
        ((0, 9), "9 is not a vertex of the graph"),
        (([0], 1), r"\[0\] is not a vertex of the graph"),
    ]
    for move, message in cases:
        with pytest.raises(ValueError, match=message):
            position.play(*move)
    with pytest.raises(ValueError, match="a move is an edge"):
        position.play(0)
    with pytest.raises(ValueError, match="a move is an edge"):
        position.play((0, 1, 2))
    position.play(1, 2)
    position.play(2, 3)  # the path 1 - 2 - 3, ends 1 and 3
    with pytest.raises(ValueError, match="0 and 4 are not adjacent"):
        position.play(0, 4)
    with pytest.raises(ValueError, match="it touches neither end of the path, 1 and 2"):
        gg.SlitherPosition(nx.path_graph(5), [(1, 2)]).play(3, 4)
    with pytest.raises(ValueError, match="the edge is already chosen"):
        position.play(3, 2)
    with pytest.raises(ValueError, match="the edge is already chosen"):
        position.play((2, 1))
    with pytest.raises(ValueError, match="2 is already on the path"):
        chord = nx.Graph([(0, 1), (1, 2), (2, 3), (3, 4), (0, 2)])
        gg.SlitherPosition(chord, [(0, 1), (1, 2), (2, 3)]).play(0, 2)
    position.play(0, 1)  # the path 0 - 1 - 2 - 3: its ends are adjacent
    with pytest.raises(ValueError, match="it joins the two ends of the path and would close a cycle"):
        position.play(0, 3)
    with pytest.raises(ValueError, match="the edge is already chosen"):
        position.play(1, 2)
    assert position.legal_moves == [(3, 4)]
    position.play(4, 3)
    assert position.chosen == [(1, 2), (2, 3), (1, 0), (3, 4)]
    with pytest.raises(ValueError, match="no legal move is left, the game is over"):
        position.play(0, 3)
    # Nothing illegal changed the position.
    assert position.path == [0, 1, 2, 3, 4]
    assert position.is_over() and position.engine_move() is None and not position.mover_wins
    # No edge at all: player 1 is stuck at once.
    empty = gg.SlitherPosition(nx.empty_graph(3))
    assert empty.is_over() and not empty.mover_wins and empty.engine_move() is None
    assert not gg.slither_solve(nx.empty_graph(3)).first_player_wins
    assert gg.slither_solve(nx.Graph()).winning_first_moves == set()


def test_bad_input_raises_value_errors():
    with pytest.raises(gg.InputError) as raised:
        gg.slither_solve("2 2\n..\n.x\n")
    assert (raised.value.line, raised.value.column) == (3, 2)
    with pytest.raises(gg.InputError) as raised:
        gg.SlitherPosition(nx.path_graph(5), max_vertices=4)
    assert raised.value.kind == "too_many_vertices"
    with pytest.raises(gg.InputError) as raised:
        gg.slither_solve(np.ones((300, 300), dtype=bool), max_cells=1000)
    assert raised.value.kind == "too_many_cells"
    bad = [
        dict(G=np.array([[0, 1]])),  # no n=
        dict(G=np.array([[0, -1]]), n=3),
        dict(G=np.array([[0, 3]]), n=3),
        dict(G=np.array([[0, 2**40]]), n=3),
        dict(G=np.array([[0, 1]]), n=10**9),
        dict(G=np.zeros((2, 3), dtype=np.int64)),
        dict(G=np.ones((2, 2), dtype=bool), neighbourhood="queen"),
        dict(G=scipy.sparse.csr_matrix(np.ones((2, 3)))),
        dict(G=nx.DiGraph([(0, 1)])),
        dict(G="0 1\n", format="no such format"),
        dict(G="A_\nA_\n"),  # two graph6 lines
        dict(G="3 1\n0 7\n", format="edges"),
    ]
    for kwargs in bad:
        for call in (gg.slither_solve, gg.SlitherPosition):
            with pytest.raises(ValueError):
                call(**kwargs)


def test_undecided_first_moves_are_reported_not_raised():
    # A solution with undecided first edges is still a solution: None, not a guess.
    partial = gg.SlitherSolution(None, set(), {("a", "b")})
    assert partial.first_player_wins is None
    assert repr(partial) == (
        "SlitherSolution(first_player_wins=None, winning_first_moves=0, undecided_first_moves=1)"
    )
    assert gg.SlitherSolution(True, {("a", "b")}).undecided_first_moves == set()
    assert gg.slither_solve(nx.path_graph(4)).undecided_first_moves == set()


def test_undecided_is_a_runtime_error_not_a_value_error():
    assert issubclass(gg.SlitherUndecided, RuntimeError)
    assert not issubclass(gg.SlitherUndecided, ValueError)
    assert gg.SlitherUndecided.__doc__ and "guessed" in gg.SlitherUndecided.__doc__


def test_exported_and_documented():
    for name in ("slither_solve", "SlitherPosition", "SlitherSolution", "SlitherUndecided"):
        assert name in gg.__all__
    assert "slither_solve" in gg.__doc__ and "SlitherPosition" in gg.__doc__
    for documented in (gg.slither_solve, gg.SlitherPosition):
        assert ">>>" in documented.__doc__
    position = gg.SlitherPosition(nx.path_graph(3))
    assert repr(position) == "SlitherPosition(path=[], to_move=1)"
    assert "first_player_wins=False" in repr(gg.slither_solve(nx.path_graph(3)))


def test_the_readme_section_prints_what_it_says():
    readme = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme[readme.index("## Slither"):]
    block = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    expected = [line.split("# ", 1)[1].strip() for line in block.splitlines()
                if line.startswith("print(")]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(block, {"nx": nx, "gg": gg})
    assert out.getvalue().split("\n")[:-1] == expected
