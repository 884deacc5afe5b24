"""`Position` and `SlitherPosition` over the engine's sessions (`_core.TokenSession`,
`_core.SlitherSession`): the rules, the analysis and why a move is refused come from the
engine, held between calls; Python puts the labels in the engine's sentences."""

from __future__ import annotations

import os
import threading
import warnings

import networkx as nx
import pytest

import geography_games as gg
from geography_games import _core


def refused(play, *move) -> str:
    with pytest.raises(ValueError) as raised:
        play(*move)
    return str(raised.value)


def test_token_refusals_are_worded_with_the_labels():
    p = gg.Position(nx.path_graph(["a", "b", "c", "d"]))
    assert refused(p.play, "z") == "'z' is not a vertex of the graph"
    assert refused(p.play, ["a"]) == "['a'] is not a vertex of the graph"  # unhashable
    p.play("b")
    assert refused(p.play, "d") == "'d' is not adjacent to the token on 'b'"
    assert refused(p.play, "b") == "'b' was already visited"
    assert p.path == ["b"] and p.to_move == 2  # nothing refused changed the position
    p.play("c")
    assert p.legal_moves() == ["d"] and p.engine_move() == "d"
    p.play("d")
    assert refused(p.play, "b") == "'b' was already visited"  # checked before adjacency
    assert refused(p.play, "a") == "'a' is not adjacent to the token on 'd'"


def test_slither_refusals_are_worded_with_the_labels():
    # The cycle a - b - c - d - a with a tail d - e.
    G = nx.Graph([("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("d", "e")])
    p = gg.SlitherPosition(G, [("b", "c")])
    assert refused(p.play, "a", "c") == "'a' and 'c' are not adjacent"
    assert refused(p.play, "d", "e") == "it touches neither end of the path, 'b' and 'c'"
    assert refused(p.play, "x", "a") == "'x' is not a vertex of the graph"
    closes = "it joins the two ends of the path and would close a cycle"
    # The chosen edge itself, in either orientation, is refused as chosen.
    assert refused(p.play, "b", "c") == "the edge is already chosen"
    assert refused(p.play, "c", "b") == "the edge is already chosen"
    p.play("c", "d")
    p.play("b", "a")  # a - b - c - d: its ends are adjacent, and d can still reach e
    assert p.path == ["a", "b", "c", "d"]
    assert refused(p.play, "a", "d") == closes
    assert refused(p.play, "c", "d") == "the edge is already chosen"
    assert refused(p.play, "b", "d") == "'b' and 'd' are not adjacent"
    p.play("e", "d")  # a - b - c - d - e: both ends stuck
    assert p.is_over()
    assert refused(p.play, "a", "d") == "no legal move is left, the game is over"
    assert refused(p.play, "c", "d") == "the edge is already chosen"  # chosen, over or not
    assert p.chosen == [("b", "c"), ("c", "d"), ("b", "a"), ("d", "e")]


def test_every_refusal_is_the_engines_sentence_with_its_vertices():
    # Each kind of illegal move: the engine's words, `{i}` where they name a vertex, and
    # the vertices' ids in that order.
    arena = _core.Arena(5, [(0, 1), (1, 2), (2, 3), (3, 0), (3, 4), (0, 2)], 100)
    token, slither = arena.token_session(), arena.slither_session()
    refusals = []
    assert token.play(1) is None
    refusals.append(token.play(3))
    refusals.append(token.play(1))
    refusals.append(token.play(9))
    refusals.append(slither.play((0, 4)))
    assert slither.play((1, 2)) is None
    refusals.append(slither.play((3, 4)))
    assert slither.play((2, 3)) is None and slither.play((1, 0)) is None
    refusals.append(slither.play((0, 3)))
    refusals.append(slither.play((0, 2)))
    refusals.append(slither.play((3, 2)))
    assert slither.play((3, 4)) is None
    refusals.append(slither.play((0, 3)))
    assert refusals == [
        ("{0} is not adjacent to the token on {1}", [3, 1]),
        ("{0} was already visited", [1]),
        ("9 is not a vertex", []),
        ("{0} and {1} are not adjacent", [0, 4]),
        ("it touches neither end of the path, {0} and {1}", [1, 2]),
        ("it joins the two ends of the path and would close a cycle", []),
        ("{0} is already on the path", [2]),
        ("the edge is already chosen", []),
        ("no legal move is left, the game is over", []),
    ]
    assert _core.not_a_vertex("'z'") == "'z' is not a vertex of the graph"


def test_no_game_logic_is_left_in_the_arena():
    for gone in ("analyse", "has_edge", "slither_position", "slither_play", "slither_analyse"):
        assert not hasattr(_core.Arena, gone)


def test_sessions_answer_from_the_engine_along_a_long_game():
    n = 400
    p = gg.Position(nx.path_graph(n))
    for v in range(n):
        assert p.to_move == 1 + v % 2
        p.play(v)
    assert p.is_over() and p.engine_move() is None and p.winning_moves() == []
    for v in reversed(range(n // 2, n)):
        assert p.undo() == v
    # Half the path left: the token on n/2 - 1, its only move into the n/2 unvisited
    # vertices, which a perfect matching covers: the move loses.
    assert p.legal_moves() == [n // 2] and p.winning_moves() == []
    assert p.engine_move() == n // 2
    s = gg.SlitherPosition(nx.path_graph(n), [(0, 1)])
    for v in range(2, n):
        s.play(v - 1, v)
    assert s.is_over() and s.path == list(range(n))
    for _ in range(n - 2):
        s.undo()
    assert s.chosen == [(0, 1)] and s.legal_moves == [(1, 2)]


def test_the_analysis_follows_play_and_undo():
    G = nx.petersen_graph()
    p = gg.SlitherPosition(G)
    first = p.winning_moves, p.mover_wins, p.engine_move()
    u, v = p.legal_moves[0]
    p.play(u, v)
    after = p.winning_moves, p.mover_wins, p.kind
    assert after == (
        gg.SlitherPosition(G, [(u, v)]).winning_moves,
        gg.SlitherPosition(G, [(u, v)]).mover_wins,
        gg.SlitherPosition(G, [(u, v)]).kind,
    )
    assert p.undo() == (u, v)
    assert (p.winning_moves, p.mover_wins, p.engine_move()) == first and p.kind is None


def test_positions_are_independent_and_shareable_between_threads():
    G = nx.cycle_graph(7)
    positions = [gg.Position(G) for _ in range(100)]
    for i, p in enumerate(positions):
        p.play(i % 7)
    assert [p.path for p in positions] == [[i % 7] for i in range(100)]
    shared = gg.SlitherPosition(G)
    errors = []

    def ask():
        try:
            for _ in range(50):
                assert shared.legal_moves == [(0, 1), (0, 6), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6)]
                assert shared.mover_wins is False
        except AssertionError as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


def test_an_empty_graph_leaves_player_one_stuck_in_both_games():
    for position in (gg.Position(nx.Graph()), gg.SlitherPosition(nx.empty_graph(2))):
        assert position.is_over() and position.engine_move() is None
        assert position.undo() is None


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_a_forked_child_plays_on_its_own_copy():
    p = gg.Position(nx.path_graph(3), 1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # fork() of a threaded process
        child = os.fork()
    if child == 0:
        try:
            code = 0 if p.legal_moves() == [0, 2] else 1
            p.play(0)
        except BaseException:
            code = 3
        os._exit(code)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert p.legal_moves() == [0, 2]  # the parent's game goes on
