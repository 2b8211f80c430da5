"""jq (Debian), with Oniguruma (Debian's libonig) built in."""

import json
import os
import re
import shutil

from debsrc import DebianProject, fetch
from harness import Binary, Program, Unit, run_capture
from projects.common import CORPUS, _digest, xorshift32


class Oniguruma(DebianProject):
    """The regular expression library jq's match, test, sub and scan
    need: Debian links jq with libonig5, jq's own tarball (a tag of its
    git repository) leaves its modules/oniguruma submodule empty. Not a
    project of the tables: JQ fetches it beside jq's own tarball."""
    name = "jq"
    package, version = "libonig", "6.9.8-1"
    orig = "libonig_6.9.8.orig.tar.gz"
    sha256 = "26372720bab6733c869a9eb69377f73971138dc5e3eff4a81f5ba8aea5435fb2"


# What Oniguruma's configure finds on glibc (LP64: x86_64, aarch64,
# riscv64 alike); regenc.h includes "config.h".
ONIG_CONFIG_H = """\
/* Written by bench/lib/projects/jq.py: what configure finds on glibc. */
#define HAVE_ALLOCA 1
#define HAVE_ALLOCA_H 1
#define HAVE_STDINT_H 1
#define HAVE_SYS_TIMES_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_UNISTD_H 1
#define HAVE_INTTYPES_H 1
#define PACKAGE "onig"
#define PACKAGE_VERSION "6.9.8"
#define VERSION "6.9.8"
#define SIZEOF_INT 4
#define SIZEOF_LONG 8
#define SIZEOF_LONG_LONG 8
#define SIZEOF_VOIDP 8
"""

# libonig_la_SOURCES of src/Makefile.am, without the POSIX API (off by
# default in configure).
ONIG_SOURCES = [
    "regparse", "regcomp", "regexec", "regenc", "regerror", "regext",
    "regsyntax", "regtrav", "regversion", "st", "reggnu", "unicode",
    "unicode_unfold_key", "unicode_fold1_key", "unicode_fold2_key",
    "unicode_fold3_key", "ascii", "utf8", "utf16_be", "utf16_le",
    "utf32_be", "utf32_le", "euc_jp", "euc_jp_prop", "sjis", "sjis_prop",
    "iso8859_1", "iso8859_2", "iso8859_3", "iso8859_4", "iso8859_5",
    "iso8859_6", "iso8859_7", "iso8859_8", "iso8859_9", "iso8859_10",
    "iso8859_11", "iso8859_13", "iso8859_14", "iso8859_15", "iso8859_16",
    "euc_tw", "euc_kr", "big5", "gb18030", "koi8_r", "cp1251",
    "onig_init"]

# LIBJQ_SRC of Makefile.am, and jq's main.
JQ_SOURCES = [
    "builtin", "bytecode", "compile", "execute", "jq_test", "jv",
    "jv_alloc", "jv_aux", "jv_dtoa", "jv_file", "jv_parse", "jv_print",
    "jv_unicode", "linker", "locfile", "util", "lexer", "parser"]

# The math functions configure.ac checks for (AC_CHECK_MATH_FUNC) that
# glibc has: all but pow10, gone since glibc 2.27.
MATH = """acos acosh asin asinh atan2 atan atanh cbrt ceil copysign cos cosh
drem erf erfc exp10 exp2 exp expm1 fabs fdim floor fma fmax fmin fmod frexp
gamma hypot j0 j1 jn ldexp lgamma log10 log1p log2 log logb modf lgamma_r
nearbyint nextafter nexttoward pow remainder rint round scalb scalbln
significand sin sinh sqrt tan tanh tgamma trunc y0 y1 yn""".split()

# The rest of what configure defines on glibc (pthread TLS is off by
# default; jv_dtoa's byte order: little-endian on every target here).
JQ_DEFINES = ["HAVE_MEMMEM", "HAVE_MKSTEMP", "HAVE_ALLOCA", "HAVE_ALLOCA_H",
              "HAVE_ISATTY", "HAVE_STRPTIME", "HAVE_STRFTIME", "HAVE_TIMEGM",
              "HAVE_GMTIME_R", "HAVE_GMTIME", "HAVE_LOCALTIME_R",
              "HAVE_LOCALTIME", "HAVE_GETTIMEOFDAY", "HAVE_TM_TM_GMT_OFF",
              "HAVE___THREAD", "IEEE_8087", "HAVE_LIBONIG"]


def jq_document(path, orders=1500):
    """A JSON document of orders (customers, nested items, free text,
    dates), the same bytes on every run."""
    if os.path.exists(path):
        return path
    rnd = xorshift32(88172645)
    names = ["ada", "grace", "alan", "edsger", "barbara", "ken", "dennis",
             "niklaus", "donald", "john", "frances", "margaret"]
    countries = ["CH", "FR", "PT", "AT", "DE", "IT", "NL", "SE"]
    words = ["quick", "delivery", "please", "gift", "wrap", "fragile",
             "leave", "at", "door", "call", "before", "arrival", "thanks",
             "urgent", "office", "hours", "only", "Monday", "Friday"]
    statuses = ["new", "paid", "shipped", "delivered", "returned"]
    out = []
    for i in range(orders):
        r = rnd()
        name = names[r % len(names)]
        items = []
        for k in range(1 + r % 5):
            s = rnd()
            items.append({"sku": "%s-%04d" % ("ABCDEFGH"[s % 8] * 2,
                                              s % 997),
                          "qty": 1 + s % 7,
                          "price": (s >> 8) % 20000 / 100,
                          "tags": [words[(s >> t) % len(words)]
                                   for t in range(s % 3)]})
        note = " ".join(words[(rnd() >> 3) % len(words)]
                        for _ in range(3 + r % 9))
        out.append({
            "id": i, "status": statuses[(r >> 4) % len(statuses)],
            "date": "2023-%02d-%02d" % (1 + (r >> 6) % 12,
                                        1 + (r >> 10) % 28),
            "customer": {"name": name.title(),
                         "email": "%s%d@example.%s" % (
                             name, (r >> 12) % 100,
                             "org" if r & 1 else "com"),
                         "country": countries[(r >> 14) % len(countries)],
                         "vip": bool(r & 2)},
            "items": items, "note": note})
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump({"version": 1, "orders": out}, f, indent=1)
    os.replace(tmp, path)
    return path


class JQ(DebianProject):
    """The jq command line: a compiler of its filter language to bytecode
    and a backtracking interpreter of it, with Oniguruma for regexes."""
    name = "jq"
    package, version = "jq", "1.6-2.1+deb12u2"
    orig = "jq_1.6.orig.tar.gz"
    sha256 = "3ba940b97571c866923f0409678033d33b5a98758dfc174fad8397ed908bc4d9"
    program_names = ["jq"]
    TESTS = ["jq", "onig", "base64"]
    # About a second natively (6000 orders took five: paths(scalars)
    # and walk are most of it).
    ORDERS = 1500

    def fetch_source(self, ctx):
        src = fetch(ctx, self)
        onig = fetch(ctx, Oniguruma())
        # Oniguruma where jq's configure looks for the bundled copy
        # (--with-oniguruma=builtin), with a config.h of ours.
        dest = os.path.join(src, "modules", "oniguruma")
        if not os.path.exists(os.path.join(dest, "src", "config.h")):
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(onig, dest)
            with open(os.path.join(dest, "src", "config.h"), "w") as f:
                f.write(ONIG_CONFIG_H)
        # What Makefile.am generates: builtin.inc (the builtins written
        # in jq, as C string lines) and version.h.
        with open(os.path.join(src, "src", "builtin.jq")) as f:
            lines = f.read().splitlines()
        inc = "".join('"%s\\n"\n' % line.replace("\\", "\\\\")
                      .replace('"', '\\"') for line in lines)
        for name, text in (("builtin.inc", inc),
                           ("version.h", '#define JQ_VERSION "1.6"\n')):
            path = os.path.join(src, "src", name)
            if not os.path.exists(path):
                with open(path + ".tmp", "w") as f:
                    f.write(text)
                os.replace(path + ".tmp", path)
        return src

    def units(self, src):
        oflags = ["-I", "modules/oniguruma/src"]
        jflags = ["-I", "modules/oniguruma/src", "-I", "."] + \
            ["-DHAVE_%s" % m.upper() for m in MATH] + \
            ["-D" + d for d in JQ_DEFINES]
        units = [Unit("modules/oniguruma/src/%s.c" % f, oflags,
                      name="onig_" + f) for f in ONIG_SOURCES]
        units += [Unit("src/%s.c" % f, jflags, name="jq_" + f)
                  for f in JQ_SOURCES + ["main"]]
        self.objs = [u.name for u in units]
        return units

    def programs(self, src, ctx):
        d = os.path.join(CORPUS, "jq")
        mods = os.path.join(src, "tests", "modules")
        summary = re.compile(rb"^(\d+) of (\d+) tests passed "
                             rb"\((\d+) malformed\)$", re.M)

        def doc():
            # (The count in the name: the file is made once.)
            return jq_document(ctx.path("work", "jq-orders-%d.json" %
                                        self.ORDERS), self.ORDERS)

        def workload(binpath, workdir):
            return ([binpath["jq"], "-S", "-f",
                     os.path.join(d, "workload.jq"), doc()], None)

        def check(ctx, variant, binpath):
            out = {}
            for t in self.TESTS:
                # jq --run-tests exits 0 whatever failed: its last line
                # says how many passed.
                rc, text = run_capture([binpath["jq"], "-L", mods,
                                        "--run-tests",
                                        "tests/%s.test" % t], cwd=src)
                m = summary.findall(text)
                ok = rc == 0 and len(m) == 1 and m[0][0] == m[0][1] and \
                    m[0][2] == b"0" and int(m[0][1]) > 0
                out["run-tests-" + t] = (ok, (rc, _digest(text)))
            argv, _ = workload(binpath, None)
            rc, text = run_capture(argv)
            out["workload"] = (rc == 0 and b'"fib": 6765' in text,
                               (rc, _digest(text)))
            return out

        return [Program(
            "jq", [Binary("jq", self.objs, ["-lm"])], check, workload,
            compare=True,
            describe="jq 1.6 (%d sources) with Oniguruma 6.9.8 (%d "
            "sources, Debian's libonig)" % (len(JQ_SOURCES) + 1,
                                            len(ONIG_SOURCES)),
            workload_text="bench/corpus/jq/workload.jq (recursive "
            "functions, paths, walk, group_by, streams, regexes, dates) "
            "over a generated JSON document of %d orders; checks: "
            "jq --run-tests of tests/{jq,onig,base64}.test" % self.ORDERS)]


# The recipes of this module, and where they come in the tables.
ORDER = 100
PROJECTS = [JQ()]
