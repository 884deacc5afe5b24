#!/usr/bin/env python3
"""The Python set: geography_games against networkx, scipy and igraph, in one process.

Run with the interpreter that has geography_games installed (scripts/python-test builds it
into target/python-venv):

    target/python-venv/bin/python bench/python_compare.py            # default classes
    target/python-venv/bin/python bench/python_compare.py --quick    # the small ones only
    target/python-venv/bin/python bench/python_compare.py --help

Each input (bench/compare's generated files, bench/gen.py) is read once into a networkx
Graph, untimed. Then every tool is timed on that same Graph object, best of --repeat runs,
conversion from networkx included: geography_games.maximum_matching and .gallai_edmonds, our
conversion alone (the list of nodes, the index dict and the edge list the package builds
before calling Rust), nx.to_scipy_sparse_array alone, nx.max_weight_matching
(maxcardinality=True), nx.bipartite.hopcroft_karp_matching, scipy's
maximum_bipartite_matching on a biadjacency matrix built from the Graph, and igraph's
Graph.from_networkx then maximum_bipartite_matching. The tools that can run for minutes
(the three networkx/scipy matchings) run in a forked child with a time budget (--timeout);
the others run in this process. Every matching size is checked against ours; any
difference is printed as DISAGREEMENT and the exit code is 1.
"""

import argparse
import datetime
import json
import os
import platform
import select
import signal
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.join(HERE, ".build")
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "drivers"))

import numpy as np  # noqa: E402
import networkx as nx  # noqa: E402

import compare  # noqa: E402  (input classes and generated files)
import pyinput  # noqa: E402  (reads bench/compare's input files)

import geography_games as gg  # noqa: E402

try:
    import scipy
    import scipy.sparse.csgraph as csgraph
except ImportError:  # pragma: no cover
    scipy = None
try:
    import igraph
except ImportError:  # pragma: no cover
    igraph = None

BY_NAME = {c[0]: c for c in compare.FULL + compare.HARD + compare.QUICK}
EXTRA = [
    ("board-300", "board 300×300 p=0.1", ("board", 300, 300, 0.1, 10, None), True, 81_000),
]
BY_NAME.update({c[0]: c for c in EXTRA})
QUICK = [c[0] for c in compare.QUICK]
DEFAULT = QUICK + ["board-300", "board-1000", "bipartite-5e4", "graph-1e5"]

# scipy issue #26147: maximum_bipartite_matching takes exponential time on layered graphs;
# on p = 0.1 orthogonal and knight boards from about 140×140 up it does not finish (see
# bench/README.md). Above this side length the scipy matching is skipped (--no-caps runs it).
SCIPY_BOARD_SIDE_CAP = 140


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# --- the timed operations ---------------------------------------------------------------

def our_conversion(G):
    """Exactly what geography_games does with a networkx Graph before calling Rust."""
    nodes = list(G.nodes)
    index = {v: i for i, v in enumerate(nodes)}
    edges = [(index[u], index[v]) for u, v in G.edges()]
    return len(edges)


def ours_matching(G):
    return len(gg.maximum_matching(G))


def ours_gallai_edmonds(G):
    return gg.gallai_edmonds(G)


def nx_to_scipy(G):
    return nx.to_scipy_sparse_array(G, format="csr").nnz


def nx_max_weight(G):
    return len(nx.max_weight_matching(G, maxcardinality=True))


def nx_hopcroft_karp(G, top):
    return len(nx.bipartite.hopcroft_karp_matching(G, top_nodes=top)) // 2


def scipy_conversion(G, top):
    nodes = list(G.nodes)
    A = nx.to_scipy_sparse_array(G, nodelist=nodes, format="csr")
    is_top = np.fromiter((v in top for v in nodes), dtype=bool, count=len(nodes))
    rows = np.flatnonzero(is_top)
    cols = np.flatnonzero(~is_top)
    return A[rows][:, cols].tocsr()


def scipy_matching(biadj):
    match = csgraph.maximum_bipartite_matching(biadj, perm_type="column")
    return int((match >= 0).sum())


def igraph_conversion(G, top):
    g = igraph.Graph.from_networkx(G)
    types = [v in top for v in G.nodes]
    return g, types


def igraph_matching(g, types):
    return len(g.maximum_bipartite_matching(types=types))


# --- timing ---------------------------------------------------------------------------

def best_of(fn, repeat):
    """(best time, result of the last run); fn returns (result, {part: seconds}) or result."""
    best, out = None, None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    return best, out


def touch(G):
    """Walk the whole Graph once, so that a forked child copies the pages it will write
    (reference counts) before the clock starts rather than inside the timed call."""
    k = 0
    for _, nbrs in G.adj.items():
        for _ in nbrs.items():
            k += 1
    return k


def in_child(G, steps, repeat, budget):
    """Run `steps` (a function returning {"size": int, "parts": {name: s}}) up to `repeat`
    times in a forked child within `budget` seconds. Returns {"runs": [...]} with what
    finished, "timeout": True if the first run did not finish, or "error"."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(r)
        code = 0
        try:
            touch(G)
            start = time.perf_counter()
            best = None
            for _ in range(repeat):
                t = time.perf_counter()
                out = steps()
                dt = time.perf_counter() - t
                out["total"] = dt
                os.write(w, (json.dumps(out) + "\n").encode())
                best = dt if best is None else min(best, dt)
                if time.perf_counter() - start + best > budget:
                    break
        except BaseException as e:  # noqa: BLE001  (reported, not raised)
            os.write(w, (json.dumps({"error": f"{type(e).__name__}: {e}"[:200]}) + "\n").encode())
            code = 1
        os.close(w)
        os._exit(code)
    os.close(w)
    deadline = time.monotonic() + budget
    buf = b""
    killed = False
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            killed = True
            break
        ready, _, _ = select.select([r], [], [], left)
        if not ready:
            continue
        chunk = os.read(r, 1 << 16)
        if not chunk:
            break
        buf += chunk
    if killed:
        os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(r)
    runs, error = [], None
    for line in buf.decode().splitlines():
        rec = json.loads(line)
        if "error" in rec:
            error = rec["error"]
        else:
            runs.append(rec)
    if error:
        return {"error": error, "runs": runs}
    if not runs:
        return {"timeout": True, "runs": []}
    return {"runs": runs, "cut": killed}


# --- one input ----------------------------------------------------------------------------

def load(cls):
    path = compare.ensure_input(cls)
    n, u, v = pyinput.read(path)
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(zip(u.tolist(), v.tolist()))
    top = None
    if cls[3]:
        from scipy_driver import two_colouring

        colour = two_colouring(n, u, v)
        if colour is None:
            raise SystemExit(f"{cls[0]}: expected a bipartite graph")
        top = set(np.flatnonzero(colour == 0).tolist())
    return G, top


def check_matching(G, matching):
    seen = set()
    for a, b in matching:
        if not G.has_edge(a, b) or a in seen or b in seen:
            return False
        seen.add(a)
        seen.add(b)
    return True


def run_class(cls, args, disagreements):
    name = cls[0]
    spec = cls[2]
    log(f"{name}: building the networkx graph")
    t = time.perf_counter()
    G, top = load(cls)
    r = {"name": name, "title": cls[1], "vertices": G.number_of_nodes(),
         "edges": G.number_of_edges(), "bipartite": top is not None,
         "build_s": time.perf_counter() - t, "tools": {}}
    log(f"  {r['vertices']:,} vertices, {r['edges']:,} edges ({r['build_s']:.1f} s)")
    tools = r["tools"]

    # ours, in this process
    matching = gg.maximum_matching(G)
    if not check_matching(G, matching):
        raise SystemExit(f"DISAGREEMENT {name}: geography_games returned a set that is not a matching")
    ours = len(matching)
    r["matching_size"] = ours
    tools["conv"] = {"time": best_of(lambda: our_conversion(G), args.repeat)[0]}
    tools["mm"] = {"time": best_of(lambda: ours_matching(G), args.repeat)[0], "size": ours}
    t_ge, (D, A, C) = best_of(lambda: ours_gallai_edmonds(G), args.repeat)
    # Gallai–Edmonds: every component of G[D] is odd (factor-critical), and
    # ν = (|V| − c(G[D]) + |A|) / 2.
    c_d = nx.number_connected_components(G.subgraph(D))
    ge_size = (r["vertices"] - c_d + len(A)) // 2
    tools["ge"] = {"time": t_ge, "size": ge_size}
    r["d_count"] = len(D)
    tools["to_scipy"] = {"time": best_of(lambda: nx_to_scipy(G), args.repeat)[0]}
    log(f"  ours: matching {ours:,}, {tools['mm']['time']:.3f} s; conversion "
        f"{tools['conv']['time']:.3f} s; to_scipy_sparse_array {tools['to_scipy']['time']:.3f} s")

    # networkx's general matching (cubic): small graphs only, in a child with a budget
    if args.no_caps or r["vertices"] <= args.mwm_cap:
        tools["mwm"] = child_tool(G, lambda: {"size": nx_max_weight(G)}, args)
    else:
        tools["mwm"] = {"skipped": f"> {args.mwm_cap:,} vertices"}
    if top is not None:
        tools["hk"] = child_tool(G, lambda: {"size": nx_hopcroft_karp(G, top)}, args)
        if scipy is not None:
            side = max(spec[1], spec[2]) if spec[0] == "board" else 0
            skip_match = side > SCIPY_BOARD_SIDE_CAP and not args.no_caps

            def scipy_steps():
                t0 = time.perf_counter()
                biadj = scipy_conversion(G, top)
                t1 = time.perf_counter()
                if skip_match:
                    return {"size": None, "conv": t1 - t0}
                size = scipy_matching(biadj)
                return {"size": size, "conv": t1 - t0, "match": time.perf_counter() - t1}

            tools["scipy"] = child_tool(G, scipy_steps, args)
            if skip_match:
                tools["scipy"]["skipped_match"] = f"board side > {SCIPY_BOARD_SIDE_CAP} (scipy #26147)"
        if igraph is not None:
            best = None
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                g, types = igraph_conversion(G, top)
                t1 = time.perf_counter()
                size = igraph_matching(g, types)
                t2 = time.perf_counter()
                if best is None or t2 - t0 < best["time"]:
                    best = {"time": t2 - t0, "conv": t1 - t0, "match": t2 - t1, "size": size}
                del g
            tools["igraph"] = best
    else:
        for k in ("hk", "scipy", "igraph"):
            tools[k] = {"na": "not bipartite"}

    for key, tool in tools.items():
        if tool.get("size") is not None and tool["size"] != ours:
            disagreements.append(f"{name}: {LABELS[key]} gives matching size {tool['size']:,}, "
                                 f"geography_games {ours:,}")
    for key in ("mwm", "hk", "scipy", "igraph"):
        tool = tools.get(key, {})
        log(f"  {key}: {describe(tool)}")
    return r


def child_tool(G, steps, args):
    res = in_child(G, steps, args.repeat, args.timeout)
    if "error" in res:
        return {"error": res["error"]}
    if res.get("timeout"):
        return {"timeout": args.timeout}
    runs = res["runs"]
    best = min(runs, key=lambda x: x["total"])
    out = {"time": best["total"], "size": best.get("size"), "runs": len(runs),
           "wanted": args.repeat}
    for part in ("conv", "match"):
        if part in best:
            out[part] = best[part]
    return out


LABELS = {"conv": "our conversion", "mm": "geography_games.maximum_matching",
          "ge": "geography_games.gallai_edmonds", "to_scipy": "nx.to_scipy_sparse_array",
          "mwm": "nx.max_weight_matching", "hk": "nx hopcroft_karp_matching",
          "scipy": "scipy maximum_bipartite_matching", "igraph": "igraph maximum_bipartite_matching"}


def describe(tool):
    if "time" in tool:
        return f"{tool['time']:.3f} s"
    for k in ("skipped", "na", "error"):
        if k in tool:
            return f"{k}: {tool[k]}"
    if "timeout" in tool:
        return f">{tool['timeout']:g} s"
    return "?"


# --- the report ---------------------------------------------------------------------------

fmt_s = compare.fmt_s  # the same figures as bench/compare's reports


def fmt_ratio(x):
    return f"{x:.0f}×" if x >= 100 else f"{x:.1f}×" if x >= 10 else f"{x:.2f}×"


def cell(tool, ref, extra=None):
    """Time with ratio to `ref` in brackets; extra: a note appended (conversion part)."""
    if not tool:
        return "—"
    if "na" in tool:
        return "n/a"
    if "skipped" in tool:
        return f"skipped ({tool['skipped']})"
    if "error" in tool:
        return f"error ({tool['error']})"
    if "timeout" in tool:
        return f">{tool['timeout']:g} s (>{fmt_ratio(tool['timeout'] / ref)})"
    if tool.get("skipped_match"):
        return f"conv {fmt_s(tool['conv'])}; match skipped ({tool['skipped_match']})"
    s = f"{fmt_s(tool['time'])} ({fmt_ratio(tool['time'] / ref)})"
    if "runs" in tool and tool["runs"] < tool["wanted"]:
        s += f" best of {tool['runs']}"
    if extra and extra in tool:
        s += f" [conv {fmt_s(tool[extra])}]"
    return s


def render(results, args, started, finished, load_start, disagreements):
    v = sys.version.split()[0]
    try:
        from importlib.metadata import version

        ours = version("geography_games")
    except Exception:  # noqa: BLE001
        ours = "?"
    versions = (f"geography_games {ours}, Python {v}, "
                f"networkx {nx.__version__}, numpy {np.__version__}"
                + (f", scipy {scipy.__version__}" if scipy else "")
                + (f", igraph {igraph.__version__}" if igraph else ""))
    load_end = os.getloadavg()[0]
    out = []
    out.append(f"## bench/python_compare — Python set, best of {args.repeat}, one process, "
               f"{started:%Y-%m-%d %H:%M} UTC")
    out.append(f"Machine: {os.cpu_count()} cores, {compare.cpu_model()} (noisy, shared); "
               f"load average {load_start:.2f} → {load_end:.2f}; run took "
               f"{(finished - started).total_seconds() / 60:.1f} min. {versions}.")
    out.append("")
    out.append("Times in seconds on one networkx Graph already in memory, conversion from it "
               "included. In brackets: the tool's time ÷ `geography_games.maximum_matching`'s "
               "(conversion columns: ÷ our conversion); above 1, ours is faster. "
               f"Budget {args.timeout:g} s per tool and input (forked child).")
    out.append("")
    out.append("| input | vertices | edges | our conversion | `maximum_matching` | "
               "`gallai_edmonds` | `nx.to_scipy_sparse_array` (÷ our conv.) | "
               "`nx.max_weight_matching` | nx `hopcroft_karp_matching` | "
               "scipy `maximum_bipartite_matching` [its conv.] | "
               "igraph `from_networkx` + `maximum_bipartite_matching` [conv.] |")
    out.append("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        t = r["tools"]
        mm = t["mm"]["time"]
        conv = t["conv"]["time"]
        out.append(
            f"| {r['title']} | {r['vertices']:,} | {r['edges']:,} | {fmt_s(conv)} "
            f"({conv / mm:.0%} of it) | {fmt_s(mm)} | {cell(t['ge'], mm)} | "
            f"{cell(t['to_scipy'], conv)} | {cell(t.get('mwm'), mm)} | {cell(t.get('hk'), mm)} | "
            f"{cell(t.get('scipy'), mm, 'conv')} | {cell(t.get('igraph'), mm, 'conv')} |")
    out.append("")
    met = [r["title"] for r in results if r["tools"]["conv"]["time"] <= r["tools"]["to_scipy"]["time"]]
    missed = [r["title"] for r in results if r["title"] not in met]
    out.append(f"Target, our conversion no slower than `nx.to_scipy_sparse_array`: met on "
               f"{len(met)} of {len(results)} inputs"
               + (f"; missed on {', '.join(missed)}." if missed else "."))
    out.append("")
    out.append("| input | matching size | \\|D\\| | confirmed by |")
    out.append("|---|---|---|---|")
    for r in results:
        who = [LABELS[k] for k in ("ge", "mwm", "hk", "scipy", "igraph")
               if r["tools"].get(k, {}).get("size") is not None]
        out.append(f"| {r['title']} | {r['matching_size']:,} | {r['d_count']:,} | "
                   f"{', '.join(who)} |")
    out.append("")
    out.append("`gallai_edmonds` is confirmed by ν = (|V| − c(G[D]) + |A|) / 2. "
               "Skipped: `nx.max_weight_matching` above "
               f"{args.mwm_cap:,} vertices (cubic; it would take the whole budget), and scipy's "
               f"matching on boards wider than {SCIPY_BOARD_SIDE_CAP} (scipy issue #26147, "
               "exponential on grids); `--no-caps` runs them. scipy, igraph and networkx's "
               "Hopcroft–Karp are bipartite-only (n/a on the others) and are given the sides "
               "(untimed).")
    if disagreements:
        out.append("")
        out.append("### DISAGREEMENTS")
        out.extend(f"- {d}" for d in disagreements)
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="the six small classes only")
    ap.add_argument("--classes", metavar="NAMES",
                    help="comma-separated classes (bench/compare --list, and board-300); "
                         "default: " + ",".join(DEFAULT))
    ap.add_argument("--repeat", type=int, default=3, metavar="N", help="best of N (default 3)")
    ap.add_argument("--timeout", type=float, default=60.0, metavar="S",
                    help="budget per tool and input for the networkx and scipy matchings "
                         "(default 60)")
    ap.add_argument("--mwm-cap", type=int, default=20_000, metavar="V",
                    help="run nx.max_weight_matching only up to V vertices (default 20000)")
    ap.add_argument("--no-caps", action="store_true",
                    help="run every tool on every input, up to its timeout")
    ap.add_argument("--out", default=os.path.join(BUILD, "results-python.md"), metavar="FILE",
                    help="where to write the report too (default bench/.build/results-python.md)")
    args = ap.parse_args()
    if args.classes:
        names = [x.strip() for x in args.classes.split(",") if x.strip()]
        unknown = [x for x in names if x not in BY_NAME]
        if unknown:
            ap.error(f"unknown classes: {', '.join(unknown)}")
    else:
        names = QUICK if args.quick else DEFAULT
    if igraph is None:
        log("igraph is not importable here: its column is left out")
    os.makedirs(compare.INPUTS, exist_ok=True)

    started = datetime.datetime.now(datetime.timezone.utc)
    load_start = os.getloadavg()[0]
    disagreements, results = [], []
    for name in names:
        results.append(run_class(BY_NAME[name], args, disagreements))
    finished = datetime.datetime.now(datetime.timezone.utc)
    report = render(results, args, started, finished, load_start, disagreements)
    print(report, end="")
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        f.write(report)
    with open(os.path.splitext(args.out)[0] + ".json", "w") as f:
        json.dump(results, f, indent=1)
    if disagreements:
        for d in disagreements:
            log(f"DISAGREEMENT {d}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
