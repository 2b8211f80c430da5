"""libsodium 1.0.18 (Debian): its own test programs, each output checked
against its .exp file, and one of them in libsodium's benchmark mode."""

import concurrent.futures
import os
import re
import shutil

from debsrc import DebianProject, write_if_changed
from harness import BenchError, Binary, Program, Unit, run_capture
from projects.common import _digest

# What configure finds on glibc (DEFS: libsodium has no config.h), for
# the portable C implementations on every target: no HAVE_AMD64_ASM or
# HAVE_AVX_ASM (the assembly of salsa20 and curve25519), no
# HAVE_*INTRIN_H (the SSE2 to AVX-512 and AES-NI files compile to nothing
# or, aead_aes256gcm_aesni.c, to its stubs), no HAVE_CPUID or HAVE_RDRAND
# (no CPU features found: the reference code is chosen at run time), no
# HAVE_INLINE_ASM (its one use, an empty barrier in sodium_memzero, is
# behind explicit_bzero). HAVE_TI_MODE: __int128, as configure finds on
# x86-64 and AArch64 alike (the 51-bit limbs of ed25519 and poly1305's
# donna64). Not HAVE_ARC4RANDOM, which glibc 2.36 has: with it the
# tests' cmptest.h turns rand() into arc4random(), their inputs
# different on every run; without it they are glibc's fixed rand().
DEFS = ["-DCONFIGURED=1", "-DHAVE_PTHREAD=1", "-DHAVE_CATCHABLE_SEGV=1",
        "-DHAVE_CATCHABLE_ABRT=1", "-DTLS=_Thread_local",
        "-DHAVE_SYS_MMAN_H=1", "-DHAVE_SYS_RANDOM_H=1",
        "-DNATIVE_LITTLE_ENDIAN=1", "-DHAVE_TI_MODE=1",
        "-DHAVE_WEAK_SYMBOLS=1", "-DCPU_UNALIGNED_ACCESS=1",
        "-DHAVE_ATOMIC_OPS=1", "-DHAVE_ALLOCA_H=1", "-DHAVE_ALLOCA=1",
        "-DHAVE_MMAP=1", "-DHAVE_MLOCK=1", "-DHAVE_MADVISE=1",
        "-DHAVE_MPROTECT=1", "-DHAVE_GETRANDOM=1", "-DHAVE_GETENTROPY=1",
        "-DHAVE_POSIX_MEMALIGN=1", "-DHAVE_GETPID=1", "-DHAVE_NANOSLEEP=1",
        "-DHAVE_EXPLICIT_BZERO=1"]
# The Makefile.am conditionals that hold with those: the 128-bit
# arithmetic, not a minimal build, not Emscripten (the others, the
# assembly ones, do not).
CONDITIONS = {"HAVE_TI_MODE"}
# configure.ac's version numbers, for version.h.in.
VERSION = {"@VERSION@": "1.0.18", "@SODIUM_LIBRARY_VERSION_MAJOR@": "10",
           "@SODIUM_LIBRARY_VERSION_MINOR@": "3",
           "@SODIUM_LIBRARY_MINIMAL_DEF@": ""}
VERSION_H = "src/libsodium/include/sodium/version.h"
# The flags configure adds to every compile that change what the code
# means (not the hardening ones).
CFLAGS = ["-fno-strict-aliasing", "-fno-strict-overflow"]
# test/default/Makefile.am's TESTS_TARGETS (not a minimal build, not
# Emscripten): every program of test/default.
TESTS = [
    "aead_aes256gcm", "aead_aes256gcm2", "aead_chacha20poly1305",
    "aead_chacha20poly13052", "aead_xchacha20poly1305", "auth", "auth2",
    "auth3", "auth5", "auth6", "auth7", "box", "box2", "box7", "box8",
    "box_easy", "box_easy2", "box_seal", "box_seed", "chacha20", "codecs",
    "core1", "core2", "core3", "core4", "core5", "core6", "ed25519_convert",
    "generichash", "generichash2", "generichash3", "hash", "hash3", "kdf",
    "keygen", "kx", "metamorphic", "misuse", "onetimeauth", "onetimeauth2",
    "onetimeauth7", "pwhash_argon2i", "pwhash_argon2id", "randombytes",
    "scalarmult", "scalarmult2", "scalarmult5", "scalarmult6",
    "scalarmult7", "scalarmult8", "secretbox", "secretbox2", "secretbox7",
    "secretbox8", "secretbox_easy", "secretbox_easy2", "secretstream",
    "shorthash", "sign", "sodium_core", "sodium_utils", "sodium_version",
    "stream", "stream2", "stream3", "stream4", "verify1", "sodium_utils2",
    "sodium_utils3", "core_ed25519", "core_ristretto255", "pwhash_scrypt",
    "pwhash_scrypt_ll", "scalarmult_ed25519", "scalarmult_ristretto255",
    "siphashx24", "xchacha20"]
# The workload: a test program built as configure --enable-benchmarks
# builds it (cmptest.h's BENCHMARKS: xmain() run ITERATIONS times,
# nothing printed but the time per iteration).
BENCH = "metamorphic"
ITERATIONS = 30
# ... with a header of ours included first: the benchmark's random bytes
# (its messages' lengths, keys and contents) from a fixed xorshift32
# sequence, and a clock that stands still, so that every run executes the
# same instructions (and prints 0).
FIXED_H = """\
/* Written by bench/lib/projects/libsodium.py: the benchmark's random
   bytes from a fixed seed, its clock standing still. */
#include <sys/time.h>
#include "sodium.h"

static uint32_t bench_x = 2463534242U;

static const char *
bench_random_name(void)
{
    return "bench-xorshift32";
}

static uint32_t
bench_random(void)
{
    bench_x ^= bench_x << 13;
    bench_x ^= bench_x >> 17;
    bench_x ^= bench_x << 5;
    return bench_x;
}

static void
bench_random_buf(void * const buf, const size_t size)
{
    unsigned char *p = (unsigned char *) buf;
    size_t         i;

    for (i = 0; i < size; i++) {
        p[i] = (unsigned char) bench_random();
    }
}

static randombytes_implementation bench_fixed_random = {
    bench_random_name, bench_random, NULL, NULL, bench_random_buf, NULL
};

#define randombytes_set_implementation(impl) \\
    randombytes_set_implementation(&bench_fixed_random)

static int
bench_gettimeofday(struct timeval *tv, void *tz)
{
    (void) tz;
    tv->tv_sec = 0;
    tv->tv_usec = 0;
    return 0;
}

#define gettimeofday bench_gettimeofday
"""


def am_sources(path, conditions):
    """Every .c of every *_SOURCES of a Makefile.am, under its if/else/endif
    conditionals (true: those named in conditions; !NAME the others)."""
    with open(path) as f:
        lines = f.read().replace("\\\n", " ").splitlines()
    stack, out = [], []
    for line in lines:
        words = line.split()
        if not words:
            continue
        if words[0] == "if":
            name = words[1].lstrip("!")
            stack.append((name in conditions) != words[1].startswith("!"))
        elif words[0] == "else":
            stack[-1] = not stack[-1]
        elif words[0] == "endif":
            stack.pop()
        elif all(stack):
            m = re.match(r"^\w+_SOURCES\s*\+?=(.*)$", line)
            if m:
                out += [f for f in m.group(1).split() if f.endswith(".c")]
    if stack or not out:
        raise BenchError("libsodium: cannot read the sources of " + path)
    return out


class Libsodium(DebianProject):
    """libsodium and the programs of its test/default."""
    name = "libsodium"
    package, version = "libsodium", "1.0.18-1+deb12u1"
    orig = "libsodium_1.0.18.orig.tar.gz"
    sha256 = "d59323c6b712a1519a5daf710b68f5e7fde57040845ffec53850911f10a5d4f4"
    program_names = ["libsodium"]

    def setup(self, root):
        # version.h as configure writes it from its .in; our header at the
        # top, where -include finds it.
        with open(os.path.join(root, VERSION_H + ".in")) as f:
            version = f.read()
        for k, v in VERSION.items():
            version = version.replace(k, v)
        self.version_h = version
        write_if_changed(os.path.join(root, VERSION_H), version)
        write_if_changed(os.path.join(root, "bench_fixed_random.h"), FIXED_H)
        return root

    def archives(self):
        return {"sodium": self.lib}

    def units(self, src):
        # Objects are cached by command: what we write into version.h in
        # it, and configure's DEFS.
        common = DEFS + CFLAGS + [
            "-DBENCH_CONFIG_SHA256=" + _digest(self.version_h.encode())[:16]]
        # libsodium_la_CPPFLAGS; the libraries of libsodium_la_LIBADD
        # (librdrand, libsse2, ...) are sources of libsodium here.
        lib = common + ["-Isrc/libsodium/include/sodium"]
        units = [Unit("src/libsodium/" + f, lib, name="sodium_" +
                      f[:-2].replace("/", "_"))
                 for f in am_sources(os.path.join(
                     src, "src/libsodium/Makefile.am"), CONDITIONS)]
        self.lib = [u.name for u in units]
        # test/default/Makefile.am's AM_CPPFLAGS (srcdir: the directory
        # the tests run in, where their .exp files are).
        test = common + ['-DTEST_SRCDIR="."', "-Isrc/libsodium/include",
                         "-Isrc/libsodium/include/sodium", "-Itest/quirks"]
        units += [Unit("test/default/%s.c" % t, test, name="t_" + t)
                  for t in TESTS]
        units.append(Unit(
            "test/default/%s.c" % BENCH, test + [
                "-DBENCHMARKS", "-DITERATIONS=%d" % ITERATIONS,
                "-include", "bench_fixed_random.h",
                "-DBENCH_FIXED_SHA256=" + _digest(FIXED_H.encode())[:16]],
            name="bench_" + BENCH))
        return units

    def programs(self, src, ctx):
        tdir = os.path.join(src, "test", "default")
        bench = "bench-" + BENCH

        def check(ctx, variant, binpath):
            # Each test writes NAME.res in its working directory and
            # compares it with NAME.exp there (exit 99 when they differ),
            # as `make check` runs them; we compare them too.
            wd = ctx.path("work", "libsodium-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            for t in TESTS:
                shutil.copyfile(os.path.join(tdir, t + ".exp"),
                                os.path.join(wd, t + ".exp"))

            def one(t):
                rc, text = run_capture([binpath[t]], cwd=wd)
                res = os.path.join(wd, t + ".res")
                got = None
                if os.path.exists(res):
                    with open(res, "rb") as f:
                        got = f.read()
                with open(os.path.join(wd, t + ".exp"), "rb") as f:
                    want = f.read()
                return t, (rc == 0 and got == want,
                           (rc, _digest(got) if got is not None else None))

            with concurrent.futures.ThreadPoolExecutor(ctx.jobs) as ex:
                out = dict(ex.map(one, TESTS))
            rc, text = run_capture([binpath[bench]], cwd=wd)
            out[bench] = (rc == 0 and text == b"0\n", (rc, _digest(text)))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        binaries = [Binary(bench, ["bench_" + BENCH, "lib:sodium"])]
        binaries += [Binary(t, ["t_" + t, "lib:sodium"]) for t in TESTS]
        return [Program(
            "libsodium", binaries, check,
            lambda b, w: ([b[bench]], None), timed=bench, text="sum",
            compare=True,
            describe="libsodium 1.0.18: its %d test programs (test/default, "
            "each output checked against its .exp) and %s.c in its "
            "benchmark mode, %d library sources (the portable C "
            "implementations, no assembly or intrinsics); .text: the sum "
            "of the programs'" % (
                len(TESTS), BENCH, len(self.lib)),
            workload_text="test/default/%s.c built as --enable-benchmarks "
            "builds it, %d iterations (random bytes from a fixed xorshift32 "
            "seed): incremental against one-shot BLAKE2b, Poly1305, "
            "HMAC-SHA-256 and HMAC-SHA-512 of 1000 random-length messages "
            "each" % (BENCH, ITERATIONS))]


# The recipes of this module, and where they come in the tables.
ORDER = 345
PROJECTS = [Libsodium()]
