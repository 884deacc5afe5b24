"""Directed vertex geography, edge geography and word chains against plain game-tree search
that knows no theory, on seeded random graphs and word lists, and their errors."""

from __future__ import annotations

import functools
from collections import Counter

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import geography_games as gg


def vertex_geography(arcs: dict, v) -> bool:
    """Whether the player to move from `v` wins, moving along arcs to unvisited vertices."""

    @functools.lru_cache(maxsize=None)
    def wins(visited: frozenset, token) -> bool:
        return any(w not in visited and not wins(visited | {w}, w) for w in arcs.get(token, ()))

    return wins(frozenset([v]), v)


def edge_geography(pairs: list, directed: bool, v) -> bool:
    """Whether the player to move from `v` wins, moving along unused edges (arcs)."""
    left = Counter((a, b) if directed else tuple(sorted((a, b))) for a, b in pairs)

    @functools.lru_cache(maxsize=None)
    def wins(remaining: tuple, token) -> bool:
        counts = dict(remaining)
        for (a, b), k in remaining:
            if k == 0 or token not in ((a,) if directed else (a, b)):
                continue
            to = b if a == token else a
            counts[(a, b)] = k - 1
            after = tuple(sorted(counts.items()))
            counts[(a, b)] = k
            if not wins(after, to):
                return True
        return False

    return wins(tuple(sorted(left.items())), v)


def digraphs(max_vertices: int, multi: bool):
    return st.integers(1, max_vertices).flatmap(
        lambda n: st.lists(
            st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=2 * n + 2
        ).map(lambda arcs: (n, arcs))
    )


@settings(max_examples=300, derandomize=True, deadline=None)
@given(digraphs(7, multi=False))
def test_the_token_game_on_digraphs_against_brute_force(case):
    n, arcs = case
    G = nx.DiGraph()
    G.add_nodes_from(range(n))
    G.add_edges_from((u, v) for u, v in arcs if u != v)
    solution = gg.solve(G)
    out = {v: [w for w in G.successors(v)] for v in G}
    expected = {v for v in G if vertex_geography(out, v)}
    assert solution.undecided == set()
    assert solution.mover_wins == expected
    assert solution.mover_loses == set(G) - expected
    for v in G:
        assert set(solution.winning_moves(v)) == {
            w for w in G.successors(v) if not vertex_geography_after(out, v, w)
        }


def vertex_geography_after(arcs: dict, v, w) -> bool:
    """Whether the player to move at `w` wins, `v` and `w` visited."""

    @functools.lru_cache(maxsize=None)
    def wins(visited: frozenset, token) -> bool:
        return any(x not in visited and not wins(visited | {x}, x) for x in arcs.get(token, ()))

    return wins(frozenset([v, w]), w)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(digraphs(6, multi=True), st.booleans())
def test_edge_geography_on_multigraphs_against_brute_force(case, directed):
    n, pairs = case
    pairs = pairs[:9]
    G = nx.MultiDiGraph() if directed else nx.MultiGraph()
    G.add_nodes_from(range(n))
    G.add_edges_from(pairs)
    solution = gg.edge_geography(G)
    assert solution.kind == ("multidigraph" if directed else "multigraph")
    assert solution.undecided == set()
    expected = {v for v in range(n) if edge_geography(pairs, directed, v)}
    assert solution.mover_wins == expected, pairs
    assert solution.mover_loses == set(range(n)) - expected


def test_edge_geography_reads_text_and_arrays_and_boards():
    text = gg.edge_geography("3 3 directed\n0 1\n0 1\n1 2\n")
    assert (text.kind, text.mover_wins) == ("multidigraph", {1})
    array = gg.edge_geography(np.array([[0, 1], [0, 1]]), n=2)
    assert (array.kind, array.mover_loses) == ("multigraph", {0, 1})
    board = gg.edge_geography("1 3\n...\n")
    assert board.mover_wins == {1} and board.mover_loses == {0, 2}


words = st.lists(st.text(alphabet="abc", min_size=1, max_size=4), max_size=8)


def chain_wins(words: list[str], last=None, used=frozenset()) -> bool:
    """Whether the player to say the next word wins (any word when `last` is None)."""
    return any(
        w not in used
        and (last is None or w[0] == last[-1])
        and not chain_wins(words, w, used | {w})
        for w in words
    )


@settings(max_examples=300, derandomize=True, deadline=None)
@given(words)
def test_word_chains_against_brute_force(listed):
    distinct = list(dict.fromkeys(listed))
    if not distinct:
        with pytest.raises(ValueError):
            gg.word_chain(listed)
        return
    solution = gg.word_chain(listed)
    winning = [w for w in distinct if not chain_wins(distinct, w, frozenset([w]))]
    assert solution.winning_first_words == winning
    assert solution.undecided_first_words == []
    assert solution.first_player_wins == bool(winning)
    first = distinct[0]
    assert solution.winning_replies(first) == [
        w for w in distinct
        if w != first and w[0] == first[-1] and not chain_wins(distinct, w, frozenset([first, w]))
    ]


def test_word_chains_normalise_words_and_name_their_errors():
    solution = gg.word_chain("Café\ncafe\u0301\nÉclair\n")
    assert solution.first_player_wins is not None
    assert solution.winning_replies("CAFÉ") == ["Éclair"]
    with pytest.raises(ValueError, match="not a word"):
        solution.winning_replies("tea")
    with pytest.raises(ValueError, match="rule"):
        gg.word_chain(["ab"], rule="last3")
    with pytest.raises(gg.InputError) as error:
        gg.word_chain(b"ok\nb\xffd\n")
    assert (error.value.line, error.value.column) == (2, 2)
    assert str(error.value).endswith("(line 2, column 2)")
    with pytest.raises(TypeError):
        gg.word_chain(["a", 3])


def test_a_bound_leaves_starts_undecided_and_bad_input_is_a_value_error():
    # A directed cycle of 12 searched with a bound of 1 position: nothing is decided there.
    ring = nx.DiGraph([(i, (i + 1) % 12) for i in range(12)] + [(i, (i + 5) % 12) for i in range(12)])
    solution = gg.solve(ring, max_positions=1)
    assert solution.undecided and solution.mover_wins | solution.mover_loses | solution.undecided == set(ring)
    with pytest.raises(gg.InputError) as error:
        gg.solve("3 2 directed\n0 1\n1 9\n")
    assert (error.value.line, error.value.column) == (3, 3)
    with pytest.raises(ValueError, match="max_positions"):
        gg.edge_geography(nx.Graph([(0, 1)]), max_positions=-1)
    with pytest.raises(ValueError, match="outside"):
        gg.edge_geography(np.array([[0, 5]]), n=2)


@settings(max_examples=100, derandomize=True, deadline=None)
@given(digraphs(6, multi=False))
def test_solve_game_with_one_way_moves_is_vertex_geography(case):
    n, arcs = case
    out = {v: sorted({w for u, w in arcs if u == v and w != v}) for v in range(n)}
    solution = gg.solve_game(0, lambda s: out[s])
    reached = {0}
    frontier = [0]
    while frontier:
        s = frontier.pop()
        for t in out[s]:
            if t not in reached:
                reached.add(t)
                frontier.append(t)
    sub = {v: out[v] for v in reached}
    assert solution.start_wins == vertex_geography(sub, 0)
    assert set(solution.winning_moves) == {w for w in out[0] if not vertex_geography_after(sub, 0, w)}
