"""PCRE2 10.42 (Debian): pcre2test on the package's own test data."""

import os
import shutil

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import _digest

# Makefile.am's COMMON_SOURCES of libpcre2-8 (JIT off: pcre2_jit_compile.c
# is compiled as upstream does, and holds only stubs then), its
# NODIST_SOURCES (pcre2_chartables.c), then libpcre2-posix and pcre2test.
LIB = ["auto_possess", "compile", "config", "context", "convert",
       "dfa_match", "error", "extuni", "find_bracket", "jit_compile",
       "maketables", "match", "match_data", "newline", "ord2utf",
       "pattern_info", "script_run", "serialize", "string_utils", "study",
       "substitute", "substring", "tables", "ucd", "valid_utf", "xclass",
       "chartables"]
# config.h.generic is upstream's configuration for builds without
# configure; it leaves out what configure finds about the system and which
# libraries to build, given here as configure on Linux does (8-bit library
# only, Unicode on, JIT off, no readline, zlib or bzip2 in pcre2test).
FLAGS = ["-DHAVE_CONFIG_H", "-DPCRE2_CODE_UNIT_WIDTH=8", "-DSUPPORT_PCRE2_8",
         "-DSUPPORT_UNICODE", "-DHAVE_STDINT_H", "-DHAVE_INTTYPES_H",
         "-DHAVE_MEMMOVE", "-DHAVE_STRERROR", "-DHAVE_UNISTD_H",
         "-DHAVE_DIRENT_H", "-DHAVE_SYS_STAT_H", "-DHAVE_SYS_TYPES_H",
         "-DHAVE_SYS_WAIT_H", "-DHAVE_LIMITS_H", "-DHAVE_STDLIB_H",
         "-DHAVE_STRING_H", "-DHAVE_STRINGS_H", "-DHAVE_STDIO_H",
         "-DHAVE_WCHAR_H", "-DSTDC_HEADERS", "-DHAVE_ATTRIBUTE_UNINITIALIZED",
         "-Isrc"]
# RunTest's tests for the 8-bit library with Unicode, without JIT, with
# link size 2 and \C supported: (input number, output file). Not 3
# (it needs a French locale), 11-13 (16- and 32-bit only), 16 and 17
# (JIT on, JIT off: 17 is skipped in a build without JIT) or 23 (\C
# unsupported).
TESTS = [(1, "1"), (2, "2"), (4, "4"), (5, "5"), (6, "6"), (7, "7"),
         (8, "8-8-2"), (9, "9"), (10, "10"), (14, "14-8"), (15, "15"),
         (18, "18"), (19, "19"), (20, "20"), (21, "21"), (22, "22-8"),
         (24, "24"), (25, "25"), (26, "26")]
# What RunTest adds to test 2's output: the texts of some error codes.
ERRORS = ["-q", "-error", "-70,-62,-2,-1,0,100,101,191,200"]
# The workload: test 1, the Perl-compatible patterns and subjects, with
# pcre2test's own timing option: every pattern compiled and every subject
# matched REPEAT times more (the counts are fixed; only the times it
# prints vary, and the workload's output is not compared). One pass
# takes some 20 ms.
WORKLOAD = 1
REPEAT = 20


class Pcre2(DebianProject):
    """libpcre2-8 and libpcre2-posix with pcre2test."""
    name = "pcre2"
    package, version = "pcre2", "10.42-1"
    orig = "pcre2_10.42.orig.tar.gz"
    sha256 = "c33b418e3b936ee3153de2c61cc638e7e4fe3156022a5c77d0711bcbb9d64f1f"
    program_names = ["pcre2test"]

    def setup(self, root):
        # What configure and make would make: the header and the default
        # character tables from their .generic and .dist files, and
        # config.h (see FLAGS).
        for dist, made in (("pcre2.h.generic", "pcre2.h"),
                           ("pcre2_chartables.c.dist", "pcre2_chartables.c"),
                           ("config.h.generic", "config.h")):
            dest = os.path.join(root, "src", made)
            if not os.path.exists(dest):
                shutil.copyfile(os.path.join(root, "src", dist),
                                dest + ".tmp")
                os.replace(dest + ".tmp", dest)
        return root

    def units(self, src):
        units = [Unit("src/pcre2_%s.c" % f, FLAGS, name="pcre2_" + f)
                 for f in LIB]
        units.append(Unit("src/pcre2posix.c", FLAGS, name="pcre2posix"))
        units.append(Unit("src/pcre2test.c", FLAGS, name="pcre2test"))
        self.objs = [u.name for u in units]
        return units

    def programs(self, src, ctx):
        testdata = os.path.join(src, "testdata")

        def workdir(ctx, variant):
            # Test 2 loads ./testbtables; tests 17 and 20 save compiled
            # patterns in the current directory.
            wd = ctx.path("work", "pcre2-check", variant)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            shutil.copyfile(os.path.join(testdata, "testbtables"),
                            os.path.join(wd, "testbtables"))
            return wd

        def check(ctx, variant, binpath):
            wd = workdir(ctx, variant.key)
            out = {}
            for n, expect in TESTS:
                # RunTest's "pcre2test -q testinputN testtry" and its
                # comparison with testoutputN.
                rc, text = run_capture([binpath["pcre2test"], "-q",
                                        os.path.join(testdata,
                                                     "testinput%d" % n)],
                                       cwd=wd)
                if n == 2 and rc == 0:
                    rc, more = run_capture([binpath["pcre2test"]] + ERRORS,
                                           cwd=wd)
                    text += more
                with open(os.path.join(testdata, "testoutput" + expect),
                          "rb") as f:
                    ok = rc == 0 and text == f.read()
                out["test%d" % n] = (ok, (rc, _digest(text)))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        def workload(binpath, wd):
            return ([binpath["pcre2test"], "-q", "-t", str(REPEAT),
                     os.path.join(testdata, "testinput%d" % WORKLOAD),
                     os.path.join(wd, "testtry")], None)

        return [Program(
            "pcre2test", [Binary("pcre2test", self.objs)], check, workload,
            compare=True,
            describe="pcre2test of PCRE2 10.42 (8-bit library and the POSIX "
            "wrapper, Unicode, no JIT; %d sources)" % len(self.objs),
            workload_text="pcre2test -q -t %d testdata/testinput%d (RunTest's "
            "Perl-compatible test, each compile and match repeated %d "
            "times)" % (REPEAT, WORKLOAD, REPEAT))]


# The recipes of this module, and where they come in the tables.
ORDER = 310
PROJECTS = [Pcre2()]
