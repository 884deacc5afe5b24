"""The bindings against networkx and an exhaustive game search, on random graphs (seeded)."""

from __future__ import annotations

import functools
import pathlib

import networkx as nx
import numpy as np
import pytest
import scipy.sparse
from hypothesis import given, settings, strategies as st

import geography_games as gg

ROOT = pathlib.Path(__file__).resolve().parents[2]


def brute_force_mover_wins(G: nx.Graph) -> set:
    """Plain game-tree search: the vertices the player to move wins from."""
    nodes = list(G.nodes)
    index = {v: i for i, v in enumerate(nodes)}
    neighbours = [[index[w] for w in G.neighbors(v) if w != v] for v in nodes]

    @functools.lru_cache(maxsize=None)
    def wins(visited: int, token: int) -> bool:
        return any(
            not (visited >> w) & 1 and not wins(visited | (1 << w), w) for w in neighbours[token]
        )

    return {nodes[v] for v in range(len(nodes)) if wins(1 << v, v)}


@st.composite
def graphs(draw, max_vertices=9):
    n = draw(st.integers(0, max_vertices))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(chosen)
    return G


@settings(max_examples=300, derandomize=True, deadline=None)
@given(graphs())
def test_winners_match_brute_force(G):
    assert gg.solve(G).mover_wins == brute_force_mover_wins(G)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(graphs(max_vertices=30))
def test_matching_is_valid_and_maximum(G):
    matching = gg.maximum_matching(G)
    covered = [v for edge in matching for v in edge]
    assert len(covered) == len(set(covered))
    assert all(G.has_edge(u, v) for u, v in matching)
    assert len(matching) == len(nx.max_weight_matching(G, maxcardinality=True))


@settings(max_examples=200, derandomize=True, deadline=None)
@given(graphs(max_vertices=12))
def test_gallai_edmonds_against_deletions(G):
    D, A, C = gg.gallai_edmonds(G)
    size = len(nx.max_weight_matching(G, maxcardinality=True))
    for v in G.nodes:
        H = G.copy()
        H.remove_node(v)
        missable = len(nx.max_weight_matching(H, maxcardinality=True)) == size
        assert (v in D) == missable
    assert A == {w for v in D for w in G.neighbors(v)} - D
    assert C == set(G.nodes) - D - A


def test_labels_round_trip():
    G = nx.Graph([("a", (1, 2)), ((1, 2), 3.5), (3.5, frozenset({1}))])
    solution = gg.solve(G)
    assert solution.mover_wins | solution.mover_loses == set(G.nodes)
    assert all(G.has_edge(u, v) for u, v in solution.matching)


def test_numpy_scipy_and_text_inputs_agree():
    G = nx.petersen_graph()
    expected = gg.solve(G).mover_wins
    edges = np.array(list(G.edges()))
    assert gg.solve(edges, n=10).mover_wins == expected
    assert gg.solve(scipy.sparse.csr_matrix(nx.to_numpy_array(G))).mover_wins == expected
    graph6 = nx.to_graph6_bytes(G, header=False).decode()
    assert gg.solve(graph6).mover_wins == expected
    sparse6 = nx.to_sparse6_bytes(G, header=False).decode()
    assert gg.solve(sparse6).mover_wins == expected
    assert gg.solve_many([sparse6, graph6])[0].mover_wins == expected
    text = "10 15\n" + "".join(f"{u} {v}\n" for u, v in G.edges())
    assert gg.solve(text, format="edges").mover_wins == expected


@pytest.mark.parametrize("neighbourhood", ["orthogonal", "king", "hex", "knight"])
def test_boards_from_arrays_match_boards_from_text(neighbourhood):
    rng = np.random.default_rng(7)
    free = rng.random((6, 7)) > 0.25
    rows = ["".join("." if f else "#" for f in row) for row in free]
    text = f"6 7 {neighbourhood}\n" + "\n".join(rows) + "\n"
    from_text = gg.solve(text)
    from_array = gg.solve(free, neighbourhood=neighbourhood)
    assert from_text.mover_wins == from_array.mover_wins
    assert (from_array.as_array() == "#").tolist() == (~free).tolist()


def test_judges_are_byte_for_byte():
    for problem in ["jsoi2009", "noi2011", "hdu4101"]:
        cases = sorted((ROOT / "testdata" / problem).glob("*.in"))
        assert cases, problem
        for case in cases:
            expected = case.with_suffix(".out").read_text()
            assert gg.judge(problem, case.read_text()) == expected, case


def test_analyze_is_the_cli_document():
    report = gg.analyze((ROOT / "examples" / "sample.record").read_text())
    assert report["kind"] == "board"
    assert [m["annotation"] for m in report["moves"]][:2] == ["blunder", "best"]


def test_bad_input_raises_located_value_errors():
    with pytest.raises(gg.InputError) as raised:
        gg.solve("2 2\n..\n.x\n")
    assert isinstance(raised.value, ValueError)
    assert (raised.value.line, raised.value.column) == (3, 2)
    assert "--max" not in str(raised.value)
    # Like json.JSONDecodeError, the text says where; `message` is the text without it.
    assert str(raised.value).endswith(" (line 3, column 2)")
    assert str(raised.value) == f"{raised.value.message} (line 3, column 2)"
    assert raised.value.message.startswith("unexpected character 'x'")
    with pytest.raises(gg.InputError) as raised:
        gg.solve(nx.path_graph(5), max_vertices=4)
    assert raised.value.kind == "too_many_vertices"
    with pytest.raises(gg.InputError) as raised:
        gg.solve(np.ones((300, 300), dtype=bool), max_cells=1000)
    assert raised.value.kind == "too_many_cells"
    with pytest.raises(gg.InputError):
        gg.solve(np.array([[0, 1]]), n=10**9)
    with pytest.raises(gg.InputError):
        gg.judge("noi2011", "1 3\nXO.\n1\n1 1\n1 2\n")
    with pytest.raises(ValueError):
        gg.judge("icpc", "")
    with pytest.raises(ValueError):
        gg.solve(np.array([[0, 1]]))


def test_every_bad_input_of_the_suite_raises_value_error():
    """Every case of testdata/bad-input that applies: judge, analyze and solve of a board or a
    graph, with the case's limits; none may crash the interpreter."""
    cases = (ROOT / "testdata" / "bad-input" / "cases.tsv").read_text().splitlines()
    checked = 0
    for line in cases:
        name, args, *_ = line.split("\t") + [""]
        path = ROOT / "testdata" / "bad-input" / name
        if line.startswith("#") or not path.is_file():
            continue
        words = args.split()
        limits = {}
        while words and words[0] in ("--max-cells", "--max-vertices"):
            limits[words[0][2:].replace("-", "_")] = int(words[1])
            words = words[2:]
        if words[-1:] == ["-"]:
            words = words[:-1]
        data = path.read_bytes()
        game = words[words.index("--game") + 1] if "--game" in words else "token"
        if words[0] == "judge":
            call = lambda: gg.judge(words[1], data, **limits)
        elif words[0] == "analyze" and game == "token":
            call = lambda: gg.analyze(data, **limits)
        elif words[0] == "solve":
            format = words[words.index("--format") + 1] if "--format" in words else None
            if format in ("slide", "treasure"):
                continue
            solver = gg.slither_solve if game == "slither" else gg.solve
            call = lambda: solver(data, format=format, **limits)
        else:  # Slither records have no reader here
            continue
        with pytest.raises(ValueError):
            call()
        checked += 1
    assert checked > 100


def test_the_readme_example_runs_as_shown():
    import doctest
    import re

    text = (ROOT / "README.md").read_text()
    block = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    test = doctest.DocTestParser().get_doctest(block, {}, "README", "README.md", 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.summarize().attempted > 3
    assert runner.summarize().failed == 0


@settings(max_examples=150, derandomize=True, deadline=None)
@given(graphs(max_vertices=8), st.data())
def test_positions_match_brute_force_along_random_games(G, data):
    if len(G) == 0:
        return
    nodes = list(G.nodes)
    position = gg.Position(G)
    visited: set = set()
    while True:
        legal = position.legal_moves()
        assert sorted(legal) == sorted(
            nodes if not visited else [w for w in G.neighbors(position.path[-1]) if w not in visited]
        )
        # A move wins iff the opponent, to move from it with it visited, loses.
        expected = {
            w for w in legal if not _mover_wins_after(G, visited | {w}, w)
        }
        assert set(position.winning_moves()) == expected
        if not legal:
            assert position.is_over() == bool(visited)
            break
        v = data.draw(st.sampled_from(legal))
        position.play(v)
        visited.add(v)
    with pytest.raises(ValueError):
        position.play("no such vertex")
    if visited:
        last = position.path[-1]
        assert position.undo() == last
        assert last not in position.path


def _mover_wins_after(G: nx.Graph, visited: set, token) -> bool:
    """Brute force: whether the player to move from `token` wins, `visited` off limits."""
    return any(
        not _mover_wins_after(G, visited | {w}, w) for w in G.neighbors(token) if w not in visited
    )


def test_solve_game_matches_the_graph_it_explores_and_plays_one_way_moves():
    knight = lambda s: [
        (s[0] + dr, s[1] + dc)
        for dr, dc in [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
        if 0 <= s[0] + dr < 4 and 0 <= s[1] + dc < 3
    ]
    solution = gg.solve_game((0, 0), knight)
    G = nx.Graph([(s, t) for s in [(r, c) for r in range(4) for c in range(3)] for t in knight(s)])
    expected = {w for w in G.neighbors((0, 0)) if not _mover_wins_after(G, {(0, 0), w}, w)}
    assert set(solution.winning_moves) == expected
    assert solution.start_wins == bool(expected)
    # One-way moves: 0 → 1 → 2 → 3, three moves, so the player to move from 0 wins.
    one_way = gg.solve_game(0, lambda s: [s + 1] if s < 3 else [])
    assert (one_way.start_wins, one_way.winning_moves, one_way.position) == (True, [1], None)
    with pytest.raises(ValueError, match="max_states"):
        gg.solve_game(0, lambda s: [s - 1, s + 1], max_states=100)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(graphs(max_vertices=14))
def test_certificates_verify_and_tampered_ones_do_not(G):
    certificate = gg.certificate(G)
    assert gg.verify(G, certificate)
    if certificate["matching"]:
        smaller = dict(certificate, matching=set(list(certificate["matching"])[1:]))
        assert not gg.verify(G, smaller)


def test_dulmage_mendelsohn_parts():
    G = nx.Graph([(0, "a"), (1, "a"), (2, "b"), (2, "c"), (3, "d")])
    top_exposed, perfect, bottom_exposed = gg.dulmage_mendelsohn(G, {0, 1, 2, 3})
    assert top_exposed == {0, 1, "a"}
    assert bottom_exposed == {"b", "c", 2}
    assert perfect == {3, "d"}
    with pytest.raises(ValueError):
        gg.dulmage_mendelsohn(nx.complete_graph(3), {0})


def test_solve_many_keeps_the_order_of_its_input():
    graphs6 = [nx.to_graph6_bytes(nx.path_graph(n), header=False).strip() for n in range(1, 9)]
    solutions = gg.solve_many(graphs6)
    for n, solution in enumerate(solutions, start=1):
        assert solution.matching_size == n // 2
    with pytest.raises(gg.InputError):
        gg.solve_many(["DQc", "!!"])


@pytest.mark.parametrize("neighbourhood", ["orthogonal", "king", "hex", "knight"])
def test_boards_agree_with_the_command_line(neighbourhood, tmp_path):
    import json
    import subprocess

    binary = ROOT / "target" / "debug" / "geography"
    if not binary.exists():
        pytest.skip("the command line is not built (scripts/test builds it first)")
    rng = np.random.default_rng(11)
    free = rng.random((9, 8)) > 0.2
    text = f"9 8 {neighbourhood}\n" + "\n".join(
        "".join("." if f else "#" for f in row) for row in free
    ) + "\n"
    path = tmp_path / "board.txt"
    path.write_text(text)
    report = json.loads(subprocess.run(
        [str(binary), "solve", "--json", str(path)], capture_output=True, check=True, text=True
    ).stdout)
    solution = gg.solve(free, neighbourhood=neighbourhood)
    assert solution.mover_wins == {tuple(cell) for cell in report["mover_wins"]}
    assert solution.matching_size == report["matching_size"]


def test_directed_graphs_are_played_on_their_arcs():
    solution = gg.solve(nx.DiGraph([(0, 1), (1, 2)]))
    assert isinstance(solution, gg.GeographySolution)
    assert (solution.mover_wins, solution.mover_loses, solution.undecided) == ({1}, {0, 2}, set())


@settings(max_examples=200, derandomize=True, deadline=None)
@given(graphs(max_vertices=70))
def test_sparse6_reads_as_networkx_writes_it(G):
    expected = gg.solve(G)
    text = nx.to_sparse6_bytes(G, header=False).decode()
    solution = gg.solve(text)
    assert solution.mover_wins == expected.mover_wins
    assert solution.matching_size == expected.matching_size
    # The graph itself: every edge of G, and no other, joins the vertices we read.
    assert all(G.has_edge(u, v) for u, v in solution.matching)
