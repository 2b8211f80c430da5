"""Nettle 3.8.1 (Debian): libnettle (without libhogweed) under a workload
of our own, and its own test suite."""

import hashlib
import os
import re

from debsrc import DebianProject, configured_header, write_if_changed
from harness import BenchError, Binary, Program, Unit, run_capture
from projects.common import CORPUS, _digest, own_unit

# What configure finds on Linux (x86-64 and AArch64 alike: both LP64),
# given to upstream's config.h.in as configure does, with
# --disable-assembler (no HAVE_NATIVE_*: the C versions of every
# function) and without libhogweed (no GMP: WITH_HOGWEED undefined).
CONFIG = {
    "HAVE_ALLOCA": "1", "HAVE_ALLOCA_H": "1", "HAVE_BUILTIN_BSWAP64": "1",
    "HAVE_CLOCK_GETTIME": "1", "HAVE_GCC_ATTRIBUTE": "1",
    "HAVE_GETLINE": "1", "HAVE_INTTYPES_H": "1", "HAVE_MEMORY_H": "1",
    "HAVE_STDINT_H": "1", "HAVE_STDLIB_H": "1", "HAVE_STRERROR": "1",
    "HAVE_STRINGS_H": "1", "HAVE_STRING_H": "1", "HAVE_SYS_STAT_H": "1",
    "HAVE_SYS_TYPES_H": "1", "HAVE_UNISTD_H": "1", "STDC_HEADERS": "1",
    "SIZEOF_LONG": "8", "SIZEOF_SIZE_T": "8",
    "PACKAGE_BUGREPORT": '"nettle-bugs@lists.lysator.liu.se"',
    "PACKAGE_NAME": '"nettle"', "PACKAGE_STRING": '"nettle 3.8.1"',
    "PACKAGE_TARNAME": '"nettle"', "PACKAGE_URL": '""',
    "PACKAGE_VERSION": '"3.8.1"'}
VERSION = {"@MAJOR_VERSION@": "3", "@MINOR_VERSION@": "8",
           "@NETTLE_USE_MINI_GMP@": "0"}
FLAGS = ["-DHAVE_CONFIG_H", "-I.",
         # Objects are cached by command: what we write into config.h
         # and version.h in it.
         "-DBENCH_CONFIG_SHA256=" + hashlib.sha256(
             repr((sorted(CONFIG.items()), sorted(VERSION.items())))
             .encode()).hexdigest()[:16]]
# testsuite/Makefile.in's TS_NETTLE_SOURCES: one or two of each family
# (every cipher, mode, AEAD and MAC; hashes of each design), not the
# slowest (umac, poly1305, pbkdf2, bcrypt and base64 take 0.5 to 3 s
# each natively; the workload runs PBKDF2, the MACs and the armors) nor
# x86-ibt-test (x86 only).
TESTS = ["aes", "arcfour", "arctwo", "blowfish", "cast128", "camellia",
         "chacha", "des", "des3", "salsa20", "serpent", "twofish",
         "md5", "ripemd160", "gosthash94", "sha1", "sha256", "sha512",
         "sha3-256", "shake256", "streebog", "sm3",
         "cbc", "ctr", "xts", "gcm", "eax", "ccm", "siv", "cmac",
         "chacha-poly1305", "hmac", "hkdf", "knuth-lfib", "yarrow",
         "meta-hash", "meta-cipher", "meta-aead", "meta-mac",
         "meta-armor", "base16", "memxor", "version"]
ROUNDS = 8


def nettle_sources(src):
    """Makefile.in's nettle_SOURCES."""
    with open(os.path.join(src, "Makefile.in")) as f:
        text = f.read()
    m = re.search(r"^nettle_SOURCES\s*=((?:.*\\\n)*.*)$", text, re.M)
    if not m:
        raise BenchError("nettle: no nettle_SOURCES in Makefile.in")
    return m.group(1).replace("\\\n", " ").split()


class Nettle(DebianProject):
    """libnettle, its test programs and nettle-bench."""
    name = "nettle"
    package, version = "nettle", "3.8.1-2"
    orig = "nettle_3.8.1.orig.tar.gz"
    sha256 = "364f3e2b77cd7dcde83fd7c45219c834e54b0c75e428b6f894a23d12dd41cbfe"
    program_names = ["nettle"]

    def setup(self, root):
        # config.h and version.h as configure writes them from their .in.
        conf = configured_header(os.path.join(root, "config.h.in"), CONFIG)
        with open(os.path.join(root, "version.h.in")) as f:
            version = f.read()
        for k, v in VERSION.items():
            version = version.replace(k, v)
        for name, text in (("config.h", conf), ("version.h", version)):
            path = os.path.join(root, name)
            write_if_changed(path, text)
        return root

    def archives(self):
        return {"nettle": self.lib}

    def units(self, src):
        units = [Unit(f, FLAGS, name="lib_" + f[:-2].replace("-", "_"))
                 for f in nettle_sources(src)]
        self.lib = [u.name for u in units]
        # testsuite/Makefile.in's TEST_OBJS.
        tflags = FLAGS + ["-Itestsuite"]
        units.append(Unit("testsuite/testutils.c", tflags, name="testutils"))
        units.append(Unit("nettle-internal.c", FLAGS,
                          name="nettle_internal"))
        units += [Unit("testsuite/%s-test.c" % t, tflags,
                       name="t_" + t.replace("-", "_")) for t in TESTS]
        units.append(own_unit(os.path.join(CORPUS, "nettle",
                                           "nettle-bench.c"),
                              FLAGS, "nettle_bench"))
        return units

    def programs(self, src, ctx):
        tdir = os.path.join(src, "testsuite")

        def check(ctx, variant, binpath):
            out = {}
            for rounds in (1, ROUNDS):
                rc, text = run_capture([binpath["nettle-bench"],
                                        str(rounds)])
                out["nettle-bench %d" % rounds] = (
                    rc == 0 and text.endswith(b"\nOK\n"),
                    (rc, _digest(text)))
            for t in TESTS:
                # From testsuite/, as `make check` runs them (yarrow-test
                # reads gold-bug.txt there).
                rc, text = run_capture([binpath[t + "-test"]], cwd=tdir)
                out[t + "-test"] = (rc == 0, (rc, _digest(text)))
            return out

        binaries = [Binary("nettle-bench", ["nettle_bench", "lib:nettle"])]
        binaries += [Binary(t + "-test", ["t_" + t.replace("-", "_"),
                                          "testutils", "nettle_internal",
                                          "lib:nettle"]) for t in TESTS]
        return [Program(
            "nettle", binaries, check,
            lambda b, w: ([b["nettle-bench"], str(ROUNDS)], None),
            compare=True,
            describe="nettle-bench (bench/corpus/nettle, ours) and %d "
            "programs of the testsuite on Nettle 3.8.1's libnettle (%d "
            "sources, C only)" % (len(TESTS), len(self.lib)),
            workload_text="nettle-bench %d: every hash, cipher (ECB, CBC, "
            "CTR), AEAD, MAC and armor of Nettle's lists over %d passes of "
            "64 KiB, and PBKDF2-HMAC-SHA256" % (ROUNDS, ROUNDS))]


# The recipes of this module, and where they come in the tables.
ORDER = 340
PROJECTS = [Nettle()]
