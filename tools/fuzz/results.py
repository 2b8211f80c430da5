"""The gauntlet's long-mode record: bench/results/gauntlet.json and its
rendering, gauntlet.md.

Per mode the record keeps the seeds covered (merged inclusive intervals),
the outcome counts summed over every run, and the failures found, each with
a status ("found" when recorded; edit it to "fixed <commit>" once fixed).
Since a seed alone decides a case, long mode asks uncovered() for seeds no
run has covered yet, and repeated runs add up. Nothing machine-specific is
stored: kept cases are named by their directory's base name.
"""
import datetime
import fcntl
import itertools
import json
import os

SCHEMA = 1


def load(dirname):
    path = os.path.join(dirname, "gauntlet.json")
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    return {"schema": SCHEMA, "modes": {}, "runs": []}


def record(dirname, runs):
    """Adds RUNS, (mode, seeds, tally) each, to the record in DIRNAME, read
    again under a lock: long runs of different modes may run at the same
    time and finish in any order (two runs of one mode would take the same
    seeds). Returns the record as written."""
    os.makedirs(dirname, exist_ok=True)
    with open(os.path.join(dirname, "gauntlet.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        store = load(dirname)
        for mode, seeds, tally in runs:
            add(store, mode, seeds, tally)
        save(store, dirname)
    return store


def save(store, dirname):
    os.makedirs(dirname, exist_ok=True)
    with open(os.path.join(dirname, "gauntlet.json"), "w") as f:
        json.dump(store, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(os.path.join(dirname, "gauntlet.md"), "w") as f:
        f.write(render(store))


def merge_intervals(intervals):
    """Sorted, disjoint, non-adjacent inclusive [a, b] intervals."""
    out = []
    for a, b in sorted(intervals):
        if out and a <= out[-1][1] + 1:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return out


def intervals_of(seeds):
    return merge_intervals([s, s] for s in seeds)


def uncovered(store, mode, count=None):
    """The lowest seeds MODE has not covered, COUNT of them (endless if None)."""
    covered = store["modes"].get(mode, {}).get("seeds", [])

    def gen():
        s, i = 0, 0
        while True:
            while i < len(covered) and s > covered[i][1]:
                i += 1
            if i < len(covered) and covered[i][0] <= s <= covered[i][1]:
                s = covered[i][1] + 1
                continue
            yield s
            s += 1
    return gen() if count is None else list(itertools.islice(gen(), count))


def add(store, mode, seeds, tally):
    """Adds one run of MODE over SEEDS, with what TALLY saw, to STORE."""
    if not seeds:
        return
    m = store["modes"].setdefault(mode, {"seeds": [], "cases": 0, "counts": {}, "failures": []})
    m["seeds"] = merge_intervals(m["seeds"] + intervals_of(seeds))
    m["cases"] += len(seeds)
    for k, n in tally.counts.items():
        m["counts"][k] = m["counts"].get(k, 0) + n
    known = {(f["seed"], f["kind"]) for f in m["failures"]}
    for f in tally.failures:
        if (f["seed"], f["kind"]) not in known:
            m["failures"].append({"seed": f["seed"], "kind": f["kind"], "status": "found",
                                  "kept": os.path.basename(f["kept"] or ""), "detail": f["detail"]})
    store["runs"].append({"date": datetime.date.today().isoformat(), "mode": mode,
                          "seeds": intervals_of(seeds), "cases": len(seeds)})


def render(store):
    """gauntlet.md: totals per mode, the seeds covered, the bugs."""
    lines = ["# Gauntlet: accumulated long-mode results", "",
             "Written by `python3 tools/fuzz/gauntlet long` from gauntlet.json; see docs/gauntlet.md.", "",
             "| mode | cases | outcomes | seeds covered |", "|---|---:|---|---|"]
    for name, m in sorted(store["modes"].items()):
        counts = ", ".join("%s %d" % kv for kv in sorted(m["counts"].items()))
        seeds = ", ".join("%d-%d" % (a, b) if a != b else str(a) for a, b in m["seeds"])
        lines.append("| %s | %d | %s | %s |" % (name, m["cases"], counts, seeds))
    lines += per_program(store) + ["## Failures", ""]
    bugs = [(name, f) for name, m in sorted(store["modes"].items()) for f in m["failures"]]
    if not bugs:
        lines.append("None found.")
    else:
        lines += ["| mode | seed | kind | status | kept as | detail |", "|---|---:|---|---|---|---|"]
        for name, f in bugs:
            detail = (f["detail"].splitlines() or [""])[0].replace("|", "\\|")[:120]
            lines.append("| %s | %s | %s | %s | %s | %s |" % (name, f["seed"], f["kind"], f["status"], f["kept"], detail))
    lines += ["", "%d runs recorded, the last on %s." % (len(store["runs"]), store["runs"][-1]["date"] if store["runs"] else "-"), ""]
    return "\n".join(lines)


def per_program(store):
    """The averages of what coalesce did, for modes that read its report."""
    rows = []
    for name, m in sorted(store["modes"].items()):
        c, n = m["counts"], m["counts"].get("reported", 0)
        if n:
            rows.append("| %s | %d | %.1f | %.1f | %.1f |" % (name, n, c.get("sum-merges", 0) / n,
                                                            c.get("sum-merged-constants", 0) / n, c.get("sum-outlined-sites", 0) / n))
    out = [""]
    if rows:
        out = ["", "What coalesce did per program (its JSON report of the ld.lld link with the default pipeline):", "",
               "| mode | programs | merged identical | merged up to constants | outlined sites |",
               "|---|---:|---:|---:|---:|"] + rows + [""]
    thin = []
    for name, m in sorted(store["modes"].items()):
        c, n = m["counts"], m["counts"].get("thin-reported", 0)
        if n:
            thin.append("| %s | %d | %d | %d | %.1f | %.1f | %.1f | %.1f |" % (
                name, c.get("thin-links", 0), c.get("thin-mismatches", 0), n, c.get("sum-thin-merges", 0) / n,
                c.get("sum-thin-merged-across-modules", 0) / n,
                c.get("sum-thin-outlined-sites", 0) / n, c.get("sum-thin-shared", 0) / n))
    if thin:
        out += ["ThinLTO links (ld.lld and ld.gold, coalesce in every backend), and what coalesce did per program "
                "in the ld.lld link's backends (its JSON report, summed over the modules; merged across modules: "
                "planned by a scan before the link, counted since it came in, so not over every program):", "",
                "| mode | ThinLTO links | mismatches | programs | merged | of them across modules | outlined sites "
                "| shared across modules |",
                "|---|---:|---:|---:|---:|---:|---:|---:|"] + thin + [""]
    return out
