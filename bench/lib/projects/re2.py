"""RE2 and abseil: their tests and benchmarks (npm)."""

import os

from harness import Binary, Program, Project, Unit, run_capture
from projects.common import GMOCK, GTEST, test_checks


class Re2(Project):
    """re2 and the abseil-cpp it vendors, with their tests (GoogleTest from
    Debian's libgtest-dev/libgmock-dev, native archives)."""
    name = "re2"
    package, version = "re2", "1.21.4"
    sha256 = "9085f5013280cc1b3ea64e65ad6151012711ef73fed665eb921ee9e0ef791e71"
    program_names = ["re2-tests", "re2-benchmark", "abseil-tests"]
    # Its programs link Debian's libgtest, libgmock and libbenchmark, which
    # this machine has for itself only (arm64 ones would need dpkg's
    # multiarch): x86-64 alone.
    targets = ("x86_64",)
    # re2's CMake TEST_TARGETS without the long-running ones (dfa_test,
    # exhaustive*_test, random_test).
    RE2_TESTS = ["charclass_test", "compile_test", "filtered_re2_test",
                 "mimics_pcre_test", "parse_test", "possible_match_test",
                 "re2_test", "re2_arg_test", "regexp_test",
                 "required_prefix_test", "search_test", "set_test",
                 "simplify_test", "string_generator_test"]
    RE2_TESTING = ["backtrack", "dump", "exhaustive_tester", "null_walker",
                   "regexp_generator", "string_generator", "tester"]
    # abseil's gtest suites: containers, strings, hashing.
    ABSL_TESTS = ["container/flat_hash_map_test",
                  "container/flat_hash_set_test",
                  "container/node_hash_map_test",
                  "container/inlined_vector_test",
                  "container/fixed_array_test",
                  "strings/str_cat_test", "strings/str_split_test",
                  "strings/numbers_test", "strings/match_test",
                  "strings/str_replace_test", "strings/ascii_test",
                  "hash/hash_test"]
    # Every engine: DFA, NFA, one-pass, bit-state, backtracker; no threads.
    BENCH_FILTER = (
        "^(Search_(Easy1|Medium|Hard|Fanout)_CachedDFA/2097152|"
        "Search_(Easy1|Medium|Hard)_CachedNFA/32768|"
        "Search_AltMatch_Cached(OnePass|BitState)/32768|"
        "Parse_Cached(Digits|Split|DigitDs|SplitHard)_"
        "(RE2|NFA|BitState|OnePass|Backtrack)|"
        "FullMatch_DotStar.*_CachedRE2/2097152)(/threads:1)?$")

    def setup(self, root):
        return os.path.join(root, "vendor")

    def units(self, src):
        std = ["-std=c++17", "-pthread"]
        aflags = std + ["-I", "abseil-cpp"]
        rflags = std + ["-I", "re2", "-I", "abseil-cpp"]
        units = []
        self.absl = []
        adir = os.path.join(src, "abseil-cpp")
        for dirpath, _, files in os.walk(os.path.join(adir, "absl")):
            for f in sorted(files):
                if not f.endswith(".cc") or f.endswith("_test.cc") or \
                        "benchmark" in f or f.endswith("gentables.cc"):
                    continue
                path = os.path.join(dirpath, f)
                with open(path, errors="replace") as fh:
                    if "int main(" in fh.read():
                        continue  # a program of its own
                rel = os.path.relpath(path, src)
                name = rel[len("abseil-cpp/"):-3].replace("/", "_")
                units.append(Unit(rel, aflags, name=name))
                self.absl.append(name)
        self.absl.sort()
        self.re2 = []
        for f in sorted(os.listdir(os.path.join(src, "re2", "re2"))):
            if f.endswith(".cc"):
                units.append(Unit("re2/re2/" + f, rflags, name="re2_" + f[:-3]))
                self.re2.append("re2_" + f[:-3])
        for f in ("rune", "strutil"):
            units.append(Unit("re2/util/%s.cc" % f, rflags, name="re2u_" + f))
            self.re2.append("re2u_" + f)
        self.testing = []
        for f in self.RE2_TESTING:
            units.append(Unit("re2/re2/testing/%s.cc" % f, rflags,
                              name="re2t_" + f))
            self.testing.append("re2t_" + f)
        units.append(Unit("re2/util/pcre.cc", rflags, name="re2t_pcre"))
        self.testing.append("re2t_pcre")
        for t in self.RE2_TESTS + ["regexp_benchmark"]:
            units.append(Unit("re2/re2/testing/%s.cc" % t, rflags,
                              name="re2t_" + t))
        for t in self.ABSL_TESTS:
            units.append(Unit("abseil-cpp/absl/%s.cc" % t, aflags,
                              name="abslt_" + t.replace("/", "_")))
        return units

    def archives(self):
        return {"absl": self.absl, "re2": self.re2,
                "re2testing": self.testing}

    def programs(self, src, ctx):
        re2libs = ["lib:re2testing", "lib:re2", "lib:absl"]
        re2_tests = [Binary(t, ["re2t_" + t] + re2libs, GTEST, cxx=True)
                     for t in self.RE2_TESTS]
        absl_tests = [Binary(os.path.basename(t),
                             ["abslt_" + t.replace("/", "_"), "lib:absl"],
                             GMOCK, cxx=True) for t in self.ABSL_TESTS]
        bench = Binary("regexp_benchmark", ["re2t_regexp_benchmark"] +
                       re2libs, ["-lbenchmark_main", "-lbenchmark"] + GTEST[1:],
                       cxx=True)

        def checks_of(binaries, name):
            names = [b.name for b in binaries]

            def check(ctx, variant, binpath):
                return test_checks(ctx, binpath, names,
                                   ctx.path("work", name, variant.key))
            return check

        # One iteration of each benchmark per repetition
        # (--benchmark_min_time=0): the same work on every run, so that
        # callgrind's count is repeatable.
        bench_argv = ["--benchmark_filter=" + self.BENCH_FILTER,
                      "--benchmark_min_time=0", "--benchmark_repetitions=3"]

        def bench_check(ctx, variant, binpath):
            rc, text = run_capture([binpath["regexp_benchmark"]] +
                                   bench_argv)
            return {"regexp_benchmark runs": (rc == 0, None)}

        return [
            Program("re2-tests", re2_tests, checks_of(re2_tests, "re2-tests"),
                    text="sum", timed="re2_test",
                    describe="re2 (%d sources) with abseil: %d of re2's gtest "
                    "programs (.text: their sum)" % (len(self.re2),
                                                     len(re2_tests))),
            Program("re2-benchmark", [bench], bench_check,
                    lambda b, w: ([b["regexp_benchmark"]] + bench_argv, None),
                    describe="re2's regexp_benchmark (Debian's "
                    "libbenchmark)",
                    workload_text="regexp_benchmark, 30 benchmarks of all "
                    "engines, one iteration each, 3 repetitions "
                    "(`--benchmark_min_time=0 --benchmark_repetitions=3`)"),
            Program("abseil-tests", absl_tests,
                    checks_of(absl_tests, "abseil-tests"), text="sum",
                    timed="flat_hash_map_test",
                    describe="abseil-cpp (%d library sources): %d gtest "
                    "suites: %s (.text: their sum)" % (
                        len(self.absl), len(absl_tests),
                        ", ".join(os.path.basename(t)
                                  for t in self.ABSL_TESTS))),
        ]


# The recipes of this module, and where they come in the tables.
ORDER = 40
PROJECTS = [Re2()]
