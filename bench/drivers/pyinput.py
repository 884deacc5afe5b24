"""Shared input reading for the Python benchmark drivers (bench/drivers/*_driver.py).

read(path) returns (n, u, v): the vertex count and the edges as two int64 arrays, each
adjacency once. Boards (`N M [orthogonal|king|hex|knight]` then N rows of '.'/'#') become
their free-cell graph, vertices numbered in row-major order; edge lists (`n m` then m
pairs `u v`, 0-based) are read as they are (bench/gen.py writes simple graphs).
"""

import json
import sys
import time

import numpy as np

FORWARD = {
    "orthogonal": [(0, 1), (1, 0)],
    "king": [(0, 1), (1, -1), (1, 0), (1, 1)],
    "hex": [(0, 1), (1, -1), (1, 0)],
    "knight": [(1, -2), (1, 2), (2, -1), (2, 1)],
}

START = time.perf_counter()


def die(msg, code=2):
    print(f"error: {msg}", file=sys.stderr)
    sys.exit(code)


def _board(n_rows, n_cols, neighbourhood, rows):
    if len(rows) != n_rows or any(len(r) != n_cols for r in rows):
        die("board rows do not match the header")
    grid = np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(n_rows, n_cols)
    free = grid == ord(".")
    if not np.all(free | (grid == ord("#"))):
        die("a board cell must be '.' or '#'")
    ids = np.full((n_rows, n_cols), -1, dtype=np.int64)
    ids[free] = np.arange(int(free.sum()), dtype=np.int64)
    us, vs = [], []
    for dr, dc in FORWARD[neighbourhood]:
        # cell (r, c) and its neighbour (r + dr, c + dc), over every r, c where both fit
        r0, r1 = 0, n_rows - dr
        c0, c1 = max(0, -dc), n_cols - max(0, dc)
        if r1 <= r0 or c1 <= c0:
            continue
        a = ids[r0:r1, c0:c1]
        b = ids[r0 + dr:r1 + dr, c0 + dc:c1 + dc]
        both = (a >= 0) & (b >= 0)
        us.append(a[both])
        vs.append(b[both])
    u = np.concatenate(us) if us else np.empty(0, dtype=np.int64)
    v = np.concatenate(vs) if vs else np.empty(0, dtype=np.int64)
    return int(free.sum()), u, v


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    head = data.split(None, 3)
    if len(head) < 2:
        die("empty input")
    third = head[2][:1] if len(head) > 2 else b""
    if third[:1].isalpha() or third[:1] in (b".", b"#"):
        tokens = data.split()
        n_rows, n_cols = int(tokens[0]), int(tokens[1])
        neighbourhood, first = "orthogonal", 2
        if tokens[2][:1].isalpha():
            neighbourhood, first = tokens[2].decode(), 3
            if neighbourhood not in FORWARD:
                die(f"unknown neighbourhood {neighbourhood}")
        return _board(n_rows, n_cols, neighbourhood, tokens[first:first + n_rows])
    nums = np.fromstring(data, dtype=np.int64, sep=" ")
    n, m = int(nums[0]), int(nums[1])
    if len(nums) != 2 + 2 * m:
        die("the edge list does not have m pairs")
    pairs = nums[2:]
    u, v = pairs[0::2].copy(), pairs[1::2].copy()
    if m and (min(u.min(), v.min()) < 0 or max(u.max(), v.max()) >= n):
        die("vertex id out of range")
    return n, u, v


def checksum(vertices):
    """Sum of (v * 2654435761 mod 2^32) over the set, mod 2^64 (order-independent)."""
    v = np.asarray(vertices, dtype=np.uint64)
    with np.errstate(over="ignore"):
        return int(((v * np.uint64(2654435761)) & np.uint64(0xFFFFFFFF)).sum(dtype=np.uint64))


def emit(n, m, matching_size, read_s, solve_s, d=None, **extra):
    out = {"vertices": int(n), "edges": int(m), "matching_size": int(matching_size)}
    if d is not None:
        out["d_count"] = int(len(d))
        out["d_checksum"] = checksum(d)
    out["read_s"] = round(read_s, 4)
    out["solve_s"] = round(solve_s, 4)
    out.update(extra)
    print(json.dumps(out))


class NotApplicable(Exception):
    pass


def not_applicable(reason):
    """The library has no algorithm for this input (exit code 3, reason on stdout)."""
    print(json.dumps({"not_applicable": reason}))
    sys.exit(3)
