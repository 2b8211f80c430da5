"""FLAC (Debian)."""

import array
import math
import os
import shutil
import struct

from debsrc import DebianProject, write_if_changed
from harness import Binary, Program, Unit, run_capture
from projects.common import (
    _digest,
    file_digest,
    round_trip as common_round_trip,
    xorshift32)

# What flac's configure finds on glibc, with the options we build with:
# no Ogg (--disable-ogg), no assembly or intrinsics
# (--disable-asm-optimizations: the portable C paths on every target),
# 32-bit bit-buffer words (its default), a release build (NDEBUG). LP64
# and little-endian on every target here.
CONFIG_H = """\
/* Written by bench/lib/projects/flac.py: what configure finds on glibc. */
#define CPU_IS_BIG_ENDIAN 0
#define CPU_IS_LITTLE_ENDIAN 1
#define ENABLE_64_BIT_WORDS 0
#define FLAC__HAS_OGG 0
#define FLAC__HAS_X86INTRIN 0
#define FLAC__HAS_NEONINTRIN 0
#define FLAC__HAS_A64NEONINTRIN 0
#define FLAC__NO_ASM 1
#define FLAC__SYS_LINUX 1
#define HAVE_BSWAP16 1
#define HAVE_BSWAP32 1
#define HAVE_BYTESWAP_H 1
#define HAVE_CLOCK_GETTIME 1
#define HAVE_FSEEKO 1
#define HAVE_GETOPT_LONG 1
#define HAVE_ICONV 1
#define ICONV_CONST
#define HAVE_INTTYPES_H 1
#define HAVE_LANGINFO_CODESET 1
#define HAVE_LROUND 1
#define HAVE_STDINT_H 1
#define HAVE_STDIO_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRINGS_H 1
#define HAVE_STRING_H 1
#define HAVE_SYS_IOCTL_H 1
#define HAVE_SYS_PARAM_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_TERMIOS_H 1
#define HAVE_TYPEOF 1
#define HAVE_UNISTD_H 1
#define HAVE_WCHAR_H 1
#define NDEBUG 1
#define PACKAGE "flac"
#define PACKAGE_NAME "flac"
#define PACKAGE_TARNAME "flac"
#define PACKAGE_VERSION "1.4.2"
#define PACKAGE_STRING "flac 1.4.2"
#define PACKAGE_BUGREPORT "flac-dev@xiph.org"
#define PACKAGE_URL "https://www.xiph.org/flac/"
#define VERSION "1.4.2"
#define SIZEOF_OFF_T 8
#define SIZEOF_VOIDP 8
#define STDC_HEADERS 1
#define _FILE_OFFSET_BITS 64
#define _LARGEFILE_SOURCE 1
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#ifndef _ALL_SOURCE
#define _ALL_SOURCE 1
#endif
"""

# libFLAC_sources of src/libFLAC/Makefile.am without the intrinsics
# files (*_intrin_*.c: empty without FLAC__HAS_X86INTRIN and the NEON
# ones) and the Ogg ones.
LIBFLAC = ["bitmath", "bitreader", "bitwriter", "cpu", "crc", "fixed",
           "float", "format", "lpc", "md5", "memory", "metadata_iterators",
           "metadata_object", "stream_decoder", "stream_encoder",
           "stream_encoder_framing", "window"]
# The convenience libraries of src/share/Makefile.am that flac_LDADD
# names, and flac_SOURCES of src/flac/Makefile.am.
SHARE = ["getopt/getopt", "getopt/getopt1", "grabbag/alloc",
         "grabbag/cuesheet", "grabbag/file", "grabbag/picture",
         "grabbag/replaygain", "grabbag/seektable", "grabbag/snprintf",
         "utf8/charset", "utf8/iconvert", "utf8/utf8",
         "replaygain_analysis/replaygain_analysis",
         "replaygain_synthesis/replaygain_synthesis"]
FLAC = ["analyze", "decode", "encode", "foreign_metadata", "main",
        "local_string_utils", "utils", "vorbiscomment"]


def melody(seconds, rate, rnd):
    """Pairs of float samples in about [-1, 1], the same for the same
    rnd (common.xorshift32): a melody of decaying harmonic notes (a
    quarter second each, from a fixed sequence), a bass tone, a little
    noise; and a second channel that mixes the first with a tone of its
    own (what stereo decorrelation finds)."""
    scale = [0, 2, 4, 5, 7, 9, 11, 12, 14, 16]
    notes = [220.0 * 2 ** (scale[rnd() % len(scale)] / 12.0)
             for _ in range(int(seconds * 4) + 1)]
    step = rate // 4
    tau = 2 * math.pi / rate
    for i in range(int(seconds * rate)):
        k, t = divmod(i, step)
        f = notes[k]
        env = math.exp(-3.0 * t / step)
        noise = ((rnd() & 0xffff) - 32768) / 32768.0
        s = env * (0.5 * math.sin(tau * f * i) +
                   0.2 * math.sin(tau * 2 * f * i) +
                   0.1 * math.sin(tau * 3.01 * f * i)) + \
            0.15 * math.sin(tau * 55 * i) + 0.01 * noise
        yield s, 0.8 * s + 0.05 * math.sin(tau * 330 * i)


def pcm_samples(seconds, rate, channels, amp):
    """Interleaved integer samples of melody(), the same on every run."""
    out = array.array("i")
    for s, v in melody(seconds, rate, xorshift32(0x9e3779b9)):
        out.append(int(s * 0.8 * amp))
        if channels == 2:
            out.append(int(v * 0.8 * amp))
    return out


def write_once(path, data):
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.replace(path + ".tmp", path)
    return path


def flac_wav(path, seconds=20, rate=44100):
    """A 16-bit stereo WAVE file of pcm_samples (once)."""
    if os.path.exists(path):
        return path
    data = array.array("h", pcm_samples(seconds, rate, 2,
                                        (1 << 15) - 1)).tobytes()
    hdr = b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt " + \
        struct.pack("<IHHIIHH", 16, 1, 2, rate, rate * 4, 4, 16) + \
        b"data" + struct.pack("<I", len(data))
    return write_once(path, hdr + data)


def flac_raw24(path, seconds=5, rate=48000):
    """Raw signed 24-bit little-endian mono samples of pcm_samples
    (once)."""
    if os.path.exists(path):
        return path
    data = b"".join(struct.pack("<i", v)[:3] for v in
                    pcm_samples(seconds, rate, 1, (1 << 23) - 1))
    return write_once(path, data)


class Flac(DebianProject):
    """The flac command line (encoder and decoder) with libFLAC."""
    name = "flac"
    package, version = "flac", "1.4.2+ds-2"
    orig = "flac_1.4.2+ds.orig.tar.xz"
    sha256 = "47274ac8fcb1f0e6caa91d29f943925d7a40c0a3f6357c3275773bdb1ee46638"
    program_names = ["flac"]
    LEVEL = 8
    # main() seeds rand() with time(0), for Ogg serial numbers only (off
    # here); glibc's srand() takes a branch per round of its seeding
    # that depends on the seed, so the instructions executed would differ
    # from run to run by a few hundred. A fixed seed instead.
    # The macro comes after <stdlib.h>'s declaration of srand (a header
    # of ours that setup() writes, included first).
    FIXED_SEED_H = ("/* Written by bench/lib/projects/flac.py. */\n"
                    "#include <stdlib.h>\n"
                    "#define srand(seed) srand(1u)\n")
    FIXED_SEED = {"main": ["-include", "bench_fixed_seed.h",
                           "-DBENCH_SEED_SHA256=" +
                           _digest(FIXED_SEED_H.encode())[:16]]}
    # Raw input needs its format; decoding to raw only the byte order
    # and signedness.
    RAW24 = ["--force-raw-format", "--endian=little", "--sign=signed",
             "--channels=1", "--bps=24", "--sample-rate=48000"]
    RAW24_OUT = ["--force-raw-format", "--endian=little", "--sign=signed"]

    def setup(self, root):
        # The config.h of configure (HAVE_CONFIG_H), at the top of the
        # source tree where -I. finds it, and the fixed seed's header.
        for name, text in (("config.h", CONFIG_H),
                           ("bench_fixed_seed.h", self.FIXED_SEED_H)):
            path = os.path.join(root, name)
            write_if_changed(path, text)
        return root

    def units(self, src):
        # Objects are cached by their command line: the header's digest
        # in it compiles them again when the header changes.
        common = ["-DHAVE_CONFIG_H", "-DBENCH_CONFIG_SHA256=" +
                  _digest(CONFIG_H.encode())[:16], "-I", ".", "-I",
                  "include"]
        # libFLAC's AM_CFLAGS in a release build (ASSOCMATHCFLAGS).
        lib = common + ["-I", "src/libFLAC/include", "-fassociative-math",
                        "-fno-signed-zeros", "-fno-trapping-math",
                        "-freciprocal-math"]
        share = common + ["-I", "src/share/replaygain_synthesis/include"]
        units = [Unit("src/libFLAC/%s.c" % f, lib, name="libFLAC_" + f)
                 for f in LIBFLAC]
        units += [Unit("src/share/%s.c" % f, share,
                       name="share_" + f.replace("/", "_")) for f in SHARE]
        units += [Unit("src/flac/%s.c" % f, common + self.FIXED_SEED.get(
            f, []), name="flac_" + f) for f in FLAC]
        self.objs = [u.name for u in units]
        return units

    def programs(self, src, ctx):
        def inputs():
            return (flac_wav(ctx.path("work", "flac-input.wav")),
                    flac_raw24(ctx.path("work", "flac-input-24.raw")))

        def check(ctx, variant, binpath):
            fl = binpath["flac"]
            wav, raw = inputs()
            wd = ctx.path("work", "flac-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            out = {}

            def frun(argv, stdin=None):
                return run_capture([fl] + argv, stdin, cwd=wd)

            def round_trip(name, src_path, cargs, dargs=()):
                return common_round_trip(
                    frun, wd, out, name, src_path, ".flac",
                    [["-s", "-f"] + cargs + ["{src}", "-o", "{packed}"],
                     ["-s", "-t", "{packed}"],
                     ["-s", "-f", "-d"] + list(dargs) +
                      ["{packed}", "-o", "{out}"]],
                    keep=True)

            # The presets: fixed predictors (0-2), LPC of rising orders
            # and apodizations (3-8), exhaustive model search, no
            # mid-side, a blocksize of our own; 24-bit raw mono.
            for level in (0, 2, 3, 5, 8):
                round_trip("level-%d" % level, wav, ["-%d" % level])
            round_trip("exhaustive", raw, ["-5", "-e"] + self.RAW24,
                       self.RAW24_OUT)
            round_trip("raw24-level-8", raw, ["-8"] + self.RAW24,
                       self.RAW24_OUT)
            round_trip("no-mid-side", wav, ["-6", "-m", "-M", "-b", "1152"])
            round_trip("independent", wav, ["-4", "--no-mid-side",
                                            "-b", "4096"])
            round_trip("lax-order-32", raw, ["--lax", "-l", "32", "-r",
                                             "0,8", "-b", "2048"] +
                       self.RAW24, self.RAW24_OUT)
            # A part of a file (seeking), and flac -a's analysis text.
            c = round_trip("seekable", wav, ["-5", "-S", "1s"])
            rc, t = frun(["-s", "-d", "-f", "--skip=0:03.5",
                          "--until=0:07.25", os.path.basename(c),
                          "-o", "part.wav"])
            part = os.path.join(wd, "part.wav")
            out["skip-until"] = (rc == 0 and os.path.exists(part),
                                 (rc, file_digest(part)
                                  if os.path.exists(part) else None))
            rc, t = frun(["-s", "-a", "level-0.flac", "-o", "level-0.ana"])
            ana = os.path.join(wd, "level-0.ana")
            out["analyze"] = (rc == 0 and os.path.exists(ana),
                              (rc, file_digest(ana)
                               if os.path.exists(ana) else None))
            # ReplayGain: analysis at encoding, applied at decoding.
            rc1, _ = frun(["-s", "-f", "--replay-gain", wav, "-o",
                           "rg.flac"])
            rc2, _ = frun(["-s", "-d", "-f",
                           "--apply-replaygain-which-is-not-lossless=0aLn1",
                           "rg.flac", "-o", "rg.wav"])
            rg = os.path.join(wd, "rg.wav")
            out["replay-gain"] = (
                rc1 == 0 and rc2 == 0 and os.path.exists(rg),
                (rc1, rc2, file_digest(os.path.join(wd, "rg.flac")),
                 file_digest(rg) if os.path.exists(rg) else None))
            # Streams: from standard input to a file, and from a file on
            # standard input to standard output (to a stream, flac warns
            # on stderr, which run_capture mixes in: it cannot write the
            # MD5 sum back).
            c = os.path.join(wd, "stream.flac")
            rc1, _ = frun(["-s", "-7", "-", "-o", c], wav)
            rc2, t2 = frun(["-s", "-d", "-c", "-"], c)
            with open(wav, "rb") as f:
                same = t2 == f.read()
            out["stream"] = (rc1 == 0 and rc2 == 0 and same,
                             (rc1, rc2, file_digest(c)
                              if os.path.exists(c) else None))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        def workload(binpath, workdir):
            wav, _ = inputs()
            return ([binpath["flac"], "-s", "-f", "-%d" % self.LEVEL, wav,
                     "-o", os.path.join(workdir, "w.flac")], None)

        return [Program(
            "flac", [Binary("flac", self.objs, ["-lm"])], check, workload,
            compare=True,
            describe="the flac 1.4.2 command line (%d libFLAC sources, "
            "%d of src/share, %d of src/flac; no Ogg, no intrinsics)" % (
                len(LIBFLAC), len(SHARE), len(FLAC)),
            workload_text="flac -%d of a generated 20 s 16-bit stereo WAVE "
            "file; checks: round trips at presets 0-8, 24-bit raw input, "
            "exhaustive search, seeking, flac -a, ReplayGain, streams" %
            self.LEVEL)]


# The recipes of this module, and where they come in the tables.
ORDER = 230
PROJECTS = [Flac()]
