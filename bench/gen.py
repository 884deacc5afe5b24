#!/usr/bin/env python3
"""Deterministic benchmark inputs for bench/compare.

Every random choice comes from splitmix64 applied to a counter, so the same
parameters and seed give the same bytes on any machine and any numpy version:

  board N M p seed [NEIGHBOURHOOD] OUT
      N x M board; cell i (row-major, 0-based) is blocked iff
      u(seed, i) < p, where u(seed, i) = (splitmix64(seed * 2^32 + i) >> 11) / 2^53.
  bipartite L R M seed OUT
      edge list on L + R vertices: left 0..L-1, right L..L+R-1; the first M
      distinct pairs of the stream (u_k, v_k) = (h(2k) mod L, L + h(2k+1) mod R).
  graph N M seed OUT
      edge list on N vertices: the first M distinct pairs {u, v}, u != v, of the
      stream (h(2k) mod N, h(2k+1) mod N).
  family NAME SIZE SEED INNER LIKE OUT
      a member of an adversarial family (crates/matching/src/families.rs: kuhn_killer,
      butterfly, augmented_cycle, ...) with about SIZE vertices a side, INNER edges added
      inside the left side, written by the matching crate's `family` example (built with
      cargo on first use); with LIKE = 1, a random bipartite graph with the same sides and
      edge count instead, the yardstick the family is measured against.
  record N M MOVES [NEIGHBOURHOOD] OUT
      token game record (docs/FORMATS.md) on the open N x M board: the placement at
      (1, 1), then MOVES moves along a snake: row 1 left to right, row 2 right to
      left, and so on (MOVES < N * M). No randomness.

Here h(j) = splitmix64(seed * 2^40 + j). Edge lists are simple (no loops, no repeated
edges), so every tool sees the same graph whatever it does with multi-edges.
"""

import os
import sys

import numpy as np

MASK = (1 << 64) - 1


def splitmix64(x):
    """splitmix64 finaliser of x + golden gamma, on a numpy uint64 array."""
    with np.errstate(over="ignore"):
        z = x + np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def stream(base, start, count):
    idx = np.arange(start, start + count, dtype=np.uint64)
    with np.errstate(over="ignore"):
        return splitmix64(np.uint64(base & MASK) + idx)


def board_text(n, m, p, seed, neighbourhood=None):
    cells = n * m
    u = (stream(seed << 32, 0, cells) >> np.uint64(11)).astype(np.float64) / float(1 << 53)
    blocked = (u < p).reshape(n, m)
    grid = np.where(blocked, ord("#"), ord(".")).astype(np.uint8)
    rows = np.concatenate([grid, np.full((n, 1), ord("\n"), dtype=np.uint8)], axis=1)
    header = f"{n} {m}" + (f" {neighbourhood}" if neighbourhood else "") + "\n"
    return header.encode() + rows.tobytes()


def _distinct_pairs(seed, m, pick):
    """First m distinct unordered non-loop pairs of the stream, in stream order."""
    base = seed << 40
    want = m
    got_u = np.empty(0, dtype=np.int64)
    got_v = np.empty(0, dtype=np.int64)
    start = 0
    batch = max(1024, int(m * 1.1) + 64)
    while True:
        h = stream(base, 2 * start, 2 * batch)
        u, v = pick(h[0::2], h[1::2])
        got_u = np.concatenate([got_u, u])
        got_v = np.concatenate([got_v, v])
        start += batch
        keep = got_u != got_v
        a = np.minimum(got_u, got_v)
        b = np.maximum(got_u, got_v)
        key = a * (1 << 31) + b
        key = np.where(keep, key, -1)
        _, first = np.unique(key, return_index=True)
        first = np.sort(first)
        first = first[keep[first]]
        if len(first) >= want:
            first = first[:want]
            return got_u[first], got_v[first]
        batch = max(1024, (want - len(first)) * 2)


def edges_text(n, u, v):
    lines = [f"{a} {b}" for a, b in zip(u.tolist(), v.tolist())]
    return (f"{n} {len(lines)}\n" + "\n".join(lines) + "\n").encode()


def bipartite_text(left, right, m, seed):
    def pick(hu, hv):
        return ((hu % np.uint64(left)).astype(np.int64),
                (hv % np.uint64(right)).astype(np.int64) + left)

    u, v = _distinct_pairs(seed, m, pick)
    return edges_text(left + right, u, v)


def graph_text(n, m, seed):
    def pick(hu, hv):
        return ((hu % np.uint64(n)).astype(np.int64), (hv % np.uint64(n)).astype(np.int64))

    u, v = _distinct_pairs(seed, m, pick)
    return edges_text(n, u, v)


def record_text(n, m, moves, neighbourhood=None):
    if moves >= n * m:
        raise ValueError(f"{moves} moves do not fit on a {n}x{m} board")
    k = np.arange(moves + 1)
    row, col = k // m, k % m
    col = np.where(row % 2 == 0, col, m - 1 - col)
    cells = "\n".join(f"{r} {c}" for r, c in zip((row + 1).tolist(), (col + 1).tolist()))
    return board_text(n, m, 0.0, 0, neighbourhood) + b"moves\n" + cells.encode() + b"\n"


def family_file(name, size, seed, inner, like, out):
    """Runs the matching crate's `family` example (see crates/matching/examples/family.rs)."""
    import subprocess

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    which = f"random-like-{name}" if like else name
    subprocess.run(["cargo", "run", "--quiet", "--release", "-p", "geography-matching",
                    "--example", "family", "--", which, str(size), str(seed), out,
                    str(inner)], cwd=root, check=True)


def generate(spec, out):
    """spec: ("board", n, m, p, seed, neighbourhood|None) | ("bipartite", l, r, m, seed)
    | ("graph", n, m, seed) | ("record", n, m, moves, neighbourhood|None)."""
    kind = spec[0]
    if kind == "family":
        tmp = out + ".tmp"
        family_file(*spec[1:], tmp)
        os.replace(tmp, out)
        return
    if kind == "board":
        data = board_text(*spec[1:])
    elif kind == "record":
        data = record_text(*spec[1:])
    elif kind == "bipartite":
        data = bipartite_text(*spec[1:])
    elif kind == "graph":
        data = graph_text(*spec[1:])
    else:
        raise ValueError(f"unknown input kind {kind!r}")
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, out)


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(argv) >= 2 else 2
    kind = argv[1]
    try:
        if kind == "board" and len(argv) in (7, 8):
            n, m, p, seed = int(argv[2]), int(argv[3]), float(argv[4]), int(argv[5])
            neigh = argv[6] if len(argv) == 8 else None
            generate(("board", n, m, p, seed, neigh), argv[-1])
        elif kind == "bipartite" and len(argv) == 7:
            generate(("bipartite", int(argv[2]), int(argv[3]), int(argv[4]), int(argv[5])), argv[6])
        elif kind == "graph" and len(argv) == 6:
            generate(("graph", int(argv[2]), int(argv[3]), int(argv[4])), argv[5])
        elif kind == "family" and len(argv) == 8:
            generate(("family", argv[2], int(argv[3]), int(argv[4]), int(argv[5]),
                      argv[6] == "1"), argv[7])
        elif kind == "record" and len(argv) in (6, 7):
            neigh = argv[5] if len(argv) == 7 else None
            generate(("record", int(argv[2]), int(argv[3]), int(argv[4]), neigh), argv[-1])
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except ValueError as e:
        print(f"gen.py: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
