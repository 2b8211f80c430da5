"""LZ4 (Debian)."""

import os
import shutil

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import _digest, round_trip as common_round_trip
from projects.zstd import zstd_input


class Lz4(DebianProject):
    """The lz4 command line: LZ4's fast and high-compression (HC, with its
    optimal parser at levels 10-12) compressors, the frame format, and
    the benchmark and data generator that programs/ links in."""
    name = "lz4"
    package, version = "lz4", "1.9.4-1"
    orig = "lz4_1.9.4.orig.tar.gz"
    sha256 = "0b0e3aa07c8c063ddf40b082bdf7e37a1562bda40a0ff5272957f3e987e0e54b"
    program_names = ["lz4"]
    # programs/Makefile's lz4-release: every lib/*.c and programs/*.c,
    # XXH_NAMESPACE; no NDEBUG there (lz4's asserts are off unless
    # LZ4_DEBUG is set).
    FLAGS = ["-I", "lib", "-DXXH_NAMESPACE=LZ4_"]
    LEVEL = 9

    def units(self, src):
        files = []
        for d in ("lib", "programs"):
            files += sorted(d + "/" + f for f in
                            os.listdir(os.path.join(src, d))
                            if f.endswith(".c"))
        units = [Unit(f, self.FLAGS, name="lz4_" + f.replace("/", "_")[:-2])
                 for f in files]
        self.objs = [u.name for u in units]
        self.nlib = sum(1 for f in files if f.startswith("lib/"))
        return units

    def programs(self, src, ctx):
        def inputs():
            # zstd's generated input, so that the compressors of the
            # corpus compress the same bytes.
            return (zstd_input(ctx.path("work", "zstd-input.bin")),
                    zstd_input(ctx.path("work", "zstd-input-small.bin"),
                               scale=1 / 3))

        def check(ctx, variant, binpath):
            z = binpath["lz4"]
            big, small = inputs()
            wd = ctx.path("work", "lz4-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            out = {}

            def zrun(argv, stdin=None):
                return run_capture([z] + argv, stdin, cwd=wd)

            def round_trip(name, src_path, cargs, dargs=()):
                return common_round_trip(
                    zrun, wd, out, name, src_path, ".lz4",
                    [["-q", "-f"] + cargs + ["{src}", "{packed}"],
                     ["-q", "-t"] + list(dargs) + ["{packed}"],
                     ["-q", "-f", "-d"] + list(dargs) + ["{packed}", "{out}"]])

            # The fast compressor, accelerated and not; HC's hash chains
            # (3-9) and optimal parser (10-12); the frame's options.
            round_trip("fast-8", big, ["--fast=8"])
            round_trip("level-1", big, ["-1"])
            round_trip("level-3", big, ["-3"])
            round_trip("level-9", big, ["-9"])
            round_trip("level-11", small, ["-11"])
            round_trip("level-12", small, ["-12"])
            round_trip("favor-dec-speed", small, ["-12", "--favor-decSpeed"])
            round_trip("blocks-64k-dependent", big, ["-B4", "-BD", "-6"])
            round_trip("block-checksum", small, ["-BX", "--no-frame-crc"])
            round_trip("content-size", small, ["--content-size", "-2"])
            round_trip("legacy", small, ["-l", "-9"])
            round_trip("dictionary", small, ["-D", big, "-4"], ["-D", big])
            # Streams both ways, and frames concatenated with an empty
            # one and a skippable one (tests/goldenSamples/skip.bin).
            rc1, t1 = zrun(["-q", "-c", "-5"], big)
            c = os.path.join(wd, "stream.lz4")
            with open(c, "wb") as f:
                f.write(t1)
            rc2, t2 = zrun(["-q", "-d", "-c"], c)
            with open(big, "rb") as f:
                same = t2 == f.read()
            out["stream"] = (rc1 == 0 and rc2 == 0 and same,
                             (rc1, rc2, len(t1), _digest(t1)))
            rc3, empty = zrun(["-q", "-c"], os.devnull)
            rc4, hi = zrun(["-q", "-c", "-9"], small)
            with open(os.path.join(src, "tests", "goldenSamples",
                                   "skip.bin"), "rb") as f:
                skip = f.read()
            cat = os.path.join(wd, "concat.lz4")
            with open(cat, "wb") as f:
                f.write(hi + empty + skip + hi)
            rc5, t5 = zrun(["-q", "-d", "-c", "concat.lz4"])
            with open(small, "rb") as f:
                same = t5 == f.read() * 2
            out["concatenation"] = (
                rc3 == 0 and rc4 == 0 and rc5 == 0 and same,
                (rc3, rc4, rc5, _digest(empty)))
            # --list of a file (relative: the directory is the variant's).
            rc, t = zrun(["--list", "-v", "stream.lz4"])
            out["list"] = (rc == 0, (rc, _digest(t)))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        def workload(binpath, workdir):
            big, _ = inputs()
            return ([binpath["lz4"], "-q", "-%d" % self.LEVEL, "-c", big],
                    None)

        return [Program(
            "lz4", [Binary("lz4", self.objs)], check, workload,
            compare=True,
            describe="the lz4 1.9.4 command line (%d lib/ sources, %d of "
            "programs/)" % (self.nlib, len(self.objs) - self.nlib),
            workload_text="lz4 -%d (HC) of zstd's generated 6.4 MB mix of "
            "log lines, binary records and random bytes; checks: round "
            "trips at levels --fast=8 to 12 and frame options, streams, "
            "concatenated and skippable frames, --list" % self.LEVEL)]


# The recipes of this module, and where they come in the tables.
ORDER = 210
PROJECTS = [Lz4()]
