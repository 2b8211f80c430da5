"""GNU awk (Debian's gawk)."""

import os
import re
import shutil

from debsrc import DebianProject, write_if_changed
from harness import Binary, Program, Unit, run_capture
from projects.common import CORPUS, _digest, xorshift32

# What configure finds on glibc (LP64: x86_64, aarch64 and riscv64 alike)
# with --disable-extensions --disable-nls --without-readline --without-mpfr
# --disable-pma: no dynamic loading of extensions (DYNAMIC), no gettext,
# readline or MPFR (-M), and no persistent memory allocator (pma.c, which
# wants -no-pie).
HAVE = """ALARM ARPA_INET_H ATEXIT BTOWC C_VARARRAYS FCNTL_H FMOD
FWRITE_UNLOCKED GAI_STRERROR GETADDRINFO GETGRENT GETGROUPS GRANTPT
INTMAX_T INTTYPES_H ISASCII ISBLANK ISWCTYPE ISWLOWER ISWUPPER
LANGINFO_CODESET LC_MESSAGES LIBINTL_H LOCALE_H LONG_LONG_INT MBRLEN
MBRTOWC MCHECK_H MEMCMP MEMCPY MEMMOVE MEMORY_H MEMSET MKSTEMP MKTIME
MTRACE NETDB_H NETINET_IN_H POSIX_OPENPT SETENV SETLOCALE SETSID
SIGPROCMASK SNPRINTF SOCKADDR_STORAGE SOCKETS STDBOOL_H STDDEF_H STDINT_H
STDIO_H STDLIB_H STRCASECMP STRCHR STRCOLL STRERROR STRFTIME STRINGIZE
STRINGS_H STRING_H STRNCASECMP STRSIGNAL STRTOD STRTOUL
STRUCT_GROUP_GR_PASSWD STRUCT_PASSWD_PW_PASSWD STRUCT_STAT_ST_BLKSIZE
STRUCT_TM_TM_ZONE SYSTEM SYS_IOCTL_H SYS_PARAM_H SYS_SELECT_H
SYS_SOCKET_H SYS_STAT_H SYS_TIME_H SYS_TYPES_H SYS_WAIT_H TERMIOS_H
TIMEGM TMPFILE TM_ZONE TOWLOWER TOWUPPER TZSET UINTMAX_T UNISTD_H
UNSIGNED_LONG_LONG_INT USLEEP WAITPID WCHAR_H WCRTOMB WCSCOLL WCTYPE
WCTYPE_H WCTYPE_T WINT_T""".split()
VALUES = [
    ("GETGROUPS_T", "gid_t"), ("GETPGRP_VOID", "1"),
    ("PACKAGE", '"gawk"'), ("PACKAGE_BUGREPORT", '"bug-gawk@gnu.org"'),
    ("PACKAGE_NAME", '"GNU Awk"'), ("PACKAGE_STRING", '"GNU Awk 5.2.1"'),
    ("PACKAGE_TARNAME", '"gawk"'),
    ("PACKAGE_URL", '"https://www.gnu.org/software/gawk/"'),
    ("PACKAGE_VERSION", '"5.2.1"'), ("VERSION", '"5.2.1"'),
    ("PRINTF_HAS_A_FORMAT", "1"), ("PRINTF_HAS_F_FORMAT", "1"),
    ("SIZEOF_UNSIGNED_INT", "4"), ("SIZEOF_UNSIGNED_LONG", "8"),
    ("SIZEOF_VOID_P", "8"), ("STDC_HEADERS", "1"),
    ("TIME_T_IN_SYS_TYPES_H", "1"), ("restrict", "__restrict__")]
CONFIG_H = "\n".join(
    ["/* Written by bench/lib/projects/gawk.py: what configure finds on "
     "glibc. */",
     "#ifndef _GNU_SOURCE", "# define _GNU_SOURCE 1", "#endif"] +
    ["#define HAVE_%s 1" % h for h in HAVE] +
    ["#define %s %s" % kv for kv in VALUES] +
    ["#ifndef __cplusplus", "# include <stdbool.h>", "#endif",
     '#include "custom.h"']) + "\n"

# gawk_SOURCES of Makefile.am (awkgram.c and command.c as the tarball has
# them, made by bison) and libsupport_a_SOURCES of support/Makefile.am
# without pma.c.
SOURCES = ["array", "awkgram", "builtin", "cint_array", "command", "debug",
           "eval", "ext", "field", "floatcomp", "gawkapi", "gawkmisc",
           "int_array", "io", "main", "mpfr", "msg", "node", "profile",
           "re", "replace", "str_array", "symbol", "version"]
SUPPORT = ["dfa", "getopt", "getopt1", "localeinfo", "random", "regex",
           "malloc/dynarray_at_failure", "malloc/dynarray_emplace_enlarge",
           "malloc/dynarray_finalize", "malloc/dynarray_resize",
           "malloc/dynarray_resize_clear"]
# Makefile.am's DEFS (prefix /usr; the directory of extensions is unused
# without DYNAMIC) and configure's CFLAGS' -DNDEBUG.
FLAGS = ["-DNDEBUG", "-DHAVE_CONFIG_H", "-DGAWK", "-I", ".", "-I",
         "support", '-DDEFPATH=".:/usr/share/awk"',
         '-DDEFLIBPATH="/usr/lib/gawk"', '-DSHLIBEXT="so"',
         '-DLOCALEDIR="/usr/share/locale"']

# The tests of test/Maketests that run in the plain way (Gentests' rule
# for a test without options: `gawk -f T.awk [< T.in]`, its output and
# any "EXIT CODE: N" compared with T.ok), but those that @load an
# extension (this build has none) and these: one that compares two calls
# of systime() (a second may pass between them), a network one and the
# two-way pipes to commands that sleep two seconds.
NOT_CHECKED = {"indirectbuiltin", "nonfatal3", "clos1way2", "clos1way3",
               "clos1way4", "clos1way5"}
PLAIN = re.compile(
    r'^([A-Za-z0-9_-]+):\n\t@echo \$@\n'
    r'\t@-AWKPATH="\$\(srcdir\)" \$\(AWK\) -f \$@\.awk '
    r' (< "\$\(srcdir\)"/\$@\.in )?>_\$@ 2>&1 \|\| echo EXIT CODE: \$\$\? '
    r'>>_\$@\n\t@-\$\(CMP\) "\$\(srcdir\)"/\$@\.ok _\$@ && rm -f _\$@\n$',
    re.M)


def plain_tests(test_dir):
    """{test: whether it reads T.in} for every test of Maketests that
    runs in the plain way, less those that @load and NOT_CHECKED."""
    with open(os.path.join(test_dir, "Maketests")) as f:
        text = f.read()
    tests = {}
    for m in PLAIN.finditer(text):
        t = m.group(1)
        with open(os.path.join(test_dir, t + ".awk"), "rb") as f:
            if t in NOT_CHECKED or b"@load" in f.read():
                continue
        tests[t] = bool(m.group(2))
    return tests


def ledger(path, records):
    """A comma-separated sales ledger of records (dates, e-mail addresses,
    cities, product codes, quantities, prices, free-text comments), the
    same bytes on every run."""
    if os.path.exists(path):
        return path
    rnd = xorshift32(362436069)
    first = ["ada", "grace", "alan", "edsger", "barbara", "ken", "dennis",
             "niklaus", "donald", "john", "frances", "margaret", "tony",
             "leslie", "radia", "sophie"]
    last = ["", "lovelace", "hopper", "turing", "dijkstra", "liskov",
            "thompson", "ritchie", "wirth", "knuth", "backus"]
    domains = ["example.com", "example.org", "mail.ch", "post-box.de",
               "uni.edu", "corp.net"]
    cities = ["zurich", "GENEVA", "Basel", "lausanne", "Bern", "lugano",
              "LUCERNE", "st gallen", "Winterthur", "biel", "Thun"]
    families = ["AB", "CX", "DL", "EFG", "HQ", "KT", "MZ", "PRX"]
    variants = ["", "", "", "red", "blue", "xl", "mini", "pro"]
    words = ("please deliver before noon the parcel was damaged call me "
             "when you arrive gift wrap it thanks a lot urgent leave at the "
             "door invoice to the office second floor ring twice asap "
             "fragile handle with care no plastic recycled box only weekdays "
             "immediately replacement for order missing item refund "
             "requested colour mismatch size too small great service again "
             "back order partial shipment ok").split()
    # Made-up words of one to three syllables, the first of the list far
    # more often than the last (many words seen once, as in a real text).
    syllables = ("ka lo mi ne ru sa to vi den mar pel quo rin sol tek ba "
                 "fu gi ho ja").split()

    def made_up():
        k = rnd() % (1 + rnd() % 4000)
        return "".join(syllables[(k >> (5 * j)) % len(syllables)]
                       for j in range(1 + k % 3))
    lines = ["id,date,customer,city,product,quantity,price,comment"]
    for i in range(records):
        r = rnd()
        s = rnd()
        date = "%d-%02d-%02d" % (2021 + r % 3, 1 + (r >> 3) % 12,
                                 1 + (r >> 7) % 28)
        if s % 97 == 0:
            date = date.replace("-", "/")
        name = first[(r >> 11) % len(first)]
        sur = last[(s >> 3) % len(last)]
        email = "%s%s%s@%s" % (name, "." + sur if sur else "",
                               (s >> 9) % 100 if s & 1 else "",
                               domains[(s >> 16) % len(domains)])
        if s % 89 == 0:
            email = email.replace("@", " at ")
        variant = variants[(r >> 15) % len(variants)]
        code = "%s-%d%s" % (families[(r >> 19) % len(families)],
                            (s >> 5) % 400, "-" + variant if variant else "")
        comment = " ".join(words[rnd() % len(words)] if rnd() % 3 else
                           made_up() for _ in range(2 + (r >> 23) % 14))
        if s % 5 == 0:
            comment += " ref %d" % (rnd() % 1000000)
        if s % 7 == 0:
            comment = comment.capitalize() + "!"
        lines.append("%d,%s,%s,%s,%s,%d,%d.%02d,%s" % (
            i + 1, date, email, cities[(r >> 24) % len(cities)], code,
            1 + (s >> 20) % 12, 1 + (r >> 4) % 300, (s >> 12) % 100,
            comment))
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, path)
    return path


class Gawk(DebianProject):
    """GNU awk 5.2.1 (its grammar by bison, the byte-code interpreter,
    arrays of several kinds, fields and records, GNU regex and dfa,
    printf, the sorted traversal of arrays), without extensions, MPFR,
    readline and gettext."""
    name = "gawk"
    package, version = "gawk", "1:5.2.1-2"
    orig = "gawk_5.2.1.orig.tar.xz"
    sha256 = "2337a0283b180ec1b9c727973a34781c6478b3ae9bcbdcca0a4dc49861d75a65"
    program_names = ["gawk"]
    RECORDS = 10000

    def setup(self, root):
        write_if_changed(os.path.join(root, "config.h"), CONFIG_H)
        return root

    def units(self, src):
        units = [Unit(f + ".c", FLAGS, name="gawk_" + f) for f in SOURCES]
        units += [Unit("support/%s.c" % f, FLAGS,
                       name="gawk_support_" + os.path.basename(f))
                  for f in SUPPORT]
        self.objs = [u.name for u in units]
        return units

    def programs(self, src, ctx):
        workload_awk = os.path.join(CORPUS, "gawk", "workload.awk")
        tests = plain_tests(os.path.join(src, "test"))
        # test/Makefile.am's AWK: the C locale, no MPFR warning.
        env = dict(os.environ, LANGUAGE="", LC_ALL="C", LANG="C",
                   GAWK_NO_MPFR_WARN="1")

        def data():
            # (The count in the name: the file is made once.)
            return ledger(ctx.path("work", "gawk-ledger-%d.csv" %
                                   self.RECORDS), self.RECORDS)

        def workload(binpath, workdir):
            return [binpath["gawk"], "-f", workload_awk, data()], None

        def check(ctx, variant, binpath):
            out = {}
            # In a copy of test/: some tests write files beside themselves.
            wd = ctx.path("work", "gawk-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            shutil.copytree(os.path.join(src, "test"), wd)
            tenv = dict(env, AWKPATH=wd)
            for t in sorted(tests):
                rc, text = run_capture(
                    [binpath["gawk"], "-f", t + ".awk"],
                    os.path.join(wd, t + ".in") if tests[t] else None,
                    cwd=wd, env=tenv, timeout=300)
                if rc != 0:
                    text += b"EXIT CODE: %s\n" % str(rc).encode()
                with open(os.path.join(wd, t + ".ok"), "rb") as f:
                    ok = f.read() == text
                out["test-" + t] = (ok, (rc, _digest(text)))
            shutil.rmtree(wd, ignore_errors=True)
            argv, _ = workload(binpath, None)
            rc, text = run_capture(argv, env=env)
            out["workload"] = (rc == 0 and text.startswith(
                b"records %d, " % self.RECORDS), (rc, _digest(text)))
            return out

        return [Program(
            "gawk", [Binary("gawk", self.objs, ["-lm"])], check, workload,
            compare=True,
            describe="gawk 5.2.1 (%d sources and %d of support/; no "
            "extensions, MPFR, readline, gettext or pma)" % (
                len(SOURCES), len(SUPPORT)),
            workload_text="bench/corpus/gawk/workload.awk over a generated "
            "sales ledger of %d records: field splitting, totals in "
            "associative arrays, word frequencies, match with groups, "
            "gsub, gensub, printf, recursive functions, sorted traversal; "
            "checks: %d of test/*.awk as Maketests runs them, compared "
            "with their .ok, and the workload's output" % (
                self.RECORDS, len(tests)))]


# The recipes of this module, and where they come in the tables.
ORDER = 335
PROJECTS = [Gawk()]
