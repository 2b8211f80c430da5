"""mini-gmp, from GMP's Debian source package: a big-number workload of
ours, and mini-gmp's own tests."""

import os

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import CORPUS, _digest, own_unit, test_checks

# mini-mpq.c 6.2.1 uses GMP_LIMB_MAX, which only mini-gmp.c defines: it
# builds when #included after mini-gmp.c (as the tests do), not as a unit
# of its own (the way mini-gmp's README allows too) without the definition.
MPQ_FLAGS = ["-DGMP_LIMB_MAX=((mp_limb_t) ~ (mp_limb_t) 0)"]


class MiniGmpBase(DebianProject):
    package, version = "gmp", "2:6.2.1+dfsg1-1.1"
    orig = "gmp_6.2.1+dfsg1.orig.tar.xz"
    sha256 = "471b9e463e04362a0124f215afc5f0a4b99caedeeb62634c61bbc12988efa64c"

    def setup(self, root):
        return os.path.join(root, "mini-gmp")


class MiniGmp(MiniGmpBase):
    """mini-gmp (mini-gmp.c, mini-mpq.c: GMP's small portable C subset,
    schoolbook algorithms) and bench/corpus/mini-gmp/compute.c."""
    name = "mini-gmp"
    program_names = ["mini-gmp"]
    FLAGS = ["-DNDEBUG"]
    SCALE = 5

    def units(self, src):
        return [Unit("mini-gmp.c", self.FLAGS, name="minigmp_gmp"),
                Unit("mini-mpq.c", self.FLAGS + MPQ_FLAGS,
                     name="minigmp_mpq"),
                own_unit(os.path.join(CORPUS, "mini-gmp", "compute.c"),
                         self.FLAGS + ["-I", "."], "minigmp_compute")]

    def programs(self, src, ctx):
        runs = [("scale-1", ["1"]), ("scale-%d" % self.SCALE,
                                     [str(self.SCALE)])]

        def check(ctx, variant, binpath):
            out = {}
            for name, argv in runs:
                rc, text = run_capture([binpath["compute"]] + argv)
                out[name] = (rc == 0 and b"\nharmonic denominator" in text
                             and b"pi: " in text, (rc, _digest(text)))
            return out

        return [Program(
            "mini-gmp", [Binary("compute", ["minigmp_compute", "minigmp_gmp",
                                            "minigmp_mpq"], ["-lm"])],
            check, lambda b, w: ([b["compute"], str(self.SCALE)], None),
            compare=True,
            describe="mini-gmp 6.2.1 (mini-gmp.c, mini-mpq.c) with "
            "bench/corpus/mini-gmp/compute.c",
            workload_text="compute %d: 12,500 digits of pi (Chudnovsky) "
            "and 7,500 of e, factorials, binomials, Fibonacci, roots, "
            "probable primes, powm, a harmonic sum in rationals" %
            self.SCALE)]


class MiniGmpTests(MiniGmpBase):
    """mini-gmp's own tests (mini-gmp/tests/Makefile's CHECK_PROGRAMS):
    each checks mini-gmp, which testutils.c #includes, against random
    operands and GMP's results (hex-random.c, Debian's libgmp-dev), with
    its fixed seed (GMP_CHECK_RANDOMIZE unset)."""
    name = "mini-gmp-tests"
    program_names = ["mini-gmp-tests"]
    # The tests link Debian's libgmp, the host's only (an arm64 one would
    # need dpkg's multiarch).
    targets = ("x86_64",)
    TESTS = ["t-add", "t-sub", "t-mul", "t-invert", "t-div", "t-div_2exp",
             "t-double", "t-cmp_d", "t-gcd", "t-lcm", "t-import", "t-comb",
             "t-signed", "t-sqrt", "t-root", "t-powm", "t-logops",
             "t-bitops", "t-scan", "t-str", "t-reuse", "t-aorsmul",
             "t-limbs", "t-cong", "t-pprime_p", "t-lucm", "t-mpq_addsub",
             "t-mpq_muldiv", "t-mpq_muldiv_2exp", "t-mpq_str",
             "t-mpq_double"]
    MISC = ["hex-random", "mini-random", "testutils"]
    # The Makefile's LIBS (-lmcheck: glibc's malloc consistency checks).
    LIBS = ["-lgmp", "-lm", "-lmcheck"]

    def units(self, src):
        # The Makefile's CFLAGS are -O -g: no NDEBUG, the tests assert.
        return [Unit("tests/%s.c" % f, [], name="minigmpt_" + f)
                for f in self.MISC + self.TESTS]

    def programs(self, src, ctx):
        misc = ["minigmpt_" + f for f in self.MISC]
        tests = [Binary(t, ["minigmpt_" + t] + misc, self.LIBS)
                 for t in self.TESTS]

        def check(ctx, variant, binpath):
            return test_checks(ctx, binpath, self.TESTS,
                               ctx.path("work", "mini-gmp-tests",
                                        variant.key))

        return [Program(
            "mini-gmp-tests", tests, check,
            lambda b, w: ([b["t-div"]], None), text="sum", timed="t-div",
            describe="mini-gmp 6.2.1's %d test programs, mini-gmp "
            "#included by testutils.c, GMP's results from Debian's libgmp "
            "(.text: their sum)" % len(tests),
            workload_text="t-div, mini-gmp's test of its divisions "
            "(10,000 random pairs up to 400 bits, ceiling, floor and "
            "truncating, checked against GMP)")]


# The recipes of this module, and where they come in the tables.
ORDER = 430
PROJECTS = [MiniGmp(), MiniGmpTests()]
