"""`edge_classes` against a brute-force oracle built on networkx alone, on every input kind."""

from __future__ import annotations

import collections
import contextlib
import io
import itertools
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

CLASSES = ("vital", "allowed", "forbidden")


def nu(G: nx.Graph) -> int:
    """The size of a maximum matching, by networkx."""
    return len(nx.max_weight_matching(G, maxcardinality=True))


def simple(G: nx.Graph) -> nx.Graph:
    """G with its self-loops dropped and parallel edges merged, nodes in G's order."""
    H = nx.Graph()
    H.add_nodes_from(G.nodes)
    H.add_edges_from((u, v) for u, v in G.edges() if u != v)
    return H


def oracle(G: nx.Graph) -> dict[str, set]:
    """The classes by deletions: uv is vital iff ν(G − uv) = ν(G) − 1; otherwise allowed iff
    ν(G − u − v) = ν(G) − 1; otherwise forbidden. Pairs as `G.edges()` yields them."""
    H = simple(G)
    size = nu(H)
    out: dict[str, set] = {name: set() for name in CLASSES}
    for u, v in G.edges():
        if u == v:
            continue
        without_edge = H.copy()
        without_edge.remove_edge(u, v)
        without_ends = H.copy()
        without_ends.remove_nodes_from([u, v])
        if nu(without_edge) == size - 1:
            out["vital"].add((u, v))
        elif nu(without_ends) == size - 1:
            out["allowed"].add((u, v))
        else:
            out["forbidden"].add((u, v))
    return out


# Hashable labels of mixed types: most pairs of them cannot be compared, so nothing may sort.
labels = st.one_of(
    st.integers(-3, 12),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=2),
    st.tuples(st.integers(0, 2), st.text(max_size=1)),
    st.frozensets(st.integers(0, 3), max_size=2),
)


@st.composite
def labelled_graphs(draw, max_vertices=9):
    """A Graph or MultiGraph on up to `max_vertices` labelled nodes, with self-loops, parallel
    edges (merged in a Graph) and isolated nodes; node order the labels' or the edges'."""
    nodes = draw(st.lists(labels, unique=True, max_size=max_vertices))
    index = st.integers(0, max(len(nodes) - 1, 0))
    pairs = draw(st.lists(st.tuples(index, index), max_size=3 * len(nodes))) if nodes else []
    G = draw(st.sampled_from([nx.Graph, nx.MultiGraph]))()
    nodes_first = draw(st.booleans())
    if nodes_first:
        G.add_nodes_from(nodes)
    G.add_edges_from((nodes[i], nodes[j]) for i, j in pairs)
    G.add_nodes_from(nodes)  # the isolated ones, last, when the edges came first
    return G


def assert_matches_oracle(G: nx.Graph) -> dict[str, set]:
    classes = gg.edge_classes(G)
    assert set(classes) == set(CLASSES)
    assert classes == oracle(G)
    # Each edge exactly once, oriented as G.edges() yields it; self-loops in no class.
    edges = {(u, v) for u, v in G.edges() if u != v}
    assert set().union(*classes.values()) == edges
    assert sum(len(part) for part in classes.values()) == len(edges)
    # A maximum matching, in the same orientation, holds every vital edge and no forbidden one.
    matching = gg.maximum_matching(G)
    assert classes["vital"] <= matching <= classes["vital"] | classes["allowed"]
    return classes


@settings(max_examples=300, derandomize=True, deadline=None)
@given(labelled_graphs())
def test_labelled_graphs_match_the_oracle(G):
    assert_matches_oracle(G)


def test_seeded_random_graphs_match_the_oracle_and_show_every_class():
    rng = random.Random(2024)
    seen: collections.Counter = collections.Counter()
    for trial in range(200):
        n = rng.randint(1, 9)
        G = nx.gnp_random_graph(n, rng.choice([0.2, 0.35, 0.5, 0.8]), seed=trial)
        for name, part in assert_matches_oracle(G).items():
            seen[name] += len(part)
    # The oracle's classes all occur, so a wrong class on any of them would have been caught.
    assert min(seen[name] for name in CLASSES) > 50, seen


def test_every_graph_on_five_vertices():
    pairs = list(itertools.combinations(range(5), 2))
    seen: set = set()
    for mask in range(1 << len(pairs)):
        G = nx.Graph()
        G.add_nodes_from(range(5))
        G.add_edges_from(p for i, p in enumerate(pairs) if mask >> i & 1)
        seen |= {name for name, part in assert_matches_oracle(G).items() if part}
    assert seen == set(CLASSES)


def test_small_cases():
    assert gg.edge_classes(nx.Graph()) == {"vital": set(), "allowed": set(), "forbidden": set()}
    # A triangle with a pendant has one perfect matching.
    G = nx.Graph([("x", "y"), ("y", "z"), ("z", "x"), ("z", "tail")])
    assert gg.edge_classes(G) == {
        "vital": {("x", "y"), ("z", "tail")},
        "allowed": set(),
        "forbidden": {("y", "z"), ("x", "z")},
    }
    # K_{1,2} plus an isolated node, a parallel edge and a loop: both edges allowed, the loop
    # in no class.
    G = nx.MultiGraph([(1.5, "a"), (1.5, "b"), (1.5, "a"), ("b", "b")])
    G.add_node(frozenset())
    assert gg.edge_classes(G) == {
        "vital": set(),
        "allowed": {(1.5, "a"), (1.5, "b")},
        "forbidden": set(),
    }
    # Two stars of two leaves with their centres joined: the centres form the barrier A, and
    # the A–A edge between them is in no maximum matching.
    G = nx.Graph([(0, 1), (0, 2), (0, 4), (4, 5), (4, 6)])
    assert gg.edge_classes(G) == {
        "vital": set(),
        "allowed": {(0, 1), (0, 2), (4, 5), (4, 6)},
        "forbidden": {(0, 4)},
    }


def test_orientation_follows_the_edge_iteration_not_the_labels():
    G = nx.Graph()
    G.add_nodes_from([3, 1, 2])
    G.add_edges_from([(1, 3), (2, 1)])
    assert list(G.edges()) == [(3, 1), (1, 2)]
    classes = gg.edge_classes(G)
    assert classes["allowed"] == {(3, 1), (1, 2)}


def _edge_arrays(rng: np.random.Generator, n: int, m: int) -> np.ndarray:
    """`m` random rows of ids below `n`: loops, repeats and both orientations included."""
    return rng.integers(0, n, size=(m, 2))


def _graph_on_ids(n: int, edges) -> nx.Graph:
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from((int(u), int(v)) for u, v in edges)
    return G


def test_numpy_edge_arrays_match_the_oracle():
    rng = np.random.default_rng(5)
    for trial in range(60):
        n = int(rng.integers(1, 10))
        edges = _edge_arrays(rng, n, int(rng.integers(0, 3 * n)))
        expected = oracle(_graph_on_ids(n, edges))  # ids in order: pairs (u, v) with u < v
        assert gg.edge_classes(edges, n=n) == expected
        assert gg.edge_classes(edges.astype(np.uint8), n=n) == expected
    assert gg.edge_classes(np.zeros((0, 2), dtype=np.int64), n=3) == {
        "vital": set(), "allowed": set(), "forbidden": set()
    }
    # The path 0 - 1 - 2 - 3 with its edges reversed and one repeated: pairs still u < v.
    path = np.array([[1, 0], [2, 1], [3, 2], [1, 0], [2, 2]])
    assert gg.edge_classes(path, n=5) == {
        "vital": {(0, 1), (2, 3)}, "allowed": set(), "forbidden": {(1, 2)}
    }


def test_scipy_and_text_graphs_match_the_oracle():
    rng = random.Random(9)
    for trial in range(40):
        n = rng.randint(1, 9)
        G = nx.gnp_random_graph(n, 0.4, seed=trial)
        expected = oracle(G)
        assert gg.edge_classes(scipy.sparse.csr_matrix(nx.to_numpy_array(G))) == expected
        assert gg.edge_classes(nx.to_scipy_sparse_array(G, format="coo")) == expected
        graph6 = nx.to_graph6_bytes(G, header=False)
        assert gg.edge_classes(graph6) == expected
        assert gg.edge_classes(graph6.decode()) == expected
        text = f"{n} {G.number_of_edges()}\n" + "".join(f"{u} {v}\n" for u, v in G.edges())
        assert gg.edge_classes(text, format="edges") == expected


@pytest.mark.parametrize("neighbourhood", sorted(OFFSETS))
def test_boards_match_the_oracle(neighbourhood):
    rng = np.random.default_rng(3)
    for _ in range(6):
        free = rng.random((3, 5)) > 0.3
        if not free.any():
            continue
        expected = oracle(board_graph(free, neighbourhood))
        assert gg.edge_classes(free, neighbourhood=neighbourhood) == expected
        rows = ["".join("." if f else "#" for f in row) for row in free]
        text = f"3 5 {neighbourhood}\n" + "\n".join(rows) + "\n"
        assert gg.edge_classes(text) == expected
    # The board 1 × 3 of the package's docstring: both edges allowed.
    assert gg.edge_classes("1 3\n...\n") == {
        "vital": set(), "allowed": {((1, 1), (1, 2)), ((1, 2), (1, 3))}, "forbidden": set()
    }


def test_bad_input_raises_value_errors():
    with pytest.raises(gg.InputError) as raised:
        gg.edge_classes("2 2\n..\n.x\n")
    assert (raised.value.line, raised.value.column) == (3, 2)
    with pytest.raises(gg.InputError) as raised:
        gg.edge_classes(nx.path_graph(5), max_vertices=4)
    assert raised.value.kind == "too_many_vertices"
    with pytest.raises(gg.InputError) as raised:
        gg.edge_classes(np.ones((300, 300), dtype=bool), max_cells=1000)
    assert raised.value.kind == "too_many_cells"
    with pytest.raises(gg.InputError):
        gg.edge_classes(np.array([[0, 1]]), n=10**9)
    with pytest.raises(gg.InputError, match="solve_many"):
        gg.edge_classes("A_\nA_\n")
    bad = [
        lambda: gg.edge_classes(np.array([[0, 1]])),  # no n=
        lambda: gg.edge_classes(np.array([[0, -1]]), n=3),
        lambda: gg.edge_classes(np.array([[0, 3]]), n=3),
        lambda: gg.edge_classes(np.array([[0, 2**40]]), n=3),
        lambda: gg.edge_classes(np.zeros((2, 3), dtype=np.int64)),
        lambda: gg.edge_classes(np.ones((2, 2), dtype=bool), neighbourhood="queen"),
        lambda: gg.edge_classes(scipy.sparse.csr_matrix(np.ones((2, 3)))),
        lambda: gg.edge_classes(nx.DiGraph([(0, 1)])),
        lambda: gg.edge_classes("0 1\n", format="no such format"),
    ]
    for call in bad:
        with pytest.raises(ValueError):
            call()


def test_exported():
    assert "edge_classes" in gg.__all__
    assert gg.edge_classes.__doc__ and ">>>" in gg.edge_classes.__doc__


def test_the_readme_section_prints_what_it_says():
    readme = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme[readme.index("## Vital, allowed and forbidden edges"):]
    block = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    expected = [line.split("# ")[1].split(":")[0].strip() for line in block.splitlines()
                if line.startswith("print(")]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(block, {"nx": nx, "gg": gg})
    assert out.getvalue().split("\n")[:-1] == expected
