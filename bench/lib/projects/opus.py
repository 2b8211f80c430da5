"""Opus 1.3.1 (Debian): opus_demo encoding and decoding generated music
and speech, and the test programs of its `make check`."""

import array
import concurrent.futures
import math
import os
import re
import shutil

from debsrc import DebianProject, configured_header, write_if_changed
from harness import BenchError, Binary, Program, Unit, run_capture
from projects.common import _digest, file_digest, xorshift32
from projects.flac import melody

# What configure finds on glibc, given to upstream's config.h.in as
# configure does, for the default floating-point build (Debian's) with
# --disable-asm --disable-intrinsics --disable-rtcd: no OPUS_X86_* or
# OPUS_ARM_* (the C versions of every function on every target), C99
# variable-size arrays for the stack (VAR_ARRAYS), no __malloc_hook
# (glibc 2.36 has none), no custom modes, no assertions.
CONFIG = {
    "OPUS_BUILD": "", "VAR_ARRAYS": "1", "HAVE_DLFCN_H": "1",
    "HAVE_INTTYPES_H": "1", "HAVE_LRINT": "1", "HAVE_LRINTF": "1",
    "HAVE_MEMORY_H": "1", "HAVE_STDINT_H": "1", "HAVE_STDLIB_H": "1",
    "HAVE_STRINGS_H": "1", "HAVE_STRING_H": "1", "HAVE_SYS_STAT_H": "1",
    "HAVE_SYS_TYPES_H": "1", "HAVE_UNISTD_H": "1", "STDC_HEADERS": "1",
    "PACKAGE_BUGREPORT": '"opus@xiph.org"', "PACKAGE_NAME": '"opus"',
    "PACKAGE_STRING": '"opus 1.3.1"', "PACKAGE_TARNAME": '"opus"',
    "PACKAGE_URL": '""', "PACKAGE_VERSION": '"1.3.1"'}
# Makefile.am's libopus_la_SOURCES for that build: the lists of
# celt_sources.mk, silk_sources.mk and opus_sources.mk it names.
SOURCE_LISTS = [("celt_sources.mk", "CELT_SOURCES"),
                ("silk_sources.mk", "SILK_SOURCES"),
                ("silk_sources.mk", "SILK_SOURCES_FLOAT"),
                ("opus_sources.mk", "OPUS_SOURCES"),
                ("opus_sources.mk", "OPUS_SOURCES_FLOAT")]
# Makefile.am's TESTS, with their sources and whether they link libopus
# (the unit tests of celt/ #include the sources they test): (binary,
# sources, links libopus, argv). The ones that take a seed get a fixed
# one (otherwise they take the time).
TESTS = [
    ("test_unit_cwrs32", ["celt/tests/test_unit_cwrs32.c"], False, []),
    ("test_unit_dft", ["celt/tests/test_unit_dft.c"], True, []),
    ("test_unit_entropy", ["celt/tests/test_unit_entropy.c"], False,
     ["42"]),
    ("test_unit_laplace", ["celt/tests/test_unit_laplace.c"], False, []),
    ("test_unit_mathops", ["celt/tests/test_unit_mathops.c"], True, []),
    ("test_unit_mdct", ["celt/tests/test_unit_mdct.c"], True, []),
    ("test_unit_rotation", ["celt/tests/test_unit_rotation.c"], True, []),
    ("test_unit_types", ["celt/tests/test_unit_types.c"], False, []),
    ("test_unit_LPC_inv_pred_gain",
     ["silk/tests/test_unit_LPC_inv_pred_gain.c"], True, []),
    ("test_opus_api", ["tests/test_opus_api.c"], True, []),
    ("test_opus_decode", ["tests/test_opus_decode.c"], True, ["42"]),
    ("test_opus_encode", ["tests/test_opus_encode.c",
                          "tests/opus_encode_regressions.c"], True, ["42"]),
    ("test_opus_padding", ["tests/test_opus_padding.c"], True, []),
    ("test_opus_projection", ["tests/test_opus_projection.c"], True, [])]
# test_opus_encode and test_opus_decode without their fuzzing of random
# settings and packets (their own switch; minutes otherwise, and ten
# times that under qemu): every other test of theirs runs.
TEST_ENV = {"TEST_OPUS_NOFUZZ": "1"}
# The workload: opus_demo (encoder and decoder in one run) over SECONDS
# of generated audio alternating music and speech every 5 s, at a
# bitrate where the encoder's analysis switches between CELT (music) and
# SILK or hybrid (speech).
SECONDS = 30
WORKLOAD = ["audio", "48000", "2", "32000"]
MUSIC, SPEECH, MIXED = "music", "speech", "mixed"
# opus_demo's checks: (name, argv before the input, input, the least
# normalized correlation of the decoded output with the input). Every
# application, CBR, CVBR and VBR, frame sizes from 2.5 to 60 ms,
# complexity 0 and 10, forced mono, bandwidths, in-band FEC, DTX,
# simulated loss; opus_demo's own switching of frame sizes, bitrates,
# FEC and CELT modes (with rand(), unseeded: the same on every run).
DEMO = [
    ("music-audio-64k", ["audio", "48000", "2", "64000"], MUSIC, 0.9),
    ("music-lowdelay-cbr-5ms", ["restricted-lowdelay", "48000", "2",
                                "96000", "-cbr", "-framesize", "5"],
     MUSIC, 0.9),
    ("music-complexity0-2.5ms", ["audio", "48000", "2", "48000",
                                 "-complexity", "0", "-framesize", "2.5"],
     MUSIC, 0.9),
    ("music-forcemono-cvbr-40ms", ["audio", "48000", "2", "32000",
                                   "-forcemono", "-cvbr", "-framesize",
                                   "40"], MUSIC, 0.9),
    ("music-celt-modes", ["audio", "48000", "2", "64000", "-celt_test"],
     MUSIC, 0.9),
    ("music-hybrid-modes", ["audio", "48000", "2", "32000",
                            "-hybrid48k_test"], MUSIC, 0.9),
    ("music-delayed-decision-sweep", ["audio", "48000", "2", "24000",
                                      "-delayed-decision", "-sweep", "500",
                                      "-sweep_max", "96000"], MUSIC, 0.9),
    ("speech-voip-16k", ["voip", "16000", "1", "16000"], SPEECH, 0.75),
    ("speech-fec-dtx-loss", ["voip", "16000", "1", "12000", "-inbandfec",
                             "-dtx", "-loss", "10"], SPEECH, 0.75),
    ("speech-nb-60ms", ["voip", "16000", "1", "8000", "-bandwidth", "NB",
                        "-framesize", "60"], SPEECH, 0.75),
    ("speech-random-framesize-fec-sweep", [
        "audio", "16000", "1", "20000", "-random_framesize", "-random_fec",
        "-sweep", "300", "-sweep_max", "40000"], SPEECH, 0.75),
    ("mixed-workload", WORKLOAD, MIXED, 0.75)]


def mk_list(path, var):
    """The files of a list (VAR = a b \\ c ...) of an automake fragment."""
    with open(path) as f:
        text = f.read()
    m = re.search(r"^%s\s*=((?:.*\\\n)*.*)$" % var, text, re.M)
    if not m:
        raise BenchError("opus: no %s in %s" % (var, path))
    return m.group(1).replace("\\\n", " ").split()


# ---------------------------------------------------------------- inputs

def music(seconds, rate, seed):
    """Interleaved stereo floats in [-1, 1], the same on every run: flac's
    melody (decaying harmonic notes, a bass tone, a little noise; the
    second channel a mix of the first and a tone of its own)."""
    out = array.array("d")
    for s, v in melody(seconds, rate, xorshift32(seed)):
        out.append(0.8 * s)
        out.append(0.8 * v)
    return out


# Formants (Hz) of a few vowels.
VOWELS = [(730, 1090, 2440), (270, 2290, 3010), (530, 1840, 2480),
          (570, 840, 2410), (300, 870, 2240), (660, 1720, 2410),
          (490, 1350, 1690)]


def speech(seconds, rate, seed):
    """Mono floats in [-0.7, 0.7], the same on every run, that a speech
    codec takes for speech: phrases of 4 to 10 syllables (voiced: a pulse
    train at a falling pitch of 100-220 Hz through three formant
    resonators; one in five unvoiced: noise through them), short gaps
    between syllables, near-silence between phrases."""
    rnd = xorshift32(seed)
    n = int(seconds * rate)
    tau = 2 * math.pi / rate
    out = array.array("d")
    phase = 0.0
    while len(out) < n:
        for _ in range(4 + rnd() % 7):
            r = rnd()
            dur = int(rate * (0.12 + (r % 200) / 1000.0))
            voiced = r % 5 != 0
            pitch = 100 + (r >> 12) % 120
            res = []
            for f, bw in zip(VOWELS[(r >> 8) % len(VOWELS)], (80, 100, 150)):
                rr = math.exp(-math.pi * bw / rate)
                res.append([2 * rr * math.cos(tau * f), rr * rr, 1 - rr,
                            0.0, 0.0])
            for t in range(dur):
                if voiced:
                    phase += pitch * (1.1 - 0.2 * t / dur) / rate
                    e = -0.01
                    if phase >= 1.0:
                        phase -= 1.0
                        e = 1.0
                else:
                    e = ((rnd() & 0xffff) - 32768) / 65536.0
                y = 0.0
                for st in res:
                    v = st[2] * e + st[0] * st[3] - st[1] * st[4]
                    st[4], st[3] = st[3], v
                    y += v
                out.append(math.sin(math.pi * t / dur) * y)
            out.extend([0.0] * int(rate * 0.03))
        out.extend(((rnd() & 0xff) - 128) / 1e6
                   for _ in range(int(rate * (0.2 + rnd() % 400 / 1000.0))))
    del out[n:]
    peak = max(abs(v) for v in out) or 1.0
    return array.array("d", (0.7 * v / peak for v in out))


def write_pcm(path, samples):
    """16-bit little-endian raw PCM of floats in [-1, 1] (once)."""
    data = array.array("h", (int(v * 32767) for v in samples))
    if data.itemsize != 2:
        raise BenchError("opus: no 16-bit array type")
    with open(path + ".tmp", "wb") as f:
        f.write(data.tobytes())
    os.replace(path + ".tmp", path)
    return path


def inputs(ctx):
    """The generated inputs, written once: 10 s of music (48 kHz
    stereo), 10 s of speech (16 kHz mono) and the workload's SECONDS of
    both, 5 s each in turn (48 kHz stereo; the speech on both
    channels)."""
    paths = {MUSIC: ctx.path("work", "opus-music-48k-stereo-10s.pcm"),
             SPEECH: ctx.path("work", "opus-speech-16k-mono-10s.pcm"),
             MIXED: ctx.path("work", "opus-mixed-48k-stereo-%ds.pcm" %
                             SECONDS)}
    if not os.path.exists(paths[MUSIC]):
        write_pcm(paths[MUSIC], music(10, 48000, 0x9e3779b9))
    if not os.path.exists(paths[SPEECH]):
        write_pcm(paths[SPEECH], speech(10, 16000, 0x1234567))
    if not os.path.exists(paths[MIXED]):
        out = array.array("d")
        for k in range(SECONDS // 5):
            if k % 2 == 0:
                out.extend(music(5, 48000, 0x9e3779b9 + k))
            else:
                for v in speech(5, 48000, 0x1234567 + k):
                    out.append(v)
                    out.append(0.8 * v)
        write_pcm(paths[MIXED], out)
    return paths


def correlation(a_path, b_path):
    """Normalized correlation of two 16-bit PCM files (every third
    sample), or None when their lengths differ."""
    with open(a_path, "rb") as f:
        a = array.array("h", f.read())
    with open(b_path, "rb") as f:
        b = array.array("h", f.read())
    if len(a) != len(b):
        return None
    a, b = a[::3], b[::3]
    num = sum(x * y for x, y in zip(a, b))
    den = math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))
    return num / den if den else 0.0


class Opus(DebianProject):
    """libopus with opus_demo and its tests."""
    name = "opus"
    package, version = "opus", "1.3.1-3"
    orig = "opus_1.3.1.orig.tar.gz"
    sha256 = "65b58e1e25b2a114157014736a3d9dfeaad8d41be1c8179866f144a2fb44ff9d"
    program_names = ["opus"]

    def setup(self, root):
        # config.h as configure writes it from its .in.
        conf = configured_header(os.path.join(root, "config.h.in"), CONFIG)
        self.config_h = conf
        write_if_changed(os.path.join(root, "config.h"), conf)
        return root

    def archives(self):
        return {"opus": self.lib}

    def units(self, src):
        # Makefile.am's AM_CPPFLAGS with automake's -I. (the top, where
        # config.h is); objects are cached by command: config.h's digest
        # in it.
        flags = ["-DHAVE_CONFIG_H", "-I.", "-Iinclude", "-Icelt", "-Isilk",
                 "-Isilk/float", "-Isilk/fixed",
                 "-DBENCH_CONFIG_SHA256=" +
                 _digest(self.config_h.encode())[:16]]
        files = []
        for mk, var in SOURCE_LISTS:
            files += mk_list(os.path.join(src, mk), var)
        units = [Unit(f, flags, name="opus_" + f[:-2].replace("/", "_"))
                 for f in files]
        self.lib = [u.name for u in units]
        units.append(Unit("src/opus_demo.c", flags, name="opus_demo"))
        seen = set()
        for _, srcs, _, _ in TESTS:
            for f in srcs:
                if f not in seen:
                    seen.add(f)
                    units.append(Unit(f, flags, name="t_" + os.path.basename(
                        f)[:-2]))
        return units

    def programs(self, src, ctx):
        binaries = [Binary("opus_demo", ["opus_demo", "lib:opus"], ["-lm"])]
        binaries += [Binary(t, ["t_" + os.path.basename(f)[:-2]
                                for f in srcs] +
                            (["lib:opus"] if lib else []), ["-lm"])
                     for t, srcs, lib, _ in TESTS]

        def check(ctx, variant, binpath):
            paths = inputs(ctx)
            wd = ctx.path("work", "opus-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            demo = binpath["opus_demo"]
            out = {}
            # Encoded and decoded in one run, the output aligned with
            # the input (opus_demo skips the decoder's delay): as long
            # as it, and following it.
            for name, argv, what, least in DEMO:
                dec = os.path.join(wd, name + ".pcm")
                rc, text = run_capture([demo] + argv + [paths[what], dec],
                                       cwd=wd, timeout=3600)
                c = correlation(paths[what], dec) if rc == 0 and \
                    os.path.exists(dec) else None
                out[name] = (c is not None and c >= least,
                             (rc, file_digest(dec) if os.path.exists(dec)
                              else None, _digest(text)))
                if os.path.exists(dec):
                    os.remove(dec)
            # The encoder alone, then its bitstream decoded at 24 kHz and
            # in mono.
            bits = os.path.join(wd, "music.bit")
            rc, text = run_capture([demo, "-e", "audio", "48000", "2",
                                    "48000", "-framesize", "10",
                                    paths[MUSIC], bits], cwd=wd)
            out["encode-only"] = (rc == 0 and os.path.exists(bits),
                                  (rc, file_digest(bits)
                                   if os.path.exists(bits) else None,
                                   _digest(text)))
            insize = os.path.getsize(paths[MUSIC])
            for name, rate, ch, size in (
                    ("decode-24k-stereo", "24000", "2", insize // 2),
                    ("decode-48k-mono", "48000", "1", insize // 2)):
                dec = os.path.join(wd, name + ".pcm")
                rc, text = run_capture([demo, "-d", rate, ch, bits, dec],
                                       cwd=wd)
                got = os.path.getsize(dec) if os.path.exists(dec) else None
                # Within a frame of the input's length (the decoder's
                # delay is not skipped here).
                out[name] = (rc == 0 and got is not None and
                             abs(got - size) <= 2 * 480 * 2,
                             (rc, file_digest(dec) if got is not None
                              else None, _digest(text)))

            # The test programs, from a directory of their own each.
            def one(test):
                name, _, _, argv = test
                twd = os.path.join(wd, name)
                os.makedirs(twd, exist_ok=True)
                rc, text = run_capture([binpath[name]] + argv, cwd=twd,
                                       timeout=3600,
                                       env=dict(os.environ, **TEST_ENV))
                return name, (rc == 0, (rc, _digest(text)))

            with concurrent.futures.ThreadPoolExecutor(ctx.jobs) as ex:
                out.update(ex.map(one, TESTS))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        def workload(binpath, workdir):
            return [binpath["opus_demo"]] + WORKLOAD + [
                inputs(ctx)[MIXED], os.path.join(workdir, "w.pcm")], None

        return [Program(
            "opus", binaries, check, workload, compare=True,
            describe="Opus 1.3.1: opus_demo and the %d test programs of its "
            "make check (tests/test_opus_*, celt/ and silk/ unit tests), "
            "%d libopus sources (floating point; no assembly, intrinsics "
            "or run-time CPU detection)" % (len(TESTS), len(self.lib)),
            workload_text="opus_demo %s (encoder and decoder) of %d s of "
            "generated 48 kHz stereo audio, music and speech in turn every "
            "5 s (CELT, SILK and hybrid modes); checks: %d encodings "
            "(every application, CBR/CVBR/VBR, 2.5-60 ms frames, FEC, DTX, "
            "loss, mode switching) decoded to follow the input, one more "
            "decoded at 24 kHz and in mono, the tests" % (
                " ".join(WORKLOAD), SECONDS, len(DEMO)))]


# The recipes of this module, and where they come in the tables.
ORDER = 355
PROJECTS = [Opus()]
