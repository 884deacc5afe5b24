#!/usr/bin/env python3
"""Time geography against LEMON, Boost, scipy, igraph and networkx on the same inputs.

Run through bench/compare, which installs and builds what this needs first. Every tool
reads the same generated file; each run is one whole process (parsing included), timed
by wall clock, with its peak memory, through `drivers/runner.c`. Exits 1 if
any tool's answer (vertices, edges, matching size, and the set D where the tool gives it)
differs from geography's, 2 if a run failed for another reason than its timeout.

The `edges` classes (`--classes edges`) time `geography solve --edges --json` against
`geography solve --json` on the same input instead, against a target time each, and check
the edge classes printed.

The `density` classes (`--classes density`) time `geography solve --json` on 3000×3000
boards from open to half blocked, on one thread and on every core, against the floor
(writing an answer as large as ours) and LEMON only, in a table of their own, and plot the
ratios against p (bench/density.png; `--plot-density RESULTS.json` draws it again).

The `records` classes (`--classes records`) time `geography analyze --json` on played token
game records and on the same records cut to their placement, so that the difference gives
the cost per move, beside the `--baseline` binary where asked, in a table of their own.
"""

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.join(HERE, ".build")
INPUTS = os.path.join(BUILD, "inputs")
OUTPUTS = os.path.join(BUILD, "outputs")
BIN = os.path.join(BUILD, "bin")
VENV_PY = os.path.join(HERE, ".venv", "bin", "python")
RUNNER = os.path.join(BIN, "runner")
DRIVERS = os.path.join(HERE, "drivers")

sys.path.insert(0, HERE)
sys.path.insert(0, DRIVERS)

# name, title, generator spec, bipartite?, vertices (for the caps; exact for graphs,
# expected for boards)
FULL = [
    ("board-1000", "board 1000×1000 p=0.1", ("board", 1000, 1000, 0.1, 1, None), True, 900_000),
    ("board-3000", "board 3000×3000 p=0.1", ("board", 3000, 3000, 0.1, 2, None), True, 8_100_000),
    ("board-3000-p0.3", "board 3000×3000 p=0.3", ("board", 3000, 3000, 0.3, 3, None), True, 6_300_000),
    ("hex-3000", "hex 3000×3000 p=0.1", ("board", 3000, 3000, 0.1, 4, "hex"), False, 8_100_000),
    ("king-3000", "king 3000×3000 p=0.1", ("board", 3000, 3000, 0.1, 5, "king"), False, 8_100_000),
    ("knight-1000", "knight 1000×1000 p=0.1", ("board", 1000, 1000, 0.1, 9, "knight"), True, 900_000),
    ("bipartite-5e4", "bipartite L=R=5·10⁴, 2·10⁵ edges", ("bipartite", 50_000, 50_000, 200_000, 6), True,
     100_000),
    ("graph-1e5", "graph 10⁵ vertices, 5·10⁵ edges", ("graph", 100_000, 500_000, 7), False, 100_000),
    ("graph-1e6", "graph 10⁶ vertices, 2·10⁶ edges", ("graph", 1_000_000, 2_000_000, 8), False, 1_000_000),
]
# Boards that are hard for every tool (few holes, so the last augmenting paths are long and
# many; knight boards past 1000×1000), each followed by a random bipartite graph of its size,
# against which a blow-up would show. Not in the default run: ask with --classes.
HARD = [
    ("board-2000-p0.05", "board 2000×2000 p=0.05", ("board", 2000, 2000, 0.05, 17, None), True,
     3_800_000),
    ("bipartite-1.9e6", "bipartite L=R=1.9·10⁶, 7.2·10⁶ edges",
     ("bipartite", 1_900_000, 1_900_000, 7_200_000, 19), True, 3_800_000),
    ("knight-1500", "knight 1500×1500 p=0.1", ("board", 1500, 1500, 0.1, 18, "knight"), True,
     2_025_000),
    ("bipartite-1e6", "bipartite L=R=1.01·10⁶, 7.3·10⁶ edges",
     ("bipartite", 1_012_000, 1_012_000, 7_280_000, 20), True, 2_024_000),
]
# The cost of the edge classes: `solve --edges --json` against `solve --json`, whole process,
# each against a target time (s). Not in the default run: ask with --classes edges. The graph's
# seed gives it a giant component of even order, perfectly matched, so that the general
# searches run over almost every edge (with seed 21, say, the giant component has odd order, C
# is nearly empty and the classes cost next to nothing).
EDGES = [
    ("edges-graph-1e5", "graph 10⁵ vertices, 3·10⁵ edges", ("graph", 100_000, 300_000, 22), False,
     100_000, 10.0),
    ("edges-king-300", "king 300×300, open", ("board", 300, 300, 0.0, 23, "king"), False, 90_000,
     30.0),
]
# How the blocked cells' density changes the picture: 3000×3000 boards from open to half
# blocked, orthogonal, and king, hex and knight at two densities; geography on one thread and
# on every core against the floor (writing an answer as large as ours) and LEMON, in a table
# and a plot of their own. Not in the default run: ask with --classes density. One seed per
# neighbourhood, so each board's blocked cells are among those of the same neighbourhood's
# boards at higher p; at p=0.1 the orthogonal, hex and king boards are the default classes'.
DENSITY_P = [0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5]
DENSITY = [(f"density-board-3000-p{p:g}", f"board 3000×3000 p={p:g}",
            ("board", 3000, 3000, p, 2, None), True, round(9_000_000 * (1 - p)))
           for p in DENSITY_P]
DENSITY += [(f"density-{nb}-3000-p{p:g}", f"{nb} 3000×3000 p={p:g}",
             ("board", 3000, 3000, p, seed, nb), nb == "knight", round(9_000_000 * (1 - p)))
            for nb, seed in (("king", 5), ("hex", 4), ("knight", 24)) for p in (0.1, 0.3)]
DENSITY_PEERS = ("floor", "lemon")
DENSITY_PLOT = os.path.join(HERE, "density.png")
# The cost per move of `analyze --json`: token game records on open boards, the token
# snaking from (1, 1) along row 1, back along row 2, and so on, each timed whole and cut to
# its placement. Not in the default run: ask with --classes records. The last field says
# whether --baseline runs on it (a baseline that solves the board again at every move takes
# hours on the others; --no-caps runs it anyway).
RECORDS = [
    ("records-board-100", "board 100×100, open", ("record", 100, 100, 4000, None), True),
    ("records-board-400", "board 400×400, open", ("record", 400, 400, 4000, None), True),
    ("records-board-1000", "board 1000×1000, open", ("record", 1000, 1000, 4000, None),
     False),
    ("records-board-1000-1e5", "board 1000×1000, open",
     ("record", 1000, 1000, 100_000, None), False),
    ("records-king-200", "king 200×200, open", ("record", 200, 200, 4000, "king"), True),
    ("records-king-400", "king 400×400, open", ("record", 400, 400, 4000, "king"), False),
]
# The families built against augmenting-path heuristics (crates/matching/src/families.rs,
# after Library Checker's bipartite matching generators), each at 10^6 vertices (and 10^7
# in the group adversarial-1e7), bipartite and with 1000 edges added inside one side, each
# followed by a random bipartite graph with the same sides and edge count: the target is at
# most 3x that graph's time, and at most LEMON's. Not in the default run: ask with --classes
# adversarial (or adversarial-1e7).
FAMILIES = ["kuhn_killer", "heuristic_matching_killer", "butterfly", "issue1068", "many_paths",
            "augmented_cycle", "almost_cycle", "cycle", "line", "line_random",
            "unique_matching", "many_smalls", "random", "max_random"]


def adversarial_classes(side, tag):
    classes = []
    for name in FAMILIES:
        for inner in (0, 1000):
            kind = "" if inner == 0 else f" +{inner} inner"
            odd = "" if inner == 0 else "-odd"
            for like in (False, True):
                label = f"random like {name}{kind}" if like else f"{name}{kind}"
                key = f"adv-{name}{odd}-{tag}" + ("-like" if like else "")
                classes.append((key, f"{label}, ~{tag} vertices",
                                ("family", name, side, 1, inner, like), inner == 0 or like,
                                2 * side))
    return classes


ADVERSARIAL = adversarial_classes(500_000, "1e6")
ADVERSARIAL_1E7 = adversarial_classes(5_000_000, "1e7")
# Groups of classes --classes takes by one name.
# DVG, DEG, UEG and word chains against generalized-geography, with the family's speed
# targets: one class that runs the whole group (bench/geography_group.py). Not in the
# default run: ask with --classes geography.
GEOGRAPHY = [("geography", "DVG, DEG, word chains vs generalized-geography, and their targets")]
GROUPS = {"adversarial": [c[0] for c in ADVERSARIAL],
          "adversarial-1e7": [c[0] for c in ADVERSARIAL_1E7],
          "edges": [c[0] for c in EDGES], "density": [c[0] for c in DENSITY],
          "records": [c[0] for c in RECORDS]}
QUICK = [
    ("q-board-100", "board 100×100 p=0.1", ("board", 100, 100, 0.1, 11, None), True, 9_000),
    ("q-hex-60", "hex 60×60 p=0.1", ("board", 60, 60, 0.1, 12, "hex"), False, 3_240),
    ("q-king-60", "king 60×60 p=0.1", ("board", 60, 60, 0.1, 13, "king"), False, 3_240),
    ("q-knight-100", "knight 100×100 p=0.1", ("board", 100, 100, 0.1, 14, "knight"), True, 9_000),
    ("q-bipartite-2e3", "bipartite L=R=2000, 8000 edges", ("bipartite", 2000, 2000, 8000, 15), True, 4_000),
    ("q-graph-2e3", "graph 2000 vertices, 10⁴ edges", ("graph", 2000, 10_000, 16), False, 2_000),
]

# name, label, command prefix, applicable to non-bipartite graphs?, vertex cap
# (bipartite, general): above it the run is skipped rather than left to time out,
# because the tool would need far more time or memory than the machine has.
PEERS = [
    ("floor", "floor", [os.path.join(BIN, "floor")], True, (None, None)),
    ("lemon", "LEMON", [os.path.join(BIN, "lemon")], True, (None, None)),
    ("boost", "Boost", [os.path.join(BIN, "boost")], True, (None, None)),
    ("scipy", "scipy", [VENV_PY, os.path.join(DRIVERS, "scipy_driver.py")], False, (None, None)),
    ("igraph", "igraph", [VENV_PY, os.path.join(DRIVERS, "igraph_driver.py")], False, (None, None)),
    ("networkx", "networkx", [VENV_PY, os.path.join(DRIVERS, "networkx_driver.py")], True,
     (2_000_000, 200_000)),
]
GIVES_D = {"lemon", "boost"}


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def input_path(cls):
    spec = cls[2]
    name = "-".join(str(x) for x in spec if x is not None)
    ext = {"board": "board", "record": "record"}.get(spec[0], "edges")
    return os.path.join(INPUTS, f"{name}.{ext}")


def ensure_input(cls):
    import gen

    path = input_path(cls)
    if not os.path.exists(path):
        log(f"  generating {os.path.basename(path)}")
        gen.generate(cls[2], path)
    return path


def file_sha256(path):
    import hashlib

    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def run(cmd, stdout_path, timeout, env=None):
    """Runs cmd through drivers/runner.c: (status, wall seconds, peak MiB, exit code). The
    runner forks the command from a small process and times it from the fork to its exit, so
    neither the harness's start of a process nor its memory is counted."""
    report_path = stdout_path + ".run"
    err_path = stdout_path + ".err"
    with open(stdout_path, "wb") as out, open(err_path, "wb") as err:
        proc = subprocess.Popen([RUNNER, report_path] + cmd, stdout=out, stderr=err,
                                start_new_session=True, env=env)
        # A blocking wait, with a timer to kill at the timeout: wait(timeout=...) polls, with
        # sleeps of up to 50 ms, which would round every time up to the next poll.
        killed = threading.Event()

        def kill():
            killed.set()
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        code = proc.wait()
        timer.cancel()
        if killed.is_set():
            return "timeout", None, None, None
    try:
        with open(report_path) as f:
            wall, peak_kib = f.read().split()
    except (OSError, ValueError):
        return "failed", None, None, code
    return ("ok" if code == 0 else "failed"), float(wall), int(peak_kib) / 1024.0, code


def board_ids(path):
    """Free-cell index of every cell (row-major), -1 on blocked cells."""
    import numpy as np

    with open(path, "rb") as f:
        tokens = f.read().split()
    rows, cols = int(tokens[0]), int(tokens[1])
    first = 3 if tokens[2][:1].isalpha() else 2
    grid = np.frombuffer(b"".join(tokens[first:first + rows]), dtype=np.uint8).reshape(rows, cols)
    free = grid == ord(".")
    ids = np.full((rows, cols), -1, dtype=np.int64)
    ids[free] = np.arange(int(free.sum()), dtype=np.int64)
    return ids


def our_answer(out_path, in_path, is_board):
    """vertices, edges, matching size and D (count, checksum) from `solve --json`."""
    import numpy as np
    import pyinput

    with open(out_path, "rb") as f:
        data = f.read()
    ans = {}
    for key in ("vertices", "edges", "matching_size"):
        m = re.search(rb'"%s":(\d+)' % key.encode(), data)
        if not m:
            raise ValueError(f"no {key} in geography's output")
        ans[key] = int(m.group(1))
    start = data.find(b'"mover_loses":[')
    if start < 0:
        raise ValueError("no mover_loses in geography's output")
    start += len(b'"mover_loses":[')
    if is_board:
        end = data.find(b"]]", start)
        end = start if data[start:start + 1] == b"]" else end + 1
    else:
        end = data.find(b"]", start)
    body = data[start:end].translate(bytes.maketrans(b"[],", b"   "))
    nums = np.fromstring(body, dtype=np.int64, sep=" ") if body.strip() else np.empty(0, dtype=np.int64)
    if is_board:
        cells = nums.reshape(-1, 2) - 1
        ids = board_ids(in_path)
        d = ids[cells[:, 0], cells[:, 1]]
        if np.any(d < 0):
            raise ValueError("geography lists a blocked cell in mover_loses")
    else:
        d = nums
    ans["d_count"] = int(len(d))
    ans["d_checksum"] = pyinput.checksum(d)
    return ans


def edge_class_check(out_path, in_path, is_board):
    """The counts of `solve --edges --json`'s edge classes, and what is wrong with them: the
    edges listed must be the input's, each once, and fit the answer's D (an edge at a vertex
    of D is allowed; the vital edges are a matching)."""
    import numpy as np
    import pyinput

    with open(out_path, "rb") as f:
        doc = json.load(f)
    classes = doc.get("edge_classes")
    if not isinstance(classes, dict):
        raise ValueError("no edge_classes in geography's output")
    n = doc["vertices"]
    ids = board_ids(in_path) if is_board else None

    def vertices(items):
        arr = np.asarray(items, dtype=np.int64)
        if is_board:
            arr = arr.reshape(-1, 2) - 1
            return ids[arr[:, 0], arr[:, 1]]
        return arr.reshape(-1)

    ends = {}
    for name in ("vital", "allowed", "forbidden"):
        arr = vertices(classes.get(name, [])).reshape(-1, 2)
        ends[name] = (arr[:, 0], arr[:, 1])
    counts = {name: len(u) for name, (u, _) in ends.items()}
    problems = []
    total = sum(counts.values())
    if total != doc["edges"]:
        problems.append(f"{total} edges classified, the graph has {doc['edges']}")
    u = np.concatenate([e[0] for e in ends.values()])
    v = np.concatenate([e[1] for e in ends.values()])
    if total and (min(u.min(), v.min()) < 0 or max(u.max(), v.max()) >= n):
        problems.append("an edge class lists a vertex that is not one (or a blocked cell)")
        return counts, problems
    listed = np.sort(np.minimum(u, v) * n + np.maximum(u, v))
    if len(np.unique(listed)) != len(listed):
        problems.append("an edge is listed twice")
    n_in, iu, iv = pyinput.read(in_path)
    given = np.unique(np.minimum(iu, iv) * n_in + np.maximum(iu, iv))
    if n_in != n or not np.array_equal(np.unique(listed), given):
        problems.append("the edges listed are not the input's edges")
    loses = doc["mover_loses"]
    d = vertices(loses) if loses else np.empty(0, dtype=np.int64)
    in_d = np.zeros(n, dtype=bool)
    in_d[d] = True
    for name in ("vital", "forbidden"):
        a, b = ends[name]
        if np.any(in_d[a] | in_d[b]):
            problems.append(f"a {name} edge has an end in D (such edges are allowed)")
    a, b = ends["vital"]
    vital_ends = np.concatenate([a, b])
    if len(np.unique(vital_ends)) != len(vital_ends):
        problems.append("two vital edges share a vertex")
    return counts, problems


def parse_driver(out_path):
    """The driver's summary: its last line (the floor's answer, with --answer, comes before)."""
    with open(out_path, "rb") as f:
        f.seek(max(0, os.path.getsize(out_path) - 65536))
        lines = [ln for ln in f.read().split(b"\n") if ln.strip()]
    return json.loads(lines[-1])


def fastest(attempts):
    """The fastest run, or the first that failed; every run's time kept in `walls`."""
    failed = [a for a in attempts if a["status"] != "ok"]
    best = failed[0] if failed else min(attempts, key=lambda a: a["wall"])
    best = dict(best)
    if len(attempts) > 1:
        best["walls"] = [a["wall"] for a in attempts]
    return best


def versions():
    v = {}

    def cmd(args):
        try:
            return subprocess.run(args, capture_output=True, text=True, timeout=60).stdout.strip()
        except OSError:
            return ""

    for pkg in ("liblemon-dev", "libboost-graph-dev"):
        v[pkg] = cmd(["dpkg-query", "-W", "-f=${Version}", pkg])
    v["g++"] = cmd(["g++", "-dumpfullversion"])
    out = cmd([VENV_PY, "-c",
               "import sys, numpy, scipy, igraph, networkx;"
               "print(sys.version.split()[0], numpy.__version__, scipy.__version__,"
               " igraph.__version__, networkx.__version__)"]).split()
    for name, ver in zip(("python", "numpy", "scipy", "igraph", "networkx"), out):
        v[name] = ver
    v["geography"] = cmd(["git", "-C", HERE, "rev-parse", "--short", "HEAD"])
    dirty = cmd(["git", "-C", HERE, "status", "--porcelain", "--untracked-files=no"])
    if dirty:
        v["geography"] += " (+ uncommitted changes)"
    return v


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def fmt_s(x):
    if x is None:
        return "—"
    if x >= 100:
        return f"{x:.0f}"
    if x >= 10:
        return f"{x:.1f}"
    if x >= 1:
        return f"{x:.2f}"
    return f"{x:.3f}"


def fmt_ratio(x):
    if x >= 10:
        return f"{x:.0f}×"
    if x >= 1:
        return f"{x:.1f}×"
    return f"{x:.2f}×"


def cell_status(r, timeout):
    st = r["status"]
    if st == "timeout":
        return f">{timeout:g} s"
    if st == "na":
        return "n/a"
    if st == "skipped":
        return "skipped"
    if st == "not run":
        return "—"
    if st == "failed":
        return "error"
    return None


def baseline_binary(spec, target, ap):
    """--baseline's binary and commit: the file given (commit None), or for a git revision the
    geography binary built from that commit's files (`git archive`, then cargo) under
    TARGET/baseline/COMMIT, once; later runs reuse it."""
    if os.path.exists(spec):
        return os.path.abspath(spec), None
    root = os.path.dirname(HERE)
    found = subprocess.run(["git", "-C", root, "rev-parse", "--verify", "--quiet",
                            spec + "^{commit}"], capture_output=True, text=True)
    if found.returncode != 0:
        ap.error(f"--baseline: {spec} is neither a file nor a git revision")
    commit = found.stdout.strip()
    where = os.path.abspath(os.path.join(target, "baseline", commit[:12]))
    binary = os.path.join(where, "target", "release", "geography")
    if os.access(binary, os.X_OK):
        return binary, commit
    src = os.path.join(where, "src")
    if not os.path.isdir(src):
        log(f"compare: exporting {spec} ({commit[:12]}) into {src}")
        tmp = src + ".tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
        archive = subprocess.Popen(["git", "-C", root, "archive", commit], stdout=subprocess.PIPE)
        untar = subprocess.run(["tar", "-x", "-C", tmp], stdin=archive.stdout)
        archive.stdout.close()
        if archive.wait() != 0 or untar.returncode != 0:
            ap.error(f"--baseline: could not export {spec}")
        os.replace(tmp, src)
    log(f"compare: cargo build --release (baseline {commit[:12]}, in {where})")
    env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(where, "target"))
    if subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "geography"], cwd=src,
                      env=env).returncode != 0:
        ap.error(f"--baseline: cargo build of {spec} failed")
    return binary, commit


def baseline_label(args):
    if args.baseline_commit:
        return f"`{args.baseline_commit[:12]}` (built into `{args.baseline}`)"
    return f"`{args.baseline}`"


def main():
    ap = argparse.ArgumentParser(
        prog="bench/compare",
        description="Time geography against LEMON, Boost, scipy, igraph and networkx on "
        "identical generated inputs; fail if any answer disagrees.")
    ap.add_argument("--quick", action="store_true", help="small inputs only (a fast check)")
    ap.add_argument("--only", metavar="NAMES",
                    help="comma-separated peers to run besides geography: "
                    + ",".join(p[0] for p in PEERS))
    ap.add_argument("--classes", metavar="NAMES",
                    help="comma-separated input classes or groups (see --list; `edges`: the "
                    "cost of the edge classes; `density`: 3000×3000 boards from open to half "
                    "blocked against the floor and LEMON, with a plot; `records`: the cost per "
                    "move of analyze --json; `geography`: DVG, DEG and word chains against "
                    "generalized-geography, and the family's speed targets); default: all of the "
                    "full set, or of the quick set with --quick")
    ap.add_argument("--list", action="store_true", help="list the input classes and exit")
    ap.add_argument("--timeout", type=float, default=None, metavar="S",
                    help="per-run wall-clock limit for each peer (default 120; 30 with --quick; "
                    "60 for the geography group alone, where it bounds geography's ladder runs "
                    "too)")
    ap.add_argument("--our-timeout", type=float, default=1800.0, metavar="S",
                    help="per-run limit for geography itself (default 1800)")
    target = os.path.join(HERE, "..", os.environ.get("CARGO_TARGET_DIR") or "target")
    ap.add_argument("--bin", default=os.path.join(target, "release", "geography"),
                    help="the geography binary (default target/release/geography, under "
                    "$CARGO_TARGET_DIR when set)")
    ap.add_argument("--baseline", metavar="PATH_OR_REV",
                    help="another geography binary (an older build, say), or a git revision, "
                    "built once from that commit's files into $CARGO_TARGET_DIR/baseline/COMMIT; "
                    "timed on one thread on every input beside ours, its answer checked "
                    "against ours")
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="with --baseline: run geography on one thread and the baseline N "
                    "times each per input, alternating, and keep the fastest of each; on the "
                    "edges classes, the same for solve --json and solve --edges --json; on the "
                    "density and records classes, for every run; on the geography group, "
                    "geography N times back to back, then generalized-geography, each after "
                    "one warm-up run not counted, the median of each (default 1)")
    ap.add_argument("--keep-outputs", action="store_true",
                    help="keep geography's JSON outputs in bench/.build/outputs")
    ap.add_argument("--no-caps", action="store_true",
                    help="run every peer on every input it applies to, ignoring size caps "
                    "(and the baseline on every records class)")
    ap.add_argument("--plot-density", metavar="RESULTS.json",
                    help="only draw the density plot again from the results.json of a run with "
                    "the density classes, and exit")
    ap.add_argument("--plot-out", metavar="PATH", default=DENSITY_PLOT,
                    help="where the density plot goes (default bench/density.png)")
    args = ap.parse_args()
    if args.plot_density:
        try:
            with open(args.plot_density) as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            ap.error(f"--plot-density: {e}")
        plot_density(doc, args.plot_out)
        print(f"plot written to {args.plot_out}")
        return 0

    everything = (FULL + HARD + QUICK + [c[:5] for c in EDGES] + DENSITY + RECORDS
                  + ADVERSARIAL + ADVERSARIAL_1E7 + GEOGRAPHY)
    if args.list:
        for c in everything:
            kind = "quick" if c in QUICK else "hard " if c in HARD else \
                "edges" if c[0] in GROUPS["edges"] else \
                "density" if c[0] in GROUPS["density"] else \
                "records" if c[0] in GROUPS["records"] else \
                "adversarial" if c[0] in GROUPS["adversarial"] + GROUPS["adversarial-1e7"] \
                else "group" if c in GEOGRAPHY else "full "
            print(f"{c[0]:25} {kind:7} {c[1]}")
        for group, names in GROUPS.items():
            print(f"{group:25} group   {', '.join(names)}")
        return 0
    if args.classes:
        by_name = {c[0]: c for c in everything}
        names = [x.strip() for x in args.classes.split(",") if x.strip()]
        names = [y for x in names for y in GROUPS.get(x, [x])]
        bad = [x for x in names if x not in by_name]
        if bad:
            ap.error(f"unknown class {', '.join(bad)} (see --list)")
        classes = [by_name[x] for x in dict.fromkeys(names)]
    else:
        classes = QUICK if args.quick else FULL
    geography_group = any(c in GEOGRAPHY for c in classes)
    classes = [c for c in classes if c not in GEOGRAPHY]
    if args.timeout is None:
        args.timeout = 30.0 if args.quick else 60.0 if geography_group and not classes \
            else 120.0
    targets = {c[0]: c[5] for c in EDGES}
    edge_classes = [c for c in classes if c[0] in targets]
    density_classes = [c for c in classes if c[0] in GROUPS["density"]]
    record_classes = [c for c in classes if c[0] in GROUPS["records"]]
    classes = [c for c in classes if c[0] not in targets and c[0] not in GROUPS["density"]
               and c[0] not in GROUPS["records"]]
    peers = PEERS
    if args.only:
        names = [x.strip() for x in args.only.split(",") if x.strip()]
        known = {p[0] for p in PEERS}
        bad = [x for x in names if x not in known]
        if bad:
            ap.error(f"unknown peer {', '.join(bad)}: choose from {', '.join(sorted(known))}")
        peers = [p for p in PEERS if p[0] in names]
    our_bin = os.path.abspath(args.bin)
    if not os.access(our_bin, os.X_OK):
        ap.error(f"{our_bin} is not an executable (build it with cargo build --release)")
    base_bin = None
    args.baseline_commit = None
    if args.baseline:
        base_bin, args.baseline_commit = baseline_binary(args.baseline, target, ap)
        if not os.access(base_bin, os.X_OK):
            ap.error(f"--baseline: {base_bin} is not an executable")
    args.baseline = base_bin
    if args.repeat < 1:
        ap.error("--repeat must be at least 1")
    if args.repeat > 1 and not base_bin and not edge_classes and not density_classes and \
            not record_classes and not geography_group:
        ap.error("--repeat applies to the runs of geography and --baseline, and to the edges, "
                 "density, records and geography classes; give --baseline or --classes edges, "
                 "density, records or geography")

    os.makedirs(INPUTS, exist_ok=True)
    os.makedirs(OUTPUTS, exist_ok=True)
    started = datetime.datetime.now().astimezone()
    load_start = os.getloadavg()
    results = []
    disagreements = []
    errors = []

    for cls in classes:
        name, title, spec, bipartite, approx_n = cls
        log(f"== {name}: {title}")
        path = ensure_input(cls)
        is_board = spec[0] == "board"
        row = {"class": name, "title": title, "input": os.path.relpath(path, HERE),
               "sha256": file_sha256(path), "bipartite": bipartite, "runs": {}}
        results.append(row)

        def geography_run(key, binary, threads):
            out = os.path.join(OUTPUTS, f"{name}.{key}.json")
            env = dict(os.environ)
            env.pop("RAYON_NUM_THREADS", None)
            if threads:
                env["RAYON_NUM_THREADS"] = threads
            st, wall, peak, code = run([binary, "solve", path, "--json"], out,
                                       args.our_timeout, env)
            attempt = {"status": st, "wall": wall, "peak": peak}
            log(f"  {key}: {st} {fmt_s(wall)} s {peak and round(peak)} MiB")
            if st == "ok":
                try:
                    attempt["answer"] = our_answer(out, path, is_board)
                except (ValueError, IndexError) as e:
                    attempt["status"] = "failed"
                    attempt["error"] = str(e)
            if attempt["status"] != "ok":
                errors.append(f"{name}: {key} {attempt['status']}" + (
                    f" ({attempt.get('error')})" if attempt.get("error") else
                    f" (exit {code})" if code else ""))
            if not args.keep_outputs and os.path.exists(out):
                os.remove(out)
            return attempt

        # Every peer runs on one thread, so the ratios compare geography on one thread too;
        # a second run on every core is shown beside it. With --baseline, the baseline runs
        # on one thread too, alternating with ours (which goes first changes from one input
        # and one repetition to the next).
        if base_bin:
            mine, theirs = [], []
            for rep in range(args.repeat):
                order = [("geography", our_bin, mine), ("baseline", base_bin, theirs)]
                if (len(results) + rep) % 2 == 0:
                    order.reverse()
                for key, binary, into in order:
                    into.append(geography_run(key, binary, "1"))
            row["runs"]["geography"] = fastest(mine)
            row["runs"]["baseline"] = fastest(theirs)
            answers = [a["answer"] for a in mine if a["status"] == "ok"]
            if any(a != answers[0] for a in answers):
                disagreements.append(f"{name}: geography's runs on one thread disagree")
        else:
            row["runs"]["geography"] = geography_run("geography", our_bin, "1")
        row["runs"]["geography-all"] = geography_run("geography-all", our_bin, None)
        ours, every_core = row["runs"]["geography"], row["runs"]["geography-all"]
        if ours["status"] == "ok" and every_core["status"] == "ok" and \
                ours["answer"] != every_core["answer"]:
            disagreements.append(f"{name}: geography on every core disagrees with one thread")
        if ours["status"] == "ok":
            row["vertices"] = ours["answer"]["vertices"]
            row["edges"] = ours["answer"]["edges"]
        n_known = row.get("vertices", approx_n)
        if base_bin:
            b = row["runs"]["baseline"]
            if b["status"] == "ok" and ours["status"] == "ok":
                keys = ["vertices", "edges", "matching_size", "d_count", "d_checksum"]
                bad = [k for k in keys if b["answer"].get(k) != ours["answer"].get(k)]
                b["checked"] = keys
                if bad:
                    b["disagrees"] = {k: [b["answer"].get(k), ours["answer"].get(k)] for k in bad}
                    disagreements.append(
                        f"{name}: baseline disagrees with geography on "
                        + ", ".join(f"{k} ({b['answer'].get(k)} vs ours {ours['answer'].get(k)})"
                                    for k in bad))

        for pname, label, cmd, general, caps in PEERS:
            if all(p[0] != pname for p in peers):
                row["runs"][pname] = {"status": "not run"}
                continue
            if not bipartite and not general:
                row["runs"][pname] = {"status": "na", "why": "not bipartite"}
                continue
            cap = caps[0] if bipartite else caps[1]
            if cap is not None and n_known > cap and not args.no_caps:
                row["runs"][pname] = {"status": "skipped", "why": f"over the {cap:,}-vertex cap"}
                log(f"  {pname}: skipped (over its {cap:,}-vertex cap)")
                continue
            pout = os.path.join(OUTPUTS, f"{name}.{pname}.json")
            st, wall, peak, code = run(cmd + [path], pout, args.timeout)
            r = {"status": st, "wall": wall, "peak": peak}
            row["runs"][pname] = r
            if st == "failed" and code == 3:
                r["status"] = "na"
                try:
                    r["why"] = parse_driver(pout).get("not_applicable", "")
                except (OSError, ValueError, IndexError):
                    pass
            elif st == "failed":
                try:
                    with open(pout + ".err", errors="replace") as f:
                        r["error"] = f.read().strip().splitlines()[-1][:200]
                except (OSError, IndexError):
                    r["error"] = f"exit {code}"
                errors.append(f"{name}: {label} failed: {r['error']}")
            elif st == "ok":
                try:
                    r["answer"] = parse_driver(pout)
                except (OSError, ValueError, IndexError) as e:
                    r["status"] = "failed"
                    r["error"] = f"unreadable output: {e}"
                    errors.append(f"{name}: {label}: {r['error']}")
            log(f"  {pname}: {r['status']} {fmt_s(wall)} s {peak and round(peak)} MiB"
                + (f" {r.get('answer')}" if r.get("answer") else ""))
            if r["status"] == "ok" and ours["status"] == "ok":
                a, o = r["answer"], ours["answer"]
                keys = ["vertices", "edges"]
                if pname != "floor":
                    keys.append("matching_size")
                if "d_count" in a:
                    keys += ["d_count", "d_checksum"]
                bad = [k for k in keys if a.get(k) != o.get(k)]
                r["checked"] = keys
                if bad:
                    r["disagrees"] = {k: [a.get(k), o.get(k)] for k in bad}
                    disagreements.append(
                        f"{name}: {label} disagrees with geography on "
                        + ", ".join(f"{k} ({a.get(k)} vs ours {o.get(k)})" for k in bad))

    edge_rows = []
    for cls in edge_classes:
        edge_rows.append(time_edge_classes(cls, targets[cls[0]], our_bin, args, disagreements,
                                           errors, len(edge_rows)))

    density_rows = []
    density_peers = [p for p in peers if p[0] in DENSITY_PEERS]
    for cls in density_classes:
        density_rows.append(time_density(cls, our_bin, density_peers, args, disagreements,
                                         errors, len(density_rows)))

    record_rows = []
    for cls in record_classes:
        record_rows.append(time_records(cls, our_bin, base_bin, args, disagreements, errors,
                                        len(record_rows)))

    geo_rows = []
    if geography_group:
        import geography_group as geo

        geo_rows = geo.time_geography(our_bin, args, disagreements, errors, sys.modules[__name__])

    finished = datetime.datetime.now().astimezone()
    report = render(results, edge_rows, density_rows, record_rows, args, started, finished,
                    load_start, disagreements, errors, geo_rows)
    print(report)
    with open(os.path.join(BUILD, "results.md"), "w") as f:
        f.write(report + "\n")
    doc = {"started": started.isoformat(), "finished": finished.isoformat(),
           "cores": os.cpu_count(), "timeout": args.timeout, "our_timeout": args.our_timeout,
           "baseline": base_bin,
           "repeat": args.repeat, "results": results, "edge_classes": edge_rows,
           "density": density_rows, "records": record_rows, "geography": geo_rows,
           "disagreements": disagreements,
           "errors": errors}
    with open(os.path.join(BUILD, "results.json"), "w") as f:
        json.dump(doc, f, indent=1)
    log(f"report written to {os.path.relpath(os.path.join(BUILD, 'results.md'))}")
    if density_rows:
        plot_density(doc, args.plot_out)
        log(f"plot written to {os.path.relpath(args.plot_out)}")
    if disagreements:
        return 1
    if errors:
        return 2
    return 0


def time_edge_classes(cls, target, our_bin, args, disagreements, errors, index):
    """One input of the edges classes: `solve --json` and `solve --edges --json`, each
    --repeat times on one thread, alternating (which goes first changes from one input and
    one repetition to the next), the fastest of each kept; the two answers compared and the
    edge classes checked."""
    name, title, spec = cls[0], cls[1], cls[2]
    log(f"== {name}: {title} (edge classes)")
    path = ensure_input(cls)
    is_board = spec[0] == "board"
    row = {"class": name, "title": title, "input": os.path.relpath(path, HERE),
           "sha256": file_sha256(path), "target": target, "runs": {}}
    env = dict(os.environ)
    env["RAYON_NUM_THREADS"] = "1"
    commands = {"plain": ["solve", path, "--json"], "edges": ["solve", path, "--edges", "--json"]}
    attempts = {"plain": [], "edges": []}
    for rep in range(args.repeat):
        order = ["plain", "edges"] if (index + rep) % 2 == 0 else ["edges", "plain"]
        for key in order:
            out = os.path.join(OUTPUTS, f"{name}.{key}.json")
            st, wall, peak, code = run([our_bin] + commands[key], out, args.our_timeout, env)
            attempt = {"status": st, "wall": wall, "peak": peak}
            log(f"  {key}: {st} {fmt_s(wall)} s {peak and round(peak)} MiB")
            if st == "ok":
                try:
                    attempt["answer"] = our_answer(out, path, is_board)
                    if key == "edges":
                        attempt["counts"], problems = edge_class_check(out, path, is_board)
                        for problem in problems:
                            disagreements.append(f"{name}: edge classes: {problem}")
                except (ValueError, IndexError, KeyError) as e:
                    attempt["status"] = "failed"
                    attempt["error"] = str(e)
            if attempt["status"] != "ok":
                errors.append(f"{name}: {key} {attempt['status']}" + (
                    f" ({attempt.get('error')})" if attempt.get("error") else
                    f" (exit {code})" if code else ""))
            if not args.keep_outputs and os.path.exists(out):
                os.remove(out)
            attempts[key].append(attempt)
    for key, runs in attempts.items():
        failed = [a for a in runs if a["status"] != "ok"]
        best = dict(failed[0] if failed else min(runs, key=lambda a: a["wall"]))
        best["walls"] = [a["wall"] for a in runs]
        row["runs"][key] = best
    answers = [a["answer"] for runs in attempts.values() for a in runs if a["status"] == "ok"]
    if any(a != answers[0] for a in answers):
        disagreements.append(f"{name}: solve --edges --json and solve --json disagree "
                             "(vertices, edges, matching size or D)")
    return row


def render_edge_classes(edge_rows, args):
    lines = ["### Edge classes: `solve --edges --json` against `solve --json` (whole process, "
             "one thread)", ""]
    lines.append("Each run is the whole process (reading, the matching, the classes, writing "
                 "the JSON)" + (f", fastest of {args.repeat}, the two commands alternating"
                                if args.repeat > 1 else "") +
                 ". The ratio is `--edges` ÷ plain: the cost of the classes.")
    lines.append("")
    head = ["input", "vertices", "edges", "vital / allowed / forbidden", "`solve --json` (s)",
            "`solve --edges --json` (s)", "ratio", "target", "within target",
            "peak MiB (plain / --edges)"]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    for r in edge_rows:
        plain, edges = r["runs"]["plain"], r["runs"]["edges"]
        answer = (edges.get("answer") or plain.get("answer") or {})
        counts = edges.get("counts")
        cells = [r["title"], f"{answer['vertices']:,}" if answer else "?",
                 f"{answer['edges']:,}" if answer else "?",
                 " / ".join(f"{counts[k]:,}" for k in ("vital", "allowed", "forbidden"))
                 if counts else "?"]
        for x in (plain, edges):
            cells.append(cell_status(x, args.our_timeout) or fmt_s(x["wall"]))
        ok = plain["status"] == "ok" and edges["status"] == "ok"
        cells.append(fmt_ratio(edges["wall"] / plain["wall"]) if ok and plain["wall"] else "—")
        cells.append(f"{r['target']:g} s")
        cells.append(("yes" if edges["wall"] <= r["target"] else "**no**")
                     if edges["status"] == "ok" else "—")
        cells.append(" / ".join(f"{x['peak']:,.0f}" if x.get("peak") is not None else "?"
                                for x in (plain, edges)))
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    lines.append("Checked: both commands give the same vertices, edges, matching size and D; the "
                 "edges listed are the input's, each once; no vital or forbidden edge has an end "
                 "in D; no two vital edges share a vertex.")
    lines.append("")
    return lines


def time_density(cls, our_bin, peers, args, disagreements, errors, index):
    """One input of the density group: geography on one thread and on every core, the floor
    writing an answer as large as ours, and LEMON, each --repeat times (which goes first turns
    from one input and one repetition to the next), the fastest of each kept; every answer
    checked against geography's on one thread."""
    name, title, spec = cls[0], cls[1], cls[2]
    log(f"== {name}: {title} (density)")
    path = ensure_input(cls)
    row = {"class": name, "title": title, "input": os.path.relpath(path, HERE),
           "sha256": file_sha256(path), "p": spec[3], "neighbourhood": spec[5] or "orthogonal",
           "runs": {}}
    ours_cmd = [our_bin, "solve", path, "--json"]
    commands = {"geography": ours_cmd, "geography-all": ours_cmd}
    for pname, _, cmd, _, _ in peers:
        commands[pname] = cmd + (["--answer"] if pname == "floor" else []) + [path]
    labels = {p[0]: p[1] for p in PEERS}

    def one_run(key):
        out = os.path.join(OUTPUTS, f"{name}.{key}.json")
        env = dict(os.environ)
        env.pop("RAYON_NUM_THREADS", None)
        if key == "geography":
            env["RAYON_NUM_THREADS"] = "1"
        ours = key.startswith("geography")
        st, wall, peak, code = run(commands[key], out, args.our_timeout if ours else args.timeout,
                                   env)
        attempt = {"status": st, "wall": wall, "peak": peak}
        if st == "ok":
            attempt["output_bytes"] = os.path.getsize(out)
            try:
                attempt["answer"] = our_answer(out, path, True) if ours else parse_driver(out)
            except (OSError, ValueError, IndexError) as e:
                attempt["status"] = "failed"
                attempt["error"] = f"unreadable output: {e}"
        elif st == "failed":
            try:
                with open(out + ".err", errors="replace") as f:
                    attempt["error"] = f.read().strip().splitlines()[-1][:200]
            except (OSError, IndexError):
                attempt["error"] = f"exit {code}"
        log(f"  {key}: {attempt['status']} {fmt_s(wall)} s {peak and round(peak)} MiB")
        if attempt["status"] == "failed" or (ours and st == "timeout"):
            errors.append(f"{name}: {labels.get(key, key)} {attempt['status']}"
                          + (f" ({attempt['error']})" if attempt.get("error") else ""))
        if not args.keep_outputs and key in ("geography", "geography-all", "floor") and \
                os.path.exists(out):
            os.remove(out)
        return attempt

    keys = list(commands)
    attempts = {key: [] for key in keys}
    for rep in range(args.repeat):
        k = (index + rep) % len(keys)
        for key in keys[k:] + keys[:k]:
            attempts[key].append(one_run(key))
    for key in keys:
        row["runs"][key] = fastest(attempts[key])

    answers = [a["answer"] for key in ("geography", "geography-all") for a in attempts[key]
               if a["status"] == "ok"]
    if any(a != answers[0] for a in answers):
        disagreements.append(f"{name}: geography's runs (one thread, every core) disagree")
    ours = row["runs"]["geography"]
    if ours["status"] != "ok":
        return row
    o = ours["answer"]
    row["vertices"], row["edges"] = o["vertices"], o["edges"]
    for pname in keys[2:]:
        r = row["runs"][pname]
        if r["status"] != "ok":
            continue
        keys_checked = ["vertices", "edges"]
        if pname != "floor":
            keys_checked += ["matching_size", "d_count", "d_checksum"]
        bad = [k for k in keys_checked if r["answer"].get(k) != o.get(k)]
        r["checked"] = keys_checked
        if bad:
            r["disagrees"] = {k: [r["answer"].get(k), o.get(k)] for k in bad}
            disagreements.append(
                f"{name}: {labels[pname]} disagrees with geography on "
                + ", ".join(f"{k} ({r['answer'].get(k)} vs ours {o.get(k)})" for k in bad))
    return row


def density_ratio(row, num, den, timeout):
    """num's time ÷ den's time in one density row, and whether it is only a lower bound (num
    timed out, after `timeout` seconds); None when either did not run or failed."""
    a, b = row["runs"].get(num, {}), row["runs"].get(den, {})
    if b.get("status") != "ok" or not b.get("wall"):
        return None
    if a.get("status") == "ok":
        return a["wall"] / b["wall"], False
    if a.get("status") == "timeout" and timeout:
        return timeout / b["wall"], True
    return None


def render_density(rows, args):
    cores = os.cpu_count()
    lines = ["### Density: `geography solve FILE --json` against the floor (`floor --answer "
             "FILE`) and LEMON, 3000×3000 boards, whole process (s)", ""]
    lines.append("Each run is one whole process: ours reads the board, solves it and writes every "
                 "free cell's class as JSON (the command the other board classes time), on one "
                 f"thread (`RAYON_NUM_THREADS=1`) and on every core ({cores} threads); the "
                 "floor reads the board, visits every cell once and writes every free cell as "
                 "`[row,col]`, an answer as large as ours; LEMON runs on one thread" +
                 (f". Fastest of {args.repeat}, the order turning from one repetition to the next"
                  if args.repeat > 1 else "") +
                 f". `>{args.timeout:g} s`: LEMON did not finish, and the ratio is the least it "
                 "implies.")
    lines.append("")
    t = f"{cores} threads"
    head = ["input", "vertices", "edges", "ours, 1 thread", f"ours, {t}", "floor", "LEMON",
            "ours ÷ floor, 1 thread", f"ours ÷ floor, {t}", "LEMON ÷ ours, 1 thread",
            f"LEMON ÷ ours, {t}", "answer MB, ours / floor"]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    for r in rows:
        runs = r["runs"]
        cells = [r["title"], f"{r['vertices']:,}" if "vertices" in r else "?",
                 f"{r['edges']:,}" if "edges" in r else "?"]
        for key in ("geography", "geography-all", "floor", "lemon"):
            x = runs.get(key, {"status": "not run"})
            timeout = args.our_timeout if key.startswith("geography") else args.timeout
            s = cell_status(x, timeout) or fmt_s(x["wall"])
            if x.get("disagrees"):
                s += " DISAGREES"
            cells.append(s)
        for num, den in (("geography", "floor"), ("geography-all", "floor"),
                         ("lemon", "geography"), ("lemon", "geography-all")):
            timeout = args.our_timeout if num.startswith("geography") else args.timeout
            ratio = density_ratio(r, num, den, timeout)
            if ratio is None:
                cells.append("—")
            else:
                cells.append((">" if ratio[1] else "") + fmt_ratio(ratio[0]))
        sizes = [runs.get(key, {}).get("output_bytes") for key in ("geography", "floor")]
        cells.append(" / ".join("?" if b is None else f"{b / 1e6:.1f}" for b in sizes))
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    lines.append("Checked: ours on every core against ours on one thread (vertices, edges, "
                 "matching size and D); LEMON's vertices, edges, matching size and D, and the "
                 "floor's vertices and edges, against ours. The plot: "
                 f"`{os.path.relpath(args.plot_out, os.path.dirname(HERE))}`.")
    lines.append("")
    return lines


def time_records(cls, our_bin, base_bin, args, disagreements, errors, index):
    """One input of the records group: `analyze --json` on the record and on the record cut to
    its placement, ours and the baseline's (where the class allows it, or with --no-caps), all
    on one thread, each --repeat times (which goes first turns from one input and one
    repetition to the next), the fastest of each kept; a run that timed out is not repeated.
    Each JSON must annotate every ply of its record, and the baseline's must equal ours."""
    name, title, spec, baseline_ok = cls
    moves = spec[3]
    log(f"== {name}: {title} (records)")
    path = ensure_input(cls)
    start = ensure_input((name, title, spec[:3] + (0,) + spec[4:]))
    row = {"class": name, "title": title, "input": os.path.relpath(path, HERE),
           "sha256": file_sha256(path), "cells": spec[1] * spec[2], "moves": moves, "runs": {}}
    binaries = {"geography": our_bin}
    if base_bin and (baseline_ok or args.no_caps):
        binaries["baseline"] = base_bin
    elif base_bin:
        row["runs"]["baseline"] = row["runs"]["baseline-start"] = {"status": "skipped"}
    commands = {}
    for who, binary in binaries.items():
        commands[who] = (binary, path, moves + 1)
        commands[f"{who}-start"] = (binary, start, 1)
    env = dict(os.environ)
    env["RAYON_NUM_THREADS"] = "1"
    docs = {}

    def one_run(key):
        binary, record, plies = commands[key]
        out = os.path.join(OUTPUTS, f"{name}.{key}.json")
        ours = key.startswith("geography")
        st, wall, peak, code = run([binary, "analyze", "--json", record], out,
                                   args.our_timeout if ours else args.timeout, env)
        attempt = {"status": st, "wall": wall, "peak": peak}
        if st == "ok":
            try:
                with open(out) as f:
                    doc = json.load(f)
                if len(doc["moves"]) != plies:
                    raise ValueError(f"{len(doc['moves'])} plies annotated, the record has {plies}")
                if docs.setdefault(key, doc) != doc:
                    disagreements.append(f"{name}: two runs of {key} give different JSON")
            except (OSError, ValueError, KeyError, TypeError) as e:
                attempt["status"] = "failed"
                attempt["error"] = f"unreadable output: {e}"
        elif st == "failed":
            try:
                with open(out + ".err", errors="replace") as f:
                    attempt["error"] = f.read().strip().splitlines()[-1][:200]
            except (OSError, IndexError):
                attempt["error"] = f"exit {code}"
        log(f"  {key}: {attempt['status']} {fmt_s(wall)} s {peak and round(peak)} MiB")
        if attempt["status"] == "failed" or (ours and st == "timeout"):
            errors.append(f"{name}: {key} {attempt['status']}"
                          + (f" ({attempt['error']})" if attempt.get("error") else ""))
        if not args.keep_outputs and os.path.exists(out):
            os.remove(out)
        return attempt

    keys = list(commands)
    attempts = {key: [] for key in keys}
    for rep in range(args.repeat):
        k = (index + rep) % len(keys)
        for key in keys[k:] + keys[:k]:
            if attempts[key] and attempts[key][-1]["status"] == "timeout":
                continue
            attempts[key].append(one_run(key))
    for key in keys:
        row["runs"][key] = fastest(attempts[key])

    for suffix, what in (("", "the record"), ("-start", "the placement only")):
        ours, theirs = docs.get("geography" + suffix), docs.get("baseline" + suffix)
        if ours is None or theirs is None:
            continue
        b = row["runs"]["baseline" + suffix]
        b["checked"] = True
        if theirs != ours:
            b["disagrees"] = True
            plies = [i + 1 for i, (x, y) in enumerate(zip(theirs["moves"], ours["moves"]))
                     if x != y]
            where = f"first at ply {plies[0]}" if plies else \
                "in " + ", ".join(k for k in sorted(set(ours) | set(theirs))
                                  if ours.get(k) != theirs.get(k))
            disagreements.append(f"{name}: the baseline's analyze --json differs from ours on "
                                 f"{what} ({where})")
    return row


def per_move(row, key, timeout):
    """(run − its placement-only run) ÷ moves in µs, and whether it is only a lower bound (the
    run timed out, after `timeout` seconds); None when either did not run or failed."""
    a, b = row["runs"].get(key, {}), row["runs"].get(key + "-start", {})
    if b.get("status") != "ok":
        return None
    if a.get("status") == "ok":
        return (a["wall"] - b["wall"]) / row["moves"] * 1e6, False
    if a.get("status") == "timeout":
        return (timeout - b["wall"]) / row["moves"] * 1e6, True
    return None


def fmt_us(x):
    if abs(x) >= 100:
        return f"{x:,.0f}"
    if abs(x) >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def render_records(rows, args):
    lines = ["### Records: `analyze --json`, whole process, per-move cost", ""]
    lines.append("Each run is one whole process on one thread (`RAYON_NUM_THREADS=1`): "
                 "`geography analyze --json REC` on a token game record (the token snaking from "
                 "(1, 1) along row 1, back along row 2, and so on, on an open board), and on the "
                 "same record cut to its placement; per move = (record − placement only) ÷ "
                 "moves" + (f". Fastest of {args.repeat}, the order turning from one repetition "
                            "to the next" if args.repeat > 1 else "") + ".")
    baseline = bool(args.baseline)
    if baseline:
        lines.append("")
        lines.append(f"Baseline: {baseline_label(args)}, timed the same way; baseline ÷ ours is "
                     "the ratio of the costs per move (— when ours is lost in the noise), and in "
                     f"brackets that of the whole records. `>{args.timeout:g} s`: the baseline did "
                     "not finish (and was not run again), and what follows from it is the "
                     "least it implies; skipped: not run on this class (`--no-caps` runs it).")
    lines.append("")
    head = ["input", "cells", "moves", "ours (s)", "ours placement-only (s)",
            "ours per move (µs)"]
    if baseline:
        head += ["baseline (s)", "baseline placement-only (s)", "baseline per move (µs)",
                 "baseline ÷ ours"]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    for r in rows:
        runs = r["runs"]
        cells = [r["title"], f"{r['cells']:,}", f"{r['moves']:,}"]
        costs = {}
        for who in ["geography"] + (["baseline"] if baseline else []):
            timeout = args.our_timeout if who == "geography" else args.timeout
            for key in (who, who + "-start"):
                x = runs.get(key, {"status": "not run"})
                s = cell_status(x, timeout) or fmt_s(x["wall"])
                if x.get("disagrees"):
                    s += " DISAGREES"
                cells.append(s)
            costs[who] = per_move(r, who, timeout)
            cells.append("—" if costs[who] is None else
                         (">" if costs[who][1] else "") + fmt_us(costs[who][0]))
        if baseline:
            ours, theirs = costs["geography"], costs["baseline"]
            s = "—"
            if ours is not None and theirs is not None and not ours[1] and ours[0] > 0:
                s = (">" if theirs[1] else "") + fmt_ratio(theirs[0] / ours[0])
            whole = density_ratio(r, "baseline", "geography", args.timeout)
            if whole is not None:
                s += f" ({'>' if whole[1] else ''}{fmt_ratio(whole[0])})"
            cells.append(s)
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    lines.append("Checked: every JSON annotates each ply of its record (the placement, then "
                 "every move)" + ("; wherever the baseline ran, its JSON equals ours, on the "
                                  "record and on the placement only" if baseline else "") + ".")
    lines.append("")
    return lines


def plot_density(doc, out_path):
    """The density plot from a results.json: ours ÷ floor and LEMON ÷ ours against p on the
    orthogonal boards, one curve per thread count; king, hex and knight as markers."""
    try:
        import matplotlib
    except ImportError:
        sys.exit("compare.py: matplotlib is missing; bench/compare --plot-density FILE installs "
                 "it into bench/.venv and runs this with it")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.ticker import FuncFormatter, LogLocator

    rows = doc.get("density") or []
    if not rows:
        sys.exit("compare.py: no density classes in these results")
    timeout = doc["timeout"]
    our_timeout = doc.get("our_timeout")
    cores = doc.get("cores") or "all"
    ratios = [("ours ÷ floor", "geography", "floor", "tab:blue"),
              ("LEMON ÷ ours (above 1: ours faster)", "lemon", "geography", "tab:red")]
    threads = [("geography", "1 thread", "-", True), ("geography-all", f"{cores} threads", "--",
                                                      False)]
    shapes = {"king": "s", "hex": "h", "knight": "D"}
    shift = {"king": -0.01, "hex": 0.0, "knight": 0.01}

    def ratio(row, num, den, ours):
        # The ratios involving ours use the run of the thread count at hand.
        num = ours if num == "geography" else num
        den = ours if den == "geography" else den
        return density_ratio(row, num, den, our_timeout if num == ours else timeout)

    fig, ax = plt.subplots(figsize=(10, 6))
    seen = []
    bounds = False
    orth = sorted((r for r in rows if r["neighbourhood"] == "orthogonal"), key=lambda r: r["p"])
    for label, num, den, colour in ratios:
        for ours, tlabel, style, filled in threads:
            face = colour if filled else "white"
            points = [(r["p"], ratio(r, num, den, ours)) for r in orth]
            points = [(p, x) for p, x in points if x is not None]
            if points:
                ax.plot([p for p, _ in points], [x[0] for _, x in points],
                        style, color=colour, marker="o", mfc=face, ms=6, lw=1.6,
                        label=f"{label}, {tlabel}")
                seen += [x[0] for _, x in points]
            for r in rows:
                if r["neighbourhood"] == "orthogonal":
                    continue
                x = ratio(r, num, den, ours)
                if x is None:
                    continue
                ax.plot([r["p"] + shift[r["neighbourhood"]]], [x[0]], ls="none", color=colour,
                        marker=shapes[r["neighbourhood"]], mfc=face, ms=7)
                seen.append(x[0])
            lower = [(r["p"] + shift.get(r["neighbourhood"], 0), x[0]) for r in rows
                     for x in [ratio(r, num, den, ours)] if x is not None and x[1]]
            if lower:
                bounds = True
                ax.plot([p for p, _ in lower], [y for _, y in lower], ls="none", marker="^",
                        color="black", mfc="none", ms=13)
    ax.axhline(1.0, color="grey", lw=0.8, ls=":")
    if seen and max(seen) / min(seen) >= 8:
        ax.set_yscale("log")
        ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1, 2, 5)))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y:g}×"))
    ax.set_xticks(sorted({r["p"] for r in rows}))
    ax.set_xlabel("p, the probability that a cell is blocked")
    ax.set_ylabel("ratio of whole-process wall times" + (" (log scale)"
                                                         if ax.get_yscale() == "log" else ""))
    ax.set_title("3000×3000 boards: geography (solve --json) against the floor and LEMON")
    ax.grid(True, which="major", alpha=0.3)
    handles, _ = ax.get_legend_handles_labels()
    handles.append(Line2D([], [], ls="none", marker="o", color="grey", label="orthogonal"))
    for nb, shape in shapes.items():
        if any(r["neighbourhood"] == nb for r in rows):
            handles.append(Line2D([], [], ls="none", marker=shape, color="grey", label=nb))
    if bounds:
        handles.append(Line2D([], [], ls="none", marker="^", color="black", mfc="none", ms=13,
                              label="a run stopped at its timeout\n"
                              f"(LEMON: {timeout:g} s): at least this"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False,
              title="filled, solid: 1 thread\nhollow, dashed: " + f"{cores} threads")
    fig.savefig(out_path, dpi=120, bbox_inches="tight")
    plt.close(fig)


def render(results, edge_rows, density_rows, record_rows, args, started, finished, load_start,
           disagreements, errors, geo_rows=()):
    labels = [(p[0], p[1]) for p in PEERS]
    shown = [(n, l) for n, l in labels if any(r["runs"].get(n, {}).get("status") != "not run"
                                               for r in results)]
    v = versions()
    lines = []
    lines.append(f"## bench/compare — {started:%Y-%m-%d %H:%M %Z}")
    lines.append("")
    lines.append(f"Machine: {os.cpu_count()} cores, {cpu_model()}; load average at start "
                 f"{load_start[0]:.2f}, at end {os.getloadavg()[0]:.2f}; "
                 f"run took {(finished - started).total_seconds() / 60:.1f} min.")
    lines.append(
        f"Versions: geography {v.get('geography', '?')}, LEMON {v.get('liblemon-dev', '?')}, "
        f"Boost {v.get('libboost-graph-dev', '?')}, g++ {v.get('g++', '?')} -O2, "
        f"Python {v.get('python', '?')}, numpy {v.get('numpy', '?')}, scipy {v.get('scipy', '?')}, "
        f"igraph {v.get('igraph', '?')}, networkx {v.get('networkx', '?')}.")
    if results or density_rows or (record_rows and args.baseline):
        lines.append(f"Peer timeout {args.timeout:g} s per run.")
    baseline = any("baseline" in r["runs"] for r in results)
    if baseline:
        lines.append(f"Baseline: {baseline_label(args)}, run on one thread like "
                     "geography, alternating with it on every input"
                     + (f"; each of the two run {args.repeat} times, the fastest kept."
                        if args.repeat > 1 else "."))
    lines.append("")
    if results:
        lines += render_matchings(results, args, labels, shown, baseline)
    if edge_rows:
        lines += render_edge_classes(edge_rows, args)
    if density_rows:
        lines += render_density(density_rows, args)
    if record_rows:
        lines += render_records(record_rows, args)
    if geo_rows:
        import geography_group as geo

        lines += geo.render_geography(geo_rows, args, sys.modules[__name__])
    if disagreements:
        lines.append("**DISAGREEMENTS:**")
        lines.extend(f"- {d}" for d in disagreements)
        lines.append("")
    if errors:
        lines.append("**Errors:**")
        lines.extend(f"- {e}" for e in errors)
        lines.append("")
    if not disagreements and not errors:
        lines.append("All answers agree.")
    elif not disagreements:
        lines.append("No disagreement among the answers that could be compared (see Errors).")
    return "\n".join(lines)


def render_matchings(results, args, labels, shown, baseline):
    """The tables of the matching classes: times, memory, the drivers' own times, answers."""
    lines = []

    def ours_of(r):
        return r["runs"]["geography"]

    # wall time
    lines.append("### Wall time, whole process (s); in brackets peer ÷ geography (>1: geography is faster)")
    lines.append("")
    head = ["input", "vertices", "edges", "geography",
            f"geography, {os.cpu_count()} threads (speed-up)"]
    if baseline:
        head.append("baseline (baseline ÷ geography)")
    head += [l for _, l in shown]
    if any(n == "floor" for n, _ in shown):
        head.append("geography ÷ floor")
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    for r in results:
        o = ours_of(r)
        cells = [r["title"], f"{r.get('vertices', 0):,}" if "vertices" in r else "?",
                 f"{r.get('edges', 0):,}" if "edges" in r else "?"]
        cells.append(cell_status(o, args.our_timeout) or fmt_s(o["wall"]))
        every = r["runs"].get("geography-all", {"status": "not run"})
        s = cell_status(every, args.our_timeout)
        if s is None:
            s = fmt_s(every["wall"])
            if o["status"] == "ok" and o["wall"] and every["wall"]:
                s += f" ({o['wall'] / every['wall']:.2f}×)"
        cells.append(s)
        if baseline:
            b = r["runs"].get("baseline", {"status": "not run"})
            s = cell_status(b, args.our_timeout)
            if s is None:
                s = fmt_s(b["wall"])
                if o["status"] == "ok" and o["wall"]:
                    s += f" ({b['wall'] / o['wall']:.2f}×)"
                if b.get("disagrees"):
                    s += " DISAGREES"
            cells.append(s)
        for n, _ in shown:
            x = r["runs"].get(n, {"status": "not run"})
            s = cell_status(x, args.timeout)
            if s is None:
                s = fmt_s(x["wall"])
                if n != "floor" and o["status"] == "ok" and o["wall"]:
                    s += f" ({fmt_ratio(x['wall'] / o['wall'])})"
                if x.get("disagrees"):
                    s += " DISAGREES"
            elif x["status"] == "timeout" and o["status"] == "ok" and o["wall"]:
                s += f" (>{fmt_ratio(args.timeout / o['wall'])})"
            cells.append(s)
        if any(n == "floor" for n, _ in shown):
            f = r["runs"].get("floor", {})
            if f.get("status") == "ok" and o["status"] == "ok" and f["wall"]:
                cells.append(fmt_ratio(o["wall"] / f["wall"]))
            else:
                cells.append("—")
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")

    # memory
    lines.append("### Peak memory, whole process (MiB, maximum resident set size)")
    lines.append("")
    lines.append("killed: the run was stopped at the timeout, so its peak is unknown.")
    lines.append("")
    head = ["input", "geography"] + (["baseline"] if baseline else []) + [l for _, l in shown]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    for r in results:
        o = ours_of(r)
        cells = [r["title"], (cell_status(o, args.our_timeout) or
                              (f"{o['peak']:,.0f}" if o["peak"] is not None else "?"))]
        if baseline:
            b = r["runs"].get("baseline", {"status": "not run"})
            cells.append(cell_status(b, args.our_timeout) or
                         (f"{b['peak']:,.0f}" if b["peak"] is not None else "?"))
        for n, _ in shown:
            x = r["runs"].get(n, {"status": "not run"})
            s = "killed" if x["status"] == "timeout" else cell_status(x, args.timeout)
            if s is None:
                s = f"{x['peak']:,.0f}" if x["peak"] is not None else "?"
            cells.append(s)
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")

    # in-process matching time
    solvers = [(n, l) for n, l in shown if n != "floor"]
    if solvers:
        lines.append("### Matching call alone, as the driver's own clock measured it (s)")
        lines.append("")
        lines.append("Excludes interpreter start, reading and graph building; Boost's "
                     "figure is its matching call, and + the extra search that labels D.")
        lines.append("")
        head = ["input"] + [l for _, l in solvers]
        lines.append("| " + " | ".join(head) + " |")
        lines.append("|" + "---|" * len(head))
        for r in results:
            cells = [r["title"]]
            for n, _ in solvers:
                x = r["runs"].get(n, {"status": "not run"})
                s = cell_status(x, args.timeout)
                if s is None:
                    a = x.get("answer", {})
                    s = fmt_s(a.get("solve_s"))
                    if "d_s" in a:
                        s += f" + {fmt_s(a['d_s'])}"
                    s += f" (read+build {fmt_s(a.get('read_s'))})"
                cells.append(s)
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")

    # answers
    lines.append("### Answers (geography's) and who confirmed them")
    lines.append("")
    lines.append("| input | matching | \\|D\\| | D checksum | matching size confirmed by | D confirmed by |")
    lines.append("|---|---|---|---|---|---|")
    for r in results:
        o = ours_of(r)
        if o["status"] != "ok":
            lines.append(f"| {r['title']} | ? | ? | ? | — | — |")
            continue
        a = o["answer"]
        answer_labels = labels + ([("baseline", "baseline")] if baseline else [])
        size_by = [l for n, l in answer_labels if n != "floor" and "matching_size" in
                   r["runs"].get(n, {}).get("checked", []) and not r["runs"][n].get("disagrees")]
        d_by = [l for n, l in answer_labels if "d_checksum" in r["runs"].get(n, {}).get("checked", [])
                and not r["runs"][n].get("disagrees")]
        lines.append(f"| {r['title']} | {a['matching_size']:,} | {a['d_count']:,} | "
                     f"{a['d_checksum']} | {', '.join(size_by) or '—'} | {', '.join(d_by) or '—'} |")
    lines.append("")
    lines.append("D = the vertices some maximum matching misses (geography's `mover_loses`), as "
                 "free-cell indices in row-major order on boards; checksum = Σ (v·2654435761 mod "
                 "2³²) mod 2⁶⁴. LEMON (MaxMatching status EVEN) and Boost (V_EVEN after one more "
                 "Edmonds search) give D; scipy, igraph and networkx give the matching size only. "
                 "Every tool's vertex and edge counts are checked too.")
    lines.append("")
    notes = {}
    for r in results:
        for n, l in labels:
            x = r["runs"].get(n, {})
            if x.get("status") == "skipped":
                notes.setdefault((l, f"skipped ({x['why']})"), []).append(r["title"])
            if x.get("status") == "na":
                notes.setdefault((l, f"n/a ({x.get('why') or 'no algorithm for it'})"), []).append(r["title"])
    for (l, why), titles in notes.items():
        lines.append(f"- {l}: {why} on {'; '.join(titles)}.")
    if notes:
        lines.append("")
    return lines


if __name__ == "__main__":
    sys.exit(main())
