"""libgsm (Debian): the GSM 06.10 full-rate speech codec and toast."""

import array
import math
import os
import shutil

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import _digest, xorshift32

RATE = 8000
FRAME = 160  # samples of a GSM frame (20 ms)
GSM_FRAME_BYTES = 33
COD_FRAME_BYTES = 76 * 2  # the parameters of a frame, exploded (tst/)

# GSM_SOURCES of the Makefile: libgsm.a.
GSM_SOURCES = ["add", "code", "debug", "decode", "long_term", "lpc",
               "preprocess", "rpe", "gsm_destroy", "gsm_decode",
               "gsm_encode", "gsm_explode", "gsm_implode", "gsm_create",
               "gsm_print", "gsm_option", "short_term", "table"]
# TOAST_SOURCES: toast (untoast and tcat are links to it: what it does
# follows the name it is run by).
TOAST_SOURCES = ["toast", "toast_lin", "toast_ulaw", "toast_alaw",
                 "toast_audio"]
# The Makefile's tst and misc targets' converters between linear
# samples, GSM frames and their exploded parameters (.cod, 76 words a
# frame) or text; its addtst target's check of the saturating arithmetic.
TST = ["lin2cod", "cod2lin", "lin2txt", "gsm2cod", "cod2txt"]

# The Makefile's CC and CFLAGS (gcc -ansi: C89) with its defaults, SASR
# (>> is arithmetic) and WAV49 (the WAV #49 frame packing), and Debian's
# -D_GNU_SOURCE -D_REENTRANT (rules: POSIX's declarations under -ansi).
# Not USE_FLOAT_MUL (Debian's on x86 only): the 16-bit integer
# arithmetic of the standard on every target. Not FAST: its float
# autocorrelation scales the first term to 2^31, which on LP64 fails
# the assertion of Reflection_coefficients (toast -F aborts); nor
# LTP_CUT (experimental, says the Makefile): its lag search reads dp[]
# at an uninitialised index on a subframe of zeros (toast -C crashes on
# silence). Without them toast -F and -C are accepted and change
# nothing, as in Debian's build. No NDEBUG, neither in the Makefile nor
# in Debian's build: libgsm's asserts are on.
FLAGS = ["-std=c89", "-I", "inc", "-DSASR", "-DWAV49",
         "-DNeedFunctionPrototypes=1", "-D_GNU_SOURCE", "-D_REENTRANT"]

# A vowel's first three formants (Hz) and their bandwidths.
VOWELS = [(730, 1090, 2440), (270, 2290, 3010), (300, 870, 2240),
          (530, 1840, 2480), (570, 840, 2410), (660, 1720, 2410),
          (440, 1020, 2240), (490, 1350, 1690)]
BANDWIDTHS = (80, 100, 140)


def _resonator(freq, bw):
    """A two-pole resonator's coefficients (a1, a2) and its gain to unit
    peak at freq."""
    r = math.exp(-math.pi * bw / RATE)
    w = 2 * math.pi * freq / RATE
    return 2 * r * math.cos(w), -r * r, (1 - r) * math.sqrt(
        1 - 2 * r * math.cos(2 * w) + r * r)


def speech_samples(seconds, seed=0x5eed1234):
    """Speech-like 8 kHz samples, the same on every run: voiced segments
    (a glottal pulse train whose pitch glides, through three formant
    resonators of a vowel), fricatives (noise through a high resonator),
    plosive bursts, near-silence, a two-tone signal, and now and then a
    segment driven into clipping (the codec's saturating arithmetic).
    Segments of 40-300 ms, not aligned to the 20 ms frames."""
    rnd = xorshift32(seed)
    out = array.array("h")
    total = int(seconds * RATE)
    while len(out) < total:
        kind = rnd() % 16
        n = min(total - len(out), RATE * (40 + rnd() % 261) // 1000)
        amp = 2000 + rnd() % 14000
        seg = []
        if kind < 8:  # voiced
            f1, f2, f3 = VOWELS[rnd() % len(VOWELS)]
            p0 = 85 + rnd() % 170
            p1 = p0 * (0.75 + (rnd() % 500) / 1000.0)
            filt = [_resonator(f, b) for f, b in
                    zip((f1, f2, f3), BANDWIDTHS)]
            ys = [[0.0, 0.0] for _ in filt]
            phase = 0.0
            for i in range(n):
                pitch = p0 + (p1 - p0) * i / n
                phase += pitch / RATE
                x = 0.0
                if phase >= 1.0:
                    phase -= 1.0
                    x = 1.0
                x += ((rnd() & 0xff) - 128) / 8192.0  # aspiration
                y = 0.0
                for (a1, a2, g), st, w in zip(filt, ys, (1.0, 0.6, 0.3)):
                    v = a1 * st[0] + a2 * st[1] + g * x
                    st[1], st[0] = st[0], v
                    y += w * v
                env = min(1.0, i / 160.0, (n - i) / 160.0)
                seg.append(y * env * 12.0)
        elif kind < 11:  # fricative
            a1, a2, g = _resonator(2500 + rnd() % 1300, 600)
            s1 = s2 = 0.0
            for i in range(n):
                x = ((rnd() & 0xffff) - 32768) / 32768.0
                v = a1 * s1 + a2 * s2 + g * x
                s2, s1 = s1, v
                seg.append(v * 2.0 * min(1.0, i / 80.0, (n - i) / 80.0))
        elif kind == 11:  # plosive: silence, a burst, decay
            for i in range(n):
                x = ((rnd() & 0xffff) - 32768) / 32768.0
                seg.append(0.0 if i < n // 3 else
                           x * math.exp(-(i - n // 3) / 120.0))
        elif kind < 14:  # near silence
            amp = 4
            seg = [((rnd() & 0xff) - 128) / 128.0 for _ in range(n)]
        elif kind == 14:  # two tones
            fa, fb = 300 + rnd() % 700, 1100 + rnd() % 1500
            seg = [0.5 * math.sin(2 * math.pi * fa * i / RATE) +
                   0.5 * math.sin(2 * math.pi * fb * i / RATE)
                   for i in range(n)]
        else:  # a voiced-like buzz driven into clipping
            p = 70 + rnd() % 100
            seg = [4.0 * math.sin(2 * math.pi * p * i / RATE) +
                   2.0 * math.sin(2 * math.pi * 3.1 * p * i / RATE)
                   for i in range(n)]
            amp = 32767
        peak = max(1e-9, max(abs(v) for v in seg))
        scale = amp / peak if kind != 15 else amp / 4.0
        for v in seg:
            out.append(max(-32768, min(32767, int(v * scale))))
    return out[:total]


def write_once(path, data):
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.replace(path + ".tmp", path)
    return path


def speech_file(path, seconds, repeat=1):
    """Linear 16-bit samples of speech_samples (host order: what toast -l
    reads), once. repeat > 1: the signal that many times, each rotated by
    a few samples (the frames fall elsewhere each time)."""
    if os.path.exists(path):
        return path
    data = speech_samples(seconds).tobytes()
    parts = []
    for k in range(repeat):
        cut = (k * 1234 * 2) % len(data)
        parts.append(data[cut:] + data[:cut])
    return write_once(path, b"".join(parts))


def snr_db(ref, got):
    """Signal to noise ratio (dB) of decoded samples against the input,
    over the input's length."""
    a = array.array("h", ref)
    b = array.array("h", got[:len(ref)])
    if len(b) < len(a) or not a:
        return None
    sig = sum(x * x for x in a)
    err = sum((x - y) * (x - y) for x, y in zip(a, b))
    return 99.0 if err == 0 else 10 * math.log10(max(sig, 1) / err)


class Libgsm(DebianProject):
    """toast (untoast, tcat) of libgsm 1.0.22, with the converters of its
    tst/ directory and its arithmetic test."""
    name = "libgsm"
    package, version = "libgsm", "1.0.22-1"
    orig = "libgsm_1.0.22.orig.tar.gz"
    sha256 = "f0072e91f6bb85a878b2f6dbf4a0b7c850c4deb8049d554c65340b3bf69df0ac"
    program_names = ["libgsm"]
    # The workload: 5 minutes of speech (30 s generated, ten times, each
    # rotated) encoded by toast -l.
    SECONDS, REPEAT = 30, 10

    def archives(self):
        return {"gsm": ["gsm_" + f for f in GSM_SOURCES]}

    def units(self, src):
        units = [Unit("src/%s.c" % f, FLAGS, name="gsm_" + f)
                 for f in GSM_SOURCES]
        units += [Unit("src/%s.c" % f, FLAGS, name="toast_" + f)
                  for f in TOAST_SOURCES]
        units += [Unit("tst/%s.c" % t, FLAGS, name="tst_" + t) for t in TST]
        units.append(Unit("add-test/add_test.c", FLAGS, name="add_test"))
        return units

    def programs(self, src, ctx):
        def inputs():
            return (speech_file(ctx.path("work", "libgsm-speech.l"), 12),
                    speech_file(ctx.path("work", "libgsm-workload.l"),
                                self.SECONDS, self.REPEAT))

        def check(ctx, variant, binpath):
            speech, _ = inputs()
            wd = ctx.path("work", "libgsm-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            out = {}
            # untoast and tcat: toast by other names.
            for alias in ("untoast", "tcat"):
                os.symlink(binpath["toast"], os.path.join(wd, alias))
            with open(speech, "rb") as f:
                pcm = f.read()
            frames = -(-len(pcm) // (2 * FRAME))

            def path(name):
                return os.path.join(wd, name)

            def write(name, data):
                with open(path(name), "wb") as f:
                    f.write(data)
                return path(name)

            def read(name):
                if not os.path.exists(path(name)):
                    return None
                with open(path(name), "rb") as f:
                    return f.read()

            def run(prog, argv, stdin=None):
                """(exit code, output) of a program in the work directory:
                toast, untoast, tcat or one of tst/ and add-test/."""
                exe = path(prog) if prog in ("untoast", "tcat") else \
                    binpath[prog]
                rc, t = run_capture([exe] + argv, stdin and path(stdin),
                                    cwd=wd)
                # getopt's complaints name the program by its path, the
                # variant's.
                return rc, t.replace(exe.encode(), prog.encode())

            def digest(data):
                return None if data is None else _digest(data)

            write("speech.l", pcm)
            # Through standard input and output, as tst/run uses toast:
            # linear in, GSM frames, linear out; -F and -C (a no-op
            # here: the same frames).
            for name, opts in (("linear", []), ("fast-ltp-cut",
                                                  ["-F", "-C", "1"])):
                rc1, gsm = run("toast", opts + ["-l"], "speech.l")
                write(name + ".gsm", gsm)
                rc2, lin = run("toast", ["-d", "-l"] + opts, name + ".gsm")
                write(name + ".out", lin)
                snr = snr_db(pcm, lin)
                out["stdio-" + name] = (
                    rc1 == 0 and rc2 == 0 and
                    len(gsm) == frames * GSM_FRAME_BYTES and
                    len(lin) == frames * 2 * FRAME and snr is not None and
                    snr > 8 and gsm == read("linear.gsm"),
                    (rc1, rc2, digest(gsm), digest(lin), round(snr or 0, 3)))
            # The 8-bit formats: the decoded speech written as u-law,
            # A-law and Sun .au (u-law with a header), encoded from
            # there and decoded back to the same format.
            for name, opt, size in (("u-law", "-u", FRAME),
                                    ("a-law", "-a", FRAME),
                                    ("sun-audio", "-s", None)):
                rc1, law = run("toast", ["-d", opt], "linear.gsm")
                write(name + ".in", law)
                rc2, gsm = run("toast", [opt], name + ".in")
                write(name + ".gsm", gsm)
                rc3, back = run("toast", ["-d", opt], name + ".gsm")
                ok = rc1 == 0 and rc2 == 0 and rc3 == 0 and \
                    len(gsm) == frames * GSM_FRAME_BYTES and \
                    len(back) == len(law)
                if size:
                    ok = ok and len(law) == frames * size
                else:
                    ok = ok and law[:4] == b".snd" and \
                        len(law) > frames * FRAME
                out["stdio-" + name] = (ok, (rc1, rc2, rc3, digest(law),
                                             digest(gsm), digest(back)))
            # Files, as the manual has them: toast replaces f.l with
            # f.l.gsm; tcat writes it out, leaving it; untoast replaces it
            # with f.l again; the format from the suffix (.l, .u, .A,
            # .au), several files in one call.
            write("f.l", pcm)
            rc1, t1 = run("toast", ["f.l"])
            gone = not os.path.exists(path("f.l"))
            gsm = read("f.l.gsm")
            rc2, lin = run("tcat", ["f.l.gsm"])
            rc3, t3 = run("untoast", ["f.l.gsm"])
            back = read("f.l")
            out["files-toast-tcat-untoast"] = (
                rc1 == 0 and rc2 == 0 and rc3 == 0 and gone and
                not os.path.exists(path("f.l.gsm")) and
                gsm == read("linear.gsm") and lin == back and
                lin == read("linear.out"),
                (rc1, rc2, rc3, digest(gsm), digest(back), _digest(t1 + t3)))
            for name, src_name in (("g.u", "u-law.in"), ("g.A", "a-law.in"),
                                   ("g.au", "sun-audio.in"), ("g.l",
                                                              "speech.l")):
                write(name, read(src_name))
            rc1, t1 = run("toast", ["-p", "g.u", "g.A", "g.au", "g.l"])
            coded = [read(n + ".gsm") for n in ("g.u", "g.A", "g.au", "g.l")]
            rc2, t2 = run("toast", ["-d", "-c", "g.u", "g.A.gsm", "g.au",
                                    "g.l"])
            out["files-by-suffix"] = (
                rc1 == 0 and rc2 == 0 and all(coded) and
                coded[0] == read("u-law.gsm") and
                coded[1] == read("a-law.gsm") and
                coded[2] == read("sun-audio.gsm") and
                coded[3] == read("linear.gsm") and
                os.path.exists(path("g.l")),
                (rc1, rc2, [digest(c) for c in coded], digest(t2),
                 digest(t1)))
            # -f replaces what is there; without it toast leaves it (it
            # asks first, but only on a terminal).
            write("h.l", pcm[:len(pcm) // 4])
            write("h.l.gsm", b"old")
            rc1, t1 = run("toast", ["-p", "h.l"])
            kept = read("h.l.gsm") == b"old"
            rc2, t2 = run("toast", ["-p", "-f", "h.l"])
            out["files-force"] = (
                rc1 == 0 and rc2 == 0 and kept and
                read("h.l.gsm") != b"old",
                (rc1, rc2, digest(t1), digest(t2), digest(read("h.l.gsm"))))
            # A part frame at the end (padded with zeros), silence and a
            # full-scale square wave (saturation), one sample.
            odd = pcm[:2 * (FRAME * 50 + 37)]
            square = array.array("h", [32767 if (i // 20) % 2 else -32768
                                       for i in range(FRAME * 40)] +
                                 [0] * (FRAME * 20) + [-32768, 32767] *
                                 (FRAME * 10)).tobytes()
            for name, data, n in (("part-frame", odd, 51),
                                  ("square-silence", square, 80),
                                  ("one-sample", pcm[:2], 1)):
                write(name + ".l", data)
                rc1, gsm = run("toast", ["-l"], name + ".l")
                write(name + ".gsm", gsm)
                rc2, lin = run("toast", ["-d", "-l"], name + ".gsm")
                out["edge-" + name] = (
                    rc1 == 0 and rc2 == 0 and
                    len(gsm) == n * GSM_FRAME_BYTES and
                    len(lin) == n * 2 * FRAME,
                    (rc1, rc2, digest(gsm), digest(lin)))
            # What goes wrong: a frame cut short, a frame without the
            # magic nibble, two formats, the .gsm suffix to encode, a
            # missing file. toast says so (and exits 0 but for the two
            # formats, which is a usage error).
            linear_gsm = read("linear.gsm")
            write("cut.gsm", linear_gsm[:GSM_FRAME_BYTES * 3 + 10])
            bad = bytearray(linear_gsm[:GSM_FRAME_BYTES * 4])
            bad[GSM_FRAME_BYTES * 2] = 0x00
            write("bad.gsm", bytes(bad))
            for name, prog, argv, stdin, want_rc in (
                    ("incomplete-frame", "toast", ["-d", "-l"], "cut.gsm", 0),
                    ("bad-magic", "toast", ["-d", "-l"], "bad.gsm", 0),
                    ("two-formats", "toast", ["-l", "-u"], "speech.l", 1),
                    ("gsm-suffix", "toast", ["-l", "linear.gsm"], None, 0),
                    ("missing-file", "untoast", ["-l", "nothere"], None, 0),
                    ("bad-option", "toast", ["-q"], None, 1)):
                rc, t = run(prog, argv, stdin)
                out["error-" + name] = (rc == want_rc and len(t) > 0,
                                        (rc, digest(t)))
            for name, prog, argv in (("help", "toast", ["-h"]),
                                     ("help-untoast", "untoast", ["-h"]),
                                     ("version-tcat", "tcat", ["-v"])):
                rc, t = run(prog, argv)
                out[name] = (rc == 0 and prog.encode() in t, (rc, digest(t)))
            # tst/: the frames' parameters, exploded. gsm2cod of toast's
            # frames is what lin2cod gives; cod2lin of it is what toast
            # -d gives; the samples and the parameters as text.
            rc1, cod = run("lin2cod", [], "speech.l")
            write("speech.cod", cod)
            rc2, cod2 = run("gsm2cod", [], "linear.gsm")
            rc3, lin = run("cod2lin", [], "speech.cod")
            out["tst-lin2cod-gsm2cod-cod2lin"] = (
                rc1 == 0 and rc2 == 0 and rc3 == 0 and
                len(cod) == frames * COD_FRAME_BYTES and cod == cod2 and
                lin == read("linear.out"), (rc1, rc2, rc3, digest(cod)))
            rc1, t1 = run("lin2txt", [], "speech.l")
            rc2, t2 = run("cod2txt", [], "speech.cod")
            out["tst-lin2txt-cod2txt"] = (
                rc1 == 0 and rc2 == 0 and t1.count(b"{") == 5 * frames and
                t2.count(b"LARc") == frames, (rc1, rc2, digest(t1),
                                              digest(t2)))
            # add-test: every operation of add_test.dta gives what it
            # expects (a difference is a line on stderr).
            rc, t = run_capture([binpath["add_test"]], os.path.join(
                src, "add-test", "add_test.dta"), cwd=wd)
            out["add-test"] = (rc == 0 and b"expected" not in t and
                               b"L_>> ====" in t, (rc, digest(t)))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        def workload(binpath, workdir):
            _, big = inputs()
            return ([binpath["toast"], "-l", "-c", big], None)

        libs = ["lib:gsm"]
        binaries = [Binary("toast", ["toast_" + f for f in TOAST_SOURCES] +
                           libs)]
        binaries += [Binary(t, ["tst_" + t] + libs) for t in TST]
        binaries.append(Binary("add_test", ["add_test"]))
        return [Program(
            "libgsm", binaries, check, workload, compare=True,
            describe="toast of libgsm 1.0.22 (%d library sources, %d of "
            "toast; untoast and tcat are toast by name), with the %d "
            "converters of tst/ and add-test (.text: toast's)" % (
                len(GSM_SOURCES), len(TOAST_SOURCES), len(TST)),
            workload_text="toast -l of %d s of generated speech-like 8 kHz "
            "samples (GSM 06.10 encoding); checks: encode and decode "
            "through toast, untoast and tcat in every format (linear, "
            "u-law, A-law, Sun .au), by file suffix, edge and "
            "error cases, the tst/ converters against toast, add-test" %
            (self.SECONDS * self.REPEAT))]


# The recipes of this module, and where they come in the tables.
ORDER = 265
PROJECTS = [Libgsm()]
