"""TinyScheme (Debian)."""

import os
import shutil

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import CORPUS, _digest


class TinyScheme(DebianProject):
    """The TinyScheme 1.42 interpreter (scheme.c: reader, eval/apply as
    one big opcode dispatch, mark-and-sweep GC; dynload.c), running
    init.scm and bench/corpus/tinyscheme/bench.scm."""
    name = "tinyscheme"
    package, version = "tinyscheme", "1.42.svn.2020.06.04-2"
    orig = "tinyscheme_1.42.svn.2020.06.04.orig.tar.xz"
    sha256 = "95d1a25e4e8427bbd47a737b112a07f472224ea9ba59d682659450b61c476356"
    program_names = ["tinyscheme"]
    # debian/Makefile's CPPFLAGS but InitFile (init.scm of the working
    # directory, the upstream default) and INLINE=inline (C99 inline
    # definitions that Debian's gcc5 patch, not applied here, makes
    # external).
    FLAGS = ["-DSUN_DL=1", "-DUSE_DL=1", "-DUSE_MATH=1",
             "-DUSE_ASCII_NAMES=0", "-DUSE_PLIST=1"]
    LIBS = ["-ldl", "-lm"]
    ROUNDS = 2

    def units(self, src):
        return [Unit(f + ".c", self.FLAGS, name="ts_" + f)
                for f in ("scheme", "dynload")]

    def programs(self, src, ctx):
        bench = os.path.join(CORPUS, "tinyscheme", "bench.scm")

        def argv(binpath, rounds):
            # init.scm is read from the working directory first.
            return [binpath["tinyscheme"], "-1", bench, str(rounds)]

        def check(ctx, variant, binpath):
            out = {}
            for rounds in (1, self.ROUNDS):
                rc, text = run_capture(argv(binpath, rounds), cwd=src)
                # bench.scm quits with 1 on a wrong result; running out of
                # cells prints "No memory!" and exits 0: the last line
                # must be there.
                out["bench-%d" % rounds] = (
                    rc == 0 and text.endswith(b"\nfailures: 0\n"),
                    (rc, _digest(text)))
            # init.scm's own definitions at work: the reader, macros,
            # quasiquote, named let.
            rc, text = run_capture(
                [binpath["tinyscheme"], "-c",
                 "(display (list (gcd 12 18) (lcm 4 6) (max 1 5 3) "
                 "(number->string 255 16) (string->number \"ff\" 16) "
                 "(exact->inexact 3) (sqrt 16) (list-tail '(1 2 3 4) 2) "
                 "(append '(1) '(2) '(3 4)) (assoc 2 '((1 . a) (2 . b))) "
                 "(let loop ((i 0) (a '())) (if (= i 5) a "
                 "(loop (+ i 1) (cons `(,i ,@(list i i)) a))))))"
                 "(newline)"], cwd=src)
            out["init-scm"] = (rc == 0 and text.startswith(b"(6 12 5 "),
                               (rc, _digest(text)))
            return out

        def workload(binpath, workdir):
            shutil.copyfile(os.path.join(src, "init.scm"),
                            os.path.join(workdir, "init.scm"))
            return argv(binpath, self.ROUNDS), None

        return [Program(
            "tinyscheme",
            [Binary("tinyscheme", ["ts_scheme", "ts_dynload"], self.LIBS)],
            check, workload, compare=True,
            describe="the TinyScheme 1.42 interpreter (scheme.c, "
            "dynload.c; debian/Makefile's features)",
            workload_text="bench/corpus/tinyscheme/bench.scm, %d rounds: "
            "tak, fib, ackermann, n-queens, merge/quick/insertion sorts of "
            "lists, binary trees, association lists, closures, call/cc, "
            "init.scm's macros; checks: the known results, output as the "
            "baseline's" % self.ROUNDS)]


# The recipes of this module, and where they come in the tables.
ORDER = 65
PROJECTS = [TinyScheme()]
