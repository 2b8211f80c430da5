#!/usr/bin/env python3
"""Compare coalesce-sim's llvm-sim-format JSON with llvm-sim's.

  compare_sim.py NAME LLVM_SIM.json COALESCE.json --expect equal|more
                 [--show DETAILS.json]
  compare_sim.py --list FILE.json     one line a group: `N: s-e s-e ...`

Prints one line, `sim-diff NAME: <verdict> ...`, and exits 1 unless the
verdict is the expected one:

  equal  the two files are the same bytes;
  more   every llvm-sim group is contained in one coalesce group (same
         length, each llvm-sim region among the coalesce group's regions),
         and coalesce has something llvm-sim lacks: groups merged (regions
         llvm-sim splits into several groups, one group for coalesce),
         regions added to a group, or whole new groups;
  differs anything else: an llvm-sim group no coalesce group contains.
For `differs`, the uncovered llvm-sim groups are printed. --show names
the functions of up to three of coalesce's additions, from the output of
coalesce-sim --details for the same module and options.
"""
import json
import sys


def groups(path):
    with open(path) as f:
        data = json.load(f)
    out = []
    for key in sorted(data, key=int):
        regs = frozenset((r["start"], r["end"]) for r in data[key])
        out.append(regs)
    return out


def short(name):
    """A demangled name without template arguments and parameters."""
    out, depth = "", 0
    for ch in name:
        if ch == "<":
            depth += 1
        elif ch == ">" and depth:
            depth -= 1
        elif ch == "(" and not depth:
            break
        elif not depth:
            out += ch
    return out.split(" ")[-1]


def show(path, cg, which):
    with open(path) as f:
        data = json.load(f)
    names = {}
    for regs in data.values():
        for r in regs:
            names[(r["start"], r["end"])] = short(
                r.get("demangled", r["function"]))
    out = []
    for i in which:
        fns = sorted(set(names.get(r, "?") for r in cg[i]))
        out.append("[%d instructions in %s]" % (
            next(iter(cg[i]))[1] - next(iter(cg[i]))[0] + 1, ", ".join(fns)))
    return "\n  e.g. " + "\n  e.g. ".join(out)


def main():
    if sys.argv[1] == "--list":
        with open(sys.argv[2]) as f:
            data = json.load(f)
        for key in sorted(data, key=int):
            print("%s: %s" % (key, " ".join(
                "%d-%d" % (r["start"], r["end"]) for r in data[key])))
        return 0
    name, lpath, cpath = sys.argv[1:4]
    expect = sys.argv[sys.argv.index("--expect") + 1]
    if open(lpath, "rb").read() == open(cpath, "rb").read():
        verdict, detail = "equal", "(byte for byte, %d groups)" % len(
            groups(lpath))
    else:
        lg, cg = groups(lpath), groups(cpath)
        by_region = {}
        for i, g in enumerate(cg):
            for r in g:
                by_region.setdefault(r, []).append(i)
        uncovered = []
        used = {}
        for g in lg:
            first = next(iter(g))
            owner = [i for i in by_region.get(first, []) if g <= cg[i]]
            if not owner:
                uncovered.append(g)
                continue
            used.setdefault(owner[0], []).append(g)
        if uncovered:
            verdict = "differs"
            detail = "%d llvm-sim groups not found: %s" % (
                len(uncovered), "; ".join(
                    ",".join("%d-%d" % r for r in sorted(g))
                    for g in uncovered[:5]))
        else:
            merged = sum(1 for v in used.values() if len(v) > 1)
            grown = sum(1 for i, v in used.items()
                        if len(cg[i]) > sum(len(g) for g in v))
            new = len(cg) - len(used)
            if not (merged or grown or new) and sorted(map(sorted, lg)) == \
                    sorted(map(sorted, cg)):
                verdict, detail = "equal", "(as sets; order differs)"
            else:
                verdict = "more"
                detail = ("llvm-sim %d groups, coalesce %d: %d merged, "
                          "%d with added regions, %d new" %
                          (len(lg), len(cg), merged, grown, new))
                if "--show" in sys.argv:
                    extra = [i for i in range(len(cg)) if i not in used or
                             len(cg[i]) > sum(len(g) for g in used[i])]
                    detail += show(sys.argv[sys.argv.index("--show") + 1],
                                   cg, extra[:3])
    print("sim-diff %s: %s %s" % (name, verdict, detail))
    return 0 if verdict == expect else 1


if __name__ == "__main__":
    sys.exit(main())
