"""RE2 and abseil: their tests and benchmarks (npm).

On the host they link Debian's native GoogleTest and benchmark libraries
(libgtest-dev, libgmock-dev, libbenchmark-dev). For another target
(aarch64) those libraries are built here from Debian's googletest and
benchmark source packages, pinned as the corpus's Debian sources are
(debsrc.py): compiled for the target with the target's clang flags at -O2,
not LTO, into static archives the test programs link, as they link
Debian's prebuilt ones on the host."""

import concurrent.futures
import hashlib
import os
import subprocess

import debsrc
import harness
from harness import (BenchError, Binary, Program, Project, Unit, log,
                     run_capture)
from projects.common import GMOCK, GTEST, test_checks


class SystemLibrary(debsrc.DebianProject):
    """A library Debian ships prebuilt for its own architecture, built here
    from its source package for a target Debian's native archives are not
    for. ARCHIVES: {archive: [(source, flags)]} (paths in the unpacked
    orig tarball); INCLUDE: its public headers' directories. Not a recipe
    of the corpus (in no PROJECTS): what the recipes' programs link."""
    ARCHIVES = {}
    INCLUDE = []
    # Debian's own builds are -O2 (dpkg-buildflags); no LTO: they stand
    # for archives built once, outside the link that is measured.
    FLAGS = ["-O2", "-pthread"]

    def __init__(self, recipe):
        self.recipe = recipe  # where its objects go: obj-TARGET/RECIPE/

    def include_flags(self, root):
        out = []
        for d in self.INCLUDE:
            out += ["-isystem", os.path.join(root, d)]
        return out

    def build(self, ctx):
        """The target's static archives, compiled once (cached by command,
        as compile_all's objects are): {archive: path}."""
        root = self.fetch_source(ctx)
        outdir = ctx.path("obj", self.recipe, "%s-%s" % (self.package,
                                                         self.version))
        os.makedirs(outdir, exist_ok=True)
        objs, todo = {}, []
        for name, sources in sorted(self.ARCHIVES.items()):
            for f, flags in sources:
                cmd = [harness.CLANGXX] + harness.TARGET.clang_flags + \
                    self.FLAGS + flags + ["-w", "-c", os.path.join(root, f)]
                key = hashlib.sha1(" ".join(cmd).encode()).hexdigest()[:10]
                obj = os.path.join(outdir, "%s-%s.o" % (
                    os.path.basename(f)[:-3], key))
                objs.setdefault(name, []).append(obj)
                if not os.path.exists(obj):
                    todo.append((cmd, obj))
        if todo:
            log("[%s] compile %d objects of %s %s for %s (-O2, no LTO)" % (
                self.recipe, len(todo), self.package, self.version,
                harness.TARGET.name))

        def one(item):
            cmd, obj = item
            r = subprocess.run(cmd + ["-o", obj + ".tmp.o"], cwd=root,
                               stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
            if r.returncode:
                raise BenchError("compile failed: %s\n%s" % (
                    " ".join(cmd), r.stdout.decode(errors="replace")[-3000:]))
            os.replace(obj + ".tmp.o", obj)

        with concurrent.futures.ThreadPoolExecutor(ctx.jobs) as ex:
            for f in [ex.submit(one, item) for item in todo]:
                f.result()
        out = {}
        for name, files in objs.items():
            key = hashlib.sha1(" ".join(files).encode()).hexdigest()[:10]
            path = os.path.join(outdir, "lib%s-%s.a" % (name, key))
            if not os.path.exists(path):
                harness.run([harness.llvm_tool("llvm-ar"), "rcs",
                             path + ".tmp.a"] + files)
                os.replace(path + ".tmp.a", path)
            out[name] = path
        return out


class GoogleTest(SystemLibrary):
    """GoogleTest and GoogleMock, as Debian's libgtest-dev and
    libgmock-dev ship them: gtest-all.cc in libgtest.a, gtest_main.cc in
    libgtest_main.a, gmock-all.cc in libgmock.a (without gtest: Debian's
    0006-Separate-GTest-and-GMock-targets), gmock_main.cc in
    libgmock_main.a; GTEST_HAS_PTHREAD=1 as its CMake build defines."""
    name = "googletest"
    package, version = "googletest", "1.12.1-0.2"
    orig = "googletest_1.12.1.orig.tar.gz"
    sha256 = "81964fe578e9bd7c94dfdb09c8e4d6e6759e19967e397dbea48d1c10e45d0df2"
    INCLUDE = ["googletest/include", "googlemock/include"]
    _GT = ["-DGTEST_HAS_PTHREAD=1", "-I", "googletest/include", "-I",
           "googletest"]
    _GM = _GT + ["-I", "googlemock/include", "-I", "googlemock"]
    ARCHIVES = {"gtest": [("googletest/src/gtest-all.cc", _GT)],
                "gtest_main": [("googletest/src/gtest_main.cc", _GT)],
                "gmock": [("googlemock/src/gmock-all.cc", _GM)],
                "gmock_main": [("googlemock/src/gmock_main.cc", _GM)]}


class GoogleBenchmark(SystemLibrary):
    """Google's benchmark library: src/*.cc in libbenchmark.a (Debian's is
    a shared library on the host), benchmark_main.cc in
    libbenchmark_main.a; the defines its CMake feature checks give on
    glibc (std::regex, POSIX regex, steady_clock), no libpfm."""
    name = "benchmark"
    package, version = "benchmark", "1.7.1-1"
    orig = "benchmark_1.7.1.orig.tar.gz"
    sha256 = "6430e4092653380d9dc4ccb45a1e2dc9259d581f4866dc0759713126056bc1d7"
    INCLUDE = ["include"]
    _F = ["-std=c++17", "-DHAVE_STD_REGEX", "-DHAVE_POSIX_REGEX",
          "-DHAVE_STEADY_CLOCK", "-DBENCHMARK_STATIC_DEFINE", "-I",
          "include"]
    _SRC = ["benchmark", "benchmark_api_internal", "benchmark_name",
            "benchmark_register", "benchmark_runner", "check", "colorprint",
            "commandlineflags", "complexity", "console_reporter", "counter",
            "csv_reporter", "json_reporter", "perf_counters", "reporter",
            "sleep", "statistics", "string_util", "sysinfo", "timers"]
    ARCHIVES = {"benchmark": list(zip(["src/%s.cc" % f for f in _SRC],
                                      [_F] * len(_SRC))),
                "benchmark_main": [("src/benchmark_main.cc", _F)]}


class Re2(Project):
    """re2 and the abseil-cpp it vendors, with their tests (GoogleTest from
    Debian's libgtest-dev/libgmock-dev, native archives; on another target
    built from Debian's sources, SystemLibrary)."""
    name = "re2"
    package, version = "re2", "1.21.4"
    sha256 = "9085f5013280cc1b3ea64e65ad6151012711ef73fed665eb921ee9e0ef791e71"
    program_names = ["re2-tests", "re2-benchmark", "abseil-tests"]
    # Its programs link Debian's libgtest, libgmock and libbenchmark, which
    # this machine has for itself only; for aarch64 they are built from
    # Debian's sources (SystemLibrary).
    targets = ("x86_64", "aarch64")
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

    def fetch_source(self, ctx):
        """npm's tarball, as harness.fetch gets any; and for a target other
        than the host, the sources of GoogleTest and benchmark, whose
        headers the test units compile with (units) and whose archives
        they link (programs)."""
        class Npm:
            name, package, version = self.name, self.package, self.version
            sha256 = self.sha256

            def setup(self, root):
                return root

        self.libs = None
        if not harness.TARGET.native:
            self.libs = [GoogleTest(self.name), GoogleBenchmark(self.name)]
            self.lib_include = []
            for lib in self.libs:
                self.lib_include += lib.include_flags(lib.fetch_source(ctx))
        return harness.fetch(ctx, Npm())

    def units(self, src):
        std = ["-std=c++17", "-pthread"]
        aflags = std + ["-I", "abseil-cpp"]
        rflags = std + ["-I", "re2", "-I", "abseil-cpp"]
        # The tests' (re2t_, abslt_): on the host, /usr/include's gtest
        # and benchmark headers; otherwise those of the sources built.
        tflags = []
        if getattr(self, "libs", None):
            tflags = self.lib_include
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
            units.append(Unit("re2/re2/testing/%s.cc" % f, rflags + tflags,
                              name="re2t_" + f))
            self.testing.append("re2t_" + f)
        units.append(Unit("re2/util/pcre.cc", rflags + tflags,
                          name="re2t_pcre"))
        self.testing.append("re2t_pcre")
        for t in self.RE2_TESTS + ["regexp_benchmark"]:
            units.append(Unit("re2/re2/testing/%s.cc" % t, rflags + tflags,
                              name="re2t_" + t))
        for t in self.ABSL_TESTS:
            units.append(Unit("abseil-cpp/absl/%s.cc" % t, aflags + tflags,
                              name="abslt_" + t.replace("/", "_")))
        return units

    def archives(self):
        return {"absl": self.absl, "re2": self.re2,
                "re2testing": self.testing}

    def programs(self, src, ctx):
        gtest, gmock = GTEST, GMOCK
        benchlibs = ["-lbenchmark_main", "-lbenchmark"] + GTEST[1:]
        # The host's: Debian's native archives (libbenchmark: shared).
        where, bwhere = "", "; Debian's libbenchmark"
        if getattr(self, "libs", None):
            # The same archives, built for the target: -lNAME -> the path.
            built = {}
            for lib in self.libs:
                built.update(lib.build(ctx))

            def paths(flags):
                return [built.get(f[2:], f) if f.startswith("-l") else f
                        for f in flags]
            gtest, gmock, benchlibs = paths(gtest), paths(gmock), \
                paths(benchlibs)
            where = "; GoogleTest built from Debian's googletest %s " \
                "source (-O2, no LTO, static)" % self.libs[0].version
            bwhere = "; benchmark and GoogleTest built from Debian's " \
                "benchmark %s and googletest %s sources (-O2, no LTO, " \
                "static)" % (self.libs[1].version, self.libs[0].version)
        re2libs = ["lib:re2testing", "lib:re2", "lib:absl"]
        re2_tests = [Binary(t, ["re2t_" + t] + re2libs, gtest, cxx=True)
                     for t in self.RE2_TESTS]
        absl_tests = [Binary(os.path.basename(t),
                             ["abslt_" + t.replace("/", "_"), "lib:absl"],
                             gmock, cxx=True) for t in self.ABSL_TESTS]
        bench = Binary("regexp_benchmark", ["re2t_regexp_benchmark"] +
                       re2libs, benchlibs, cxx=True)

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
                    "programs (.text: their sum%s)" % (
                        len(self.re2), len(re2_tests), where)),
            Program("re2-benchmark", [bench], bench_check,
                    lambda b, w: ([b["regexp_benchmark"]] + bench_argv, None),
                    describe="re2's regexp_benchmark (%s)" % bwhere[2:],
                    workload_text="regexp_benchmark, 30 benchmarks of all "
                    "engines, one iteration each, 3 repetitions "
                    "(`--benchmark_min_time=0 --benchmark_repetitions=3`)"),
            Program("abseil-tests", absl_tests,
                    checks_of(absl_tests, "abseil-tests"), text="sum",
                    timed="flat_hash_map_test",
                    describe="abseil-cpp (%d library sources): %d gtest "
                    "suites: %s (.text: their sum%s)" % (
                        len(self.absl), len(absl_tests),
                        ", ".join(os.path.basename(t)
                                  for t in self.ABSL_TESTS), where)),
        ]


# The recipes of this module, and where they come in the tables.
ORDER = 40
PROJECTS = [Re2()]
