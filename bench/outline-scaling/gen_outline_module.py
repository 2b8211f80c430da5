#!/usr/bin/env python3
"""Generates a textual IR module full of similar regions, for the outliner.

    gen_outline_module.py --functions N [--seed S] [-o OUT]

The IR-level cousin of test/tools/gen_similar_c.py, written directly as
optimized-looking SSA (no allocas: what the outliner sees after -O2), so
that 500k functions take a minute to write instead of hours of clang.

Every function @fN(ptr %b, i32 %n, ptr %s) loads a start value x from the
buffer and y from the struct, runs one to three blocks, and returns
x ^ (y << 3). A block is one of

  - the six shapes of gen_similar_c.py, in SSA: an arithmetic chain over
    the buffer, a branch (diamond with a phi), a counted loop over the
    buffer, a field update through the struct, two calls of @mix, an
    early exit (a conditional return). Each instance draws its own
    constants and buffer indices, so the same shape recurs with different
    constants;
  - or one of a pool of random straight-line templates (binary operators,
    loads and stores into the buffer or the struct, compare and select),
    about one template per 40 functions, so that the number of groups
    grows with the module while each group keeps a similar size. Each
    constant of a template is either fixed for the template (then a
    shared constant for the outliner) or drawn per instance (a differing
    constant, an argument of the outlined function).

Between blocks go zero to two "glue" instructions of random kinds and
constants, so the regions have different surroundings. The output is
deterministic for a given seed. Used by bench/outline-scaling/run.
"""

import argparse
import random
import sys

BINOPS = ["add", "sub", "mul", "xor", "and", "or"]
PREDS = ["slt", "ult", "eq", "sgt", "ugt", "ne"]
SHAPES = ["chain", "branch", "loop", "fields", "call", "exit"]
SIZE = 16  # i32 elements of the buffer %b


class Fn:
    """The function being written: lines, value and label counters, the
    current block, and the current x and y."""

    __slots__ = ("lines", "n", "block", "x", "y", "returns")

    def __init__(self):
        self.lines = []
        self.n = 0
        self.block = "entry"
        self.x = self.y = None
        self.returns = 0

    def v(self, prefix="v"):
        self.n += 1
        return "%%%s%d" % (prefix, self.n)

    def new_label(self, prefix):
        self.n += 1
        return "%s%d" % (prefix, self.n)

    def emit(self, text):
        self.lines.append("  " + text)

    def label(self, name):
        self.lines.append(name + ":")
        self.block = name

    def elem(self, idx):
        """Pointer to b[idx] (idx a constant)."""
        g = self.v("g")
        self.emit("%s = getelementptr inbounds i32, ptr %%b, i64 %d" %
                  (g, idx))
        return g

    def field(self, *path):
        g = self.v("g")
        self.emit("%s = getelementptr inbounds %%struct.S, ptr %%s, i64 0, %s"
                  % (g, ", ".join("i32 %d" % p for p in path)))
        return g

    def op(self, opcode, a, b):
        r = self.v()
        self.emit("%s = %s i32 %s, %s" % (r, opcode, a, b))
        return r

    def load(self, ptr):
        r = self.v()
        self.emit("%s = load i32, ptr %s, align 4" % (r, ptr))
        return r

    def store(self, val, ptr):
        self.emit("store i32 %s, ptr %s, align 4" % (val, ptr))


def consts(rng):
    c = [rng.randrange(1, 1 << 16) for _ in range(6)]
    i = [rng.randrange(SIZE) for _ in range(3)]
    return c, i


def shape_chain(f, rng):
    c, i = consts(rng)
    x = f.op("add", f.op("mul", f.x, c[0] | 1), c[1])
    y = f.op("xor", f.y, f.op("add", f.op("lshr", x, c[2] % 13 + 1), c[3]))
    l1 = f.load(f.elem(i[1]))
    s = f.op("add", l1, f.op("mul", f.op("xor", x, y), c[4]))
    f.store(s, f.elem(i[0]))
    l2 = f.load(f.elem(i[2]))
    f.x = f.op("add", x, f.op("lshr", l2, c[5] % 7 + 1))
    f.y = y


def shape_branch(f, rng):
    c, i = consts(rng)
    t, e, j = f.new_label("then"), f.new_label("else"), f.new_label("join")
    cmp = f.v("c")
    f.emit("%s = icmp ugt i32 %s, %d" % (cmp, f.op("and", f.x, c[0]),
                                        c[1] % 2000))
    f.emit("br i1 %s, label %%%s, label %%%s" % (cmp, t, e))
    f.label(t)
    y1 = f.op("add", f.op("mul", f.y, c[2] | 1), f.load(f.elem(i[0])))
    g1 = f.elem(i[1])
    f.store(f.op("xor", f.load(g1), y1), g1)
    f.emit("br label %%%s" % j)
    f.label(e)
    y2 = f.op("add", f.y, f.op("mul", f.x, c[3]))
    g2 = f.elem(i[2])
    f.store(f.op("sub", f.load(g2), c[4]), g2)
    f.emit("br label %%%s" % j)
    f.label(j)
    y3 = f.v("p")
    f.emit("%s = phi i32 [ %s, %%%s ], [ %s, %%%s ]" % (y3, y1, t, y2, e))
    f.y = y3


def shape_loop(f, rng):
    c, i = consts(rng)
    pre = f.block
    body, done = f.new_label("loop"), f.new_label("done")
    bound = f.op("and", "%n", c[0] % 15 + 1)
    z = f.v("c")
    f.emit("%s = icmp eq i32 %s, 0" % (z, bound))
    f.emit("br i1 %s, label %%%s, label %%%s" % (z, done, body))
    f.label(body)
    j, xl, j1, x2 = f.v("j"), f.v("x"), f.v("j"), f.v("x")
    f.emit("%s = phi i32 [ 0, %%%s ], [ %s, %%%s ]" % (j, pre, j1, body))
    f.emit("%s = phi i32 [ %s, %%%s ], [ %s, %%%s ]" % (xl, f.x, pre, x2,
                                                       body))
    jm = f.op("and", j, SIZE - 1)
    je, g = f.v("e"), f.v("g")
    f.emit("%s = zext i32 %s to i64" % (je, jm))
    f.emit("%s = getelementptr inbounds i32, ptr %%b, i64 %s" % (g, je))
    f.store(f.op("add", f.op("mul", f.load(g), c[1] | 1), xl), g)
    jm2 = f.op("and", f.op("add", j, i[0]), SIZE - 1)
    je2, g2 = f.v("e"), f.v("g")
    f.emit("%s = zext i32 %s to i64" % (je2, jm2))
    f.emit("%s = getelementptr inbounds i32, ptr %%b, i64 %s" % (g2, je2))
    sh = f.op("lshr", f.load(g2), c[2] % 5 + 1)
    f.emit("%s = xor i32 %s, %s" % (x2, xl, sh))
    f.emit("%s = add nuw i32 %s, 1" % (j1, j))
    more = f.v("c")
    f.emit("%s = icmp ult i32 %s, %s" % (more, j1, bound))
    f.emit("br i1 %s, label %%%s, label %%%s" % (more, body, done))
    f.label(done)
    x3 = f.v("p")
    f.emit("%s = phi i32 [ %s, %%%s ], [ %s, %%%s ]" % (x3, f.x, pre, x2,
                                                       body))
    f.x = x3


def shape_fields(f, rng):
    c, i = consts(rng)
    ga = f.field(0)
    a2 = f.op("add", f.op("mul", f.load(ga), c[0] | 1), f.x)
    f.store(a2, ga)
    gb = f.field(1)
    b2 = f.op("add", f.op("xor", f.load(gb), c[1]),
              f.op("lshr", a2, c[2] % 9 + 1))
    f.store(b2, gb)
    gc = f.field(2, i[0] % 4)
    f.store(f.op("add", f.load(gc), f.op("mul", b2, c[3])), gc)
    gd = f.field(2, i[1] % 4)
    f.y = f.op("add", f.y, f.op("xor", f.load(gd), a2))


def call_mix(f, a, b):
    r = f.v()
    f.emit("%s = call i32 @mix(i32 %s, i32 %s)" % (r, a, b))
    return r


def shape_call(f, rng):
    c, i = consts(rng)
    x = call_mix(f, f.op("add", f.x, c[0]), f.op("xor", f.y, c[1]))
    r = call_mix(f, f.load(f.elem(i[0])), x)
    f.store(f.op("add", r, c[2]), f.elem(i[1]))
    f.y = f.op("add", f.op("mul", f.y, c[3] | 1), f.load(f.elem(i[2])))
    f.x = x


def shape_exit(f, rng):
    c, i = consts(rng)
    ret, cont = f.new_label("ret"), f.new_label("cont")
    m = f.op("and", f.op("xor", f.x, f.y), c[0] | 1)
    cmp = f.v("c")
    f.emit("%s = icmp eq i32 %s, %d" % (cmp, m, c[1] % 4))
    f.emit("br i1 %s, label %%%s, label %%%s" % (cmp, ret, cont))
    f.label(ret)
    g = f.elem(i[0])
    f.store(f.op("add", f.load(g), f.x), g)
    f.emit("ret i32 %s" % f.op("add", f.op("mul", f.x, c[2] | 1), f.y))
    f.label(cont)


SHAPE_FNS = {"chain": shape_chain, "branch": shape_branch,
             "loop": shape_loop, "fields": shape_fields, "call": shape_call,
             "exit": shape_exit}


def make_template(rng):
    """A straight-line template: a list of ops over value slots
    (0 = x, 1 = y, then each op's result) and constant slots, each
    constant slot fixed (an int) or None (drawn per instance)."""
    ops = []
    nvals = 2
    cslots = []

    def const():
        cslots.append(rng.randrange(1, 1 << 12) if rng.random() < 0.6
                      else None)
        return ("k", len(cslots) - 1)

    def val():
        # Mostly recent values, so the template reads as one computation.
        return ("v", max(0, nvals - 1 - int(rng.expovariate(0.7))))

    for _ in range(rng.randrange(3, 10)):
        kind = rng.choice(["bin"] * 5 + ["load"] * 2 + ["store"] +
                          ["select"] + ["field"])
        if kind == "bin":
            rhs = val() if rng.random() < 0.5 else const()
            ops.append(("bin", rng.choice(BINOPS), val(), rhs))
            nvals += 1
        elif kind == "load":
            ops.append(("load", rng.randrange(SIZE)))
            nvals += 1
        elif kind == "field":
            ops.append(("field", rng.randrange(4)))
            nvals += 1
        elif kind == "store":
            ops.append(("store", val(), rng.randrange(SIZE)))
        else:
            ops.append(("select", rng.choice(PREDS), val(), const(), val()))
            nvals += 1
    # Results: x from the last value, y from one before it.
    return ops, cslots, nvals


def run_template(f, rng, tmpl):
    ops, cslots, nvals = tmpl
    vals = [f.x, f.y]
    ks = [k if k is not None else rng.randrange(1, 1 << 16) for k in cslots]

    def get(ref):
        return vals[ref[1]] if ref[0] == "v" else str(ks[ref[1]])

    for op in ops:
        kind = op[0]
        if kind == "bin":
            vals.append(f.op(op[1], get(op[2]), get(op[3])))
        elif kind == "load":
            vals.append(f.load(f.elem(op[1])))
        elif kind == "field":
            vals.append(f.load(f.field(2, op[1])))
        elif kind == "store":
            f.store(get(op[1]), f.elem(op[2]))
        else:
            c, r = f.v("c"), f.v()
            a, b = get(op[2]), get(op[3])
            f.emit("%s = icmp %s i32 %s, %s" % (c, op[1], a, b))
            f.emit("%s = select i1 %s, i32 %s, i32 %s" % (r, c, a,
                                                          get(op[4])))
            vals.append(r)
    f.x = vals[-1]
    f.y = vals[-2] if len(vals) > 3 else vals[1]


def glue(f, rng):
    kind = rng.randrange(5)
    k = rng.randrange(1, 1 << 16)
    if kind == 0:
        f.x = f.op("add", f.x, f.y)
    elif kind == 1:
        f.y = f.op("mul", f.y, k | 1)
    elif kind == 2:
        f.x = f.op("xor", f.x, "%n")
    elif kind == 3:
        f.y = f.op("sub", f.y, f.load(f.elem(rng.randrange(SIZE))))
    else:
        f.x = f.op("or", f.op("shl", f.x, k % 5 + 1), k & 0xff)


def function(rng, name, templates, shape_fraction):
    f = Fn()
    x0 = f.load(f.elem(rng.randrange(SIZE)))
    f.x = f.op("add", f.op("mul", "%n", rng.randrange(1, 1 << 16) | 1), x0)
    f.y = f.op("xor", f.load(f.field(0)), rng.randrange(1 << 16))
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
        for _ in range(rng.choice([0, 0, 1, 1, 2])):
            glue(f, rng)
        if rng.random() < shape_fraction:
            SHAPE_FNS[rng.choice(SHAPES)](f, rng)
        else:
            run_template(f, rng, rng.choice(templates))
    f.emit("ret i32 %s" % f.op("xor", f.x, f.op("shl", f.y, 3)))
    return ("define i32 @%s(ptr %%b, i32 %%n, ptr %%s) {\nentry:\n%s\n}\n\n"
            % (name, "\n".join(f.lines)))


def generate(n, seed, out, shape_fraction=0.5):
    rng = random.Random(seed)
    templates = [make_template(rng) for _ in range(max(16, n // 40))]
    w = out.write
    w("; Generated by gen_outline_module.py --functions %d --seed %d "
      "--shape-fraction %g\n" % (n, seed, shape_fraction))
    w('target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-'
      'i128:128-f80:128-n8:16:32:64-S128"\n')
    w('target triple = "x86_64-unknown-linux-gnu"\n\n')
    w("%struct.S = type { i32, i32, [4 x i32] }\n\n")
    w("define i32 @mix(i32 %a, i32 %b) noinline {\n"
      "entry:\n  %s = lshr i32 %b, 5\n  %x = xor i32 %a, %s\n"
      "  %m = mul i32 %x, -1640531535\n  %r = add i32 %m, %b\n"
      "  ret i32 %r\n}\n\n")
    for k in range(n):
        w(function(rng, "f%d" % k, templates, shape_fraction))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--functions", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--shape-fraction", type=float, default=0.5,
                    help="share of blocks drawn from the six fixed shapes "
                         "(the rest from the templates; default 0.5)")
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    out = sys.stdout if args.output == "-" else \
        open(args.output, "w", buffering=1 << 20)
    generate(args.functions, args.seed, out, args.shape_fraction)
    if out is not sys.stdout:
        out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
