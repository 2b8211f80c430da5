"""The twins generator: C programs, deterministic by seed, made of what
coalesce merges and outlines, and free of undefined behaviour.

A program is families of functions. A family has one body *shape* (a tree
of statements whose constants and callees are slots) and 2-4 instances:
identical copies, copies with other constants, similar copies (one
statement replaced or added; from seed VARIANTS_FROM on also one removed),
and pairs of mutually recursive twins (depth bounded by n & 7). Region shapes, short statement sequences, are spliced
into many bodies with other variables and constants: the outliner's food.
Bodies use loops, branches, switch, a local array, a struct, pointer
outputs and function pointers; functions are static or external and spread
over 1-4 files, each with a driver that calls every function it defines;
main prints the drivers' checksums, and compares the addresses of distinct
functions (which must differ). split(seed) is the same program spread over
2-3 files when generate(seed) writes one (for ThinLTO, which works on
modules): the functions are the same, the drivers and so the output not.

Seeds below VARIANTS_FROM write the programs they wrote before it came (the
gauntlet's record counts those seeds covered). From it on, a similar copy
may also lack one statement of its family's body, and two families in five
are cold: the driver calls them behind a test that __builtin_expect marks
unlikely but that nearly always holds (h != 0u), so that coalesce's static
estimate of hotness lets it add selectors, constant arguments and calls to
them, and the run still executes them.

No undefined behaviour by construction: unsigned arithmetic only, shift
counts constant and below 32, divisors `| 1u`, array indices `& 7u` or
`& 3u`, constant loop bounds, recursion depth at most 8, calls only to
earlier functions (no unbounded recursion) and never inside loops.
"""
import random
import re

OPS = ["+", "-", "*", "^", "&", "|"]
ASSIGN_OPS = ["=", "+=", "-=", "^=", "*=", "|="]
VARS = ["v0", "v1", "v2", "v3"]
MAX_COST = 24
VARIANTS_FROM = 5000   # the first seed with removed statements and cold families (see above)
STRUCT = "struct rec { unsigned x, y; unsigned tag[4]; };"

# Signature kinds: parameters, the prologue that loads v0..v3 and a[8]
# (%s: two constants), and the epilogue.
SIGS = {
    "val": ("unsigned %s(unsigned p0, unsigned p1)",
            "unsigned v0 = p0, v1 = p1, v2 = p0 ^ %s, v3 = p1 + %s;",
            "return v0 ^ v1 ^ v2 ^ v3 ^ a[v0 & 7u];"),
    "ptr": ("void %s(const unsigned *in, unsigned *out)",
            "unsigned v0 = in[0], v1 = in[1], v2 = in[2] ^ %s, v3 = in[3] + %s;",
            "out[0] = v0 + v1 + a[v2 & 7u]; out[1] = v2 ^ v3;"),
    "rec": ("unsigned %s(struct rec *r, unsigned k)",
            "unsigned v0 = r->x, v1 = r->y ^ %s, v2 = k + %s, v3 = r->tag[k & 3u];",
            "r->x = v0; r->y = v1 ^ v2; r->tag[v3 & 3u] += v0; return v3 ^ a[v1 & 7u];"),
    "cb": ("unsigned %s(unsigned (*cb)(unsigned, unsigned), unsigned p)",
           "unsigned v0 = p, v1 = cb(p, %s), v2 = cb(v1, p) ^ %s, v3 = p * 2654435761u;",
           "return v0 + (v1 ^ v2) + v3 + a[v3 & 7u];"),
}


class Shape:
    """Random statement trees whose constants are numbered slots."""

    def __init__(self, rng):
        self.r = rng
        self.nconst = 0
        self.ncallee = 0

    def const(self):
        self.nconst += 1
        return ("c", self.nconst - 1)

    def leaf(self, loops):
        r = self.r.random()
        if loops and r < 0.25:
            return ("i", self.r.randrange(loops))
        return self.const() if r < 0.35 else ("v", self.r.randrange(4))

    def expr(self, depth, loops):
        if depth <= 0 or self.r.random() < 0.25:
            return self.leaf(loops)
        k = self.r.random()
        e = lambda: self.expr(depth - 1, loops)  # noqa: E731
        if k < 0.5:
            return ("bin", self.r.choice(OPS), e(), e())
        if k < 0.62:
            return ("sh", self.r.choice(["<<", ">>"]), e(), self.r.randrange(1, 31))
        if k < 0.7:
            return ("div", self.r.choice(["/", "%"]), e(), e())
        if k < 0.82:
            return ("arr", e())
        return ("sel", e(), e(), e(), e())

    def stmt(self, depth, loops, calls):
        k = self.r.random()
        if depth > 0 and k < 0.14:
            return ("if", self.expr(2, loops), self.expr(1, loops),
                    self.block(depth - 1, loops, calls), self.block(depth - 1, loops, calls))
        if depth > 0 and k < 0.24 and loops < 2:
            return ("for", self.r.randrange(2, 7), self.block(depth - 1, loops + 1, False))
        if depth > 0 and k < 0.32:
            n = self.r.randrange(2, 5)
            return ("switch", self.expr(2, loops), n,
                    [self.block(depth - 1, loops, calls) for _ in range(n)])
        if calls and k < 0.38:
            self.ncallee += 1
            return ("call", self.r.randrange(4), self.ncallee - 1, self.expr(1, loops), self.expr(1, loops))
        if k < 0.5:
            return ("store", self.expr(1, loops), self.expr(2, loops))
        return ("asg", self.r.randrange(4), self.r.choice(ASSIGN_OPS), self.expr(3, loops))

    def block(self, depth, loops, calls):
        return [self.stmt(depth, loops, calls) for _ in range(self.r.randrange(1, 4))]


class Render:
    """C text of a shape, given an instance: constant values, a permutation
    of the variables, callee names."""

    def __init__(self, consts, perm, callees=()):
        self.c, self.perm, self.callees = consts, perm, callees

    def e(self, x):
        t = x[0]
        if t == "c":
            return "%uu" % self.c[x[1]]
        if t == "v":
            return VARS[self.perm[x[1]]]
        if t == "i":
            return "i%d" % x[1]
        if t == "bin":
            return "(%s %s %s)" % (self.e(x[2]), x[1], self.e(x[3]))
        if t == "sh":
            return "(%s %s %d)" % (self.e(x[2]), x[1], x[3])
        if t == "div":
            return "(%s %s (%s | 1u))" % (self.e(x[2]), x[1], self.e(x[3]))
        if t == "arr":
            return "a[%s & 7u]" % self.e(x[1])
        return "(%s < %s ? %s : %s)" % tuple(self.e(y) for y in x[1:])

    def s(self, x, ind, loops=0):
        p = "  " * ind
        t = x[0]
        if t == "asg":
            return [p + "%s %s %s;" % (VARS[self.perm[x[1]]], x[2], self.e(x[3]))]
        if t == "store":
            return [p + "a[%s & 7u] ^= %s;" % (self.e(x[1]), self.e(x[2]))]
        if t == "call":
            return [p + "%s += %s(%s, %s);" % (VARS[self.perm[x[1]]], self.callees[x[2]], self.e(x[3]), self.e(x[4]))]
        if t == "if":
            return ([p + "if (%s > %s) {" % (self.e(x[1]), self.e(x[2]))] + self.b(x[3], ind + 1, loops)
                    + [p + "} else {"] + self.b(x[4], ind + 1, loops) + [p + "}"])
        if t == "for":
            v = "i%d" % loops
            return ([p + "for (unsigned %s = 0; %s < %du; %s++) {" % (v, v, x[1], v)]
                    + self.b(x[2], ind + 1, loops + 1) + [p + "}"])
        out = [p + "switch (%s %% %du) {" % (self.e(x[1]), x[2])]
        for i, body in enumerate(x[3]):
            out += [p + "case %du: {" % i] + self.b(body, ind + 1, loops) + [p + "  break;", p + "}"]
        return out + [p + "}"]

    def b(self, stmts, ind, loops=0):
        return [line for s in stmts for line in self.s(s, ind, loops)]


class Program:
    """One generated program: files by name, and what went into it."""

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.variants = seed >= VARIANTS_FROM   # draws nothing for earlier seeds: their programs stay
        self.ntu = self.r.choice([1, 1, 2, 3, 4])
        self.funcs = []     # dicts: name, sig, tu, static, lines
        self.cost = {}      # name: calls one call of it makes, transitively, plus one
        self.regions = [self.region() for _ in range(self.r.randrange(2, 5))]
        self.noinline_share = self.r.choice([0.3, 0.6, 0.9])
        for f in range(self.r.randrange(5, 10)):
            self.family(f)
        for f in range(self.r.randrange(1, 3)):
            self.recursive_family(f)

    def rconst(self):
        return self.r.choice([self.r.randrange(1, 64), self.r.randrange(1 << 32)])

    def region(self):
        sh = Shape(self.r)
        stmts = [sh.stmt(1 if self.r.random() < 0.3 else 0, 0, False) for _ in range(self.r.randrange(3, 7))]
        return sh, stmts

    def body(self, sh, own):
        """A body plan: own statements with region uses spliced in."""
        plan = [("own", s) for s in own]
        for _ in range(self.r.randrange(1, 4)):
            rid = self.r.randrange(len(self.regions))
            plan.insert(self.r.randrange(len(plan) + 1), ("region", rid, self.r.sample(range(4), 4), self.region_consts(rid)))
        return plan

    def region_consts(self, rid):
        """A region's constants: its first use's again, or new ones."""
        rsh = self.regions[rid][0]
        if not hasattr(rsh, "first") or self.r.random() < 0.4:
            rsh.first = [self.rconst() for _ in range(rsh.nconst)]
        return rsh.first

    def render_body(self, sh, plan, consts, callees):
        rd = Render(consts, [0, 1, 2, 3], callees)
        lines = []
        for item in plan:
            if item[0] == "own":
                lines += rd.s(item[1], 1)
            else:
                rsh, stmts = self.regions[item[1]]
                lines += Render(item[3], item[2]).b(stmts, 1)
        return lines

    def family(self, fid):
        sig = self.r.choice(list(SIGS))
        sh = Shape(self.r)
        own = [sh.stmt(2, 0, sig != "cb") for _ in range(self.r.randrange(2, 5))]
        plan = self.body(sh, own)
        consts = [self.rconst() for _ in range(sh.nconst + 2)]
        callees = [self.callee(None) for _ in range(sh.ncallee)]
        noinline = self.r.random() < self.noinline_share    # per family: attributes must match to merge
        cold = self.variants and self.r.random() < 0.4
        for k in range(self.r.randrange(2, 5)):
            kind = self.r.choice(["same", "same", "consts", "consts", "similar"]) if k else "same"
            self.instance("f%d_%d" % (fid, k), sig, sh, plan, consts, kind, callees, noinline, cold)

    def instance(self, name, sig, sh, plan, consts, kind, callees, noinline, cold=False):
        if kind == "consts":
            # the prologue's constants always reach the code; one more may
            consts = list(consts)
            for i in [sh.nconst + self.r.randrange(2), self.r.randrange(len(consts))][:self.r.randrange(1, 3)]:
                consts[i] = self.rconst()
        if kind == "similar" and self.variants and len(plan) > 2 and self.r.random() < 0.34:
            # one statement (of its own or a region's) fewer; every variable
            # is set by the prologue, so any statement can go
            plan = list(plan)
            del plan[self.r.randrange(len(plan))]
        elif kind == "similar":
            plan = list(plan)
            extra = Shape(self.r)
            stmt = ("own", extra.stmt(1, 0, False))
            # the new statement's constants come after the family's own
            consts = consts + [self.rconst() for _ in range(extra.nconst)]
            stmt = ("own", shift_consts(stmt[1], len(consts) - extra.nconst))
            if self.r.random() < 0.5 and len(plan) > 1:
                plan[self.r.randrange(len(plan))] = stmt
            else:
                plan.insert(self.r.randrange(len(plan) + 1), stmt)
        tu = self.r.randrange(self.ntu)
        if kind != "same":
            callees = [c if self.r.random() < 0.7 else self.callee(tu) for c in callees]
        head, pro, epi = SIGS[sig]
        lines = [head % name + " {", "  " + pro % ("%uu" % consts[sh.nconst], "%uu" % consts[sh.nconst + 1]),
                 "  unsigned a[8] = {0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u};"]
        lines += self.render_body(sh, plan, consts, callees)
        lines += ["  " + epi, "}"]
        self.add(name, sig, tu, lines, cost=1 + sum(self.cost.get(c, 1) for c in callees), noinline=noinline,
                 cold=cold)

    def callee(self, tu):
        """An earlier, cheap 'val' function callable from file TU (None: from
        any file): a static one of that file or any external one; the mixer
        if none. Cheap:
        calls it makes, transitively, stay few (no blow-up along chains)."""
        cands = [f["name"] for f in self.funcs
                 if f["sig"] == "val" and (not f["static"] or f["tu"] == tu) and self.cost[f["name"]] <= MAX_COST]
        return self.r.choice(cands) if cands else "mix"

    def recursive_family(self, fid):
        """Two or three pairs of mutually recursive twins of one shape."""
        sh = Shape(self.r)
        own = [sh.stmt(1, 0, False) for _ in range(self.r.randrange(1, 4))]
        consts = [self.rconst() for _ in range(sh.nconst + 2)]
        for k in range(self.r.randrange(2, 4)):
            if k and self.r.random() < 0.4:
                consts = [self.rconst() for _ in consts]
            a, b = "r%d_%da" % (fid, k), "r%d_%db" % (fid, k)
            ta, tb = self.r.randrange(self.ntu), self.r.randrange(self.ntu)
            static = ta == tb and self.r.random() < 0.5
            for me, other, tu in ((a, b, ta), (b, a, tb)):
                lines = ["unsigned %s(unsigned n, unsigned x) {" % me,
                         "  unsigned v0 = x, v1 = n, v2 = x ^ %uu, v3 = n + %uu;" % (consts[-2], consts[-1]),
                         "  unsigned a[8] = {0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u};"]
                lines += Render(consts, [0, 1, 2, 3]).b(own, 1)
                lines += ["  if (n == 0u)", "    return v0 ^ v1 ^ v2 ^ v3 ^ a[v0 & 7u];",
                          "  return %s(n - 1u, v0 ^ v2) + v3;" % other, "}"]
                self.add(me, "recur", tu, lines, static)

    def add(self, name, sig, tu, lines, static=None, cost=1, noinline=None, cold=False):
        if static is None:
            static = self.r.random() < 0.35
        if noinline is None:
            noinline = self.r.random() < self.noinline_share
        attrs = ("static " if static else "") + ("__attribute__((noinline)) " if noinline else "")
        lines[0] = attrs + lines[0]
        self.funcs.append({"name": name, "sig": sig, "tu": tu, "static": static, "lines": lines, "cold": cold})
        self.cost[name] = cost

    def spread(self, rng):
        """Moves the functions of a one-file program into 2-3 files, chosen
        by RNG; a static function stays in the file of every function that
        calls it. False if they cannot be spread (all in one group)."""
        parent = {f["name"]: f["name"] for f in self.funcs}

        def find(n):
            while parent[n] != n:
                parent[n] = parent[parent[n]]
                n = parent[n]
            return n
        for f in self.funcs:
            body = "\n".join(f["lines"][1:])
            for g in self.funcs:
                if g["static"] and g is not f and re.search(r"\b%s\(" % g["name"], body):
                    parent[find(f["name"])] = find(g["name"])
        groups = {}
        for f in self.funcs:
            groups.setdefault(find(f["name"]), []).append(f)
        groups = list(groups.values())
        if len(groups) < 2:
            return False
        self.ntu = min(rng.choice([2, 3]), len(groups))
        rng.shuffle(groups)
        for i, g in enumerate(groups):
            tu = i if i < self.ntu else rng.randrange(self.ntu)   # every file gets a group
            for f in g:
                f["tu"] = tu
        return True

    # --- files ---------------------------------------------------------------

    def prototype(self, f):
        if f["sig"] == "recur":
            return "unsigned %s(unsigned n, unsigned x)" % f["name"]
        return SIGS[f["sig"]][0] % f["name"]

    def files(self):
        """{file name: text}; tu0.c holds main."""
        out = {}
        for tu in range(self.ntu):
            mine = [f for f in self.funcs if f["tu"] == tu]
            decls = [("static " if f["static"] else "") + self.prototype(f) + ";"
                     for f in self.funcs if not f["static"] or f["tu"] == tu]
            text = ["/* generated by tools/fuzz/twingen.py */", STRUCT,
                    "static unsigned mix(unsigned h, unsigned v) { return (h ^ v) * 0x9E3779B1u + (h >> 16); }"]
            text += decls + [""] + ["\n".join(f["lines"]) + "\n" for f in mine]
            text += self.driver(tu, mine)
            if tu == 0:
                text += self.main()
            out["tu%d.c" % tu] = "\n".join(text) + "\n"
        return out

    def driver(self, tu, mine):
        vals = [f["name"] for f in self.funcs if f["sig"] == "val" and (not f["static"] or f["tu"] == tu)] or ["mix"]
        body = ["unsigned run_tu%d(unsigned h) {" % tu,
                "  struct rec r = {h, h ^ 0x55u, {1u, 2u, 3u, h}};",
                "  unsigned in[4] = {h, h * 3u, h ^ 0xFFu, 7u}, out[2] = {0u, 0u};"]
        for f in mine + mine:   # two call sites: LTO does not inline a function just for having one caller
            n, s = f["name"], f["sig"]
            call = {"val": "h = mix(h, %s(h, h >> 3));" % n,
                    "ptr": "%s(in, out); h = mix(h, out[0] ^ out[1]); in[h & 3u] = out[0];" % n,
                    "rec": "h = mix(h, %s(&r, h)); h = mix(h, r.x + r.y);" % n,
                    "cb": "h = mix(h, %s(%s, h));" % (n, self.r.choice(vals)),
                    "recur": "h = mix(h, %s(h & 7u, h));" % n}[s]
            if f["cold"]:   # unlikely by the estimate, taken by the run
                call = "if (__builtin_expect(h != 0u, 0)) { %s }" % call
            body.append("  " + call)
        return body + ["  return h;", "}", ""]

    def main(self):
        ext = [f["name"] for f in self.funcs if f["sig"] == "val" and not f["static"]]
        text = ["unsigned run_tu%d(unsigned h);" % t for t in range(1, self.ntu)]
        text += ["#include <stdio.h>", "int main(void) {", "  unsigned total = 0u;"]
        if len(ext) >= 2:
            text += ["  unsigned (*const table[])(unsigned, unsigned) = {%s};" % ", ".join(ext),
                     "  for (unsigned i = 0; i < %du; i++) {" % len(ext),
                     "    total = mix(total, table[i](i, total));",
                     "    for (unsigned j = 0; j < i; j++)",
                     "      total = mix(total, table[i] == table[j]);",
                     "  }", '  printf("table %08x\\n", total);']
        text += ["  for (unsigned s = 0; s < 3u; s++) {"]
        for t in range(self.ntu):
            text += ['    { unsigned h = run_tu%d(s * 2654435761u + %du); total = mix(total, h); printf("tu%d %%u %%08x\\n", s, h); }' % (t, t, t)]
        text += ["  }", '  printf("checksum %08x\\n", total);', "  return 0;", "}"]
        return text


def shift_consts(x, by):
    """X with every constant slot moved up by BY."""
    if isinstance(x, tuple):
        if x and x[0] == "c":
            return ("c", x[1] + by)
        return tuple(shift_consts(y, by) for y in x)
    if isinstance(x, list):
        return [shift_consts(y, by) for y in x]
    return x


def generate(seed):
    """{file name: C text} for SEED."""
    return Program(seed).files()


def split(seed):
    """{file name: C text}: SEED's program spread over 2-3 files when
    generate(SEED) writes one file, else None (also when its functions
    cannot be spread). generate(SEED) is unchanged by it."""
    p = Program(seed)
    if p.ntu != 1 or not p.spread(random.Random("split-%d" % seed)):
        return None
    return p.files()
