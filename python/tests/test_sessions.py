"""`Position` and `SlitherPosition` over the engine's sessions (`_core.TokenSession`,
`_core.SlitherSession`): the rules, the analysis and why a move is refused come from the
engine, held between calls; Python maps labels and words the refusal codes."""

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
    assert refused(p.play, "z") == "'z' is not a vertex"
    assert refused(p.play, ["a"]) == "['a'] is not a vertex"  # unhashable: not a vertex either
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
    assert refused(p.play, "a", "c") == "'a' - 'c' is not an edge"
    assert refused(p.play, "d", "e") == (
        "'d' - 'e' does not touch an end of the path (its ends are 'b' and 'c')"
    )
    assert refused(p.play, "x", "a") == "'x' is not a vertex"
    closes = "joins the two ends of the path: it would close a cycle"
    # The chosen edge itself, in either orientation: it joins the path's two ends.
    assert refused(p.play, "b", "c") == f"'b' - 'c' {closes}"
    assert refused(p.play, "c", "b") == f"'c' - 'b' {closes}"
    p.play("c", "d")
    p.play("b", "a")  # a - b - c - d: its ends are adjacent, and d can still reach e
    assert p.path == ["a", "b", "c", "d"]
    assert refused(p.play, "a", "d") == f"'a' - 'd' {closes}"
    # A chosen edge: from an end it goes back onto the path (the end named first), between
    # inner vertices it touches no end.
    assert refused(p.play, "c", "d") == "'d' - 'c' goes back to 'c', already on the path"
    assert refused(p.play, "a", "b") == "'a' - 'b' goes back to 'b', already on the path"
    assert refused(p.play, "b", "c") == (
        "'b' - 'c' does not touch an end of the path (its ends are 'a' and 'd')"
    )
    p.play("e", "d")  # a - b - c - d - e: both ends stuck
    assert p.is_over()
    for move in (("a", "d"), ("c", "d"), ("a", "b")):  # unchosen or chosen: the game is over
        assert refused(p.play, *move) == "the game is over: no legal move is left"
    assert p.chosen == [("b", "c"), ("c", "d"), ("b", "a"), ("d", "e")]


def test_every_refusal_code_is_worded():
    # The codes the engine returns, one per kind of illegal move, each worded in one table.
    arena = _core.Arena(5, [(0, 1), (1, 2), (2, 3), (3, 0), (3, 4)], 100)
    token, slither = arena.token_session(), arena.slither_session()
    codes = {}
    assert token.play(1) is None
    codes["not_adjacent"] = token.play(3)
    codes["already_visited"] = token.play(1)
    codes["not_a_vertex"] = token.play(9)
    codes["not_an_edge"] = slither.play((0, 2))
    assert slither.play((1, 2)) is None
    codes["off_the_ends"] = slither.play((3, 4))
    assert slither.play((2, 3)) is None and slither.play((1, 0)) is None
    codes["closes_cycle"] = slither.play((0, 3))
    codes["on_the_path"] = slither.play((3, 2))
    assert slither.play((3, 4)) is None
    codes["game_over"] = slither.play((0, 3))
    assert codes == {
        "not_adjacent": ("not_adjacent", [3, 1]),
        "already_visited": ("already_visited", [1]),
        "not_a_vertex": ("not_a_vertex", [9]),
        "not_an_edge": ("not_an_edge", [0, 2]),
        "off_the_ends": ("off_the_ends", [3, 4, 1, 2]),
        "closes_cycle": ("closes_cycle", [0, 3]),
        "on_the_path": ("on_the_path", [3, 2]),
        "game_over": ("game_over", []),
    }
    assert set(gg._REFUSALS) == set(codes)
    for code, vertices in codes.values():
        gg._REFUSALS[code].format(*vertices)  # as many vertices as the wording names


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
