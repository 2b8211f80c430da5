"""{fmt} (Debian's fmtlib): its own gtest suite and a formatting workload
of ours."""

import os

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import CORPUS, GMOCK, _digest, own_unit, test_checks

# Debian's gmock and gtest archives, without their main(): fmt's
# test-main.cc has its own.
GMOCK_LIBS = [lib for lib in GMOCK if not lib.endswith("_main")]


class Fmtlib(DebianProject):
    """{fmt} 9.1, template-heavy C++: the library (src/format.cc, os.cc),
    the test programs of test/CMakeLists.txt and bench/corpus/fmtlib/
    bench.cc. Debian's +ds1 tarball drops the bundled googletest: the
    tests link Debian's libgtest-dev/libgmock-dev, as re2's do."""
    name = "fmtlib"
    package, version = "fmtlib", "9.1.0+ds1-2"
    orig = "fmtlib_9.1.0+ds1.orig.tar.gz"
    sha256 = "84ce1c2d0be3a9863935137969dcec6970125caac032f82474640bfc81463583"
    program_names = ["fmtlib"]
    # The tests link Debian's gtest and gmock archives, native x86-64 ones
    # only (arm64 ones would need dpkg's multiarch).
    targets = ("x86_64",)
    # CMake's defaults: clang's own C++ standard (gnu++17; gtest 1.12
    # needs C++14), a release build. test/ for the tests' own headers.
    FLAGS = ["-std=c++17", "-DNDEBUG", "-I", "include", "-I", "test"]
    # add_fmt_test(NAME [more sources]) of test/CMakeLists.txt, linked with
    # test-main (test-main.cc, gtest-extra.cc, util.cc) and the library.
    # Left out: enforce-checks-test (a compile-time test with its own
    # main, nothing to run) and module-test (C++20 modules).
    TESTS = {"args-test": [], "assert-test": [], "chrono-test": [],
             "color-test": [], "core-test": [], "gtest-extra-test": [],
             "format-test": [], "ostream-test": [], "compile-test": [],
             "printf-test": [], "ranges-test": ["ranges-odr-test"],
             "scan-test": [], "std-test": [], "xchar-test": [],
             "os-test": []}
    # add_fmt_test(NAME HEADER_ONLY ...): fmt-header-only
    # (FMT_HEADER_ONLY=1 for every source), test-main's sources and
    # src/os.cc compiled into the test.
    HEADER_ONLY = {"format-impl-test": ["header-only-test"],
                   "compile-fp-test": [], "unicode-test": []}
    TEST_MAIN = ["test-main", "gtest-extra", "util"]
    ROUNDS = 40

    def units(self, src):
        ho = self.FLAGS + ["-DFMT_HEADER_ONLY=1"]
        units = [Unit("src/format.cc", self.FLAGS, name="fmt_format"),
                 Unit("src/os.cc", self.FLAGS, name="fmt_os"),
                 Unit("src/os.cc", ho, name="fmtho_os")]
        for f in self.TEST_MAIN:
            units.append(Unit("test/%s.cc" % f, self.FLAGS,
                              name="fmtt_" + f))
            units.append(Unit("test/%s.cc" % f, ho, name="fmttho_" + f))
        for t, more in sorted(self.TESTS.items()):
            for f in [t] + more:
                units.append(Unit("test/%s.cc" % f, self.FLAGS,
                                  name="fmtt_" + f))
        for t, more in sorted(self.HEADER_ONLY.items()):
            for f in [t] + more:
                units.append(Unit("test/%s.cc" % f, ho, name="fmttho_" + f))
        # posix-mock-test: its own copy of src/format.cc and the test-main
        # sources, os.cc included by the test itself, no library.
        units.append(Unit("test/posix-mock-test.cc", self.FLAGS,
                          name="fmtt_posix-mock-test"))
        units.append(own_unit(os.path.join(CORPUS, "fmtlib", "bench.cc"),
                              self.FLAGS, "fmt_bench"))
        return units

    def programs(self, src, ctx):
        lib = ["fmt_format", "fmt_os"]
        main = ["fmtt_" + f for f in self.TEST_MAIN]
        tests = [Binary(t, ["fmtt_" + f for f in [t] + more] + main + lib,
                        GMOCK_LIBS, cxx=True)
                 for t, more in sorted(self.TESTS.items())]
        tests += [Binary(t, ["fmttho_" + f for f in [t] + more] +
                         ["fmttho_" + f for f in self.TEST_MAIN] +
                         ["fmtho_os"], GMOCK_LIBS, cxx=True)
                  for t, more in sorted(self.HEADER_ONLY.items())]
        tests.append(Binary("posix-mock-test",
                            ["fmtt_posix-mock-test", "fmt_format"] + main,
                            GMOCK_LIBS, cxx=True))
        bench = Binary("fmt-bench", ["fmt_bench"] + lib, cxx=True)
        names = [b.name for b in tests]
        runs = [("bench-1", ["1"]), ("bench-%d" % self.ROUNDS,
                                     [str(self.ROUNDS)])]

        def check(ctx, variant, binpath):
            # Every test program exits 0; the workload's output is the
            # baseline's (its hash covers every string it formats).
            out = test_checks(ctx, binpath, names,
                              ctx.path("work", "fmtlib", variant.key))
            for name, argv in runs:
                rc, text = run_capture([binpath["fmt-bench"]] + argv)
                out[name] = (rc == 0 and b"\nhash " in text,
                             (rc, _digest(text)))
            return out

        return [Program(
            "fmtlib", tests + [bench], check,
            lambda b, w: ([b["fmt-bench"], str(self.ROUNDS)], None),
            timed="format-test", text="sum", compare=True,
            describe="{fmt} 9.1.0 (src/format.cc, os.cc): %d of its gtest "
            "programs and bench/corpus/fmtlib/bench.cc (.text: their sum)"
            % len(tests),
            workload_text="bench/corpus/fmtlib/bench.cc, %d rounds of "
            "integers, floating point, strings, compiled formats, printf, "
            "ranges, chrono, colours and wide strings into a hash" %
            self.ROUNDS)]


# The recipes of this module, and where they come in the tables.
ORDER = 400
PROJECTS = [Fmtlib()]
