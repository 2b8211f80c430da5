"""MuJS (Debian)."""

import os
import shutil

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import CORPUS, _digest


class Mujs(DebianProject):
    """The MuJS 1.3.2 JavaScript interpreter (ES5: recursive-descent
    parser, bytecode compiler and interpreter, mark-and-sweep GC, its own
    regexp engine and dtoa), running bench/corpus/mujs/bench.js."""
    name = "mujs"
    package, version = "mujs", "1.3.2-1"
    orig = "mujs_1.3.2.orig.tar.xz"
    sha256 = "4886593fc688b0cdccd31e5ecbe5afe7ad1bee23aa69e667b871afd5dfc640c3"
    program_names = ["mujs"]
    # The Makefile's release build of the shell: SRCS (js*.c utf*.c
    # regexp.c) as separate objects rather than its one.c, and main.c
    # without HAVE_READLINE (main.c has its own line reader). Its limits
    # (jsi.h) as they are: a value stack of 256 slots.
    FLAGS = ["-std=c99"]
    LIBS = ["-lm"]
    ROUNDS = 1
    # An uncaught exception: exit 1, with the error and its stack trace.
    THROWS = ("function f(n) { if (n === 0) throw new TypeError('deep ' + "
              "[1,2,3].map(function (x) { return x * (n + 3); })); "
              "f(n - 1); }\n"
              "print(JSON.stringify({a: [1, {b: 'c'}], d: 1.5e300}));\n"
              "f(3);\nprint('not reached');\n")

    def units(self, src):
        files = sorted(f for f in os.listdir(src) if f.endswith(".c") and (
            f.startswith("js") or f.startswith("utf") or f == "regexp.c"))
        units = [Unit(f, self.FLAGS, name="mujs_" + f[:-2]) for f in files]
        self.lib = [u.name for u in units]
        return units + [Unit("main.c", self.FLAGS, name="mujs_main")]

    def programs(self, src, ctx):
        bench = os.path.join(CORPUS, "mujs", "bench.js")

        def check(ctx, variant, binpath):
            out = {}
            for rounds in (1, 2):
                rc, text = run_capture([binpath["mujs"], bench, str(rounds)])
                # bench.js quits with 1 on a wrong result.
                out["bench-%d" % rounds] = (
                    rc == 0 and text.endswith(b"\nfailures: 0\n"),
                    (rc, _digest(text)))
            wd = ctx.path("work", "mujs-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            with open(os.path.join(wd, "throws.js"), "w") as f:
                f.write(self.THROWS)
            rc, text = run_capture([binpath["mujs"], "throws.js"], cwd=wd)
            out["uncaught"] = (rc == 1 and b"TypeError: deep 3,6,9" in text
                               and b"not reached" not in text,
                               (rc, _digest(text)))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        return [Program(
            "mujs", [Binary("mujs", ["mujs_main"] + self.lib, self.LIBS)],
            check, lambda b, w: ([b["mujs"], bench, str(self.ROUNDS)], None),
            compare=True,
            describe="the MuJS 1.3.2 JavaScript shell (%d sources and "
            "main.c)" % len(self.lib),
            workload_text="bench/corpus/mujs/bench.js, %d round(s): binary "
            "trees, tak, fib, derangements, a recursive-descent expression "
            "parser, string processing and regular expressions, JSON both "
            "ways, sorts, closures and exceptions; checks: the known "
            "results, output as the baseline's, an uncaught exception" %
            self.ROUNDS)]


# The recipes of this module, and where they come in the tables.
ORDER = 66
PROJECTS = [Mujs()]
