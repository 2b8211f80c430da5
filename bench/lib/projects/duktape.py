"""Duktape (Debian)."""

import os

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import CORPUS, _digest

# Makefile.cmdline, which debian/rules builds duk with: the amalgamated
# src/duktape.c with its default duk_config.h, and duk_cmdline.c with the
# print/alert, console, logging and Duktape 1.x module loader extras
# (without linenoise, off there too). Debian's hardening patch (-fPIE,
# _FORTIFY_SOURCE, relro) is not applied.
EXTRAS = [("PRINTALERT", "print-alert", "duk_print_alert"),
          ("CONSOLE", "console", "duk_console"),
          ("LOGGING", "logging", "duk_logging"),
          ("MODULE", "module-duktape", "duk_module_duktape")]
FLAGS = ["-std=c99", "-fstrict-aliasing", "-I", "examples/cmdline",
         "-I", "src"]
for _macro, _dir, _ in EXTRAS:
    FLAGS += ["-DDUK_CMDLINE_%s_SUPPORT" % _macro, "-I", "extras/" + _dir]


class Duktape(DebianProject):
    """The Duktape 2.7.0 JavaScript engine (ES5.1 with some ES2015+: a
    one-pass recursive-descent compiler to bytecode, its interpreter,
    refcounting and mark-and-sweep GC, its own regexp compiler and
    matcher, number conversions and JSON/JX/JC codecs), as the duk command
    line, running the scripts of bench/corpus/duktape/."""
    name = "duktape"
    package, version = "duktape", "2.7.0-2"
    orig = "duktape_2.7.0.orig.tar.xz"
    sha256 = "90f8d2fa8b5567c6899830ddef2c03f3c27960b11aca222fa17aa7ac613c2890"
    program_names = ["duktape"]
    LIBS = ["-lm"]
    # Each check runs lib.js first, in the same heap; each ends with
    # "failures: 0" and exits 0 when every known result came out.
    CHECKS = ["recursion", "closures", "objects", "strings", "regexp",
              "json", "exceptions", "numbers"]
    ROUNDS = 1

    def units(self, src):
        units = [Unit("src/duktape.c", FLAGS, name="duk_duktape"),
                 Unit("examples/cmdline/duk_cmdline.c", FLAGS,
                      name="duk_cmdline")]
        units += [Unit("extras/%s/%s.c" % (d, f), FLAGS, name=f)
                  for _, d, f in EXTRAS]
        self.objs = [u.name for u in units]
        return units

    def programs(self, src, ctx):
        d = os.path.join(CORPUS, "duktape")

        def argv(binpath, rounds):
            return [binpath["duk"], "-e", "var ROUNDS = %d" % rounds,
                    os.path.join(d, "lib.js"), os.path.join(d, "bench.js")]

        def check(ctx, variant, binpath):
            out = {}
            for name in self.CHECKS:
                # In bench/corpus/duktape/: the names in stack traces are
                # the same on every machine.
                rc, text = run_capture([binpath["duk"], "lib.js",
                                        name + ".js"], cwd=d)
                out[name] = (rc == 0 and text.endswith(b"\nfailures: 0\n"),
                             (rc, _digest(text)))
            # The workload's round and the next (a round's generated
            # data comes from its own seed).
            rc, text = run_capture(argv(binpath, 2))
            out["bench-2"] = (rc == 0 and text.endswith(b"\nfailures: 0\n")
                              and b"\nround 1\n" in text,
                              (rc, _digest(text)))
            # An uncaught error: exit 1, the error and its stack trace.
            rc, text = run_capture([binpath["duk"], "uncaught.js"], cwd=d)
            out["uncaught"] = (
                rc == 1 and b"TypeError: deep 3,6,9" in text and
                b"at f (uncaught.js:8)" in text and
                b"not reached" not in text, (rc, _digest(text)))
            # -e, the Duktape object, the console and logging extras and
            # the module loader (require through Duktape.modSearch).
            rc, text = run_capture([
                binpath["duk"], "-e",
                "Duktape.modSearch = function (id) { return 'exports.n = "
                "\"' + id + '\".length * 6;'; }; "
                "console.log(Duktape.version, Duktape.enc('hex', 'duk'), "
                "Duktape.enc('base64', 'duktape'), [3, 1, 2].sort().join(), "
                "typeof Duktape.Logger, require('answer').n)"])
            out["eval"] = (rc == 0 and text == b"20700 64756b ZHVrdGFwZQ== "
                           b"1,2,3 function 36\n", (rc, _digest(text)))
            return out

        return [Program(
            "duktape",
            [Binary("duk", self.objs, self.LIBS)],
            check, lambda b, w: (argv(b, self.ROUNDS), None),
            compare=True,
            describe="duk, the Duktape 2.7.0 command line (src/duktape.c, "
            "duk_cmdline.c and %d extras; Makefile.cmdline's build)" %
            len(EXTRAS),
            workload_text="bench/corpus/duktape/bench.js, %d round: a "
            "small Lisp (reader, recursive evaluator, closures) running "
            "fib, tak, quicksort, count-change and n-queens, binary trees, "
            "a search tree, a recursive-descent parser of generated "
            "arithmetic, JSON round trips, merge sorts with comparators; "
            "checks: %d scripts (%s), each with its known results and "
            "output as the baseline's, the workload at 2 rounds, an "
            "uncaught error, -e with require" % (
                self.ROUNDS, len(self.CHECKS), ", ".join(self.CHECKS)))]


# The recipes of this module, and where they come in the tables.
ORDER = 215
PROJECTS = [Duktape()]
