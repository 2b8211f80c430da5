#!/usr/bin/env python3
"""The outliner's property test: on generated programs full of similar
regions, coalesce's output verifies and computes what the input computes.

    outline_property.py --seeds 1-8 --functions 80 --clang CLANG --opt OPT
                        --plugin coalesce.so --lli LLI --work DIR

For every seed: gen_similar_c.py writes a C program (no undefined
behaviour by construction), clang -Oz compiles it to IR, the coalesce
pipeline runs on it with the verifier after every stage and with the
outliner's thresholds opened wide (no minimum benefit, no run-time budget,
up to 12 arguments) so that it outlines as much as it can, `opt -passes=
verify` checks the result again, and lli runs both modules: their outputs
must be the same. Prints one line per seed and the totals; fails on any
difference, on any error, or if nothing at all was outlined (then the test
would prove nothing).
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        raise RuntimeError("%s\nexit %d\n%s" % (" ".join(cmd), r.returncode,
                                                 r.stderr[-4000:]))
    return r.stdout


def seeds(text):
    lo, _, hi = text.partition("-")
    return range(int(lo), int(hi or lo) + 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", required=True, help="A-B")
    ap.add_argument("--functions", type=int, default=80)
    for tool in ("clang", "opt", "plugin", "lli", "work"):
        ap.add_argument("--" + tool, required=True)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    groups = sites = failures = 0
    for seed in seeds(a.seeds):
        base = os.path.join(a.work, "s%d" % seed)
        try:
            run([sys.executable, os.path.join(HERE, "gen_similar_c.py"),
                 "--seed", str(seed), "--functions", str(a.functions),
                 "-o", base + ".c"])
            run([a.clang, "-Oz", "-w", "-emit-llvm", "-S", base + ".c",
                 "-o", base + ".ll"])
            run([a.opt, "-load-pass-plugin=" + a.plugin, "-passes=coalesce",
                 "-coalesce-verify", "-coalesce-report=" + base + ".json",
                 "-coalesce-outline-min-benefit=0",
                 "-coalesce-runtime-budget=1000000",
                 "-coalesce-outline-max-arguments=12",
                 base + ".ll", "-o", base + ".out.bc"])
            run([a.opt, "-passes=verify", "-disable-output", base + ".out.bc"])
            want = run([a.lli, base + ".ll"])
            got = run([a.lli, base + ".out.bc"])
            with open(base + ".json") as f:
                outlined = json.load(f)["outlined"]
        except RuntimeError as e:
            failures += 1
            print("seed %d: error: %s" % (seed, e))
            continue
        groups += outlined["groups"]
        sites += outlined["sites"]
        same = want == got
        failures += not same
        print("seed %d: %d groups, %d sites outlined; output %s" % (
            seed, outlined["groups"], outlined["sites"],
            "same" if same else "DIFFERS"))
    print("total: %d groups, %d sites outlined; %d failures" % (
        groups, sites, failures))
    if sites == 0:
        print("error: nothing was outlined: the test shows nothing")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
