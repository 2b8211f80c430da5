#!/usr/bin/env python3
"""Generates a textual IR module full of duplicate functions.

    gen_merge_module.py --functions N [--dup-fraction F] [--seed S] [-o OUT]

The module looks like the result of a large LTO link: small varied bodies
(arithmetic, loads and stores through a pointer argument, compare/select,
a counted loop, calls), arranged in call layers (layer 0 are leaves; a
function of layer L calls one to three functions of layer L-1). A fraction
of the functions are duplicates of an earlier function of the same layer.
A duplicate of a caller calls *duplicates* of the original's callees where
there are some, so it becomes equal to the original only once its callees
have been merged: merging must run to a fixed point to catch it.

Linkages are mixed the way C++ output mixes them: internal, linkonce_odr
unnamed_addr (inline and template code), external (address significant),
external local_unnamed_addr and a few weak definitions. A few functions
have their address stored in a table.

The output is deterministic for a given seed. Used by the differential lit
tests (small sizes) and by bench/merge-scaling (up to 500k functions).
"""

import argparse
import random
import sys

BINOPS = ["add", "sub", "mul", "xor", "and", "or"]
LAYER_WEIGHTS = [50, 25, 15, 10]  # leaves, then callers of each layer
LINKAGES = [
    # (weight, prefix, suffix)
    (35, "internal", ""),
    (30, "linkonce_odr", " unnamed_addr"),
    (20, "", ""),
    (10, "", " local_unnamed_addr"),
    (5, "weak", ""),
]


class Spec:
    """A body, minus the callee names: callees are slots 0..k-1."""

    __slots__ = ("lines", "ncallees")

    def __init__(self, lines, ncallees):
        self.lines = lines
        self.ncallees = ncallees


def make_spec(rng, ncallees):
    """Random body text; `@{c0}` etc. name the callee slots."""
    out = []
    vals = ["%a"]
    n = 0

    def fresh(prefix="v"):
        nonlocal n
        n += 1
        return "%%%s%d" % (prefix, n)

    def pick():
        return rng.choice(vals)

    size = rng.choice([2, 3, 3, 4, 5, 6, 8, 10, 14]) + ncallees
    calls = list(range(ncallees))
    rng.shuffle(calls)
    ops = ["bin"] * 5 + ["load"] * 3 + ["store"] + ["select"] * 2
    for i in range(size):
        if calls and (rng.random() < 0.4 or size - i <= len(calls)):
            v = fresh()
            out.append("  %s = call i64 @{c%d}(i64 %s, ptr %%p)" %
                       (v, calls.pop(), pick()))
            vals.append(v)
            continue
        op = rng.choice(ops)
        if op == "bin":
            v = fresh()
            rhs = pick() if rng.random() < 0.5 else str(rng.randint(1, 9))
            out.append("  %s = %s i64 %s, %s" %
                       (v, rng.choice(BINOPS), pick(), rhs))
            vals.append(v)
        elif op == "load":
            g, v = fresh("g"), fresh()
            out.append("  %s = getelementptr inbounds i64, ptr %%p, i64 %d" %
                       (g, rng.randint(0, 7)))
            out.append("  %s = load i64, ptr %s, align 8" % (v, g))
            vals.append(v)
        elif op == "store":
            g = fresh("g")
            out.append("  %s = getelementptr inbounds i64, ptr %%p, i64 %d" %
                       (g, rng.randint(0, 7)))
            out.append("  store i64 %s, ptr %s, align 8" % (pick(), g))
        else:
            c, v = fresh("c"), fresh()
            x, y = pick(), pick()
            out.append("  %s = icmp %s i64 %s, %s" %
                       (c, rng.choice(["slt", "ult", "eq", "sgt"]), x, y))
            out.append("  %s = select i1 %s, i64 %s, i64 %s" % (v, c, x, y))
            vals.append(v)
    result = vals[-1]
    if rng.random() < 0.15:
        # A counted loop summing p[i & 7], `result & 15` times.
        t, bound = fresh("t"), fresh("n")
        out.append("  %s = and i64 %s, 15" % (bound, result))
        out.append("  br label %loop")
        out.append("loop:")
        i, acc, nxt, nacc = fresh("i"), fresh("s"), fresh("i"), fresh("s")
        g, x, m, done = fresh("g"), fresh("x"), fresh("m"), fresh("c")
        out.append("  %s = phi i64 [ 0, %%entry ], [ %s, %%loop ]" % (i, nxt))
        out.append("  %s = phi i64 [ %s, %%entry ], [ %s, %%loop ]" %
                   (acc, result, nacc))
        out.append("  %s = and i64 %s, 7" % (m, i))
        out.append("  %s = getelementptr inbounds i64, ptr %%p, i64 %s" %
                   (g, m))
        out.append("  %s = load i64, ptr %s, align 8" % (x, g))
        out.append("  %s = add i64 %s, %s" % (nacc, acc, x))
        out.append("  %s = add nuw i64 %s, 1" % (nxt, i))
        out.append("  %s = icmp ult i64 %s, %s" % (done, nxt, bound))
        out.append("  br i1 %s, label %%loop, label %%exit" % done)
        out.append("exit:")
        out.append("  %s = phi i64 [ %s, %%loop ]" % (t, nacc))
        result = t
    out.append("  ret i64 %s" % result)
    return Spec("\n".join(out), ncallees)


def generate(n, dup_fraction, seed, out):
    rng = random.Random(seed)
    link_weights = [w for w, _, _ in LINKAGES]
    layers = [[] for _ in LAYER_WEIGHTS]  # function indices per layer
    originals = [[] for _ in LAYER_WEIGHTS]
    specs = []  # per function: Spec
    callees = []  # per function: list of function indices
    dups_of = {}  # original index -> list of duplicate indices
    names = []
    linkage = []
    for i in range(n):
        layer = rng.choices(range(len(LAYER_WEIGHTS)), LAYER_WEIGHTS)[0]
        while layer and not layers[layer - 1]:
            layer -= 1
        if originals[layer] and rng.random() < dup_fraction:
            orig = rng.choice(originals[layer])
            spec = specs[orig]
            # Call duplicates of the original's callees where there are any.
            cs = [rng.choice(dups_of.get(c, []) + [c]) for c in callees[orig]]
            dups_of.setdefault(orig, []).append(i)
        else:
            k = rng.randint(1, 3) if layer else 0
            cs = [rng.choice(layers[layer - 1]) for _ in range(k)]
            spec = make_spec(rng, k)
            originals[layer].append(i)
        specs.append(spec)
        callees.append(cs)
        layers[layer].append(i)
        names.append("f%d" % i)
        linkage.append(rng.choices(LINKAGES, link_weights)[0])

    w = out.write
    w("; Generated by gen_merge_module.py --functions %d --dup-fraction %g "
      "--seed %d\n" % (n, dup_fraction, seed))
    w('target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-'
      'i128:128-f80:128-n8:16:32:64-S128"\n')
    w('target triple = "x86_64-unknown-linux-gnu"\n\n')
    # Some functions are entries of a table: their address is taken.
    table = sorted(rng.sample(range(n), max(1, n // 50)))
    w("@table = global [%d x ptr] [%s]\n\n" % (
        len(table), ", ".join("ptr @%s" % names[i] for i in table)))
    for i in range(n):
        _, prefix, suffix = linkage[i]
        body = specs[i].lines
        if callees[i]:
            body = body.format(**{"c%d" % j: names[c]
                                  for j, c in enumerate(callees[i])})
        w("define %si64 @%s(i64 %%a, ptr %%p)%s {\nentry:\n%s\n}\n\n" %
          (prefix + " " if prefix else "", names[i], suffix, body))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--functions", type=int, required=True)
    ap.add_argument("--dup-fraction", type=float, default=0.3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    out = sys.stdout if args.output == "-" else \
        open(args.output, "w", buffering=1 << 20)
    generate(args.functions, args.dup_fraction, args.seed, out)
    if out is not sys.stdout:
        out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
