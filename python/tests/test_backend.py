"""The networkx backend: our code runs when asked, and declines what it must not answer."""

from __future__ import annotations

import networkx as nx
import pytest

import geography_games.backend as backend


def test_the_backend_is_registered_and_our_code_runs():
    assert "geography" in nx.utils.backends.backends
    before = dict(backend.calls)
    G = nx.petersen_graph()
    matching = nx.max_weight_matching(G, maxcardinality=True, backend="geography")
    assert len(matching) == 5 and nx.is_perfect_matching(G, matching)
    mates = nx.bipartite.maximum_matching(nx.path_graph(6), backend="geography")
    assert len(mates) == 6
    cover = nx.bipartite.to_vertex_cover(nx.path_graph(6), mates, backend="geography")
    assert len(cover) == 3 and all(u in cover or v in cover for u, v in nx.path_graph(6).edges)
    assert backend.calls["max_weight_matching"] == before.get("max_weight_matching", 0) + 1
    assert backend.calls["hopcroft_karp_matching"] == before.get("hopcroft_karp_matching", 0) + 1
    assert backend.calls["to_vertex_cover"] == before.get("to_vertex_cover", 0) + 1


def test_weighted_graphs_are_declined():
    G = nx.Graph()
    G.add_edge(0, 1, weight=1)
    G.add_edge(1, 2, weight=5)
    assert isinstance(backend.BackendInterface.can_run("max_weight_matching", (G,), {}), str)
    with pytest.raises(NotImplementedError):
        nx.max_weight_matching(G, backend="geography")
    equal = nx.path_graph(3)
    assert backend.BackendInterface.can_run("max_weight_matching", (equal,), {}) is True
    negative = nx.Graph([(0, 1, {"weight": -2})])
    assert isinstance(backend.BackendInterface.can_run("max_weight_matching", (negative,), {}), str)
    assert backend.BackendInterface.can_run(
        "max_weight_matching", (negative,), {"maxcardinality": True}
    ) is True
    assert isinstance(backend.BackendInterface.can_run("maximal_matching", (nx.DiGraph(),), {}), str)


def test_priority_falls_back_to_networkx_where_declined():
    G = nx.Graph()
    G.add_edge(0, 1, weight=1)
    G.add_edge(1, 2, weight=5)
    before = dict(backend.calls)
    with nx.config.backend_priority(algos=["geography"]):
        assert nx.max_weight_matching(G) == {(2, 1)} or nx.max_weight_matching(G) == {(1, 2)}
    assert backend.calls.get("max_weight_matching", 0) == before.get("max_weight_matching", 0)
