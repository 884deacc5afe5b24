"""generalized-geography (PyPI, 0.0.8) driver for the `geography` group of bench/compare.

Usage:
  gengeo_driver.py dvg FILE     directed vertex geography: gg.DVGSolver(nx.DiGraph)
  gengeo_driver.py deg FILE     directed edge geography: gg.DEGSolver(gg.UnlabeledMultiDiGraph)
  gengeo_driver.py words FILE   a word chain (last letter), as gg.DEGSolver on the letters
  gengeo_driver.py brute-dvg FILE | brute-deg FILE | brute-words FILE
                                the same answers from a plain memoised game-tree search that
                                knows no theory (an arbiter for small inputs; not the peer)

FILE is an edge list `n m directed` then m lines `u v` (0-based; a repeated pair is a
parallel arc: merged for DVG, counted for DEG), or for `words` one word a line.

The peer's API, read from its source (generalized_geography 0.0.8):
- `DVGSolver(G)` copies G, removes loops, labels what retrograde analysis from the sinks
  settles; `completely_classify()` searches the rest (`is_win_dfs`: the subgraph reachable
  from a successor without the vertex left, recursively); `winlose[v]` is 1 (WIN) or 0 (LOSE)
  for the player to move at v, v visited.
- `UnlabeledMultiDiGraph` (the one exported at the top level, `common/`) is a DiGraph with
  the multiplicity in the edge attribute `num`; `add_edges_from` merges parallel arcs (it is
  networkx's), only `increase_edges_from` counts them, so this driver uses that.
  `DEGSolver(G)` removes pairs of opposite arcs and of loops and labels by retrograde
  analysis; `completely_classify()` searches the rest; `winlose` as above (nothing used).
- Word chains: the package's own pipeline (`WordDict(Rule(0, -1, change_rule), words)
  .make_graph()` then `TwoStepDEGSolver`) builds its graph with `add_edges_from`, so words
  with the same first and last letters become one arc, and `TwoStepDEGSolver` only labels
  (its complete search is commented out). So the driver plays the chain as the package's
  DEG: one arc first letter -> last letter per distinct word (`increase_edges_from`), and a
  first word wins iff `DEGSolver` on the graph less that word's arc says the player to
  move at its last letter loses (`is_win_dfs`). Words are keyed like geography's: trimmed,
  NFC, lower case, NFC; a repeated key counts once.

Prints one JSON line: for graphs {"vertices", "edges", "mover_wins", "mover_loses", ...};
for words {"words", "first_player_wins", "winning_first_words", ...} (words as keys).
"""

import json
import sys
import threading
import time
import unicodedata

START = time.perf_counter()


def read_digraph(path):
    with open(path, "rb") as f:
        tokens = f.read().split()
    n, m = int(tokens[0]), int(tokens[1])
    first = 3 if len(tokens) > 2 and tokens[2][:1].isalpha() else 2
    nums = list(map(int, tokens[first:first + 2 * m]))
    return n, list(zip(nums[0::2], nums[1::2]))


def word_key(w):
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", w).lower())


def read_words(path):
    with open(path, "rb") as f:
        text = f.read().decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    seen, keys = set(), []
    for line in text.splitlines():
        w = line.strip()
        if not w:
            continue
        k = word_key(w)
        if k not in seen:
            seen.add(k)
            keys.append(k)
    return keys


# --- the peer ---------------------------------------------------------------------------

def peer_dvg(n, arcs):
    import networkx as nx
    import generalized_geography as gg

    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(arcs)
    solver = gg.DVGSolver(g)
    solver.completely_classify()
    return solver.winlose


def peer_deg_graph(n, arcs):
    import generalized_geography as gg

    g = gg.UnlabeledMultiDiGraph()
    g.add_nodes_from(range(n))
    g.increase_edges_from(arcs)
    return g


def peer_deg(n, arcs):
    import generalized_geography as gg

    solver = gg.DEGSolver(peer_deg_graph(n, arcs))
    solver.completely_classify()
    return solver.winlose


def peer_words(keys):
    import generalized_geography as gg

    pairs = [(k[0], k[-1]) for k in keys]
    g = gg.UnlabeledMultiDiGraph()
    g.increase_edges_from(pairs)
    wins = {}
    for pair in dict.fromkeys(pairs):
        h = gg.UnlabeledMultiDiGraph(g)
        h.decrease_edge(*pair)
        wins[pair] = not gg.DEGSolver(h).is_win_dfs(pair[1])
    return wins


# --- the arbiter: plain memoised search -----------------------------------------------------

def brute_dvg(n, arcs):
    succ = [sorted({v for (u2, v) in arcs if u2 == u and v != u}) for u in range(n)]
    memo = {}

    def wins(v, visited):
        key = (v, visited)
        if key not in memo:
            memo[key] = any(not (visited >> w) & 1 and not wins(w, visited | (1 << w))
                            for w in succ[v])
        return memo[key]

    return {v: int(wins(v, 1 << v)) for v in range(n)}


def brute_deg_counts(arcs):
    distinct = sorted(set(arcs))
    mult = tuple(arcs.count(a) for a in distinct)
    out = {}
    for i, (u, _) in enumerate(distinct):
        out.setdefault(u, []).append(i)
    memo = {}

    def wins(v, left):
        key = (v, left)
        if key not in memo:
            res = False
            for i in out.get(v, []):
                if left[i]:
                    nxt = left[:i] + (left[i] - 1,) + left[i + 1:]
                    if not wins(distinct[i][1], nxt):
                        res = True
                        break
            memo[key] = res
        return memo[key]

    return distinct, mult, wins


def brute_deg(n, arcs):
    _, mult, wins = brute_deg_counts(arcs)
    return {v: int(wins(v, mult)) for v in range(n)}


def brute_words(keys):
    pairs = [(k[0], k[-1]) for k in keys]
    distinct, mult, wins = brute_deg_counts(pairs)
    result = {}
    for i, pair in enumerate(distinct):
        left = mult[:i] + (mult[i] - 1,) + mult[i + 1:]
        result[pair] = not wins(pair[1], left)
    return result


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    mode, path = sys.argv[1], sys.argv[2]
    brute = mode.startswith("brute-")
    game = mode[6:] if brute else mode
    if game not in ("dvg", "deg", "words"):
        print(f"error: unknown mode {mode}", file=sys.stderr)
        sys.exit(2)
    t = time.perf_counter()
    if game == "words":
        keys = read_words(path)
        read_s = time.perf_counter() - START
        t = time.perf_counter()
        wins = (brute_words if brute else peer_words)(keys)
        winning = sorted(k for k in keys if wins[(k[0], k[-1])])
        doc = {"words": len(keys), "first_player_wins": bool(winning),
               "winning_first_words": winning}
    else:
        n, arcs = read_digraph(path)
        read_s = time.perf_counter() - START
        t = time.perf_counter()
        solve = {("dvg", False): peer_dvg, ("deg", False): peer_deg,
                 ("dvg", True): brute_dvg, ("deg", True): brute_deg}[(game, brute)]
        winlose = solve(n, arcs)
        edges = len(set(arcs)) if game == "dvg" else len(arcs)
        doc = {"vertices": n, "edges": edges,
               "mover_wins": sorted(v for v in range(n) if winlose.get(v) == 1),
               "mover_loses": sorted(v for v in range(n) if winlose.get(v) == 0)}
        missing = [v for v in range(n) if v not in winlose]
        if missing:
            doc["unlabelled"] = missing
    doc["tool"] = "brute force" if brute else "generalized-geography"
    doc["read_s"] = round(read_s, 4)
    doc["solve_s"] = round(time.perf_counter() - t, 4)
    print(json.dumps(doc))


if __name__ == "__main__":
    # The peer's searches recurse once per move: give them room.
    sys.setrecursionlimit(1_000_000)
    threading.stack_size(1 << 29)
    status = []

    def body():
        try:
            main()
            status.append(0)
        except SystemExit as e:
            status.append(e.code if isinstance(e.code, int) else 2)
        except BaseException:
            import traceback
            traceback.print_exc()
            status.append(2)

    th = threading.Thread(target=body)
    th.start()
    th.join()
    sys.exit(status[0] if status else 2)
