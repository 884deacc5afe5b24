"""The `geography` group of bench/compare: directed vertex geography (DVG), edge geography
(UEG, DEG) and word chains, against the PyPI package generalized-geography 0.0.8, and the
speed targets of the geography family.

Every run is one whole process (reading included) on one thread (`RAYON_NUM_THREADS=1`;
the peer is single-threaded Python), timed by wall clock with its peak memory
(`drivers/runner.c`), under a per-run limit (`--timeout`, 60 s for this group unless given).

1. Peer rows: the peer's own example graphs (its README and the `__main__` blocks of
   solver/DVG.py and solver/DEG.py), then ladders of growing size (random digraphs for DVG,
   random multi-digraphs for DEG, both `geography generate graph --directed [--multi]` with
   m = 2n; word lists taken evenly from /usr/share/dict/words). A ladder stops for a tool at
   its first run that does not finish (or, for geography, that leaves anything undecided),
   which gives the largest input of the ladder each tool solves within the limit. Wherever
   the peer finishes, its answer (who wins from each vertex; the first player's outcome and
   the winning first words) must equal ours and ours must have nothing undecided, else the
   difference is a disagreement (exit 1); on a small input the plain search of
   drivers/gengeo_driver.py (brute-*) says who is right.
2. Target rows (ours only): DVG on a random DAG of 10^6 vertices and 5·10^6 arcs against
   `solve` on the same pairs read as an undirected graph (within 2×); DVG on a symmetric
   digraph (each edge of a random graph of 10^6 vertices and 2·10^6 edges both ways), the
   same answer as the undirected game and within 2×; UEG on the open 100×100 board, every
   start decided within 10 s; UEG on a random bipartite multigraph of 2 000 vertices, fully
   decided; the word chain of /usr/share/dict/words within 60 s, with the number of first
   words decided, and the rules crate's example `word_chain_pruning` (exact rules on against
   the plain memoised search, same bound) when it is built
   (`cargo build --release -p geography-rules --example word_chain_pruning`).
"""

import json
import os
import shutil
import subprocess
import sys
import unicodedata

# The harness (bench/compare.py), handed over by its entry points below rather than imported,
# so that the two modules do not import each other.
c = None


def driver():
    """The peer's driver, run by the bench's virtual environment."""
    return [c.VENV_PY, os.path.join(c.DRIVERS, "gengeo_driver.py")]

DICT = "/usr/share/dict/words"
DEFAULT_TIMEOUT = 60.0

# The peer's own examples, 0-based (the DVG example's vertex 5 written 0).
EXAMPLES = [
    ("ex-readme-deg", "peer README example (DEG, parallel arcs counted)", "deg",
     [(0, 1), (0, 1), (1, 2), (2, 3), (3, 0), (1, 2), (2, 3), (0, 2)], 4),
    ("ex-readme-dvg", "peer README example (DVG, parallel arcs merged)", "dvg",
     [(0, 1), (0, 1), (1, 2), (2, 3), (3, 0), (1, 2), (2, 3), (0, 2)], 4),
    ("ex-dvg-main", "peer solver/DVG.py example (DVG)", "dvg",
     [(1, 2), (2, 3), (3, 1), (2, 4), (4, 0)], 5),
    ("ex-deg-main", "peer solver/DEG.py example (DEG, a 3-cycle)", "deg",
     [(0, 1), (1, 2), (2, 0)], 3),
]
LADDERS = [
    ("dvg", "random digraph, m = 2n (DVG)", False,
     [16, 32, 64, 128, 256, 512, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000,
      200_000]),
    ("deg", "random multi-digraph, m = 2n (DEG)", True,
     [8, 16, 32, 64, 128, 256, 512, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000,
      200_000]),
]
WORD_SIZES = [25, 50, 100, 200, 400, 1000, 3000, 10_000, 30_000]
BRUTE_MAX_ARCS = 16
# The word chain with the exact rules on against the plain memoised search: the bound per
# first word, and the memory cap (bytes of address space) of the run.
PRUNING_BOUND = 2000
PRUNING_MEMORY = 8 << 30


def word_key(w):
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", w).lower())


def inputs_dir():
    os.makedirs(c.INPUTS, exist_ok=True)
    return c.INPUTS


def write_arcs(path, n, arcs):
    with open(path, "w") as f:
        f.write(f"{n} {len(arcs)} directed\n")
        f.writelines(f"{u} {v}\n" for u, v in arcs)


def generated(our_bin, name, argv):
    path = os.path.join(inputs_dir(), name)
    if not os.path.exists(path):
        c.log(f"  generating {name}")
        with open(path + ".tmp", "wb") as f:
            subprocess.run([our_bin, "generate"] + argv, stdout=f, check=True)
        os.replace(path + ".tmp", path)
    return path


def word_subset(size):
    path = os.path.join(inputs_dir(), f"geo-words-{size}.words")
    if not os.path.exists(path):
        with open(DICT, encoding="utf-8") as f:
            words = [w.strip() for w in f if w.strip()]
        step = len(words) / size
        pick = [words[int(i * step)] for i in range(size)]
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(pick) + "\n")
    return path


def transformed(name, source, how):
    """A digraph from an undirected edge list: `dag` (each pair u<v as u -> v) or `sym`
    (each pair both ways)."""
    import numpy as np

    path = os.path.join(inputs_dir(), name)
    if os.path.exists(path):
        return path
    c.log(f"  writing {name}")
    with open(source, "rb") as f:
        tokens = f.read().split()
    n, m = int(tokens[0]), int(tokens[1])
    pairs = np.array(tokens[2:2 + 2 * m], dtype=np.int64).reshape(m, 2)
    if how == "dag":
        arcs = np.sort(pairs, axis=1)
    else:
        arcs = np.concatenate([pairs, pairs[:, ::-1]])
    with open(path + ".tmp", "wb") as f:
        f.write(f"{n} {len(arcs)} directed\n".encode())
        np.savetxt(f, arcs, fmt="%d")
    os.replace(path + ".tmp", path)
    return path


def ours(our_bin, args, key, argv, limit):
    env = dict(os.environ)
    env["RAYON_NUM_THREADS"] = "1"
    out = os.path.join(c.OUTPUTS, f"geo.{key}.json")
    st, wall, peak, code = c.run([our_bin, "solve"] + argv + ["--json"], out, limit, env)
    r = {"status": st, "wall": wall, "peak": peak}
    if st == "ok":
        try:
            with open(out) as f:
                r["answer"] = json.load(f)
        except (OSError, ValueError) as e:
            r["status"], r["error"] = "failed", f"unreadable output: {e}"
    elif st == "failed":
        r["error"] = last_line(out + ".err") or f"exit {code}"
    if not args.keep_outputs and os.path.exists(out):
        os.remove(out)
    c.log(f"  geography {key}: {r['status']} {c.fmt_s(wall)} s")
    return r


def last_line(path):
    try:
        with open(path, errors="replace") as f:
            return f.read().strip().splitlines()[-1][:200]
    except (OSError, IndexError):
        return None


def peer(args, key, mode, path, limit):
    out = os.path.join(c.OUTPUTS, f"geo.{key}.peer.json")
    st, wall, peak, code = c.run(driver() + [mode, path], out, limit)
    r = {"status": st, "wall": wall, "peak": peak}
    if st == "ok":
        try:
            with open(out, "rb") as f:  # one JSON line, possibly long: read it whole
                r["answer"] = json.loads([ln for ln in f.read().split(b"\n") if ln.strip()][-1])
        except (OSError, ValueError, IndexError) as e:
            r["status"], r["error"] = "failed", f"unreadable output: {e}"
    elif st == "failed":
        r["error"] = last_line(out + ".err") or f"exit {code}"
    c.log(f"  {mode} {key}: {r['status']} {c.fmt_s(wall)} s")
    return r


def repeated(run, repeat, finished):
    """`run()` `repeat` times back to back, after one warm-up run that is not counted when
    `repeat` > 1 (as hyperfine and farm-bench do: the first run pays for what the one
    before left behind); the repeats stop at the first run not `finished` (it is kept, so a
    warm-up that does not finish is the result)."""
    if repeat > 1:
        warm_up = run()
        if not finished(warm_up):
            return [warm_up]
    runs = []
    for _ in range(max(1, repeat)):
        runs.append(run())
        if not finished(runs[-1]):
            break
    return runs


def median_run(runs):
    """The first run, with the median wall time of all when every one finished; else the
    first that did not."""
    for r in runs:
        if r["status"] != "ok":
            return r
    walls = sorted(r["wall"] for r in runs)
    return dict(runs[0], wall=walls[len(walls) // 2], repeats=len(runs))


def undecided_count(answer):
    if "undecided_first_words" in answer:
        return len(answer["undecided_first_words"])
    return len(answer.get("undecided", []))


def summary(answer, game):
    """A short answer for the table."""
    if answer is None:
        return "—"
    if game == "words":
        fpw = answer.get("first_player_wins")
        return (f"first player {'wins' if fpw else 'loses' if fpw is False else '?'}, "
                f"{len(answer['winning_first_words'])} winning first words")
    return f"{len(answer['mover_wins'])} win / {len(answer['mover_loses'])} lose"


def compare_answers(game, mine, theirs):
    """The fields where the peer's answer differs from ours (empty when they agree)."""
    if game == "words":
        a = sorted(word_key(w) for w in mine["winning_first_words"])
        b = sorted(theirs["winning_first_words"])
        bad = []
        if mine["first_player_wins"] != theirs["first_player_wins"]:
            bad.append(f"first_player_wins ({theirs['first_player_wins']} vs ours "
                       f"{mine['first_player_wins']})")
        if a != b:
            only_ours = sorted(set(a) - set(b))[:5]
            only_theirs = sorted(set(b) - set(a))[:5]
            bad.append(f"winning first words (only ours: {only_ours}, only the peer's: "
                       f"{only_theirs})")
        return bad
    bad = []
    for k in ("mover_wins", "mover_loses"):
        if sorted(mine[k]) != sorted(theirs[k]):
            diff = sorted(set(mine[k]) ^ set(theirs[k]))[:10]
            bad.append(f"{k} (differ at {diff})")
    return bad


def peer_row(our_bin, args, disagreements, errors, name, title, game, path, size, limit,
             run_ours=True, run_peer=True):
    c.log(f"== {name}: {title}")
    argv = {"dvg": [path], "deg": ["--game", "edge", path],
            "words": ["--format", "words", path]}[game]
    row = {"class": name, "title": title, "game": game, "size": size, "kind": "peer",
           "input": os.path.relpath(path, c.HERE), "runs": {}}
    # Each tool's runs back to back, ours first: a run that follows the peer's exit pays for
    # the memory the host takes back from it (up to 4x on our ~10 ms runs).
    def timed(run, finished, wanted):
        return median_run(repeated(run, args.repeat, finished)) if wanted \
            else {"status": "skipped"}

    row["runs"]["geography"] = timed(
        lambda: ours(our_bin, args, name, argv, limit),
        lambda r: r["status"] == "ok" and not undecided_count(r["answer"]), run_ours)
    row["runs"]["peer"] = timed(lambda: peer(args, name, game, path, limit),
                                lambda r: r["status"] == "ok", run_peer)
    o, p = row["runs"]["geography"], row["runs"]["peer"]
    if o["status"] == "failed":
        errors.append(f"{name}: geography failed: {o.get('error')}")
    if p["status"] == "failed":
        errors.append(f"{name}: generalized-geography failed: {p.get('error')}")
    if o["status"] == "ok":
        o["undecided"] = undecided_count(o["answer"])
    if p["status"] == "ok" and o["status"] == "ok":
        bad = compare_answers(game, o["answer"], p["answer"])
        row["agree"] = not bad
        if bad:
            msg = f"{name}: generalized-geography disagrees with geography on " + "; ".join(bad)
            if size is not None and size <= BRUTE_MAX_ARCS:
                b = peer(args, name, "brute-" + game, path, limit)
                if b["status"] == "ok":
                    right = [who for who, ans in (("geography", o["answer"]),
                                                  ("generalized-geography", p["answer"]))
                             if not compare_answers(game, ans, b["answer"])]
                    msg += f" (plain search agrees with: {', '.join(right) or 'neither'})"
            disagreements.append(msg)
        if o["undecided"]:
            row["agree"] = False
            disagreements.append(f"{name}: geography leaves {o['undecided']} undecided where "
                                 "generalized-geography finished")
    return row


def time_geography(our_bin, args, disagreements, errors, harness):
    global c
    c = harness
    limit = args.timeout
    rows = []
    for name, title, game, arcs, n in EXAMPLES:
        path = os.path.join(inputs_dir(), f"geo-{name}.edges")
        write_arcs(path, n, arcs)
        rows.append(peer_row(our_bin, args, disagreements, errors, f"geo-{name}", title, game,
                             path, len(arcs), limit))
    for game, title, multi, sizes in LADDERS:
        ours_on, peer_on = True, True
        for i, n in enumerate(sizes):
            if not ours_on and not peer_on:
                break
            path = generated(our_bin, f"geo-{game}-{n}.edges",
                             ["graph", "--seed", str(200 + i), "--vertices", str(n),
                              "--edges", str(2 * n), "--directed"] + (["--multi"] if multi else []))
            row = peer_row(our_bin, args, disagreements, errors, f"geo-{game}-{n}",
                           f"{title}, n = {n}", game, path, 2 * n, limit, ours_on, peer_on)
            row["ladder"], row["n"] = game, n
            rows.append(row)
            o, p = row["runs"]["geography"], row["runs"]["peer"]
            if o["status"] != "ok" or o.get("undecided"):
                ours_on = False
            if p["status"] != "ok":
                peer_on = False
    ours_on, peer_on = True, True
    for n in WORD_SIZES:
        if not ours_on and not peer_on:
            break
        path = word_subset(n)
        row = peer_row(our_bin, args, disagreements, errors, f"geo-words-{n}",
                       f"{n} words of {DICT}, evenly spaced (last1)", "words", path, n, limit,
                       ours_on, peer_on)
        row["ladder"], row["n"] = "words", n
        rows.append(row)
        o, p = row["runs"]["geography"], row["runs"]["peer"]
        if o["status"] != "ok" or o.get("undecided"):
            ours_on = False
        if p["status"] != "ok":
            peer_on = False
    # The full dictionary: the peer, then our target row.
    rows.append(peer_row(our_bin, args, disagreements, errors, "geo-words-dict",
                         f"{DICT} (last1)", "words", DICT, None, limit))
    rows[-1]["ladder"] = "words"
    rows += targets(our_bin, args, disagreements, errors, rows[-1])
    return rows


def sets(answer):
    return sorted(answer["mover_wins"]), sorted(answer["mover_loses"])


def targets(our_bin, args, disagreements, errors, dict_row):
    import gen

    limit = args.our_timeout
    out = []
    base5 = os.path.join(inputs_dir(), "geo-graph-1e6-5e6.edges")
    base2 = os.path.join(inputs_dir(), "geo-graph-1e6-2e6.edges")
    for path, spec in ((base5, ("graph", 1_000_000, 5_000_000, 301)),
                       (base2, ("graph", 1_000_000, 2_000_000, 302))):
        if not os.path.exists(path):
            c.log(f"  generating {os.path.basename(path)}")
            gen.generate(spec, path)
    dag = transformed("geo-dag-1e6-5e6.edges", base5, "dag")
    sym = transformed("geo-sym-1e6-4e6.edges", base2, "sym")

    for name, title, directed, base, ratio_target, same in (
            ("geo-dag-1e6", "DVG, random DAG, 10⁶ vertices, 5·10⁶ arcs", dag, base5, 2.0,
             False),
            ("geo-sym-1e6", "DVG, symmetric digraph of a random graph, 10⁶ vertices, "
             "2·10⁶ edges both ways", sym, base2, 2.0, True)):
        c.log(f"== {name}: {title}")
        row = {"class": name, "title": title, "kind": "target", "runs": {}}
        # With --repeat N, the two runs N times each, in turn, each keeping its median.
        d_runs, u_runs = [], []
        for _ in range(max(1, args.repeat)):
            d_runs.append(ours(our_bin, args, name, [directed], limit))
            u_runs.append(ours(our_bin, args, name + ".undirected", [base], limit))
        row["runs"]["geography"] = d = median_run(d_runs)
        row["runs"]["undirected"] = u = median_run(u_runs)
        row["target"] = f"≤ {ratio_target:g}× undirected `solve`" + (", same answer" if same
                                                                     else "")
        ok = d["status"] == "ok" and u["status"] == "ok"
        if ok:
            d["undecided"] = undecided_count(d["answer"])
            row["ratio"] = d["wall"] / u["wall"]
            row["met"] = row["ratio"] <= ratio_target and d["undecided"] == 0
            row["answer"] = summary(d["answer"], "dvg") + f", {d['undecided']} undecided"
            if same:
                agree = sets(d["answer"]) == sets(u["answer"])
                row["agree"] = agree
                row["met"] = row["met"] and agree
                if not agree:
                    disagreements.append(f"{name}: DVG on the symmetric digraph differs from "
                                         "the undirected game")
        else:
            row["met"] = False
            errors.append(f"{name}: a run did not finish ({d['status']}, {u['status']})")
        for r in (d, u):
            r.pop("answer", None)
        out.append(row)

    board = os.path.join(inputs_dir(), "geo-board-100-open.board")
    if not os.path.exists(board):
        with open(board, "w") as f:
            f.write("100 100\n" + ("." * 100 + "\n") * 100)
    bip = generated(our_bin, "geo-bipartite-multi-2000.edges",
                    ["graph", "--seed", "303", "--vertices", "2000", "--edges", "8000",
                     "--bipartite", "--multi"])
    for name, title, argv, seconds in (
            ("geo-ueg-board-100", "UEG, open 100×100 board (10⁴ vertices)",
             ["--game", "edge", board], 10.0),
            ("geo-ueg-bipartite-2000", "UEG, random bipartite multigraph, 2 000 vertices, "
             "8 000 edges", ["--game", "edge", bip], None)):
        c.log(f"== {name}: {title}")
        row = {"class": name, "title": title, "kind": "target", "runs": {}}
        row["runs"]["geography"] = r = ours(our_bin, args, name, argv, limit)
        row["target"] = "every start decided" + (f", ≤ {seconds:g} s" if seconds else "")
        if r["status"] == "ok":
            r["undecided"] = undecided_count(r["answer"])
            row["answer"] = summary(r["answer"], "edge") + f", {r['undecided']} undecided"
            row["met"] = r["undecided"] == 0 and (seconds is None or r["wall"] <= seconds)
            r.pop("answer")
        else:
            row["met"] = False
            errors.append(f"{name}: geography {r['status']}")
        out.append(row)

    # The word list: ours from the peer row of the full dictionary, or run again with the
    # longer limit when it did not finish within the peer's.
    c.log(f"== geo-words-target: {DICT}")
    r = dict_row["runs"]["geography"]
    if r["status"] != "ok" and limit > args.timeout:
        r = ours(our_bin, args, "geo-words-target", ["--format", "words", DICT], limit)
    row = {"class": "geo-words-target", "title": f"word chain, {DICT}", "kind": "target",
           "runs": {"geography": {k: v for k, v in r.items() if k != "answer"}},
           "target": "≤ 60 s; first words decided: rules on > plain search"}
    if r["status"] == "ok":
        a = r["answer"]
        total = a["words"]
        und = len(a["undecided_first_words"])
        row["decided"] = total - und
        row["words"] = total
        row["answer"] = f"{total - und} of {total} first words decided, " + summary(a, "words")
        row["met"] = r["wall"] <= 60.0
    else:
        row["met"] = False
    example = os.path.join(os.path.dirname(os.path.abspath(our_bin)), "examples",
                           "word_chain_pruning")
    if os.access(example, os.X_OK):
        # The plain search keeps every position it meets (one multiplicity vector each): at
        # the default bound on the whole list it fills 22 GB and is killed. So the two are
        # compared at PRUNING_BOUND positions per first word, under a memory cap.
        outp = os.path.join(c.OUTPUTS, "geo.words-pruning.json")
        cmd = [example, DICT, str(PRUNING_BOUND)]
        if shutil.which("prlimit"):
            cmd = ["prlimit", f"--as={PRUNING_MEMORY}", "--"] + cmd
        st, wall, peak, code = c.run(cmd, outp, 2 * limit)
        row["pruning"] = {"status": st, "wall": wall, "peak": peak,
                          "max_positions": PRUNING_BOUND}
        try:
            with open(outp) as f:
                for line in f:
                    if line.strip():
                        doc = json.loads(line)
                        row["pruning"][doc["mode"]] = doc
        except (OSError, ValueError, KeyError):
            pass
        rules, plain = row["pruning"].get("rules"), row["pruning"].get("plain")
        c.log(f"  word_chain_pruning: {st}; rules on: {rules}; plain: {plain}")
        if rules and plain:
            row["met"] = row["met"] and rules["decided"] > plain["decided"]
        else:
            row["met"] = False
    else:
        row["pruning"] = {"status": "not built"}
    out.append(row)
    return out


def cell(r, timeout):
    s = c.cell_status(r, timeout)
    if s == "skipped":
        return "not run"
    return s or c.fmt_s(r["wall"])


def render_geography(rows, args, harness):
    global c
    c = harness
    lines = ["### Geography: DVG, DEG, UEG and word chains against generalized-geography 0.0.8",
             ""]
    runs = (f"the median of {args.repeat} runs of each tool, each tool's runs back to back "
            "(ours first) after one warm-up run not counted" if args.repeat > 1
            else "one run each")
    lines.append(f"Whole process, one thread (`RAYON_NUM_THREADS=1`), wall clock, {runs}; limit "
                 f"{args.timeout:g} s per run on the peer rows (a ladder stops for a tool at "
                 "its first run that does not finish, or for geography leaves anything "
                 "undecided: `not run` after that). The peer is driven by "
                 "`bench/drivers/gengeo_driver.py` (its DVGSolver / DEGSolver, "
                 "`completely_classify`; word chains as its DEG on the letters). "
                 "Agreement: who wins from each vertex, or the first player's outcome and the "
                 "winning first words, and nothing undecided in ours.")
    lines.append("")
    head = ["input", "geography (s)", "undecided", "generalized-geography (s)",
            "peer ÷ ours", "answer (ours)", "agree"]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    sum_o = sum_p = 0.0
    for row in [r for r in rows if r["kind"] == "peer"]:
        o, p = row["runs"]["geography"], row["runs"]["peer"]
        ratio = "—"
        if o["status"] == "ok" and p["status"] == "ok":
            ratio = c.fmt_ratio(p["wall"] / o["wall"])
            sum_o += o["wall"]
            sum_p += p["wall"]
        elif o["status"] == "ok" and p["status"] == "timeout":
            ratio = f">{c.fmt_ratio(args.timeout / o['wall'])}"
        agree = {True: "yes", False: "**NO**"}.get(row.get("agree"), "—")
        ans = summary(o.get("answer"), row["game"]) if o["status"] == "ok" else "—"
        lines.append(f"| {row['title']} | {cell(o, args.timeout)} | "
                     f"{o.get('undecided', '—')} | {cell(p, args.timeout)} | {ratio} | {ans} | "
                     f"{agree} |")
    lines.append("")
    if sum_o:
        lines.append(f"Sum over the runs both finished: geography {c.fmt_s(sum_o)} s, "
                     f"generalized-geography {c.fmt_s(sum_p)} s "
                     f"(peer ÷ ours {c.fmt_ratio(sum_p / sum_o)}).")
    for ladder in ("dvg", "deg", "words"):
        lr = [r for r in rows if r.get("ladder") == ladder and r.get("n")]
        if not lr:
            continue
        best = {}
        for who in ("geography", "peer"):
            done = [r for r in lr if r["runs"][who]["status"] == "ok" and
                    (who == "peer" or not r["runs"][who].get("undecided"))]
            best[who] = max((r["n"] for r in done), default=None)
        unit = "words" if ladder == "words" else "vertices (m = 2n)"
        lines.append(f"- Largest {ladder} ladder input solved within {args.timeout:g} s: "
                     f"geography {best['geography']} {unit}, generalized-geography "
                     f"{best['peer']} {unit}.")
    lines.append("")
    lines.append("#### Speed targets, geography alone")
    lines.append("")
    if args.repeat > 1:
        lines.append(f"The DVG rows: each run and its undirected reference {args.repeat} times, "
                     "in turn, the medians.")
        lines.append("")
    head = ["target input", "geography (s)", "reference (s)", "ratio", "answer", "target",
            "met"]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    for row in [r for r in rows if r["kind"] == "target"]:
        o = row["runs"]["geography"]
        u = row["runs"].get("undirected")
        ref = cell(u, args.our_timeout) + " (undirected `solve`)" if u else "—"
        ratio = c.fmt_ratio(row["ratio"]) if row.get("ratio") else "—"
        lines.append(f"| {row['title']} | {cell(o, args.our_timeout)} | {ref} | {ratio} | "
                     f"{row.get('answer', '—')} | {row['target']} | "
                     f"{'yes' if row.get('met') else '**no**'} |")
        pr = row.get("pruning")
        if pr:
            lines.append("")
            rules, plain = pr.get("rules"), pr.get("plain")
            if rules:
                lines.append(
                    f"Word chain at the same bound ({pr['max_positions']:,} positions per first "
                    f"word; rules crate example `word_chain_pruning`, one process, "
                    f"{cell(pr, 2 * args.our_timeout)} s): exact rules on "
                    f"{rules['decided']:,} of {rules['words']:,} first words decided in "
                    f"{rules['seconds']:.1f} s; plain memoised search (`Pruning::NONE`) " + (
                        f"{plain['decided']:,} in {plain['seconds']:.1f} s."
                        if plain else f"did not finish ({pr['status']}, peak "
                        f"{(pr.get('peak') or 0) / 1024:.1f} GiB)."))
            else:
                lines.append(f"Rules on against plain search: {pr.get('status')} (build it "
                             "with `cargo build --release -p geography-rules --example "
                             "word_chain_pruning`).")
    lines.append("")
    return lines
