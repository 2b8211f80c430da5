"""Build recipes of the corpus: explicit source lists and flags.

Every project is an npm package or a Debian source package (debsrc.py) at
a pinned version (sha256 of the tarball); nothing of it is kept in the
repository. The recipes here replace the projects' own build systems (gyp,
autotools, CMake, make): the same sources and defines, compiled once per
toolchain, linked once per variant.
"""

import glob
import hashlib
import os
import shutil
import struct
import tarfile

from debsrc import DebianProject
from harness import (Binary, Program, Project, Unit, log, run_capture)

BENCH = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(BENCH, "corpus")


def _digest(data):
    import hashlib
    return hashlib.sha256(data).hexdigest()


def script_checks(binpath, exe, scripts, argv_of, cwd=None, timeout=600):
    """Run each script; ok when it exits 0; result is what it printed."""
    out = {}
    for name, stdin in scripts:
        rc, text = run_capture([binpath[exe]] + argv_of(name), stdin,
                               cwd=cwd, timeout=timeout)
        out[name] = (rc == 0, (rc, _digest(text)))
    return out


def test_checks(ctx, binpath, tests, cwd_root, timeout=900, jobs=None,
                args=None, retries=2):
    """Run each test program; ok when it exits 0.

    A test that fails is run again, up to `retries` times: some of the
    projects' own tests depend on timing (leveldb's db_test on background
    compaction). One that passes on a retry counts as passed, with a note
    that the report prints; one that never passes is a failure."""
    import concurrent.futures
    import shutil
    out = {}

    def one(t):
        fails = []
        for attempt in range(1 + retries):
            wd = os.path.join(cwd_root, t)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            env = dict(os.environ, TEST_TMPDIR=wd, TMPDIR=wd)
            rc, text = run_capture([binpath[t]] + (args or {}).get(t, []),
                                   cwd=wd, timeout=timeout, env=env)
            shutil.rmtree(wd, ignore_errors=True)
            if rc == 0:
                break
            tail = text.decode(errors="replace").strip().splitlines()[-3:]
            fails.append("exit %s" % rc)
            log("    %s: exit %s (attempt %d): %s" % (
                t, rc, attempt + 1, " / ".join(line[:160] for line in tail)))
        note = None
        if rc == 0 and fails:
            note = "passed on attempt %d" % (len(fails) + 1)
        return t, rc == 0, note

    with concurrent.futures.ThreadPoolExecutor(jobs or ctx.jobs) as ex:
        for t, ok, note in ex.map(one, tests):
            out[t] = (ok, None, note)
    return out


# ---------------------------------------------------------------- sqlite3

class Sqlite(Project):
    name = "sqlite3"
    package, version = "sqlite3", "5.1.7"
    sha256 = "44cc9bdee02705a7b636f76968d745e21c1d0b2f1c62810c678bc3b0ececab1b"
    DEFINES = ["-DSQLITE_THREADSAFE=0", "-DSQLITE_ENABLE_FTS5",
               "-DSQLITE_ENABLE_RTREE", "-DSQLITE_ENABLE_MATH_FUNCTIONS",
               "-DSQLITE_ENABLE_DBSTAT_VTAB", "-DSQLITE_OMIT_LOAD_EXTENSION"]
    program_names = ["sqlite3"]
    SCRIPTS = ["basics", "functions", "fts_rtree", "recursive", "workload"]

    def setup(self, root):
        # The package carries the amalgamation as a nested tarball.
        tgz = glob.glob(os.path.join(root, "deps", "sqlite-autoconf-*.tar.gz"))
        if len(tgz) != 1:
            raise RuntimeError("sqlite3: no deps/sqlite-autoconf-*.tar.gz")
        src = tgz[0][:-len(".tar.gz")]
        if not os.path.exists(os.path.join(src, "shell.c")):
            with tarfile.open(tgz[0]) as tf:
                tf.extractall(os.path.dirname(src), filter="data")
        self.amalgamation = os.path.basename(src)
        return src

    def units(self, src):
        return [Unit("sqlite3.c", self.DEFINES), Unit("shell.c", self.DEFINES)]

    def programs(self, src, ctx):
        d = os.path.join(CORPUS, "sqlite")
        scripts = [(s, os.path.join(d, s + ".sql")) for s in self.SCRIPTS]

        def check(ctx, variant, binpath):
            return script_checks(binpath, "sqlite3", scripts,
                                 lambda name: ["-batch", ":memory:"])

        def workload(binpath, workdir):
            return ([binpath["sqlite3"], "-batch", ":memory:"],
                    os.path.join(d, "workload.sql"))

        return [Program(
            "sqlite3", [Binary("sqlite3", ["sqlite3", "shell"], ["-lm"])],
            check, workload, compare=True,
            describe="the sqlite3 shell (%s: sqlite3.c + shell.c)" %
            self.amalgamation,
            workload_text="bench/corpus/sqlite/workload.sql")]


# ---------------------------------------------------------------- libxml2

XMLLINT_CHECKS = [
    ("valid", ["--valid", "--noout", "library.xml"]),
    ("noent-format", ["--noent", "--format", "library.xml"]),
    ("xpath-title", ["--xpath", "//book[author='Knuth']/title/text()",
                     "library.xml"]),
    ("xpath-count", ["--xpath", "count(//author) + sum(//year)",
                     "library.xml"]),
    ("xpath-string", ["--xpath", "string(id(//book[@lent='yes']/@see)/@topic)",
                      "library.xml"]),
    ("invalid", ["--valid", "--noout", "invalid.xml"]),
    ("broken", ["--noout", "broken.xml"]),
    ("recover", ["--recover", "broken.xml"]),
    ("c14n", ["--c14n", "ns.xml"]),
    ("exc-c14n", ["--exc-c14n", "ns.xml"]),
    ("c14n11", ["--c14n11", "ns.xml"]),
    ("ns-format", ["--format", "--nsclean", "ns.xml"]),
    ("schema", ["--schema", "orders.xsd", "--noout", "orders.xml"]),
    ("schema-bad", ["--schema", "orders.xsd", "--noout", "orders-bad.xml"]),
    ("relaxng", ["--relaxng", "notes.rng", "--noout", "notes.xml"]),
    ("relaxng-bad", ["--relaxng", "notes.rng", "--noout", "notes-bad.xml"]),
    ("schematron", ["--schematron", "rules.sch", "--noout", "library.xml"]),
    ("html", ["--html", "--format", "page.html"]),
    ("html-xpath", ["--html", "--xpath", "//td[2]", "page.html"]),
    ("xinclude", ["--xinclude", "book.xml"]),
    ("debug", ["--debug", "ns.xml"]),
    ("sax", ["--sax", "ns.xml"]),
    ("sax1", ["--sax1", "library.xml"]),
    ("stream", ["--stream", "--valid", "--noout", "library.xml"]),
    ("walker", ["--walker", "ns.xml"]),
    ("push", ["--push", "--format", "library.xml"]),
    ("encode", ["--encode", "ISO-8859-1", "library.xml"]),
    ("shell", ["--shell", "library.xml"], "shell.cmds"),
]


def big_orders(path, n=6000):
    """A large instance of orders.xsd, the same bytes on every run."""
    if os.path.exists(path):
        return path
    parts = ['<?xml version="1.0"?>\n<orders>\n']
    for i in range(n):
        parts.append('  <order id="o%d"%s><date>2024-%02d-%02d</date>\n' % (
            i, ' status="shipped"' if i % 3 == 0 else "", 1 + i % 12,
            1 + i % 28))
        for j in range(1 + i % 4):
            k = i * 4 + j
            parts.append(
                '    <line n="%d"><sku>%s-%04d</sku><qty>%d</qty>'
                '<price>%d.%02d</price>%s</line>\n' % (
                    k, "".join(chr(65 + (k * m) % 26) for m in (3, 5, 7)),
                    k % 10000, 1 + k % 17, k % 500, k % 100,
                    "<gift>true</gift>" if k % 11 == 0 else ""))
        parts.append("  </order>\n")
    parts.append("</orders>\n")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("".join(parts))
    os.replace(tmp, path)
    return path


class Libxml2(Project):
    name = "libxml2"
    package, version = "libxmljs2", "0.37.0"
    sha256 = "3d48b0c92fe3353fcc24f5260c440cf37d34887114d31f45d09c506c0bf0b44e"
    program_names = ["xmllint"]
    # Not part of the library: other programs, and trio (not configured).
    NOT_LIB = {"runsuite.c", "rngparser.c", "xmlcatalog.c", "xmllint.c",
               "trio.c", "trionan.c", "triostr.c"}
    # dict.c and hash.c seed their hash functions from rand() and time(),
    # so the instructions executed differed from run to run (by up to 2%).
    # The one switch that turns the seeding off is the fuzzing-build macro,
    # and in these two files it does nothing else: set it for them alone.
    FIXED_SEED = {f: ["-DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"]
                  for f in ("dict.c", "hash.c")}

    def setup(self, root):
        src = os.path.join(root, "vendor", "libxml")
        # A GCC precompiled config.h ships in the package: never use it.
        gch = os.path.join(src, "config.h.gch")
        if os.path.exists(gch):
            os.remove(gch)
        return src

    def units(self, src):
        # The package's own defines (binding.gyp), and the reader and the
        # debug module that libxml2's configure turns on by default and
        # xmllint's --stream, --walker, --debug and --shell need.
        flags = ["-I", "include", "-I", ".", "-DLIBXML_XINCLUDE_ENABLED",
                 "-DLIBXML_SCHEMATRON_ENABLED", "-DLIBXML_READER_ENABLED",
                 "-DLIBXML_DEBUG_ENABLED"]
        lib = sorted(f for f in os.listdir(src)
                     if f.endswith(".c") and f not in self.NOT_LIB)
        self.lib = [os.path.splitext(f)[0] for f in lib]
        return [Unit(f, flags + self.FIXED_SEED.get(f, [])) for f in lib] + \
            [Unit("xmllint.c", flags)]

    def programs(self, src, ctx):
        d = os.path.join(CORPUS, "xml")
        big = big_orders(ctx.path("work", "big-orders.xml"))

        def check(ctx, variant, binpath):
            out = {}
            for c in XMLLINT_CHECKS + [
                    ("big-orders", ["--schema", "orders.xsd", "--xpath",
                                    "count(//line)", big])]:
                name, argv = c[0], c[1]
                stdin = os.path.join(d, c[2]) if len(c) > 2 else None
                rc, text = run_capture([binpath["xmllint"]] + argv, stdin,
                                       cwd=d)
                # xmllint's exit code tells what was wrong with the input:
                # any exit is fine, a crash or a hang is not; the baseline
                # comparison does the rest.
                ok = isinstance(rc, int) and 0 <= rc < 64
                out[name] = (ok, (rc, _digest(text)))
            return out

        def workload(binpath, workdir):
            return ([binpath["xmllint"], "--schema",
                     os.path.join(d, "orders.xsd"), "--format", "--output",
                     os.devnull, big], None)

        return [Program(
            "xmllint", [Binary("xmllint", self.lib + ["xmllint"], ["-lm"])],
            check, workload, compare=True,
            describe="xmllint and libxml2 %s (%d library sources)" % (
                "2.9.9", len(self.lib)),
            workload_text="validate a generated 6000-order document against "
            "bench/corpus/xml/orders.xsd and reformat it")]


# ---------------------------------------------------------------- leveldb

class Leveldb(Project):
    """leveldb 1.20 with snappy 1.1.4, as leveldown vendors them."""
    name = "leveldb"
    package, version = "leveldown", "6.1.1"
    sha256 = "fe534f13e475826331c9cd59f279f073c3238e4db2ff2c930e17a786ba0f4f01"
    program_names = ["db_bench", "leveldb-tests"]
    TESTS = ["db/autocompact_test", "db/c_test", "db/corruption_test",
             "db/db_test", "db/dbformat_test", "db/fault_injection_test",
             "db/filename_test", "db/log_test", "db/recovery_test",
             "db/skiplist_test", "db/version_edit_test",
             "db/version_set_test", "db/write_batch_test",
             "helpers/memenv/memenv_test", "issues/issue178_test",
             "issues/issue200_test", "table/filter_block_test",
             "table/table_test", "util/arena_test", "util/bloom_test",
             "util/cache_test", "util/coding_test", "util/crc32c_test",
             "util/env_posix_test", "util/env_test", "util/hash_test"]
    DB_BENCH = ["--benchmarks=fillseq,fillrandom,overwrite,readrandom,"
                "readseq,readreverse,compact,readrandom,fillsync,"
                "deleterandom", "--num=20000"]

    def setup(self, root):
        return os.path.join(root, "deps")

    def units(self, src):
        ldb = "leveldb/leveldb-1.20"
        sn = "snappy"
        lflags = ["-I", ldb, "-I", ldb + "/include", "-I", sn + "/linux",
                  "-I", sn + "/snappy", "-DOS_LINUX",
                  "-DLEVELDB_PLATFORM_POSIX", "-DLEVELDB_ATOMIC_PRESENT",
                  "-DSNAPPY", "-fno-builtin-memcmp", "-pthread"]
        sflags = ["-I", sn + "/linux", "-I", sn + "/snappy",
                  "-DHAVE_CONFIG_H=1"]
        units = [Unit(sn + "/snappy/" + f, sflags, name="snappy_" + f[:-3])
                 for f in ("snappy.cc", "snappy-sinksource.cc",
                           "snappy-stubs-internal.cc", "snappy-c.cc")]
        self.snappy = [u.name for u in units]
        self.lib, self.tests = [], []
        support = {"util/testharness.cc", "util/testutil.cc",
                   "helpers/memenv/memenv.cc"}
        for d in ("db", "table", "util", "port", "helpers/memenv"):
            for f in sorted(os.listdir(os.path.join(src, ldb, d))):
                rel = d + "/" + f
                if not (f.endswith(".cc") or f.endswith(".c")):
                    continue
                name = "leveldb_" + rel.replace("/", "_")[:-3 if
                                                         f.endswith(".cc")
                                                         else -2]
                u = Unit(ldb + "/" + rel, lflags, name=name)
                if f.endswith("_test.cc") or f.endswith("_test.c") or \
                        f in ("db_bench.cc", "leveldbutil.cc") or \
                        rel in support:
                    units.append(u)
                    continue
                units.append(u)
                self.lib.append(name)
        for t in ("issues/issue178_test.cc", "issues/issue200_test.cc"):
            units.append(Unit(ldb + "/" + t, lflags,
                              name="leveldb_" + t.replace("/", "_")[:-3]))
        return units

    def programs(self, src, ctx):
        lib = self.lib + self.snappy
        util = "leveldb_util_testutil"
        harness = ["leveldb_util_testharness", util]
        libs = ["-lpthread"]
        tests = []
        for t in self.TESTS:
            units = ["leveldb_" + t.replace("/", "_")] + lib + harness
            if t.startswith("helpers/memenv"):
                units.append("leveldb_helpers_memenv_memenv")
            tests.append(Binary(os.path.basename(t), units, libs, cxx=True))
        names = [b.name for b in tests]

        def test_check(ctx, variant, binpath):
            return test_checks(ctx, binpath, names,
                               ctx.path("work", "leveldb-tests", variant.key))

        def bench_argv(binpath, workdir):
            return [binpath["db_bench"]] + self.DB_BENCH + [
                "--db=" + os.path.join(workdir, "db")]

        def bench_check(ctx, variant, binpath):
            wd = ctx.path("work", "db_bench-check", variant.key)
            os.makedirs(wd, exist_ok=True)
            rc, text = run_capture(bench_argv(binpath, wd), cwd=wd)
            return {"db_bench runs": (rc == 0, None)}

        return [
            Program("db_bench", [Binary("db_bench", ["leveldb_db_db_bench"] +
                                        lib + [util], libs)],
                    bench_check, lambda b, w: (bench_argv(b, w), None),
                    describe="leveldb 1.20 + snappy 1.1.4: db_bench",
                    workload_text="db_bench " + " ".join(self.DB_BENCH)),
            Program("leveldb-tests", tests, test_check, text="sum",
                    timed="db_test",
                    describe="leveldb 1.20 + snappy 1.1.4: its %d *_test "
                    "programs (.text: their sum)" % len(tests)),
        ]


# ---------------------------------------------------------------- re2, abseil

GTEST = ["-lgtest_main", "-lgtest", "-lpthread"]
GMOCK = ["-lgmock_main", "-lgmock", "-lgtest", "-lpthread"]


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


# ---------------------------------------------------------------- Debian

def own_unit(path, flags, name):
    """A unit of our own code in bench/corpus. Objects are cached by their
    compile command, which names the file but not what it holds: the
    command carries the file's sha256, so an edit compiles it again."""
    with open(path, "rb") as f:
        digest = _digest(f.read())[:16]
    return Unit(path, list(flags) + ["-DBENCH_SOURCE_SHA256=" + digest],
                name=name)


class Box2d(DebianProject):
    """Box2D, a 2D rigid-body physics engine (float arithmetic), driven by
    a program of our own that builds a world and steps it."""
    name = "box2d"
    package, version = "box2d", "2.4.1-3"
    orig = "box2d_2.4.1.orig.tar.gz"
    sha256 = "d6b4650ff897ee1ead27cf77a5933ea197cbeef6705638dd181adc2e816b23c2"
    program_names = ["box2d"]
    # The library's CMake: C++11; a release build (no b2Assert).
    FLAGS = ["-std=c++11", "-DNDEBUG", "-I", "include", "-I", "src"]
    STEPS = 1500

    def units(self, src):
        units = []
        for path in sorted(glob.glob(os.path.join(src, "src", "*", "*.cpp"))):
            rel = os.path.relpath(path, src)
            units.append(Unit(rel, self.FLAGS,
                              name="box2d_" + os.path.basename(rel)[:-4]))
        self.lib = [u.name for u in units]
        units.append(own_unit(os.path.join(CORPUS, "box2d", "driver.cpp"),
                              self.FLAGS, "driver"))
        return units

    def programs(self, src, ctx):
        runs = [("steps-300", ["300"]),
                ("steps-%d" % self.STEPS, [str(self.STEPS)])]

        def check(ctx, variant, binpath):
            out = {}
            for name, argv in runs:
                rc, text = run_capture([binpath["box2d"]] + argv)
                ok = rc == 0 and b"\nchecksum " in text
                out[name] = (ok, (rc, _digest(text)))
            return out

        return [Program(
            "box2d", [Binary("box2d", ["driver"] + self.lib, cxx=True)],
            check, lambda b, w: ([b["box2d"], str(self.STEPS)], None),
            compare=True,
            describe="Box2D 2.4.1 (%d library sources) with "
            "bench/corpus/box2d/driver.cpp" % len(self.lib),
            workload_text="a world of about 450 bodies (polygons, circles, "
            "chains, every joint type, bullets) stepped %d times at 60 Hz, "
            "with ray casts, queries, debug drawing and ropes: "
            "bench/corpus/box2d/driver.cpp" % self.STEPS)]


class Lua(DebianProject):
    """The Lua 5.4 interpreter, running scripts of our own."""
    name = "lua"
    package, version = "lua5.4", "5.4.4-3+deb12u1"
    orig = "lua5.4_5.4.4.orig.tar.gz"
    sha256 = "164c7849653b80ae67bec4b7473b884bf5cc8d2dca05653475ec2ed27b9ebf61"
    program_names = ["lua"]
    # src/Makefile's "linux" target (readline left out).
    FLAGS = ["-DLUA_COMPAT_5_3", "-DLUA_USE_LINUX"]
    LIBS = ["-Wl,-E", "-ldl", "-lm"]
    # lstate.c seeds string hashing from time() and addresses, so the
    # instructions executed would differ from run to run; luai_makeseed is
    # the documented way to fix the seed.
    FIXED_SEED = {"lstate.c": ["-Dluai_makeseed(L)=0x2d5eedu"]}
    SCRIPTS = ["strings", "tables", "closures", "nbody", "fannkuch",
               "workload"]

    def units(self, src):
        names = sorted(f for f in os.listdir(os.path.join(src, "src"))
                       if f.endswith(".c") and f != "luac.c")
        units = [Unit("src/" + f, self.FLAGS + self.FIXED_SEED.get(f, []),
                      name="lua_" + f[:-2]) for f in names]
        self.lib = [u.name for u in units if u.name != "lua_lua"]
        return units

    def programs(self, src, ctx):
        d = os.path.join(CORPUS, "lua")
        scripts = [(s, None) for s in self.SCRIPTS]

        def check(ctx, variant, binpath):
            return script_checks(binpath, "lua", scripts,
                                 lambda name: [os.path.join(d, name + ".lua")],
                                 cwd=d)

        return [Program(
            "lua", [Binary("lua", ["lua_lua"] + self.lib, self.LIBS)],
            check, lambda b, w: ([b["lua"], os.path.join(d, "workload.lua")],
                                 None),
            compare=True,
            describe="the Lua 5.4.4 interpreter (%d sources, linked with "
            "-Wl,-E as upstream's Makefile does)" % (len(self.lib) + 1),
            workload_text="bench/corpus/lua/workload.lua: strings and JSON, "
            "tables and metatables, closures and coroutines, n-body, "
            "fannkuch")]


def zstd_input(path, scale=1):
    """Something to compress, the same bytes on every run: log lines,
    binary records, incompressible bytes, and a third of the log again,
    slightly changed, megabytes later (long-distance matches)."""
    if os.path.exists(path):
        return path
    x = 2463534242

    def rnd():  # xorshift32
        nonlocal x
        x ^= (x << 13) & 0xffffffff
        x ^= x >> 17
        x ^= (x << 5) & 0xffffffff
        return x
    verbs = ["GET", "GET", "GET", "POST", "PUT", "DELETE"]
    paths = ["/api/v1/items", "/api/v1/users", "/static/app.js",
             "/healthz", "/api/v2/orders", "/login"]
    lines = []
    for i in range(int(40000 * scale)):
        r = rnd()
        lines.append("2024-03-%02d %02d:%02d:%02d host%d app[%d]: %s %s/%d "
                     "status=%d bytes=%d ms=%d.%03d\n" % (
                         1 + i // 20000 % 28, i // 900 % 24, i // 15 % 60,
                         i % 60, r % 7, 1000 + r % 97, verbs[r % 6],
                         paths[(r >> 3) % 6], (r >> 5) % 5000,
                         (200, 200, 200, 304, 404, 500)[(r >> 9) % 6],
                         (r >> 11) % 100000, (r >> 7) % 900, r % 1000))
    text = "".join(lines).encode()
    rec = bytearray()
    for i in range(int(60000 * scale)):
        r = rnd()
        rec += struct.pack("<IHhfQ", i, r % 1000, (r >> 16) % 200 - 100,
                           (i % 1000) / 8.0, i * 2654435761 % (1 << 40))
    noise = b"".join(hashlib.sha256(b"noise%d" % i).digest()
                     for i in range(int(8192 * scale)))
    again = bytearray(text[:len(text) // 3])
    for i in range(0, len(again), 4099):
        again[i] = 0x30 + i % 10
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(text + bytes(rec) + noise + bytes(again))
    os.replace(tmp, path)
    return path


def zstd_samples(dirpath, n=400):
    """Small JSON records, one a file: a training set for dictionaries."""
    if os.path.exists(os.path.join(dirpath, ".done")):
        return sorted(os.path.join(dirpath, f) for f in os.listdir(dirpath)
                      if f.endswith(".json"))
    os.makedirs(dirpath, exist_ok=True)
    names = ["ada", "grace", "alan", "edsger", "barbara", "ken", "dennis",
             "niklaus", "donald", "john"]
    out = []
    for i in range(n):
        p = os.path.join(dirpath, "rec%04d.json" % i)
        with open(p, "w") as f:
            f.write('{"id": %d, "user": "%s", "email": "%s%d@example.org", '
                    '"active": %s, "score": %d.%d, "tags": ["%s", "%s"], '
                    '"address": {"city": "%s", "zip": "%05d"}, "history": '
                    '[%s]}\n' % (
                        i, names[i % 10], names[(i * 3) % 10], i,
                        "true" if i % 3 else "false", i * 7 % 100, i % 10,
                        names[i % 4], names[(i + 5) % 7],
                        ["Zurich", "Lyon", "Porto", "Graz"][i % 4],
                        i * 37 % 100000,
                        ", ".join(str(i * k % 97) for k in range(i % 9))))
        out.append(p)
    open(os.path.join(dirpath, ".done"), "w").close()
    return out


class Zstd(DebianProject):
    """The zstd command-line program and the libzstd it is built from."""
    name = "zstd"
    package, version = "libzstd", "1.5.4+dfsg2-5"
    orig = "libzstd_1.5.4+dfsg2.orig.tar.xz"
    sha256 = "8cf4bbb65e77ec348d052c8d6230eba66d435bddf64c8b5be2fcb16880c19953"
    program_names = ["zstd"]
    # programs/Makefile's zstd: threads, legacy frames v0.5 to v0.7; no
    # zlib, lzma or lz4 formats. Without the x86-64 assembly of the Huffman
    # decoder (ZSTD_DISABLE_ASM, its C version instead): the same code on
    # every target, and all of it bitcode.
    FLAGS = ["-DXXH_NAMESPACE=ZSTD_", "-DDEBUGLEVEL=0",
             "-DZSTD_LEGACY_SUPPORT=5", "-DZSTD_MULTITHREAD",
             "-DZSTD_DISABLE_ASM", "-pthread"]
    LEVEL = 19

    def units(self, src):
        files = []
        for d in ("lib/common", "lib/compress", "lib/decompress",
                  "lib/dictBuilder", "programs"):
            files += sorted(d + "/" + f for f in
                            os.listdir(os.path.join(src, d))
                            if f.endswith(".c"))
        files += ["lib/legacy/zstd_v0%d.c" % v for v in (5, 6, 7)]
        units = [Unit(f, self.FLAGS) for f in files]
        self.objs = [u.name for u in units]
        self.nlib = sum(1 for f in files if f.startswith("lib/"))
        return units

    def programs(self, src, ctx):
        def inputs(ctx):
            big = zstd_input(ctx.path("work", "zstd-input.bin"))
            small = zstd_input(ctx.path("work", "zstd-input-small.bin"),
                               scale=1 / 3)
            return big, small

        def file_digest(path):
            with open(path, "rb") as f:
                return _digest(f.read())

        def check(ctx, variant, binpath):
            z = binpath["zstd"]
            big, small = inputs(ctx)
            samples = zstd_samples(ctx.path("work", "zstd-samples"))
            wd = ctx.path("work", "zstd-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            out = {}

            def zrun(argv, stdin=None):
                return run_capture([z] + argv, stdin, cwd=wd)

            def round_trip(name, src_path, cargs, dargs=()):
                # Compress to a file, decompress it to another: ok when the
                # round trip is exact; the baseline comparison takes the
                # compressed bytes.
                c = os.path.join(wd, name + ".zst")
                d = os.path.join(wd, name + ".out")
                rc1, t1 = zrun(["-q", "-f"] + cargs + [src_path, "-o", c])
                rc2, t2 = zrun(["-q", "-f", "-d"] + list(dargs) +
                               [c, "-o", d])
                ok = rc1 == 0 and rc2 == 0 and os.path.exists(d) and \
                    file_digest(d) == file_digest(src_path)
                size = os.path.getsize(c) if os.path.exists(c) else None
                res = (rc1, rc2, size, file_digest(c) if size else None)
                out[name] = (ok, res)
                for f in (c, d):
                    if os.path.exists(f):
                        os.remove(f)

            round_trip("level-1", big, ["-1"])
            round_trip("level-3", big, ["-3"])
            round_trip("level-9", big, ["-9"])
            round_trip("fast-4", big, ["--fast=4"])
            round_trip("threads-2", big, ["-T2", "-6"])
            round_trip("long-25", big, ["--long=25", "-5"], ["--long=25"])
            round_trip("level-%d" % self.LEVEL, small,
                       ["--single-thread", "-%d" % self.LEVEL])
            round_trip("patch-from", big, ["--patch-from=" + small, "-3"],
                       ["--patch-from=" + small])
            # Streams: stdin to stdout both ways, and the frame's test.
            c = os.path.join(wd, "stream.zst")
            rc1, t1 = zrun(["-q", "-c", "-7"], big)
            with open(c, "wb") as f:
                f.write(t1)
            rc2, t2 = zrun(["-q", "-d", "-c"], c)
            rc3, t3 = zrun(["-q", "-t", c])
            with open(big, "rb") as f:
                same = t2 == f.read()
            out["stream"] = (rc1 == 0 and rc2 == 0 and rc3 == 0 and same,
                             (rc1, rc2, rc3, len(t1), _digest(t1)))
            # Relative: the listing names the file, whose directory is
            # the variant's.
            rc, t = zrun(["-l", "-v", os.path.basename(c)])
            out["list"] = (rc == 0, (rc, _digest(t)))
            # A dictionary trained on small records, then every record
            # compressed with it and back.
            dic = os.path.join(wd, "dict")
            cdir, ddir = os.path.join(wd, "c"), os.path.join(wd, "d")
            # zstd 1.5.4 crashes (SIGSEGV in setvbuf) when the directory
            # of --output-dir-flat does not exist.
            os.makedirs(cdir)
            os.makedirs(ddir)
            rc1, t1 = zrun(["-q", "-f", "--train-fastcover=k=200,d=8",
                            "--maxdict=4096"] + samples + ["-o", dic])
            rc2, t2 = zrun(["-q", "-f", "-D", dic, "-19",
                            "--output-dir-flat", cdir] + samples)
            cfiles = sorted(os.path.join(cdir, f) for f in
                            os.listdir(cdir)) if os.path.isdir(cdir) else []
            rc3, t3 = zrun(["-q", "-f", "-d", "-D", dic, "--output-dir-flat",
                            ddir] + cfiles)
            ok = rc1 == 0 and rc2 == 0 and rc3 == 0 and \
                len(cfiles) == len(samples) and all(
                    file_digest(os.path.join(ddir, os.path.basename(s))) ==
                    file_digest(s) for s in samples)
            out["dictionary"] = (ok, (rc1, rc2, rc3, file_digest(dic)
                                      if os.path.exists(dic) else None,
                                      sum(os.path.getsize(f)
                                          for f in cfiles)))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        def workload(binpath, workdir):
            _, small = inputs(ctx)
            return ([binpath["zstd"], "-q", "-f", "--single-thread",
                     "-%d" % self.LEVEL, small, "-o",
                     os.path.join(workdir, "w.zst")], None)

        return [Program(
            "zstd", [Binary("zstd", self.objs, ["-pthread"])], check,
            workload, compare=True,
            describe="the zstd 1.5.4 command line (%d libzstd sources, "
            "%d of programs/)" % (self.nlib, len(self.objs) - self.nlib),
            workload_text="zstd -%d --single-thread of a generated 2.1 MB "
            "mix of log lines, binary records and random bytes" %
            self.LEVEL)]


PROJECTS = [Sqlite(), Libxml2(), Leveldb(), Re2(), Box2d(), Lua(), Zstd()]
PROJECT_BY_NAME = {p.name: p for p in PROJECTS}
PROGRAM_NAMES = [n for p in PROJECTS for n in p.program_names]


def program_names_for(target):
    """The programs that build for target (a TARGETS key)."""
    return [n for p in PROJECTS if target in p.targets
            for n in p.program_names]


def programs_of(project):
    return project.program_names
